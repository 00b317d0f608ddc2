#!/usr/bin/env bash
# make benchmark's sync rows (SPEC 15): an account of 1,000 feeds and
# 100,000 items (10,000 unread, 500 starred, a feed's items four days apart)
# on the loopback Google Reader API server of the tests
# (Tests/ItemFeedCurlTests/Server/greader_server.py), its password in GNOME
# Keyring on a private session bus. `item-feed --sync` against newsboat's
# reload of the same account through its Google Reader source ("feedhq",
# which asks each feed's newest 20 items as Atom), in the same run: the first
# sync, then the second with nothing new (its requests counted by the
# server), peak resident memory of the first; then 10,000 items marked read
# offline and the requests that send them.
# The same account on a loopback Nextcloud News server: its first sync against
# the Google Reader one's, and the requests of its second.
# With the first-rows probe, a first sync of the same account in the window
# (sidebar and All view, under Xvfb): the main loop's longest stall meanwhile.
#   Benchmarks/scripts/sync.sh PATH/TO/item-feed [PATH/TO/item-feed-first-rows]
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/scripts/benchmark-lib.sh
app=$1
probe=${2:-}
work=$(mktemp -d)
cleanup() { kill "${server:-}" "${nextcloud:-}" "${bus:-}" "${xvfb:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

mkfifo "$work/hold"
python3 Tests/ItemFeedCurlTests/Server/greader_server.py --feeds "${SYNC_FEEDS:-1000}" --items "${SYNC_ITEMS_PER_FEED:-100}" \
    --folders 20 --unread-every 10 --starred-every 200 --spacing-hours 96 < "$work/hold" > "$work/server.log" 2>&1 &
server=$!
exec 3> "$work/hold"
for _ in $(seq 300); do grep -q PORT "$work/server.log" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/^PORT //p' "$work/server.log")
address="http://127.0.0.1:$port/api/greader.php"
stats() { curl -s "http://127.0.0.1:$port/__stats"; }
requests() { stats | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])'; }
edit_tags() { stats | python3 -c 'import json,sys; print(json.load(sys.stdin)["byPath"].get("/reader/api/0/edit-tag", 0))'; }

start_keyring "$work"

export XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
echo itemfeed-api | "$app" --add-account greader "$address" --user itemfeed > /dev/null
ours() { /usr/bin/time -f '%e %M' "$app" --sync 2>&1 > "$work/sync.out" | tail -1; }
read -r first first_kib < <(ours)
held=$(sqlite3 "$work/data/item-feed/library.sqlite" "SELECT count(*) FROM item")
before=$(requests)
read -r second _ < <(ours)
second_requests=$(( $(requests) - before ))

newsboat_sync_config "$work/newsboat" feedhq "$address" itemfeed itemfeed-api
theirs() {
    /usr/bin/time -f '%e' env HOME="$work/newsboat" newsboat -x reload -u "$work/newsboat/urls" -c "$work/newsboat/cache.db" \
        -C "$work/newsboat/config" 2>&1 > /dev/null | tail -1
}
newsboat_first=$(theirs)
newsboat_held=$(sqlite3 "$work/newsboat/cache.db" "SELECT count(*) FROM rss_item")
newsboat_second=$(theirs)

echo "sync of an account of ${SYNC_FEEDS:-1000} feeds and $(( ${SYNC_FEEDS:-1000} * ${SYNC_ITEMS_PER_FEED:-100} )) items on a loopback Google Reader API server: ItemFeed keeps $held items (unread, starred and the last month's), newsboat $newsboat_held (each feed's newest 20)"
ratio=$(echo "$first / $newsboat_first" | bc -l)
printf "first sync: ItemFeed --sync %.2f s, newsboat -x reload (feedhq, 16 threads) %.2f s, ratio %.2f× (target ≤ 0.5×) — %s\n" \
    "$first" "$newsboat_first" "$ratio" "$(verdict "$ratio" 0.5)"
printf "first sync, peak resident memory: ItemFeed %.0f MiB (target ≤ 150 MiB) — %s\n" \
    "$(echo "$first_kib / 1024" | bc -l)" "$(verdict "$(echo "$first_kib / 1024" | bc -l)" 150)"
ratio=$(echo "$second / $newsboat_second" | bc -l)
printf "second sync, nothing new: ItemFeed %.2f s, newsboat %.2f s, ratio %.2f× (target ≤ 0.2×) — %s\n" \
    "$second" "$newsboat_second" "$ratio" "$(verdict "$ratio" 0.2)"
