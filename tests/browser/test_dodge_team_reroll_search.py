"""Issue 26 item 9 (search): on a 360 px phone, « esquive relance d'équipe » ranked the Esquive skill first, an
entry that never says whether a team re-roll may follow the skill's re-roll; the entries that did answer (the
general re-roll rule, the BB2020 ruling on Brawler then a team re-roll) never name Dodge. The ruling
data/rulings/dodge-skill-and-team-re-roll.yml asks the coach's question and answers it for every edition; typed
in French, English or Japanese, the search box opens on it.
"""
from __future__ import annotations

import pytest

from search_quality import ranked
from test_search_phone import PHONE, open_search_on_phone

pytestmark = pytest.mark.browser

ANSWER = "rulings/dodge-skill-and-team-re-roll/"


@pytest.mark.parametrize("lang, query", [
    ("fr", "esquive relance d'équipe"),
    ("en", "dodge team re-roll"),
    ("ja", "ドッジ チームリロール"),
])
def test_the_ruling_on_dodge_and_a_team_re_roll_comes_first(open_page, web, lang, query):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, lang)
    results = ranked(tab, web.url, lang, query)
    assert results[:1] == [ANSWER], results[:5]
