"""The real site for the tests: built strictly once per test run into a folder every test process sees,
and served from a process of its own (the server of `make serve`).

`built_site(folder)` is what the `site` fixture calls; run as a script (`python tests/site_server.py FOLDER`),
it is the same build started in the background as soon as the tests are collected (tests/conftest.py), so
that the test workers run the tests that need no site meanwhile instead of waiting for the build.
"""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from filelock import FileLock

PROJECT = Path(__file__).resolve().parent.parent
SITE_RECORD = "site.json"  # where the run's built site is and who serves it
BUILDER_PID = "site-builder.pid"  # the background build's process, stopped with the run if still going


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_served(url: str, server: subprocess.Popen, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the site server stopped at once (exit {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the site server did not answer {url} in {timeout_s:.0f} s")


def _build_and_serve(folder: Path) -> dict:
    """Build the real site strictly into `folder`/site for a free port, serve it there from a process of its
    own (so that it outlives the test worker that built it), and return {dir, url, pid}."""
    from plugins.build import build_site

    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    out = folder / "site"
    build_site(site_dir=out, site_url=url)
    # The server of `make serve` (compressed siblings, cache headers), so tests see what readers get.
    server = subprocess.Popen([sys.executable, "-m", "plugins.serve", "--port", str(port), "--directory", str(out)],
                              cwd=PROJECT, stdout=subprocess.DEVNULL, start_new_session=True)
    _wait_until_served(url, server)
    return {"dir": str(out), "url": url, "pid": server.pid}



def built_site(folder: Path) -> dict:
    """{dir, url, pid} of the site built and served for this run, building it first if no process of the
    run has: the first caller builds (under a file lock in `folder`), the others wait and share it. A failed
    build raises here and leaves no record, so the next caller tries again and reports the same error."""
    with FileLock(folder / "site.lock"):
        record = folder / SITE_RECORD
        if record.is_file():
            return json.loads(record.read_text(encoding="utf-8"))
        info = _build_and_serve(folder)
        record.write_text(json.dumps(info), encoding="utf-8")
        return info


def start_background_build(folder: Path) -> None:
    """Build (and serve) the site for this run in a process of its own, now; its output goes to
    `folder`/site-build.log. Does nothing if a build of the run has started already."""
    marker = folder / BUILDER_PID
    try:
        with open(marker, "x", encoding="utf-8") as handle, open(folder / "site-build.log", "wb") as log:
            builder = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), str(folder)], cwd=PROJECT,
                                       stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            handle.write(str(builder.pid))
    except FileExistsError:
        return


if __name__ == "__main__":
    sys.path.insert(0, str(PROJECT))
    built_site(Path(sys.argv[1]))
