"""The calculators zip the site ships carries bytecode that Pyodide's Python loads (plugins/calc/bytecode.py).

Issue 26, item 11: every calculator page compiled the whole package again in the browser (Pyodide writes no
bytecode), 3–8 s of its worker's start on the shared machine. The shipped zip now has each module's pyc,
compiled by the pinned Pyodide. To show the pycs are what runs, every source in the zip is replaced by one that
raises: the answers still come, and equal CPython's. Before, the zip had no pyc, and the import failed.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from calculators.api import handle
from plugins.calc.bytecode import shipped_package
from plugins.calc.bundle import calculators_zip

ROOT = Path(__file__).resolve().parents[2]
NODE_PATH = os.environ.get("PYODIDE_NODE_PATH", str(ROOT / "node_modules"))
REQUESTS = [
    {"kind": "agility", "action": "pass", "ag": 3, "range": "long", "tackle_zones": 1, "reroll": True},
    {"kind": "block", "edition": "bb2025", "attacker_st": 4, "defender_st": 3, "team_rerolls": 1},
    {"kind": "chain", "chain": "[pro,loner=4]N4,D3d/[loner=3]C4c;tr=3", "edition": "bb2025"},
    {"kind": "nope"},
]


def without_sources(package: bytes) -> bytes:
    """`package` with every .py replaced by a module that raises ImportError: only its bytecode can run."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".py"):
                data = f"raise ImportError('{info.filename}: compiled from source')\n".encode()
            target.writestr(info, data)
    return out.getvalue()


def test_the_shipped_zip_has_the_sources_and_a_pyc_for_every_module():
    _, sources = calculators_zip()
    name, package = shipped_package()
    names = zipfile.ZipFile(io.BytesIO(package)).namelist()
    assert set(zipfile.ZipFile(io.BytesIO(sources)).namelist()) <= set(names)
    modules = [n for n in names if n.endswith(".py")]
    for module in modules:
        folder, _, file = module.rpartition("/")
        assert f"{folder}/__pycache__/{file[:-3]}.cpython-314.pyc" in names, module
    assert name.startswith("calculators-") and name.endswith(".zip")


@pytest.mark.skipif(not (shutil.which("node") and (Path(NODE_PATH) / "pyodide").is_dir()),
                    reason="no node_modules/pyodide: run `npm ci` (make does it) or set PYODIDE_NODE_PATH")
def test_pyodide_runs_the_shipped_bytecode_and_answers_as_cpython(tmp_path, classic_rules):
    bundle = tmp_path / "calculators.zip"
    bundle.write_bytes(without_sources(shipped_package()[1]))
    spec = tmp_path / "requests.json"
    spec.write_text(json.dumps({"requests": REQUESTS, "rules": classic_rules}), encoding="utf-8")
    proc = subprocess.run(["node", str(ROOT / "tests" / "calculators" / "pyodide_smoke.mjs"), str(bundle), str(spec)],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "NODE_PATH": NODE_PATH})
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["answers"] == [json.loads(json.dumps(handle(r, classic_rules))) for r in REQUESTS]
