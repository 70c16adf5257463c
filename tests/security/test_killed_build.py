"""A killed build's staging folder is removed by the next build; a running build's is not (issue 24, item 5).

A build killed halfway (Ctrl+C twice, the OOM killer, a CI timeout) left `.site-building-*` next to the
site (about 125 MB for the real site), and no later build removed it: each kill added one more.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import plugins.build as site_build

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile import PROJECT, copy_fixture  # noqa: E402

# A build of the fixture project in a process of its own, which waits (before compressing its pages) until
# the file `release` exists, having written `waiting`: a build that can be caught halfway, every time.
HELD_BUILD = """
import sys, time
from pathlib import Path
import plugins.build as b

project, release = Path(sys.argv[1]), Path(sys.argv[2])
compress = b.compress_text

def held(root):
    (release.parent / "waiting").write_text(str(root))
    while not release.exists():
        time.sleep(0.05)
    compress(root)

b.compress_text = held
b.build_site(project, ("mkdocs.yml",))
"""


@pytest.fixture
def project(tmp_path):
    config, _ = copy_fixture(tmp_path)
    return config.parent


def _leftovers(project: Path) -> list[str]:
    return sorted(p.name for p in project.iterdir() if p.name.startswith((".site-building-", ".site-old-")))


def _start_held_build(project: Path, signals: Path) -> subprocess.Popen:
    signals.mkdir()
    process = subprocess.Popen([sys.executable, "-c", HELD_BUILD, str(project), str(signals / "release")],
                               cwd=PROJECT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not (signals / "waiting").exists():  # the pages are built; the folder is full
        if process.poll() is not None:
            raise AssertionError(f"the held build stopped early (exit {process.returncode})")
        time.sleep(0.05)
    return process


def test_the_next_build_removes_a_killed_builds_folder(project, tmp_path):
    held = _start_held_build(project, tmp_path / "signals")
    held.send_signal(signal.SIGKILL)  # no `finally` runs: the folder stays
    held.wait()
    assert len(_leftovers(project)) == 1  # what the reader found on disk
    site_build.build_site(project, ("mkdocs.yml",))
    assert _leftovers(project) == []
    assert (project / "site" / "index.html.gz").is_file()


def test_a_concurrent_builds_folder_is_kept(project, tmp_path):
    """Two builds at once (the tests do it under xdist): the second one's clean-up leaves the first one's
    folder, and the first one completes."""
    signals = tmp_path / "signals"
    held = _start_held_build(project, signals)
    try:
        site_build.build_site(project, ("mkdocs.yml",))
        assert len(_leftovers(project)) == 1  # the held build's, still in use
    finally:
        (signals / "release").write_text("go")
    assert held.wait(timeout=300) == 0
    assert _leftovers(project) == [] and (project / "site" / "index.html.gz").is_file()


def test_a_folder_of_a_zombie_or_a_gone_process_is_stale_and_a_live_ones_is_not(project):
    """The rule itself: a process id that no longer runs (a killed child not yet reaped counts as gone)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child_pid = child.pid
    while not _is_zombie(child_pid):
        time.sleep(0.02)
    for name in (f".site-building-{child_pid}-zombie1", f".site-old-{os.getpid()}-mine1",
                 f".site-building-{os.getpid()}-mine2", ".other-building-1-x"):
        (project / name).mkdir()
    removed = site_build.remove_stale_builds(project / "site")
    child.wait()
    assert [p.name for p in removed] == [f".site-building-{child_pid}-zombie1"]
    assert _leftovers(project) == [f".site-building-{os.getpid()}-mine2", f".site-old-{os.getpid()}-mine1"]


def _is_zombie(pid: int) -> bool:
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
