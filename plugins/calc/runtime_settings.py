"""runtime.json: the Python runtime's settings, once per language build, which the page's script fetches once.

Every calculator form used to repeat them in data-* attributes; they are the same for every form of a build.
The file is written to `<language root>/assets/nuffle/runtime.json` (beside nuffle.js, which reads it,
see plugins/site/assets/js/runtime.mjs), so the service worker precaches it with the language's other
assets (plugins/calc/offline.py lists every file of the language).
"""
from __future__ import annotations

import json

from .bundle import RULES_PATH, RUNTIME_FILES, RUNTIME_URL, pyodide_lock_info
from .bytecode import shipped_package
from .mpbundle import micropython_settings
from .snapshot import interpreter_snapshot

RUNTIME_JSON = "assets/nuffle/runtime.json"  # relative to a language's root


def runtime_settings(rules_sha256: str | None = None) -> dict:
    """The settings the page's calculator worker starts Python with; paths are relative to the site root.

    Returns:
        {"runtime": the runtime folder, "files": the files Pyodide loads from it (the page asks the service
        worker to keep them), "package": the calculators zip's name (with its bytecode, bytecode.py), "snapshot": the interpreter snapshot's
        name, "snapshotBytes": its size in bytes (calc-worker.js judges its download speed by it), "lock": the
        pinned pyodide-lock.json's `info`, "rules": the rules JSON, "micropython": the MicroPython runtime the
        calculators answer with first, :func:`plugins.calc.mpbundle.micropython_settings` (given `rules_sha256`)}.

    Raises:
        SnapshotError: as :func:`plugins.calc.snapshot.interpreter_snapshot` and
            :func:`plugins.calc.bytecode.shipped_package` (Node.js missing or failing).
    """
    package, _ = shipped_package()
    snapshot_name, snapshot_path = interpreter_snapshot()
    return {
        "runtime": RUNTIME_URL, "files": list(RUNTIME_FILES), "package": package,
        "snapshot": snapshot_name, "snapshotBytes": snapshot_path.stat().st_size,
        "lock": pyodide_lock_info(), "rules": RULES_PATH, "micropython": micropython_settings(rules_sha256),
    }


def runtime_json(rules_sha256: str | None = None) -> str:
    """runtime.json's text (see :func:`runtime_settings`)."""
    return json.dumps(runtime_settings(rules_sha256), indent=1, sort_keys=True) + "\n"
