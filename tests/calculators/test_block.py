"""Block: hand-worked values, and a brute-force oracle over every ordered die (and re-roll die) that must agree exactly.

The oracle below shares nothing with ``calculators.block`` but the comparison key
(``preference_key``, the definition of each goal): it enumerates ordered dice tuples,
every die a Pro or Brawler re-roll could hit, every Pro D6, every face of the Dauntless
D6 (and of its re-roll), and plays both coaches' choices by explicit minimax over the
game tree, written from the rules in the module docstring of ``calculators.block``.
The Dauntless roll is given to it as the dice each D6 face leads to, worked out from the
rule texts by :func:`dauntless_faces` (not by ``strength_dice``).

The oracle memoises equal game states (the dice on the table, which block of a Frenzy pair,
the re-rolls left): the same tree is still walked in full, each distinct state only once.
"""

from __future__ import annotations

import random
from fractions import Fraction as F
from itertools import product

import pytest

from calculators.api import handle
from calculators.block import (OUTCOMES, PUSH_EFFECTS, Block, dice_for_strength, preference_key, push_effect,
                               resolve_block, strength_dice, totals)
from calculators.errors import CalcError

NONE = frozenset()


def fs(*names):
    return frozenset(names)


# ---------------------------------------------------------------- oracle


def count_dice(attacker, defender):
    """Block dice from two totals, as the rulebooks word it (not dice_for_strength)."""
    if attacker == defender:
        return 1
    if attacker > defender:
        return 3 if attacker > defender * 2 else 2
    return -3 if defender > attacker * 2 else -2


def dauntless_faces(edition, att_st, def_st, att_as=0, def_as=0, blitz=False, horns=False, dauntless=True):
    """(dice without Dauntless, {D6 face: dice} or None): the Dauntless roll face by face, from the rule texts.

    BB2025 (rulebook p. 127): compare unmodified ST; D6 + ST higher than the target's ST -> the unmodified ST
    becomes the target's, then Horns (+1 on a Blitz) is added.  BB2020 (Dauntless): compare after Horns, before
    assists; on a success the ST equals the target's.  Classic: played as BB2020 (no classic text in the data).
    """
    bonus = 1 if (horns and blitz) else 0
    plain = count_dice(att_st + bonus + att_as, def_st + def_as)
    modern = edition == "bb2025"
    compared = att_st if modern else att_st + bonus
    if not dauntless or compared >= def_st:
        return plain, None
    after = (def_st + bonus if modern else def_st) + att_as
    return plain, {face: count_dice(after, def_st + def_as) if face + compared > def_st else plain
                   for face in range(1, 7)}


def oracle(edition, dice, blitz=False, att=NONE, dfd=NONE, team=0, goal="knock_down", faces=None, second_dice=None):
    classic = edition in ("classic", "bb2016")
    pro_target = 4 if classic else 3
    team = min(team, 1) if classic else team
    frenzy = "frenzy" in att
    brawler = "brawler" in att and not blitz
    jugg = "juggernaut" in att and blitz
    fend = "fend" in dfd and not jugg
    key = lambda d: preference_key(d, goal)  # noqa: E731
    cache = {}

    def memo(fn):
        """Remember fn's value per argument tuple (all hashable game state); results are never mutated."""
        seen = {}

        def wrapped(*args):
            if args not in seen:
                seen[args] = fn(*args)
            return seen[args]
        return wrapped

    def pick(options, attacker):
        return (max if attacker else min)(options, key=key)

    def mix(parts):
        out = {}
        for p, d in parts:
            for k, v in d.items():
                out[k] = out.get(k, F(0)) + p * v
        return out

    def pushed(second, tr, pro):
        if frenzy and not second:
            d = dict(start(True, tr, pro))
            d["push"] = d.get("push", F(0)) + d.pop("nothing", F(0))
            # Fend: no follow-up, the target is out of reach; the defender decides
            return pick([d, {"push": F(1)}], False) if fend else d
        return {"push": F(1)}

    def apply(face, second, tr, pro):
        if face == 1:
            return {"attacker_down": F(1)}
        if face in (3, 4):
            return pushed(second, tr, pro)
        if face == 5:
            return pushed(second, tr, pro) if ("dodge" in dfd and "tackle" not in att) else {"defender_down": F(1)}
        if face == 6:
            return {"defender_down": F(1)}
        # Both Down, as a game: Juggernaut choice, then the attacker's Wrestle, then the defender's Wrestle
        def standard(defender_may_wrestle):
            if "block" in att and "block" in dfd:
                base = {"nothing": F(1)}
            elif "block" in att:
                base = {"defender_down": F(1)}
            elif "block" in dfd:
                base = {"attacker_down": F(1)}
            else:
                base = {"both_down": F(1)}
            prone = {"both_prone": F(1)}
            after_attacker_declines = pick([base, prone], False) if defender_may_wrestle else base
            return pick([prone, after_attacker_declines], True) if "wrestle" in att else after_attacker_declines
        if jugg:
            return pick([pushed(second, tr, pro), standard(False)], True)
        return standard("wrestle" in dfd)

    @memo
    def final(roll, n_dice, second, tr, pro):
        return pick([apply(f, second, tr, pro) for f in roll], n_dice > 0)

    def pro_d6(tr, success, fail):
        """The Pro roll face by face; classic (LRB6/CRP Pro): a failed one may take the team re-roll."""
        def failed(d6):
            options = [fail(tr)]
            if classic and tr:
                options.append(mix([(F(1, 6), success(tr - 1) if again >= pro_target else fail(tr - 1))
                                    for again in range(1, 7)]))
            return pick(options, True)
        return mix([(F(1, 6), success(tr) if d6 >= pro_target else failed(d6)) for d6 in range(1, 7)])

    def all_rolls(n):
        return [(F(1, 6 ** n), r) for r in product(range(1, 7), repeat=n)]

    @memo
    def whole_reroll(n_dice, second, tr, pro):
        """Every die rolled again, nothing left to decide but the chosen face."""
        return mix([(p, final(r, n_dice, second, tr, pro)) for p, r in all_rolls(abs(n_dice))])

    def one_die(roll, i, n_dice, second, tr, pro):
        return mix([(F(1, 6), final(roll[:i] + (f,) + roll[i + 1:], n_dice, second, tr, pro)) for f in range(1, 7)])

    @memo
    def decide(roll, n_dice, second, tr, pro):
        n = abs(n_dice)
        options = [final(roll, n_dice, second, tr, pro)]
        if brawler:
            for i, f in enumerate(roll):
                if f == 2:
                    options.append(one_die(roll, i, n_dice, second, tr, pro))
        if pro:
            def success(t):
                if classic:
                    return whole_reroll(n_dice, second, t, False)
                return pick([one_die(roll, i, n_dice, second, t, False) for i in range(n)], True)
            options.append(pro_d6(tr, success, lambda t: final(roll, n_dice, second, t, False)))
        if tr:
            options.append(whole_reroll(n_dice, second, tr - 1, pro))
        return pick(options, True)

    def block(n_dice, second, tr, pro):
        k = (n_dice, second, tr, pro)
        if k not in cache:
            cache[k] = mix([(p, decide(r, n_dice, second, tr, pro)) for p, r in all_rolls(abs(n_dice))])
        return cache[k]

    @memo
    def start(second, tr, pro):
        """One block: the Dauntless D6 (any face may be re-rolled with a team re-roll or Pro), then the dice."""
        if faces is None:  # Frenzy's second block may have dice of its own (second_dice)
            return block(second_dice if second and second_dice is not None else dice, second, tr, pro)

        def settled(face, tr_left, pro_left):
            return block(faces[face], second, tr_left, pro_left)

        def first(face):
            options = [settled(face, tr, pro)]
            if tr:
                options.append(mix([(F(1, 6), settled(f, tr - 1, pro)) for f in range(1, 7)]))
            if pro:
                options.append(pro_d6(tr, lambda t: mix([(F(1, 6), settled(f, t, False)) for f in range(1, 7)]),
                                      lambda t: settled(face, t, False)))
            return pick(options, True)

        return mix([(F(1, 6), first(face)) for face in range(1, 7)])

    d = start(False, team, "pro" in att)
    return {o: d.get(o, F(0)) for o in OUTCOMES}


