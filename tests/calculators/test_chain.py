"""Chains of rolls: hand-worked values, per-edition re-roll limits, and an enumeration oracle."""

from __future__ import annotations

import random
from fractions import Fraction as F
from functools import lru_cache

import pytest

from calculators.chain import Chain, Player, Step, policy, solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain


def P(text, edition="classic"):
    return parse_chain(text, edition).chain


def test_dodge_rush_pickup_no_reroll():
    # (4/6)(5/6)(4/6) = 80/216 = 10/27
    assert solve(P("D3,R2,P3")) == F(10, 27)


def test_dodge_rush_pickup_one_team_reroll():
    # a=2/3, b=5/6, c=2/3.  One re-roll, spent on the first failure:
    # abc + (1-a)abc + a(1-b)bc + ab(1-c)c = 30/81 + 10/81 + 5/81 + 10/81 = 55/81
    assert solve(P("D3,R2,P3"), 1) == F(55, 81)


def test_classic_allows_one_team_reroll_per_turn():
    # N4,N4 with two team re-rolls: classic uses one (1/4 + 1/8 + 1/8 = 1/2); BB2020 both ((3/4)^2)
    assert success_by_rerolls(P("N4,N4", "classic"), 2) == (F(1, 4), F(1, 2), F(1, 2))
    assert success_by_rerolls(P("N4,N4", "bb2020"), 2) == (F(1, 4), F(1, 2), F(9, 16))
    assert solve(P("N4,N4", "bb2025"), 2) == F(9, 16)


def test_skills_reroll_their_own_steps():
    # Dodge on the dodge, Sure Feet on the rush: (8/9)(35/36) = 70/81 with no team re-roll
    assert solve(P("D3d,R2f")) == F(70, 81)


def test_dodge_once_per_turn():
    # two 4+ dodges with Dodge: both pass 1/4; first fails, Dodge passes, second passes 1/8;
    # first passes, second fails, Dodge passes 1/8 -> 1/2 (not (3/4)^2 = 9/16)
    assert solve(P("D4d,D4d")) == F(1, 2)
    # Sure Hands has no such limit: (3/4)^2
    assert solve(P("P4h,P4h")) == F(9, 16)


def test_dodge_is_per_player():
    # the catcher's Catch is unlimited; two different players' Dodge are separate
    assert solve(P("D4d/D4d")) == F(9, 16)


def test_loner_gates_team_rerolls():
    # 4+ with one team re-roll, Loner 4+: 1/2 + 1/2 · 1/2 · 1/2 = 5/8
    assert solve(P("[loner=4]N4"), 1) == F(5, 8)
    assert solve(P("[loner=2]N4"), 1) == F(1, 2) + F(1, 2) * F(5, 6) * F(1, 2)


def test_pro_per_edition():
    # classic Pro on 4+: 1/2 + 1/2 · 1/2 · 1/2 = 5/8; BB2020 and BB2025 on 3+: 1/2 + 1/2 · 2/3 · 1/2 = 2/3
    assert solve(P("[pro]N4", "classic")) == F(5, 8)
    assert solve(P("[pro]N4", "bb2020")) == F(2, 3)
    assert solve(P("[pro]N4", "bb2025")) == F(2, 3)


def test_pro_failure_blocks_other_rerolls_so_skill_first():
    # with Dodge and Pro on one dodge, the skill is used: 1/2 + 1/2 · 1/2 = 3/4;
    # Pro is kept for the second roll (a plain 4+): 3/4 · (1/2 + 1/2 · 2/3 · 1/2) in BB2020
    c = P("[pro]D4d,N4", "bb2020")
    assert solve(c) == F(3, 4) * F(2, 3)
    assert policy(c) == ("skill", "pro")


def test_interception_is_not_rerolled():
    # thrower passes 4+ with a team re-roll (3/4), interceptor needs 5+ (fails 2/3), catch 3+ (2/3)
    # the re-roll is best kept... one re-roll for two of our rolls: compute by hand:
    # P = p_T·q·(c + (1-c)c) + (1-p_T)·p_T·q·c  with p_T=1/2, q=2/3, c=2/3
    pT, q, c = F(1, 2), F(2, 3), F(2, 3)
    expected = pT * q * (c + (1 - c) * c) + (1 - pT) * pT * q * c
    assert solve(P("T4,I5,C3", "bb2020"), 1) == expected
    assert policy(P("T4,I5,C3"), 1) == ("team", "opponent", "team")


def test_policy_prefers_the_free_source():
    assert policy(P("D3d,R2"), 1) == ("skill", "team")
    assert policy(P("D3,R2"), 0) == ("none", "none")


def test_more_rerolls_never_hurt():
    rng = random.Random(7)
    for _ in range(40):
        c = random_chain(rng, rng.choice(["classic", "bb2020", "bb2025"]))
        values = success_by_rerolls(c, 4)
        assert all(a <= b for a, b in zip(values, values[1:]))
        assert all(0 <= v <= 1 for v in values)


