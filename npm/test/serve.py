#!/usr/bin/env python3
"""A static file server on 127.0.0.1 for headless Chromium (npm/check.sh), which also takes the report a
page POSTs to /report and writes it to REPORT_FILE (only then the page's run is over: under Chromium's
virtual time, --dump-dom would print the page before an asynchronous WebAssembly compile ends).

    serve.py DIRECTORY PORT_FILE REPORT_FILE

Binds a free port, writes it to PORT_FILE, serves until killed."""
import functools
import http.server
import os
import sys

directory, port_file, report_file = sys.argv[1:4]


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".wasm": "application/wasm"}

    def do_POST(self):
        if self.path != "/report":
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with open(report_file + ".part", "wb") as out:
            out.write(body)
        os.replace(report_file + ".part", report_file)
        self.send_response(204)
        self.end_headers()

    def log_message(self, format, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=directory))
with open(port_file + ".part", "w") as out:
    out.write(str(server.server_address[1]))
os.replace(port_file + ".part", port_file)
server.serve_forever()
