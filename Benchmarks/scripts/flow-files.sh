#!/usr/bin/env bash
# Counts the source files each of the library's flows runs, the count
# docs/ARCHITECTURE.md ("The library's three flows, walked") gives beside
# its walks: every file under Sources/ (GtkTestKit, the tests' kit, aside)
# with a line run between the flow's trigger and its result, counted once.
# A build for coverage (.build/flow-files, with ITEMFEED_FLOW_FILES
# defined) runs the window tests that time F5 in a library view and j in
# the reading pane (`FlowFiles.begin`/`end` reset and write LLVM's
# counters); `item-feed --subscribe` of a local feed is its whole process.
#   Benchmarks/scripts/flow-files.sh [-v]   (-v: the files too)
set -euo pipefail
cd "$(dirname "$0")/../.."
verbose=${1:-}
build=.build/flow-files
tools=$(dirname "$(readlink -f "$(command -v swift)")")
swift build --build-tests --enable-code-coverage -Xswiftc -DITEMFEED_FLOW_FILES --scratch-path "$build" > "$build.log" 2>&1 \
    || { tail -20 "$build.log"; exit 1; }
bin=$build/debug
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The files of Sources/ the profiles of flow $1 ran, in binary $2.
count() {
    "$tools/llvm-profdata" merge -sparse "$work/$1"-*.profraw -o "$work/$1.profdata"
    "$tools/llvm-cov" export -summary-only -instr-profile "$work/$1.profdata" "$2" | python3 -c '
import json, sys
files = sorted(f["filename"].split("/Sources/", 1)[1] for f in json.load(sys.stdin)["data"][0]["files"]
               if "/Sources/" in f["filename"] and "/Sources/GtkTestKit/" not in f["filename"]
               and f["summary"]["lines"]["covered"] > 0)
print("%s: %d files" % (sys.argv[1], len(files)))
if sys.argv[2] == "-v":
    print("\n".join("  " + f for f in files))
' "$1" "$verbose"
}

for flow in F5:ItemFeedGtkTests.LibraryWindowTests/test_F5_refreshesTheViewsFeeds_andTheCountsAndRowsFollow \
            j:ItemFeedGtkTests.ReadingPaneTests/test_jAndK_moveThroughTheItems_andTheListFollows; do
    name=${flow%%:*}
    LLVM_PROFILE_FILE="$work/$name-%p.profraw" ITEMFEED_FLOW=$name ITEMFEED_REQUIRE_DISPLAY=1 GSK_RENDERER=cairo \
        scripts/with-desktop-session.sh xvfb-run -a -s "-screen 0 1400x1024x24" \
        "$bin/ItemFeedPackageTests.xctest" "${flow#*:}" > "$work/$name.log" 2>&1 || { tail -20 "$work/$name.log"; exit 1; }
    count "$name" "$bin/ItemFeedPackageTests.xctest"
done

feed=$work/feed.json
echo '{"title": "Tides", "items": [{"id": "1", "name": "Low water"}]}' > "$feed"
XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache LLVM_PROFILE_FILE="$work/subscribe-%p.profraw" "$bin/item-feed" --subscribe "$feed" > /dev/null
count subscribe "$bin/item-feed"
