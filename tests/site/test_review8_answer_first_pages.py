"""Review 8 (notes/breaker7, findings 6 and 3), on the rendered Markdown of the real data (no build): on the
target tables, the pages of an edition's tests and the tables with a calculator, the calculator comes right
after the title (one sentence of its own before the form; the long summary, the table and the readings after
it), nothing is lost, and each page has the same anchors in the three languages. The browser test
(tests/browser/test_review8_answer_first.py) measures what this puts on a 360 px phone's first screen.
"""
from __future__ import annotations

import re

import pytest

from plugins.site.locate import page_of
from plugins.site.pagemap import generated_pages

LANGS = ("en", "fr", "ja")


def _pages(repo) -> list[str]:
    tables = {f"tables/{t.slug}.md" for t in repo.of_kind("table") if t.get("calculators")}
    # not the section pages (targets/index.md, rolls/index.md: a list of the section's pages, no calculator)
    return [p for p in generated_pages(repo)
            if (p.startswith(("targets/", "rolls/")) or p in tables) and not p.endswith("/index.md")]


def _anchors(md: str) -> list[str]:
    return re.findall(r'\{#([\w-]+)\}|\bid="([\w-]+)"', md)


def _prose(md: str) -> list[str]:
    """The paragraphs of text in a stretch of Markdown (not the headings, nor the badges' and banners' HTML)."""
    return [b for b in md.split("\n\n") if b.strip() and not b.lstrip().startswith(("<", "#", "{#"))]


@pytest.fixture(scope="module")
def pages(repo):
    return _pages(repo)


def test_the_pages_are_found(pages):
    assert {"targets/agility-classic.md", "rolls/bb2020.md", "rolls/bb2025.md",
            "tables/prayers-to-nuffle-bb2025.md"} <= set(pages)


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculator_comes_before_the_summary_the_table_and_the_rolls(render_page, repo, pages, lang):
    for path in pages:
        md = render_page(lang, path)
        calculator = md.index('class="nc-calculator"')
        title_end = md.index("\n", md.index("# "))
        # between the title and the form, besides the badges and the heading: at most one paragraph of the page
        # (an edition's tests: what AG and PA mean there) and one sentence of the calculator's
        heading = md.index("{#calculator}")
        assert len(_prose(md[title_end:heading])) <= 1, (path, _prose(md[title_end:heading]))
        assert len(_prose(md[heading:calculator])) <= 1, (path, _prose(md[heading:calculator]))
        entity = repo.get("target:" + path[len("targets/"):-3]) or repo.get("table:" + path[len("tables/"):-3])
        if entity is not None:  # its summary and its rows, after the calculator, under a heading of their own
            assert calculator < md.index("{#table}") < min(m.start() for m in re.finditer(r'id="row-', md)), path
            first_words = re.match(r"[^\[*_<（(]{6}", entity["summary"][lang]).group()  # before any markup
            assert md.index(first_words, calculator) > md.index("{#table}"), path
        for roll in (r for r in repo.of_kind("roll") if page_of(r) == path):
            assert md.index(f"{{#{roll.anchor}}}") > calculator, (path, roll.slug)


def test_each_page_has_the_same_anchors_in_the_three_languages(render_page, pages):
    for path in pages:
        anchors = {lang: sorted(a or b for a, b in _anchors(render_page(lang, path))) for lang in LANGS}
        assert anchors["en"] and anchors["en"] == anchors["fr"] == anchors["ja"], (path, anchors)
