"""Writing a file of the build's caches (.cache/) so that no reader ever sees half of it."""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Callable


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
