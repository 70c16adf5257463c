"""Break Tackle and BB2025 Consummate Professional's +1 on one dodge (``[consummate]D4b1``): both bonuses added after
the die is seen, each once (calculators/chain/bonuses.py and its sources).  Hand-worked values, what stays refused,
and a brute-force oracle that plays every die of random chains with every set of bonuses the coach may add."""

from __future__ import annotations

import random
from fractions import Fraction as F
from functools import lru_cache
from itertools import combinations

import pytest

from calculators.api import handle
from calculators.chain import MAX_PAIR_DODGES, policy, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import parse_chain

AGILITY = {"dodge", "jump", "pick-up", "catch", "hand-off", "landing"}  # BB2025 Agility tests (BBBase core rules)
ONCE_PER_TURN = {"dodge", "rush"}  # Dodge and Sure Feet
PRO_NEEDS = 3  # BB2025 Pro


def P(text, edition="bb2025"):
    return parse_chain(text, edition).chain


def test_both_bonuses_save_a_die_two_short():
    # 4+ with Break Tackle +1 and the +1: a 3 is saved by either, a 2 by both, only a 1 fails
    assert success_by_rerolls(P("[consummate]D4b1"), 0) == (F(5, 6),)
    # the coach spends Break Tackle on a 3 and keeps the +1 for the pick-up (an Agility test it may save)
    assert success_by_rerolls(P("[consummate]D4b1,P4"), 0) == (F(1, 2) * F(2, 3) + F(1, 6) * F(2, 3) + F(1, 6) * F(1, 2),)
    assert policy(P("[consummate]D4b1,P4"))[0] == {"within_one": "break-tackle", "within_both": "break-tackle+consummate",
                                                   "beyond_bonus": "none"}


def test_against_diving_tackle_it_stays_refused():
    with pytest.raises(CalcError) as e:
        parse_chain("[consummate]D4b1^", "bb2025")
    assert e.value.details["rule"] == "not-modelled" and "Diving Tackle" in e.value.message


def test_bb2020_consummate_is_still_a_re_roll_beside_break_tackle():
    # BB2020: Consummate Professional re-rolls a die; Break Tackle adds its bonus: no pair of bonuses.  A 4+ passes,
    # a 3 takes Break Tackle, a 1 or a 2 is re-rolled and passes on a 4+ or a 3 with Break Tackle
    assert success_by_rerolls(P("[consummate]D4b1", "bb2020"), 0) == (F(1, 2) + F(1, 6) + F(1, 3) * F(2, 3),)


# --------------------------------------------------------------------- the oracle

def oracle(text: str, team_rerolls: int) -> F:
    """Expectimax over every die of a straight chain of D6 tests (BB2025, the Loner ruling read as written), from the
    rules independently of calculators.chain: each test die; after a failed die, any set of the still unused bonuses
    (a dodge's Break Tackle, once per turn; Consummate Professional's +1 on an Agility test, once per game) whose sum
    turns it into a pass (never a natural 1), or a re-roll (Dodge or Sure Feet once per turn, Pro with its 3+ roll
    once per activation, a team re-roll behind the Loner roll, a second team re-roll on a failed Loner roll), the new
    die saved in turn by what is left.  At every choice the coach takes the best."""
    chain = P(text)
    steps, players = chain.steps, chain.players

    def mean(fn):
        return sum((fn(f) for f in range(1, 7)), F(0)) / 6

    def bonuses(i, used):
        s = steps[i]
        out = []
        if s.break_tackle and (s.player, "bt") not in used:
            out.append(((s.player, "bt"), s.break_tackle))
        if players[s.player].consummate and s.kind in AGILITY and (s.player, "cp") not in used:
            out.append(((s.player, "cp"), 1))
        return out

    def die(i, face, tr, used, pros):
        """The best of a die ``face`` as it lands: a pass, or a failure saved by a set of bonuses, or 0."""
        s = steps[i]
        if face == 6 or (face != 1 and face >= s.target):
            return go(i + 1, tr, used, pros)
        best = F(0)
        if face != 1:
            free = bonuses(i, used)
            for k in range(1, len(free) + 1):
                for subset in combinations(free, k):
                    if face + sum(b for _, b in subset) >= s.target:
                        best = max(best, go(i + 1, tr, used | {key for key, _ in subset}, pros))
        return best

    @lru_cache(maxsize=None)
    def go(i, tr, used, pros):
        if i == len(steps):
            return F(1)
        return mean(lambda f: first(i, f, tr, used, pros))

    def first(i, face, tr, used, pros):
        s, pl = steps[i], players[steps[i].player]
        best = die(i, face, tr, used, pros)
        if best == go(i + 1, tr, used, pros) and (face == 6 or (face != 1 and face >= s.target)):
            return best

        def again(tr2, used2, pros2):
            return mean(lambda g: die(i, g, tr2, used2, pros2))

        def kept(tr2, used2, pros2):
            return die(i, face, tr2, used2, pros2)

        key = (s.player, s.kind)
        if s.skill and (s.kind not in ONCE_PER_TURN or key not in used):
            best = max(best, again(tr, used | {key} if s.kind in ONCE_PER_TURN else used, pros))
        if pl.pro and s.player not in pros:
            after = pros | {s.player}
            best = max(best, F(7 - PRO_NEEDS, 6) * again(tr, used, after) + F(PRO_NEEDS - 1, 6) * kept(tr, used, after))
        if tr:
            if pl.loner is None:
                best = max(best, again(tr - 1, used, pros))
            else:
                q = F(7 - pl.loner, 6)
                lost = kept(tr - 1, used, pros)
                if tr > 1:
                    lost = max(lost, q * again(tr - 2, used, pros) + (1 - q) * kept(tr - 2, used, pros))
                best = max(best, q * again(tr - 1, used, pros) + (1 - q) * lost)
        return best

    return go(0, team_rerolls, frozenset(), frozenset())