def block_of(edition, att_st, def_st, att_as=0, def_as=0, blitz=False, horns=False, dauntless=True, **kw):
    """The resolver's Block for strengths (through strength_dice)."""
    s = strength_dice(edition, att_st, def_st, att_as, def_as, horns=horns and blitz, dauntless=dauntless)
    roll = s.dauntless
    return Block(edition, s.dice, blitz, dauntless_needed=roll.needed if roll else None,
                 dauntless_dice=roll.dice if roll else None, **kw)


# ---------------------------------------------------------------- hand-worked values


def test_one_die_no_skills():
    # faces: Attacker Down, Both Down, Push, Push, Defender Stumbles (no Dodge: down), POW
    assert resolve_block(Block()) == {"defender_down": F(2, 6), "both_down": F(1, 6), "both_prone": 0, "push": F(2, 6),
                                      "nothing": 0, "attacker_down": F(1, 6)}


def test_two_dice_with_block():
    # Both Down, Stumble and POW all knock the defender down: 1 - (3/6)^2 = 3/4; attacker falls only on two skulls
    d = resolve_block(Block(dice=2, attacker=fs("block")))
    assert d["defender_down"] == F(3, 4) and d["attacker_down"] == F(1, 36) and d["push"] == F(2, 9)


def test_two_dice_defender_chooses():
    # the defender takes a skull if any (1 - (5/6)^2 = 11/36), else a push if any; both dice in {BD, Stumble, POW}
    # with a Both Down gives both down: (3/6)^2 - (2/6)^2 = 5/36; only Stumble/POW: (2/6)^2 = 1/9
    d = resolve_block(Block(dice=-2))
    assert (d["attacker_down"], d["both_down"], d["defender_down"], d["push"]) == (F(11, 36), F(5, 36), F(1, 9), F(4, 9))


def test_dodge_and_tackle():
    # one die: Defender Stumbles becomes a push against Dodge, unless the attacker has Tackle
    assert resolve_block(Block(defender=fs("dodge")))["defender_down"] == F(1, 6)
    assert resolve_block(Block(defender=fs("dodge"), attacker=fs("tackle")))["defender_down"] == F(2, 6)


def test_wrestle_and_block_on_both_down():
    assert resolve_block(Block(attacker=fs("block"), defender=fs("block")))["nothing"] == F(1, 6)
    # the defender's Wrestle turns the attacker's Block into both Placed Prone
    d = resolve_block(Block(attacker=fs("block"), defender=fs("wrestle")))
    assert d["both_prone"] == F(1, 6) and d["defender_down"] == F(2, 6)
    # ...but not against Juggernaut on a Blitz: the attacker takes the Block result (defender down)
    d = resolve_block(Block(attacker=fs("block", "juggernaut"), defender=fs("wrestle"), blitz=True))
    assert d["both_prone"] == 0 and d["defender_down"] == F(3, 6)
    # Juggernaut without Block on a Blitz: Both Down may be a push; knock_down goal keeps Both Down (defender falls)
    d = resolve_block(Block(attacker=fs("juggernaut"), blitz=True))
    assert d["both_down"] == F(1, 6)
    d = resolve_block(Block(attacker=fs("juggernaut"), blitz=True, goal="safe"))
    assert d["both_down"] == 0 and d["push"] == F(3, 6)


