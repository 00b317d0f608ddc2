#!/usr/bin/env bash
# Screenshots of ItemFeed on the demo feed under Xvfb, in the light and the
# dark style (libadwaita's style manager, told by ADW_DEBUG_COLOR_SCHEME as
# the desktop's preference would tell it), and in Japanese with the main
# menu open (F10), so translated text shows beside the feed's own:
#   scripts/screenshot.sh PATH/TO/item-feed OUTPUT-DIRECTORY
# writes screenshot.png (light), screenshot-dark.png and screenshot-ja.png. The X screen
# is the window's default size, so the capture is the window. Each run has a
# cache of its own, so no earlier run's thumbnails or saved feed show.
set -euo pipefail
binary=$1
directory=$2
mkdir -p "$directory"

shoot() {
    local scheme=$1 language=$2 keys=$3 output=$4 cache
    cache=$(mktemp -d)
    XDG_CACHE_HOME=$cache ADW_DEBUG_COLOR_SCHEME=$scheme LANGUAGE=$language xvfb-run -a -s "-screen 0 480x720x24" bash -c '
      # A compositing manager, or popovers show on black squares.
      xcompmgr &
      "$1" 2> /dev/null &
      app=$!
      # Wait for the window and its thumbnails, then capture the screen.
      sleep 4
      if [[ -n $3 ]]; then xdotool key $3; sleep 1; fi
      import -window root "$2"
      kill "$app" %1
    ' _ "$binary" "$output" "$keys"
    rm -rf "$cache"
    echo "wrote $output"
}

shoot prefer-light "" "" "$directory/screenshot.png"
shoot prefer-dark "" "" "$directory/screenshot-dark.png"
shoot prefer-light ja F10 "$directory/screenshot-ja.png"
