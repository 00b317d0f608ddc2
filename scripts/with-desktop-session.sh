#!/usr/bin/env bash
# Runs a command in a desktop session of its own: a private session bus and
# private XDG folders, so no test reaches, needs or leaves anything in the
# host's session (nor needs `dbus-launch`). Whatever the bus started (the
# accessibility bus, portals, a document portal's FUSE mount) is stopped and
# unmounted after, whatever the command's outcome.
set -euo pipefail

command -v dbus-daemon >/dev/null || { echo "with-desktop-session: dbus-daemon is missing; install Debian's dbus-daemon (make test does)" >&2; exit 1; }

session=$(mktemp -d /tmp/item-feed-session.XXXXXX)
chmod 700 "$session"
mkdir -p "$session"/{runtime,config,data,state,cache}
chmod 700 "$session/runtime"
bus="unix:path=$session/runtime/bus"

stop() {
  # Every process started on this bus carries its address; the bus goes last.
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}; pid=${pid%/environ}
    [ "$pid" = "$$" ] && continue
    { tr '\0' '\n' < "$environ"; } 2>/dev/null | grep -qxF "DBUS_SESSION_BUS_ADDRESS=$bus" && kill "$pid" 2>/dev/null || true
  done
  [ -n "${daemon:-}" ] && kill "$daemon" 2>/dev/null || true
  if mountpoint -q "$session/runtime/doc" 2>/dev/null; then
    fusermount3 -u "$session/runtime/doc" 2>/dev/null || fusermount -u "$session/runtime/doc" 2>/dev/null || umount -l "$session/runtime/doc" || true
  fi
  rm -rf "$session" 2>/dev/null || true
  # SwiftPM keeps its lock files for the private XDG folders beside them in /tmp.
  rm -f "${TMPDIR:-/tmp}/$(printf '%s' "$session" | tr / _)"_* 2>/dev/null || true
}
trap stop EXIT

# Set before the bus starts: what it starts (the accessibility bus) takes
# its folders from it, or it would share ~/.cache/at-spi with the host's.
export XDG_RUNTIME_DIR=$session/runtime XDG_CONFIG_HOME=$session/config XDG_DATA_HOME=$session/data \
  XDG_STATE_HOME=$session/state XDG_CACHE_HOME=$session/cache
daemon=$(dbus-daemon --session --address="$bus" --fork --print-pid=1 --nopidfile)
export DBUS_SESSION_BUS_ADDRESS=$bus
# GLib would otherwise start `dbus-launch` for a missing bus: there is one now,
# and nothing below may fall back to the host's.
unset DBUS_STARTER_ADDRESS DBUS_STARTER_BUS_TYPE AT_SPI_BUS_ADDRESS
"$@"
