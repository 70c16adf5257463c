"""Issue 26, item 11: the resource hints of a page's head (plugins/calc/hints.py, overrides/partials/nc-head.html),
which spare a phone on a slow link one round trip after another before its first Python answer.

Every page names each module of nuffle.js's import graph (`modulepreload`), and a page whose calculator starts
Python at once names MicroPython's three files (`prefetch`); each hint must name a file of the built site, and
the prefetched files must be served as cacheable (else the worker's own request would fetch them again). The
time they save is measured, not asserted: benchmarks/bench_throttled.py --breakdown.
"""
from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from plugins.calc.hints import ASSETS, page_modules, starts_python_at_once

LINK = re.compile(r'<link rel="(modulepreload|prefetch)" href="([^"]+)">')
# pages whose calculator starts Python at once / pages with a calculator further down / pages without one
AT_ONCE = ["targets/agility-classic/", "calculators/chain/", "rolls/bb2020/", "tables/prayers-to-nuffle-bb2025/"]
FURTHER_DOWN = ["sequences/kick-off-bb2020/", "glossary/"]
NONE = ["", "rulings/", "skills/trait/"]
LANGS = ["", "fr/", "ja/"]


def hints(site, path: str) -> tuple[list[str], list[str]]:
    """(modulepreload URLs, prefetch URLs) of the built page at `path`, absolute from the site root ("/...")."""
    page = site.dir / path / "index.html"
    found = LINK.findall(page.read_text(encoding="utf-8"))
    base = "/" + path
    absolute = [(rel, urlsplit(urljoin("http://x" + base, href)).path) for rel, href in found]
    return [u for rel, u in absolute if rel == "modulepreload"], [u for rel, u in absolute if rel == "prefetch"]


def static_imports(file: Path) -> set[Path]:
    """The files `file` imports statically, read here on its own: each `import … from "…"` or `import "…"`."""
    text = file.read_text(encoding="utf-8")
    specs = re.findall(r'^import\s[^;]*?from\s+"([^"]+)";|^import\s+"([^"]+)";', text, re.MULTILINE | re.DOTALL)
    return {(file.parent / (a or b)).resolve() for a, b in specs}


def test_the_page_modules_are_nuffle_js_s_whole_import_graph():
    graph, todo = set(), [ASSETS / "nuffle.js"]
    while todo:
        for target in static_imports(todo.pop()) - graph:
            graph.add(target)
            todo.append(target)
    assert {(ASSETS / m.removeprefix("assets/nuffle/")).resolve() for m in page_modules()} == graph
    assert len(graph) > 10  # the calculator's modules among them


def test_only_a_calculator_in_the_first_section_starts_python_at_once():
    assert starts_python_at_once('<h1>A</h1><h2 id="calculator">Calculator</h2><form data-calculator="x">')
    assert not starts_python_at_once('<h1>A</h1><h2>Steps</h2><p>…</p><h2>Calculator</h2><form data-calculator="x">')
    assert not starts_python_at_once("<h1>A</h1><p>no calculator</p>")


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_preloads_its_modules_and_each_exists(site, lang):
    expected = {f"/{lang}{m}" for m in page_modules()}
    for path in AT_ONCE + FURTHER_DOWN + NONE:
        modules, _ = hints(site, lang + path)
        assert set(modules) == expected and len(modules) == len(expected), path
    for url in expected:
        assert (site.dir / url.lstrip("/")).is_file(), url


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_that_starts_python_at_once_prefetches_micropython(site, lang):
    settings = json.loads((site.dir / lang / "assets/nuffle/runtime.json").read_text(encoding="utf-8"))["micropython"]
    files = {"/" + settings["runtime"] + settings[name] for name in ("wasm", "package", "module")}
    for path in AT_ONCE:
        _, prefetch = hints(site, lang + path)
        assert set(prefetch) == files, path
    for path in FURTHER_DOWN + NONE:  # Python starts there only when the reader gets near a calculator
        assert hints(site, lang + path)[1] == [], path
    for url in files:
        assert (site.dir / url.lstrip("/")).is_file(), url


def test_the_prefetched_files_are_served_cacheable(site):
    """The worker's request finds a prefetched file in the HTTP cache only if the server lets it be kept."""
    _, prefetch = hints(site, "fr/" + AT_ONCE[0])
    assert prefetch
    for url in prefetch:
        with urllib.request.urlopen(site.url + url.lstrip("/")) as response:
            cache = response.headers.get("Cache-Control", "")
        assert re.search(r"max-age=([1-9]\d{5,})", cache), (url, cache)  # at least a day
