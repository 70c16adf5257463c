"""Pass action per edition: hand-worked cases and a brute-force oracle over dice and re-roll policies."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.passing import OUTCOMES, PassAction, resolve_pass, totals
from calculators.rolls import characteristic_test


def pt(edition, target, modifier):
    return characteristic_test(edition, target, modifier, pass_roll=True)


def test_classic_interception_then_pass_then_catch():
    # Interceptor needs 5+ (1/3).  Not intercepted (2/3): pass 4+ with no modifier:
    # die 1 fumble, 2-3 inaccurate, 4-6 accurate; catch 3+ (2/3).
    d = resolve_pass(PassAction("classic", pt("classic", 4, 0), catch_needed=3, intercept_needed={"any": 5}))
    assert d["intercepted"] == F(1, 3)
    assert d["fumble"] == F(2, 3) * F(1, 6)
    assert d["inaccurate"] == F(2, 3) * F(2, 6)
    assert d["complete"] == F(2, 3) * F(1, 2) * F(2, 3)
    assert d["dropped"] == F(2, 3) * F(1, 2) * F(1, 3)
    assert sum(d.values()) == 1
    t = totals(d)
    assert t["turnover"] == F(1, 3) + F(1, 9) and t["lost_to_opponent"] == F(1, 3)
    assert t["completion"] + t["turnover"] + t["loose"] + t["kept"] == 1


def test_classic_safe_throw():
    # Safe Throw, AG 3 (4+ unmodified): cancels the interception half the time: 1/3 · 1/2 = 1/6 intercepted.
    # Pass 4+ at -2 (long, one tackle zone): die 1 natural fumble; 2 and 3 modified <= 1: fumbles that
    # Safe Throw saves (not natural); 4, 5 inaccurate; 6 accurate.
    d = resolve_pass(PassAction("classic", pt("classic", 4, -2), catch_needed=3, intercept_needed={"any": 5},
                                safe=True, safe_throw_needed=4))
    go_on = 1 - F(1, 6)
    assert d["intercepted"] == F(1, 6)
    assert d["fumble"] == go_on * F(1, 6)
    assert d["fumble_saved"] == go_on * F(2, 6)
    assert d["complete"] == go_on * F(1, 6) * F(2, 3)
    assert sum(d.values()) == 1


def test_bb2020_deflection_and_wild():
    # PA 4+ long bomb (-3): 1 fumble, 2-4 wildly inaccurate, 5 inaccurate, 6 accurate.
    # Interference: vs accurate 4+ (1/2), vs inaccurate 5+ (1/3), vs wild 6+ (1/6); converting a
    # deflection needs 5+ (1/3).  Safe Pass saves the natural-1 fumble.
    a = PassAction("bb2020", pt("bb2020", 4, -3), catch_needed=4,
                   intercept_needed={"accurate": 4, "inaccurate": 5, "wildly_inaccurate": 6},
                   deflection_catch_needed=5, safe=True)
    d = resolve_pass(a)
    assert d["fumble"] == 0 and d["fumble_saved"] == F(1, 6)
    defl = F(1, 6) * F(1, 2) + F(1, 6) * F(1, 3) + F(3, 6) * F(1, 6)  # P(deflection)
    assert d["intercepted"] == defl * F(1, 3)
    assert d["deflected"] == defl * F(2, 3)
    assert d["wildly_inaccurate"] == F(3, 6) * F(5, 6)
    assert d["complete"] == F(1, 6) * F(1, 2) * F(1, 2)
    assert sum(d.values()) == 1


def test_bb2025_safe_pass_only_natural_one():
    # PA 4+ at -3: dice 1..4 fumble; Safe Pass saves only the natural 1.
    d = resolve_pass(PassAction("bb2025", pt("bb2025", 4, -3), catch_needed=2, safe=True))
    assert d["fumble_saved"] == F(1, 6) and d["fumble"] == F(3, 6)
    assert d["wildly_inaccurate"] == 0
    assert d["complete"] == F(1, 6) * F(5, 6)


def test_team_reroll_limit_classic_vs_bb2020():
    # Pass 4+ (no modifier), catch 4+, no skills, two team re-rolls.
    # classic: one per turn.  If the pass is not accurate (1/2) the re-roll goes on it (it is the only
    # way to complete): 1/2 · 1/2 (catch, no re-roll left).  If accurate: catch with the re-roll 3/4.
    # complete = 1/2 · 3/4 + 1/2 · 1/2 · 1/2 = 1/2.  BB2020: the catch also gets a re-roll:
    # 1/2 · 3/4 + 1/2 · 1/2 · 3/4 = 9/16.
    c = resolve_pass(PassAction("classic", pt("classic", 4, 0), catch_needed=4, team_rerolls=2))
    b = resolve_pass(PassAction("bb2020", pt("bb2020", 4, 0), catch_needed=4, team_rerolls=2))
    assert c["complete"] == F(1, 2)
    assert b["complete"] == F(9, 16)


# ---------------------------------------------------------------- oracle

# The oracle counts dice outcomes in integers, in units of 1/6**8 (the deepest branch throws eight dice: two
# for the interception, two for the pass, the interferer's and the deflection's, two for the catch), and turns
# them into Fractions at the end: the same exact enumeration, without Fraction arithmetic in the inner loops.
UNIT = 6 ** 8


def oracle(a: PassAction):
    """Enumerate every static policy (what to do on each non-accurate pass face) and every die."""
    fam = {"classic": "classic", "bb2020": "bb2020", "bb2025": "bb2025"}[a.edition]
    cap = 1 if fam == "classic" else 99
    ok = lambda face, need: need is not None and (face == 6 or (face != 1 and face >= need))  # noqa: E731
    best = None
    bad_faces = [f for f in range(1, 7) if a.pass_test.outcome(f) != "success"]
    choices = ["none"] + (["skill"] if a.pass_skill else []) + (["team"] if a.team_rerolls > 0 else [])
    for pol in itertools.product(choices, repeat=len(bad_faces)):
        policy = dict(zip(bad_faces, pol))
        dist = {k: 0 for k in OUTCOMES}

        def land(face, tr, used, w):
            o = a.pass_test.outcome(face)
            if o == "fumble":
                saved = a.safe and ((fam == "classic" and face != 1) or fam == "bb2020" or (fam == "bb2025" and face == 1))
                dist["fumble_saved" if saved else "fumble"] += w
                return
            quality = {"success": "accurate", "failure": "inaccurate", "wildly_inaccurate": "wildly_inaccurate"}[o]
            icpt = a.intercept_needed or {}
            for i_die in range(1, 7):
                if fam != "classic" and quality in icpt and ok(i_die, icpt[quality]):
                    if fam == "bb2020":
                        for c_die in range(1, 7):
                            key = "intercepted" if ok(c_die, a.deflection_catch_needed) else "deflected"
                            dist[key] += w // 36
                    else:
                        dist["intercepted"] += w // 6
                    continue
                if quality != "accurate":
                    dist[quality] += w // 6
                    continue
                if a.catch_needed is None:
                    dist["dropped"] += w // 6
                    continue
                second = a.catch_skill or (tr > 0 and used < cap)
                for c1, c2 in itertools.product(range(1, 7), repeat=2):
                    caught = ok(c1, a.catch_needed) or (second and ok(c2, a.catch_needed))
                    dist["complete" if caught else "dropped"] += w // 216

        def after_interception(w):
            for f1 in range(1, 7):
                choice = policy.get(f1, "none")
                if choice == "none":
                    land(f1, a.team_rerolls, 0, w // 6)
                else:
                    tr, used = (a.team_rerolls - 1, 1) if choice == "team" else (a.team_rerolls, 0)
                    for f2 in range(1, 7):
                        land(f2, tr, used, w // 36)

        if fam == "classic" and a.intercept_needed:
            for i_die, s_die in itertools.product(range(1, 7), repeat=2):
                w = UNIT // 36
                # classic Safe Throw cancels an interception, but not a Very Long Legs player's
                cancelled = a.safe and not a.interceptor_very_long_legs and ok(s_die, a.safe_throw_needed)
                if ok(i_die, a.intercept_needed["any"]) and not cancelled:
                    dist["intercepted"] += w
                else:
                    after_interception(w)
        else:
            after_interception(UNIT)
        key = (dist["complete"], -(dist["fumble"] + dist["intercepted"]))
        if best is None or key > best[0]:
            best = (key, dist)
    return {outcome: F(count, UNIT) for outcome, count in best[1].items()}


CASES = [
    PassAction("classic", pt("classic", 4, -1), catch_needed=3, intercept_needed={"any": 5}, pass_skill=True, team_rerolls=1),
    PassAction("classic", pt("classic", 3, -2), catch_needed=5, intercept_needed={"any": 6}, safe=True,
               safe_throw_needed=3, catch_skill=True, team_rerolls=2),
    PassAction("classic", pt("classic", 5, 1), catch_needed=None, team_rerolls=1),
    PassAction("classic", pt("classic", 3, -2), catch_needed=5, intercept_needed={"any": 5}, safe=True,
               safe_throw_needed=3, team_rerolls=1, interceptor_very_long_legs=True),
    PassAction("bb2020", pt("bb2020", 3, -2), catch_needed=4, intercept_needed={"accurate": 5, "inaccurate": 4,
               "wildly_inaccurate": 3}, deflection_catch_needed=4, pass_skill=True, team_rerolls=2),
    PassAction("bb2020", pt("bb2020", 4, -3), catch_needed=2, safe=True, team_rerolls=1),
    PassAction("bb2025", pt("bb2025", 3, -1), catch_needed=3, intercept_needed={"accurate": 6, "inaccurate": 5},
               safe=True, catch_skill=True, team_rerolls=1),
    PassAction("bb2025", pt("bb2025", 2, -3), catch_needed=6, pass_skill=True, team_rerolls=2),
]


@pytest.mark.parametrize("action", CASES)
def test_oracle(action):
    got = resolve_pass(action)
    assert sum(got.values()) == 1
    assert got == oracle(action)


@pytest.mark.parametrize("edition", ["classic", "bb2016"])
def test_classic_safe_throw_cannot_cancel_a_very_long_legs_interception(rulebook, edition):
    """LRB6/CRP Very Long Legs: +1 to intercept, and Safe Throw may not affect its interception (FFB
    skill/bb2016/VeryLongLegs, botbowl Intercept.step).  Interceptor AG 4: 3+ on the AG table, -2: 5+; +1: 4+."""
    base = {"kind": "pass", "edition": edition, "ag": 3, "range": "short", "receiver_ag": 3, "interceptor_ag": 4,
            "safe": True}
    plain = handle({**base}, rulebook)["result"]["outcomes"]["intercepted"]["exact"]
    legs = handle({**base, "interceptor_very_long_legs": True}, rulebook)["result"]["outcomes"]["intercepted"]["exact"]
    assert F(plain) == F(1, 3) * (1 - F(1, 2))  # 5+, cancelled by the thrower's AG 3 Safe Throw roll (4+)
    assert F(legs) == F(1, 2)  # 4+, and Safe Throw cannot touch it
