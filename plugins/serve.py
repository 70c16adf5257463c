"""Serve the built site as a static host should: pre-compressed siblings, the right types and caching.

    python -m plugins.serve [--host 127.0.0.1] [--port 8000] [--directory site]

WhiteNoise picks `page.html.br` / `page.html.gz` (written by plugins/calc/compress.py) when the browser
accepts that encoding, so a cold page costs its compressed size, as on a production host; Waitress is
the HTTP server. Files whose names never change for a given content (the runtime folder named after the
pinned Pyodide version, pyodide/<version>/, with the content-hashed calculators zip and snapshot, and MicroPython's
micropython/<version>/) are cached
for a year; everything else is revalidated on every visit, so
a rebuilt site and its service worker reach the reader at once. The same app serves the tests and the
benchmarks (`make_app`), so what they measure is what `make serve` does.

Every answer carries the site's security headers (plugins/security_headers.py: the Content-Security-Policy
the build wrote into `_headers`, `X-Content-Type-Options: nosniff`, …). A byte range is served as RFC 9110
says: `bytes=-0` and a range starting past the end answer 416, a one-byte range `bytes=0-0` answers 206.
"""
from __future__ import annotations

import argparse
import re
from http import HTTPStatus
from pathlib import Path
from typing import Callable, Iterable

from whitenoise import WhiteNoise
from whitenoise.responders import Response, SlicedFile, StaticFile

from plugins.security_headers import read_header_files

PROJECT = Path(__file__).resolve().parent.parent
# pyodide/<version>/<file> and micropython/<version>/<file>: the folder changes name with the pinned runtime
# (plugins/calc/bundle.py, mpbundle.py), the files in it with their content; a language's offline pack is named
# by the digest of its content (plugins/calc/pagepack.py). Any other file is revalidated.
_IMMUTABLE = re.compile(r"^/(?:pyodide|micropython)/[0-9][^/]*/[^/]+$"
                        r"|^/(?:[a-z]{2}/)?offline-pages-[0-9a-f]{16}\.pack$")
_LANGS = ("fr", "ja")  # language folders that have their own 404 page


def _not_found(root: Path) -> Callable:
    """A WSGI app answering 404 with the site's own 404 page, in the language of the requested path."""

    def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "/")
        lang = next((code for code in _LANGS if path.startswith(f"/{code}/")), "")
        page = root / lang / "404.html"
        body = page.read_bytes() if page.is_file() else b"Not found"
        start_response("404 Not Found", [("Content-Type", "text/html; charset=utf-8"),
                                         ("Content-Length", str(len(body)))])
        return [body]

    return app


class _Unsatisfiable(Exception):
    """The range asked for lies outside the file (RFC 9110 §14.1.1): 416."""


class _RangeFile(StaticFile):
    """A static file that answers byte ranges as RFC 9110 says (WhiteNoise sends the whole file, as a 206,
    for `bytes=-0`, and a 416 for the one-byte range `bytes=0-0`)."""

    def get_range_response(self, range_header, base_headers, file_handle):
        headers = [item for item in base_headers if item[0] != "Content-Length"]
        size = next(int(value) for name, value in base_headers if name == "Content-Length")
        try:
            start, end = _byte_range(range_header, size)  # ValueError: not a range we read; sent whole
        except _Unsatisfiable:
            return self.get_range_not_satisfiable_response(file_handle, size)
        if file_handle is not None:
            file_handle = SlicedFile(file_handle, start, end)
        headers += [("Content-Range", f"bytes {start}-{end}/{size}"), ("Content-Length", str(end - start + 1))]
        return Response(HTTPStatus.PARTIAL_CONTENT, headers, file_handle)


