"""Serve the built site (``_site/``) on the loopback interface (``make serve``).

Usage: ``python3 -m tools.serve [--host 127.0.0.1] [--port 8000] [--directory _site] [--quiet]``

A small :mod:`http.server` subclass: it sends the MIME types the page needs
(``.wasm`` application/wasm, so browsers can compile while downloading; ``.mjs`` and
``.js`` text/javascript, which module scripts require), ``Cache-Control: no-cache`` (the
browser keeps files but revalidates them, so a rebuilt site shows up on reload and an
unchanged runtime costs a 304), and precompressed copies.

Precompressed copies: where the build wrote ``F.br`` (Brotli) or ``F.gz`` (gzip) next to a
file ``F`` (tools/build_site.py), a request for ``F`` whose ``Accept-Encoding`` allows it
gets that copy with ``Content-Encoding: br`` (preferred) or ``gzip``, ``F``'s MIME type
and ``Vary: Accept-Encoding``; other clients get ``F`` itself (with the same ``Vary``).
A directory's URL (``/``, ``/docs/``) is its ``index.html``, sent the same way.
Nothing is compressed here, so serving needs no compression library. One file is itself
gzip data, the Pyodide snapshot ``snapshot.bin.gz``: its ``.br`` copy holds the snapshot
uncompressed (Brotli-encoded), and the page reads either (static/pyodide-boot.mjs looks
for gzip's magic bytes). Standard library only; the tests and the benchmark start it in a
thread through :func:`start_server`.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from typing import Any, BinaryIO

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
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}

# Content-Encoding -> suffix of the precompressed copy, in order of preference.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str | None) -> set[str]:
    """The codings an ``Accept-Encoding`` header allows ("gzip, deflate, br, zstd";
    a coding with ``q=0`` is refused; ``*`` allows every one not named)."""
    allowed, refused, star = set(), set(), False
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if not name:
            continue
        if name == "*":
            star = q > 0
        elif q > 0:
            allowed.add(name)
        else:
            refused.add(name)
    if star:
        allowed |= {coding for coding, _ in ENCODINGS} - refused
    return allowed


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types and revalidation caching."""

    extensions_map: dict[str, str] = {  # noqa: RUF012 (an instance attribute of the base class)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    protocol_version = "HTTP/1.1"  # keep-alive: the page makes a few dozen requests
    quiet = False
    encodings = ENCODINGS  # the precompressed copies this server sends

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        """Like the base class, plus the precompressed copies (see the module's docstring)."""
        path = self.translate_path(self.path)
        if self.path.split("?", 1)[0].split("#", 1)[0].endswith("/") and os.path.isdir(path):
            path = os.path.join(path, "index.html")  # "/" is its index.html, compressed alike
        if not os.path.isfile(path):
            return super().send_head()
        variants = [(coding, path + suffix) for coding, suffix in self.encodings if os.path.isfile(path + suffix)]
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        coding, served = next(((c, p) for c, p in variants if c in accepted), (None, path))
        try:
            f = open(served, "rb")  # noqa: SIM115 - returned to the base class, which closes it
        except OSError:
            self.send_error(http.HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            fs = os.fstat(f.fileno())
            if self._not_modified(fs.st_mtime):
                f.close()
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                if variants:
                    self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
            self.send_response(http.HTTPStatus.OK)
            # (a gzip file's Brotli copy holds its inflated bytes: the snapshot, raw)
            raw = coding == "br" and path.endswith(".gz")
            self.send_header("Content-type", "application/octet-stream" if raw else self.guess_type(path))
            if coding:
                self.send_header("Content-Encoding", coding)
            if variants:
                self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(fs.st_size))
            self.send_header("Last-Modified", self.date_time_string(fs.st_mtime))
            self.end_headers()
            return f
        except Exception:
            f.close()
            raise

    def _not_modified(self, mtime: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when is not None and when.tzinfo is not None and int(mtime) <= when.timestamp()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (base class name)
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away (a page reloaded mid-request) is no error; anything else is printed."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    quiet: bool = False,
    encodings: tuple[str, ...] | None = None,
) -> Server:
    """Create (not start) a server for ``directory``; ``port=0`` picks a free port.
    ``encodings``: the precompressed copies to send ("br", "gzip"; default both; ``()``
    serves every file as it is, like a host that ignores them)."""
    chosen = ENCODINGS if encodings is None else tuple(e for e in ENCODINGS if e[0] in encodings)
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"quiet": quiet, "encodings": chosen}), directory=str(directory)
    )
    return Server((host, port), handler)


def start_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0, encodings: tuple[str, ...] | None = None
) -> tuple[Server, str]:
    """Start a quiet server in a daemon thread; return it and its base URL (ends with "/")."""
    server = make_server(directory, host, port, quiet=True, encodings=encodings)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = str(server.server_address[0]), server.server_address[1]
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
    host, port = str(server.server_address[0]), server.server_address[1]
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
