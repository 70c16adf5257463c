"""The build's caches: where they live, and writing a file there so that no reader ever sees half of it."""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Callable


def cache_dir(name: str) -> Path:
    """The folder of the build's cache `name` (its entries are named by content hash or by what made them).

    It lives outside the project, in `$NUFFLE_CACHE` or else `$XDG_CACHE_HOME/nuffle-codex` (by default
    `~/.cache/nuffle-codex`), so that a fresh clone on a machine that built before (CI's) finds the compressed
    runtime (about 30 s of Brotli) and the interpreter snapshot already made.
    """
    root = os.environ.get("NUFFLE_CACHE")
    if not root:
        root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "nuffle-codex"
    return Path(root) / name


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Call `write(partial)` on a file next to `path`, then rename it to `path`.

    The partial file's name is unique to this process and call, so that two builds filling the same cache
    at once (the test workers of `pytest -n`) never write into one file; the last rename wins, and both
    wrote the same bytes. A killed build may leave a stray `.partial`, never a truncated cache entry.
    """
    partial = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.partial")
    try:
        write(partial)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)
