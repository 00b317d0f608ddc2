#!/usr/bin/env python3
"""The server `make soak` runs the window against: what a long session meets.

Serves a native feed of ITEMS items at /feed.json whose thumbnails are all
on this server, and misbehaves on purpose: 5% of requests have their
connection reset, 5% stall (headers, one byte, then silence until the
client gives up), and 2% of images are hostile (garbage behind a PNG
signature, or a valid PNG header claiming 30000×30000 pixels).
Standard-library Python only. Prints its port on the first line.
"""
import json
import random
import socket
import struct
import sys
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

items = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
image = open(sys.argv[2], "rb").read()
chance = random.Random(7)


def png_claiming(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64))


hostile = [b"\x89PNG\r\n\x1a\n" + bytes(chance.randrange(256) for _ in range(4096)), png_claiming(30000, 30000)]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    feed = None

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.startswith("/feed.json"):
            # One line per feed request on stderr: the soak counts reloads.
            print("feed request", file=sys.stderr, flush=True)
        roll = chance.random()
        if roll < 0.05:
            # A reset: close with no answer, the way a dropped connection looks.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return
        if roll < 0.10:
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"x")
            self.wfile.flush()
            self.connection.settimeout(60)
            try:
                self.connection.recv(1)
            except OSError:
                pass
            self.close_connection = True
            return
        if self.path.startswith("/feed.json"):
            self.send(Handler.feed, "application/json")
        elif self.path.startswith("/img/"):
            self.send(chance.choice(hostile) if chance.random() < 0.02 else image, "image/png")
        else:
            self.send(b"not found", "text/plain", 404)

    def send(self, body, kind, status=200):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # clients giving up on a stall or a reset are the point


server = Server(("127.0.0.1", 0), Handler)
port = server.server_address[1]
Handler.feed = json.dumps({"items": [
    {"id": str(i), "name": f"Item {i}", "image_url": f"http://127.0.0.1:{port}/img/{i}.png", "author": f"Author {i % 97}"}
    for i in range(items)
]}).encode()
print(port, flush=True)
server.serve_forever()
