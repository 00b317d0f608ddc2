#!/usr/bin/env bash
# `make benchmark`'s Run in Background rows: what ItemFeed holds while it
# waits with no window, under Xvfb with the cairo renderer, each beside a C
# baseline in the same run. Started at login (`item-feed --background`,
# no GTK) beside a GApplication of GIO alone holding itself
# (Benchmarks/baselines/background-gio-baseline.c); with its window closed
# (shown on the library's 36 demo items, then Ctrl+W: the process becomes
# the background's) beside a libadwaita application that hid its window
# (Benchmarks/baselines/background-baseline.c); and started at login with
# 1,000 loopback feeds to refresh (Benchmarks/baselines/feed-farm.py), once
# that refresh is written. Resident memory 10 s after, and the CPU ticks of
# the 10 s that follow (no refresh is due then: none should be spent).
#   Benchmarks/scripts/background.sh PATH/TO/item-feed (the window's binary beside it)
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/scripts/benchmark-lib.sh
app=$1
work=$(mktemp -d)
cleanup() { kill "${pid:-}" "${http:-}" "${farm:-}" "${xvfb:-}" "${bus:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

gcc -O2 Benchmarks/baselines/background-baseline.c -o "$work/background-baseline" $(pkg-config --cflags --libs libadwaita-1)
gcc -O2 Benchmarks/baselines/background-gio-baseline.c -o "$work/background-gio-baseline" $(pkg-config --cflags --libs gio-2.0)
start_xvfb "${BACKGROUND_DISPLAY:-96}"
start_keyring "$work"
export GSK_RENDERER=cairo XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache
(cd resources/demo && exec python3 -m http.server 0 --bind 127.0.0.1 > "$work/http.log" 2>&1) &
http=$!
for _ in $(seq 50); do port=$(grep -o 'port [0-9]*' "$work/http.log" | grep -o '[0-9]*' || true); [[ -n $port ]] && break; sleep 0.1; done
"$app" --subscribe "http://127.0.0.1:$port/feed.rss" > /dev/null
sqlite3 "$work/data/item-feed/library.sqlite" "INSERT INTO setting (name, value) VALUES ('run-in-background', 'yes'), ('refresh-interval', '15m')
    ON CONFLICT (name) DO UPDATE SET value = excluded.value"

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
rss() { awk '/VmRSS/ { print $2 }' "/proc/$1/status"; }

# Resident KiB 10 s after it waits, and its CPU ticks in the next 10 s.
measure() {
    sleep 10
    local memory before
    memory=$(rss "$pid")
    before=$(ticks "$pid")
    sleep 10
    echo "$memory $(( $(ticks "$pid") - before ))"
}

run() {
    local mode=$1; shift
    "$@" &> "$work/$mode.log" &
    pid=$!
    if [[ $mode == *closed ]]; then
        for _ in $(seq 100); do window=$(xdotool search --onlyvisible --pid "$pid" 2> /dev/null | head -1) && [[ -n $window ]] && break; sleep 0.2; done
        sleep 3
        # The key's release finds the window gone: X says so, harmlessly.
        [[ $mode == itemfeed-closed ]] && xdotool key --window "$window" ctrl+w 2> /dev/null
    fi
    measure
    cp "/proc/$pid/maps" "$work/$mode.maps"
    kill "$pid"; wait "$pid" 2> /dev/null || true; pid=""
}

for way in hidden closed; do
    if [[ $way == hidden ]]; then
        read -r ours our_ticks <<< "$(run "itemfeed-$way" "$app" --background)"
        read -r base base_ticks <<< "$(run "baseline-$way" "$work/background-gio-baseline")"
        gio_base=$base
        label="started at login (--background)"; baseline="a GIO application holding itself"
    else
        read -r ours our_ticks <<< "$(run "itemfeed-$way" "$app-window")"
        read -r base base_ticks <<< "$(run "baseline-$way" "$work/background-baseline" closed)"
        label="its window closed"; baseline="a libadwaita application with its window hidden"
    fi
    [[ $way == closed ]] && grep -q libgtk-4 "$work/itemfeed-closed.maps" && echo "Run in Background: GTK still loaded after the window closed" >&2
    ratio=$(echo "scale=2; $ours / $base" | bc)
    printf "Run in Background, %s: %.1f MiB resident, %d CPU ticks in 10 s; %s %.1f MiB, %d ticks; ratio %.2f (goal ≤ 40 MiB: %s)\n" \
        "$label" "$(echo "$ours / 1024" | bc -l)" "$our_ticks" "$baseline" "$(echo "$base / 1024" | bc -l)" "$base_ticks" "$ratio" "$(verdict "$ours" 40960)"
done

# 1,000 feeds, their first refresh due at the start: measured once the
# library has every feed's items (the refresh written, its memory freed).
python3 Benchmarks/baselines/feed-farm.py "${BACKGROUND_FARM_PORT:-18480}" "$work/urls" 1000 > "$work/farm.log" 2>&1 &
farm=$!
for _ in $(seq 50); do grep -q ready "$work/farm.log" 2>/dev/null && break; sleep 0.1; done
{
    echo '<?xml version="1.0"?><opml version="2.0"><body>'
    sed 's/.*/<outline text="&" xmlUrl="&"\/>/' "$work/urls"
    echo '</body></opml>'
} > "$work/feeds.opml"
export XDG_DATA_HOME=$work/farm-data XDG_CACHE_HOME=$work/farm-cache
"$app" --import-opml "$work/feeds.opml" > /dev/null
sqlite3 "$work/farm-data/item-feed/library.sqlite" "INSERT INTO setting (name, value) VALUES ('run-in-background', 'yes'), ('refresh-interval', '15m')
    ON CONFLICT (name) DO UPDATE SET value = excluded.value"
"$app" --background &> "$work/farm-run.log" &
pid=$!
for _ in $(seq 600); do
    [[ $(sqlite3 "$work/farm-data/item-feed/library.sqlite" "SELECT count(*) FROM feed WHERE checked IS NULL") == 0 ]] && break
    sleep 0.1
done
read -r ours our_ticks <<< "$(measure)"
kill "$pid"; wait "$pid" 2> /dev/null || true; pid=""
printf "Run in Background, after refreshing 1,000 feeds: %.1f MiB resident, %d CPU ticks in 10 s; %s %.1f MiB; ratio %.2f (goal ≤ 40 MiB: %s)\n" \
    "$(echo "$ours / 1024" | bc -l)" "$our_ticks" "a GIO application holding itself" "$(echo "$gio_base / 1024" | bc -l)" "$(echo "scale=2; $ours / $gio_base" | bc)" "$(verdict "$ours" 40960)"
