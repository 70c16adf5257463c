"""One implementation per rule: two calculators that compute the same roll give the same numbers (issue 9, part 4).

Each test runs a grid of inputs in every edition through both calculators, by the JSON entry point the pages
use (``calculators.api.handle``) and by the Python functions.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.armour import armour_injury, foul
from calculators.block import Block, resolve_block
from calculators.chain import ArmourStep, BlockStep, Chain, Step, solve
from calculators.editions import EDITIONS, mechanics
from calculators.passing import _p as pass_face_chance
from calculators.rolls import D6Test

AVS = {"exceeds": range(3, 13), "at_least": range(3, 14)}


def _avs(edition: str) -> range:
    return AVS[mechanics(edition).armour_rule]


def _exact(p: dict) -> F:
    return F(p["exact"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_armour_calculator_and_chain_armour_step_agree(edition):
    # every AV, armour modifier -3..3, Mighty Blow and Claws on or off
    for av, mod, mb, claws in itertools.product(_avs(edition), range(-3, 4), (False, True), (False, True)):
        armour = armour_injury(edition, av, mod, mighty_blow=mb, claws=claws)
        step = ArmourStep(av, mod, mighty_blow=mb, claws=claws)
        assert step.single(edition) == 1 - armour["no_break"], (edition, av, mod, mb, claws)
        assert solve(Chain((step,), edition=edition)) == 1 - armour["no_break"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_armour_and_chain_requests_agree(edition):
    # the two pages: the armour calculator and the sequence calculator's armour step
    for av, mb, claws in itertools.product(_avs(edition), (False, True), (False, True)):
        marks = ("m" if mb else "") + ("c" if claws else "")
        for mod in (-1, 0, 2):
            a = handle({"kind": "armour", "edition": edition, "av": av, "armour_modifier": mod,
                        "mighty_blow": mb, "claws": claws})
            c = handle({"kind": "chain", "edition": edition, "chain": f"A{av}{mod:+d}{marks}"})
            assert a["ok"] and c["ok"], (a, c)
            assert _exact(a["result"]["armour_broken"]) == _exact(c["result"]["steps"][0]["single"]), (edition, av, mod, marks)


@pytest.mark.parametrize("edition", EDITIONS)
def test_foul_calculator_and_chain_foul_step_agree(edition):
    for av, assists, dp in itertools.product(_avs(edition), range(-3, 4), (False, True)):
        outcomes, sent = foul(edition, av, assists, dirty_player=dp)
        step = ArmourStep(av, assists, foul=True, dirty_player=dp)
        o = step.outcomes(edition)
        assert step.single(edition) == 1 - outcomes["no_break"], (edition, av, assists, dp)
        assert o["break_sent_off"] + o["hold_sent_off"] == sent, (edition, av, assists, dp)


def test_classic_claw_with_mighty_blow_counts_after_modifiers_in_both():
    # Classic Claw: 8 or more after modifiers, Mighty Blow included (FFB skill/bb2016/Claw.java javadoc;
    # mechanics/bb2016/StatsMechanic.armourIsBroken with the armour reduced to 7), so AV 10 breaks on a natural 7+:
    # 21/36.  A natural 7 spends Mighty Blow on the armour (injury unmodified: 10+ is 6/36), a natural 8+ (15/36)
    # puts it on the injury (9+ is 10/36): casualty 6/36 * 6/36 + 15/36 * 10/36 = 186/1296.
    a = armour_injury("classic", 10, mighty_blow=True, claws=True)
    assert 1 - a["no_break"] == F(21, 36)
    assert a["casualty"] == F(186, 1296)
    # BB2020 and BB2025: an unmodified 8+ (BBBase skills_and_traits.md, CLAWS), Mighty Blow cannot lower it
    # (BB2020 FAQ, faq_290525.md) but goes on the injury roll: 15/36, casualty 15/36 * 10/36
    for edition in ("bb2020", "bb2025"):
        b = armour_injury(edition, 11, mighty_blow=True, claws=True)
        assert 1 - b["no_break"] == F(15, 36)
        assert b["casualty"] == F(150, 1296)


@pytest.mark.parametrize("edition", EDITIONS)
def test_block_calculator_and_chain_block_step_agree(edition):
    # One roll of the dice, no re-roll: the chain's "defender Knocked Down, attacker standing" is the block
    # calculator's defender_down, the first thing both play for.  (The chain's goal "standing" and the block
    # calculator's "safe" are different questions: "safe" prefers both players Placed Prone to a Push.)
    att_sets = [frozenset(s) for s in ((), ("block",), ("tackle",), ("block", "tackle"))]
    dfd_sets = [frozenset(s) for s in ((), ("block",), ("dodge",), ("wrestle",), ("block", "dodge"))]
    for dice, att, dfd in itertools.product((1, 2, 3, -2, -3), att_sets, dfd_sets):
        dist = resolve_block(Block(edition, dice, False, att, dfd, 0, "knock_down"))
        down = BlockStep(dice, att, dfd, "down").single(edition)
        assert down == dist["defender_down"], (edition, dice, sorted(att), sorted(dfd))


@pytest.mark.parametrize("edition", EDITIONS)
def test_d6_step_pass_action_and_test_kind_agree(edition):
    # a D6 test needing N+: the chain step, the Pass action's rolls and the `test` request kind
    for face in range(-1, 9):
        clamped = max(2, min(6, face))
        expected = D6Test(clamped).success()
        assert Step("dodge", face).p() == expected
        assert pass_face_chance(face) == expected
        r = handle({"kind": "test", "edition": edition, "target": clamped})
        assert _exact(r["result"]["probabilities"]["success"]) == expected
        c = handle({"kind": "chain", "edition": edition, "chain": f"D{clamped}"})
        assert _exact(c["result"]["success"]) == expected


def _values(edition: str, field: str) -> range:
    from calculators.armour import SKILL_VALUES
    from calculators.editions import family

    return range(0, SKILL_VALUES[field][family(edition)] + 1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_armour_calculator_and_chain_armour_then_injury_agree(edition, rulebook):
    # every Mighty Blow (+X) the edition allows, Iron Hard Skin where it exists, Stunty and Thick Skull: the chain's
    # armour step followed by its injury step against the armour calculator's outcomes
    from calculators.chain import InjuryStep
    from calculators.injury import injury_table
    from calculators.rules import RuleBook

    book = RuleBook.from_dict(rulebook)

    ihs_options = (False,) if edition in ("classic", "bb2016") else (False, True)
    for av, mb, ihs, stunty, ts in itertools.product(list(_avs(edition))[::2], _values(edition, "mighty_blow"),
                                                     ihs_options, (False, True), (False, True)):
        table = injury_table(book, edition, stunty, ts)
        a = armour_injury(edition, av, mighty_blow=mb, iron_hard_skin=ihs, table=table)
        armour = ArmourStep(av, mighty_blow=mb, iron_hard_skin=ihs)
        assert armour.single(edition) == 1 - a["no_break"], (edition, av, mb, ihs)
        for need, want in (("ko", a["ko"] + a["badly_hurt"] + a["casualty"]), ("casualty", a["badly_hurt"] + a["casualty"])):
            chain = Chain((armour, InjuryStep(need, stunty=stunty, thick_skull=ts, bands=table)),
                          edition=edition)
            assert solve(chain) == want, (edition, av, mb, ihs, stunty, ts, need)


@pytest.mark.parametrize("edition", EDITIONS)
def test_foul_calculator_and_chain_foul_step_agree_on_every_option(edition):
    # Dirty Player (+X), Sneaky Git, Lone Fouler (BB2025, no assists) and Iron Hard Skin: the foul step's break and
    # send-off, and the foul then its injury roll, against the foul calculator
    from calculators.chain import InjuryStep

    bb2025 = edition == "bb2025"
    ihs_options = (False,) if edition in ("classic", "bb2016") else (False, True)
    for av, assists, dp, sg, lf, ihs in itertools.product(list(_avs(edition))[::3], (-1, 0, 2),
                                                           _values(edition, "dirty_player"), (False, True),
                                                           (False, True) if bb2025 else (False,), ihs_options):
        if (lf and assists) or (ihs and assists):
            continue
        outcomes, sent = foul(edition, av, assists, dirty_player=dp, sneaky_git=sg, lone_fouler=lf, iron_hard_skin=ihs)
        step = ArmourStep(av, assists, foul=True, dirty_player=dp, sneaky_git=sg, lone_fouler=lf, iron_hard_skin=ihs)
        o = step.outcomes(edition)
        key = (edition, av, assists, dp, sg, lf, ihs)
        assert step.single(edition) == 1 - outcomes["no_break"], key
        assert o["break_sent_off"] + o["hold_sent_off"] == sent, key
        chain = Chain((step, InjuryStep("ko")), edition=edition)
        assert solve(chain) == outcomes["ko"] + outcomes["badly_hurt"] + outcomes["casualty"], key


@pytest.mark.parametrize("edition", EDITIONS)
def test_armour_and_chain_requests_agree_with_an_injury_step(edition, rulebook):
    for av in list(_avs(edition))[::3]:
        a = handle({"kind": "armour", "edition": edition, "av": av, "mighty_blow": True, "stunty": True}, rulebook)
        c = handle({"kind": "chain", "edition": edition, "chain": f"A{av}m,JCs"}, rulebook)
        assert a["ok"] and c["ok"], (a, c)
        o = a["result"]["outcomes"]
        assert _exact(c["result"]["success"]) == _exact(o["badly_hurt"]) + _exact(o["casualty"]), (edition, av)


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_armour_and_foul_requests_agree_with_the_chain_on_values_and_new_skills(edition):
    # the armour and foul pages' new fields (Mighty Blow / Dirty Player value, Iron Hard Skin, Lone Fouler) against
    # the sequence calculator's marks
    for av in (7, 9, 11):
        for value in range(1, 3):
            a = handle({"kind": "armour", "edition": edition, "av": av, "mighty_blow": True, "mighty_blow_value": value,
                        "iron_hard_skin": False})
            c = handle({"kind": "chain", "edition": edition, "chain": f"A{av}m{value},JC"})
            o = a["result"]["outcomes"]
            assert _exact(c["result"]["success"]) == _exact(o["badly_hurt"]) + _exact(o["casualty"]), (av, value)
        a = handle({"kind": "armour", "edition": edition, "av": av, "mighty_blow": True, "iron_hard_skin": True})
        c = handle({"kind": "chain", "edition": edition, "chain": f"A{av}mi,JK"})
        o = a["result"]["outcomes"]
        assert _exact(c["result"]["success"]) == sum(_exact(o[k]) for k in ("ko", "badly_hurt", "casualty"))
        foul_req = {"kind": "foul", "edition": edition, "av": av, "dirty_player": True, "sneaky_git": True}
        marks = "ds"
        if edition == "bb2025":
            foul_req["lone_fouler"] = True
            marks += "l"
        else:
            foul_req["dirty_player_value"] = 2
            marks = "d2s"
        f = handle(foul_req)
        c = handle({"kind": "chain", "edition": edition, "chain": f"F{av}{marks}"})
        assert f["ok"] and c["ok"], (f, c)
        assert _exact(f["result"]["armour_broken"]) == _exact(c["result"]["steps"][0]["single"])
        assert _exact(f["result"]["sent_off"]) == _exact(c["result"]["steps"][0]["sent_off"])
