"""The Pyodide memory snapshot that calc-worker.js caches in IndexedDB.

A first visit starts Python normally ("fresh") and then stores a snapshot of the bare interpreter; a later
visit, in any tab of the same profile, starts Python from it ("snapshot"). A snapshot that does not work
(corrupted, or for another Pyodide build) is deleted, Python starts normally and stores a good one again.
Every path must give the exact result (checked against `calculators.api.handle` run here in CPython).

How Python started is read from the worker itself (self.nuffleBoot in calc-worker.js) and from its
console.info line.
"""
from __future__ import annotations

import time

import pytest

from test_browser_calculator import check_against_python, form_state, read_result, request_for, select, url_of, wait_done

pytestmark = pytest.mark.browser

DB, STORE, ENTRY = "nuffle-calculators", "pyodide-snapshot", "interpreter"  # as in calc-worker.js
FINAL = ("stored", "failed", "unavailable", "cached")  # self.nuffleBoot.snapshot once the worker is idle


class Tab:
    """One page of the shared context, with its console lines and uncaught errors."""

    def __init__(self, context):
        self.page = context.new_page()
        self.console: list[str] = []
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def open_calculator(self, web, lang: str) -> None:
        self.page.goto(url_of(web, lang))
        wait_done(self.page)

    def boot(self, settle_s: float = 60.0) -> dict:
        """The worker's report, once its background snapshot work is over."""
        deadline = time.monotonic() + settle_s
        info = None
        while True:
            worker = next((w for w in self.page.workers if "calc-worker" in w.url), None)
            if worker is not None:
                info = worker.evaluate("self.nuffleBoot ? JSON.parse(JSON.stringify(self.nuffleBoot)) : null")
                if info and info.get("path") and info.get("snapshot") in FINAL:
                    return info
            assert time.monotonic() < deadline, f"the calculator worker did not settle: {info}"
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

    def close(self) -> None:
        self.page.close()


def first_visit(context, web, rules) -> dict:
    tab = Tab(context)
    tab.open_calculator(web, "en")
    tab.check_exact(rules, "en")
    boot = tab.boot()
    assert boot["path"] == "fresh", boot
    assert boot["snapshot"] == "stored", boot
    assert boot["snapshotBytes"] > 1 << 20, boot
    assert any("started normally" in line for line in tab.console), tab.console
    tab.close()
    return boot


# Run in the page (same origin as the worker): change the cached entry as `mode` says.
CORRUPT = """
([db, storeName, id, mode]) => new Promise((resolve, reject) => {
  const open = indexedDB.open(db);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const conn = open.result;
    const tx = conn.transaction(storeName, "readwrite");
    const store = tx.objectStore(storeName);
    const get = store.get(id);
    get.onsuccess = () => {
      const entry = get.result;
      if (!entry) { reject(new Error("no cached snapshot")); return; }
      const bytes = new Uint8Array(entry.bytes);
      const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
      if (mode === "magic") bytes[0] ^= 0xff;                                      // Pyodide's own check
      else if (mode === "heap") bytes.fill(0xff, header[1] + (1 << 20), header[1] + (8 << 20));  // the memory
      else if (mode === "key") entry.key = entry.key.replace(/"pyodide":"[^"]*"/, '"pyodide":"0.0.0"');
      else { reject(new Error("unknown mode " + mode)); return; }
      entry.bytes = bytes;
      store.put(entry, id);
    };
    tx.oncomplete = () => { conn.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})
"""

# Run in the page: make the database exist WITHOUT the worker's store (as a stray tool or an older
# version of the site could), to check that the worker adds its store instead of giving up.
EMPTY_DB = """
(db) => new Promise((resolve, reject) => {
  const open = indexedDB.open(db, 1);
  open.onupgradeneeded = () => open.result.createObjectStore("something-else");
  open.onsuccess = () => { open.result.close(); resolve(true); };
  open.onerror = () => reject(open.error);
})
"""


def test_second_visit_starts_from_the_snapshot(context, web, rules):
    # The site's database already exists, but without the snapshot store: the worker must cope.
    setup = context.new_page()
    setup.goto(web.url + "about/")
    setup.evaluate(EMPTY_DB, DB)
    setup.close()

    first_visit(context, web, rules)

    # Another tab of the same profile, another language: Python comes from the snapshot.
    tab = Tab(context)
    tab.open_calculator(web, "fr")
    boot = tab.boot()
    assert boot["path"] == "snapshot", boot
    assert "reason" not in boot, boot
    assert any("started from the cached snapshot" in line for line in tab.console), tab.console
    tab.check_exact(rules, "fr")

    # And a reload of that tab too.
    tab.page.reload()
    wait_done(tab.page)
    assert tab.boot()["path"] == "snapshot"
    tab.check_exact(rules, "fr")


@pytest.mark.parametrize("mode", ["magic", "heap", "key"])
def test_a_broken_snapshot_falls_back_to_a_normal_start(context, web, rules, mode):
    first_visit(context, web, rules)
    setup = context.new_page()
    setup.goto(web.url + "about/")
    setup.evaluate(CORRUPT, [DB, STORE, ENTRY, mode])
    setup.close()

    # The broken snapshot is not used: a normal start, the exact result, and a new snapshot stored.
    tab = Tab(context)
    tab.open_calculator(web, "ja")
    boot = tab.boot()
    assert boot["path"] == "fresh", boot
    expected = "another Pyodide build" if mode == "key" else "rejected"
    assert expected in boot.get("reason", ""), boot
    assert boot["snapshot"] == "stored", boot
    tab.check_exact(rules, "ja")
    tab.close()

    # The replacement works.
    tab = Tab(context)
    tab.open_calculator(web, "en")
    assert tab.boot()["path"] == "snapshot"
    tab.check_exact(rules, "en")
