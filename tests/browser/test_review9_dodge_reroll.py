"""Issue 26, item 9 (what was still wrong after the last round), in French and Japanese at 360 px:

- the search box: "dodge reroll", "dodge rr", « esquive RR », 「ドッジ リロール」… opened on the Re-roll entry, the
  Dodge skill or another ruling, never on the ruling that answers (data/rulings/dodge-skill-and-team-re-roll.yml):
  a re-roll written reroll, re-roll, RR, « relance(s) », リロール or 振り直し was six different words. Now they
  are one for search (plugins/site/search.py `fold_table`, `add_folds`; search-adapter.js), and a ruling about
  every word of the query comes before one whose question only writes them (its `about`);
- the rulings filter: « Dodge » found 7 rulings and « esquive » 11, as the questions that write « une esquive »
  were not counted as naming the skill (render/rulings.py, `named_skills`, now autolink's `form_index`);
- the Esquive skill's summary did not answer « Esquive et relance d'équipe ? »; it now says it and links the
  ruling (data/skills/dodge.yml).
"""
from __future__ import annotations

import pytest

from search_quality import ranked_many
from test_review8_search_filter import shown_for
from test_search_phone import PHONE, open_search_on_phone

pytestmark = pytest.mark.browser

RULING = "rulings/dodge-skill-and-team-re-roll/"
ENGLISH = ["dodge reroll", "dodge re-roll", "dodge rr"]  # what a coach types in any language
QUERIES = {
    "en": ENGLISH,
    "fr": [*ENGLISH, "esquive RR", "esquive relance", "esquive relances", "Esquive reroll"],
    "ja": [*ENGLISH, "ドッジ リロール", "ドッジ 振り直し", "Dodge リロール"],
}


@pytest.mark.parametrize("lang", ["fr", "ja", "en"])
def test_every_way_of_writing_re_roll_finds_the_dodge_and_team_re_roll_ruling_first(open_page, web, lang):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, lang)
    found = ranked_many(tab, web.url, lang, QUERIES[lang])
    wrong = {query: results[:3] for query, results in found.items() if results[:1] != [RULING]}
    assert not wrong, wrong


@pytest.mark.parametrize("lang, typed, same_as", [
    ("fr", "Dodge", "esquive"),  # the English name a French coach types, and the French word
    ("fr", "dodge", "Esquive"),
    ("ja", "Dodge", "ドッジ"),
])
def test_the_rulings_filter_finds_the_same_rulings_by_any_name_of_the_skill(open_page, web, lang, typed, same_as):
    tab = open_page(PHONE)
    tab.goto(web.url + ("fr/" if lang == "fr" else "ja/") + "rulings/")
    tab.locator("[data-nc-filter]").wait_for(state="visible")
    expected = shown_for(tab, same_as)
    assert len(expected) >= 8, expected
    assert shown_for(tab, typed) == expected


@pytest.mark.parametrize("prefix", ["fr/", "ja/", ""])
def test_the_dodge_skill_says_whether_a_team_re_roll_may_follow_and_links_the_ruling(open_page, web, prefix):
    """The Esquive entry's summary answers « Esquive et relance d'équipe ? » and links the ruling that says why
    (the list of rulings at the end of the entry had the link already, far below on a phone)."""
    tab = open_page(PHONE)
    tab.goto(web.url + prefix + "skills/agility/#skill-dodge")
    summary = tab.locator("#skill-dodge ~ .nc-entry-body").first.locator("p").first
    link = summary.locator('a[href*="rulings/dodge-skill-and-team-re-roll/"]')
    assert link.count() == 1, summary.inner_text()
    assert link.is_visible()
