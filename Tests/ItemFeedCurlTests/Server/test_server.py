#!/usr/bin/env python3
"""A fault-injecting HTTP server for ItemFeed's libcurl tests.

Started by the tests on 127.0.0.1 with a free port, which it prints as
"PORT <n>" on stdout; it stops when its stdin closes (the test process
ended) or after --lifetime seconds. Standard library only.

Routes (GET):
  /status/<code>        that status, body "status <code>"
  /body?text=...        200 with that text
  /headers              200, echoes request headers as JSON
  /redirect?to=<path>   302 to <path>
  /redirect-loop        302 to itself
  /redirect-file        302 to file:///etc/passwd
  /stall                headers + 1 of 1000 bytes, then silence
  /reset                headers + 10 of 100000 bytes, then a TCP reset
  /big?bytes=<n>        n bytes, chunked (no Content-Length)
  /big-declared?bytes=<n>  n bytes with Content-Length
  /slow?seconds=<s>     1 byte every 50 ms for s seconds (default 10)
  /echo?body=..&type=..  that body (or body64=, base64), type and headers (header=Name:Value)
  /gzip                 a small JSON feed, gzip-encoded
  /stats                JSON: connections accepted, transfers the client aborted,
                        and per `tag` (any request's `?tag=`) its requests and
                        the most that were in progress at once
"""
import argparse
import base64
import gzip
import json
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

lock = threading.Lock()
stats = {"connections": 0, "aborted": [], "requests": {}, "peak": {}}
in_progress = {}

