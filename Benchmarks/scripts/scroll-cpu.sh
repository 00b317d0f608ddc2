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
# By the Down key, a row a press, with the list focused by a click on a row:
# GTK 4.8 scrolls a list of estimated row heights by a different, jumping
# distance per wheel click in each program (after 120 clicks one was at row
# 1,017 and the other at 3,699; both later jumped to the last row), so 600
# wheel clicks did not scroll the same rows in both.
# Prints each one's main-thread CPU per click (/proc/PID/task/PID/stat: the
# main thread's id is the process id) and the ratio: the medians of
# SCROLL_RUNS (7) interleaved runs, as one run of either read ±30% here,
# and now and then a run of either is 2-3x slower (mostly kernel time
# waking Xvfb in this VM, by perf): the same build read 1.05x with 3 runs
# and 1.32x with 5, and 1.22x with 7.
#   Benchmarks/scripts/scroll-cpu.sh PATH/TO/item-feed
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

# Main-thread CPU of $1 in milliseconds (utime + stime, in clock ticks).
main_thread_ms() { awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) * 1000 / hz }' "/proc/$1/task/$1/stat"; }

scroll() {
    local name=$1; shift
    XDG_CACHE_HOME="$work/cache" GSK_RENDERER=cairo "$@" &> "$work/$name.log" &
    pid=$!
    sleep 6   # the window, the feed mapped, the first thumbnails
    xdotool mousemove 240 400 click 1   # focuses the row under the pointer
    xdotool key --repeat 20 --delay 10 Down   # warm up: rows made, fonts cached
    sleep 1
    local before after
    before=$(main_thread_ms "$pid")
    xdotool key --repeat 600 --delay 15 Down
    sleep 1
    after=$(main_thread_ms "$pid")
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
    echo "$after - $before" | bc -l
}

itemfeed_runs=() baseline_runs=() windowed_runs=()
for _ in $(seq "${SCROLL_RUNS:-7}"); do
    itemfeed_runs+=("$(scroll item-feed "$app" "$work/feed.json")")
    baseline_runs+=("$(scroll baseline "$work/listview-baseline" "$image")")
    windowed_runs+=("$(scroll windowed "$work/listview-baseline" "$image" --in-itemfeed-window)")
done
echo "runs (ms): ItemFeed ${itemfeed_runs[*]}; C GtkListView ${baseline_runs[*]}; C GtkListView in ItemFeed's window ${windowed_runs[*]}"
itemfeed=$(printf '%s\n' "${itemfeed_runs[@]}" | median)
baseline=$(printf '%s\n' "${baseline_runs[@]}" | median)
windowed=$(printf '%s\n' "${windowed_runs[@]}" | median)
ratio=$(echo "$itemfeed / $baseline" | bc -l)
printf "for information: the C GtkListView in ItemFeed's window %.0f ms, %.2f× the one in a plain window; ItemFeed %.2f× the C list in its window\n" \
    "$windowed" "$(echo "$windowed / $baseline" | bc -l)" "$(echo "$itemfeed / $windowed" | bc -l)"
printf "UI-thread CPU, 600 rows down 100,000 by the Down key (medians): ItemFeed %.0f ms (%.2f ms/row), C GtkListView %.0f ms (%.2f ms/row), ratio %.2f× (target ≤ 1.1×) — %s\n" \
    "$itemfeed" "$(echo "$itemfeed / 600" | bc -l)" "$baseline" "$(echo "$baseline / 600" | bc -l)" "$ratio" "$(verdict "$ratio" 1.1)"
