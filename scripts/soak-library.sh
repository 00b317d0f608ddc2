#!/usr/bin/env bash
# make soak SOAK_MODE=library: the real window under Xvfb for SOAK_MINUTES
# (10) on a library of SOAK_FEEDS (500) feeds on a local server
# (scripts/soak-library-server.py: new items every minute, 5% failing, 5%
# stalling, 2% moving to a new address each minute), refreshed with F5 every
# minute. Prints RSS, open descriptors, threads and the items stored each
# minute; passes when, after the first two minutes, RSS grows by at most 30
# MiB and descriptors and threads stay flat, every refresh was written, the
# app still runs, and the library passes `PRAGMA integrity_check`.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${SOAK_MINUTES:-10}
settle=${SOAK_SETTLE_MINUTES:-2}
feeds=${SOAK_FEEDS:-500}

source scripts/soak-lib.sh

soak_start_server scripts/soak-library-server.py "$feeds" "$work/feeds.opml"
export XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config
"$app" --import-opml "$work/feeds.opml" > /dev/null
library=$XDG_DATA_HOME/item-feed/library.sqlite

soak_start_xvfb "${SOAK_DISPLAY:-96}"
GSK_RENDERER=cairo "$app" &> "$work/app.log" &
app_pid=$!
soak_find_window 1000 800

# The process's figures, then the items the library holds.
sample() {
    echo "$(soak_sample_process) $(sqlite3 "file:$library?mode=ro" 'SELECT count(*) FROM item' 2>/dev/null || echo "?")"
}

echo "minute  RSS MiB  descriptors  threads  items"
declare -a rss_at fds_at threads_at
start=$(date +%s)
minute=0
refreshes=0
while (( $(date +%s) - start < minutes * 60 )); do
    kill -0 "$app_pid" 2>/dev/null || { echo "soak: the app exited"; tail -20 "$work/app.log"; exit 1; }
    if (( $(date +%s) >= start + minute * 60 )); then
        read -r rss fds threads items < <(sample)
        rss_at[$minute]=$rss; fds_at[$minute]=$fds; threads_at[$minute]=$threads
        printf "%6d  %7d  %11d  %7d  %s\n" "$minute" "$rss" "$fds" "$threads" "$items"
        # Each minute a refresh; the first the window starts on its own.
        if (( minute > 0 )); then xdotool key --window "$window" F5 || true; fi
        refreshes=$((refreshes + 1))
        minute=$((minute + 1))
    fi
    sleep 1
done
read -r rss fds threads items < <(sample)
rss_at[$minute]=$rss; fds_at[$minute]=$fds; threads_at[$minute]=$threads
printf "%6d  %7d  %11d  %7d  %s\n" "$minute" "$rss" "$fds" "$threads" "$items"

verdict=0
requests=$(grep -c "feed request" "$work/requests" || true)
echo "feed requests: $requests over $refreshes refreshes of $feeds feeds"
(( requests >= feeds * minutes / 2 )) || { echo "soak: the library was refreshed less than every other minute"; verdict=1; }
moved=$(sqlite3 "file:$library?mode=ro" "SELECT count(*) FROM feed WHERE address LIKE '%/m%'")
echo "feeds followed to a new address: $moved"
base=$settle
rss_growth=$(( $(max_of "${rss_at[@]:$base}") - rss_at[$base] ))
# Descriptors and threads come and go with the refresh under way (libcurl's
# connections, libdispatch's and GLib's pool threads; a minute's refresh
# waits out its stalling feeds): a leak shows in the fewest of the last
# three minutes, not in the most at one sample.
last=$(( ${#threads_at[@]} - 3 ))
fd_growth=$(( $(min_of "${fds_at[@]:$last}") - $(min_of "${fds_at[@]:$base:3}") ))
thread_growth=$(( $(min_of "${threads_at[@]:$last}") - $(min_of "${threads_at[@]:$base:3}") ))
echo "after minute $base: RSS +$rss_growth MiB (≤ 30), descriptors +$fd_growth (≤ 8), threads +$thread_growth (≤ 4) (fewest of the last three minutes against the first three)"
(( rss_growth <= 30 )) || { echo "soak: RSS grew $rss_growth MiB"; verdict=1; }
(( fd_growth <= 8 )) || { echo "soak: descriptors grew by $fd_growth"; verdict=1; }
(( thread_growth <= 4 )) || { echo "soak: threads grew by $thread_growth"; verdict=1; }
kill -0 "$app_pid" 2>/dev/null || { echo "soak: the app exited"; verdict=1; }
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
integrity=$(sqlite3 "$library" 'PRAGMA integrity_check')
echo "integrity_check: $integrity"
[[ $integrity == ok ]] || verdict=1
(( verdict == 0 )) && echo "soak: passed" || echo "soak: FAILED"
exit $verdict
