"""The MicroPython runtime the site's calculators answer with first (issue 26, item 11), and its package.

Everything lives under `micropython/<pinned version>/` (MICROPYTHON_URL), beside `pyodide/<version>/`:

- `micropython-<hash>.mjs` and `micropython-<hash>.wasm`: MicroPython's WebAssembly port, copied from the npm
  package `@micropython/micropython-webassembly-pyscript` pinned in package.json (0.54 MB raw, about 0.21 MB
  as Brotli sends it). The names carry a content hash, as the Pyodide folder's files do, so no cache can hand
  a returning reader a stale copy; the worker gives the module the `.wasm` URL (loadMicroPython's `url`);
- `mp-calculators-<hash>.json`: the mechanical MicroPython build of the same `calculators/` package
  (plugins/calc/micropython.py, with the shims of plugins/calc/mpshim/) as one JSON object
  {"files": {relative path: text}}, which the worker writes into MicroPython's file system. One file, so
  the service worker caches it in one request, and its Brotli sibling compresses across modules. The
  docstrings are left out (:func:`without_docstrings`): nothing reads `__doc__`, and they were half the
  bytes (159 kB of Brotli with them, 82 kB without, on 2026-12-05: about 0.4 s at 1.6 Mbps, and less for
  MicroPython to compile when the worker imports the package).

The worker (plugins/site/assets/mp-worker.js) reads the names from runtime.json (runtime_settings.py).
"""
from __future__ import annotations

import ast
import hashlib
import json
import tempfile
from functools import lru_cache
from pathlib import Path

from .bundle import PROJECT
from .micropython import build

MICROPYTHON_DIR = PROJECT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
SOURCE_FILES = {"module": "micropython.mjs", "wasm": "micropython.wasm"}


def _pinned_version() -> str:
    """The installed npm package's version (pinned in package.json), or "0" when it is missing."""
    try:
        return str(json.loads((MICROPYTHON_DIR / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "0"


MICROPYTHON_VERSION = _pinned_version()
MICROPYTHON_URL = f"micropython/{MICROPYTHON_VERSION}/"  # relative to the site root


def missing_micropython() -> list[str]:
    """The runtime files missing from node_modules (run `npm ci`)."""
    return [name for name in SOURCE_FILES.values() if not (MICROPYTHON_DIR / name).is_file()]


def _hashed(stem: str, suffix: str, data: bytes) -> str:
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:12]}{suffix}"


_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(source: str) -> str:
    """`source` (a module, valid Python) without the docstrings of the module, its classes and its functions
    (a body that was only a docstring becomes `pass`); the same code otherwise, re-written by `ast.unparse`.

    Raises SyntaxError if `source` is not valid Python.
    """
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, _DOCUMENTED):
            continue
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


@lru_cache(maxsize=1)
def micropython_package() -> tuple[str, bytes]:
    """(file name, bytes) of the MicroPython build of `calculators/` as one JSON document
    {"files": {"calculators/api/door.py": text, ..., "mpshim/core.py": text, ...}}, the modules without their
    docstrings, keys sorted, so the same sources always give the same bytes and name
    (`mp-calculators-<hash>.json`)."""
    with tempfile.TemporaryDirectory(prefix="nuffle-mp-") as tmp:
        out = Path(tmp)
        files = {}
        for path in build(out):
            text = path.read_text(encoding="utf-8")
            files[path.relative_to(out).as_posix()] = without_docstrings(text) if path.suffix == ".py" else text
    data = json.dumps({"files": files}, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return _hashed("mp-calculators", ".json", data), data


@lru_cache(maxsize=1)
def micropython_runtime() -> dict[str, tuple[str, bytes]]:
    """{"module": (name, bytes), "wasm": (name, bytes)}: the port's two files, named by their content.

    Raises:
        FileNotFoundError: the npm package is not installed.
    """
    out = {}
    for role, source in SOURCE_FILES.items():
        data = (MICROPYTHON_DIR / source).read_bytes()
        stem, suffix = source.rsplit(".", 1)
        out[role] = (_hashed(stem, f".{suffix}", data), data)
    return out


def micropython_settings() -> dict:
    """What runtime.json says of MicroPython: {"runtime": the folder (relative to the site root), "module",
    "wasm", "package": file names in it, "files": the three names (the service worker caches them)}."""
    runtime = micropython_runtime()
    package, _ = micropython_package()
    names = {"module": runtime["module"][0], "wasm": runtime["wasm"][0], "package": package}
    return {"runtime": MICROPYTHON_URL, **names, "files": sorted(names.values())}


def write_micropython(site: Path) -> list[Path]:
    """Write the port and the package into `site`/micropython/<version>/; returns the files written (their
    .gz/.br siblings are written by the caller's compression pass)."""
    folder = site / MICROPYTHON_URL
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in [*micropython_runtime().values(), micropython_package()]:
        (folder / name).write_bytes(data)
        written.append(folder / name)
    return written