FEED = {"items": [{"id": str(i), "name": f"Item {i}", "image_url": f"/images/{i}.png"} for i in range(3)]}


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        # Clients that go away mid-response are what several tests do on
        # purpose; anything else is still reported.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)

    def get_request(self):
        request = super().get_request()
        with lock:
            stats["connections"] += 1
        return request


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # One write per response and no Nagle: Python's unbuffered default costs
    # a delayed-ACK wait (~40 ms) per request on loopback.
    wbufsize = 1 << 16
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def send_body(self, status, body, content_type="text/plain", extra_headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra_headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def aborted(self, path):
        with lock:
            stats["aborted"].append(path)
        self.close_connection = True

    def stream(self, path, chunks, delay=0.0):
        """Writes chunks until done or the client goes away."""
        try:
            for chunk in chunks:
                self.wfile.write(chunk)
                self.wfile.flush()
                if delay:
                    time.sleep(delay)
        except (BrokenPipeError, ConnectionResetError):
            self.aborted(path)

    def do_GET(self):
        tag = parse_qs(urlparse(self.path).query).get("tag", [None])[0]
        if tag is None:
            return self.answer()
        with lock:
            stats["requests"][tag] = stats["requests"].get(tag, 0) + 1
            in_progress[tag] = in_progress.get(tag, 0) + 1
            stats["peak"][tag] = max(stats["peak"].get(tag, 0), in_progress[tag])
        try:
            self.answer()
        finally:
            with lock:
                in_progress[tag] -= 1

    def do_POST(self):
        self.echo_request()

    def do_PUT(self):
        self.echo_request()

    def do_DELETE(self):
        self.echo_request()

    def echo_request(self):
        """Any method but GET: the request as it came, as JSON (the redirect
        paths answer as they do for a GET)."""
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length) if length else b""
        if urlparse(self.path).path.startswith("/redirect"):
            return self.answer()
        echoed = {"method": self.command, "path": self.path, "body": body.decode("utf-8", "replace"),
                  "headers": {k.lower(): v for k, v in self.headers.items()}}
        self.send_body(200, json.dumps(echoed).encode(), "application/json")

    def answer(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        path = url.path

        if path.startswith("/status/"):
            code = int(path.rsplit("/", 1)[1])
            self.send_body(code, f"status {code}".encode())
        elif path == "/body":
            self.send_body(200, query.get("text", [""])[0].encode())
        elif path == "/headers":
            self.send_body(200, json.dumps({k.lower(): v for k, v in self.headers.items()}).encode(), "application/json")
        elif path == "/redirect":
            # &status=301 or 308: a move for good; 302 (the default) or 307: not.
            self.send_body(int(query.get("status", ["302"])[0]), b"", extra_headers=[("Location", query["to"][0])])
        elif path == "/redirect-loop":
            self.send_body(302, b"", extra_headers=[("Location", "/redirect-loop")])
        elif path == "/redirect-file":
            self.send_body(302, b"", extra_headers=[("Location", "file:///etc/passwd")])
        elif path == "/stall":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            # One byte: libcurl averages speed over its last ~5 s, so a larger
            # burst would hide the stall for that long.
            self.stream(path, [b"x"])
            # Silence, but keep the connection open until the client gives up.
            self.connection.settimeout(10)
            try:
                self.connection.recv(1)
            except OSError:
                pass
            self.aborted(path)
        elif path == "/reset":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"x" * 10)
            self.wfile.flush()
            time.sleep(0.1)
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
        elif path == "/big" or path == "/big-declared":
            size = int(query["bytes"][0])
            self.send_response(200)
            if path == "/big":
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b"y" * 65536
            def chunks():
                left = size
                while left > 0:
                    part = chunk[: min(left, len(chunk))]
                    left -= len(part)
                    yield (b"%x\r\n" % len(part) + part + b"\r\n") if path == "/big" else part
                if path == "/big":
                    yield b"0\r\n\r\n"
            self.stream(path, chunks())
        elif path == "/slow":
            count = int(float(query.get("seconds", ["10"])[0]) * 20)
            self.send_response(200)
            self.send_header("Content-Length", str(count))
            self.end_headers()
            self.stream(path, (b"z" for _ in range(count)), delay=0.05)
        elif path == "/slow-feed":
            # A big native feed (size bytes) sent in 64 KiB steps every 10 ms:
            # a reload has time to interrupt it.
            size = int(query.get("size", [str(30 << 20)])[0])
            head = b'{"items": [{"id": "slow", "name": "Slow"}], "pad": "'
            tail = b'"}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            padding = size - len(head) - len(tail)
            chunks = [head] + [b"x" * min(65536, padding - i) for i in range(0, padding, 65536)] + [tail]
            self.stream(path, chunks, delay=0.01)
        elif path == "/gzip":
            body = gzip.compress(json.dumps(FEED).encode())
            encodings = self.headers.get("Accept-Encoding", "")
            if "gzip" not in encodings:
                self.send_body(406, b"gzip required")
            else:
                self.send_body(200, body, "application/json", [("Content-Encoding", "gzip")])
        elif path.startswith("/echo"):
            # Answers with what the test asks for, so each fixture lives in
            # its test: ?body=… (or ?body64=… for any bytes)&type=…&header=Name:Value…&delay=…; with &etag=…, a
            # request carrying that If-None-Match gets a bodiless 304.
            etag = query.get("etag", [None])[0]
            headers = [tuple(h.split(":", 1)) for h in query.get("header", [])]
            # &delay=SECONDS: a slow server, for a refresh to be caught mid-way.
            time.sleep(float(query.get("delay", ["0"])[0]))
            if etag is not None:
                headers.append(("ETag", etag))
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    for name, value in headers:
                        self.send_header(name, value)
                    self.end_headers()
                    return
            body = (base64.b64decode(query["body64"][0]) if "body64" in query
                    else query.get("body", [""])[0].encode())
            self.send_body(int(query.get("status", ["200"])[0]), body, query.get("type", ["text/plain"])[0], headers)
        elif path == "/stats":
            with lock:
                body = json.dumps(stats).encode()
            self.send_body(200, body, "application/json")
        else:
            self.send_body(404, b"not found")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=600)
    args = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Stop when the test process goes away (stdin closes) or the lifetime ends.
    watcher = threading.Thread(target=sys.stdin.read, daemon=True)
    watcher.start()
    watcher.join(args.lifetime)
    server.shutdown()


if __name__ == "__main__":
    main()
