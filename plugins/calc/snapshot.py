"""A memory snapshot of the bare Python interpreter, made at build time and served beside the runtime.

Starting Pyodide in the browser spends most of its time initialising the interpreter. Pyodide can instead
restore a memory snapshot of an interpreter that is already initialised (its experimental `_makeSnapshot` /
`_loadSnapshot` options). The snapshot is made once, under Node.js, by make_snapshot.mjs with the options the
worker uses, and shipped as site/pyodide/snapshot-<hash>.bin (with .br and .gz siblings): a first visit boots
from it too. It holds the interpreter only, not our package (the worker unpacks and imports that as usual), so
it depends on nothing but the pinned Pyodide: it is cached in the build cache (`cachefile.cache_dir`:
~/.cache/nuffle-codex/pyodide-snapshot/) under a key made of the runtime's version, its lock info and the
script, and made again only when one of them changes.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from mkdocs.exceptions import PluginError

from .bundle import PYODIDE_DIR, pyodide_lock_info
from .cachefile import cache_dir, write_atomically
from .compress import compress_file

CACHE = cache_dir("pyodide-snapshot")
SCRIPT = Path(__file__).resolve().parent / "make_snapshot.mjs"
START = SCRIPT.with_name("start_pyodide.mjs")  # imported by SCRIPT: how Pyodide is started
NODE_TIMEOUT_S = 120
MIN_BYTES = 1 << 20  # a real snapshot is tens of MB; anything this small is broken
# The best levels take over a minute on 31 MB; these give 4.9 MB brotli and 6.1 MB gzip in about 2.5 s (once:
# plugins/calc/compress.py caches them).
BROTLI_QUALITY = 9
GZIP_LEVEL = 6


class SnapshotError(PluginError):
    """The snapshot could not be made (Node.js missing or failing): the build stops with this message."""


def _cache_key() -> str:
    package = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))
    parts = [package.get("version", ""), json.dumps(pyodide_lock_info(), sort_keys=True),
             SCRIPT.read_text(encoding="utf-8"), START.read_text(encoding="utf-8")]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def _make(out: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("Node.js (`node`) is not on PATH: it is needed to make the Python snapshot")
    lock = json.dumps(pyodide_lock_info())
    try:
        done = subprocess.run([node, str(SCRIPT), str(PYODIDE_DIR), lock, str(out)], capture_output=True,
                              text=True, timeout=NODE_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise SnapshotError(f"{SCRIPT.name} did not finish in {NODE_TIMEOUT_S} s") from None
    if done.returncode != 0 or not out.is_file() or out.stat().st_size < MIN_BYTES:
        out.unlink(missing_ok=True)
        raise SnapshotError(f"{SCRIPT.name} failed (exit {done.returncode}): {done.stderr.strip()[-2000:]}")


@lru_cache(maxsize=1)
def interpreter_snapshot() -> tuple[str, Path]:
    """(file name to publish, cached file): the snapshot, made first if needed (about 3 s under Node.js,
    31 MB). The name is snapshot-<content hash>.bin, so browsers may cache it forever.

    Raises:
        SnapshotError: Node.js is missing, fails or writes no snapshot.
    """
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"{_cache_key()}.bin"
    if not path.is_file():
        write_atomically(path, _make)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return f"snapshot-{digest}.bin", path


def write_snapshot(runtime: Path) -> str:
    """Copy the snapshot into `runtime` (site/pyodide/) with .br and .gz siblings; return its file name.

    Raises:
        SnapshotError: as :func:`interpreter_snapshot`.
    """
    name, source = interpreter_snapshot()
    shutil.copyfile(source, runtime / name)
    compress_file(runtime / name, gzip_level=GZIP_LEVEL, brotli_quality=BROTLI_QUALITY)
    return name
