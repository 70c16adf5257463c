"""Steady Footing (BB2025, player flag ``[steady]``): a 6 keeps a player who fails a dodge, rush, jump or landing
on their feet; the roll may take a team re-roll or Pro (calculators/chain/footing.py and its sources).  Hand-worked
values, the refusals, and a brute-force oracle that plays every die of random chains."""

from __future__ import annotations

import random
from fractions import Fraction as F
from functools import lru_cache
from itertools import product

import pytest

from calculators.chain import solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain

FALLS = {"dodge", "rush", "jump", "landing"}
ONCE_PER_TURN = {"dodge", "rush"}  # Dodge and Sure Feet
PRO_NEEDS = 3  # BB2025 Pro


def P(text, edition="bb2025"):
    return parse_chain(text, edition).chain


def test_a_failed_dodge_is_saved_on_a_six():
    assert solve(P("[steady]D3")) == F(2, 3) + F(1, 3) * F(1, 6)
    # a 1 on a rush: only a natural 1 fails a 2+, then the 6
    assert solve(P("[steady]R2")) == F(5, 6) + F(1, 6) * F(1, 6)
    assert solve(P("[steady]V4")) == solve(P("[steady]L4")) == F(1, 2) + F(1, 2) * F(1, 6)


def test_not_on_rolls_that_are_no_fall():
    for text in ("P3", "C3", "N3", "T3"):
        assert solve(P("[steady]" + text)) == solve(P(text))


def test_the_team_reroll_goes_on_the_dodge_first_and_the_roll_after_it():
    # one team re-roll: re-rolling the dodge beats re-rolling the 6+ roll
    dodge_first = F(2, 3) + F(1, 3) * (F(2, 3) + F(1, 3) * F(1, 6))
    footing_first = F(2, 3) + F(1, 3) * (F(1, 6) + F(5, 6) * F(1, 6))
    assert solve(P("[steady]D3"), 1) == max(dodge_first, footing_first) == dodge_first
    # with Dodge the skill re-rolls the dodge, and the team re-roll is left for the 6+ roll
    assert solve(P("[steady]D3d"), 1) == F(8, 9) + F(1, 9) * (F(1, 6) + F(5, 6) * F(1, 6))
    # Pro re-rolls the 6+ roll when nothing else is left (a Pro roll of 3+ first)
    assert solve(P("[pro,steady]D5d")) == F(5, 9) + F(4, 9) * (F(1, 6) + F(5, 6) * F(2, 3) * F(1, 6))


def test_the_player_goes_on_after_a_save():
    # the save keeps the chain going: a dodge then a rush, both saved on a 6
    d, r = F(2, 3) + F(1, 3) * F(1, 6), F(5, 6) + F(1, 6) * F(1, 6)
    assert solve(P("[steady]D3,R2")) == d * r
    # only the flagged player's falls
    assert solve(P("D3/[steady]D3")) == F(2, 3) * d


def test_flag_round_trips_and_is_bb2025_only():
    assert format_chain(P("[loner=4,swift,steady]D3d,B2=2")) == "[loner=4,swift,steady]D3d,B2=2"
    for edition in ("classic", "bb2020"):
        with pytest.raises(CalcError) as e:
            parse_chain("[steady]D3", edition)
        assert e.value.details["reason"] == "step-rule" and "bb2025 only" in e.value.message


@pytest.mark.parametrize("text", ["[steady]B2{B2}", "[steady]B-2{}", "[savageblow,steady]B2"])
def test_blocks_the_save_could_change_are_refused(text):
    with pytest.raises(CalcError) as e:
        parse_chain(text, "bb2025")
    assert e.value.details["reason"] == "step-rule" and "Steady Footing" in e.value.message


@pytest.mark.parametrize("text", ["[steady]B2b", "[steady]B2:b", "[steady]B2j", "[steady]B2=2"])
def test_blocks_the_save_cannot_change_are_unchanged(text):
    # the attacker stays up, but on a Player Down (or a Both Down the defender's Block holds) the block has failed
    assert solve(P(text), 1) == solve(P(text.replace("[steady]", "")), 1)


# --------------------------------------------------------------------- the oracle

