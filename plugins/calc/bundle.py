"""Build-time artefacts for the in-browser calculators.

- the `calculators` package as a zip, built from the working tree so the browser runs the same code
  that pytest checks, named by its content hash so a cache can never serve a stale copy;
- the four Pyodide runtime files, copied from the npm package pinned in package-lock.json.

Everything the browser's Python loads lives under `pyodide/<pinned Pyodide version>/` (RUNTIME_URL): a new
runtime has new URLs, so no HTTP cache or service-worker cache can hand a returning reader the old one, and
the folder may be cached for good (plugins/serve.py).
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from functools import lru_cache
from pathlib import Path

from ..data.export import API_VERSION, RULES_FILE

PROJECT = Path(__file__).resolve().parents[2]
PACKAGE_DIR = PROJECT / "calculators"
PACKAGE_SUFFIXES = (".py", ".json")  # the code and the data it reads (calculators/compat/stars.json)
PYODIDE_DIR = PROJECT / "node_modules" / "pyodide"
# What loadPyodide needs when it is given lockFileContents (so pyodide-lock.json is not fetched).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def npm_version(folder: Path) -> str:
    """The version of the npm package installed in `folder` (pinned in package.json), or "0" when it is missing
    (a build without the runtime, `python_runtime: false`, still names the folder)."""
    try:
        return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "0"


def content_named(stem: str, suffix: str, data: bytes) -> str:
    """`stem-<12 hex digits of data's SHA-256><suffix>`: a file name that changes whenever its bytes do, so no
    cache can serve a stale copy under it."""
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:12]}{suffix}"


PYODIDE_VERSION = npm_version(PYODIDE_DIR)
RUNTIME_URL = f"pyodide/{PYODIDE_VERSION}/"  # relative to the site root; a new runtime, a new folder
RULES_PATH = f"api/{API_VERSION}/{RULES_FILE}"  # the rules the calculators read, relative to the site root


@lru_cache(maxsize=1)
def calculators_zip() -> tuple[str, bytes]:
    """(file name, bytes) of a reproducible zip of the calculators package (its subpackages and the data files they
    read, ``*.json``, included); the name carries a content hash."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in PACKAGE_DIR.rglob("*") if p.suffix in PACKAGE_SUFFIXES and "__pycache__" not in p.parts):
            info = zipfile.ZipInfo(path.relative_to(PROJECT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return content_named("calculators", ".zip", data), data


def pyodide_lock_info() -> dict:
    """The `info` block of the pinned pyodide-lock.json (its abi, platform and Python must match)."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock["info"]


def missing_runtime() -> list[str]:
    return [name for name in RUNTIME_FILES if not (PYODIDE_DIR / name).is_file()]
