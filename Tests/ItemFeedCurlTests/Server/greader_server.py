#!/usr/bin/env python3
"""A Google Reader API server for ItemFeed's sync tests and benchmark.

Written from the API's documentation and FreshRSS 1.24.3's recorded answers
(../shared/sync-recordings/freshrss-greader and its README's quirks):
ClientLogin's SID/LSID/Auth lines, a 57-character write token, 401
"Unauthorized!" with Google-Bad-Token, ids as decimal microsecond numbers in
id lists and as tag:google.com,2005:reader/item/<16 hex> in contents, a
continuation on every full page (so one empty page follows), text/html on
token, OK and quickadd answers. With --miniflux it keeps Miniflux's subset
instead: served at the root, no stream/contents, at most 10,000 ids a page,
the continuation an offset.

Prints "PORT <n>" once listening on 127.0.0.1; exits when stdin closes.
GET /__stats answers the requests counted by path; POST /__control changes
the server's state as another reader would (read, unread, star, add items,
password).
"""
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sync_server_base as base  # noqa: E402
from sync_server_base import Account  # noqa: E402

READING = "user/-/state/com.google/reading-list"
READ = "user/-/state/com.google/read"
STARRED = "user/-/state/com.google/starred"
LONG = "tag:google.com,2005:reader/item/"
BASE_ID = 1795679031000000


class State(Account):
    def __init__(self, args):
        self.next_id = BASE_ID
        self.auth = "%s/%s" % (args.user, "a1" * 20)
        self.token = "b2" * 20 + "Z" * 17
        super().__init__(args)

    def new_feed(self, number, title, url, html_url, label):
        return {"id": "feed/%d" % number, "title": title, "url": url, "htmlUrl": html_url, "label": label}

    def new_item_id(self):
        self.next_id += 1
        return self.next_id - 1

    def item_number(self, item_id):
        return item_id - BASE_ID

    def password_changed(self):
        self.auth = "%s/%s" % (self.user, "c3" * 20)


def parse_id(text):
    if text.startswith(LONG):
        return int(text[len(LONG):], 16)
    return int(text)


