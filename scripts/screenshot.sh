#!/usr/bin/env bash
# Screenshots of ItemFeed's library under Xvfb, in the light and the dark
# style (libadwaita's style manager, told by ADW_DEBUG_COLOR_SCHEME as the
# desktop's preference would tell it), and in Japanese with the main menu
# open (F10), so translated text shows beside the feeds' own:
#   scripts/screenshot.sh PATH/TO/item-feed OUTPUT-DIRECTORY
# writes screenshot.png (light), screenshot-dark.png and screenshot-ja.png.
# The library is made for the run in a data folder of its own: the demo
# feeds served on loopback, imported from OPML into folders (with one feed
# that fails, to show its warning), refreshed, then the window opened on
# All and its first item opened beside the list. The X screen is the window's default size, so the capture is the
# window. Each run has a cache of its own, so no earlier run's thumbnails show.
set -euo pipefail
binary=$1
directory=$2
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$directory"

work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$top/resources/demo" > /dev/null 2>&1 &
server=$!
trap 'kill $server 2> /dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/feed.json" && break; sleep 0.1; done

base="http://127.0.0.1:$port"
cat > "$work/feeds.opml" <<OPML
<opml version="2.0"><body>
  <outline text="Places">
    <outline text="ItemFeed Demo" xmlUrl="$base/feed.json"/>
    <outline text="ItemFeed Demo (RSS)" xmlUrl="$base/feed.rss"/>
  </outline>
  <outline text="Tech"><outline text="Moved Away" xmlUrl="$base/moved-away.xml"/></outline>
</body></opml>
OPML
export XDG_DATA_HOME="$work/data"
LANGUAGE=C "$binary" --import-opml "$work/feeds.opml"
LANGUAGE=C "$binary" --refresh

shoot() {
    local scheme=$1 language=$2 keys=$3 output=$4 cache
    cache=$(mktemp -d)
    XDG_CACHE_HOME=$cache ADW_DEBUG_COLOR_SCHEME=$scheme LANGUAGE=$language xvfb-run -a -s "-screen 0 1200x760x24" bash -c '
      # A compositing manager, or popovers show on black squares.
      xcompmgr &
      "$1" 2> /dev/null &
      app=$!
      # Wait for the window and its thumbnails, then capture the screen.
      sleep 4
      if [[ -n $3 ]]; then xdotool key $3; sleep 2; fi
      import -window root "$2"
      kill "$app" %1
    ' _ "$binary" "$output" "$keys"
    rm -rf "$cache"
    echo "wrote $output"
}

# Return opens the first item beside the list.
shoot prefer-light "" Return "$directory/screenshot.png"
shoot prefer-dark "" Return "$directory/screenshot-dark.png"
shoot prefer-light ja "Return F10" "$directory/screenshot-ja.png"

# The reading pane (resources/demo/reading.rss, a library of its own): an
# article's table, highlighted code, video card, picture and disclosure, then a YouTube-style
# item (Media RSS), each in the light and the dark style. Return opens the
# newest item; Down Return the next; the article is scrolled with the wheel.
reading=$(mktemp -d)
trap 'kill $server 2> /dev/null; rm -rf "$work" "$reading"' EXIT
printf '<opml version="2.0"><body><outline text="Reading Demo" xmlUrl="%s/reading.rss"/></body></opml>\n' "$base" > "$reading/feeds.opml"
XDG_DATA_HOME="$reading/data" LANGUAGE=C "$binary" --import-opml "$reading/feeds.opml"
XDG_DATA_HOME="$reading/data" LANGUAGE=C "$binary" --refresh

shoot_reading() {
    local scheme=$1 keys=$2 scroll=$3 output=$4 cache
    cache=$(mktemp -d)
    XDG_DATA_HOME="$reading/data" XDG_CACHE_HOME=$cache ADW_DEBUG_COLOR_SCHEME=$scheme LANGUAGE=C xvfb-run -a -s "-screen 0 1200x760x24" bash -c '
      xcompmgr &
      "$1" 2> /dev/null &
      app=$!
      sleep 4
      xdotool key $3
      sleep 2
      # The wheel over the article, the pane being the right half.
      xdotool mousemove 900 420
      for _ in $(seq "$4"); do xdotool click 5; sleep 0.1; done
      sleep 2
      import -window root "$2"
      kill "$app" %1
    ' _ "$binary" "$output" "$keys" "$scroll"
    rm -rf "$cache"
    echo "wrote $output"
}

shoot_reading prefer-light Return 3 "$directory/reading.png"
shoot_reading prefer-dark Return 3 "$directory/reading-dark.png"
shoot_reading prefer-light "Down Return" 0 "$directory/reading-youtube.png"
shoot_reading prefer-dark "Down Return" 0 "$directory/reading-youtube-dark.png"
