"""The Makefile's targets do what they need and no more.

`make messages` re-extracts the UI strings with pybabel, from the Python virtual environment alone. It used to
depend on `install`, whose `npm ci` (run whenever package.json or package-lock.json is newer than its stamp)
deletes node_modules and installs it again: a translator who only wanted the catalogs lost the Node tools
meanwhile, and a worktree that shares node_modules through a symlink wiped it for everyone.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")


def planned(target: str) -> list[str]:
    """The commands `make TARGET` would run if every prerequisite were out of date (`-n -B`: printed, not run)."""
    out = subprocess.run(["make", "--no-print-directory", "-n", "-B", target], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return out.stdout.splitlines()


def test_messages_needs_the_python_environment_only():
    commands = planned("messages")
    assert any("pybabel extract" in c for c in commands) and any("pybabel update" in c for c in commands)
    assert any("pip install" in c for c in commands), "the venv is still made when it is missing"
    assert not any("npm" in c for c in commands), commands


def test_the_targets_that_need_node_still_install_it():
    """The check above is not vacuous: `-n -B` does list npm ci where node_modules is a prerequisite."""
    assert any(c.startswith("npm ci") for c in planned("lint-js"))
    assert any(c.startswith("npm ci") for c in planned("build"))
