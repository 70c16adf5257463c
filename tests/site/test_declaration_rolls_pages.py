"""The declaration and recovery rolls (issue 19 item 5) on the real data's pages (rendered Markdown, no build):

* the action-sequence page's roll form offers each of them for its editions, named in the page's language as
  the roll's data names it, with every modifier group and option labelled;
* each edition's page of tests has a section per roll and offers it in its calculator.
"""
from __future__ import annotations

import json
import re
from html import unescape

import pytest


LANGS = ("en", "fr", "ja")
NEW_ROLLS = {
    "classic": ("bone-head", "really-stupid", "wild-animal", "bloodlust", "take-root", "always-hungry",
                "regeneration", "ko-recovery"),
    "bb2020": ("bone-head", "really-stupid", "animal-savagery", "unchannelled-fury", "bloodlust", "take-root",
               "always-hungry", "regeneration", "ko-recovery"),
    "bb2025": ("bone-head", "really-stupid", "animal-savagery", "unchannelled-fury", "bloodlust", "take-root",
               "always-hungry", "regeneration", "ko-recovery"),
}
TESTS_PAGE = {"classic": "targets/agility-classic.md", "bb2020": "rolls/bb2020.md", "bb2025": "rolls/bb2025.md"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_roll_form_offers_every_new_roll_named_in_the_pages_language(render_page, repo, lang):
    md = render_page(lang, "calculators/chain.md")
    data = json.loads(unescape(re.search(r'data-builder="([^"]*)"', md).group(1)))
    for edition, actions in NEW_ROLLS.items():
        offered = {r["action"]: r for r in data["rolls"][edition]}
        for action in actions:
            roll = offered[action]
            name = repo[f"roll:{action}-{edition}"]["name"][lang]
            assert roll["name"] == name and name.strip(), (edition, action)
            for group in roll["groups"]:
                assert group["label"] and group["label"] != group["name"], (edition, action, group["name"])
                assert all(o["label"].strip() for o in group["options"]), (edition, action, group["name"])
        # the rolls the coach makes while moving come first in the menu, the new ones after them
        order = [r["action"] for r in data["rolls"][edition]]
        assert order.index("dodge") < min(order.index(a) for a in actions)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", sorted(NEW_ROLLS))
def test_each_page_of_tests_lists_the_new_rolls_and_offers_them_in_its_calculator(render_page, lang, edition):
    md = render_page(lang, TESTS_PAGE[edition])
    for action in NEW_ROLLS[edition]:
        assert f"{{#roll-{action}-{edition}}}" in md, action
        assert f'<option value="{action}"' in md, action
