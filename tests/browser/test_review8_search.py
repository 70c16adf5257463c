"""Review 8, m2 (notes/breaker8): on a 360 px phone in French, site search put the calculators' explanations
first. « châtaigne griffes » (Mighty Blow + Claws) listed the armour and chain calculators' « Comment le calcul
est fait » and « La notation », whose lists of rules hold « Châtaigne ; Griffes », before the ruling asking how
the two stack, 9th. Now a calculator's explanation weighs less and never passes a section that has the words,
and a section whose title (a ruling's question) holds every word comes before one whose text has them
(plugins/site/search.py `mark_explanations`, `add_title_names`; search-adapter.js `tier`).
The same query in English and in Japanese katakana (the Japanese question names the skills in English) is in
the search-quality set (tests/browser/search_queries.yml).
Issue 26 item 9: « esquive relance d'équipe » (and "dodge team re-roll", 「ドッジ チームリロール」) opened on the Esquive
skill, the Agility calculator or a table: the entries that answered never named Dodge. The ruling
data/rulings/dodge-skill-and-team-re-roll.yml asks the coach's question and answers it for every edition.
"""
from __future__ import annotations

import pytest

from search_quality import ranked
from test_search_phone import PHONE, open_search_on_phone

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang, query, answer", [
    ("fr", "châtaigne griffes", "rulings/claws-mighty-blow-stacking/"),
    ("en", "mighty blow claws", "rulings/claws-mighty-blow-stacking/"),
    ("ja", "マイティブロー クロー", "rulings/claws-mighty-blow-stacking/"),
    # issue 26 item 9: the Esquive skill came first, which never says whether a team re-roll may follow its re-roll
    ("fr", "esquive relance d'équipe", "rulings/dodge-skill-and-team-re-roll/"),
    ("en", "dodge team re-roll", "rulings/dodge-skill-and-team-re-roll/"),
    ("ja", "ドッジ チームリロール", "rulings/dodge-skill-and-team-re-roll/"),
])
def test_the_ruling_that_answers_comes_first(open_page, web, lang, query, answer):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, lang)
    results = ranked(tab, web.url, lang, query)
    assert results[:1] == [answer], results[:5]


def test_a_calculators_explanation_comes_after_the_entries_that_name_the_words(open_page, web):
    """No explanation of a calculator (« Comment le calcul est fait », « La notation ») in the first three."""
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, "fr")
    results = ranked(tab, web.url, "fr", "châtaigne griffes")
    assert not [r for r in results[:3] if r.endswith(("#assumes", "#notation"))], results[:5]
