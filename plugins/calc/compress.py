"""Pre-compressed siblings (.gz, .br) of the site's files, so a static host can serve them as they are.

Two passes:
- the Python runtime (large, rarely changing): gzip and Brotli at their best levels. Brotli takes about
  30 s on the 9.6 MB WebAssembly file, so results are cached in .cache/precompressed/ by content hash;
- every text file of the built site (pages, CSS, JS, JSON, SVG, XML): gzip only, which takes well
  under a second for the whole site.
"""
from __future__ import annotations

import gzip
import hashlib
from pathlib import Path
from typing import Callable

import brotli

CACHE = Path(__file__).resolve().parents[2] / ".cache" / "precompressed"
GAIN = 0.9  # keep a sibling only if it is at least 10 % smaller
TEXT_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".webmanifest", ".txt"}


def _gzip(data: bytes, level: int = 9) -> bytes:
    return gzip.compress(data, level, mtime=0)


def _gzip_fast(data: bytes) -> bytes:
    return _gzip(data, 6)  # within 2 % of level 9 on our pages, in about half the time


def _brotli(data: bytes) -> bytes:
    return brotli.compress(data, quality=11)


def _write_sibling(path: Path, data: bytes, suffix: str, squeeze: Callable[[bytes], bytes], cache: bool) -> bool:
    if cache:
        cached = CACHE / f"{hashlib.sha256(data).hexdigest()}{suffix}"
        if not cached.is_file():
            CACHE.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(squeeze(data))
        packed = cached.read_bytes()
    else:
        packed = squeeze(data)
    if len(packed) > GAIN * len(data):
        return False
    path.with_name(path.name + suffix).write_bytes(packed)
    return True


def compress_runtime(folder: Path, min_size: int = 100_000) -> int:
    """gzip and Brotli siblings of each file of `folder` larger than `min_size`; returns how many."""
    written = 0
    for path in sorted(folder.iterdir()):
        if path.is_file() and path.suffix not in (".gz", ".br") and path.stat().st_size >= min_size:
            data = path.read_bytes()
            written += _write_sibling(path, data, ".gz", _gzip, cache=True)
            written += _write_sibling(path, data, ".br", _brotli, cache=True)
    return written


def compress_text(site: Path, min_size: int = 1024) -> int:
    """gzip siblings of every text file of the built site (all languages); returns how many."""
    written = 0
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix in TEXT_SUFFIXES and path.stat().st_size >= min_size:
            written += _write_sibling(path, path.read_bytes(), ".gz", _gzip_fast, cache=False)
    return written