def test_team_reroll_policy_one_die():
    # knock_down: keep POW, Stumble and Both Down (3/6), re-roll a skull or a push (3/6):
    # defender knocked down 1/2 + 1/2 · 1/2 = 3/4
    d = resolve_block(Block(team_rerolls=1))
    assert totals(d)["defender_knocked_down"] == F(3, 4)
    # safe: keep only POW and Stumble (2/6): defender down 1/3 + 2/3 · 1/3 = 5/9
    assert resolve_block(Block(team_rerolls=1, goal="safe"))["defender_down"] == F(5, 9)


def test_frenzy_two_blocks():
    # one die each; the second block only after a push (2/6): P(knocked down) = 1/2 + 2/6 · 1/2 = 2/3
    d = resolve_block(Block(attacker=fs("frenzy")))
    assert totals(d)["defender_knocked_down"] == F(2, 3)
    assert d["push"] == F(2, 6) * F(2, 6)
    # classic: one team re-roll per turn, shared by the two blocks; BB2020: one per roll
    c = resolve_block(Block("classic", attacker=fs("frenzy"), team_rerolls=2))
    b = resolve_block(Block("bb2020", attacker=fs("frenzy"), team_rerolls=2))
    assert totals(b)["defender_knocked_down"] > totals(c)["defender_knocked_down"]
    assert c == resolve_block(Block("classic", attacker=fs("frenzy"), team_rerolls=1))


def test_pro_single_die_vs_whole_roll():
    # BB2020 Pro re-rolls one die (3+); classic Pro the whole roll (4+): both beat no Pro
    base = totals(resolve_block(Block("bb2020", dice=2)))["defender_knocked_down"]
    assert totals(resolve_block(Block("bb2020", dice=2, attacker=fs("pro"))))["defender_knocked_down"] > base
    # one die: classic Pro = a team re-roll that works half the time: 1/2 + 1/2 · 1/2 · 1/2 = 5/8
    assert totals(resolve_block(Block("classic", attacker=fs("pro"))))["defender_knocked_down"] == F(5, 8)


@pytest.mark.parametrize("att_st, def_st, skills", [(3, 3, ("pro",)), (3, 4, ("pro",)), (4, 3, ("pro", "frenzy")),
                                                     (3, 5, ("pro", "frenzy")), (2, 3, ("pro", "block", "frenzy"))])
@pytest.mark.parametrize("goal", ["knock_down", "safe"])
def test_classic_team_re_roll_on_a_failed_pro_roll_never_helps_a_block(att_st, def_st, skills, goal):
    # The oracle offers the classic team re-roll on a failed Pro roll (LRB6/CRP Pro), the resolver leaves it
    # out (see calculators/block.py): they must agree, with and without Dauntless.
    for dauntless in (False, True):
        b = block_of("classic", att_st, def_st, dauntless=dauntless, attacker=fs(*skills), team_rerolls=1, goal=goal)
        plain, faces = dauntless_faces("classic", att_st, def_st, dauntless=dauntless)
        assert resolve_block(b) == oracle("classic", plain, att=fs(*skills), team=1, goal=goal, faces=faces)


def test_brawler():
    # one die, BB2025 Block action: re-roll a Both Down only if it helps: knock_down keeps it, safe re-rolls it
    assert resolve_block(Block("bb2025", attacker=fs("brawler"))) == resolve_block(Block("bb2025"))
    d = resolve_block(Block("bb2025", attacker=fs("brawler"), goal="safe"))
    assert d["both_down"] == F(1, 36) and d["defender_down"] == F(2, 6) + F(1, 6) * F(2, 6)
    # not on a Blitz
    assert resolve_block(Block("bb2025", attacker=fs("brawler"), goal="safe", blitz=True))["both_down"] == F(1, 6)
    with pytest.raises(CalcError) as e:
        resolve_block(Block("classic", attacker=fs("brawler")))
    assert e.value.field == "attacker"


def test_dice_for_strength():
    assert [dice_for_strength(a, d) for a, d in [(3, 3), (4, 3), (6, 3), (7, 3), (3, 4), (2, 4), (2, 5), (1, 8)]] == \
        [1, 2, 2, 3, -2, -2, -3, -3]


# ---------------------------------------------------------------- Dauntless, Horns, Stand Firm, Fend (hand-worked)


def test_dauntless_st3_against_st4():
    # Without Dauntless: 3 against 4, two dice, the defender chooses.  Dauntless: D6 + 3 must be higher than 4,
    # so 2+: P = 5/6, and then 4 against 4, one die.
    s = strength_dice("classic", 3, 4, dauntless=True)
    assert (s.dice, s.dauntless.needed, s.dauntless.chance, s.dauntless.dice) == (-2, 2, F(5, 6), 1)
    d = resolve_block(block_of("classic", 3, 4))
    # one die: 1/6 skull, 1/6 Both Down, 2/6 push, 2/6 defender down (Stumble, POW);
    # two dice, defender's choice: 11/36 skull, 5/36 Both Down, 16/36 push, 4/36 defender down
    # (test_two_dice_defender_chooses).  Mixed 5/6 : 1/6:
    assert d["attacker_down"] == F(5, 6) * F(1, 6) + F(1, 6) * F(11, 36) == F(41, 216)
    assert d["both_down"] == F(5, 6) * F(1, 6) + F(1, 6) * F(5, 36) == F(35, 216)
    assert d["push"] == F(5, 6) * F(2, 6) + F(1, 6) * F(16, 36) == F(19, 54)
    assert d["defender_down"] == F(5, 6) * F(2, 6) + F(1, 6) * F(4, 36) == F(8, 27)
    # P(defender Knocked Down) = 5/6 · 1/2 + 1/6 · 1/4 = 11/24; turnover = 41/216 + 35/216 = 19/54
    assert totals(d)["defender_knocked_down"] == F(11, 24)
    assert totals(d)["attacker_knocked_down"] == F(19, 54)


