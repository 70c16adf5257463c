"""Every benchmark script still starts: its imports resolve as they do when a reader runs it.

The benchmarks print figures and are not run by CI (they are slow, and speed is not asserted), so a moved
module would break one silently: `bench_dave_vectors.py` once stopped at its first import after the tests'
YAML helper moved. Each script is loaded as `python benchmarks/NAME.py` would load it (the script's folder
first on `sys.path`), under another module name, so its `if __name__ == "__main__"` body does not run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
#: scripts with a main guard: the others are modules loaded elsewhere (the MicroPython shims live in plugins/calc/mpshim)
SCRIPTS = sorted(p for p in BENCHMARKS.glob("*.py") if '__name__ == "__main__"' in p.read_text(encoding="utf-8"))

LOAD = "import runpy, sys; sys.path[0] = sys.argv[1]; runpy.run_path(sys.argv[2], run_name='benchmark_import_check')"


def test_the_scripts_are_found():
    assert len(SCRIPTS) >= 15, [p.name for p in SCRIPTS]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_benchmark_script_loads(script: Path):
    done = subprocess.run([sys.executable, "-c", LOAD, str(BENCHMARKS), str(script)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{script.name} does not load:\n{done.stderr[-2000:]}"
