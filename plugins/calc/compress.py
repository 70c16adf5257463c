"""Pre-compressed siblings (.gz, .br) of the site's files, so a static host can serve them as they are.

Two passes:
- the Python runtime (large, rarely changing): gzip and Brotli at their best levels. Brotli takes about
  30 s on the 9.6 MB WebAssembly file, so results are cached by content hash in the build cache
  (`cachefile.cache_dir`: ~/.cache/nuffle-codex/precompressed/);
- every text file of the built site (pages, CSS, JS, JSON, SVG, XML): gzip, which takes well under a
  second for the whole site; and the styles and scripts under a language's `assets/` also Brotli at its best
  level, cached by content hash like the runtime's (the same few dozen files in every language and build:
  about 2 s once, nothing after). The French Agility page's styles and scripts are 137 kB as Brotli sends
  them, 162 kB as gzip: 25 kB, about 0.12 s at 1.6 Mbps, less before the calculator's first Python answer on a
  slow link (benchmarks/bench_throttled.py). The pages themselves stay gzip only: Brotli's best level on 3,300 pages of
  about 0.2 MB would take minutes of every build.
"""
from __future__ import annotations

import gzip
import hashlib
from pathlib import Path
from typing import Callable

import brotli

from .cachefile import cache_dir, write_atomically

CACHE = cache_dir("precompressed")
GAIN = 0.9  # keep a sibling only if it is at least 10 % smaller
TEXT_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".webmanifest", ".txt"}
ASSET_SUFFIXES = {".css", ".js", ".mjs"}  # under an assets/ folder: Brotli siblings too


def _gzip(data: bytes, level: int = 9) -> bytes:
    return gzip.compress(data, level, mtime=0)


def _gzip_fast(data: bytes) -> bytes:
    return _gzip(data, 6)  # within 2 % of level 9 on our pages, in about half the time


def _write_sibling(path: Path, data: bytes, suffix: str, squeeze: Callable[[bytes], bytes],
                   cache_tag: str | None) -> bool:
    """Write path + suffix (squeeze(data)) if it saves at least 10 %. With a `cache_tag` (what makes `squeeze`
    differ from another squeeze of the same suffix, e.g. its level), the result is cached by content hash."""
    if cache_tag is not None:
        cached = CACHE / f"{hashlib.sha256(data).hexdigest()}.{cache_tag}{suffix}"
        if not cached.is_file():
            CACHE.mkdir(parents=True, exist_ok=True)
            write_atomically(cached, lambda partial: partial.write_bytes(squeeze(data)))
        packed = cached.read_bytes()
    else:
        packed = squeeze(data)
    if len(packed) > GAIN * len(data):
        return False
    path.with_name(path.name + suffix).write_bytes(packed)
    return True


def compress_file(path: Path, *, gzip_level: int = 9, brotli_quality: int = 11) -> int:
    """gzip and Brotli siblings of one large file, cached in the build cache (cachefile.cache_dir); returns how many."""
    data = path.read_bytes()
    return (_write_sibling(path, data, ".gz", lambda d: _gzip(d, gzip_level), f"l{gzip_level}")
            + _write_sibling(path, data, ".br", lambda d: brotli.compress(d, quality=brotli_quality), f"q{brotli_quality}"))


def compress_runtime(folder: Path, min_size: int = 100_000) -> int:
    """gzip and Brotli siblings (best levels) of each file of `folder` larger than `min_size`; returns how many."""
    return sum(compress_file(path) for path in sorted(folder.iterdir())
               if path.is_file() and path.suffix not in (".gz", ".br") and path.stat().st_size >= min_size)


def compress_text(site: Path, min_size: int = 1024) -> int:
    """gzip siblings of every text file of the built site (all languages), and Brotli siblings (best level,
    cached) of the styles and scripts under an `assets/` folder; returns how many siblings were written."""
    written = 0
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix in TEXT_SUFFIXES and path.stat().st_size >= min_size:
            data = path.read_bytes()
            written += _write_sibling(path, data, ".gz", _gzip_fast, cache_tag=None)
            if path.suffix in ASSET_SUFFIXES and "assets" in path.relative_to(site).parts:
                written += _write_sibling(path, data, ".br", lambda d: brotli.compress(d, quality=11), "q11")
    return written
