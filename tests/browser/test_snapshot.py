"""The Pyodide memory snapshot made at build time (plugins/calc/snapshot.py) and booted by calc-worker.js.

A first visit, with an empty profile, starts Python from the served snapshot ("snapshot"); so does every
later one. A snapshot that cannot be had or does not work (missing, corrupted, truncated) makes Python start
normally ("fresh"), with the reason reported. Every path must give the exact result (checked against
`calculators.api.handle` run here in CPython).

How Python started is read from the worker itself (self.nuffleBoot in calc-worker.js) and from its
console.info line.
"""
from __future__ import annotations

import re
import struct
import time

import pytest

from plugins.calc.bundle import RUNTIME_URL
from test_browser_calculator import check_against_python, form_state, read_result, request_for, select, url_of, wait_done

pytestmark = pytest.mark.browser

SNAPSHOT_URL = re.compile(r"/pyodide/[^/]+/snapshot-[0-9a-f]+\.bin$")  # in pyodide/<version>/


class Tab:
    """One page of the context, with its console lines and uncaught errors."""

    def __init__(self, context):
        self.page = context.new_page()
        self.page.add_init_script("window.nuffleRuntime = 'pyodide'")  # Pyodide's start, not MicroPython's first
        self.console: list[str] = []
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def open_calculator(self, web, lang: str) -> None:
        self.page.goto(url_of(web, lang))
        wait_done(self.page)

    def boot(self, timeout_s: float = 60.0) -> dict:
        """The worker's report once Python has started."""
        deadline = time.monotonic() + timeout_s
        info = None
        while True:
            worker = next((w for w in self.page.workers if "calc-worker" in w.url), None)
            if worker is not None:
                info = worker.evaluate("self.nuffleBoot ? JSON.parse(JSON.stringify(self.nuffleBoot)) : null")
                if info and info.get("path"):
                    return info
            assert time.monotonic() < deadline, f"the calculator worker did not start: {info}"
            time.sleep(0.1)

    def check_exact(self, rules: dict, lang: str) -> None:
        """The first result, and one computed after a change, equal the resolver's in CPython."""
        for ag in (None, "2"):
            if ag is not None:
                select(self.page, "ag", ag)
            state = {n: v for n, v, disabled, _ in form_state(self.page) if not disabled}
            shown = read_result(self.page)
            assert shown["state"] == "done" and shown["error"] is None, shown
            check_against_python(shown, request_for(rules, state), rules, lang)
        assert not self.errors, self.errors


def test_a_first_visit_starts_from_the_served_snapshot(context, web, rules):
    fetched: list[str] = []
    # (the service worker's own copy of it, for offline use, is not the worker's request)
    context.on("request", lambda req: fetched.append(req.url)
               if SNAPSHOT_URL.search(req.url) and req.service_worker is None else None)
    tab = Tab(context)
    tab.open_calculator(web, "ja")
    boot = tab.boot()
    assert boot["path"] == "snapshot", boot
    assert "reason" not in boot, boot
    assert any("started from the snapshot" in line for line in tab.console), tab.console
    assert len(fetched) == 1, fetched  # the worker asked for the file the page names
    tab.check_exact(rules, "ja")

    # Another tab, another language: the same start, the file from the HTTP cache.
    other = Tab(context)
    other.open_calculator(web, "fr")
    assert other.boot()["path"] == "snapshot"
    other.check_exact(rules, "fr")


def _broken(body: bytes, mode: str) -> bytes:
    """The served snapshot, spoilt as `mode` says."""
    if mode == "magic":  # Pyodide's own check of the file
        return bytes([body[0] ^ 0xFF]) + body[1:]
    if mode == "heap":  # the interpreter's memory itself (header: magic, offset of the memory, ...)
        start = struct.unpack_from("<I", body, 4)[0] + (1 << 20)
        return body[:start] + b"\xff" * (7 << 20) + body[start + (7 << 20):]
    if mode == "truncated":
        return body[: 100_000]
    raise ValueError(mode)


@pytest.mark.parametrize("mode", ["missing", "magic", "heap", "truncated"])
def test_a_bad_snapshot_falls_back_to_a_normal_start(context, web, rules, mode):
    if web.dir is None:
        pytest.skip("needs the built site's files (NUFFLE_BROWSER_SITE is set)")

    def spoil(route):
        if mode == "missing":
            route.fulfill(status=404, body="not here")
            return
        path = web.dir / RUNTIME_URL / route.request.url.rsplit("/", 1)[1]
        route.fulfill(status=200, body=_broken(path.read_bytes(), mode),
                      headers={"Content-Type": "application/octet-stream"})

    context.route(SNAPSHOT_URL, spoil)
    tab = Tab(context)
    tab.open_calculator(web, "fr")
    boot = tab.boot()
    assert boot["path"] == "fresh", boot
    expected = "no snapshot" if mode == "missing" else "rejected"
    assert expected in boot.get("reason", ""), boot
    assert any("started normally" in line for line in tab.console), tab.console
    tab.check_exact(rules, "fr")
