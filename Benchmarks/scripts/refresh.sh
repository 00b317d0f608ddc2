#!/usr/bin/env bash
# make benchmark's refresh rows (SPEC 12): `item-feed --refresh` of 1,000
# feeds (RSS, Atom and JSON Feed in turn, 20 items each) on ten loopback
# addresses, each answer 20 ms late (Benchmarks/baselines/feed-farm.py),
# against `newsboat -x reload` with reload-threads 16 on the same addresses,
# in the same run: the first refresh, then the second, where every feed
# answers 304; and the peak resident memory of the first `--refresh` beside
# newsboat's first reload.
# newsboat reads no JSON Feed: its third of the feeds it fetches and fails.
# With the first-rows probe, the same refresh in the window (sidebar and
# All view, under Xvfb): the main loop's longest stall meanwhile.
#   Benchmarks/scripts/refresh.sh PATH/TO/item-feed [PATH/TO/item-feed-first-rows]
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/scripts/benchmark-lib.sh
app=$1
probe=${2:-}
work=$(mktemp -d)
port=${REFRESH_PORT:-18470}
cleanup() { kill "${farm:-}" "${xvfb:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

python3 Benchmarks/baselines/feed-farm.py "$port" "$work/urls" "${REFRESH_FEEDS:-1000}" > "$work/farm.log" 2>&1 &
farm=$!
for _ in $(seq 50); do grep -q ready "$work/farm.log" 2>/dev/null && break; sleep 0.1; done
feeds=$(wc -l < "$work/urls")

# ItemFeed: a library of the same addresses, imported from OPML.
{
    echo '<?xml version="1.0"?><opml version="2.0"><body>'
    sed 's/.*/<outline text="&" xmlUrl="&"\/>/' "$work/urls"
    echo '</body></opml>'
} > "$work/feeds.opml"
export XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache
"$app" --import-opml "$work/feeds.opml" > /dev/null
# Seconds and peak resident KiB of one `--refresh`.
ours() { /usr/bin/time -f '%e %M' "$app" --refresh 2>&1 > "$work/refresh.out" | tail -1; }
read -r first first_kib < <(ours)
read -r second _ < <(ours)
failed=$(grep -c $'\terror' "$work/refresh.out" || true)

# newsboat: the same addresses, 16 threads, its own cache.
mkdir -p "$work/newsboat"
cp "$work/urls" "$work/newsboat/urls"
echo "reload-threads 16" > "$work/newsboat/config"
theirs() {
    /usr/bin/time -f '%e %M' env HOME="$work/newsboat" newsboat -x reload -u "$work/newsboat/urls" \
        -c "$work/newsboat/cache.db" -C "$work/newsboat/config" 2>&1 > /dev/null | tail -1
}
read -r newsboat_first newsboat_first_kib < <(theirs)
read -r newsboat_second _ < <(theirs)

echo "refresh of $feeds feeds on 10 loopback hosts, 20 ms a request (ItemFeed's second refresh: $failed feeds failed)"
ratio=$(echo "$first / $newsboat_first" | bc -l)
printf "first refresh of %d feeds: ItemFeed %.2f s, newsboat -x reload (16 threads) %.2f s, ratio %.2f× (target ≤ 0.5×) — %s\n" \
    "$feeds" "$first" "$newsboat_first" "$ratio" "$(verdict "$ratio" 0.5)"
ratio=$(echo "$second / $newsboat_second" | bc -l)
printf "second refresh, every feed 304: ItemFeed %.2f s, newsboat %.2f s, ratio %.2f× (target ≤ 0.3×) — %s\n" \
    "$second" "$newsboat_second" "$ratio" "$(verdict "$ratio" 0.3)"
mib=$(echo "$first_kib / 1024" | bc -l)
newsboat_mib=$(echo "$newsboat_first_kib / 1024" | bc -l)
ratio=$(echo "$first_kib / $newsboat_first_kib" | bc -l)
printf "peak resident memory, first refresh: ItemFeed --refresh %.0f MiB, newsboat -x reload %.0f MiB, ratio %.2f× (target ≤ 1×) — %s\n" \
    "$mib" "$newsboat_mib" "$ratio" "$(verdict "$ratio" 1)"

[[ -n $probe ]] || exit 0
start_xvfb "${REFRESH_DISPLAY:-93}"
stalls=()
for _ in $(seq "${REFRESH_RUNS:-3}"); do
    rm -rf "$work/data" "$work/cache"
    "$app" --import-opml "$work/feeds.opml" > /dev/null
    read -r stall seconds < <(GSK_RENDERER=cairo timeout 120 "$probe" refresh 2> /dev/null)
    stalls+=("$stall")
done
echo "runs (ms): the window's longest main-loop stall ${stalls[*]}; the last refresh took $seconds s"
stall=$(printf '%s\n' "${stalls[@]}" | median)
printf "the window while %d feeds refresh: longest main-loop stall %.0f ms (median; target ≤ 50 ms) — %s\n" "$feeds" "$stall" "$(verdict "$stall" 50)"
