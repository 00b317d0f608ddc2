#!/usr/bin/python3
"""Copies two feed parsers' own test data into the folder $ITEMFEED_CORPUS
names, outside the repository, with what each parser
says of its items, for ItemFeed's corpus test. The repository keeps no copy.

  scripts/corpus-fixtures.py GOFEED_CHECKOUT FEEDPARSER_CHECKOUT

- gofeed (MIT): testdata/translator/{atom,rss}/feed_item_*.xml; the expected
  items are in the .json beside each file (gofeed's universal feed).
- feedparser (BSD-2-Clause): tests/wellformed/{rss,rdf,atom,atom10,amp} and
  tests/illformed/chardet, the fixtures whose "Expect:" line is about
  entries; the expected items are what Debian's python3-feedparser reads.

Per item: the title, the link (absolute http(s) only: ItemFeed resolves and
filters the rest), the date (seconds since 1970, published else updated)
and the author's name. Run again to refresh.
"""
import calendar
import datetime
import html
import json
import os
import re
import shutil
import subprocess
import sys

import feedparser

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
corpus = os.environ.get("ITEMFEED_CORPUS") or sys.exit("set ITEMFEED_CORPUS to the folder the fixtures go to (never this repository)")


def git_files(checkout, folder):
    names = subprocess.run(["git", "-C", checkout, "ls-tree", "-r", "--name-only", "HEAD", folder],
                           check=True, capture_output=True, text=True).stdout.split()
    return names


def git_show(checkout, path):
    return subprocess.run(["git", "-C", checkout, "show", f"HEAD:{path}"], check=True, capture_output=True).stdout


def web(link):
    return link if link and re.match(r"^https?://[^/]", link) else None


def write(source, entries, licence_text):
    folder = os.path.join(corpus, source)
    with open(os.path.join(folder, "expected.json"), "w") as out:
        json.dump(entries, out, indent=1, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    with open(os.path.join(folder, "LICENSE"), "wb") as out:
        out.write(licence_text)


def gofeed(checkout):
    folder = os.path.join(corpus, "gofeed")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    expected = {}
    for path in git_files(checkout, "testdata/translator"):
        name = os.path.basename(path)
        if not (name.startswith("feed_item_") and name.endswith(".xml")):
            continue
        body = git_show(checkout, path)
        result = json.loads(git_show(checkout, path[:-4] + ".json"))
        items = []
        for item in result.get("items") or []:
            parsed = item.get("publishedParsed") or item.get("updatedParsed")
            items.append({
                "title": item.get("title"),
                "link": web(item.get("link")),
                "date": int(datetime.datetime.fromisoformat(parsed.replace("Z", "+00:00")).timestamp()) if parsed else None,
                "author": (item.get("author") or {}).get("name"),
            })
        with open(os.path.join(folder, name), "wb") as out:
            out.write(body)
        expected[name] = items
    write("gofeed", expected, git_show(checkout, "LICENSE"))
    return len(expected)


def feedparser_fixtures(checkout):
    folder = os.path.join(corpus, "feedparser")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    expected = {}
    paths = []
    for sub in ["tests/wellformed/rss", "tests/wellformed/rdf", "tests/wellformed/atom",
                "tests/wellformed/atom10", "tests/wellformed/amp", "tests/illformed/chardet"]:
        paths += git_files(checkout, sub)
    for path in paths:
        if not path.endswith(".xml"):
            continue
        body = git_show(checkout, path)
        head = body[:600].decode("utf-8", "replace")
        expect = re.search(r"Expect:\s*(.*)", head)
        if not expect or "entries" not in expect.group(1):
            continue
        parsed = feedparser.parse(body)
        items = []
        for entry in parsed.entries:
            stamp = entry.get("published_parsed") or entry.get("updated_parsed")
            title = entry.get("title")
            # feedparser keeps an HTML title as (sanitised) HTML; what a
            # reader shows, and ItemFeed keeps, is its text.
            if title is not None and "html" in entry.get("title_detail", {}).get("type", ""):
                title = html.unescape(re.sub(r"<[^>]*>", "", title))
            items.append({
                "title": title,
                "link": web(entry.get("link")),
                "date": calendar.timegm(stamp) if stamp else None,
                "author": entry.get("author_detail", {}).get("name") or entry.get("author"),
            })
        name = path[len("tests/"):].replace("/", "_")
        with open(os.path.join(folder, name), "wb") as out:
            out.write(body)
        expected[name] = items
    write("feedparser", expected, git_show(checkout, "LICENSE"))
    return len(expected)


if __name__ == "__main__":
    print("gofeed:", gofeed(sys.argv[1]), "fixtures")
    print("feedparser:", feedparser_fixtures(sys.argv[2]), "fixtures")
