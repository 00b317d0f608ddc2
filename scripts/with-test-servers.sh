#!/usr/bin/env bash
# Runs a command with the real sync servers started for it (tt-rss, see
# scripts/ttrss-test-server.sh) and stops them after, whatever its outcome.
set -euo pipefail

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
folder=$(mktemp -d /tmp/item-feed-ttrss.XXXXXX)
$sudo scripts/ttrss-test-server.sh start "$folder"
trap '$sudo scripts/ttrss-test-server.sh stop "$folder"' EXIT
export ITEMFEED_TTRSS="$folder" ITEMFEED_REQUIRE_SERVERS=1
"$@"