class Handler(base.Handler):
    def unauthorized(self):
        self.answer(401, "Unauthorized!", "text/plain; charset=UTF-8", {"Google-Bad-Token": "true"})

    def route(self):
        parsed = urllib.parse.urlsplit(self.path)
        path = parsed.path
        prefix = self.server.prefix
        if not path.startswith(prefix):
            return None, parsed
        return path[len(prefix):], parsed

    def form(self):
        body = self.body().decode("utf-8")
        return urllib.parse.parse_qs(body, keep_blank_values=True), body

    def authorized(self):
        return self.headers.get("Authorization") == "GoogleLogin auth=" + self.state.auth

    def do_GET(self):
        if self.path == "/__stats":
            return self.stats()
        name, parsed = self.route()
        if name is None:
            return self.answer(404, "Not Found", "text/plain")
        self.count(name)
        if not self.authorized():
            return self.unauthorized()
        query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        if name == "/reader/api/0/token":
            return self.answer(200, self.state.token + "\n", "text/html; charset=UTF-8")
        if name == "/reader/api/0/subscription/list":
            return self.answer(200, json.dumps({"subscriptions": [self.subscription(f) for f in self.state.feeds]}, ensure_ascii=False))
        if name == "/reader/api/0/tag/list":
            labels = sorted({f["label"] for f in self.state.feeds if f["label"]})
            tags = [{"id": STARRED}] + [{"id": "user/-/label/" + l, "type": "folder"} for l in labels]
            return self.answer(200, json.dumps({"tags": tags}))
        if name == "/reader/api/0/stream/items/ids":
            return self.ids(query)
        if name.startswith("/reader/atom/"):
            return self.atom(urllib.parse.unquote(name[len("/reader/atom/"):]), query)
        if name.startswith("/reader/api/0/stream/contents/") and not self.server.miniflux:
            return self.stream_contents(urllib.parse.unquote(name[len("/reader/api/0/stream/contents/"):]), query)
        return self.answer(404, "Not Found", "text/plain")

    def atom(self, stream, query):
        """The original API's Atom output of a stream (FeedHQ kept it; it is
        what newsboat's "feedhq" source asks, the benchmark's baseline)."""
        from xml.sax.saxutils import escape
        count = int(query.get("n", ["20"])[0])
        with self.state.lock:
            chosen = [i for i, item in self.state.items.items() if item["feed"] == stream]
            ordered = sorted(chosen, reverse=True)[:count]
            entries = []
            for item_id in ordered:
                item = self.state.items[item_id]
                stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(item["published"]))
                read = "" if item_id in self.state.unread else '<category term="user/-/state/com.google/read" scheme="http://www.google.com/reader/" label="read"/>'
                entries.append(
                    '<entry><id>%s%016x</id><title>%s</title><published>%s</published><updated>%s</updated>'
                    '<link rel="alternate" href="%s" type="text/html"/>%s<author><name>%s</name></author>'
                    '<content type="html">%s</content></entry>'
                    % (LONG, item_id, escape(item["title"]), stamp, stamp, escape(item["link"]), read, escape(item["author"]), escape(item["content"])))
        body = ('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/">'
                '<id>tag:google.com,2005:reader/%s</id><title>%s</title>%s</feed>') % (escape(stream), escape(stream), "".join(entries))
        return self.answer(200, body, "application/atom+xml; charset=UTF-8")

    def stream_contents(self, stream, query):
        """FreshRSS's stream/contents (Miniflux has none): a stream's newest
        items with their contents, n at a time (20 unless asked)."""
        count = int(query.get("n", ["20"])[0])
        with self.state.lock:
            if stream == READING:
                chosen = list(self.state.items)
            elif stream == STARRED:
                chosen = list(self.state.starred)
            else:
                chosen = [i for i, item in self.state.items.items() if item["feed"] == stream]
            if query.get("xt", [None])[0] == READ:
                chosen = [i for i in chosen if i in self.state.unread]
        continuation = query.get("c", [None])[0]
        ordered = sorted(chosen, reverse=True)
        if continuation and continuation.isdigit():
            ordered = [i for i in ordered if i < int(continuation)]
        page = ordered[:count]
        answer = json.loads(self.items_json(page))
        if len(page) == count and page:
            answer["continuation"] = str(page[-1])
        return self.answer(200, json.dumps(answer, ensure_ascii=False))

    def subscription(self, feed):
        label = feed["label"] or "Uncategorized"
        return {"id": feed["id"], "title": feed["title"], "categories": [{"id": "user/-/label/" + label, "label": label}],
                "url": feed["url"], "htmlUrl": feed["htmlUrl"], "iconUrl": ""}

    def ids(self, query):
        stream = query.get("s", [READING])[0]
        exclude = query.get("xt", [None])[0]
        count = int(query.get("n", ["20"])[0])
        count = min(count, self.server.max_ids)
        older_than = int(query.get("ot", ["0"])[0])
        with self.state.lock:
            if stream == STARRED:
                chosen = set(self.state.starred)
            elif stream == READING:
                chosen = set(self.state.items)
            elif stream.startswith("feed/"):
                chosen = {i for i, item in self.state.items.items() if item["feed"] == stream}
            else:
                return self.answer(400, "Bad Request!", "text/plain; charset=UTF-8")
            if exclude == READ:
                chosen &= self.state.unread
            if older_than:
                chosen = {i for i in chosen if self.state.items[i]["published"] >= older_than}
        ordered = sorted(chosen, reverse=True)
        continuation = query.get("c", [None])[0]
        if self.server.miniflux:
            start = int(continuation) if continuation and continuation.isdigit() else 0
            page = ordered[start:start + count]
            answer = {"itemRefs": [{"id": str(i)} for i in page]}
            if start + count < len(ordered):
                answer["continuation"] = str(start + count)
        else:
            if continuation and continuation.isdigit():
                ordered = [i for i in ordered if i < int(continuation)]
            page = ordered[:count]
            answer = {"itemRefs": [{"id": str(i)} for i in page]}
            if len(page) == count and page:
                answer["continuation"] = str(page[-1])
        return self.answer(200, json.dumps(answer), "text/html; charset=UTF-8")

    def do_POST(self):
        if self.path == "/__control":
            return self.control()
        name, _ = self.route()
        if name is None:
            return self.answer(404, "Not Found", "text/plain")
        self.count(name)
        fields, _ = self.form()
        if name == "/accounts/ClientLogin":
            if fields.get("Email", [""])[0] != self.state.user or fields.get("Passwd", [""])[0] != self.state.password:
                return self.unauthorized()
            body = "SID=%s\nLSID=null\nAuth=%s\n" % (self.state.auth, self.state.auth)
            return self.answer(200, body, "text/plain; charset=UTF-8")
        if not self.authorized():
            return self.unauthorized()
        if name == "/reader/api/0/stream/items/contents":
            return self.contents(fields)
        if fields.get("T", [""])[0] != self.state.token:
            return self.unauthorized()
        if name == "/reader/api/0/edit-tag":
            ids = {parse_id(i) for i in fields.get("i", [])}
            with self.state.lock:
                for tag in fields.get("a", []):
                    if tag == READ:
                        self.state.unread -= ids
                    elif tag == STARRED:
                        self.state.starred |= ids & set(self.state.items)
                for tag in fields.get("r", []):
                    if tag == READ:
                        self.state.unread |= ids & set(self.state.items)
                    elif tag == STARRED:
                        self.state.starred -= ids
            return self.answer(200, "OK", "text/html; charset=UTF-8")
        if name == "/reader/api/0/mark-all-as-read":
            stream = fields.get("s", [""])[0]
            before = int(fields.get("ts", ["0"])[0] or 0)
            if not stream.startswith("feed/") or not stream[5:].isdigit():
                return self.answer(400, "Bad Request!", "text/plain; charset=UTF-8")
            with self.state.lock:
                self.state.unread -= {i for i, item in self.state.items.items() if item["feed"] == stream and (not before or i <= before)}
            return self.answer(200, "OK", "text/html; charset=UTF-8")
        if name == "/reader/api/0/subscription/quickadd":
            url = fields.get("quickadd", [""])[0]
            if "missing" in url:
                return self.answer(200, json.dumps({"numResults": 0, "error": "cURL error 22: The requested URL returned error: 404 [%s]" % url}), "text/html; charset=UTF-8")
            with self.state.lock:
                feed = {"id": "feed/%d" % (len(self.state.feeds) + 1), "title": "Added %d" % (len(self.state.feeds) + 1),
                        "url": url, "htmlUrl": url, "label": None}
                self.state.feeds.append(feed)
                self.state.add_item(feed, int(time.time()))
            return self.answer(200, json.dumps({"numResults": 1, "query": url, "streamId": feed["id"], "streamName": feed["title"]}), "text/html; charset=UTF-8")
        if name == "/reader/api/0/subscription/edit":
            stream = fields.get("s", [""])[0]
            with self.state.lock:
                feed = next((f for f in self.state.feeds if f["id"] == stream), None)
                action = fields.get("ac", [""])[0]
                if feed is None:
                    return self.answer(400, "Bad Request!", "text/plain; charset=UTF-8")
                if action == "unsubscribe":
                    self.state.feeds.remove(feed)
                    for i in [i for i, item in self.state.items.items() if item["feed"] == stream]:
                        del self.state.items[i]
                        self.state.unread.discard(i)
                        self.state.starred.discard(i)
                else:
                    if fields.get("t"):
                        feed["title"] = fields["t"][0]
                    if fields.get("a"):
                        feed["label"] = fields["a"][0].split("/label/", 1)[-1]
                    elif fields.get("r"):
                        feed["label"] = None
            return self.answer(200, "OK", "text/html; charset=UTF-8")
        return self.answer(404, "Not Found", "text/plain")

    def contents(self, fields):
        wanted = sorted({parse_id(i) for i in fields.get("i", [])})
        return self.answer(200, self.items_json(wanted))

    def items_json(self, wanted):
        items = []
        with self.state.lock:
            feeds = {f["id"]: f for f in self.state.feeds}
            for item_id in wanted:
                item = self.state.items.get(item_id)
                if item is None:
                    continue
                feed = feeds[item["feed"]]
                categories = [READING, "user/-/label/" + (feed["label"] or "Uncategorized")]
                if item_id in self.state.starred:
                    categories.append(STARRED)
                if item_id not in self.state.unread:
                    categories.append(READ)
                items.append({"id": LONG + "%016x" % item_id, "crawlTimeMsec": str(item_id // 1000), "timestampUsec": str(item_id),
                              "published": item["published"], "title": item["title"],
                              "canonical": [{"href": item["link"]}], "alternate": [{"href": item["link"]}],
                              "categories": categories,
                              "origin": {"streamId": feed["id"], "htmlUrl": feed["htmlUrl"], "title": feed["title"]},
                              "summary": {"content": item["content"]}, "author": item["author"]})
        return json.dumps({"id": READING, "updated": int(time.time()), "items": items}, ensure_ascii=False)


def main():
    parser = base.arguments()
    parser.add_argument("--miniflux", action="store_true")
    parser.add_argument("--max-ids", type=int, default=0, help="ids a page at most (Miniflux: 10,000)")
    args = parser.parse_args()
    base.serve(Handler, State(args), args.port, miniflux=args.miniflux, max_ids=args.max_ids or (10000 if args.miniflux else 1 << 30),
               prefix="" if args.miniflux else "/api/greader.php")


if __name__ == "__main__":
    main()
