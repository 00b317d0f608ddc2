#!/usr/bin/env python3
"""A Nextcloud News server (API v1-3) for ItemFeed's sync tests and benchmark.

Written from the API's documentation (nextcloud/news,
docs/development/api/api-v1-3.md) and its routes (appinfo/routes.php): HTTP
basic authentication on every route but /version (401 with a JSON message
otherwise), folders and feeds (a folderId of 0 at the top level in answers,
null in requests), items newest first by id with batchSize, offset (older
than that id), type (0 feed, 1 folder, 2 starred, 3 all), id and getRead,
items/updated by lastModified (microseconds; 10 digits or fewer are seconds),
marks by POST to items/{read,unread,star,unstar}/multiple with itemIds, and
feeds created (409 when followed already, 422 when not a feed), deleted,
renamed, moved and marked read up to newestItemId.

Prints "PORT <n>" once listening on 127.0.0.1; exits when stdin closes.
GET /__stats answers the requests counted by route; POST /__control changes
the server's state as another reader would (read, unread, star, unstar, add
items, password).
"""
import base64
import collections
import json
import os
import re
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sync_server_base as base  # noqa: E402

PREFIX = "/index.php/apps/news/api/v1-3"


class State(base.Account):
    def __init__(self, args):
        self.next_id = 1
        self.clock = 0
        self.modified = {}
        self.folders = []
        super().__init__(args)

    def new_feed(self, number, title, url, html_url, label):
        folder = None
        if label:
            folder = next((f["id"] for f in self.folders if f["name"] == label), None)
            if folder is None:
                folder = len(self.folders) + 1
                self.folders.append({"id": folder, "name": label})
        return {"id": number, "title": title, "url": url, "htmlUrl": html_url, "label": label, "folder": folder}

    def new_item_id(self):
        self.next_id += 1
        return self.next_id - 1

    def item_number(self, item_id):
        return item_id

    def now_us(self):
        """Microseconds, never the same twice: a change's lastModified."""
        self.clock = max(self.clock + 1, int(time.time() * 1000000))
        return self.clock

    def touched(self, ids):
        stamp = self.now_us()
        for item_id in ids:
            self.modified[item_id] = stamp

    def password_changed(self):
        pass

    def item_json(self, item_id):
        item = self.items[item_id]
        return {"id": item_id, "guid": item["link"], "guidHash": "%032x" % item_id, "url": item["link"], "title": item["title"],
                "author": item["author"], "pubDate": item["published"], "updatedDate": None, "body": item["content"],
                "enclosureMime": None, "enclosureLink": None, "mediaThumbnail": None, "mediaDescription": None,
                "feedId": item["feed"], "unread": item_id in self.unread, "starred": item_id in self.starred,
                "filtered": False, "rtl": False, "lastModified": str(self.modified.get(item_id, 0)),
                "fingerprint": "%08x" % item_id, "contentHash": "%08x" % item_id}

    def feed_json(self, feed, unread_counts):
        unread = unread_counts.get(feed["id"], 0)
        return {"id": feed["id"], "url": feed["url"], "title": feed["title"], "faviconLink": None, "added": 1367063790,
                "nextUpdateTime": None, "folderId": feed["folder"] or 0, "unreadCount": unread, "ordering": 0,
                "link": feed["htmlUrl"], "pinned": False, "updateErrorCount": 0, "lastUpdateError": None}


def flag(query, name, default):
    value = query.get(name, [None])[0]
    if value is None:
        return default
    return value.lower() in ("true", "1")


def number(query, name, default):
    try:
        return int(query.get(name, [default])[0])
    except ValueError:
        return default


