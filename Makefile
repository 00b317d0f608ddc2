# ItemFeed. The two commands a newcomer needs: `make run` and `make test`.
# Both install the Debian packages they need (only those missing).

SWIFT ?= swift
# Swift 6 mode with complete concurrency checking and no warnings is part of
# the contract, so warnings fail the build.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

BUILD_PACKAGES := pkg-config libcurl4-openssl-dev libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev libxml2-dev libsimdjson-dev libsqlite3-dev libsecret-1-dev gettext
# The pictures the web serves: WebP, AVIF and SVG, beside gdk-pixbuf's own.
RUN_PACKAGES := $(BUILD_PACKAGES) adwaita-icon-theme fonts-cantarell webp-pixbuf-loader libavif-gdk-pixbuf librsvg2-common
# at-spi2-core: the accessibility bus a desktop has; without it GTK warns in every window.
TEST_PACKAGES := $(RUN_PACKAGES) python3 xvfb xauth dbus-daemon libglib2.0-bin at-spi2-core gnome-keyring python3-gi gir1.2-glib-2.0 desktop-file-utils appstream xdotool

# Other projects' test data (feedparser's, gofeed's, Readability's pages) lives
# beside the repository, never in it; the corpus tests read it from here.
ITEMFEED_CORPUS ?= $(wildcard $(abspath ../shared/corpus))
export ITEMFEED_CORPUS
# Real feed servers' answers, recorded on loopback (FreshRSS, Tiny Tiny RSS):
# the sync services' tests read them from beside the repository.
ITEMFEED_SYNC_RECORDINGS ?= $(wildcard $(abspath ../shared/sync-recordings))
export ITEMFEED_SYNC_RECORDINGS

PREFIX ?= /usr/local
DESTDIR ?=
APP_ID := io.github.itemfeed.ItemFeed

LANGUAGES := $(shell cat po/LINGUAS)

.PHONY: run build translations po test test-suites test-network-asan test-tsan test-example fuzz stall-hunt soak validate test-session-setup fresh-check install flatpak-test benchmark screenshot demo-feed clean

# The demo feed, opened directly (offline); `make run FEED=resources/demo/feed.rss`
# shows its RSS twin, FEED may be any address item-feed takes (a web feed,
# qiita:swift), and `make run FEED=` opens the library.
FEED ?= resources/demo/feed.json

run:
	@scripts/check-prerequisites
	@scripts/install-deps $(RUN_PACKAGES)
	$(SWIFT) build $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory translations
	$$($(SWIFT) build --show-bin-path)/item-feed $(FEED)

build:
	@scripts/check-prerequisites
	@scripts/install-deps $(BUILD_PACKAGES)
	$(SWIFT) build $(SWIFT_FLAGS)

# The compiled catalogues a build in the source tree reads
# (.build/locale/<language>/LC_MESSAGES/item-feed.mo).
translations:
	@for language in $(LANGUAGES); do \
		mkdir -p .build/locale/$$language/LC_MESSAGES && \
		msgfmt --check --output-file=.build/locale/$$language/LC_MESSAGES/item-feed.mo po/$$language.po || exit 1; \
	done

# After changing user-visible text: refreshes po/item-feed.pot and merges it
# into each language's po file for translators.
po:
	scripts/update-translations.sh

# Every suite: headless controllers, core, libcurl against a local server,
# the command line against a real Tiny Tiny RSS, and the GTK tests in a real
# window under Xvfb, where they must not skip (nor the server's tests).
test:
	@scripts/check-prerequisites
	@scripts/install-deps $(TEST_PACKAGES)
	@scripts/install-test-servers
	$(MAKE) --no-print-directory validate
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	scripts/with-test-servers.sh scripts/with-desktop-session.sh $(MAKE) --no-print-directory test-suites
	$(MAKE) --no-print-directory test-session-setup
	$(MAKE) --no-print-directory fuzz

# The suites with the servers `scripts/with-test-servers.sh` starts, in the
# private desktop session `scripts/with-desktop-session.sh` gives them (a
# session bus and XDG folders of their own, stopped and removed after).
test-suites:
	ITEMFEED_REQUIRE_DISPLAY=1 GTKTESTKIT_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
		$(SWIFT) test --skip-build --disable-swift-testing
	$(MAKE) --no-print-directory test-network-asan
	$(MAKE) --no-print-directory test-tsan
	$(MAKE) --no-print-directory test-example

# GtkTestKit's suite with no session bus and a failing `dbus-launch`, as on a
# fresh machine: the kit starts a private bus, and stops it after.
test-session-setup:
	SWIFT=$(SWIFT) scripts/check-session-setup.sh

# The example package (Examples/ListScreen): a GTK 4 list screen tested with
# GtkTestKit as another project would, under Xvfb, then under TSan.
test-example:
	cd Examples/ListScreen && $(SWIFT) build --build-tests && \
		GTKTESTKIT_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" $(SWIFT) test --skip-build --disable-swift-testing && \
		TSAN_OPTIONS=halt_on_error=1 GTKTESTKIT_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
			$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --disable-swift-testing

