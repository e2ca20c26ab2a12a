"""``make web``: serve site/ on localhost and print its address.

    python web/serve.py [--port N] [DIR]

A plain static server (http.server) that names .mjs and .wasm files as a
browser wants them (a module script, a streamed WebAssembly compile);
tests/test_web.py serves the page with it too.
"""
import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".py": "text/plain; charset=utf-8"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        # a reload gets the files of the latest `make site`
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a page reloaded while its files came: the browser hung up
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory, port=0, host="127.0.0.1"):
    """A server of directory running in a thread; returns (server, url)."""
    handler = functools.partial(Handler, directory=str(directory))
    server = Server((host, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://%s:%d/" % (host, server.server_address[1])


def main(argv=None):
    ap = argparse.ArgumentParser(description="serve the page (site/) on localhost")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("dir", nargs="?", default=str(REPO / "site"))
    a = ap.parse_args(argv)
    if not (Path(a.dir) / "index.html").is_file():
        print(f"serve: {a.dir} has no index.html: run `make site` first", file=sys.stderr)
        return 2
    try:
        server, url = serve(a.dir, a.port)
    except OSError as e:
        print(f"serve: port {a.port}: {e.strerror}; try `make web PORT=8001`", file=sys.stderr)
        return 2
    print(f"Pocket Basra in a browser: {url}  (Ctrl-C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
