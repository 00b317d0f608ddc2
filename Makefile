# ItemFeed — the two commands a newcomer needs are `make run` and `make test`.

SWIFT ?= swift
# Warnings are errors: Swift 6 mode with complete concurrency checking and no
# warnings is part of the contract.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

DEBIAN_PACKAGES := pkg-config

.PHONY: deps build test clean

deps:
	@scripts/install-deps $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing

clean:
	rm -rf .build
