#!/usr/bin/env python3
"""make soak SOAK_MODE=library: FEEDS feeds (RSS, Atom, JSON Feed in turn)
on 127.0.0.1, each with two new items a minute; 5% answer 500, 5% stall
(send headers, then nothing), 2% move for good (301) to a new address each
minute. Prints the port, writes the feeds' addresses as OPML to OPML, and
counts requests on standard error.
  soak-library-server.py FEEDS OPML"""
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

feeds, opml = int(sys.argv[1]), sys.argv[2]
started = time.time()


def minute():
    return int((time.time() - started) // 60)


def behaviour(n):
    slot = n % 100
    return "fail" if slot < 5 else "stall" if slot < 10 else "move" if slot < 12 else "ok"


def body(n):
    m = minute()
    items = [(m - k // 2, k % 2) for k in range(20)]
    kind = n % 3
    if kind == 0:
        entries = "".join(f"<item><title>Feed {n} minute {a} #{b}</title><guid>{n}-{a}-{b}</guid>"
                          f"<description>Soak item {a}/{b} of feed {n}.</description></item>" for a, b in items)
        return "application/rss+xml", f'<?xml version="1.0"?><rss version="2.0"><channel><title>Soak {n}</title>{entries}</channel></rss>'
    if kind == 1:
        entries = "".join(f"<entry><id>urn:{n}:{a}:{b}</id><title>Feed {n} minute {a} #{b}</title>"
                          f"<updated>2026-01-31T00:00:00Z</updated><summary>Soak item.</summary></entry>" for a, b in items)
        return "application/atom+xml", f'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Soak {n}</title>{entries}</feed>'
    entries = ",".join(f'{{"id": "{n}-{a}-{b}", "title": "Feed {n} minute {a} #{b}", "content_text": "Soak item."}}' for a, b in items)
    return "application/feed+json", f'{{"version": "https://jsonfeed.org/version/1.1", "title": "Soak {n}", "items": [{entries}]}}'


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    wbufsize = 1 << 16

    def log_message(self, *args):
        pass

    def send(self, status, data=b"", kind="text/plain", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        print("feed request", self.path, file=sys.stderr, flush=True)
        if len(parts) < 2 or parts[0] != "feed" or not parts[1].isdigit() or int(parts[1]) >= feeds:
            return self.send(404)
        n = int(parts[1])
        what = behaviour(n)
        if what == "fail":
            return self.send(500, b"soak: failing")
        if what == "stall":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.flush()
            time.sleep(120)
            self.close_connection = True
            return
        if what == "move" and (len(parts) < 3 or parts[2] != f"m{minute()}"):
            return self.send(301, headers=[("Location", f"/feed/{n}/m{minute()}")])
        kind, text = body(n)
        self.send(200, text.encode(), kind)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


server = Server(("127.0.0.1", 0), Handler)
port = server.server_address[1]
with open(opml, "w") as out:
    out.write('<?xml version="1.0"?><opml version="2.0"><body>')
    for n in range(feeds):
        out.write(f'<outline text="Soak {n}" xmlUrl="http://127.0.0.1:{port}/feed/{n}"/>')
    out.write("</body></opml>")
print(port, flush=True)
server.serve_forever()
