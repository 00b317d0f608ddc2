#!/usr/bin/env bash
# `make benchmark`'s first-rows row: how soon a 100,000-item feed's first
# rows are painted, against the 36-item demo feed, in ItemFeed's own screen
# and window (item-feed-first-rows) under Xvfb at 480×720 with the cairo
# renderer; each run with an empty cache, from the start of main to the end
# of the first frame with rows. Medians of FIRST_ROWS_RUNS (5) interleaved
# runs each. Then a 1,000,000-item feed (`--max-feed-size` raised) is loaded
# in the same window and scrolled to its end: the time, and the memory the
# process holds then and at its peak.
#   Benchmarks/scripts/first-rows.sh PATH/TO/item-feed-first-rows
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/scripts/benchmark-lib.sh
probe=$1
work=$(mktemp -d)
cleanup() { kill "${xvfb:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

feed() {
    python3 - "$1" "$2" <<'PY'
import json, sys
items = [{"id": "item-%d" % i, "name": "Item %d: a title of ordinary length" % i, "author": "Author %d" % (i % 50),
          "date": "2026-01-%02dT12:00:00Z" % (i % 28 + 1), "link": "https://example.com/items/%d" % i,
          "summary": "A short summary of item %d, as feeds write them." % i} for i in range(int(sys.argv[2]))]
json.dump({"title": "Big", "items": items}, open(sys.argv[1], "w"))
PY
}
feed "$work/big.json" 100000

export DISPLAY=:${FIRST_ROWS_DISPLAY:-94}
Xvfb "$DISPLAY" -screen 0 480x720x24 -nolisten tcp &> /dev/null &
xvfb=$!
sleep 1

paint_ms() {
    local cache
    cache=$(mktemp -d "$work/cache.XXXXXX")
    XDG_CACHE_HOME="$cache" GSK_RENDERER=cairo timeout 60 "$probe" "$1" 2> /dev/null
}

demo_runs=() big_runs=()
for _ in $(seq "${FIRST_ROWS_RUNS:-5}"); do
    demo_runs+=("$(paint_ms resources/demo/feed.json)")
    big_runs+=("$(paint_ms "$work/big.json")")
done
echo "runs (ms): 100,000 items ${big_runs[*]}; the 36-item demo ${demo_runs[*]}"
big=$(printf '%s\n' "${big_runs[@]}" | median)
demo=$(printf '%s\n' "${demo_runs[@]}" | median)
ratio=$(echo "$big / $demo" | bc -l)
printf "first rows painted (medians): 100,000-item feed %.0f ms, 36-item demo feed %.0f ms, ratio %.2f× (target ≤ 1.5×) — %s\n" \
    "$big" "$demo" "$ratio" "$(verdict "$ratio" 1.5)"

feed "$work/million.json" 1000000
cache=$(mktemp -d "$work/cache.XXXXXX")
read -r ms rss peak < <(XDG_CACHE_HOME="$cache" GSK_RENDERER=cairo timeout 120 "$probe" "$work/million.json" 1000000 1024 2> /dev/null)
printf "1,000,000 items (%d MiB) in the window, loaded and scrolled to the end: %.1f s; resident %s MiB, peak %s MiB (target ≤ 500 MiB) — %s\n" \
    "$(( $(stat -c %s "$work/million.json") / 1048576 ))" "$(echo "$ms / 1000" | bc -l)" "$rss" "$peak" "$(verdict "$peak" 500)"

# The library's All view (LIBRARY_DIR: a library the library benchmark
# built, 1,000 feeds and 1,000,000 items) against the same demo feed.
if [[ -n ${LIBRARY_DIR:-} && -f $LIBRARY_DIR/item-feed/library.sqlite ]]; then
    library_runs=() demo_runs=() library_rss=()
    for _ in $(seq "${FIRST_ROWS_RUNS:-5}"); do
        demo_runs+=("$(paint_ms resources/demo/feed.json)")
        cache=$(mktemp -d "$work/cache.XXXXXX")
        read -r ms rss < <(XDG_DATA_HOME="$LIBRARY_DIR" XDG_CACHE_HOME="$cache" GSK_RENDERER=cairo timeout 60 "$probe" library 2> /dev/null)
        library_runs+=("$ms") library_rss+=("$rss")
    done
    echo "runs (ms): the library's All view ${library_runs[*]}; the 36-item demo ${demo_runs[*]}; resident (MiB) ${library_rss[*]}"
    library=$(printf '%s\n' "${library_runs[@]}" | median)
    demo=$(printf '%s\n' "${demo_runs[@]}" | median)
    rss=$(printf '%s\n' "${library_rss[@]}" | median)
    ratio=$(echo "$library / $demo" | bc -l)
    printf "library of 1,000,000 items, All view's first rows painted (medians): %.0f ms, 36-item demo feed %.0f ms, ratio %.2f× (target ≤ 1.5×) — %s\n" \
        "$library" "$demo" "$ratio" "$(verdict "$ratio" 1.5)"
    printf "library of 1,000,000 items, resident with the All view shown: %s MiB (target ≤ 250 MiB) — %s\n" "$rss" "$(verdict "$rss" 250)"

    # End: from the scroll to the last row painted, the rows counted and
    # only the last page read (median of the runs).
    count=$(sqlite3 "$LIBRARY_DIR/item-feed/library.sqlite" 'SELECT count(*) FROM item')
    end_runs=() end_rss=()
    for _ in $(seq "${FIRST_ROWS_RUNS:-5}"); do
        cache=$(mktemp -d "$work/cache.XXXXXX")
        read -r _ rss _ end < <(XDG_DATA_HOME="$LIBRARY_DIR" XDG_CACHE_HOME="$cache" GSK_RENDERER=cairo timeout 60 "$probe" library "$count" 2> /dev/null)
        end_runs+=("$end") end_rss+=("$rss")
    done
    echo "runs (ms): End in the All view ${end_runs[*]}; resident after (MiB) ${end_rss[*]}"
    end=$(printf '%s\n' "${end_runs[@]}" | median)
    printf "library of %d items, End to the last row painted (median): %.0f ms, resident %s MiB (target ≤ 1,000 ms) — %s\n" \
        "$count" "$end" "$(printf '%s\n' "${end_rss[@]}" | median)" "$(verdict "$end" 1000)"

    # A burst of marks in the window: Mark All as Read of a folder (100
    # feeds, about 100,000 unread items), then its Undo, as the menu and the
    # toast do (MarkBurst); the library is as it was after. The longest
    # main-loop stall while each is written and the sidebar and the view
    # follow, the changes the writer told, the sidebar's redraws.
    cache=$(mktemp -d "$work/cache.XXXXXX")
    read -r mark_stall mark_s mark_changes mark_draws undo_stall undo_s undo_changes undo_draws marked < <(
        XDG_DATA_HOME="$LIBRARY_DIR" XDG_CACHE_HOME="$cache" GSK_RENDERER=cairo timeout 300 "$probe" marks "Folder 0" 2> /dev/null)
    printf "Mark All as Read of %d items in the window: longest main-loop stall %.0f ms; written in %.2f s, told as %d change, the sidebar drawn %d times (target ≤ 50 ms) — %s\n" \
        "$marked" "$mark_stall" "$mark_s" "$mark_changes" "$mark_draws" "$(verdict "$mark_stall" 50)"
    printf "its Undo in the window: longest main-loop stall %.0f ms; written in %.2f s, told as %d change, the sidebar drawn %d times (target ≤ 50 ms) — %s\n" \
        "$undo_stall" "$undo_s" "$undo_changes" "$undo_draws" "$(verdict "$undo_stall" 50)"
fi
