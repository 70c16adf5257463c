"""The calculators zip the site ships: the sources plus their bytecode, compiled by the pinned Pyodide.

Pyodide never writes bytecode (`sys.dont_write_bytecode`), so every calculator page compiled the whole
package again when its worker imported it: most of the worker's start, where Python itself is ready from the
snapshot in under 1 s. Unpacking and importing (`self.nuffleBoot.importMs`, French Agility, block and chain
pages, 9 starts each way, the shared 2-core machine at a load average of 10, 2026-12-05) took 2.3 s median
(1.8–3.9 s) with the sources only and 1.5 s (0.9–3.4 s) with the bytecode; Python ready, 2.9 s and 2.1 s.

The bytecode must come from Pyodide's own Python (3.14, its magic number), not the build's CPython, so
compile_bytecode.mjs runs the pinned Pyodide under Node.js, as the snapshot does (snapshot.py). The pycs are
"unchecked-hash" ones: Python loads them without looking at the source's time stamp, which unpacking in the
browser does not keep; the sources come in the same zip, so they cannot disagree. A pyc whose magic number a
future runtime does not know is ignored and the source compiled, as before. The zip is stored uncompressed:
its Brotli sibling (compress.py, as for the runtime) then compresses across files: 329 kB as sent with the
bytecode, against 187 kB for the deflated zip of sources only. The result is cached in the build cache
(`cachefile.cache_dir`: ~/.cache/nuffle-codex/pyodide-bytecode/) by the hash of the sources' zip, the runtime's
lock info and the script.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

from .bundle import PYODIDE_DIR, calculators_zip, content_named, pyodide_lock_info
from .cachefile import cache_dir, write_atomically
from .snapshot import START, SnapshotError

CACHE = cache_dir("pyodide-bytecode")
SCRIPT = Path(__file__).resolve().parent / "compile_bytecode.mjs"
NODE_TIMEOUT_S = 120


class BytecodeError(SnapshotError):
    """The package could not be compiled (Node.js missing or failing, or a module Pyodide's Python cannot
    compile): the build stops with this message."""


def _compile(source: bytes, out: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("Node.js (`node`) is not on PATH: it is needed to compile the calculators for Pyodide")
    with tempfile.TemporaryDirectory(prefix="nuffle-bytecode-") as tmp:
        given = Path(tmp) / "package.zip"
        given.write_bytes(source)
        try:
            done = subprocess.run([node, str(SCRIPT), str(PYODIDE_DIR), json.dumps(pyodide_lock_info()), str(given),
                                   str(out)], capture_output=True, text=True, timeout=NODE_TIMEOUT_S, check=False)
        except subprocess.TimeoutExpired:
            raise BytecodeError(f"{SCRIPT.name} did not finish in {NODE_TIMEOUT_S} s") from None
    if done.returncode != 0 or not out.is_file():
        out.unlink(missing_ok=True)
        raise BytecodeError(f"{SCRIPT.name} failed (exit {done.returncode}): {done.stderr.strip()[-2000:]}")


@lru_cache(maxsize=1)
def shipped_package() -> tuple[str, bytes]:
    """(file name, bytes) of the calculators zip the site ships: :func:`bundle.calculators_zip`'s files and the
    bytecode of each module (`__pycache__/*.cpython-3XX.pyc`), stored uncompressed. The name,
    calculators-<content hash>.zip, changes with the sources and with the runtime.

    Raises:
        BytecodeError: Node.js is missing or fails, or a module does not compile under Pyodide's Python.
    """
    _, source = calculators_zip()
    key = hashlib.sha256(b"\n".join([source, json.dumps(pyodide_lock_info(), sort_keys=True).encode(),
                                     SCRIPT.read_bytes(), START.read_bytes()])).hexdigest()[:16]
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"{key}.zip"
    if not path.is_file():
        write_atomically(path, lambda partial: _compile(source, partial))
    data = path.read_bytes()
    return content_named("calculators", ".zip", data), data
