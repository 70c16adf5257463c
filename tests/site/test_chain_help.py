"""Issue 25, part 2: the chain calculator's help for each notation letter says what the resolver computes.

The letters whose rule carries numbers or editions (E, S, K, Q) take them from the rule's own data in
calculators/chain.py (KIND_EDITIONS, APPEAL_TARGETS, ARGUE_SUCCESS); these tests read the help as a reader gets it
and compare it, edition by edition, with the resolver's own answer, so that the two cannot disagree again (the help
once said a BB2016 Argue the Call on a 6 "keeps the player"; FUMBBL's BB2016 puts the player in the Reserves box).
"""
from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from calculators import chain as chain_rules
from calculators.chain import APPEAL_TARGETS, ARGUE_SUCCESS, KIND_EDITIONS, Step, appeal_chances
from calculators.editions import EDITIONS
from calculators.notation import LETTERS
from calc_pages import accepts
from plugins.site.messages import Messages
from plugins.site.render.chainhelp import argue_success_text, step_labels
from plugins.site.render.context import PageContext, BackLinks

KIND_OF = {kind: letter for letter, kind in LETTERS.items()}


def _ctx(repo, lang: str = "en") -> PageContext:
    return PageContext(repo, lang, Messages(lang), "calculators/chain.md", BackLinks.build(repo))


def _named(help_text: str) -> set[str]:
    return {e for e in EDITIONS if re.search(rf"\b{e.upper()}\b", help_text)}


def _clause_for(text: str, edition: str) -> str:
    """The clause of the Argue the Call help that names ``edition`` (clauses are split on ';')."""
    hits = [c for c in re.split(r"[;.] ", text) if re.search(rf"\b{edition.upper()}\b[^;(]*: a ", c)]
    assert len(hits) == 1, (edition, text)
    return hits[0]


@pytest.mark.parametrize("kind,sample", [("tentacles", "D3,E5"), ("shadowing", "D3,S4"),
                                         ("argue-the-call", "F9,Q6")])
def test_the_editions_a_letter_names_are_those_the_resolveraccepts(repo, kind, sample):
    label = step_labels(_ctx(repo))[kind]
    accepted = {e for e in EDITIONS if accepts(e, sample)}
    assert accepted == set(KIND_EDITIONS[kind])
    assert _named(label) == accepted - {"classic"}, (kind, label)


def test_the_bribe_face_in_the_help_is_the_only_one_the_resolver_takes(repo):
    face = APPEAL_TARGETS["bribe"]
    assert f"({face}+;" in step_labels(_ctx(repo))["bribe"]
    assert accepts("bb2020", f"F9,K{face}") and not accepts("bb2020", f"F9,K{face + 1}")


@pytest.mark.parametrize("edition", sorted(ARGUE_SUCCESS))
def test_argue_the_call_help_says_what_the_resolver_computes(repo, edition):
    face = APPEAL_TARGETS["argue-the-call"]
    step = Step("argue-the-call", face)
    go_on, kept = appeal_chances(edition, (step,))
    assert go_on + kept == F(1, 6)  # a natural 6 is the only success
    clause = _clause_for(argue_success_text(_ctx(repo)), edition)
    assert f"a {face} " in clause
    # the turnover stands exactly when the resolver ends the chain on a success
    assert ("turnover stands" in clause) == (kept > 0) and ("turn goes on" in clause) == (go_on > 0), clause
    # and where the fouler goes is the rule's: BB2016 (FUMBBL) the Reserves box, BB2020/BB2025 not sent off
    assert ("Reserves box" in clause) == (ARGUE_SUCCESS[edition]["fouler"] == "reserves"), clause


def test_bb2016_argue_the_call_is_not_said_to_keep_the_player(repo):
    # the reported wrong help: in BB2016 a 6 sends the player to the Reserves box, the turnover stands
    labels = step_labels(_ctx(repo))
    clause = _clause_for(labels["argue-the-call"], "bb2016")
    assert "Reserves box" in clause and "turnover stands" in clause and "keeps" not in clause


def test_the_help_follows_the_rule_data(repo, monkeypatch):
    # change the rule: the help and the resolver change together (the help holds no copy of it)
    monkeypatch.setitem(chain_rules.ARGUE_SUCCESS, "bb2016", {"fouler": "not-sent-off", "turnover": False})
    clause = _clause_for(argue_success_text(_ctx(repo)), "bb2016")
    assert "keeps the player in the game, and the turn goes on" in clause
    assert appeal_chances("bb2016", (Step("argue-the-call", 6),)) == (F(1, 6), F(0))


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_language_names_the_reserves_box_for_bb2016(repo, lang):
    ctx = _ctx(repo, lang)
    text = step_labels(ctx)["argue-the-call"]
    assert "BB2016" in text and {"fr": "Box des Réserves", "ja": "リザーブボックス"}[lang] in text


def test_the_notation_manual_is_data_in_three_languages_and_every_placeholder_is_filled(repo):
    """Issue 20: the manual's prose is data/pages/notation.yml (en, fr, ja, checked by plugins.data), not code;
    the renderer fills each block's placeholders from the code, and none is left in any language."""
    from plugins.site.messages import Messages
    from plugins.site.render.chainhelp import notation_help
    from plugins.site.render.context import BackLinks, PageContext

    page = repo["page:notation"]
    assert len(page["blocks"]) > 50 and all(set(b["text"]) == {"en", "fr", "ja"} for b in page["blocks"] if "text" in b)
    for lang in ("en", "fr", "ja"):
        ctx = PageContext(repo, lang, Messages(lang), "calculators/chain.md", BackLinks.build(repo))
        manual = "\n".join(notation_help(ctx))
        assert "$" not in manual, lang
        assert ctx.plain(page["blocks"][0]["text"]) in manual  # the first paragraph, in the page's language
        assert "`T4~2{/C3|/C5}`" in manual and "| `B` |" in manual  # code with braces and the letters' table
