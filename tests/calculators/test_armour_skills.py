"""Armour, injury and block skills of the chain (issue 9): Juggernaut, Mighty Blow / Dirty Player (+X), the injury
step (Stunty, Thick Skull), Iron Hard Skin, Stab, Chainsaw, Piling On, Sneaky Git and Lone Fouler.

Expected values are worked out by hand in the comments, or by brute force over the 36 ordered pairs of two dice
written here independently of :mod:`calculators.armour`.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.armour import armour_injury, foul, injury_table
from calculators.block import Block, resolve_block
from calculators.chain import ArmourStep, BlockStep, Chain, InjuryStep, solve, step_singles, with_injury_tables
from calculators.rules import RuleBook
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain

PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
W = F(1, 36)


def _chance(text: str, edition: str, rules=None) -> F:
    """P(success) of a chain; ``rules`` (a RuleBook) gives its injury steps their tables (Stunty, Thick Skull)."""
    return solve(with_injury_tables(parse_chain(text, edition).chain, rules))


# ---------------------------------------------------------------- one block face model, Juggernaut

def test_juggernaut_turns_both_down_into_a_push_for_standing():
    # Both Down (face 2) without Block knocks the attacker down; Juggernaut on a Blitz takes it as a push
    assert BlockStep(1, frozenset(), frozenset(), "standing").good_faces() == {3, 4, 5, 6}
    assert BlockStep(1, frozenset({"juggernaut"}), frozenset(), "standing").good_faces() == {2, 3, 4, 5, 6}


def test_juggernaut_cancels_the_defenders_wrestle():
    # Block against Wrestle: the defender Places both Prone on Both Down; with Juggernaut it cannot, and the
    # attacker's Block leaves the defender down
    assert BlockStep(1, frozenset({"block"}), frozenset({"wrestle"})).good_faces() == {5, 6}
    assert BlockStep(1, frozenset({"block", "juggernaut"}), frozenset({"wrestle"})).good_faces() == {2, 5, 6}
    # no Block: Both Down knocks both down, not a success for "down" either way
    assert BlockStep(1, frozenset({"juggernaut"}), frozenset({"wrestle"})).good_faces() == {5, 6}


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_block_calculator_and_chain_agree_with_juggernaut(edition):
    for dice in (1, 2, 3, -2, -3):
        for att in ({"juggernaut"}, {"juggernaut", "block"}, {"juggernaut", "tackle"}):
            for dfd in ((), ("wrestle",), ("block", "wrestle"), ("dodge",)):
                dist = resolve_block(Block(edition, dice, True, frozenset(att), frozenset(dfd)))
                step = BlockStep(dice, frozenset(att), frozenset(dfd))
                assert step.single(edition) == dist["defender_down"], (edition, dice, att, dfd)


def test_juggernaut_notation_and_brawler_refused_with_it():
    parsed = parse_chain("R2,B2bj:w", "bb2020")
    assert parsed.chain.steps[1].attacker == frozenset({"block", "juggernaut"})
    assert format_chain(parsed.chain) == "R2,B2bj:w"
    with pytest.raises(CalcError) as e:
        Chain((BlockStep(2, frozenset({"brawler", "juggernaut"})),), edition="bb2020").validate()
    assert e.value.field == "steps[0].attacker" and e.value.details["reason"] == "step-skill"


# ---------------------------------------------------------------- Mighty Blow / Dirty Player (+X)

def _oracle_block(av: int, mb: int, inj_mod: int, needs, at_least: bool = True, table=None) -> F:
    """P(armour broken (AV target, BB2020+) and the injury meets ``needs``) with MB +mb put where it helps."""
    t = table or injury_table()
    total = F(0)
    for a, b in PAIRS:
        n = a + b
        if n >= av:
            bonus = mb
        elif n + mb >= av:
            bonus = 0
        else:
            continue
        for c, d in PAIRS:
            if needs(t.result(c + d + inj_mod + bonus)):
                total += W * W
    return total


def test_mighty_blow_two_bb2020():
    # armour 9+ with +2: a natural 7+ breaks, 21/36
    assert _chance("A9m2", "bb2020") == F(21, 36)
    assert 1 - armour_injury("bb2020", 9, mighty_blow=2)["no_break"] == F(21, 36)
    # with the injury roll: a natural 9+ (10/36) keeps +2 for the injury (KO or worse on 6+: 26/36); a natural
    # 7 or 8 (11/36) spends it (8+: 15/36)
    expected = F(10, 36) * F(26, 36) + F(11, 36) * F(15, 36)
    assert _chance("A9m2,JK", "bb2020") == expected
    assert expected == _oracle_block(9, 2, 0, lambda r: r != "stunned")


def test_skill_values_per_edition():
    for edition, text in (("classic", "A9m2"), ("bb2025", "F9d2")):
        with pytest.raises(CalcError) as e:
            parse_chain(text, edition)
        assert e.value.details["reason"] == "step-rule"
    with pytest.raises(CalcError) as e:
        Chain((ArmourStep(9, mighty_blow=2),), edition="classic").validate()
    assert e.value.field == "steps[0].mighty_blow" and e.value.allowed == [0, 1]
    with pytest.raises(CalcError) as e:
        foul("bb2025", 9, dirty_player=2)
    assert e.value.field == "dirty_player" and e.value.allowed == [0, 1] and e.value.details["reason"] == "skill-value"
    with pytest.raises(CalcError) as e:
        armour_injury("bb2020", 9, mighty_blow=3)
    assert e.value.field == "mighty_blow" and e.value.allowed == [0, 2]
    # the old API: True is +1
    assert armour_injury("bb2020", 9, mighty_blow=True) == armour_injury("bb2020", 9, mighty_blow=1)
    assert foul("bb2020", 9, dirty_player=True) == foul("bb2020", 9, dirty_player=1)


def test_dirty_player_two_bb2020_foul():
    # F8 with +2 (BloodBowlDave's "DP2:F8", 0.72222 = 26/36): a natural 6+ breaks
    assert _chance("F8d2", "bb2020") == F(26, 36)


# ---------------------------------------------------------------- the injury step

@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_injury_alone(edition, rulebook):
    book = RuleBook.from_dict(rulebook)
    assert _chance("J8", edition) == F(15, 36)       # 8+ on 2D6
    assert _chance("JK", edition) == F(15, 36)       # KO on 8+
    assert _chance("JC", edition) == F(6, 36)        # casualty on 10+
    assert _chance("JCs", edition, book) == F(10, 36)      # Stunty: Badly Hurt on 9, casualty 10+
    assert _chance("JKs", edition, book) == F(21, 36)      # Stunty: KO on 7+
    assert _chance("JKt", edition, book) == F(10, 36)      # Thick Skull: 8 is Stunned
    # both: BB2020/BB2025 7 is Stunned, KO on 8+; classic KO on 7, 8 Stunned, 9+ worse
    assert _chance("JKst", edition, book) == (F(16, 36) if edition == "classic" else F(15, 36))
    assert _chance("JK+1", edition) == F(21, 36)


def test_injury_after_armour_matches_the_armour_calculator(rulebook):
    book = RuleBook.from_dict(rulebook)
    for edition in ("classic", "bb2020", "bb2025"):
        for marks in ("", "m"):
            for inj, stunty, ts in (("JK", False, False), ("JCs", True, False), ("JKt", False, True)):
                a = armour_injury(edition, 8, mighty_blow=bool(marks), table=injury_table(book, edition, stunty, ts))
                want = a["casualty"] + a["badly_hurt"] + (a["ko"] if "K" in inj else 0)
                assert _chance(f"A8{marks},{inj}", edition, book) == want, (edition, marks, inj)


def test_injury_single_is_conditional_on_the_break():
    chain = parse_chain("A9m,JK", "bb2020").chain
    armour, injury = chain.steps[0].single("bb2020"), step_singles(chain)[1]  # step 1 in pre-order: the injury
    assert armour * injury == solve(chain)


def test_injury_refusals():
    for text in ("J1", "J17", "JX", "J8s", "A9k,JK+1"):
        with pytest.raises(CalcError):
            parse_chain(text, "bb2020")
    assert _chance("A9k,JK+1", "bb2025") > 0   # BB2025 Stab text does not forbid modifying the injury roll


# ---------------------------------------------------------------- Iron Hard Skin, Stab, Chainsaw, Piling On

def test_iron_hard_skin():
    # BB2020: no modifier, no Claws; Mighty Blow then goes on the injury: 9+ natural (10/36), injury +1
    assert _chance("A9ci", "bb2020") is None if False else True
    with pytest.raises(CalcError):
        parse_chain("A9ci", "bb2020")
    with pytest.raises(CalcError):
        parse_chain("A9+1i", "bb2020")
    with pytest.raises(CalcError) as e:
        Chain((ArmourStep(9, iron_hard_skin=True),), edition="classic").validate()
    assert e.value.details["reason"] == "edition-skill"
    assert _chance("A9mi", "bb2020") == F(10, 36)
    assert _chance("A9mi,JK", "bb2020") == F(10, 36) * F(21, 36)
    a = armour_injury("bb2020", 9, mighty_blow=True, iron_hard_skin=True)
    assert a["ko"] + a["casualty"] == F(10, 36) * F(21, 36)


def test_stab_is_an_unmodified_armour_roll():
    assert _chance("A9k", "bb2020") == F(10, 36)
    for text in ("A9+1k", "A9mk", "A9ck", "F9k"):
        with pytest.raises(CalcError):
            parse_chain(text, "bb2020")


def test_chainsaw_adds_three():
    # classic AV 8 + 3: a natural 6+ exceeds 8, 26/36; the kick-back roll on 2+ first
    assert _chance("A8w", "classic") == F(26, 36)
    assert _chance("N2,A8w", "classic") == F(5, 6) * F(26, 36)
    # Mighty Blow with a Chainsaw: refused in classic and BB2020; BB2025 on the armour roll only
    for edition in ("classic", "bb2020"):
        with pytest.raises(CalcError):
            parse_chain("A9mw", edition)
    # BB2025 A10 + 3 with MB: natural 6 breaks only with MB (5/36), 7+ without (21/36); the injury never gets it
    assert _chance("A10mw,JK", "bb2025") == F(26, 36) * F(15, 36)


def test_piling_on_classic():
    # classic AV 8: 9+ breaks, 10/36; Piling On re-rolls a failed armour roll
    p = F(10, 36)
    assert _chance("A8p", "classic") == p + (1 - p) * p
    # with the injury (KO or worse 8+, 15/36): re-roll the armour if it held, else the injury if it fell short
    q = F(15, 36)
    assert _chance("A8p,JK", "classic") == p * (q + (1 - q) * q) + (1 - p) * p * q
    for edition in ("bb2020", "bb2025"):
        with pytest.raises(CalcError):
            parse_chain("A8p", edition)
    with pytest.raises(CalcError):
        parse_chain("A8p,D3", "classic")   # Placed Prone: nothing else for that player


def test_piling_on_with_mighty_blow_by_brute_force():
    # classic AV 8, MB +1, Piling On, KO or worse: for each armour result the best of the allowed choices
    def injury(mod, reroll):
        p = sum((W for c, d in PAIRS if c + d + mod >= 8), F(0))
        return p + (1 - p) * p if reroll else p

    def armour(reroll):
        total = F(0)
        for a, b in PAIRS:
            n = a + b
            options = []
            if n > 8:
                options.append(injury(1, reroll))
            elif n + 1 > 8:
                options.append(injury(0, reroll))
                if reroll:
                    options.append(armour(False))
            elif reroll:
                options.append(armour(False))
            total += W * max(options, default=F(0))
        return total

    assert _chance("A8mp,JK", "classic") == armour(True)


# ---------------------------------------------------------------- Sneaky Git, Lone Fouler

@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_sneaky_git_foul_step_agrees_with_the_foul_calculator(edition):
    for av in (7, 9, 11):
        for assists in (-1, 0, 2):
            outcomes, sent = foul(edition, av, assists, sneaky_git=True)
            step = ArmourStep(av, assists, foul=True, sneaky_git=True)
            o = step.outcomes(edition)
            assert o["break_sent_off"] + o["hold_sent_off"] == sent
            assert step.single(edition) == 1 - outcomes["no_break"]


def test_lone_fouler():
    # BB2025 F9: 10/36, re-rolled when it holds; the kept roll's double alone counts
    p = F(10, 36)
    assert _chance("F9l", "bb2025") == p + (1 - p) * p
    outcomes, sent = foul("bb2025", 9, lone_fouler=True)
    assert 1 - outcomes["no_break"] == p + (1 - p) * p
    # brute force of the send-off: an armour double on the kept roll, or an injury double after a break
    sent_bf = F(0)
    for a, b in PAIRS:
        rolls = [(W, a, b)] if a + b >= 9 else [(W * W, c, d) for c, d in PAIRS]
        for w, c, d in rolls:
            if c == d:
                sent_bf += w
            elif c + d >= 9:
                sent_bf += w / 6
    assert sent == sent_bf
    for edition in ("classic", "bb2020"):
        with pytest.raises(CalcError):
            parse_chain("F9l", edition)
    # nobody may assist, on either side (BBBase BB2025 "LONE FOULER"): a net -1 is a defensive assist
    for chain in ("F9+1l", "F9-1l"):
        with pytest.raises(CalcError) as e:
            parse_chain(chain, "bb2025")
        assert e.value.details["rule"] == "lone-fouler-assists", chain  # inside the notation's step-rule
    response = handle({"kind": "foul", "edition": "bb2025", "av": 9, "assists": -1, "lone_fouler": True})
    assert response["error"]["field"] == "lone_fouler"
    assert response["error"]["details"]["reason"] == "lone-fouler-assists"


def test_foul_then_injury_counts_the_send_off_as_the_last_step():
    # the foul and its injury roll are the chain's last steps: a send-off does not undo the injury
    outcomes, _ = foul("bb2020", 9)
    assert _chance("F9,JK", "bb2020") == outcomes["ko"] + outcomes["casualty"] + outcomes["badly_hurt"]


# ---------------------------------------------------------------- notation round trip

@pytest.mark.parametrize("text", ["B2bj:w,A9m2,JK", "A9m,JCst", "F9+1d2s,J8", "A9ik,JK", "N2,A9w,JC", "F9l,JK",
                                  "J8-1", "JK+2t", "F9si", "B2b,A9mc,JC"])
def test_round_trip(text):
    edition = "bb2020" if "l" not in text else "bb2025"
    if "w" in text and "m" in text:
        edition = "bb2025"
    chain = parse_chain(text, edition).chain
    assert format_chain(chain) == text
    assert parse_chain(format_chain(chain), edition).chain == chain


def test_bare_mark_is_plus_one_and_m1_reads_as_m():
    a = parse_chain("A9m1", "bb2020").chain
    assert a == parse_chain("A9m", "bb2020").chain and format_chain(a) == "A9m"
    for bad in ("A9c2", "A9mm", "A92m"):
        with pytest.raises(CalcError):
            parse_chain(bad, "bb2020")


def test_injury_step_fields_in_the_chain_request(rulebook):
    from calculators.api import handle

    r = handle({"kind": "chain", "chain": "A9m2,JCs", "edition": "bb2020"}, rulebook)
    assert r["ok"], r
    steps = r["result"]["steps"]
    assert steps[0]["mighty_blow"] == 2
    assert steps[1]["kind"] == "injury" and steps[1]["need"] == "casualty" and steps[1]["stunty"] is True