def test_dauntless_cannot_reach():
    # ST 2 against ST 8: D6 + 2 is at most 8, never higher: the roll is made (no natural-6 rule) and always fails
    s = strength_dice("bb2020", 2, 8, dauntless=True)
    assert (s.dauntless.needed, s.dauntless.chance, s.dice) == (7, 0, -3)
    assert resolve_block(block_of("bb2020", 2, 8)) == resolve_block(Block("bb2020", -3))
    # not stronger: no roll at all
    assert strength_dice("bb2025", 4, 4, dauntless=True).dauntless is None
    assert strength_dice("bb2025", 5, 4, dauntless=True).dauntless is None


def test_horns_and_dauntless_order_per_edition():
    # ST 3 with Horns on a Blitz against ST 4.
    # BB2020 (and classic, played the same): Horns first, 4 against 4 is not weaker: no Dauntless, one die.
    for edition in ("classic", "bb2020"):
        s = strength_dice(edition, 3, 4, horns=True, dauntless=True)
        assert (s.dice, s.attacker, s.dauntless) == (1, 4, None)
    # BB2025: unmodified 3 against 4 rolls Dauntless, 2+ (5/6); a success sets ST 4, then Horns makes it 5:
    # two dice for the attacker.  A failure leaves 3 + 1 = 4 against 4: one die.
    s = strength_dice("bb2025", 3, 4, horns=True, dauntless=True)
    assert (s.dice, s.dauntless.needed, s.dauntless.dice, s.dauntless.attacker) == (1, 2, 2, 5)
    # P(knocked down): two dice 1 - (1/2)^2 = 3/4, one die 1/2: 5/6 · 3/4 + 1/6 · 1/2 = 17/24
    d = resolve_block(block_of("bb2025", 3, 4, blitz=True, horns=True))
    assert totals(d)["defender_knocked_down"] == F(17, 24)
    assert totals(resolve_block(block_of("bb2020", 3, 4, blitz=True, horns=True)))["defender_knocked_down"] == F(1, 2)
    # Horns only on a Blitz
    assert strength_dice("bb2020", 3, 3, horns=False).dice == 1 and strength_dice("bb2020", 3, 3, horns=True).dice == 2
    r = handle({"kind": "block", "edition": "bb2020", "attacker_st": 3, "defender_st": 3, "attacker_horns": True})
    assert r["result"]["dice"] == 1 and r["result"]["strength"] == {"attacker": 3, "defender": 3}
    r = handle({"kind": "block", "edition": "bb2020", "attacker_st": 3, "defender_st": 3, "attacker_horns": True,
                "blitz": True})
    assert r["result"]["dice"] == 2 and r["result"]["strength"] == {"attacker": 4, "defender": 3}


def test_dauntless_with_assists_counts_them_after():
    # ST 3 + 2 assists against ST 4 + 1: Dauntless compares 3 with 4 (assists aside): 2+.  Success: 4 + 2 = 6
    # against 5, two dice for the attacker; failure: 5 against 5, one die.
    s = strength_dice("bb2025", 3, 4, 2, 1, dauntless=True)
    assert (s.dice, s.dauntless.needed, s.dauntless.dice, s.dauntless.attacker) == (1, 2, 2, 6)


def test_team_reroll_on_the_dauntless_roll_or_on_the_dice():
    # BB2020, ST 3 against ST 5: Dauntless needs 3+ (4/6); success 5 against 5, one die; failure 3 against 5,
    # two dice for the defender.  One die with k team re-rolls: P(down) = 1 - (1/2)^(k+1) (re-roll skulls and
    # pushes).  Defender's two dice: 1/4 with none; with one: 1/4 + 3/4 · 1/4 = 7/16.
    # One team re-roll: after a failed Dauntless roll, keeping it for the dice gives 7/16, spending it on the
    # Dauntless roll 4/6 · 1/2 + 2/6 · 1/4 = 5/12 < 7/16: kept.  Total 4/6 · 3/4 + 2/6 · 7/16 = 31/48.
    one = resolve_block(block_of("bb2020", 3, 5, team_rerolls=1))
    assert totals(one)["defender_knocked_down"] == F(31, 48)
    # Two: a block roll is re-rolled at most once (no die twice), so a second team re-roll adds nothing to the
    # dice (one die 3/4, two dice 7/16) and goes on the Dauntless roll: 4/6 · 3/4 + 2/6 · 7/16 = 31/48 after a
    # failure.  Total 4/6 · 3/4 + 2/6 · 31/48 = 103/144.
    two = resolve_block(block_of("bb2020", 3, 5, team_rerolls=2))
    assert totals(two)["defender_knocked_down"] == F(103, 144)
    # Classic: one team re-roll per turn, shared by the Dauntless roll and the dice: two are worth one
    assert resolve_block(block_of("classic", 3, 5, team_rerolls=2)) == resolve_block(block_of("classic", 3, 5, team_rerolls=1))
    assert totals(resolve_block(block_of("classic", 3, 5, team_rerolls=1)))["defender_knocked_down"] == F(31, 48)


