#!/usr/bin/env bash
# make soak: the real window under Xvfb for SOAK_MINUTES (10), scrolling a
# 100,000-item feed up and down with the mouse wheel and reloading (F5)
# every 30 s, against scripts/soak-server.py (5% resets, 5% stalls, 2%
# hostile images). Prints RSS, open descriptors and threads each minute;
# passes when, after the first two minutes, RSS grows by at most 30 MiB
# and descriptors and threads stay flat (within a few of where they were:
# libcurl's connections and GLib's pool threads come and go), and the app
# is still running at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${SOAK_MINUTES:-10}
settle=${SOAK_SETTLE_MINUTES:-2}
items=${SOAK_ITEMS:-100000}

swift build -c release -Xswiftc -warnings-as-errors --product item-feed 2>&1 | grep -E "error|Compiling|Build complete" || true
app="$(swift build -c release --show-bin-path)/item-feed"
work=$(mktemp -d)
cleanup() { kill "${server_pid:-}" "${app_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

python3 -u scripts/soak-server.py "$items" resources/demo/images/01.png > "$work/port" 2> "$work/requests" &
server_pid=$!
for _ in $(seq 50); do [[ -s $work/port ]] && break; sleep 0.1; done
feed="http://127.0.0.1:$(head -1 "$work/port")/feed.json"

export DISPLAY=:${SOAK_DISPLAY:-97}
Xvfb "$DISPLAY" -screen 0 1280x1024x24 -nolisten tcp &> "$work/xvfb.log" &
xvfb_pid=$!
trap 'cleanup; kill $xvfb_pid 2>/dev/null || true' EXIT
sleep 1
XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" GSK_RENDERER=cairo "$app" "$feed" &> "$work/app.log" &
app_pid=$!

window=""
for _ in $(seq 100); do
    window=$(xdotool search --pid "$app_pid" --onlyvisible 2>/dev/null | head -1 || true)
    [[ -n $window ]] && break
    sleep 0.2
done
[[ -n $window ]] || { echo "soak: the window never appeared"; cat "$work/app.log"; exit 1; }
xdotool windowsize "$window" 800 900 windowmove "$window" 0 0 windowfocus "$window" || true
xdotool mousemove 400 500

sample() {
    local rss fds threads
    rss=$(awk '/VmRSS/ { print int($2 / 1024) }' "/proc/$app_pid/status")
    fds=$(ls "/proc/$app_pid/fd" | wc -l)
    threads=$(awk '/Threads/ { print $2 }' "/proc/$app_pid/status")
    echo "$rss $fds $threads"
}

echo "minute  RSS MiB  descriptors  threads"
declare -a rss_at fds_at threads_at
reloads=0
start=$(date +%s)
direction=5
next_reload=$((start + 30))
next_sample=$start
minute=0
while (( $(date +%s) - start < minutes * 60 )); do
    kill -0 "$app_pid" 2>/dev/null || { echo "soak: the app exited"; tail -20 "$work/app.log"; exit 1; }
    now=$(date +%s)
    if (( now >= next_sample )); then
        read -r rss fds threads < <(sample)
        rss_at[$minute]=$rss; fds_at[$minute]=$fds; threads_at[$minute]=$threads
        printf "%6d  %7d  %11d  %7d\n" "$minute" "$rss" "$fds" "$threads"
        minute=$((minute + 1)); next_sample=$((start + minute * 60))
    fi
    if (( now >= next_reload )); then
        xdotool key --window "$window" F5 || true
        reloads=$((reloads + 1))
        next_reload=$((now + 30))
        direction=$((direction == 5 ? 4 : 5))   # wheel down, then up
    fi
    xdotool click --repeat 15 --delay 20 "$direction" || true
    sleep 0.2
done
read -r rss fds threads < <(sample)
rss_at[$minute]=$rss; fds_at[$minute]=$fds; threads_at[$minute]=$threads
printf "%6d  %7d  %11d  %7d\n" "$minute" "$rss" "$fds" "$threads"

verdict=0
# The first load, each F5, and the retries a reset or stalled feed request
# may cost; anything beyond that (the wheel reloading at the top, say) is a bug.
feed_requests=$(grep -c "feed request" "$work/requests" || true)
echo "feed requests: $feed_requests for $reloads reloads (≤ $((reloads * 2 + 2)))"
(( feed_requests <= reloads * 2 + 2 )) || { echo "soak: the feed was requested more often than it was reloaded"; verdict=1; }
base=$settle
max_of() { local m=0 v; for v in "$@"; do (( v > m )) && m=$v; done; echo "$m"; }
rss_growth=$(( $(max_of "${rss_at[@]:$base}") - rss_at[$base] ))
fd_growth=$(( $(max_of "${fds_at[@]:$base}") - fds_at[$base] ))
thread_growth=$(( $(max_of "${threads_at[@]:$base}") - threads_at[$base] ))
echo "after minute $base: RSS +$rss_growth MiB (≤ 30), descriptors +$fd_growth (≤ 8), threads +$thread_growth (≤ 4)"
(( rss_growth <= 30 )) || { echo "soak: RSS grew $rss_growth MiB"; verdict=1; }
(( fd_growth <= 8 )) || { echo "soak: descriptors grew by $fd_growth"; verdict=1; }
(( thread_growth <= 4 )) || { echo "soak: threads grew by $thread_growth"; verdict=1; }
kill -0 "$app_pid" 2>/dev/null || { echo "soak: the app exited"; verdict=1; }
(( verdict == 0 )) && echo "soak: passed" || echo "soak: FAILED"
exit $verdict
