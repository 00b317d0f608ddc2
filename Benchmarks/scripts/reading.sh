#!/usr/bin/env bash
# make benchmark's reading rows (SPEC 13, 19), under Xvfb: a typical article
# (5 KB of HTML), a long one (200 KB) and a rich one (200 KB with 20
# pictures, 5 tables, 10 highlighted code blocks; also made the model alone,
# `model`) from their HTML to the frame that
# paints them in the pane (item-feed-first-rows `article`), beside
# libxml2's bare HTML parse of the same bytes (`xmllint --html --noout`,
# the process included); a 200 KB web page from its bytes to its full
# article painted (`page`: the readability pass, then the same); the rich
# article scrolled through, its longest frame and the memory the pane added
# (`scroll`); then j through 100 items of the library in LIBRARY_DIR, the
# longest time between two frames (`reading`), and again with every item
# the rich article (`reading FILE`).
#   Benchmarks/scripts/reading.sh PATH/TO/item-feed-first-rows
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/scripts/benchmark-lib.sh
probe=$1
work=$(mktemp -d)
cleanup() { kill "${xvfb:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

python3 - "$work" <<'PY'
import random, sys
random.seed(1)
words = "garden river swift linux feed reader gnome kernel window cloud forest harbour signal thread paper stone".split()
def paragraph():
    text = " ".join(random.choice(words) for _ in range(random.randint(30, 80)))
    return f'<p>{text} <a href="https://example.com/{random.randint(1, 999)}">a link</a>, <b>bold</b> and <em>emphasis</em>.</p>\n'
def article(size):
    parts = ["<h1>A title</h1>\n"]
    while sum(map(len, parts)) < size:
        roll = random.random()
        if roll < 0.7: parts.append(paragraph())
        elif roll < 0.8: parts.append("<ul>" + "".join(f"<li>{random.choice(words)} point</li>" for _ in range(5)) + "</ul>\n")
        elif roll < 0.9: parts.append("<h2>A section</h2>\n")
        else: parts.append("<pre>let x = 1\nprint(x)\n</pre>\n")
    return "".join(parts)
for name, size in (("typical", 5 * 1024), ("long", 200 * 1024)):
    open(f"{sys.argv[1]}/{name}.html", "w").write(article(size))
# SPEC 19's rich article: 200 KB with 20 pictures, 5 tables and 10 highlighted code blocks among its paragraphs.
def table(rows):
    head = "<thead><tr>" + "".join(f"<th>{random.choice(words)}</th>" for _ in range(5)) + "</tr></thead>"
    body = "".join("<tr><td>" + random.choice(words) + "</td>" + "".join(f"<td>{random.randint(1, 99999):,}</td>" for _ in range(4)) + "</tr>" for _ in range(rows))
    return f"<table>{head}<tbody>{body}</tbody></table>\n"
def code():
    lines = [f"    let {random.choice(words)}{i} = compute({random.randint(1, 999)}, \"{random.choice(words)}\") // {random.choice(words)}" for i in range(12)]
    return '<pre><code class="language-swift">func example() {\n' + "\n".join(lines) + "\n}</code></pre>\n"
extras = [f'<figure><img src="https://img.example/{i}.jpg" alt="Picture {i}" width="1200" height="800"><figcaption>Picture {i}</figcaption></figure>\n' for i in range(20)]
extras += [table(12) for _ in range(5)] + [code() for _ in range(10)]
random.shuffle(extras)
parts, filler = ["<h1>A rich article</h1>\n"], 200 * 1024 - sum(map(len, extras))
while sum(map(len, parts)) < filler: parts.append(paragraph())
step = max(1, len(parts) // len(extras))
for index, extra in enumerate(extras): parts.insert(1 + index * (step + 1), extra)
open(f"{sys.argv[1]}/rich.html", "w").write("".join(parts))
# A web page of 200 KB around its article: a menu, a sidebar of links, comments, a footer.
menu = '<nav class="menu">' + "".join(f'<a href="/section/{i}">Section {i}</a> ' for i in range(40)) + "</nav>\n"
sidebar = '<aside class="sidebar"><ul>' + "".join(f'<li><a href="/related/{i}">Related story {i}</a></li>' for i in range(120)) + "</ul></aside>\n"
comments = '<div id="comments" class="comments">' + "".join(f"<div class=\"comment\"><p>{paragraph()}</p></div>" for _ in range(40)) + "</div>\n"
chrome = menu + sidebar + comments + '<footer class="footer">' + "".join(f'<a href="/about/{i}">About {i}</a> ' for i in range(60)) + "</footer>"
body = article(200 * 1024 - len(chrome) - 400)
open(f"{sys.argv[1]}/page.html", "w").write(f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A long story | The Gazette</title></head><body>{menu}<div class="layout"><article class="post-content">{body}</article>{sidebar}</div>{comments}{chrome[len(menu) + len(sidebar) + len(comments):]}</body></html>')
PY

export DISPLAY=:${READING_DISPLAY:-92}
Xvfb "$DISPLAY" -screen 0 1200x800x24 -nolisten tcp &> /dev/null &
xvfb=$!
sleep 1

# Milliseconds of xmllint's parse, process included, median of 11.
xmllint_ms() {
    python3 - "$1" <<'PY'
import statistics, subprocess, sys, time
runs = []
for _ in range(11):
    started = time.perf_counter()
    subprocess.run(["xmllint", "--html", "--noout", sys.argv[1]], stderr=subprocess.DEVNULL, check=False)
    runs.append((time.perf_counter() - started) * 1000)
print(f"{statistics.median(runs):.2f}")
PY
}

for name in typical long rich; do
    limit=$([[ $name == typical ]] && echo 10 || echo 100)
    ours=$(GSK_RENDERER=cairo timeout 120 "$probe" article "$work/$name.html" 2> /dev/null)
    theirs=$(xmllint_ms "$work/$name.html")
    size=$(( $(stat -c %s "$work/$name.html") / 1024 ))
    printf "a %d KB article, HTML to the pane painted: %.1f ms, xmllint --html --noout %.1f ms, ratio %.2f× (target ≤ %d ms) — %s\n" \
        "$size" "$ours" "$theirs" "$(echo "$ours / $theirs" | bc -l)" "$limit" "$(verdict "$ours" "$limit")"
done

read -r model added blocks < <(timeout 120 "$probe" model "$work/rich.html" 2> /dev/null)
theirs=$(xmllint_ms "$work/rich.html")
printf "the rich article (20 pictures, 5 tables, 10 code blocks) made the pane's model, %d blocks: %.1f ms, xmllint --html --noout %.1f ms, ratio %.2f× (target ≤ 3×) — %s\n" \
    "$blocks" "$model" "$theirs" "$(echo "$model / $theirs" | bc -l)" "$(verdict "$(echo "$model / $theirs" | bc -l)" 3)"
printf "the rich article's model in memory: %.1f MiB added (target ≤ 30 MiB) — %s\n" "$added" "$(verdict "$added" 30)"

# The rich article scrolled beside a bare GtkTextView holding its text
# (Benchmarks/baselines/textview-baseline.c), the same window, the same steps.
gcc -O2 Benchmarks/baselines/textview-baseline.c -o "$work/textview-baseline" $(pkg-config --cflags --libs gtk4)
python3 - "$work/rich.html" > "$work/rich.txt" <<'PY'
import html, re, sys
page = open(sys.argv[1]).read()
print(html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<(p|li|h[1-6]|tr|pre|figcaption|table)[^>]*>", "\n", page))))
PY
read -r frame added < <(GSK_RENDERER=cairo timeout 120 "$probe" scroll "$work/rich.html" 2> /dev/null)
bare=$(GSK_RENDERER=cairo timeout 120 "$work/textview-baseline" "$work/rich.txt" 2> /dev/null)
printf "the rich article scrolled through, half a page a frame, its pictures decoded as they come near: the longest frame %.1f ms, a bare GtkTextView of its text %.1f ms, ratio %.2f× (target ≤ 16.7 ms) — %s\n" \
    "$frame" "$bare" "$(echo "$frame / $bare" | bc -l)" "$(verdict "$frame" 16.7)"
printf "the rich article in the pane, scrolled to its end: %.1f MiB added (target ≤ 30 MiB) — %s\n" "$added" "$(verdict "$added" 30)"

ours=$(GSK_RENDERER=cairo timeout 120 "$probe" page "$work/page.html" 2> /dev/null)
theirs=$(xmllint_ms "$work/page.html")
size=$(( $(stat -c %s "$work/page.html") / 1024 ))
printf "a %d KB web page, its bytes to the full article painted (the readability pass included): %.1f ms, xmllint --html --noout %.1f ms, ratio %.2f× (target ≤ 100 ms) — %s\n" \
    "$size" "$ours" "$theirs" "$(echo "$ours / $theirs" | bc -l)" "$(verdict "$ours" 100)"

if [[ -n ${LIBRARY_DIR:-} && -f $LIBRARY_DIR/item-feed/library.sqlite ]]; then
    frame=$(XDG_DATA_HOME="$LIBRARY_DIR" XDG_CACHE_HOME="$work/cache" GSK_RENDERER=cairo timeout 120 "$probe" reading 2> /dev/null)
    printf "j through 100 items of the library, the longest frame: %.0f ms (target ≤ 50 ms) — %s\n" "$frame" "$(verdict "$frame" 50)"
    frame=$(XDG_DATA_HOME="$LIBRARY_DIR" XDG_CACHE_HOME="$work/cache" GSK_RENDERER=cairo timeout 120 "$probe" reading "$work/rich.html" 2> /dev/null)
    printf "j through 100 items each the rich article, the first included, the longest frame: %.0f ms (target ≤ 50 ms) — %s\n" "$frame" "$(verdict "$frame" 50)"
fi