def oracle(text: str, team_rerolls: int) -> F:
    """Expectimax over every die of a straight chain of D6 tests (BB2025, the Loner ruling read as written), from
    the rules independently of calculators.chain: each test die, its re-roll (Dodge or Sure Feet once per turn, Pro
    with its 3+ roll once per activation, a team re-roll behind the Loner roll, a second team re-roll on a failed
    Loner roll), and, for a player with Steady Footing whose fall stands, the 6+ roll and its one re-roll (Pro or a
    team re-roll, behind the Loner roll).  At every choice the coach takes the best."""
    chain = P(text)
    steps = chain.steps
    players = chain.players

    def passes(face, target):
        return face == 6 or (face != 1 and face >= target)

    def mean(fn):
        return sum((fn(f) for f in range(1, 7)), F(0)) / 6

    @lru_cache(maxsize=None)
    def go(i, tr, used, pros):
        if i == len(steps):
            return F(1)
        s = steps[i]
        return mean(lambda f: go(i + 1, tr, used, pros) if passes(f, s.target) else failed(i, tr, used, pros))

    def rerolls(i, tr, used, pros, target, then, stands, footing=False):
        """The best of keeping a failed die and each re-roll of it: ``then(tr, used, pros)`` after a passing re-roll,
        ``stands(tr, used, pros)`` when the die stays failed; ``footing``: the die is the 6+ roll (no skill)."""
        s, pl = steps[i], players[steps[i].player]
        best = stands(tr, used, pros)

        def die(tr2, used2, pros2):
            return mean(lambda f: then(tr2, used2, pros2) if passes(f, target) else stands(tr2, used2, pros2))

        key = (s.player, s.kind)
        if not footing and s.skill and (s.kind not in ONCE_PER_TURN or key not in used):
            best = max(best, die(tr, used | {key} if s.kind in ONCE_PER_TURN else used, pros))
        if pl.pro and s.player not in pros:
            after = pros | {s.player}
            best = max(best, mean(lambda g: die(tr, used, after) if g >= PRO_NEEDS else stands(tr, used, after)))
        if tr:
            if pl.loner is None:
                best = max(best, die(tr - 1, used, pros))
            else:
                def lost(x):  # the Loner roll failed: keep the die, or re-roll the Loner die with another team re-roll
                    out = stands(tr - 1, used, pros)
                    if tr > 1:
                        out = max(out, mean(lambda y: die(tr - 2, used, pros) if y >= pl.loner else stands(tr - 2, used, pros)))
                    return out
                best = max(best, mean(lambda x: die(tr - 1, used, pros) if x >= pl.loner else lost(x)))
        return best

    def failed(i, tr, used, pros):
        return rerolls(i, tr, used, pros, steps[i].target, lambda *st: go(i + 1, *st), lambda *st: fall(i, *st))

    def fall(i, tr, used, pros):
        s = steps[i]
        if not (players[s.player].steady and s.kind in FALLS):
            return F(0)

        def footing_failed(tr2, used2, pros2):
            return rerolls(i, tr2, used2, pros2, 6, lambda *st: go(i + 1, *st), lambda *st: F(0), True)
        return mean(lambda f: go(i + 1, tr, used, pros) if f == 6 else footing_failed(tr, used, pros))

    return go(0, team_rerolls, frozenset(), frozenset())


@pytest.mark.parametrize("text", ["[steady]D3", "[pro,steady]D4d,R2f", "[loner=4,steady]D3,R3;tr=2",
                                  "[pro,loner=3,steady]D4d,P3,R2/[steady]V4,L3", "[steady]D5d,D4d"])
def test_oracle_agrees_on_hand_picked_chains(text):
    chain = P(text)
    assert success_by_rerolls(chain, 2) == tuple(oracle(text.split(";")[0], tr) for tr in range(3))


def test_oracle_agrees_on_random_chains():
    rng = random.Random(23)
    letters = {"D": "d", "R": "f", "V": "", "L": "", "P": "h", "C": "c"}
    for _ in range(40):
        players = []
        for _p in range(rng.choice([1, 1, 2])):
            flags = [f for f, on in (("pro", rng.random() < 0.4), (f"loner={rng.choice([3, 4])}", rng.random() < 0.3),
                                     ("steady", rng.random() < 0.8)) if on]
            steps = []
            for _s in range(rng.randint(1, 3)):
                letter = rng.choice(list(letters))
                mark = letters[letter] if letters[letter] and rng.random() < 0.5 else ""
                steps.append(f"{letter}{rng.randint(2, 6)}{mark}")
            players.append((f"[{','.join(flags)}]" if flags else "") + ",".join(steps))
        text = "/".join(players)
        assert success_by_rerolls(P(text), 2) == tuple(oracle(text, tr) for tr in range(3)), text


# --------------------------------------------------------------------- blocks: the oracle plays every block die

S_, F_, C_ = 2, 1, 0  # the goal met; the attacker falls where a save would meet the goal; a failure


