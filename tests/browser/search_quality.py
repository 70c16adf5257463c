"""The search-quality set (tests/browser/search_queries.yml) run through the site's own search box.

Shared by tests/browser/test_search_quality.py (every query must find its entry in the first 3 results) and
benchmarks/bench_search.py (hit@1 and hit@3 per language). A query is typed into Material's search box of
the language's home page, in headless Chromium, as a reader would; the ranked list is read from the results:
each result group (a page) gives its section links in order, or the page link when no section is listed.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

QUERIES = Path(__file__).with_name("search_queries.yml")
PREFIX = {"en": "", "fr": "fr/", "ja": "ja/"}


def location(target: str) -> str:
    """'g:re-roll' -> 'glossary/#term-re-roll'; 's:agility/leap' -> 'skills/agility/#skill-leap'; else as is."""
    kind, _, rest = target.partition(":")
    if kind == "g" and rest:
        return f"glossary/#term-{rest}"
    if kind == "s" and rest:
        category, _, slug = rest.partition("/")
        return f"skills/{category}/#skill-{slug}"
    return target


def load_queries() -> dict[str, list[tuple[str, list[str]]]]:
    """lang -> [(query, acceptable locations)], in the file's order."""
    raw = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    return {lang: [(str(query), [location(t) for t in (targets if isinstance(targets, list) else [targets])])
                   for query, targets in items.items()] for lang, items in raw.items()}


def open_search(page, base_url: str, lang: str) -> None:
    """Open the language's home page and its search box."""
    page.goto(base_url + PREFIX[lang])
    page.locator("input.md-search__input").click()


def ranked(page, base_url: str, lang: str, query: str) -> list[str]:
    """Type `query` into the open search box; return the ranked locations (relative to the language root,
    without ?h= highlight parameters)."""
    box = page.locator("input.md-search__input")
    box.fill("")
    page.wait_for_function("() => !/\\d/.test(document.querySelector('.md-search-result__meta').textContent)")
    box.focus()
    page.keyboard.insert_text(query)
    page.keyboard.press("End")  # insert_text alone (as an IME does) does not start Material's search
    page.wait_for_function("""query => {
        const box = document.querySelector('input.md-search__input');
        const meta = document.querySelector('.md-search-result__meta');
        const none = JSON.parse(document.getElementById('__config').textContent).translations['search.result.none'];
        return box.value === query && meta && (/\\d/.test(meta.textContent) || meta.textContent === none);
    }""", arg=query)
    groups = page.eval_on_selector_all("li.md-search-result__item", """items => items.map(li =>
        Array.from(li.querySelectorAll(':scope > a.md-search-result__link')).map(a => a.href))""")
    root = base_url + PREFIX[lang]
    out: list[str] = []
    for links in groups:
        links = [re.sub(r"\?[^#]*", "", href).removeprefix(root) for href in links]
        out += links[1:] if len(links) > 1 else links
    return out


def rank(results: list[str], targets: list[str]) -> int | None:
    """1-based rank of the first result that is one of `targets` (a target without # accepts any section
    of its page), or None."""
    for i, result in enumerate(results, 1):
        for target in targets:
            if result == target or ("#" not in target and result.split("#")[0] == target):
                return i
    return None
