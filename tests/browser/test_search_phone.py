"""Search on a 360 px phone, in the language where each defect was found (issue 26, item 9).

- ja: ダイビングタックル found 1 page (the skill's entry) against 56 for "Diving Tackle": Japanese rulings
  and sequences write the English name, and the katakana was indexed with the entry only. Now every section
  that names a skill carries its aliases (plugins/site/search.py, `mention_terms`). Same for パスブロック,
  and for a French section naming Tacle plongeant, found by "diving tackle".
- fr: « esquive relance d'équipe » ranked the Dodge skill first, whose text never speaks of a team
  re-roll: the section that has the words together now comes first (search-adapter.js, `rerank`).
- fr: with BB2025 chosen in the edition picker, « averse » ranked the BB2020 weather row first: results of
  other editions now weigh less (each search document carries its `editions`).
"""
from __future__ import annotations

import html
import json
import re

import pytest

from search_quality import PREFIX, ranked

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
TAG = re.compile(r"<[^>]*>")


def open_search_on_phone(tab, base_url: str, lang: str, edition: str | None = None) -> None:
    """Open the language's home page at 360 px (with `edition` stored as the picker stores it) and the
    search from the header's search button, as a reader does on a phone."""
    tab.goto(base_url + PREFIX[lang])
    if edition is not None:
        tab.evaluate("e => localStorage.setItem('nuffle.edition', e)", edition)
        tab.reload()
        assert tab.evaluate("() => document.documentElement.dataset.ncEdition") == edition
    tab.locator('label.md-header__button[for="__search"]').first.click()
    tab.locator("input.md-search__input").wait_for(state="visible")


def result_count(tab) -> int:
    found = re.search(r"\d+", tab.inner_text(".md-search-result__meta"))
    return int(found.group()) if found else 0


def pages_naming(site, lang: str, *names: str) -> set[str]:
    """The pages of the language's search index whose shown title or text has one of `names`."""
    index = json.loads((site.dir / PREFIX[lang] / "search" / "search_index.json").read_text(encoding="utf-8"))
    return {doc["location"].split("#")[0] for doc in index["docs"]
            if any(name in html.unescape(TAG.sub(" ", f"{doc['title']} {doc['text']}")) for name in names)}


@pytest.mark.parametrize("katakana, english, entry", [
    ("ダイビングタックル", "Diving Tackle", "skills/agility/#skill-diving-tackle"),
    ("パスブロック", "Pass Block", "skills/general/#skill-pass-block"),
])
def test_the_katakana_of_a_skill_finds_every_japanese_page_that_names_it(open_page, web, katakana, english, entry):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, "ja")
    results = ranked(tab, web.url, "ja", katakana)
    naming = pages_naming(web, "ja", english, katakana)
    assert len(naming) > 10, "pick a skill that rulings and sequences name"
    assert results[0] == entry, results[:3]  # its own entry first
    assert result_count(tab) == len(naming), (result_count(tab), len(naming))


def test_the_english_name_of_a_skill_finds_the_french_pages_that_name_it_in_french(open_page, web):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, "fr")
    results = ranked(tab, web.url, "fr", "diving tackle")
    naming = pages_naming(web, "fr", "Tacle plongeant")
    assert len(naming) > 10
    assert results[0] == "skills/agility/#skill-diving-tackle", results[:3]
    assert result_count(tab) >= len(naming), (result_count(tab), len(naming))


def test_the_section_that_has_the_words_together_comes_before_a_skill_named_by_one(open_page, web):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, "fr")
    results = ranked(tab, web.url, "fr", "esquive relance d'équipe")
    assert results[0] != "skills/agility/#skill-dodge", results[:3]
    # the first result says how a team re-roll and a skill's re-roll (Esquive) go together
    first = tab.locator("li.md-search-result__item").first.inner_text()
    text = re.sub(r"\s+", " ", first)
    assert re.search(r"relances? d'équipe", text, re.I) and re.search(r"esquive", text, re.I), text[:300]


@pytest.mark.parametrize("query, chosen, others", [
    ("averse", "tables/weather-bb2025/#row-pouring-rain",
     ["tables/weather-bb2020/#row-pouring-rain", "tables/weather-classic/#row-pouring-rain"]),
    ("gerbe de vomi", "sequences/projectile-vomit-bb2025/", ["sequences/projectile-vomit-bb2020/"]),
])
def test_results_of_the_edition_chosen_in_the_picker_come_first(open_page, web, query, chosen, others):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, "fr", edition="bb2025")
    results = ranked(tab, web.url, "fr", query)
    assert chosen in results, results[:6]
    assert all(other not in results[:results.index(chosen)] for other in others), results[:6]
