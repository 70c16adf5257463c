"""Serve the built site as a static host should: pre-compressed siblings, the right types and caching.

    python -m plugins.serve [--host 127.0.0.1] [--port 8000] [--directory site]

WhiteNoise picks `page.html.br` / `page.html.gz` (written by plugins/calc/compress.py) when the browser
accepts that encoding, so a cold page costs its compressed size, as on a production host; Waitress is
the HTTP server. Files whose names never change for a given content (the runtime folder named after the
pinned Pyodide version, pyodide/<version>/, with the content-hashed calculators zip and snapshot) are cached
for a year; everything else is revalidated on every visit, so
a rebuilt site and its service worker reach the reader at once. The same app serves the tests and the
benchmarks (`make_app`), so what they measure is what `make serve` does.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Callable, Iterable

from whitenoise import WhiteNoise

PROJECT = Path(__file__).resolve().parent.parent
# pyodide/<version>/<file>: the folder changes name with the pinned Pyodide (plugins/calc/bundle.py), the zip
# and the snapshot in it with their content. A file outside a versioned folder is revalidated.
_IMMUTABLE = re.compile(r"^/pyodide/[0-9][^/]*/[^/]+$")
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


def make_app(root: Path) -> WhiteNoise:
    """Return the WSGI app serving the built site in `root` (a folder with index.html).

    Raises:
        FileNotFoundError: `root` has no index.html (the site is not built).
    """
    root = Path(root)
    if not (root / "index.html").is_file():
        raise FileNotFoundError(f"{root}/index.html: the site is not built (run `make build`)")
    return WhiteNoise(
        _not_found(root), root=str(root), index_file=True, max_age=0,
        immutable_file_test=lambda _path, url: bool(_IMMUTABLE.search(url)),
        mimetypes={".webmanifest": "application/manifest+json"},
    )


def serve(app: Callable, host: str, port: int, threads: int = 8) -> None:
    """Serve the WSGI `app` on http://host:port/ until interrupted (Waitress, `threads` worker threads)."""
    from waitress import serve as waitress_serve

    waitress_serve(app, host=host, port=port, threads=threads, ident="nuffle", _quiet=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m plugins.serve", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", type=Path, default=PROJECT / "site")
    args = parser.parse_args(argv)
    try:
        app = make_app(args.directory.resolve())
    except FileNotFoundError as exc:
        parser.error(str(exc))
    print(f"Serving {args.directory} on http://{args.host}:{args.port}/ (Ctrl+C to stop)")
    try:
        serve(app, args.host, args.port)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