# The libcurl callbacks and the worker thread are where memory errors would
# hide, so the network tests run again under AddressSanitizer. Leak detection
# is off here: XCTest on Linux never frees its test cases, and every stack
# passes through it, so LeakSanitizer cannot tell ours from its; object leaks
# are caught by the tests' own leak tracking instead.
test-network-asan:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan \
		--disable-swift-testing --filter ItemFeedCurlTests

# Every suite again under ThreadSanitizer: libcurl's worker, decoding, the
# caches' queues and main-context delivery all cross threads, and the whole
# run takes about 25 s, so no suite is left out. The first race fails it.
test-tsan:
	TSAN_OPTIONS=halt_on_error=1 ITEMFEED_REQUIRE_DISPLAY=1 GTKTESTKIT_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
		$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --disable-swift-testing

# libFuzzer with AddressSanitizer on every feed format, format detection and
# the thumbnail decoder, 30 s each (FUZZ_SECONDS, FUZZ_RUNS, FUZZ_TARGETS
# change that); inputs that fail are kept in Fuzz/regressions and replayed.
fuzz:
	scripts/fuzz.sh

# The thumbnail stall of issue 12 (a transfer waiting out libcurl's connect
# timeout) is a race: `make test` hunts it for 5 s, this for 2 minutes.
stall-hunt:
	@scripts/install-deps $(TEST_PACKAGES)
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	ITEMFEED_STALL_HUNT_SECONDS=120 $(SWIFT) test --skip-build --disable-swift-testing \
		--filter ConnectionBudgetTests.test_burstsBeyondTheBudget_neverWaitForTheConnectTimeout

# Ten minutes of the real window against a misbehaving local server;
# prints RSS, descriptors and threads each minute (SOAK_MINUTES changes it).
# SOAK_MODE=library: a library of 500 feeds refreshed every minute instead.
SOAK_MODE ?= window
soak:
	@scripts/install-deps $(RUN_PACKAGES) python3 xvfb xdotool sqlite3
	@if [ "$(SOAK_MODE)" = library ]; then scripts/soak-library.sh; else scripts/soak.sh; fi

# What software centres read must be valid, and every message translated.
validate:
	@scripts/install-deps desktop-file-utils appstream gettext python3
	desktop-file-validate resources/$(APP_ID).desktop
	appstreamcli validate --no-net --pedantic resources/$(APP_ID).metainfo.xml
	scripts/check-translations.sh

# The README's two commands in a fresh Debian 12 root (debootstrap) holding
# only the Swift toolchain and a clean clone of HEAD: `make run`, then
# `make test`. Not part of `make test`; docs/TESTING.md says how long it takes.
fresh-check:
	scripts/fresh-check.sh

