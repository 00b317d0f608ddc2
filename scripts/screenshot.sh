#!/usr/bin/env bash
# Takes a screenshot of ItemFeed on the demo feed under Xvfb:
#   scripts/screenshot.sh PATH/TO/item-feed OUTPUT.png
# The X screen is the window's default size, so the capture is the window.
set -euo pipefail
binary=$1
output=$2
mkdir -p "$(dirname "$output")"

xvfb-run -a -s "-screen 0 480x720x24" bash -c '
  "$1" &
  app=$!
  # Wait for the window and its thumbnails, then capture the screen.
  sleep 4
  import -window root "$2"
  kill "$app"
' _ "$binary" "$output"
echo "wrote $output"