printf "second sync, nothing new: %d requests (target ≤ 5) — %s\n" "$second_requests" "$(verdict "$second_requests" 5)"

# 10,000 items marked read with no server asked, then sent.
sqlite3 "$work/data/item-feed/library.sqlite" "SELECT id FROM item WHERE read = 0 LIMIT 10000" > "$work/unread"
marked=$(wc -l < "$work/unread")
xargs -a "$work/unread" "$app" --mark-read > /dev/null
before=$(edit_tags)
"$app" --sync > /dev/null
sent=$(( $(edit_tags) - before ))
printf "%d marks made offline, sent in %d requests (target ≤ 10) — %s\n" "$marked" "$sent" "$(verdict "$sent" 10)"

# The same account on the loopback Nextcloud News server
# (Tests/ItemFeedCurlTests/Server/nextcloud_server.py): its first sync beside
# the Google Reader row's, and the requests of a sync with nothing new.
mkfifo "$work/hold-nextcloud"
python3 Tests/ItemFeedCurlTests/Server/nextcloud_server.py --feeds "${SYNC_FEEDS:-1000}" --items "${SYNC_ITEMS_PER_FEED:-100}" \
    --folders 20 --unread-every 10 --starred-every 200 --spacing-hours 96 < "$work/hold-nextcloud" > "$work/nextcloud.log" 2>&1 &
nextcloud=$!
exec 4> "$work/hold-nextcloud"
for _ in $(seq 300); do grep -q PORT "$work/nextcloud.log" 2>/dev/null && break; sleep 0.1; done
nextcloud_port=$(sed -n 's/^PORT //p' "$work/nextcloud.log")
nextcloud_requests() { curl -s "http://127.0.0.1:$nextcloud_port/__stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])'; }
export XDG_DATA_HOME=$work/nextcloud-data XDG_CACHE_HOME=$work/nextcloud-cache
echo itemfeed-api | "$app" --add-account nextcloud "http://127.0.0.1:$nextcloud_port" --user itemfeed > /dev/null
read -r nextcloud_first nextcloud_kib < <(ours)
nextcloud_held=$(sqlite3 "$work/nextcloud-data/item-feed/library.sqlite" "SELECT count(*) FROM item")
before=$(nextcloud_requests)
read -r nextcloud_second _ < <(ours)
nextcloud_second_requests=$(( $(nextcloud_requests) - before ))
kill "$nextcloud" 2>/dev/null || true
export XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
ratio=$(echo "$nextcloud_first / $first" | bc -l)
printf "Nextcloud News, the same account (ItemFeed keeps %d items): first sync %.2f s, the Google Reader API's above %.2f s, ratio %.2f× (target ≤ 1.2×) — %s\n" \
    "$nextcloud_held" "$nextcloud_first" "$first" "$ratio" "$(verdict "$ratio" 1.2)"
printf "Nextcloud News, first sync, peak resident memory: %.0f MiB (target ≤ 150 MiB) — %s\n" \
    "$(echo "$nextcloud_kib / 1024" | bc -l)" "$(verdict "$(echo "$nextcloud_kib / 1024" | bc -l)" 150)"
printf "Nextcloud News, second sync, nothing new: %.2f s in %d requests (target ≤ 3) — %s\n" \
    "$nextcloud_second" "$nextcloud_second_requests" "$(verdict "$nextcloud_second_requests" 3)"

[[ -n $probe ]] || exit 0
start_xvfb "${SYNC_DISPLAY:-94}"
stalls=()
for _ in $(seq "${SYNC_RUNS:-3}"); do
    rm -rf "$work/data" "$work/cache"
    echo itemfeed-api | "$app" --add-account greader "$address" --user itemfeed > /dev/null
    read -r stall seconds < <(GSK_RENDERER=cairo timeout 300 "$probe" sync 2> /dev/null)
    stalls+=("$stall")
done
echo "runs (ms): the window's longest main-loop stall ${stalls[*]}; the last first sync took $seconds s"
stall=$(printf '%s\n' "${stalls[@]}" | median)
printf "the window while an account of %d items syncs the first time: longest main-loop stall %.0f ms (median; target ≤ 50 ms) — %s\n" \
    "$held" "$stall" "$(verdict "$stall" 50)"
