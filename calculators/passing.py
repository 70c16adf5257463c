"""The Pass action per edition: accuracy, interception, catch, with re-rolls; exact outcome partition.

Sequences (rules-facts §6a/§6b):

* **classic** (CRP): an eligible opponent's *interception* comes first (AG roll; success
  gains the ball, a turnover).  *Safe Throw*: the thrower then rolls an unmodified AG
  roll (natural 1 fails, 6 succeeds) and on a success the interception is cancelled, unless
  the interceptor has *Very Long Legs*, whose interception Safe Throw may not touch (LRB6/CRP
  Very Long Legs; FFB ``skill/bb2016/VeryLongLegs`` cancels the ``canCancelInterceptions``
  property of Safe Throw, botbowl ``Intercept.step`` skips the Safe Throw roll; FFB's bb2016
  ruleset and botbowl agree, and no source we hold shows BB2016 differing from LRB6 here).
  Then the *pass roll*: natural 1 or modified <= 1 is a fumble (turnover, the ball
  bounces from the thrower); Safe Throw turns a fumble that is *not* a natural 1 into
  "thrower keeps the ball, no turnover".  Success (or natural 6) is accurate: the
  receiver catches.  Otherwise inaccurate: the ball scatters 3 times (loose).
* **bb2020**: the *accuracy* (PA) test first.  Natural 1: fumble (*Safe Pass* saves
  any fumble: thrower keeps the ball, activation ends, no turnover).  A modified 1 or
  less: wildly inaccurate (deviates from the thrower).  Then *passing interference*
  (skipped on a fumble): success is a *deflection*; the deflector then catches (an
  AG test, -1 in the rulebook) to make it an *interception*; a failed conversion
  scatters the ball from the deflector (loose).  Not deflected: accurate -> catch,
  inaccurate / wildly inaccurate -> loose.
* **bb2025**: accuracy first; natural 1 or modified <= 1 fumble; *Safe Pass* saves
  only a natural-1 fumble.  Then *interception* (no deflection step): success gains
  the ball.  Accurate -> catch; inaccurate -> scatter (loose).

Inputs are die faces already modified (the caller builds them from the rules data;
:mod:`calculators.api` does so from the exported rules).  Our re-rolls: the Pass skill
and team re-rolls on the pass roll (any non-accurate result may be re-rolled; the
coach sees the die first), the Catch skill and team re-rolls on the receiver's catch.
Team re-rolls are limited as in :mod:`calculators.rerolls` (classic: one per turn).
Opponents' rolls (interception, deflection catch) and the Safe Throw roll are not
re-rolled here.  Policy: maximise P(completion), then minimise P(turnover).

Outcome partition (sums to 1): ``complete`` (accurate and caught by the receiver),
``intercepted`` (the opponent has the ball: turnover), ``fumble`` (turnover),
``fumble_saved`` (Safe Throw / Safe Pass: thrower keeps the ball), ``dropped``
(accurate but the catch failed: the ball bounces), ``inaccurate`` (scatters),
``wildly_inaccurate`` (BB2020), ``deflected`` (BB2020, not converted).  Totals:
``completion`` = complete; ``lost_to_opponent`` = intercepted; ``turnover`` =
fumble + intercepted (certain turnovers); ``loose`` = dropped + inaccurate +
wildly_inaccurate + deflected (a turnover unless a team-mate ends up with the ball).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from .editions import Edition, resolve
from .errors import CalcError
from .rolls import FAILURE, FUMBLE, SUCCESS, WILD, D6Test, face_chance

__all__ = ["OUTCOMES", "PassAction", "resolve_pass", "totals"]

OUTCOMES = ("complete", "intercepted", "fumble", "fumble_saved", "dropped", "inaccurate", "wildly_inaccurate", "deflected")
_F0 = Fraction(0)


def _p(needed: int | None) -> Fraction:
    """P(a D6 shows ``needed`` or more), a natural 1 failing and a 6 passing; None -> 0 (no roll): :func:`face_chance`."""
    return face_chance(needed)


@dataclass(frozen=True)
class PassAction:
    """One Pass action.

    Attributes:
        edition: the door's :class:`~calculators.editions.Edition`, or its id (``classic`` | ``bb2016`` |
            ``bb2020`` | ``bb2025``).
        pass_test: the thrower's roll, with the edition's pass outcomes
            (:func:`calculators.rolls.characteristic_test` with ``pass_roll=True``).
        catch_needed: die face (2..6) the receiver needs on an accurate pass, or None
            when nobody is in the target square (an accurate pass then counts as loose).
        intercept_needed: die face the chosen interceptor needs, by pass quality:
            classic ``{"any": n}``; BB2020 ``{"accurate", "inaccurate",
            "wildly_inaccurate"}``; BB2025 ``{"accurate", "inaccurate"}``; None: no
            interceptor.  A missing quality means no attempt against it.
        deflection_catch_needed: BB2020: the face the deflector needs to turn a
            deflection into an interception.
        pass_skill: the thrower has Pass (re-roll the pass roll).
        safe: the thrower has Safe Throw (classic) or Safe Pass (BB2020, BB2025).
        safe_throw_needed: classic Safe Throw: the face of the unmodified AG roll (2..6).
        interceptor_very_long_legs: classic: the interceptor has Very Long Legs, so Safe Throw cannot
            cancel its interception (its +1 is in the interception roll's face already).
        catch_skill: the receiver has Catch.
        team_rerolls: team re-rolls available, 0..8.
    """

    edition: str | Edition
    pass_test: D6Test
    catch_needed: int | None = None
    intercept_needed: Mapping[str, int] | None = None
    deflection_catch_needed: int | None = None
    pass_skill: bool = False
    safe: bool = False
    safe_throw_needed: int | None = None
    catch_skill: bool = False
    team_rerolls: int = 0
    interceptor_very_long_legs: bool = False


def _add(acc: dict, dist: Mapping[str, Fraction], w: Fraction) -> None:
    for k, v in dist.items():
        acc[k] = acc.get(k, _F0) + w * v


def _key(dist: Mapping[str, Fraction]) -> tuple:
    return (dist.get("complete", _F0), -(dist.get("fumble", _F0) + dist.get("intercepted", _F0)))


def resolve_pass(action: PassAction) -> dict[str, Fraction]:
    """Return the exact outcome distribution of ``action`` (keys :data:`OUTCOMES`, summing to 1).

    Raises:
        CalcError: on an unknown edition, a missing classic Safe Throw face, or a bad count.
    """
    ed = resolve(action.edition)
    cap = ed.mechanics.team_rerolls_per_turn
    if not (isinstance(action.team_rerolls, int) and 0 <= action.team_rerolls <= 8):
        raise CalcError("team_rerolls", "team re-rolls must be 0..8", [0, 8], reason="range")
    if ed.classic and action.safe and action.safe_throw_needed is None:
        raise CalcError("safe_throw_needed", "classic Safe Throw needs the thrower's unmodified AG target", reason="required")
    icpt = dict(action.intercept_needed or {})
    test = action.pass_test

    def team_ok(tr: int, used: int) -> bool:
        return tr > 0 and (cap is None or used < cap)

    def catch(tr: int, used: int) -> dict[str, Fraction]:
        if action.catch_needed is None:
            return {"dropped": Fraction(1)}
        p = _p(action.catch_needed)
        second = action.catch_skill or team_ok(tr, used)
        ok = p + ((1 - p) * p if second else _F0)
        return {"complete": ok, "dropped": 1 - ok}

    def after_roll(face: int, tr: int, used: int) -> dict[str, Fraction]:
        """Everything after the pass die shows ``face`` (and is kept)."""
        o = test.outcome(face)
        if o == FUMBLE:
            saved = action.safe and (
                (ed.classic and face != 1) or ed.bb2020 or (ed.bb2025 and face == 1))
            return {"fumble_saved" if saved else "fumble": Fraction(1)}
        quality = {SUCCESS: "accurate", FAILURE: "inaccurate", WILD: "wildly_inaccurate"}[o]
        landing = catch(tr, used) if quality == "accurate" else {quality: Fraction(1)}
        if ed.classic or quality not in icpt:
            return landing
        q = _p(icpt[quality])
        out: dict[str, Fraction] = {}
        if ed.bb2020:
            conv = _p(action.deflection_catch_needed)
            out["intercepted"] = q * conv
            out["deflected"] = q * (1 - conv)
        else:
            out["intercepted"] = q
        _add(out, landing, 1 - q)
        return out

    def throw(tr: int, used: int, rerolled: bool) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for face in range(1, 7):
            keep = after_roll(face, tr, used)
            best = keep
            if test.outcome(face) != SUCCESS and not rerolled:
                if action.pass_skill:
                    alt = throw(tr, used, True)
                    best = max(best, alt, key=_key)
                if team_ok(tr, used):
                    alt = throw(tr - 1, used + 1, True)
                    if _key(alt) > _key(best):
                        best = alt
            _add(out, best, Fraction(1, 6))
        return out

    result = throw(action.team_rerolls, 0, False)
    if ed.classic and "any" in icpt:
        q = _p(icpt["any"])
        if action.safe and not action.interceptor_very_long_legs:
            q = q * (1 - _p(action.safe_throw_needed))
        result = {k: (1 - q) * v for k, v in result.items()}
        result["intercepted"] = result.get("intercepted", _F0) + q
    full = {k: result.get(k, _F0) for k in OUTCOMES}
    return full


def totals(dist: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Return ``completion``, ``lost_to_opponent``, ``turnover`` (certain), ``loose`` and ``kept`` (saved fumble)."""
    g = lambda k: dist.get(k, _F0)  # noqa: E731
    return {
        "completion": g("complete"),
        "lost_to_opponent": g("intercepted"),
        "turnover": g("fumble") + g("intercepted"),
        "loose": g("dropped") + g("inaccurate") + g("wildly_inaccurate") + g("deflected"),
        "kept": g("fumble_saved"),
    }