@pytest.mark.parametrize("text", ["[consummate]D4b1", "[consummate]D5b2", "[consummate]D7b3", "[consummate]D6db1",
                                  "[pro,consummate]D5b1,P4", "[loner=3,consummate]D4b1,D5db2,C4",
                                  "[consummate]D6b2,D5b1,L4", "[pro,loner=4,consummate]D5db1,R3,V4,D6b3"])
def test_oracle_agrees_on_hand_picked_chains(text):
    assert success_by_rerolls(P(text), 2) == tuple(oracle(text, tr) for tr in range(3)), text


LETTERS = {"D": "d", "R": "f", "V": "", "L": "", "P": "h", "C": "c"}  # a roll letter -> its skill mark


def random_player(rng: random.Random) -> str:
    """One player's flags (Griff's rule most often) and one to three D6 tests, dodges with a Break Tackle bonus at
    times and a target it may reach beyond 6."""
    on = {"pro": rng.random() < 0.4, f"loner={rng.choice([3, 4])}": rng.random() < 0.3,
          "consummate": rng.random() < 0.8}
    flags = ",".join(flag for flag, yes in on.items() if yes)
    tests = []
    for letter in rng.choices(list(LETTERS), k=rng.randint(1, 3)):
        bonus = rng.choice([0, 1, 2, 3]) if letter == "D" else 0
        mark = LETTERS[letter] if rng.random() < 0.5 else ""
        tests.append(f"{letter}{rng.randint(2, 6 + bonus)}{mark}" + (f"b{bonus}" if bonus else ""))
    return (f"[{flags}]" if flags else "") + ",".join(tests)


def test_oracle_agrees_on_random_chains():
    rng = random.Random(2025)
    for _ in range(40):
        text = "/".join(random_player(rng) for _p in range(rng.choice([1, 1, 2])))
        assert success_by_rerolls(P(text), 2) == tuple(oracle(text, tr) for tr in range(3)), text


# --------------------------------------------------------------------- the bound on the solver's time

def test_at_most_two_such_dodges_per_player():
    """More dodges of one player with both bonuses took over 2 s of CPU (benchmarks/bench_worst_notation.py): the
    third is refused, naming its token and the bound; another player's count is its own, and BB2020 has no bound."""
    assert MAX_PAIR_DODGES == 2
    success_by_rerolls(P("[consummate]D4b1,D4b1/[consummate]D4b1,D4b1"), 1)
    with pytest.raises(CalcError) as e:
        parse_chain("[consummate]D4b1,R2,D4b1,D5b2", "bb2025")
    d = e.value.details
    assert d["reason"] == "step-rule" and d["rule"] == "pair-dodges" and d["token"] == 4
    assert e.value.allowed == [0, 2] and "at most 2 dodges" in e.value.message
    answer = handle({"kind": "chain", "chain": "[consummate]D4b1,D4b1,D4b1", "edition": "bb2025"})
    assert answer["ok"] is False and answer["error"]["details"]["rule"] == "pair-dodges"
    parse_chain("[consummate]D4b1,D4b1,D4b1", "bb2020")  # a re-roll there, not a second bonus
