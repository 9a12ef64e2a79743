#!/usr/bin/env python3
"""Serve the built site (``_site/``) on the loopback interface (``make serve``).

Usage: ``python3 tools/serve.py [--host 127.0.0.1] [--port 8000] [--directory _site] [--quiet]``

A small :mod:`http.server` subclass: it sends the MIME types the page needs
(``.wasm`` application/wasm, so browsers can compile while downloading; ``.mjs`` and
``.js`` text/javascript, which module scripts require), ``Cache-Control: no-cache`` (the
browser keeps files but revalidates them, so a rebuilt site shows up on reload and an
unchanged runtime costs a 304), and nothing else. Standard library only; the tests and
the benchmark start it in a thread through :func:`start_server`.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types and revalidation caching."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes a few dozen requests
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (base class name)
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False) -> Server:
    """Create (not start) a server for ``directory``; ``port=0`` picks a free port."""
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"quiet": quiet}), directory=str(directory)
    )
    return Server((host, port), handler)


def start_server(directory: Path, host: str = "127.0.0.1", port: int = 0) -> tuple[Server, str]:
    """Start a quiet server in a daemon thread; return it and its base URL (ends with "/")."""
    server = make_server(directory, host, port, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", type=Path, default=ROOT / "_site")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").exists():
        print(f"{args.directory} has no index.html: run `make site` first", file=sys.stderr)
        return 2
    try:
        server = make_server(args.directory, args.host, args.port, args.quiet)
    except OSError as error:
        print(f"cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        print("another server may be running there; try PORT=8001 make serve", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"Serving {args.directory} at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
