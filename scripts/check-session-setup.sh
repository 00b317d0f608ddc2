#!/usr/bin/env bash
# The test of the test set-up: GtkTestKit's suite run as a fresh machine
# would run it, with no session bus and a `dbus-launch` that fails if
# anything reaches for one, must pass on the kit's own private bus, and
# leave no bus running after.
set -euo pipefail

shadow=$(mktemp -d /tmp/item-feed-no-dbus-launch.XXXXXX)
trap 'rm -rf "$shadow"' EXIT
printf '#!/bin/sh\necho "dbus-launch was run: a test reached for a session bus it did not have" >&2\nexit 1\n' > "$shadow/dbus-launch"
chmod +x "$shadow/dbus-launch"

env -u DBUS_SESSION_BUS_ADDRESS -u XDG_RUNTIME_DIR -u AT_SPI_BUS_ADDRESS PATH="$shadow:$PATH" \
  GTKTESTKIT_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
  "${SWIFT:-swift}" test --skip-build --disable-swift-testing --filter GtkTestKitTests

for _ in $(seq 50); do
  pgrep -f 'gtktestkit-session-' >/dev/null || exit 0
  sleep 0.1
done
echo "check-session-setup: the kit's private session bus outlived its tests:" >&2
pgrep -af 'gtktestkit-session-' >&2
exit 1
