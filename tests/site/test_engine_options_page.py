"""The engine-options page (rulings/engine-options.md): every option file listed once, in its group, linked
from the rulings index and from its engine's entry on the sources page, in every language."""
from __future__ import annotations

import re

import pytest

from plugins.site.messages import Messages
from plugins.site.navigation import build_nav
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext

PAGE = "rulings/engine-options.md"


def render(repo, lang, path):
    ctx = PageContext(repo, lang, Messages(lang), path, BackLinks.build(repo))
    return generated_pages(repo)[path](ctx), ctx


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_option_is_listed_once_in_its_group(repo, lang):
    markdown, ctx = render(repo, lang, PAGE)
    assert ctx.t.missing == set()
    with_ruling, _, not_rules = markdown.partition("{#not-rules}")
    options = repo.of_kind("engine-option")
    for option in options:
        anchor = f'id="{option.anchor}"'
        assert markdown.count(anchor) == 1, option.file
        assert (anchor in with_ruling) == bool(option.get("ruling")), option.file
    assert len(re.findall(r'class="nc-key" id="engine-option-', markdown)) == len(options)


def test_an_option_links_its_ruling(repo):
    markdown, _ = render(repo, "en", PAGE)
    for option in (o for o in repo.of_kind("engine-option") if o.get("ruling")):
        slug = option["ruling"].partition(":")[2]
        row = next(line for line in markdown.splitlines() if f'id="{option.anchor}"' in line)
        assert f"]({slug}.md)" in row  # each ruling has its own page beside this one


def test_rulings_index_and_the_engine_source_link_the_page(repo):
    rulings, _ = render(repo, "fr", "rulings/index.md")
    assert "](engine-options.md)" in rulings
    sources, _ = render(repo, "en", "sources.md")
    ffb = sources.split("{#source-fumbbl-ffb}", 1)[1].split("\n### ", 1)[0]
    assert "](rulings/engine-options.md)" in ffb
    crp = sources.split("{#source-crp}", 1)[1].split("\n### ", 1)[0]
    assert "engine-options.md" not in crp


def test_the_page_is_in_the_rulings_section_of_the_navigation(repo):
    nav = build_nav(repo, generated_pages(repo), Messages("en"))
    rulings = next(entry["Rulings"] for entry in nav if isinstance(entry, dict) and "Rulings" in entry)
    assert {"Engine options": PAGE} in rulings


def test_without_engine_options_the_rulings_menu_has_no_engine_options_page():
    from pathlib import Path
    from plugins.data import load_repository
    fixture = load_repository(Path(__file__).resolve().parent.parent / "fixtures" / "data")
    pages = generated_pages(fixture)
    assert PAGE not in pages
    nav = build_nav(fixture, pages, Messages("en"))
    rulings = next(entry["Rulings"] for entry in nav if isinstance(entry, dict) and "Rulings" in entry)
    # the index and the "who plays it how" matrix (a page of its own), and nothing else
    assert rulings == [{"All rulings": "rulings/index.md"}, {"Who plays it how": "rulings/who-plays-it-how.md"}]
