"""Issue 9: the chain's other D6 kinds (jump, Hail Mary Pass, a team-mate's throw, Hypnotic Gaze, Tentacles,
Shadowing, Bribe, Argue the Call) and Break Tackle, per edition, with exact values and the oracle."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.chain import D6_KINDS, KIND_EDITIONS, Chain, Step, policy, solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import LETTERS, format_chain, parse_chain

from chain_cases import RULESETS
from chain_oracle import FAMILY, oracle_full

EDITIONS = ("classic", "bb2016", "bb2020", "bb2025")
NEW = {"V": "jump", "M": "hail-mary", "W": "throw-team-mate", "G": "hypnotic-gaze", "E": "tentacles",
       "S": "shadowing", "K": "bribe", "Q": "argue-the-call"}


def P(text, edition="classic", reading=None):
    return parse_chain(text, edition, reading).chain


def test_every_new_kind_has_its_letter_and_no_letter_is_reused():
    assert {k: LETTERS[k] for k in NEW} == NEW
    assert set(NEW.values()) <= set(D6_KINDS)
    assert len(set(LETTERS.values())) == len(LETTERS)
    # the letters that were there before issue 9 keep their meaning
    old = {"D": "dodge", "R": "rush", "P": "pick-up", "T": "pass", "C": "catch", "H": "hand-off", "L": "landing",
           "I": "interception", "N": "test", "B": "block", "A": "armour", "F": "foul"}
    assert {k: LETTERS[k] for k in old} == old


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("letter", sorted(NEW))
def test_each_kind_exists_where_the_sources_say(letter, edition):
    kind = NEW[letter]
    where = KIND_EDITIONS.get(kind, EDITIONS)
    # a Bribe (2+ always) or Argue the Call is written in a foul's send-off group, right after the foul
    text, at = (f"F9,{letter}{2 if letter == 'K' else 4}", 1) if letter in "KQ" else (f"{letter}4", 0)
    if edition in where:
        chain = P(text, edition)
        assert chain.steps[at].kind == kind
        assert format_chain(chain) == text
    else:
        with pytest.raises(CalcError) as e:
            P(text, edition)
        assert e.value.details["reason"] == "step-rule"
        assert "exists in" in e.value.message and "bb2020" in e.value.message
        # the chain itself names the step and the editions where the roll exists
        with pytest.raises(CalcError) as e2:
            Chain((Step(kind, 4),), edition=edition).validate()
        assert e2.value.field == "steps[0].kind" and e2.value.details["reason"] == "not-in-edition"
        assert e2.value.allowed == list(where)


def test_classic_tentacles_shadowing_and_argue_are_refused_with_the_reason():
    with pytest.raises(CalcError, match="2D6 roll by the moving player"):
        P("D3,E4")
    with pytest.raises(CalcError, match="2D6 roll by the moving player"):
        P("S4", "bb2016")
    with pytest.raises(CalcError, match="no Argue the Call"):
        P("F8,Q6")
    assert P("F8,Q6", "bb2016").steps[1].kind == "argue-the-call"  # FUMBBL's bb2016 ruleset has it


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("letter", ["E", "S", "I"])
def test_an_opponents_roll_is_survived_when_it_fails_and_never_our_re_roll(letter, edition, reading):
    if letter in "ES" and FAMILY[edition] == "classic":
        pytest.skip("no D6 Tentacles or Shadowing roll in classic")
    # the dodge 4/6; the opponent fails on 1-3: 1/2; a team re-roll only ever helps the dodge: 8/9
    assert solve(P(f"D3,{letter}4", edition, reading), 0) == F(2, 3) * F(1, 2)
    assert solve(P(f"D3,{letter}4", edition, reading), 1) == F(8, 9) * F(1, 2)
    alone = P(f"[pro]{letter}4", edition, reading)
    assert success_by_rerolls(alone, 3) == (F(1, 2),) * 4
    assert policy(alone, 3) == ("opponent",)


@pytest.mark.parametrize("edition", ["bb2016", "bb2020", "bb2025"])
def test_bribe_and_argue_the_call_are_never_re_rolled(edition):
    # no team re-roll (rules-facts §8), no Pro, no skill: the foul's send-off group is the same with any re-roll
    # (test_chain_send_off.py has the values); its steps pass straight on
    # (test_chain_send_off.py has the values); its steps pass straight on.  The next player's N2 alone gains from
    # a team re-roll: 5/6 -> 35/36, 7/6 as much
    text = "[pro]F8,K2,Q6/N2" if edition == "bb2016" else "[pro]F8,Q6,K2/N2"
    values = success_by_rerolls(P(text, edition), 3)
    assert values[1:] == (values[0] * F(7, 6),) * 3
    assert policy(P(text, edition), 3) == ("none", "none", "none", "team")
    with pytest.raises(CalcError, match="skill mark"):
        P("F8,K2p", edition)


@pytest.mark.parametrize("edition", EDITIONS)
def test_hail_mary_is_re_rolled_by_pass_and_the_team(edition):
    # a 1 fails: 5/6; with Pass, 1 - (1/6)^2 = 35/36; the team re-roll does as much
    assert solve(P("M2", edition)) == F(5, 6)
    assert solve(P("M2p", edition)) == F(35, 36)
    assert solve(P("M2", edition), 1) == F(35, 36)
    assert policy(P("M2p", edition), 1) == ("skill",)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("letter", ["V", "W", "G"])
def test_jump_throw_and_gaze_take_team_re_rolls_and_pro_but_no_skill(letter, edition):
    # 4+: 1/2; a team re-roll 3/4; classic Pro 4+: 1/2 + 1/2 * 1/2 * 1/2 = 5/8; BB2020+ Pro 3+: 1/2 + 1/2 * 2/3 * 1/2
    assert solve(P(f"{letter}4", edition), 1) == F(3, 4)
    assert solve(P(f"[pro]{letter}4", edition)) == (F(5, 8) if FAMILY[edition] == "classic" else F(2, 3))
    with pytest.raises(CalcError) as e:
        P(f"{letter}4p", edition)
    assert e.value.details["reason"] == "bad-mark"


# ---------------------------------------------------------------- Break Tackle

def test_break_tackle_saves_a_die_short_by_the_bonus():
    # BB2020 +1 on a 4+ dodge: 4, 5, 6 pass and a 3 is saved: 2/3 (not 1/2)
    assert solve(P("D4b1", "bb2020")) == F(2, 3)
    # +2: 2 and 3 saved too, only the natural 1 fails
    assert solve(P("D4b2", "bb2020")) == F(5, 6)
    # BB2025 +3 on a 5+: 2, 3, 4 saved, a natural 1 never
    assert solve(P("D5b3", "bb2025")) == F(5, 6)
    assert solve(P("D6b1", "bb2025")) == F(1, 3)


def test_break_tackle_reaches_a_target_above_six():
    # BB2025 +3 on a 7+ dodge: 4, 5 saved by the bonus, a 6 passes anyway: 1/2 (BloodBowlDave's BT3:D7 too)
    assert solve(P("D7b3", "bb2025")) == F(1, 2)
    # +1 on 7+: only the natural 6; +2 on 8+ the same
    assert solve(P("D7b1", "bb2025")) == solve(P("D8b2", "bb2020")) == F(1, 6)
    # one team re-roll: a failed first die (1/2) re-rolled, and the bonus still unused: 1/2 + 1/2 · 1/2
    assert solve(P("D7b3", "bb2025"), 1) == F(3, 4)
    for chain, edition in (("D7", "bb2025"), ("D9b2", "bb2020"), ("R7b1", "bb2020")):
        with pytest.raises(CalcError) as e:
            P(chain, edition)
        assert e.value.details["reason"] == "bad-target", chain


def test_break_tackle_after_a_re_roll():
    # BB2020 D4b1, one team re-roll: pass 1/2, a 3 saved 1/6; a 1 or 2 (1/3) re-rolled, then 3..6: 4/6
    # 1/2 + 1/6 + 1/3 * 2/3 = 8/9
    assert solve(P("D4b1", "bb2020"), 1) == F(8, 9)
    # with Dodge too: the same, Dodge in place of the team re-roll
    assert solve(P("D4db1", "bb2020")) == F(8, 9)


def test_break_tackle_once_per_turn_per_player():
    # two BB2020 D4b1 dodges, no re-roll: first passes (1/2), then 1/2 + 1/6; or first a 3 saved (1/6), then 1/2
    # 1/2 * 2/3 + 1/6 * 1/2 = 5/12
    assert solve(P("D4b1,D4b1", "bb2020")) == F(5, 12)
    # two players: each their own Break Tackle, (2/3)^2
    assert solve(P("D4b1/D4b1", "bb2020")) == F(4, 9)


def test_break_tackle_is_saved_for_later_when_that_is_better():
    # BB2020, a 3+ dodge with Dodge and Break Tackle +1, then a 6+ dodge with Break Tackle +1 (Dodge spent or not).
    # A first 2: Break Tackle now leaves the 6+ at 1/6; Dodge now and Break Tackle kept: 2/3 * 1/3 + 1/6 * 1/6 = 1/4.
    # So Dodge re-rolls either failure; then 2/3 * 1/3 + 1/3 * 1/4 = 11/36.
    chain = P("D3db1,D6b1", "bb2020")
    assert policy(chain, 0) == ("skill", {"within_bonus": "break-tackle", "beyond_bonus": "none"})
    assert solve(chain, 0) == F(11, 36)
    # without Dodge, using it at once is better than losing the first dodge: 2/3 * 1/3 + 1/6 * 1/6 = 1/4
    chain = P("D3b1,D6b1", "bb2020")
    assert policy(chain, 0)[0] == {"within_bonus": "break-tackle", "beyond_bonus": "none"}
    assert solve(chain, 0) == F(1, 4)
    for tr in range(3):
        assert solve(chain, tr) == oracle_full(chain, tr)[0]


def test_break_tackle_is_refused_where_it_is_no_bonus():
    with pytest.raises(CalcError, match="classic Break Tackle uses ST"):
        P("D4b1")
    with pytest.raises(CalcError, match="one of 1, 2"):
        P("D4b3", "bb2020")
    with pytest.raises(CalcError) as e:
        P("R2b1", "bb2020")
    assert e.value.details["reason"] == "bad-mark"
    with pytest.raises(CalcError) as e:
        P("D4b", "bb2020")
    assert e.value.details["reason"] == "bad-mark"
    with pytest.raises(CalcError) as e:
        Chain((Step("rush", 2, break_tackle=1),), edition="bb2025").validate()
    assert e.value.field == "steps[0].break_tackle"


def test_the_chain_request_reports_break_tackle_and_the_new_kinds():
    out = handle({"kind": "chain", "chain": "D4db2,V3,E5;tr=1", "edition": "bb2020"})
    assert out["ok"], out
    steps = out["result"]["steps"]
    assert steps[0]["break_tackle"] == 2 and steps[0]["kind"] == "dodge"
    assert [s["kind"] for s in steps] == ["dodge", "jump", "tentacles"]
    assert out["result"]["by_team_rerolls"][1]["policy"][2] == "opponent"
    bad = handle({"kind": "chain", "chain": "E5", "edition": "classic"})
    assert not bad["ok"] and bad["error"]["details"]["reason"] == "step-rule"


# ---------------------------------------------------------------- the oracle

def random_kinds_chain(rng: random.Random, edition: str, reading: str | None) -> Chain:
    """A random chain of the D6 kinds of this edition, with Pass on Hail Mary and Break Tackle on dodges (a Bribe or
    Argue the Call only follows a foul: test_chain_send_off.py has its own random chains)."""
    fam = FAMILY[edition]
    letters = "DDRPTCVMWGI" + ("ES" if fam != "classic" else "")
    bonuses = {"classic": (), "bb2020": (1, 2), "bb2025": (1, 2, 3)}[fam]
    marks = {"D": "d", "R": "f", "P": "h", "T": "p", "C": "c", "M": "p"}
    parts = []
    for _ in range(rng.choice([1, 1, 2])):
        flags = [f for f, on in (("pro", rng.random() < 0.4), (f"loner={rng.randint(2, 6)}", rng.random() < 0.3)) if on]
        toks = []
        for _ in range(rng.randint(1, 4)):
            letter = rng.choice(letters)
            tok = f"{letter}{rng.randint(2, 6)}" + (marks.get(letter, "") if rng.random() < 0.4 else "")
            if letter == "D" and bonuses and rng.random() < 0.6:
                bonus = rng.choice(bonuses)
                if rng.random() < 0.3:  # a target above 6 that only the bonus reaches (their D7)
                    tok = f"D{rng.randint(7, 6 + bonus)}" + tok[2:]
                tok += f"b{bonus}"
            toks.append(tok)
        parts.append((f"[{','.join(flags)}]" if flags else "") + ",".join(toks))
    return parse_chain("/".join(parts), edition, reading).chain


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(12))
def test_dp_agrees_with_oracle_on_chains_of_the_new_kinds(seed, edition, reading):
    rng = random.Random(9000 + seed)
    chain = random_kinds_chain(rng, edition, reading)
    for tr in range(0, 4):
        assert solve(chain, tr) == oracle_full(chain, tr)[0], (format_chain(chain), edition, reading, tr)


@pytest.mark.parametrize("edition, reading", [r for r in RULESETS if FAMILY[r[0]] != "classic"])
@pytest.mark.parametrize("seed", range(6))
def test_dp_agrees_with_oracle_on_dodges_above_six_with_break_tackle(seed, edition, reading):
    """Dodges whose target only Break Tackle's bonus reaches (7+, 8+, 9+), among other rolls and players."""
    rng = random.Random(9500 + seed)
    bonuses = (1, 2) if FAMILY[edition] == "bb2020" else (1, 2, 3)
    parts = []
    for _ in range(rng.choice([1, 2])):
        toks = []
        for _ in range(rng.randint(2, 4)):
            if rng.random() < 0.5:
                bonus = rng.choice(bonuses)
                toks.append(f"D{rng.randint(5, 6 + bonus)}{'d' if rng.random() < 0.3 else ''}b{bonus}")
            else:
                toks.append(f"{rng.choice('RPC')}{rng.randint(2, 6)}")
        parts.append(("[pro]" if rng.random() < 0.4 else "") + ",".join(toks))
    chain = parse_chain("/".join(parts), edition, reading).chain
    for tr in range(3):
        assert solve(chain, tr) == oracle_full(chain, tr)[0], (format_chain(chain), edition, reading, tr)


