"""The page fixes of plugins/site/a11y.py and plugins/site/notfound.py on small pieces of Material's HTML
(the browser tests check the built site: tests/browser/test_a11y.py, tests/browser/test_offline.py)."""
from __future__ import annotations

import pytest

from plugins.site.a11y import label_search_dialog, skip_to_calculator
from plugins.site.messages import Messages
from plugins.site.notfound import translated

HEADER = ('<div data-md-component="skip"><a href="#intro" class="md-skip">Aller au contenu</a></div>'
          '<div class="md-search" data-md-component="search" role="dialog"><form>'
          '<input type="text" class="md-search__input" name="query" aria-label="Rechercher" placeholder="Rechercher">'
          '</form></div>')


def test_the_search_dialog_is_named_after_its_field():
    assert 'role="dialog" aria-label="Rechercher">' in label_search_dialog(HEADER)


@pytest.mark.parametrize("calculator", ['<div class="nc-calculator" markdown="0">',
                                        '<div class="nc-calculator">'])  # as the sanitiser leaves it
def test_a_page_with_a_calculator_gets_a_skip_link_to_it(calculator):
    page = HEADER + f'<article>{calculator}<form></form></div>{calculator}</div></article>'
    out = skip_to_calculator(page, "Aller au calculateur")
    assert ('<a href="#intro" class="md-skip">Aller au contenu</a>'
            '<a href="#nc-calculator" class="md-skip nc-skip">Aller au calculateur</a></div>') in out
    assert out.count('id="nc-calculator" tabindex="-1"') == 1  # the first calculator only
    assert skip_to_calculator(HEADER, "Aller au calculateur") == HEADER  # no calculator, no link


@pytest.mark.parametrize("lang, offline, heading", [("fr", False, "Page introuvable"), ("ja", True, "オフラインです"),
                                                    ("en", False, "Page not found")])
def test_the_404_and_offline_pages_speak_the_builds_language(lang, offline, heading):
    out = translated("<main><h1>404 - Not found</h1></main>", Messages(lang), f"http://host/{lang}/", offline)
    assert f"<h1>{heading}</h1>" in out and f'href="/{lang}/"' in out and "404 - Not found" not in out
    with pytest.raises(ValueError):
        translated("<h1>Oops</h1>", Messages(lang), None, offline)