# Installs into $(DESTDIR)$(PREFIX) in the standard places; the binary finds
# its data in ../share/item-feed, wherever the prefix is. Does not install
# Debian packages, so it also runs inside the Flatpak build sandbox.
install:
	$(SWIFT) build -c release --static-swift-stdlib --product item-feed
	$(SWIFT) build -c release --static-swift-stdlib --product item-feed-window
	install -Dm755 -t "$(DESTDIR)$(PREFIX)/bin" "$$($(SWIFT) build -c release --show-bin-path)/item-feed" \
		"$$($(SWIFT) build -c release --show-bin-path)/item-feed-window"
	install -Dm644 resources/$(APP_ID).desktop "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 resources/$(APP_ID).search-provider.ini "$(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers/$(APP_ID).search-provider.ini"
	mkdir -p "$(DESTDIR)$(PREFIX)/share/dbus-1/services"
	sed 's|@bindir@|$(PREFIX)/bin|' resources/$(APP_ID).service.in > "$(DESTDIR)$(PREFIX)/share/dbus-1/services/$(APP_ID).service"
	install -Dm644 resources/$(APP_ID).metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	install -Dm644 resources/icons/$(APP_ID).svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -Dm644 resources/icons/$(APP_ID)-symbolic.svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	install -Dm644 resources/style.css "$(DESTDIR)$(PREFIX)/share/item-feed/style.css"
	install -Dm644 resources/demo/feed.json "$(DESTDIR)$(PREFIX)/share/item-feed/demo/feed.json"
	install -Dm644 resources/demo/feed.rss "$(DESTDIR)$(PREFIX)/share/item-feed/demo/feed.rss"
	install -Dm644 -t "$(DESTDIR)$(PREFIX)/share/item-feed/demo/images" resources/demo/images/*.png
	for language in $(LANGUAGES); do \
		mkdir -p "$(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES" && \
		msgfmt --check --output-file="$(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/item-feed.mo" po/$$language.po || exit 1; \
	done
	@# Installed for real (not staged, not in the Flatpak, which exports its own):
	@# the desktop's cache of which app opens which type learns ItemFeed's.
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database > /dev/null; then \
		update-desktop-database -q "$(PREFIX)/share/applications" || true; fi

# Builds the unchanged Flatpak manifest with no network, on runtimes made
# from this machine's own Debian files, installs it, runs it, cleans up.
flatpak-test:
	scripts/flatpak-test.sh

# Feed formats against baselines measured in the same run on the same bytes:
# RSS mapping against libxml2's own bare parse (xmllint), native and JSON Feed
# mapping against JSONSerialization and Python doing the same rules
# (Benchmarks/baselines/map-feed.py), `--print` over loopback against
# feedparser, newsboat and curl | python3; heap per item; decodes when
# scrolling back; a big feed's first rows against the demo feed's and
# UI-thread instructions (callgrind) while scrolling against a C GtkListView
# (Benchmarks/baselines/listview-baseline.c), both under Xvfb. Ends with
# every verdict counted. The library's rows (Benchmarks/Sources/
# item-feed-library-benchmark) build a store of 1,000 feeds and LIBRARY_ITEMS
# (1,000,000) items and measure it beside the sqlite3 shell on the same
# schema. The refresh rows (Benchmarks/scripts/refresh.sh) time `--refresh`
# of 1,000 feeds on ten loopback hosts against newsboat's reload; the sync
# rows (Benchmarks/scripts/sync.sh) `--sync` of an account of 1,000 feeds and
# 100,000 items on a loopback Google Reader API server against newsboat's, and
# of 200 feeds × 50 items on Debian's tt-rss (Benchmarks/scripts/sync-ttrss.sh); the
# reading rows (Benchmarks/scripts/reading.sh) an article drawn in the pane
# against xmllint's HTML parse, and j through 100 items; the full-article
# row (Benchmarks/Sources/item-feed-readability) the readability pass over
# Readability's 130 test pages (ITEMFEED_CORPUS) against xmllint's parse of
# the same files, beside Python's trafilatura and readability-lxml. The
# benchmarks are a package of their own
# (Benchmarks/), so the app's `swift build` never builds them.
benchmark: SHELL := /bin/bash
benchmark:
	@scripts/install-deps $(RUN_PACKAGES) libxml2-utils python3-feedparser newsboat curl xvfb xdotool bc gcc sqlite3 valgrind dbus-daemon gnome-keyring
	@scripts/install-test-servers
	$(SWIFT) build -c release --static-swift-stdlib --product item-feed
	$(SWIFT) build -c release --static-swift-stdlib --product item-feed-window
	@# SwiftPM kept the app's file list from this package's last build and missed files added since: listed anew.
	@rm -f Benchmarks/.build/release.yaml
	$(SWIFT) build -c release --package-path Benchmarks
	@mkdir -p .build
	@[ -x .build/benchmark-python/bin/python ] || { /usr/bin/python3 -m venv .build/benchmark-python && \
		.build/benchmark-python/bin/pip install -q trafilatura && .build/benchmark-python/bin/pip install -q readability-lxml; }
	@app=$$($(SWIFT) build -c release --show-bin-path)/item-feed && \
	bin=$$($(SWIFT) build -c release --package-path Benchmarks --show-bin-path) && set -o pipefail && { \
		ITEMFEED_BINARY=$$app $$bin/item-feed-benchmark $(ITEMS) $(RSS_ITEMS) && \
		LIBRARY_DIR=$(CURDIR)/.build/benchmark-library $$bin/item-feed-library-benchmark $(LIBRARY_ITEMS) && \
		LIBRARY_DIR=$(CURDIR)/.build/benchmark-library Benchmarks/scripts/first-rows.sh $$bin/item-feed-first-rows && \
		Benchmarks/scripts/scroll-cpu.sh $$app-window && \
		Benchmarks/scripts/background.sh $$app && \
		Benchmarks/scripts/refresh.sh $$app $$bin/item-feed-first-rows && \
		Benchmarks/scripts/sync.sh $$app $$bin/item-feed-first-rows && \
		Benchmarks/scripts/sync-ttrss.sh $$app && \
		LIBRARY_DIR=$(CURDIR)/.build/benchmark-library Benchmarks/scripts/reading.sh $$bin/item-feed-first-rows && \
		ITEMFEED_CORPUS=$(ITEMFEED_CORPUS) ITEMFEED_PYTHON=$(CURDIR)/.build/benchmark-python/bin/python $$bin/item-feed-readability; \
	} | tee .build/benchmark.txt
	@echo "verdicts: $$(grep -c -- '— met' .build/benchmark.txt) met, $$(grep -c -- 'NOT met' .build/benchmark.txt) not met:" \
		"$$(grep -- 'NOT met' .build/benchmark.txt | sed 's/ \{2,\}/ /g' | cut -c1-60 | paste -sd ';' -)"

# docs/screenshot.png, -dark.png and -ja.png: the real app on the demo feed
# under Xvfb, in the light and the dark style and in Japanese.
screenshot:
	@scripts/install-deps $(RUN_PACKAGES) xvfb xauth imagemagick xdotool xcompmgr fonts-ipafont-gothic python3 curl
	$(SWIFT) build $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory translations
	scripts/screenshot.sh $$($(SWIFT) build --show-bin-path)/item-feed docs

demo-feed:
	scripts/make-demo-feed.py

clean:
	rm -rf .build .build-asan .build-tsan .build-fresh .flatpak-builder Benchmarks/.build Fuzz/.build
