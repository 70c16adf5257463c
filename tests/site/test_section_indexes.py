"""Review 10: a section's folder is a page. /fr/sequences/ (and tables/, calculators/, targets/, rolls/) answered 404
to a coach who trimmed a page's address to its folder; each is now the list of the section's pages, titled in the
page's language, made from the page map and the menu (plugins/site/render/sections.py), never typed.
"""
from __future__ import annotations

import posixpath
import re
import urllib.error
import urllib.request

import pytest

from plugins.site.messages import Messages
from plugins.site.navigation import index_title
from plugins.site.pagemap import SECTION_INDEXES, generated_pages, in_nav
from plugins.site.render.calcpages import standalone_pages, standalone_title
from plugins.site.render.context import BackLinks, PageContext

LANGS = ("en", "fr", "ja")
LINK = re.compile(r"\[((?:[^\]\\]|\\.)+)\]\(([^)#]+)\)")


def folder_pages(repo, folders: set[str]) -> set[str]:
    return {p for p in generated_pages(repo) if posixpath.dirname(p) in folders and not p.endswith("/index.md")}


def listed(markdown: str, index: str) -> dict[str, str]:
    """Page path -> link text of every link of an index page's lists."""
    lists = markdown.split('class="nc-section-list"', 1)[1]
    return {posixpath.normpath(posixpath.join(posixpath.dirname(index), target)): text.replace("\\", "")
            for text, target in LINK.findall(lists)}


def test_every_folder_of_generated_pages_has_an_index(repo):
    pages = generated_pages(repo)
    folders = {posixpath.dirname(p) for p in pages if "/" in p}
    assert {"sequences", "tables", "targets", "rolls", "calculators"} <= folders
    assert sorted(f for f in folders if f"{f}/index.md" not in pages) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("index", sorted(SECTION_INDEXES))
def test_an_index_lists_every_page_of_its_section_by_its_title(repo, render_page, lang, index):
    section = SECTION_INDEXES[index]
    folders = {"tables": {"tables", "targets", "rolls"}}.get(section, {section})
    markdown = render_page(lang, index)
    found = listed(markdown, index)
    expected = folder_pages(repo, folders)
    if section == "calculators":  # and, under a heading of their own, the other pages that hold a calculator
        expected |= folder_pages(repo, {"targets", "rolls"})
        expected |= {f"{kind}s/{e.slug}.md" for kind in ("table", "sequence") for e in repo.of_kind(kind)
                     if e.get("calculators")}
        assert "sequences/pass-action-bb2025.md" in expected and "tables/prayers-to-nuffle-bb2020.md" in expected
    assert set(found) == expected
    ctx = PageContext(repo, lang, Messages(lang), index, BackLinks())
    for path, text in found.items():  # each by its page's title in the page's language
        heading = next(line[2:] for line in render_page(lang, path).splitlines() if line.startswith("# "))
        assert text == heading, (path, text, heading)
    assert next(line for line in markdown.splitlines() if line.startswith("# ")) == f"# {index_title(ctx.t, section)}"
    assert markdown.startswith("---\nsearch:\n  exclude: true\n") != in_nav(index)  # a copy: out of the search
    assert not ctx.t.missing


def test_the_anchors_are_the_same_in_every_language(render_page):
    for index in SECTION_INDEXES:
        anchors = {lang: re.findall(r"\{#([a-z-]+) ", render_page(lang, index)) for lang in LANGS}
        assert anchors["en"] == anchors["fr"] == anchors["ja"], index
    assert re.findall(r"\{#([a-z-]+) ", render_page("fr", "sequences/index.md"))[:2] == ["pre-game", "kick-off"]


def test_a_calculators_title_is_its_pages_heading(repo, render_page):
    for lang in LANGS:
        ctx = PageContext(repo, lang, Messages(lang), "calculators/index.md", BackLinks())
        for kind in standalone_pages(repo):
            assert f"\n# {standalone_title(ctx, kind)}\n" in render_page(lang, f"calculators/{kind}.md"), kind


@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_opens_each_section_on_its_index(menu_section, lang):
    t = Messages(lang)
    for title, section in (("Sequences", "sequences"), ("Tables", "tables"), ("Calculators", "calculators")):
        entries = menu_section(lang, title)
        assert entries[0] == {index_title(t, section): f"{section}/index.md"}
        paths = str(entries)
        assert "targets/index.md" not in paths and "rolls/index.md" not in paths
    assert not in_nav("targets/index.md") and not in_nav("rolls/index.md") and in_nav("tables/index.md")


@pytest.mark.slow
def test_every_folder_of_the_built_site_answers_with_a_page(site):
    """Every folder that holds pages, in each language, has its own page, served with 200."""
    missing, refused = [], []
    for root in ("", "fr/", "ja/"):
        base = site.dir / root
        for folder in sorted(p for p in base.iterdir() if p.is_dir() and p.name not in ("fr", "ja")):
            if not any(child.is_dir() and (child / "index.html").is_file() for child in folder.iterdir()):
                continue  # not a folder of pages (assets/, search/, api/, the runtimes)
            if not (folder / "index.html").is_file():
                missing.append(f"{root}{folder.name}/")
                continue
            try:
                with urllib.request.urlopen(f"{site.url}{root}{folder.name}/") as response:
                    assert response.status == 200
            except urllib.error.HTTPError as err:
                refused.append(f"{root}{folder.name}/: {err.code}")
    assert missing == [] and refused == []
