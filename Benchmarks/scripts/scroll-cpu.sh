#!/usr/bin/env bash
# `make benchmark`'s UI-thread row: the same 600 rows scrolled down a
# 100,000-row list, under Xvfb at 480×720 with the cairo renderer, in
# ItemFeed (a local feed whose thumbnails are local files) and in a plain C
# GtkListView with rows like ItemFeed's (Benchmarks/baselines/listview-baseline.c).
# The verdict is against that list in a plain window. A second line, for
# information, puts the same C list in ItemFeed's window (libadwaita's
# header bar, toast overlay, stack, clamp): GTK 4.8 restyles every layer
# above the focused row on each press, so it tells the window's share of
# the ratio from the rest of ItemFeed's.
# By the Down key, a row a press, from the first row: ItemFeed's list has the
# keyboard focus at start (a click would open the row in its reading pane);
# the C list is focused by a click on a row.
# GTK 4.8 scrolls a list of estimated row heights by a different, jumping
# distance per wheel click in each program (after 120 clicks one was at row
# 1,017 and the other at 3,699; both later jumped to the last row), so 600
# wheel clicks did not scroll the same rows in both.
# Counts each one's main-thread instructions under valgrind's callgrind,
# collected only while the 600 presses are handled: a count repeats to the
# instruction where CPU time spread ±20–30% from run to run here. Each runs
# once; its instructions for the rows, and the ratio.
#   Benchmarks/scripts/scroll-cpu.sh PATH/TO/item-feed-window (the window's binary:
#   valgrind follows no exec)
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/scripts/benchmark-lib.sh
app=$1
work=$(mktemp -d)
cleanup() { kill "${pid:-}" "${xvfb:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

gcc -O2 Benchmarks/baselines/listview-baseline.c -o "$work/listview-baseline" $(pkg-config --cflags --libs libadwaita-1)
image="$PWD/resources/demo/images/01.png"
python3 - "$work/feed.json" "$image" <<'PY'
import json, sys
items = [{"id": str(i), "name": "Item %d: a title of ordinary length" % i, "author": "Author",
          "image_url": "file://" + sys.argv[2]} for i in range(100000)]
json.dump({"title": "Scrolling", "items": items}, open(sys.argv[1], "w"))
PY

export DISPLAY=:${SCROLL_DISPLAY:-95}
Xvfb "$DISPLAY" -screen 0 480x720x24 -nolisten tcp &> /dev/null &
xvfb=$!
sleep 1

# The process's CPU ticks so far (all threads): settles once it is idle.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# Waits until $1 has been idle for two seconds (under valgrind it works
# through queued input long after it was sent).
settle() {
    local before after
    before=$(ticks "$1")
    while sleep 2; after=$(ticks "$1"); [[ $after -gt $((before + 5)) ]]; do before=$after; done
}

# Main-thread instructions of one run while it handles the 600 presses.
scroll() {
    local name=$1 focus=$2; shift 2
    XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" GSK_RENDERER=cairo valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes \
        --callgrind-out-file="$work/$name.out" "$@" &> "$work/$name.log" &
    pid=$!
    for _ in $(seq 300); do xdotool search --onlyvisible --pid "$pid" &> /dev/null && break; sleep 1; done
    settle "$pid"   # the window, the feed mapped, the first thumbnails
    if [[ $focus == click ]]; then xdotool mousemove 240 400 click 1; fi   # focuses the row under the pointer
    xdotool key --repeat 20 --delay 10 Down   # warm up: rows made, fonts cached
    settle "$pid"
    callgrind_control -i on "$pid" &> /dev/null
    xdotool key --repeat 600 --delay 15 Down
    settle "$pid"
    callgrind_control -i off "$pid" &> /dev/null
    callgrind_control -d "$pid" &> /dev/null
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
    # The dump asked for (".1"), of the main thread ("-01"): the
    # instructions it totals (the one valgrind writes on exit is empty).
    awk '/^totals:/ { print $2 }' "$work/$name.out.1-01"
}

itemfeed=$(scroll item-feed focused "$app" "$work/feed.json")
baseline=$(scroll baseline click "$work/listview-baseline" "$image")
windowed=$(scroll windowed click "$work/listview-baseline" "$image" --in-itemfeed-window)
ratio=$(echo "$itemfeed / $baseline" | bc -l)
printf "for information: the C GtkListView in ItemFeed's window %.0f M instructions, %.2f× the one in a plain window; ItemFeed %.2f× the C list in its window\n" \
    "$(echo "$windowed / 1000000" | bc -l)" "$(echo "$windowed / $baseline" | bc -l)" "$(echo "$itemfeed / $windowed" | bc -l)"
printf "UI-thread instructions, 600 rows down 100,000 by the Down key (callgrind): ItemFeed %.0f M (%.2f M/row), C GtkListView %.0f M (%.2f M/row), ratio %.2f× (target ≤ 1.1×) — %s\n" \
    "$(echo "$itemfeed / 1000000" | bc -l)" "$(echo "$itemfeed / 600000000" | bc -l)" "$(echo "$baseline / 1000000" | bc -l)" "$(echo "$baseline / 600000000" | bc -l)" "$ratio" "$(verdict "$ratio" 1.1)"
