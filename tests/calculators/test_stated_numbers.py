"""Issue 25, the sweep: every number the calculator help and the skill pages state about a rule the resolver
computes (an injury band, a "+1", a target), read from the text a reader gets, against the resolver's own answer
for that case, in every edition it is stated for.

Findings of the sweep (fixed with it): the classic Stunty + Thick Skull bands (calculators/injury.py), the BB2016
Argue the Call success (tests/site/test_chain_help.py), and the help's "Mighty Blow and Dirty Player add 1" where
BB2020 and BB2025 allow Mighty Blow (+2) and BB2020 Dirty Player (+2) (SKILL_VALUES).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from calculators.api import handle
from calculators.armour import SKILL_VALUES, armour_roll
from calculators.chain import ArmourStep
from calculators.editions import family
from calculators.injury import injury_table
from calculators.rerolls import BREAK_TACKLE_BONUSES, reroll_rules
from calculators.rules import RuleBook
from yaml_files import read_yaml


PROJECT = Path(__file__).resolve().parents[2]
WORD = {"stunned": "Stunned", "ko": "KO'd", "badly_hurt": "Badly Hurt"}


def _skill(slug: str) -> dict:
    return read_yaml(PROJECT / "data" / "skills" / f"{slug}.yml")


def _text(slug: str, edition: str | None = None) -> str:
    d = _skill(slug)
    return (d["edition_notes"][edition] if edition else d["summary"])["en"]


@pytest.fixture(scope="module")
def book(rulebook):
    return RuleBook.from_dict(rulebook)


# ---------------------------------------------------------------- injury bands on the Stunty and Thick Skull pages

def test_thick_skull_classic_note_against_the_resolver(book):
    # "was still KO'd on 7 (the Stunty rule), Stunned on 8 and Badly Hurt on 9"
    note = _text("thick-skull", "classic")
    stated = {int(n): w for w, n in re.findall(r"(KO'd|Stunned|Badly Hurt) on (\d+)", note)}
    assert stated == {7: "KO'd", 8: "Stunned", 9: "Badly Hurt"}
    for edition in ("classic", "bb2016"):
        table = injury_table(book, edition, stunty=True, thick_skull=True)
        assert {t: WORD[table.result(t)] for t in stated} == stated, edition
    # "Only an Injury total of 8 changed, to Stunned": Thick Skull alone differs from the plain table at 8 only
    plain, ts = injury_table(book, "classic"), injury_table(book, "classic", thick_skull=True)
    assert [t for t in range(2, 13) if plain.result(t) != ts.result(t)] == [8] and ts.result(8) == "stunned"


def test_stunty_classic_note_against_the_resolver(book):
    # "a 7 counted as KO'd and a 9 as Badly Hurt"
    note = _text("stunty", "classic")
    m = re.search(r"a (\d+) counted as KO'd and a (\d+) as Badly Hurt", note)
    ko, bh = int(m[1]), int(m[2])
    for edition in ("classic", "bb2016"):
        t = injury_table(book, edition, stunty=True)
        assert (t.result(ko), t.result(bh)) == ("ko", "badly_hurt"), edition


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_thick_skull_summary_against_the_resolver(book, edition):
    # "a total of 8 counts as Stunned ..., so only a 9 knocks it out. ... [Stunty] there a 7 counts as Stunned and
    # only an 8 knocks it out"
    s = _text("thick-skull")
    (ts_stun, ts_ko), (both_stun, both_ko) = [(int(a), int(b)) for a, b in re.findall(
        r"(?:a total of|an?) (\d+) counts as Stunned.*?only an? (\d+) knocks it out", s, re.S)]
    ts = injury_table(book, edition, thick_skull=True)
    both = injury_table(book, edition, stunty=True, thick_skull=True)
    assert ts.result(ts_stun) == "stunned" and [t for t in range(2, 13) if ts.result(t) == "ko"] == [ts_ko]
    assert both.result(both_stun) == "stunned" and [t for t in range(2, 13) if both.result(t) == "ko"] == [both_ko]


# ---------------------------------------------------------------- "+X" and targets on the skill pages

def test_break_tackle_bonuses_against_the_resolver():
    for edition, text in (("bb2025", _text("break-tackle")), ("bb2020", _text("break-tackle", "bb2020"))):
        stated = tuple(sorted({int(n) for n in re.findall(r"\+(\d) with ST", text)}))
        assert stated == BREAK_TACKLE_BONUSES[edition], edition


def test_pro_targets_against_the_resolver():
    assert re.search(r"on (\d)\+ the re-roll is allowed", _text("pro"))[1] == str(reroll_rules("bb2025").pro_target)
    assert re.search(r"needs (\d)\+", _text("pro", "classic"))[1] == str(reroll_rules("classic").pro_target)
    assert re.search(r"same (\d)\+", _text("pro", "bb2020"))[1] == str(reroll_rules("bb2020").pro_target)


def test_chainsaw_plus_three_against_the_resolver():
    for text in (_text("chainsaw"), _text("chainsaw", "classic")):
        stated = {int(n) for n in re.findall(r"\+(\d) to (?:the|its) Armour roll|Armour roll with \+(\d)", text) for n in n if n}
        assert stated == {ArmourStep(9, chainsaw=True).total_modifier()}, text


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_claws_unmodified_eight_against_the_resolver(edition):
    # "breaks on any unmodified Armour roll of 8 or more, whatever its Armour Value"
    assert re.search(r"unmodified Armour roll of (\d+) or more", _text("claws"))[1] == "8"
    assert armour_roll(edition, 8, 13, claws=True)[0] and not armour_roll(edition, 7, 13, 1, claws=True)[0]


# ---------------------------------------------------------------- the calculator help's Mighty Blow / Dirty Player

@pytest.mark.parametrize("field,skill", [("mighty_blow", "Mighty Blow"), ("dirty_player", "Dirty Player")])
def test_help_values_are_the_values_the_resolver_takes(repo, rulebook, field, skill):
    from plugins.site.messages import Messages
    from plugins.site.render.chainhelp import skill_value_text
    from plugins.site.render.context import BackLinks, PageContext

    ctx = PageContext(repo, "en", Messages("en"), "calculators/armour.md", BackLinks.build(repo))
    text = skill_value_text(ctx, field)
    kind = "armour" if field == "mighty_blow" else "foul"
    for edition in ("classic", "bb2016", "bb2020", "bb2025"):
        name = {"classic": "Classic", "bb2016": "Classic"}.get(edition, edition.upper())
        stated = int(m[1]) if (m := re.search(rf"up to \+(\d) in [^;]*\b{name}\b", text)) else 1
        assert stated == SKILL_VALUES[field][family(edition)], (edition, text)
        base = {"kind": kind, "edition": edition, "av": 9, field: True}
        ok = handle({**base, f"{field}_value": stated} if stated > 1 else base, rulebook)
        assert ok["ok"], (edition, ok)
        too_much = handle({**base, f"{field}_value": stated + 1}, rulebook)
        assert not too_much["ok"], (edition, stated)
