#!/usr/bin/env bash
# Screenshots of ItemFeed on the demo feed under Xvfb, in the light and the
# dark style (libadwaita's style manager, told by ADW_DEBUG_COLOR_SCHEME as
# the desktop's preference would tell it):
#   scripts/screenshot.sh PATH/TO/item-feed OUTPUT-DIRECTORY
# writes screenshot.png (light) and screenshot-dark.png there. The X screen
# is the window's default size, so the capture is the window. Each run has a
# cache of its own, so no earlier run's thumbnails or saved feed show.
set -euo pipefail
binary=$1
directory=$2
mkdir -p "$directory"

shoot() {
    local scheme=$1 output=$2 cache
    cache=$(mktemp -d)
    XDG_CACHE_HOME=$cache ADW_DEBUG_COLOR_SCHEME=$scheme xvfb-run -a -s "-screen 0 480x720x24" bash -c '
      "$1" 2> /dev/null &
      app=$!
      # Wait for the window and its thumbnails, then capture the screen.
      sleep 4
      import -window root "$2"
      kill "$app"
    ' _ "$binary" "$output"
    rm -rf "$cache"
    echo "wrote $output"
}

shoot prefer-light "$directory/screenshot.png"
shoot prefer-dark "$directory/screenshot-dark.png"
