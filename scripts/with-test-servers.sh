#!/usr/bin/env bash
# Runs a command with the real sync servers started for it (tt-rss, see
# scripts/ttrss-test-server.sh; coldsweat's Fever API, see
# scripts/fever-test-server.sh) and stops them after, whatever its outcome.
set -euo pipefail

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
ttrss=$(mktemp -d /tmp/item-feed-ttrss.XXXXXX)
fever=$(mktemp -d /tmp/item-feed-fever.XXXXXX)
stop() {
  $sudo scripts/ttrss-test-server.sh stop "$ttrss" || true
  scripts/fever-test-server.sh stop "$fever" || true
}
trap stop EXIT
$sudo scripts/ttrss-test-server.sh start "$ttrss"
scripts/fever-test-server.sh start "$fever"
export ITEMFEED_TTRSS="$ttrss" ITEMFEED_FEVER="$fever" ITEMFEED_REQUIRE_SERVERS=1
"$@"
