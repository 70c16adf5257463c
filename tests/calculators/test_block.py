"""Block: hand-worked values, and a brute-force oracle over every ordered die (and re-roll die) that must agree exactly.

The oracle below shares nothing with ``calculators.block`` but the comparison key
(``preference_key``, the definition of each goal): it enumerates ordered dice tuples,
every die a Pro or Brawler re-roll could hit, every Pro D6, and plays both coaches'
choices by explicit minimax over the game tree, written from the rules in the module
docstring of ``calculators.block``.
"""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest

from calculators.api import handle
from calculators.block import OUTCOMES, Block, dice_for_strength, preference_key, resolve_block, totals
from calculators.errors import CalcError

NONE = frozenset()


def fs(*names):
    return frozenset(names)


# ---------------------------------------------------------------- oracle


def oracle(edition, dice, blitz=False, att=NONE, dfd=NONE, team=0, goal="knock_down"):
    n = abs(dice)
    classic = edition in ("classic", "bb2016")
    pro_target = 4 if classic else 3
    team = min(team, 1) if classic else team
    frenzy = "frenzy" in att
    brawler = "brawler" in att and not blitz
    jugg = "juggernaut" in att and blitz
    key = lambda d: preference_key(d, goal)  # noqa: E731
    cache = {}

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
            d = dict(block(True, tr, pro))
            d["push"] = d.get("push", F(0)) + d.pop("nothing", F(0))
            return d
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

    def final(roll, second, tr, pro):
        return pick([apply(f, second, tr, pro) for f in roll], dice > 0)

    def all_rolls():
        return [(F(1, 6 ** n), r) for r in product(range(1, 7), repeat=n)]

    def one_die(roll, i, second, tr, pro):
        return mix([(F(1, 6), final(roll[:i] + (f,) + roll[i + 1:], second, tr, pro)) for f in range(1, 7)])

    def decide(roll, second, tr, pro):
        options = [final(roll, second, tr, pro)]
        if brawler:
            for i, f in enumerate(roll):
                if f == 2:
                    options.append(one_die(roll, i, second, tr, pro))
        if pro:
            if classic:
                success = mix([(p, final(r, second, tr, False)) for p, r in all_rolls()])
            else:
                success = pick([one_die(roll, i, second, tr, False) for i in range(n)], True)
            fail = final(roll, second, tr, False)
            options.append(mix([(F(1, 6), success if d6 >= pro_target else fail) for d6 in range(1, 7)]))
        if tr:
            options.append(mix([(p, final(r, second, tr - 1, pro)) for p, r in all_rolls()]))
        return pick(options, True)

    def block(second, tr, pro):
        k = (second, tr, pro)
        if k not in cache:
            cache[k] = mix([(p, decide(r, second, tr, pro)) for p, r in all_rolls()])
        return cache[k]

    d = block(False, team, "pro" in att)
    return {o: d.get(o, F(0)) for o in OUTCOMES}


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
])
def test_block_kind_errors(req, field, allowed):
    r = handle(req)
    assert r["ok"] is False and r["error"]["field"] == field, r
    if allowed is not None:
        assert r["error"]["allowed"] == allowed
