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

source scripts/soak-lib.sh

soak_start_server scripts/soak-server.py "$items" resources/demo/images/01.png
feed="http://127.0.0.1:$(head -1 "$work/port")/feed.json"

soak_start_xvfb "${SOAK_DISPLAY:-97}"
XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" GSK_RENDERER=cairo "$app" "$feed" &> "$work/app.log" &
app_pid=$!
soak_find_window 800 900
xdotool mousemove 400 500

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
        read -r rss fds threads < <(soak_sample_process)
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
read -r rss fds threads < <(soak_sample_process)
rss_at[$minute]=$rss; fds_at[$minute]=$fds; threads_at[$minute]=$threads
printf "%6d  %7d  %11d  %7d\n" "$minute" "$rss" "$fds" "$threads"

verdict=0
# The first load, each F5, and the retries a reset or stalled feed request
# may cost; anything beyond that (the wheel reloading at the top, say) is a bug.
feed_requests=$(grep -c "feed request" "$work/requests" || true)
echo "feed requests: $feed_requests for $reloads reloads (≤ $((reloads * 2 + 2)))"
(( feed_requests <= reloads * 2 + 2 )) || { echo "soak: the feed was requested more often than it was reloaded"; verdict=1; }
base=$settle
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
