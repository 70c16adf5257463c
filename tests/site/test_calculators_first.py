"""Issue 11, defects 2 and 3, on the real data's pages (rendered Markdown, no build):

* the action-sequence page carries the roll-by-roll form inside its calculator, above the notation field;
* on calculator pages and on sequence pages with a calculator, the form and its result come before the
  explanations (on a phone the reader reaches them first);
* the home page lists every calculator, in three languages;
* the Agility pages list every roll a player makes (classic had only the passing rolls).
"""
from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from plugins.site.render.calcpages import STANDALONE

LANGS = ("en", "fr", "ja")
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("lang", LANGS)
def test_chain_page_has_the_roll_form_above_the_notation_field(render_page, lang):
    md = render_page(lang, "calculators/chain.md")
    form = md.index('<form class="nc-calc" data-calculator="chain"')
    builder = md.index('<fieldset class="nc-builder"')
    field = re.search(r'<label class="[^"]*" data-name="chain"', md).start()
    assert form < builder < field
    data = json.loads(unescape(re.search(r'data-builder="([^"]*)"', md).group(1)))
    assert set(data["rolls"]) == {"classic", "bb2020", "bb2025"}
    assert [r["action"] for r in data["rolls"]["classic"]][:3] == ["dodge", "rush", "pick-up"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(STANDALONE))
def test_calculator_pages_put_the_form_before_the_explanations(render_page, lang, kind):
    md = render_page(lang, f"calculators/{kind}.md")
    assert md.index('class="nc-calculator"') < md.index("{#assumes}")
    assert md.index('class="nc-calculator"') < md.index('class="nc-assumes"')


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", ["pass-action-classic", "pass-action-bb2020", "kick-off-bb2025"])
def test_sequence_pages_put_the_steps_first_and_link_their_calculators_from_the_top(render_page, lang, slug):
    """Issue 26 item 4: on a sequence page the steps come first (a phone showed 2,500-5,600 px of context
    before them); the "jump to step" bar above them leads to each calculator, which follows the steps."""
    md = render_page(lang, f"sequences/{slug}.md")
    bar = md.index('class="nc-step-nav"')
    anchors = re.findall(r'<a class="nc-step-nav-calc" href="#([a-z-]+)">', md)
    assert anchors and bar < md.index("{#steps}") < md.index('class="nc-calculator"')
    for anchor in anchors:
        assert md.index("{#steps}") < md.index(f"{{#{anchor}}}"), anchor


@pytest.mark.parametrize("lang", LANGS)
def test_home_page_lists_every_calculator(lang):
    home = (DOCS / lang / "index.md").read_text(encoding="utf-8")
    first_list = home.index("{#calculators}")
    assert first_list < home.index("{#contents}")
    for kind in STANDALONE:
        assert f"(calculators/{kind}.md)" in home, kind
    for path in ("targets/agility-classic.md", "rolls/bb2020.md", "rolls/bb2025.md",
                 "sequences/pass-action-classic.md#pass-calculator", "sequences/kick-off-classic.md#kick-landing",
                 "glossary.md#throw-in-calculator"):
        assert f"({path})" in home, path


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path, edition, actions", [
    ("targets/agility-classic.md", "classic", ("dodge", "rush", "pick-up", "leap", "pass", "catch")),
    ("rolls/bb2020.md", "bb2020", ("dodge", "rush", "pick-up", "jump", "pass", "catch")),
    ("rolls/bb2025.md", "bb2025", ("dodge", "rush", "pick-up", "jump", "pass", "catch"))])
def test_agility_pages_list_every_roll_and_offer_it_in_the_calculator(render_page, lang, path, edition, actions):
    md = render_page(lang, path)
    for action in actions:
        assert f"{{#roll-{action}-{edition}}}" in md, action
        assert f'<option value="{action}"' in md, action


def test_search_words_are_on_the_calculator_pages(render_page):
    """A search for what a calculator computes finds its page: the words are in the page's calculator section
    (« esquive », « probabilité », 確率, "odds"), where a search hit lands on the form."""
    def section(lang):
        md = render_page(lang, "calculators/chain.md")
        return unescape(re.sub(r"<[^>]*>", " ", md[md.index("{#calculator}"):md.index("{#assumes}")]))  # text only
    assert "odds" in section("en") and "dodge" in section("en").lower()
    assert "esquive" in section("fr").lower() and "probabilité" in section("fr")
    assert "確率" in section("ja") and "ドッジ" in section("ja")
