#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets in Fuzz/ with AddressSanitizer and
# runs each for FUZZ_SECONDS (30 by default) or FUZZ_RUNS executions. Each run first replays the inputs that once failed
# (Fuzz/regressions/<target>), then fuzzes from the seeds and the format's
# dictionary. A failing input is copied into Fuzz/regressions/<target> so it
# is replayed by every later run once fixed; the run then fails.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"

seconds=${FUZZ_SECONDS:-30}
# FUZZ_RUNS: stop each target after this many executions instead (long runs).
limit=(-max_total_time="$seconds")
[[ -n ${FUZZ_RUNS:-} ]] && limit=(-runs="$FUZZ_RUNS")
targets=(${FUZZ_TARGETS:-native json-feed qiita rss atom detect image discovery opml article readability sync query})
work=${FUZZ_WORK:-.build/fuzz-corpus}

# gold warns about every ASan symbol it cannot export; a failed build still fails.
build() { swift build -c release -Xswiftc -sanitize=fuzzer,address 2>&1 | { grep -v "Cannot export local symbol" || true; }; }
# Once more on failure: SwiftPM keeps the app package's file list from this
# package's last build and missed a file added since ("cannot find type
# 'DecodedThumbnails'"); its build manifest removed, the second build lists
# the files anew (a failed build alone did not always refresh it). A real
# compile error fails both.
build || { echo "fuzz build failed; building once more with a fresh file list"; rm -f .build/release.yaml; build; }
bin=$(swift build -c release --show-bin-path)

dictionary() {
    case $1 in
        native | json-feed | qiita) cat dictionaries/json.dict ;;
        rss | atom) cat dictionaries/xml-common.dict "dictionaries/$1.dict" ;;
        detect) cat dictionaries/json.dict dictionaries/xml-common.dict dictionaries/rss.dict dictionaries/atom.dict ;;
        image) cat dictionaries/image.dict ;;
        discovery) cat dictionaries/html.dict ;;
        article | readability) cat dictionaries/html.dict dictionaries/article.dict ;;
        opml) cat dictionaries/xml-common.dict dictionaries/opml.dict ;;
        sync) cat dictionaries/json.dict dictionaries/sync.dict ;;
        query) cat dictionaries/query.dict ;;
    esac
}

seeds() {
    case $1 in
        detect) echo seeds/native seeds/json-feed seeds/qiita seeds/rss seeds/atom ;;
        *) echo "seeds/$1" ;;
    esac
}

failed=0
for target in "${targets[@]}"; do
    corpus="$work/$target"
    artifacts="$work/$target-artifacts/"
    mkdir -p "$corpus" "$artifacts" "regressions/$target"
    # Last run's failures are kept as regressions already; only this run's count.
    rm -f "$artifacts"*
    dictionary "$target" | grep -v '^#' | sort -u > "$work/$target.dict"

    if compgen -G "regressions/$target/*" > /dev/null; then
        echo "== $target: replaying $(ls "regressions/$target" | wc -l) inputs that once failed"
        "$bin/fuzz-$target" -rss_limit_mb=2048 regressions/$target/* || failed=1
    fi

    echo "== $target: ${limit[*]}"
    # -timeout: an input taking 10 s is a hang for a feed the size of a
    # fuzz input. -rss_limit_mb: 2 GB is far above any promise.
    status=0
    "$bin/fuzz-$target" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 \
        -dict="$work/$target.dict" -artifact_prefix="$artifacts" -print_final_stats=1 \
        "$corpus" $(seeds "$target") > "$work/$target.log" 2>&1 || status=$?
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY|Broken promise|Test unit written)" "$work/$target.log" || true
    if (( status != 0 )); then
        echo "!! $target exited with $status"; tail -30 "$work/$target.log"
        failed=1
    fi
    if compgen -G "$artifacts*" > /dev/null; then
        echo "!! $target failed; keeping the inputs as regressions:" $(ls "$artifacts")
        cp "$artifacts"* "regressions/$target/"
        failed=1
    fi
done
exit $failed