class Handler(base.Handler):
    def refuse(self, status, message):
        return self.answer(status, json.dumps({"message": message}))

    def authorized(self):
        expected = "Basic " + base64.b64encode(("%s:%s" % (self.state.user, self.state.password)).encode()).decode()
        return self.headers.get("Authorization") == expected

    def route(self, method):
        parsed = urllib.parse.urlsplit(self.path)
        if parsed.path == "/__stats" and method == "GET":
            return self.stats()
        if parsed.path == "/__control" and method == "POST":
            return self.control()
        if not parsed.path.startswith(PREFIX):
            return self.answer(404, "<!DOCTYPE html><title>Not found</title>", "text/html")
        path = parsed.path[len(PREFIX):]
        self.count("%s %s" % (method, re.sub(r"/\d+", "/{id}", path)))
        if path == "/version" and method == "GET":
            return self.answer(200, json.dumps({"version": "25.0.0"}))
        if not self.authorized():
            return self.refuse(401, "Current user is not logged in")
        query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        if method != "GET":
            body = self.body()
            try:
                fields = json.loads(body) if body else {}
            except ValueError:
                return self.refuse(400, "The body is not JSON")
            query.update({k: [v if isinstance(v, str) else json.dumps(v)] for k, v in fields.items() if not isinstance(v, list)})
            lists = {k: v for k, v in fields.items() if isinstance(v, list)}
        with self.state.lock:
            if method == "GET":
                return self.get(path, query)
            return self.change(method, path, query, lists)

    def get(self, path, query):
        state = self.state
        if path == "/folders":
            return self.answer(200, json.dumps({"folders": state.folders}))
        if path == "/feeds":
            counts = collections.Counter(state.items[i]["feed"] for i in state.unread)
            answer = {"feeds": [state.feed_json(f, counts) for f in state.feeds], "starredCount": len(state.starred)}
            if state.items:
                answer["newestItemId"] = max(state.items)
            return self.answer(200, json.dumps(answer))
        if path == "/items":
            kind, of = number(query, "type", 3), number(query, "id", 0)
            get_read = flag(query, "getRead", True)
            if not get_read and kind not in (0, 1, 3):
                return self.answer(200, json.dumps({"message": "Setting getRead on an already filtered list is not allowed!"}))
            chosen = self.chosen(kind, of)
            if not get_read:
                chosen = [i for i in chosen if i in state.unread]
            offset = number(query, "offset", 0)
            oldest_first = flag(query, "oldestFirst", False)
            if offset:
                chosen = [i for i in chosen if (i > offset if oldest_first else i < offset)]
            chosen.sort(reverse=not oldest_first)
            size = number(query, "batchSize", -1)
            if size >= 0:
                chosen = chosen[:size]
            return self.answer(200, json.dumps({"items": [state.item_json(i) for i in chosen]}))
        if path == "/items/updated":
            since = number(query, "lastModified", 0)
            if len(str(since)) <= 10:
                since *= 1000000
            chosen = [i for i in self.chosen(number(query, "type", 3), number(query, "id", 0)) if state.modified.get(i, 0) >= since]
            return self.answer(200, json.dumps({"items": [state.item_json(i) for i in sorted(chosen, reverse=True)]}))
        return self.refuse(404, "No such route")

    def chosen(self, kind, of):
        state = self.state
        if kind == 0:
            return [i for i, item in state.items.items() if item["feed"] == of]
        if kind == 1:
            feeds = {f["id"] for f in state.feeds if (f["folder"] or 0) == of}
            return [i for i, item in state.items.items() if item["feed"] in feeds]
        if kind == 2:
            return list(state.starred)
        return list(state.items)

    def change(self, method, path, query, lists):
        state = self.state
        marked = re.fullmatch(r"/items/(read|unread|star|unstar)/multiple", path)
        if marked and method == "POST":
            state.mark({int(i) for i in lists.get("itemIds", []) if isinstance(i, int)}, marked.group(1))
            return self.answer(200, "")
        single = re.fullmatch(r"/items/(\d+)/(read|unread|star|unstar)", path)
        if single and method == "POST":
            if int(single.group(1)) not in state.items:
                return self.refuse(404, "Item not found")
            state.mark({int(single.group(1))}, single.group(2))
            return self.answer(200, "")
        if path == "/feeds" and method == "POST":
            url = query.get("url", [""])[0]
            if any(f["url"] == url for f in state.feeds):
                return self.refuse(409, "Feed already exists")
            if "missing" in url or not url.startswith("http"):
                return self.refuse(422, "Could not find a feed at %s" % url)
            folder = number(query, "folderId", 0) or None
            feed = state.new_feed(max([f["id"] for f in state.feeds] + [0]) + 1, "Added %d" % (len(state.feeds) + 1), url, url, None)
            feed["folder"] = folder
            state.feeds.append(feed)
            state.add_item(feed, int(time.time()))
            return self.answer(200, json.dumps({"feeds": [state.feed_json(feed, {feed["id"]: 1})], "newestItemId": max(state.items)}))
        feed_route = re.fullmatch(r"/feeds/(\d+)(/move|/rename|/read)?", path)
        if feed_route:
            feed = next((f for f in state.feeds if f["id"] == int(feed_route.group(1))), None)
            if feed is None:
                return self.refuse(404, "Feed not found")
            action = feed_route.group(2)
            if action is None and method == "DELETE":
                state.feeds.remove(feed)
                for i in [i for i, item in state.items.items() if item["feed"] == feed["id"]]:
                    del state.items[i]
                    state.unread.discard(i)
                    state.starred.discard(i)
                return self.answer(200, "")
            if action == "/move" and method == "POST":
                folder = number(query, "folderId", 0) or None
                if folder is not None and not any(f["id"] == folder for f in state.folders):
                    return self.refuse(404, "Folder not found")
                feed["folder"] = folder
                return self.answer(200, "")
            if action == "/rename" and method == "POST":
                feed["title"] = query.get("feedTitle", [feed["title"]])[0]
                return self.answer(200, "")
            if action == "/read" and method == "POST":
                newest = number(query, "newestItemId", 0)
                state.mark({i for i, item in state.items.items() if item["feed"] == feed["id"] and i <= newest}, "read")
                return self.answer(200, "")
        if path == "/folders" and method == "POST":
            name = query.get("name", [""])[0].strip()
            if not name:
                return self.refuse(422, "Folder name can not be empty")
            if any(f["name"] == name for f in state.folders):
                return self.refuse(409, "Folder already exists")
            folder = {"id": max([f["id"] for f in state.folders] + [0]) + 1, "name": name}
            state.folders.append(folder)
            return self.answer(200, json.dumps({"folders": [folder]}))
        return self.refuse(405 if path in ("/items", "/folders", "/feeds") else 404, "No such route")

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def do_PUT(self):
        self.route("PUT")

    def do_DELETE(self):
        self.route("DELETE")


def main():
    args = base.arguments().parse_args()
    base.serve(Handler, State(args), args.port)


if __name__ == "__main__":
    main()
