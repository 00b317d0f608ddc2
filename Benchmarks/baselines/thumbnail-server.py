#!/usr/bin/env python3
"""`make benchmark`'s thumbnail server: HTTP/1.1 with keep-alive on
127.0.0.1, a thread per connection, every path answered with the same
20 KB of bytes (what a thumbnail weighs), so ItemFeed's libcurl client and
`curl --parallel` fetch the same thing from the same server.

    thumbnail-server.py PORT
"""
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BODY = bytes(range(256)) * 80  # 20,480 bytes


class Thumbnail(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body in one write, sent at once: written apart, Nagle's
    # algorithm and delayed ACKs held every answer ~40 ms (1,000 took 7.3 s
    # for curl as for ItemFeed).
    wbufsize = 65536
    disable_nagle_algorithm = True

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # The first screen's burst opens a dozen connections at once: a
    # listen backlog of 5 (http.server's default) would drop SYNs.
    request_queue_size = 128


Server(("127.0.0.1", int(sys.argv[1])), Thumbnail).serve_forever()