def test_invalid_chain_errors():
    with pytest.raises(CalcError) as e:
        solve(Chain((Step("dodge", 7),)))
    assert e.value.field == "steps[0].target"
    with pytest.raises(CalcError) as e:
        solve(Chain((Step("landing", 3, skill=True),)))
    assert e.value.field == "steps[0].skill"
    with pytest.raises(CalcError) as e:
        solve(P("D3"), 9)
    assert e.value.field == "team_rerolls"


# --------------------------------------------------------------------- the oracle

FAMILY = {"classic": "classic", "bb2016": "classic", "bb2020": "bb2020", "bb2025": "bb2025"}
PRO_NEEDS = {"classic": 4, "bb2020": 3, "bb2025": 3}  # LRB6 Pro 4+; BB2020 / BB2025 Pro 3+
TEAM_CAP = {"classic": 1, "bb2020": 99, "bb2025": 99}  # classic: one team re-roll per turn
ONCE = {"dodge", "rush"}  # Dodge and Sure Feet: once per turn
FACES = range(1, 7)


def oracle(chain: Chain, team_rerolls: int) -> F:
    """Expectimax over every die face, written from the rules independently of calculators.chain.

    Every die (the test die, its re-roll, the Pro roll, the Loner roll) is enumerated face by
    face; a pass is "6, or not 1 and at least the target".  States are memoised only for speed.
    """
    fam = FAMILY[chain.edition]
    steps = chain.steps

    def passes(face, target):
        return face == 6 or (face != 1 and face >= target)

    @lru_cache(maxsize=None)
    def go(i, tr, team_used, used, pros):
        if i == len(steps):
            return F(1)
        s = steps[i]
        total = F(0)
        for face in FACES:
            if s.kind == "interception":
                total += F(1, 6) * (F(0) if passes(face, s.target) else go(i + 1, tr, team_used, used, pros))
            elif passes(face, s.target):
                total += F(1, 6) * go(i + 1, tr, team_used, used, pros)
            else:
                total += F(1, 6) * after_fail(i, tr, team_used, used, pros)
        return total

    def reroll_value(i, tr, team_used, used, pros):
        s = steps[i]
        return sum((F(1, 6) * go(i + 1, tr, team_used, used, pros) for f in FACES if passes(f, s.target)), F(0))

    def after_fail(i, tr, team_used, used, pros):
        s = steps[i]
        pl = chain.players[s.player]
        best = F(0)
        if s.skill:
            mark = (s.player, s.kind if s.kind in ONCE else None)
            if s.kind not in ONCE or mark not in used:
                best = max(best, reroll_value(i, tr, team_used, used | {mark} if s.kind in ONCE else used, pros))
        if pl.pro and s.player not in pros:
            v = sum((F(1, 6) * reroll_value(i, tr, team_used, used, pros | {s.player})
                     for g in FACES if g >= PRO_NEEDS[fam]), F(0))
            best = max(best, v)
        if tr > 0 and team_used < TEAM_CAP[fam]:
            v = F(0)
            for g in FACES:
                if pl.loner is None or g >= pl.loner:
                    v += F(1, 6) * reroll_value(i, tr - 1, team_used + 1, used, pros)
            best = max(best, v)
        return best

    return go(0, team_rerolls, 0, frozenset(), frozenset())


def random_chain(rng: random.Random, edition: str) -> Chain:
    letters = "DRPTCHLIN"
    marks = {"D": "d", "R": "f", "P": "h", "T": "p", "C": "c", "H": "c"}
    n_players = rng.choice([1, 1, 2])
    parts = []
    for p in range(n_players):
        flags = []
        if rng.random() < 0.3:
            flags.append("pro")
        if rng.random() < 0.3:
            flags.append(f"loner={rng.randint(2, 6)}")
        toks = []
        for _ in range(rng.randint(1, 4)):
            letter = rng.choice(letters)
            mark = marks.get(letter, "") if rng.random() < 0.4 else ""
            toks.append(f"{letter}{rng.randint(2, 6)}{mark}")
        parts.append((f"[{','.join(flags)}]" if flags else "") + ",".join(toks))
    return parse_chain("/".join(parts), edition).chain


@pytest.mark.parametrize("seed", range(60))
def test_dp_agrees_with_oracle_on_random_chains(seed):
    rng = random.Random(seed)
    edition = ["classic", "bb2020", "bb2025", "bb2016"][seed % 4]
    chain = random_chain(rng, edition)
    for tr in range(0, 4):
        assert solve(chain, tr) == oracle(chain, tr), (format_chain(chain), edition, tr)


def test_no_choice_chain_matches_full_enumeration():
    # without any re-roll the chain succeeds on exactly the die sequences where every die passes
    import itertools
    chain = P("D3,R2,I4,C5")
    hits = 0
    for dice in itertools.product(FACES, repeat=4):
        ok = all((d == 6 or (d != 1 and d >= s.target)) != (s.kind == "interception")
                 for d, s in zip(dice, chain.steps))
        hits += ok
    assert solve(chain) == F(hits, 6 ** 4)
