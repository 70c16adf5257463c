"""A strict build of the real site in three languages (the `site` fixture) and what it must contain."""
from __future__ import annotations

import re

import pytest

from calculators.api import handle
from plugins.calc.bundle import RUNTIME_URL

pytestmark = pytest.mark.slow
LANG_ROOTS = {"en": "", "fr": "fr/", "ja": "ja/"}


def page(site, lang: str, path: str) -> str:
    return (site.dir / LANG_ROOTS[lang] / path / "index.html").read_text(encoding="utf-8")


def ids(html: str, prefix: str) -> list[str]:
    return re.findall(rf'id="({prefix}[^"]*)"', html)


def test_pass_sequence_has_the_same_step_anchors_in_every_language(site):
    anchors = {lang: ids(page(site, lang, "sequences/pass-action-classic"), "step-") for lang in LANG_ROOTS}
    assert anchors["en"] and anchors["en"] == anchors["fr"] == anchors["ja"]
    assert "step-5da" in anchors["en"]


def test_pages_declare_their_language_and_show_no_untranslated_text(site):
    for lang in LANG_ROOTS:
        html = page(site, lang, "sequences/pass-action-classic")
        assert f'<html lang="{lang}"' in html
        assert "nc-untranslated" not in html


def test_agility_table_rows_and_calculator_in_every_language(site, rulebook):
    for lang in LANG_ROOTS:
        html = page(site, lang, "targets/agility-classic")
        assert ids(html, "row-ag-") == [f"row-ag-{n}" for n in range(1, 7)]
        form = re.search(r'<form [^>]*data-calculator="agility"[^>]*>', html)
        assert form and f'data-lang="{lang}"' in form.group(0)
        # the pre-rendered result is the resolver's answer for the form's default inputs
        request = {"kind": "agility", "edition": "classic", "action": "pass", "ag": 3, "range": "quick",
                   "tackle_zones": 0, "reroll": False}
        expected = handle(request, rulebook)["result"]["probabilities"]["success"]["exact"]
        # the chance is written in parts (templates/calc/macros.html: fraction, percentage); its text as read
        cell = re.search(r'data-field="probabilities.success"[^>]*>(.*?)</dd>', html).group(1)
        success = re.sub(r"<[^>]+>", "", cell)
        assert success.startswith(expected + " ")


def test_language_alternates_point_to_the_other_roots(site):
    html = page(site, "fr", "sequences/pass-action-classic")
    assert 'hreflang="ja"' in html and 'hreflang="en"' in html


def test_kick_off_tables_show_the_chance_of_each_total(site):
    html = page(site, "en", "tables/kick-off-bb2025")
    assert 'title="1/36"' in html and 'title="1/6"' in html


def test_runtime_and_rules_are_shipped(site):
    names = {p.name for p in (site.dir / RUNTIME_URL).iterdir()}  # pyodide/<pinned version>/
    assert {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= names
    assert any(n.startswith("calculators-") and n.endswith(".zip") for n in names)
    assert any(n.startswith("snapshot-") and n.endswith(".bin") for n in names)
    assert (site.dir / "api" / "v1" / "rules.json").is_file()


def test_text_files_and_the_runtime_have_compressed_siblings(site):
    import gzip

    index = site.dir / "ja" / "search" / "search_index.json"
    assert gzip.decompress((index.parent / (index.name + ".gz")).read_bytes()) == index.read_bytes()
    wasm = site.dir / RUNTIME_URL / "pyodide.asm.wasm"
    for suffix in (".gz", ".br"):
        sibling = wasm.with_name(wasm.name + suffix)
        assert sibling.is_file() and sibling.stat().st_size < wasm.stat().st_size / 2


def test_no_markdown_is_left_unrendered_in_any_page(site):
    """A Markdown link or [[reference]] showing as text means it landed inside raw HTML."""
    leftovers = re.compile(r"\]\((?:\.\./)*[\w./-]*\.md(?:#[\w-]+)?\)|\[\[[a-z][a-z-]*:")
    bad = [str(path.relative_to(site.dir)) for path in site.dir.rglob("*.html")
           if leftovers.search(path.read_text(encoding="utf-8"))]
    assert bad == []


@pytest.mark.parametrize("lang, words", [("fr", ("Lien permanent", "Mode sombre", "Mode clair")),
                                         ("ja", ("このセクションへのリンク", "ダークモード", "ライトモード"))])
def test_theme_strings_are_in_the_page_language(site, lang, words):
    html = page(site, lang, "about")
    for word in words:
        assert f'title="{word}"' in html, word
    for english in ("Permanent link", "Dark mode", "Light mode", "Made with"):
        assert english not in html, english


def test_every_page_lets_the_phone_keyboard_shrink_the_layout(site):
    """The viewport tag asks for resizes-content, so a result pinned to the bottom stays above the keyboard."""
    pages = [p for p in site.dir.rglob("index.html")]
    assert len(pages) > 500
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert html.count('name="viewport"') == 1, path
        assert "interactive-widget=resizes-content" in html, path
