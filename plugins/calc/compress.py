"""Pre-compressed siblings (.gz, .br) of the large runtime files, so a static host can serve them as is.

Brotli at its best level takes about 30 s on the 9.6 MB WebAssembly file, so results are cached in
.cache/precompressed/ by content hash: only a new Pyodide version pays that cost again.
"""
from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

import brotli

CACHE = Path(__file__).resolve().parents[2] / ".cache" / "precompressed"
MIN_SIZE = 100_000          # smaller files gain little
GAIN = 0.9                  # keep a sibling only if it is at least 10 % smaller


def compress_siblings(folder: Path) -> list[Path]:
    """Write <file>.gz and <file>.br next to each large file of `folder`; return the files written."""
    written = []
    for path in sorted(folder.iterdir()):
        if not path.is_file() or path.suffix in (".gz", ".br") or path.stat().st_size < MIN_SIZE:
            continue
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        for suffix, squeeze in ((".gz", lambda d: gzip.compress(d, 9, mtime=0)),
                                (".br", lambda d: brotli.compress(d, quality=11))):
            cached = CACHE / f"{digest}{suffix}"
            if not cached.is_file():
                CACHE.mkdir(parents=True, exist_ok=True)
                cached.write_bytes(squeeze(data))
            packed = cached.read_bytes()
            if len(packed) <= GAIN * len(data):
                target = path.with_name(path.name + suffix)
                target.write_bytes(packed)
                written.append(target)
    return written
