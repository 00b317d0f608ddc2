#!/usr/bin/env python3
"""make benchmark's refresh rows: FEEDS feeds of 20 items (RSS, Atom and JSON
Feed in turn) on HOSTS loopback addresses (127.0.0.2 and up, one host per
address), each answer after LATENCY seconds; ETag and Last-Modified on every
feed, a 304 to a request that sends either back. Writes the feeds' addresses
(one per line) to URLS, then serves until killed.
  feed-farm.py PORT URLS [FEEDS [HOSTS [LATENCY]]]"""
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, urls = int(sys.argv[1]), sys.argv[2]
feeds = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
hosts = int(sys.argv[4]) if len(sys.argv) > 4 else 10
latency = float(sys.argv[5]) if len(sys.argv) > 5 else 0.02
MODIFIED = "Sat, 31 Jan 2026 09:00:00 GMT"


def body(n):
    kind = n % 3
    items = range(20)
    if kind == 0:
        entries = "".join(
            f"<item><title>Feed {n} item {i}</title><link>http://127.0.0.2/{n}/{i}</link><guid>{n}-{i}</guid>"
            f"<pubDate>Sat, 31 Jan 2026 {i:02d}:00:00 GMT</pubDate><description>Item {i} of feed {n}, a short summary.</description></item>"
            for i in items)
        return "application/rss+xml", f'<?xml version="1.0"?><rss version="2.0"><channel><title>Feed {n}</title>{entries}</channel></rss>'
    if kind == 1:
        entries = "".join(
            f"<entry><id>urn:{n}:{i}</id><title>Feed {n} item {i}</title><link href=\"http://127.0.0.2/{n}/{i}\"/>"
            f"<updated>2026-01-31T{i:02d}:00:00Z</updated><summary>Item {i} of feed {n}, a short summary.</summary></entry>"
            for i in items)
        return "application/atom+xml", f'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Feed {n}</title>{entries}</feed>'
    entries = ",".join(
        f'{{"id": "{n}-{i}", "title": "Feed {n} item {i}", "url": "http://127.0.0.2/{n}/{i}", '
        f'"date_published": "2026-01-31T{i:02d}:00:00Z", "content_text": "Item {i} of feed {n}, a short summary."}}'
        for i in items)
    return "application/feed+json", f'{{"version": "https://jsonfeed.org/version/1.1", "title": "Feed {n}", "items": [{entries}]}}'


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    wbufsize = 1 << 16
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        time.sleep(latency)
        try:
            n = int(self.path.rsplit("/", 1)[1])
        except ValueError:
            n = -1
        if not 0 <= n < feeds:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        etag = f'"v{n}"'
        if self.headers.get("If-None-Match") == etag or self.headers.get("If-Modified-Since") == MODIFIED:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        kind, text = body(n)
        data = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", MODIFIED)
        self.end_headers()
        self.wfile.write(data)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


with open(urls, "w") as out:
    for n in range(feeds):
        out.write(f"http://127.0.0.{2 + n % hosts}:{port}/feed/{n}\n")
servers = [Server((f"127.0.0.{2 + h}", port), Handler) for h in range(hosts)]
for server in servers:
    threading.Thread(target=server.serve_forever, daemon=True).start()
print("ready", flush=True)
threading.Event().wait()