def face_class(face: int, s) -> int:
    """A block die face's class for a Steady Footing attacker, from the BB2025 block results (1 Player Down, 2 Both
    Down, 3-4 Push, 5 Stumble, 6 POW): whoever lacks Block is Knocked Down on Both Down, Juggernaut (a Blitz) may
    make it a Push and stops Wrestle, Wrestle lets the defender place both prone (no Knocked Down: no save)."""
    att, dfd, standing_goal = s.attacker, s.defender, s.goal == "standing"

    def value(attacker_up, defender_down):
        ok = defender_down or standing_goal
        return (S_ if attacker_up else F_) if ok else C_

    if face == 6:
        return value(True, True)
    if face == 5:
        return value(True, not ("dodge" in dfd and "tackle" not in att))
    if face in (3, 4):
        return value(True, False)
    if face == 1:
        return value(False, False)
    options = [value("block" in att, "block" not in dfd)]
    if "juggernaut" in att:
        options = [max(options[0], value(True, False))]
    elif "wrestle" in dfd:
        options.append(C_)
    return min(options)


def block_oracle(text: str, team_rerolls: int) -> F:
    """P(success) of ``[flags]Bn...`` (one block of a player with Steady Footing, BB2025), every die played: the
    attacker keeps the best die, the defender gives the worst; one re-roll of the block roll (a team re-roll of every
    die behind the Loner roll, or Pro's 3+ roll and one die); then, on a fall, the 6+ roll and its one re-roll."""
    chain = P(text)
    s, pl = chain.steps[0], chain.players[0]
    n, att = abs(s.dice), s.dice > 0

    def mean(fn):
        return sum((fn(f) for f in range(1, 7)), F(0)) / 6

    def dice_mean(fn, k):
        return sum((fn(faces) for faces in product(range(1, 7), repeat=k)), F(0)) / 6 ** k

    def footing_die(tr, pro_left):
        """P(the 6+ roll passes) with its one re-roll, best of Pro and a team re-roll behind the Loner roll."""
        best = F(1, 6)
        options = [F(0)]
        if pro_left:
            options.append(F(2, 3) * F(1, 6))
        if tr:
            options.append(F(1, 6) if pl.loner is None else F(7 - pl.loner, 6) * F(1, 6)
                           + (F(pl.loner - 1, 6) * F(7 - pl.loner, 6) * F(1, 6) if tr > 1 else F(0)))
        return best + F(5, 6) * max(options)

    def result(faces, tr, pro_left):
        c = [face_class(f, s) for f in faces]
        r = max(c) if att else min(c)
        return F(1) if r == S_ else footing_die(tr, pro_left) if r == F_ else F(0)

    def first(faces, tr):
        best = result(faces, tr, pl.pro)
        if best == 1:
            return best
        if pl.pro:  # the Pro roll, then the best die to re-roll
            one = max(mean(lambda f: result(faces[:d] + (f,) + faces[d + 1:], tr, False)) for d in range(n))
            best = max(best, F(2, 3) * one + F(1, 3) * result(faces, tr, False))
        if tr:
            def again(t):
                return dice_mean(lambda new: result(new, t, pl.pro), n)
            if pl.loner is None:
                best = max(best, again(tr - 1))
            else:
                q = F(7 - pl.loner, 6)
                lost = result(faces, tr - 1, pl.pro)
                if tr > 1:
                    lost = max(lost, q * again(tr - 2) + (1 - q) * result(faces, tr - 2, pl.pro))
                best = max(best, q * again(tr - 1) + (1 - q) * lost)
        return best

    return dice_mean(lambda faces: first(faces, team_rerolls), n)


@pytest.mark.parametrize("flags", ["[steady]", "[pro,steady]", "[loner=4,steady]", "[pro,loner=3,steady]"])
@pytest.mark.parametrize("block", ["B1", "B2", "B3", "B-2", "B-3", "B2t:d", "B2=s", "B-2:w=s", "B2j:b", "B2:w",
                                   "B-2b:d=s", "B1=s"])
def test_block_oracle(flags, block):
    text = flags + block
    assert success_by_rerolls(P(text), 2) == tuple(block_oracle(text, tr) for tr in range(3)), text


# --------------------------------------------------------------------- BloodBowlDave's notation: Jordell

def test_jordell_brings_steady_footing_in_bb2025_only():
    from calculators.compat.dave import translate
    assert translate("Jordell:2D3,K8,J8").notation == "[loner=4,steady]B2b,A8,J8"
    assert translate("Jordell:D3,2D2;DC:C2").notation == "[loner=4,swift,steady]D3d,B2/C2"
    assert translate("Jordell:D3,R2~S2").notation == "[loner=4,swift]D3d,R2"  # BB2020: no Steady Footing
    # their calculator ignores both rules: without them ours gives their numbers (dave_differences.yml)
    chain = P("[loner=4]D3d,B2/C2")
    assert [round(float(x), 5) for x in success_by_rerolls(chain, 1)] == [0.41152, 0.57156]
    assert success_by_rerolls(P("[loner=4,swift,steady]D3d,B2/C2"), 1) > success_by_rerolls(P("[loner=4,swift]D3d,B2/C2"), 1)