def test_the_oracle_sees_break_tackle_and_the_opponents_rolls():
    # the hand-worked values above, from the oracle too
    assert oracle_full(P("D4b1,D4b1", "bb2020"), 0)[0] == F(5, 12)
    assert oracle_full(P("D4b1", "bb2020"), 1)[0] == F(8, 9)
    # BB2025 F8 then a Bribe (test_chain_send_off.py): 85/216 reach the N2, which Pro and a team re-roll make 35/36
    assert oracle_full(P("[pro]F8,K2,N2", "bb2025"), 2) == (F(85, 216) * F(35, 36), F(1, 27))
    assert oracle_full(P("[pro]D3,S4", "bb2025"), 2)[0] == solve(P("[pro]D3,S4", "bb2025"), 2)


@pytest.mark.parametrize("text, edition, reading", [
    ("[pro]D5b1,D5b1", "bb2020", None), ("[pro]D4b2,D5b2,D6b2", "bb2020", None),
    ("[pro,loner=4]D5b1,D5b1", "bb2025", "rulebook"), ("[loner=3]D5b2,D6b2", "bb2025", "designers-commentary"),
    ("[pro]D5b3,D6b3", "bb2025", "rulebook")])
def test_break_tackle_saves_the_die_a_failed_pro_or_loner_roll_leaves_standing(text, edition, reading):
    # Pro (or a team re-roll behind Loner) tried on a die within the bonus, to keep Break Tackle for a later dodge:
    # if the Pro or Loner roll fails the die stands, and Break Tackle may still save it (solver and oracle agree)
    chain = parse_chain(text, edition, reading).chain
    for tr in range(0, 3):
        assert solve(chain, tr) == oracle_full(chain, tr)[0], (text, tr)


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_a_hail_mary_pass_cannot_be_intercepted(edition):
    # FFB skill/common/HailMaryPass; BBBase BB2020 "cannot be interfered with", BB2025 "cannot be Intercepted"
    with pytest.raises(CalcError) as e:
        parse_chain("M2,I6/C3", edition)
    assert e.value.details["rule"] == "hail-mary-interception" and e.value.details["text"] == "I6"
    assert parse_chain("T3,I6/C3", edition) and parse_chain("M2/C3", edition)  # an ordinary pass may be