def _byte_range(header: str, size: int) -> tuple[int, int]:
    """(first, last) byte, inclusive, of a one-range `Range` header on a file of `size` bytes.

    Raises:
        ValueError: not a single byte range, or a last byte before the first (the header is then ignored).
        _Unsatisfiable: a suffix of 0 bytes, a first byte at or past the end, or an empty file.
    """
    unit, _, spec = header.strip().partition("=")
    first, dash, last = spec.strip().partition("-")
    if unit.strip().lower() != "bytes" or not dash or not (first + last).isdigit():
        raise ValueError(header)
    if not first:  # bytes=-N: the last N bytes
        if int(last) == 0 or size == 0:
            raise _Unsatisfiable
        return max(size - int(last), 0), size - 1
    start = int(first)
    if last and int(last) < start:
        raise ValueError(header)
    if start >= size:
        raise _Unsatisfiable
    return start, size - 1 if not last else min(int(last), size - 1)


class _SiteFiles(WhiteNoise):
    """WhiteNoise whose files answer byte ranges as RFC 9110 says."""

    def get_static_file(self, path, url, stat_cache=None):
        plain = super().get_static_file(path, url, stat_cache)
        plain.__class__ = _RangeFile  # same state; only the range answer differs
        return plain


def _with_headers(app: Callable, extra: dict[str, str]) -> Callable:
    """`app`, with the `extra` headers added to every answer that does not set them itself."""
    extra_items = list(extra.items())

    def wrapped(environ: dict, start_response: Callable) -> Iterable[bytes]:
        def start(status, headers, exc_info=None):
            present = {name.lower() for name, _ in headers}
            return start_response(status, list(headers) + [(n, v) for n, v in extra_items
                                                           if n.lower() not in present], exc_info)

        return app(environ, start)

    return wrapped


def make_app(root: Path) -> Callable:
    """Return the WSGI app serving the built site in `root` (a folder with index.html), with its security
    headers on every answer.

    Raises:
        FileNotFoundError: `root` has no index.html (the site is not built).
    """
    root = Path(root)
    if not (root / "index.html").is_file():
        raise FileNotFoundError(f"{root}/index.html: the site is not built (run `make build`)")
    files = _SiteFiles(
        _not_found(root), root=str(root), index_file=True, max_age=0,
        immutable_file_test=lambda _path, url: bool(_IMMUTABLE.search(url)),
        mimetypes={".webmanifest": "application/manifest+json"},
    )
    return _with_headers(files, read_header_files(root))


# Open connections Waitress keeps at once. Its default, 100, left the 101st keep-alive client of the load
# test (benchmarks/bench_load.py, 200 clients) unanswered until it timed out; the sockets cost little.
CONNECTION_LIMIT = 1000


def make_server(app: Callable, host: str, port: int, threads: int = 8):
    """A Waitress server for the WSGI `app`, its socket bound to host:port (`threads` worker threads, up to
    CONNECTION_LIMIT open connections); `.run()` serves until interrupted.

    Raises:
        OSError: the address cannot be bound (the port is in use, or the host is not this machine's).
    """
    from waitress.server import create_server

    return create_server(app, host=host, port=port, threads=threads, connection_limit=CONNECTION_LIMIT,
                         ident="nuffle")


def serve(app: Callable, host: str, port: int, threads: int = 8) -> None:
    """Serve the WSGI `app` on http://host:port/ until interrupted (see :func:`make_server`)."""
    make_server(app, host, port, threads).run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m plugins.serve", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", type=Path, default=PROJECT / "site")
    parser.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    args = parser.parse_args(argv)
    try:
        app = make_app(args.directory.resolve())
    except FileNotFoundError as exc:
        parser.error(str(exc))
    try:  # bound before "Serving" is printed: a port in use is one line, not a traceback after that promise
        server = make_server(app, args.host, args.port, args.threads)
    except OSError as exc:
        parser.exit(2, f"python -m plugins.serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc} "
                       f"(is another server using port {args.port}? try --port)\n")
    print(f"Serving {args.directory} on http://{args.host}:{args.port}/ (Ctrl+C to stop)")
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
