"""What ItemFeed's loopback feed servers (greader_server.py,
nextcloud_server.py) share: an account of generated feeds and items, a
handler that answers and counts requests, GET /__stats, and the loop that
prints "PORT <n>" and serves until stdin closes."""
import argparse
import json
import sys
import threading
import time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler


class Account:
    """Feeds, each in one of `folders` folders, and `items` items per feed a
    feed's items `spacing_hours` apart; every `unread_every`th item unread,
    every `starred_every`th starred. Subclasses give feeds and items their
    ids (`new_feed`, `new_item_id`)."""

    def __init__(self, args):
        self.lock = threading.Lock()
        self.user, self.password = args.user, args.password
        self.feeds = []
        self.items = {}  # id (int) -> dict: id, feed, published, title, link, author, content
        self.unread, self.starred = set(), set()
        self.requests = {}
        self.stalls = {}  # path -> seconds each request for it waits before it is answered
        now = int(time.time())
        for f in range(args.feeds):
            label = "Folder %d" % (f % args.folders) if args.folders else None
            self.feeds.append(self.new_feed(f + 1, "Feed %d" % (f + 1), "http://feeds.test/%d.xml" % (f + 1),
                                            "http://feeds.test/%d/" % (f + 1), label))
        count = 0
        for i in range(args.items):
            for feed in self.feeds:
                self.add_item(feed, now - (args.items - i) * 3600 * args.spacing_hours, unread=(count % args.unread_every == 0),
                              starred=(count % args.starred_every == 0) if args.starred_every else False)
                count += 1

    def new_feed(self, number, title, url, html_url, label):
        return {"id": number, "title": title, "url": url, "htmlUrl": html_url, "label": label}

    def add_item(self, feed, published, unread=True, starred=False, title=None):
        item_id = self.new_item_id()
        number = self.item_number(item_id)
        self.items[item_id] = {"id": item_id, "feed": feed["id"], "published": published,
                               "title": title or "Item %d of %s" % (number, feed["title"]),
                               "link": "http://feeds.test/items/%d.html" % number, "author": "Author %d" % (number % 7),
                               "content": "<p>Body of item %d &amp; more, <b>bold</b>.</p>" % number}
        if unread:
            self.unread.add(item_id)
        if starred:
            self.starred.add(item_id)
        self.touched([item_id])
        return item_id

    def touched(self, ids):
        """Items added or marked (a server that keeps when may say so)."""

    def mark(self, ids, action):
        ids = set(ids) & set(self.items)
        if action == "read":
            self.unread -= ids
        elif action == "unread":
            self.unread |= ids
        elif action == "star":
            self.starred |= ids
        elif action == "unstar":
            self.starred -= ids
        self.touched(ids)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    @property
    def state(self):
        return self.server.state

    def answer(self, status, body, content_type="application/json; charset=UTF-8", headers=None):
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def count(self, name):
        with self.state.lock:
            self.state.requests[name] = self.state.requests.get(name, 0) + 1
            stall = self.state.stalls.get(name, 0)
        if stall:
            time.sleep(stall)

    def stats(self):
        with self.state.lock:
            stats = {"requests": sum(self.state.requests.values()), "byPath": self.state.requests,
                     "unread": len(self.state.unread), "starred": len(self.state.starred)}
        return self.answer(200, json.dumps(stats))

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def control(self):
        """Another reader's change on the server: read, unread, star or
        unstar `ids`, add `count` items to feed number `feed`, a new password;
        or a slow server: requests for `path` wait `seconds` (0: no more)."""
        command = json.loads(self.body() or b"{}")
        with self.state.lock:
            action = command.get("action")
            if action in ("read", "unread", "star", "unstar"):
                self.state.mark({int(i) for i in command.get("ids", [])}, action)
            elif action == "stall":
                self.state.stalls[command["path"]] = command.get("seconds", 0)
            elif action == "password":
                self.state.password = command["password"]
                self.state.password_changed()
            elif action == "add":
                feed = self.state.feeds[command.get("feed", 0)]
                new = [self.state.add_item(feed, int(time.time()), title=command.get("title")) for _ in range(command.get("count", 1))]
                return self.answer(200, json.dumps({"ids": [str(i) for i in new]}))
        return self.answer(200, json.dumps({"ok": True}))


def arguments(parser=None):
    parser = parser or argparse.ArgumentParser()
    parser.add_argument("--user", default="itemfeed")
    parser.add_argument("--password", default="itemfeed-api")
    parser.add_argument("--feeds", type=int, default=3)
    parser.add_argument("--folders", type=int, default=1)
    parser.add_argument("--items", type=int, default=4, help="items per feed")
    parser.add_argument("--spacing-hours", type=int, default=1, help="between a feed's items")
    parser.add_argument("--unread-every", type=int, default=2)
    parser.add_argument("--starred-every", type=int, default=5)
    parser.add_argument("--port", type=int, default=0)
    return parser


def serve(handler, state, port, **attributes):
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.state = state
    for name, value in attributes.items():
        setattr(server, name, value)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    sys.stdin.read()
