#!/usr/bin/env bash
# make benchmark's Tiny Tiny RSS row (SPEC 15): an account of 200 feeds × 50
# items on Debian's tt-rss (the tests' server, scripts/ttrss-test-server.sh:
# PostgreSQL and PHP on loopback, the feeds on a test host in a network
# namespace). `item-feed --sync` against newsboat's reload of the same
# account through its "ttrss" source, in the same run, each from nothing.
#   Benchmarks/scripts/sync-ttrss.sh PATH/TO/item-feed
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/scripts/benchmark-lib.sh
app=$1
feeds=${TTRSS_FEEDS:-200}
items=${TTRSS_ITEMS_PER_FEED:-50}
work=$(mktemp -d)
chmod 755 "$work"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
server="$work/ttrss"
cleanup() { $sudo scripts/ttrss-test-server.sh stop "$server" || true; kill "${bus:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
$sudo scripts/ttrss-test-server.sh start "$server"
"$server/add-user" benchmark benchmark-password
address=$(cat "$server/url")/

# The feeds written, subscribed and fetched by tt-rss before anyone syncs.
python3 - "$server" "$feeds" "$items" <<'PYTHON'
import email.utils, json, sys, time, urllib.request
folder, feeds, items = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
api = open(f"{folder}/url").read().strip() + "/api/"
host = open(f"{folder}/feeds-url").read().strip()
def call(body):
    answer = json.load(urllib.request.urlopen(api, json.dumps(body).encode(), timeout=60))
    assert answer["status"] == 0, answer
    return answer["content"]
sid = call({"op": "login", "user": "benchmark", "password": "benchmark-password"})["session_id"]
now = time.time()
for f in range(feeds):
    entries = "".join(
        f"<item><title>Feed {f} item {i}</title><link>https://example.org/{f}/{i}</link><guid>{f}-{i}</guid>"
        f"<description>&lt;p&gt;The article {i} of feed {f}, a paragraph of text long enough to be a summary.&lt;/p&gt;</description>"
        f"<pubDate>{email.utils.formatdate(now - (f * items + i) * 600, usegmt=True)}</pubDate></item>"
        for i in range(items))
    with open(f"{folder}/feeds/{f}.xml", "w") as out:
        out.write(f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {f}</title><link>https://example.org/{f}</link>{entries}</channel></rss>')
    feed = call({"op": "subscribeToFeed", "sid": sid, "feed_url": f"{host}/{f}.xml"})["status"]["feed_id"]
    call({"op": "updateFeed", "sid": sid, "feed_id": feed})
PYTHON
# Both clients meet a database whose planner statistics are up to date.
"$server/psql" -c "vacuum analyze" > /dev/null

start_keyring "$work"
export XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
echo benchmark-password | "$app" --add-account ttrss "$address" --user benchmark > /dev/null
newsboat_sync_config "$work/newsboat" ttrss "$address" benchmark benchmark-password
# newsboat's first reload into a cache of its own (named by $1).
theirs() {
    /usr/bin/time -f '%e' env HOME="$work/newsboat" newsboat -x reload -u "$work/newsboat/urls" -c "$work/newsboat/$1.db" \
        -C "$work/newsboat/config" 2>&1 > /dev/null | tail -1
}
ours() { /usr/bin/time -f '%e %M' "$app" --sync 2>&1 > /dev/null | tail -1; }
# tt-rss fills caches of its own (counters, sessions) on first reading an
# account: a reload it answers before either is timed, so neither pays it.
theirs warm-up > /dev/null
read -r ours ours_kib < <(ours)
held=$(sqlite3 "$work/data/item-feed/library.sqlite" "SELECT count(*) FROM item")
theirs=$(theirs first)
theirs_held=$(sqlite3 "$work/newsboat/first.db" "SELECT count(*) FROM rss_item")
read -r second _ < <(ours)

ratio=$(echo "$ours / $theirs" | bc -l)
printf "first sync of a Tiny Tiny RSS account of %d feeds × %d items (Debian's tt-rss on loopback): ItemFeed --sync %.2f s (%d items, %.0f MiB), newsboat -x reload (ttrss, 16 threads) %.2f s (%d items), ratio %.2f× (target ≤ 0.5×) — %s\n" \
    "$feeds" "$items" "$ours" "$held" "$(echo "$ours_kib / 1024" | bc -l)" "$theirs" "$theirs_held" "$ratio" "$(verdict "$ratio" 0.5)"
printf "second sync of it, nothing new (its unread and starred ids listed again): ItemFeed %.2f s\n" "$second"
