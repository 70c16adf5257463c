"""The page shell's accessibility on the built site (overrides/, plugins/site/a11y.py, plugins/site/notfound.py):
the search dialog's name, the skip link to a calculator, the 404 and offline pages in the build's language.
The browser tests check them in use: tests/browser/test_a11y.py, tests/browser/test_offline.py."""
from __future__ import annotations

import re

import pytest

from plugins.site.a11y import target_first_calculator

LANGS = ("en", "fr", "ja")


def built(site, lang: str, path: str) -> str:
    return (site.dir / ("" if lang == "en" else lang) / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang, name", [("en", "Search"), ("fr", "Rechercher"), ("ja", "検索")])
def test_the_search_dialog_is_named_after_its_field(site, lang, name):
    for path in ("index.html", "calculators/block/index.html", "404.html"):
        html = built(site, lang, path)
        assert html.count(f'<div class="md-search" data-md-component="search" role="dialog" aria-label="{name}">') == 1
        assert f'class="md-search__input" name="query" aria-label="{name}"' in html


@pytest.mark.parametrize("calculator", ['<div class="nc-calculator">'])  # as the sanitiser leaves it
def test_the_first_calculator_is_the_skip_links_target(calculator):
    content = f'<p>x</p>{calculator}<form></form></div>{calculator}</div>'
    out, target = target_first_calculator(content)
    assert target == "nc-calculator"
    assert out.count('<div class="nc-calculator" id="nc-calculator" tabindex="-1">') == 1  # the first only
    assert out.count(calculator) == 1
    assert target_first_calculator("<p>no calculator</p>") == ("<p>no calculator</p>", "")


def test_a_page_with_a_calculator_gets_a_skip_link_to_it(site):
    html = built(site, "fr", "calculators/block/index.html")
    skip = html.index('data-md-component="skip"')
    link = html.index('<a href="#nc-calculator" class="md-skip nc-skip">Aller au calculateur</a>')
    assert skip < link < html.index('<header'), "after Material's skip link, before the header"
    assert html.count('id="nc-calculator" tabindex="-1"') == 1 and html.count('class="md-skip nc-skip"') == 1
    assert "nc-skip" not in built(site, "fr", "rulings/index.html")  # no calculator, no link


@pytest.mark.parametrize("lang, offline, heading", [("fr", False, "Page introuvable"), ("ja", True, "オフラインです"),
                                                    ("en", False, "Page not found"), ("fr", True, "Vous êtes hors ligne")])
def test_the_404_and_offline_pages_speak_the_builds_language(site, lang, offline, heading):
    html = built(site, lang, "offline.html" if offline else "404.html")
    home = "/" if lang == "en" else f"/{lang}/"
    assert f"<h1>{heading}</h1>" in html and f'<a href="{home}">' in html and "404 - Not found" not in html
    assert f"<title>{heading} - Nuffle Codex</title>" in html
    assert f'<html lang="{lang}"' in html
    # absolute links, since these pages are served at any address: the site root for the manifest
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert re.search(r'<script src="/(?:fr/|ja/)?assets/nuffle/search-adapter\.js">', html)
