#!/usr/bin/env python3
"""Writes the bundled demo feeds: resources/demo/feed.json (ItemFeed's own
format), resources/demo/feed.rss (the same items as RSS 2.0 with Media RSS
thumbnails and HTML descriptions) and one small PNG thumbnail per item, drawn here (standard library only) so the project owns
every byte it ships. Run it again to regenerate; the output is deterministic.
"""
import colorsys
import email.utils
import json
import math
import struct
import zlib
from datetime import datetime, timezone
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent / "resources" / "demo"
SIZE = 128

NAMES = [
    "Amber Dunes", "Blue Lagoon", "Cedar Grove", "Desert Bloom", "Emerald Bay",
    "Fjord Morning", "Glacier Point", "Harbour Lights", "Iris Meadow", "Jade Terrace",
    "Kelp Forest", "Lavender Fields", "Moss Canyon", "Northern Lights", "Orchid House",
    "Pine Ridge", "Quartz Valley", "Red Rock Arch", "Saffron Market", "Tidal Pools",
    "Umber Cliffs", "Violet Hour", "Willow Creek", "Xeric Garden", "Yarrow Hill",
    "Zephyr Coast", "Aurora Lake", "Basalt Shore", "Coral Reef", "Dawn Orchard",
    "Ember Peak", "Fern Hollow", "Golden Steppe", "Heather Moor", "Indigo Night",
    "Juniper Trail",
]

SUMMARIES = [
    "A quiet place at first light.",
    "Colours that change with the weather.",
    "Worth the long walk to get there.",
]


def png(width, height, pixel):
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


def thumbnail(index):
    hue = (index * 0.61803398875) % 1.0
    shape = index % 4

    def colour(h, l, s):
        return tuple(int(c * 255) for c in colorsys.hls_to_rgb(h % 1.0, l, s))

    sky_top, sky_bottom = colour(hue, 0.78, 0.55), colour(hue + 0.05, 0.55, 0.6)
    accent = colour(hue + 0.5, 0.55, 0.7)
    ground = colour(hue + 0.1, 0.3, 0.45)

    def pixel(x, y):
        t = y / (SIZE - 1)
        base = tuple(int(a + (b - a) * t) for a, b in zip(sky_top, sky_bottom))
        cx, cy = SIZE * 0.68, SIZE * 0.36
        if shape == 0 and (x - cx) ** 2 + (y - cy) ** 2 < (SIZE * 0.16) ** 2:
            return accent
        if shape == 1 and abs(x - SIZE / 2) + abs(y - SIZE * 0.45) < SIZE * 0.22:
            return accent
        if shape == 2 and (x // 16 + y // 16) % 2 == 0 and y < SIZE * 0.6:
            return tuple(min(255, c + 18) for c in base)
        if shape == 3 and abs(y - SIZE * 0.3 - 10 * math.sin(x / 9)) < 5:
            return accent
        horizon = SIZE * 0.68 + 8 * math.sin(x / 17 + index)
        if y > horizon:
            return ground
        return base

    return png(SIZE, SIZE, pixel)


# Who took each picture: rows show an author line, as real feeds' do.
AUTHORS = ["Aiko Tanaka", "Ben Okafor", "Chloé Martin", "Diego Ramos", "Emma Larsen", "Farah Haddad"]


def main():
    images = ROOT / "images"
    images.mkdir(parents=True, exist_ok=True)
    items = []
    for index, name in enumerate(NAMES):
        filename = f"{index + 1:02d}.png"
        (images / filename).write_bytes(thumbnail(index))
        items.append({
            "id": f"demo-{index + 1:02d}",
            "name": name,
            "image_url": f"images/{filename}",
            "author": AUTHORS[index % len(AUTHORS)],
            "priority": index % 3 + 1,
            "date": f"2026-{(index % 12) + 1:02d}-{(index % 27) + 1:02d}T09:00:00Z",
            "link": f"https://en.wikipedia.org/wiki/Special:Search?search={name.replace(' ', '+')}",
            "summary": SUMMARIES[index % len(SUMMARIES)],
        })
    (ROOT / "feed.json").write_text(json.dumps({"title": "ItemFeed Demo", "items": items}, indent=2) + "\n")
    (ROOT / "feed.rss").write_text(rss(items))
    print(f"wrote {len(items)} items to {ROOT}")


def rss(items):
    """The same items as an RSS 2.0 feed, the way blogs and podcasts write
    them: RFC 822 dates, an author, HTML in the description."""
    entries = []
    for item in items:
        date = datetime.fromisoformat(item["date"].replace("Z", "+00:00")).astimezone(timezone.utc)
        entries.append(f"""    <item>
      <title>{escape(item["name"])}</title>
      <link>{escape(item["link"])}</link>
      <guid isPermaLink="false">{item["id"]}-rss</guid>
      <pubDate>{email.utils.format_datetime(date, usegmt=True)}</pubDate>
      <dc:creator>{escape(item["author"])}</dc:creator>
      <description>{escape("<p>" + escape(item["summary"]) + "</p>")}</description>
      <media:thumbnail url={quoteattr(item["image_url"])} width="128" height="128"/>
    </item>""")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>ItemFeed Demo (RSS)</title>
    <link>https://github.com/itemfeed/ItemFeed</link>
    <description>The bundled demo feed, as RSS 2.0 with Media RSS thumbnails.</description>
{chr(10).join(entries)}
  </channel>
</rss>
"""


if __name__ == "__main__":
    main()
