#!/usr/bin/env python3
"""The baseline for ItemFeed's JSON mapping rows in `make benchmark`.

Python's `json` parse of a native feed or a JSON Feed plus the rules
ItemFeed's mappers apply to every item: text cleaned (controls and
bidirectional overrides dropped, whitespace runs one space, trimmed, capped),
ids that are numbers made strings, addresses resolved against the feed with
only web schemes kept, RFC 3339 dates read, entries without an id or a title
and repeated ids skipped.

    map-feed.py native|json-feed FEED_URL [FILE]   (standard input without FILE)

prints what `item-feed --print` prints: one tab-separated line per item (id,
title, date, author, image address), and the skipped count on stderr; with
MAP_FEED_COUNT=1 only the number of items (the in-process mapping rows).
"""
import json
import os
import re
import sys
from datetime import datetime, timezone
from urllib.parse import urljoin, urlsplit

DROPPED = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u202a-\u202e\u2066-\u2069]")
SPACES = re.compile("[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")
TITLE_LIMIT, SUMMARY_LIMIT, NAME_LIMIT, ID_LIMIT = 1000, 10000, 200, 2048


def clean(text, limit):
    if not isinstance(text, str):
        return None
    # ItemFeed's own shortcut: short printable ASCII with single spaces is
    # already clean.
    if len(text) <= limit and text.isascii() and text.isprintable() and "  " not in text and text == text.strip():
        return text or None
    text = SPACES.sub(" ", DROPPED.sub("", text)).strip()
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text or None


def identifier(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() else str(value)
    return clean(value, ID_LIMIT)


PLAIN_PATH = re.compile(r"[^/.:?#%\\\x00-\x20\x7f-\U0010ffff][^:?#%\\\x00-\x20\x7f-\U0010ffff]*")


def web_url(feed_url, value):
    if not isinstance(value, str) or not value.strip():
        return None
    value = value.strip()
    # ItemFeed's own shortcuts: an absolute address is parsed once, a plain
    # relative path is joined to the feed's folder; the rest goes to urljoin.
    if PLAIN_PATH.fullmatch(value):
        return feed_url[: feed_url.rindex("/") + 1] + value
    url = value if value.startswith(("https://", "http://")) else urljoin(feed_url, value)
    parts = urlsplit(url)
    return url if parts.scheme in ("http", "https") and parts.hostname else None


def date(value):
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc)


def native_item(entry, feed_url):
    return (
        identifier(entry.get("id")),
        clean(entry.get("name"), TITLE_LIMIT),
        date(entry.get("date")),
        clean(entry.get("author"), NAME_LIMIT),
        web_url(feed_url, entry.get("image_url")),
        web_url(feed_url, entry.get("link")),
        clean(entry.get("summary"), SUMMARY_LIMIT),
    )


def json_feed_item(entry, feed_url):
    authors = entry.get("authors")
    author = authors[0] if isinstance(authors, list) and authors else entry.get("author")
    summary = clean(entry.get("summary") or entry.get("content_text"), SUMMARY_LIMIT)
    return (
        identifier(entry.get("id")),
        clean(entry.get("title"), TITLE_LIMIT) or (summary and clean(summary, 100)),
        date(entry.get("date_published")),
        clean(author.get("name"), NAME_LIMIT) if isinstance(author, dict) else None,
        web_url(feed_url, entry.get("image")) or web_url(feed_url, entry.get("banner_image")),
        web_url(feed_url, entry.get("url") or entry.get("external_url")),
        summary,
    )


def main():
    form, feed_url = sys.argv[1], sys.argv[2]
    source = open(sys.argv[3], "rb") if len(sys.argv) > 3 else sys.stdin.buffer
    document = json.loads(source.read())
    item = native_item if form == "native" else json_feed_item
    seen, items, skipped = set(), [], 0
    for entry in document["items"]:
        fields = item(entry, feed_url) if isinstance(entry, dict) else (None, None)
        if not fields[0] or not fields[1] or fields[0] in seen:
            skipped += 1
            continue
        seen.add(fields[0])
        items.append(fields)
    if os.environ.get("MAP_FEED_COUNT"):
        print(len(items))
        return
    lines = []
    for fields in items:
        when = fields[2].strftime("%Y-%m-%dT%H:%M:%SZ") if fields[2] else ""
        lines.append("\t".join((fields[0], fields[1], when, fields[3] or "", fields[4] or "")))
    sys.stdout.write("\n".join(lines) + "\n")
    if skipped:
        print(f"skipped {skipped} entries without an id or a title", file=sys.stderr)


main()
