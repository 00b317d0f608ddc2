# ItemFeed — the two commands a newcomer needs are `make run` and `make test`.

SWIFT ?= swift
# Warnings are errors: Swift 6 mode with complete concurrency checking and no
# warnings is part of the contract.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

DEBIAN_PACKAGES := pkg-config libcurl4-openssl-dev python3

.PHONY: deps build test test-network-asan clean

deps:
	@scripts/install-deps $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing
	$(MAKE) test-network-asan

# The libcurl callbacks and the worker thread are where memory errors would
# hide, so the network tests run again under AddressSanitizer. Leak detection
# is off here: XCTest on Linux never frees its test cases, and every stack
# passes through it, so LeakSanitizer cannot tell ours from its; object leaks
# are caught by the tests' own leak tracking instead.
test-network-asan:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan \
		--disable-swift-testing --filter ItemFeedCurlTests

clean:
	rm -rf .build .build-asan