def test_pro_on_the_dauntless_roll_or_on_the_dice():
    # Classic, ST 3 against ST 5, Pro (4+, re-roll the whole roll).  Success (4/6): one die with Pro:
    # 1/2 + 1/2 · 1/2 · 1/2 = 5/8.  Failure (2/6): Pro kept for the defender's two dice: 1/4 + 3/4 · 1/2 · 1/4
    # = 11/32; Pro on the Dauntless roll: 1/2 · (4/6 · 1/2 + 2/6 · 1/4) + 1/2 · 1/4 = 1/3 < 11/32: kept.
    # Total 4/6 · 5/8 + 2/6 · 11/32 = 17/32.
    d = resolve_block(block_of("classic", 3, 5, attacker=fs("pro")))
    assert totals(d)["defender_knocked_down"] == F(17, 32)


def test_frenzy_rolls_dauntless_again():
    # Classic, ST 3 against 4, Frenzy, no re-roll.  Each block: 5/6 one die, 1/6 the defender's two dice.
    # First block: defender down 1/2 (one die) or 1/4 (two dice); push 2/6 or 16/36 leads to a second block.
    one_kd, two_kd = F(1, 2), F(1, 4)
    each_kd = F(5, 6) * one_kd + F(1, 6) * two_kd            # 11/24
    each_push = F(5, 6) * F(2, 6) + F(1, 6) * F(16, 36)     # 19/54
    d = resolve_block(block_of("classic", 3, 4, attacker=fs("frenzy")))
    assert totals(d)["defender_knocked_down"] == each_kd + each_push * each_kd
    assert d["push"] == each_push * each_push


def test_fend_stops_the_second_frenzy_block():
    # One die, Frenzy: 1/2 + 2/6 · 1/2 = 2/3 (test_frenzy_two_blocks).  Against Fend the pushed target is out
    # of reach: no follow-up, no second block, so the single block's 1/2, and a push stays a push (2/6).
    frenzy = resolve_block(Block(attacker=fs("frenzy")))
    fend = resolve_block(Block(attacker=fs("frenzy"), defender=fs("fend")))
    assert totals(frenzy)["defender_knocked_down"] == F(2, 3)
    assert fend == resolve_block(Block()) and fend["push"] == F(2, 6)
    # Juggernaut on a Blitz cancels Fend: the second block happens again
    jugg = resolve_block(Block(attacker=fs("frenzy", "juggernaut"), defender=fs("fend"), blitz=True))
    assert jugg == resolve_block(Block(attacker=fs("frenzy", "juggernaut"), blitz=True))
    assert totals(jugg)["defender_knocked_down"] == F(2, 3)
    # Stand Firm does not stop it (the target stays next to the attacker)
    assert resolve_block(Block(attacker=fs("frenzy"), defender=fs("stand_firm"))) == frenzy


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
@pytest.mark.parametrize("dice", [1, 2, -2, 3])
def test_stand_firm_and_fend_change_no_chance_without_frenzy(edition, dice):
    for dfd in (fs("stand_firm"), fs("fend"), fs("stand_firm", "fend", "dodge")):
        plain = dfd - {"stand_firm", "fend"}
        for att, blitz in ((fs("block"), False), (fs("juggernaut", "pro"), True)):
            assert resolve_block(Block(edition, dice, blitz, att, dfd, 1)) == resolve_block(Block(edition, dice, blitz, att, plain, 1))


def test_push_effect():
    assert push_effect() == "pushed"
    assert push_effect(defender=fs("stand_firm")) == "stand_firm"
    assert push_effect(defender=fs("fend", "dodge")) == "fend"
    assert push_effect(defender=fs("fend", "stand_firm")) == "stand_firm_or_fend"
    # Juggernaut cancels both, but only on a Blitz
    assert push_effect(fs("juggernaut"), fs("fend", "stand_firm"), blitz=True) == "pushed"
    assert push_effect(fs("juggernaut"), fs("stand_firm"), blitz=False) == "stand_firm"
    assert set(PUSH_EFFECTS) == {"pushed", "fend", "stand_firm", "stand_firm_or_fend"}


@pytest.mark.parametrize("edition", ["classic", "bb2016", "bb2020", "bb2025"])
def test_strength_dice_agrees_with_the_rule_texts_face_by_face(edition):
    for att_st, def_st, att_as, def_as in product(range(1, 8), range(1, 9), range(3), range(3)):
        for blitz, horns in ((False, False), (True, False), (True, True)):
            s = strength_dice(edition, att_st, def_st, att_as, def_as, horns=horns and blitz, dauntless=True)
            plain, faces = dauntless_faces("classic" if edition == "bb2016" else edition, att_st, def_st, att_as,
                                           def_as, blitz, horns)
            assert s.dice == plain
            if faces is None:
                assert s.dauntless is None
                continue
            got = {face: s.dauntless.dice if face >= s.dauntless.needed else s.dice for face in range(1, 7)}
            assert got == faces, (att_st, def_st, att_as, def_as, blitz, horns)
            assert s.dauntless.chance == F(sum(1 for f in range(1, 7) if faces[f] != plain or f >= s.dauntless.needed), 6)


# ---------------------------------------------------------------- oracle agreement

CASES = [
    ("classic", 1, False, NONE, NONE, 0, "knock_down"),
    ("classic", 3, False, fs("block", "tackle"), fs("dodge"), 1, "knock_down"),
    ("classic", -3, False, fs("wrestle"), fs("block", "wrestle"), 1, "safe"),
    ("classic", 2, True, fs("juggernaut", "pro", "frenzy"), fs("wrestle", "dodge"), 2, "knock_down"),
    ("classic", -2, False, fs("pro", "frenzy", "block"), fs("block", "dodge"), 1, "safe"),
    ("bb2016", 2, False, fs("pro"), NONE, 1, "safe"),
    ("bb2020", 2, False, fs("brawler", "pro", "frenzy"), fs("dodge"), 2, "safe"),
    ("bb2020", 3, False, fs("brawler", "pro"), fs("block"), 1, "knock_down"),
    ("bb2020", -2, True, fs("juggernaut", "frenzy", "tackle"), fs("dodge", "wrestle"), 1, "safe"),
    ("bb2025", 1, False, fs("brawler", "pro", "frenzy", "wrestle"), fs("block"), 2, "safe"),
    ("bb2025", -3, False, fs("pro", "brawler"), fs("dodge"), 1, "knock_down"),
    ("bb2025", 2, True, fs("juggernaut", "brawler", "block", "frenzy"), fs("wrestle"), 3, "knock_down"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}d-{'-'.join(sorted(c[3]))}-tr{c[5]}-{c[6]}")
def test_oracle_agrees(case):
    edition, dice, blitz, att, dfd, team, goal = case
    got = resolve_block(Block(edition, dice, blitz, att, dfd, team, goal))
    assert sum(got.values()) == 1
    assert got == oracle(edition, dice, blitz, att, dfd, team, goal)


@pytest.mark.parametrize("dice", [1, 2, -2])
@pytest.mark.parametrize("skills", [NONE, fs("block"), fs("wrestle", "tackle"), fs("frenzy", "pro"), fs("frenzy", "juggernaut")])
@pytest.mark.parametrize("edition", ["classic", "bb2025"])
def test_oracle_agrees_grid(dice, skills, edition):
    for blitz in (False, True):
        for team in (0, 1):
            got = resolve_block(Block(edition, dice, blitz, skills, fs("dodge", "wrestle"), team))
            assert got == oracle(edition, dice, blitz, skills, fs("dodge", "wrestle"), team)


DAUNTLESS_CASES = [
    # (edition, attacker ST, defender ST, att assists, def assists, blitz, horns, attacker, defender, team, goal)
    ("classic", 3, 4, 0, 0, False, False, fs("block"), NONE, 1, "knock_down"),
    ("classic", 2, 5, 1, 0, False, False, fs("pro", "frenzy"), fs("dodge"), 1, "safe"),
    ("classic", 3, 5, 0, 1, True, True, fs("juggernaut", "frenzy"), fs("fend", "wrestle"), 1, "knock_down"),
    ("bb2016", 3, 6, 0, 0, False, False, fs("pro"), fs("block"), 0, "knock_down"),
    ("bb2020", 3, 5, 0, 0, False, False, NONE, NONE, 2, "knock_down"),
    ("bb2020", 2, 5, 0, 0, False, False, fs("pro", "brawler"), fs("dodge"), 1, "safe"),
    ("bb2020", 2, 4, 1, 1, True, True, fs("frenzy", "tackle"), fs("fend", "dodge"), 2, "knock_down"),
    ("bb2025", 3, 4, 0, 0, True, True, fs("frenzy", "pro"), fs("stand_firm"), 1, "knock_down"),
    ("bb2025", 2, 6, 1, 0, False, False, fs("pro", "block"), fs("wrestle"), 2, "safe"),
    ("bb2025", 1, 4, 2, 0, True, True, fs("juggernaut", "frenzy", "pro"), fs("fend", "block"), 1, "knock_down"),
    ("bb2025", 2, 8, 3, 0, False, False, fs("frenzy"), NONE, 1, "knock_down"),  # needs a 7: never
]


@pytest.mark.parametrize("case", DAUNTLESS_CASES, ids=lambda c: f"{c[0]}-st{c[1]}v{c[2]}-{'-'.join(sorted(c[7] | c[8]))}-tr{c[9]}")
def test_oracle_agrees_with_dauntless(case):
    edition, a, d, aa, da, blitz, horns, att, dfd, team, goal = case
    got = resolve_block(block_of(edition, a, d, aa, da, blitz, horns, attacker=att, defender=dfd, team_rerolls=team,
                                 goal=goal))
    plain, faces = dauntless_faces("classic" if edition == "bb2016" else edition, a, d, aa, da, blitz, horns)
    assert faces is not None
    assert got == oracle(edition, plain, blitz, att, dfd, team, goal, faces)
    # and through the JSON API, with the same dice
    req = {"kind": "block", "edition": edition, "attacker_st": a, "defender_st": d, "attacker_assists": aa,
           "defender_assists": da, "blitz": blitz, "attacker_dauntless": True, "attacker_horns": horns,
           "team_rerolls": team, "goal": goal, **{f"attacker_{k}": True for k in att},
           **{f"defender_{k}": True for k in dfd}}
    r = handle(req)
    assert r["ok"], r
    assert exact(r["result"]["outcomes"]) == got


@pytest.mark.parametrize("frenzy", [False, True])
@pytest.mark.parametrize("dfd", [fs("fend"), fs("fend", "stand_firm", "dodge")])
@pytest.mark.parametrize("edition", ["classic", "bb2020"])
def test_oracle_agrees_with_fend(frenzy, dfd, edition):
    att = fs("frenzy", "block") if frenzy else fs("block")
    for dice in (1, 2, -2):
        for goal in ("knock_down", "safe"):
            got = resolve_block(Block(edition, dice, False, att, dfd, 1, goal))
            assert got == oracle(edition, dice, False, att, dfd, 1, goal)


def test_more_team_rerolls_than_rolls():
    # BB2020: each roll takes at most one re-roll, so a block uses at most one team re-roll per roll: the dice
    # (and the Dauntless D6), twice over a Frenzy pair.  The oracle plays all five re-rolls; the resolver
    # must agree.
    for att, faces in ((fs("frenzy"), None), (fs("frenzy", "pro"), dauntless_faces("bb2020", 3, 4)[1])):
        plain = -2 if faces else 1
        got = resolve_block(Block("bb2020", plain, False, att, NONE, 5, dauntless_needed=2 if faces else None,
                                  dauntless_dice=1 if faces else None))
        assert got == oracle("bb2020", plain, False, att, NONE, 5, "knock_down", faces)


def test_random_blocks_are_distributions():
    """Property: for random requests, every probability is in [0, 1], the outcomes sum to 1 and the totals
    follow from them (seeded, so a failure can be replayed)."""
    rng = random.Random(20260504)
    att_skills = ["block", "wrestle", "tackle", "juggernaut", "frenzy", "pro", "dauntless", "horns"]
    for _ in range(60):
        edition = rng.choice(["classic", "bb2016", "bb2020", "bb2025"])
        req = {"kind": "block", "edition": edition, "attacker_st": rng.randint(1, 6), "defender_st": rng.randint(1, 7),
               "attacker_assists": rng.randint(0, 2), "defender_assists": rng.randint(0, 2),
               "blitz": rng.random() < 0.5, "team_rerolls": rng.randint(0, 2), "goal": rng.choice(["knock_down", "safe"])}
        for k in att_skills + (["brawler"] if edition in ("bb2020", "bb2025") else []):
            req[f"attacker_{k}"] = rng.random() < 0.3
        for k in ("block", "dodge", "wrestle", "stand_firm", "fend"):
            req[f"defender_{k}"] = rng.random() < 0.3
        r = handle(req)
        assert r["ok"], (req, r)
        res = r["result"]
        out = exact(res["outcomes"])
        assert set(out) == set(OUTCOMES) and sum(out.values()) == 1, req
        assert all(0 <= v <= 1 for v in out.values()), req
        tot = exact(res["totals"])
        assert tot["defender_knocked_down"] == out["defender_down"] + out["both_down"]
        assert tot["attacker_knocked_down"] == out["attacker_down"] + out["both_down"]
        assert res["push_effect"] in PUSH_EFFECTS
        roll = res["dauntless"]
        if roll is not None:
            assert req["attacker_dauntless"] and 0 <= F(roll["single"]["exact"]) <= F(5, 6)
            assert roll["dice"] in (1, 2, 3) and roll["chooser"] in ("attacker", "defender")


# ---------------------------------------------------------------- API


def exact(d):
    return {k: F(v["exact"]) for k, v in d.items()}


def test_block_kind_from_strength():
    r = handle({"kind": "block", "attacker_st": 3, "attacker_assists": 1, "defender_st": 3, "attacker_block": True})
    assert r["ok"], r
    res = r["result"]
    assert (res["dice"], res["chooser"], res["strength"]) == (2, "attacker", {"attacker": 4, "defender": 3})
    assert exact(res["totals"])["defender_knocked_down"] == F(3, 4)
    assert sum(exact(res["outcomes"]).values()) == 1
    r = handle({"kind": "block", "attacker_st": 2, "defender_st": 5})
    assert (r["result"]["dice"], r["result"]["chooser"]) == (3, "defender")


def test_block_kind_explicit_dice():
    r = handle({"kind": "block", "dice": -2, "edition": "bb2020", "attacker_brawler": True, "team_rerolls": 1})
    assert r["ok"], r
    assert r["result"]["strength"] is None and r["result"]["chooser"] == "defender"
    want = resolve_block(Block("bb2020", -2, False, fs("brawler"), NONE, 1))
    assert exact(r["result"]["outcomes"]) == want


@pytest.mark.parametrize("req, field, allowed", [
    ({"kind": "block", "attacker_st": 11}, "attacker_st", [1, 10]),
    ({"kind": "block", "defender_assists": -1}, "defender_assists", [0, 8]),
    ({"kind": "block", "dice": 4}, "dice", [1, 2, 3, -2, -3]),
    ({"kind": "block", "dice": 0}, "dice", [1, 2, 3, -2, -3]),
    ({"kind": "block", "dice": 2, "defender_st": 4}, "defender_st", None),
    ({"kind": "block", "attacker_brawler": True}, "attacker_brawler", None),  # classic has no Brawler
    ({"kind": "block", "goal": "win"}, "goal", ["knock_down", "safe"]),
    ({"kind": "block", "team_rerolls": 9}, "team_rerolls", [0, 8]),
    ({"kind": "block", "defender_tackle": True}, "defender_tackle", None),
    ({"kind": "block", "dice": 2, "attacker_dauntless": True}, "attacker_dauntless", [False]),
    ({"kind": "block", "dice": -2, "blitz": True, "attacker_horns": True}, "attacker_horns", [False]),
    ({"kind": "block", "attacker_dauntless": "yes"}, "attacker_dauntless", [True, False]),
    ({"kind": "block", "defender_stand_firm": 1}, "defender_stand_firm", [True, False]),
    ({"kind": "block", "defender_fend": None, "defender_horns": True}, "defender_horns", None),
])
def test_block_kind_errors(req, field, allowed):
    r = handle(req)
    assert r["ok"] is False and r["error"]["field"] == field, r
    if allowed is not None:
        assert r["error"]["allowed"] == allowed


def test_block_kind_dauntless_result():
    # ST 3 against ST 4 with Dauntless: two dice for the defender, or one die on a 2+ (5/6)
    r = handle({"kind": "block", "attacker_st": 3, "defender_st": 4, "attacker_dauntless": True,
                "defender_stand_firm": True})
    res = r["result"]
    assert (res["dice"], res["chooser"], res["strength"]) == (2, "defender", {"attacker": 3, "defender": 4})
    roll = res["dauntless"]
    assert (roll["needed"], F(roll["single"]["exact"]), roll["dice"], roll["chooser"], roll["strength"]) == (
        "2+", F(5, 6), 1, "attacker", {"attacker": 4, "defender": 4})
    assert exact(res["totals"])["defender_knocked_down"] == F(11, 24)
    assert res["push_effect"] == "stand_firm"
    # no roll: the field is null; an impossible roll reads "impossible"
    assert handle({"kind": "block", "attacker_st": 4, "defender_st": 4, "attacker_dauntless": True})["result"]["dauntless"] is None
    far = handle({"kind": "block", "attacker_st": 1, "defender_st": 8, "attacker_dauntless": True})["result"]["dauntless"]
    assert far["needed"] == "impossible" and F(far["single"]["exact"]) == 0


def test_block_form_lists_the_new_fields():
    fields = [f["name"] for f in handle({"kind": "form", "for": "block", "edition": "bb2025"})["result"]["fields"]]
    for name in ("attacker_dauntless", "attacker_horns", "defender_stand_firm", "defender_fend", "attacker_brawler"):
        assert name in fields
    assert fields.index("attacker_dauntless") < fields.index("attacker_horns") < fields.index("defender_block")


def test_block_validation_of_dauntless_fields():
    for bad in ({"dauntless_needed": 1, "dauntless_dice": 1}, {"dauntless_needed": 8, "dauntless_dice": 1},
                {"dauntless_needed": 3, "dauntless_dice": 0}, {"dauntless_needed": 3}, {"dauntless_dice": 2}):
        with pytest.raises(CalcError) as e:
            resolve_block(Block(**bad))
        assert e.value.field in ("dauntless_needed", "dauntless_dice")
    with pytest.raises(CalcError) as e:
        strength_dice("bb2020", 0, 3)
    assert e.value.field == "attacker_st"


# --- a block with its succeeding faces counted (issue 23: BlockStep.faces, the notation's =N) ---

_ORDER = (6, 5, 4, 3, 2, 1)  # POW, Stumble, Push, Push, Both Down, Player Down: the count takes the first


def _counted_oracle(dice: int, count: int, brawler: bool, team: int) -> F:
    """P(a counted block succeeds), every ordered roll and every re-rolled die enumerated: a failed roll may be
    re-rolled whole (a team re-roll) or, with Brawler, one Both Down die of it; one re-roll per roll."""
    good = set(_ORDER[:count])
    n, att = abs(dice), dice > 0

    def ok(faces) -> bool:
        hits = [f in good for f in faces]
        return any(hits) if att else all(hits)

    rolls = list(product(range(1, 7), repeat=n))
    p = F(sum(1 for r in rolls if ok(r)), len(rolls))
    total = F(0)
    for r in rolls:
        if ok(r):
            total += 1
            continue
        options = [F(0)] + ([p] if team else [])
        if brawler:
            for j, f in enumerate(r):
                if f == 2:  # Both Down, failing here (count 4 or less)
                    options.append(F(sum(1 for g in range(1, 7) if ok(r[:j] + (g,) + r[j + 1:])), 6))
        total += max(options)
    return total / len(rolls)


@pytest.mark.parametrize("dice", [1, 2, 3, -2, -3])
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("brawler", [False, True])
@pytest.mark.parametrize("team", [0, 1])
def test_counted_block_matches_the_oracle(dice, count, brawler, team):
    from calculators.chain import solve
    from calculators.notation import format_chain, parse_chain
    text = f"B{dice}{'r' if brawler else ''}={count}"
    chain = parse_chain(text, "bb2025").chain
    assert format_chain(chain) == text
    assert solve(chain, team) == _counted_oracle(dice, count, brawler, team)


def test_counted_block_refuses_face_skills_and_branches():
    from calculators.errors import CalcError
    from calculators.notation import parse_chain
    for text in ("B2b=3", "B2:d=3", "B2=3{B1}", "B2=6", "B2=0"):
        with pytest.raises(CalcError):
            parse_chain(text, "bb2025")


# --- Frenzy's second block with its own dice (issue 23: Block.second_dice, the block request's frenzy_dice) ---


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
@pytest.mark.parametrize("dice, second", [(2, 1), (1, 2), (2, -2), (-2, 1), (3, 1), (1, -3)])
@pytest.mark.parametrize("skills", [("frenzy",), ("frenzy", "block", "pro")])
def test_frenzy_second_block_with_its_own_dice_matches_the_oracle(edition, dice, second, skills):
    att = fs(*skills)
    for team in (0, 1):
        got = resolve_block(Block(edition, dice, False, att, fs("dodge"), team, "knock_down", second_dice=second))
        assert got == oracle(edition, dice, False, att, fs("dodge"), team, second_dice=second)
    # the request: frenzy_dice is that second block's dice
    r = handle({"kind": "block", "edition": edition, "dice": dice, "frenzy_dice": second, "team_rerolls": 1,
                "defender_dodge": True, **{f"attacker_{s}": True for s in skills}})["result"]
    want = oracle(edition, dice, False, att, fs("dodge"), 1, second_dice=second)
    assert F(r["outcomes"]["push"]["exact"]) == want["push"]
    assert F(r["totals"]["defender_knocked_down"]["exact"]) == want["defender_down"] + want["both_down"]


def test_frenzy_dice_needs_frenzy_and_no_dauntless():
    for req in ({"dice": 2, "frenzy_dice": 1}, {"dice": 2, "attacker_frenzy": True, "frenzy_dice": 4},
                {"attacker_st": 3, "defender_st": 4, "attacker_dauntless": True, "attacker_frenzy": True,
                 "frenzy_dice": 1}):
        r = handle({"kind": "block", "edition": "bb2025", **req})
        assert not r["ok"] and r["error"]["field"] in ("frenzy_dice", "second_dice"), r
