"""A foul's send-off group: the Bribes and Argue the Call written after it.

**Bribes and Argue the Call** (a send-off group).  ``bribe`` and ``argue-the-call`` steps are rolled
only when a foul sends its fouler off: they are written right after that foul (after its injury roll when
one is written), by the same player, and are nothing else (:func:`appeal_group`; elsewhere the chain is
refused).  When the foul sends nobody off they are not rolled and the chain goes on.  Per edition (sources:
FUMBBL ``ffb-server/.../step/bb2016|bb2020|bb2025/foul/StepBribes.java``, ``step/bb2016/foul/StepEjectPlayer``,
``step/mixed/foul/StepEjectPlayer``, ``DiceInterpreter``; BBBase ``docs/bb2020/core_rules/the_rules_of_blood_bowl.md``
"Arguing the Call", ``inducements_in_detail.md`` "0-3 Bribes", ``faq_290525.md`` (p.63 & 91);
``docs/bb2025/core_rules/the_game_of_blood_bowl.md`` "Argue the Call", ``inducements.md`` "0-3 Bribes",
``latest_faq.md``; botbowl ``core/procedure.py`` ``Ejection`` for BB2016; Jervis
``rules/bb2020/procedures/actions/foul/FoulStep.kt``):

* a **Bribe** (``K2``: a D6, 2+ in every edition, a 1 fails; FFB ``isBribesSuccessful``): on a success the
  fouler is not sent off and *no turnover* is caused, so the chain goes on (every edition: BBBase BB2020 and
  BB2025 Bribes; FFB goes to the end of the foul without ending the turn; botbowl returns before its
  Turnover).  A failed Bribe may be followed by another (BB2020 FAQ "additional Bribes"; FFB asks again
  unless its ``onlyOneBribePerSendOff`` option is on; botbowl too): ``K2,K2``.
* **Argue the Call** (``Q6``; ``Q5`` with Friends with the Ref or a Biased Referee's +1): not in LRB6/CRP
  (``classic``); BB2016 as FUMBBL plays it, BB2020, BB2025.  On a success the fouler is not sent off but
  a turnover is still caused (BB2020 and BB2025 tables; Jervis "a turn-over still happens"; FFB BB2016
  puts the player in the Reserves box and ends the turn: :data:`ARGUE_SUCCESS`), so the chain ends there: it succeeds only if
  nothing follows the group, as for a send-off.  A natural 1 ejects the coach.  One per send-off, and one
  per chain (the ejection lasts the game; the chain does not follow it across fouls).  A BB2020 Biased
  Referee (mark ``r``, ``Q5r``): its +1 is always applied, so a natural 1 is no failure and the coach is never
  ejected (BBBase ``docs/bb2020/core_rules/inducements_in_detail.md`` "I DIDN'T SEE A THING!", ``faq_290525.md``
  p.95), and a Bribe may still follow.  BB2025's Dodgy League Rep gives the +1 but "a natural 1 will still count
  as You're Outta Here!" (BBBase ``docs/bb2025/core_rules/inducements.md``): there ``Q5`` alone, the mark refused.
  After a ``Q5r`` the coach may argue again at a later send-off of the chain.
* **Order**: BB2020 and BB2025 argue first, then Bribe (BB2020 FAQ: Argue the Call always first; a failed
  Bribe ends the chance to argue; BB2025 Bribes "after any attempt to Argue the Call"; FFB's BB2020 and
  BB2025 steps): ``Q6,K2``.  FUMBBL's BB2016 asks for Bribes first, then Argue the Call: ``K2,Q6``.  The
  other order is refused.
* **After a 1 on Argue the Call**: BB2020 allows no Bribe for that send-off (BBBase Bribes; FAQ "just for
  that particular sending off"; FFB BB2020 sets no Bribe); BB2025's text does not forbid it and FFB's BB2025
  step still offers one (its BB2020 line is gone): the Bribe is rolled (:data:`BRIBE_AFTER_EJECTION`).

:func:`appeal_chances` gives, for a group, P(a Bribe lets the chain go on) and P(Argue the Call succeeds,
its turnover ending the chain); the rest of a send-off stays one.  The solver folds the group into the foul's
outcomes; its steps then pass straight on (policy ``"none"``).  BloodBowlDave's calculator goes on after a
successful Argue the Call too (their ``ArgueTheCallStrategy``), where ours ends the chain at the turnover
(``tests/calculators/dave_differences.yml``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..arguing import argue_the_call
from ..editions import resolve
from ..rules import RuleBook
from .kinds import APPEAL_KINDS, APPEAL_TARGETS, ARGUE_SUCCESS, BRIBE_AFTER_EJECTION
from .steps import ArmourStep, InjuryStep, Step, linked_armour

if TYPE_CHECKING:
    from .model import Chain

_ZERO = Fraction(0)
_ONE = Fraction(1)


def argue_numbers(rules: RuleBook | None, edition: str) -> tuple[int, Fraction | None]:
    """Argue the Call's ``(target, ejects)`` in ``edition``: the face it is won on without modifiers (2..6) and the
    chance one call ejects the coach (a Fraction in [0, 1]), both read from the edition's table in ``rules``
    (:func:`calculators.arguing.argue_the_call`); where the rules have no such table (none given, FUMBBL's BB2016),
    FFB's 6 (:data:`APPEAL_TARGETS`) and None, which :func:`appeal_chances` reads as a natural 1.

    Raises:
        RulesError: on the table when it gives no N+ target (:func:`calculators.arguing.argue_the_call`).
    """
    call = argue_the_call(rules, edition)
    return (call.target, call.ejects) if call is not None else (APPEAL_TARGETS["argue-the-call"], None)


def with_argue_the_call(chain: Chain, rules: RuleBook | None) -> Chain:
    """Return ``chain`` with the chance that Argue the Call ejects the coach read from the edition's table in
    ``rules`` (:func:`argue_numbers`); unchanged without rules or without such a table (a natural 1 then ejects).

    Raises:
        RulesError: on the table when it gives no N+ target (:func:`calculators.arguing.argue_the_call`).
    """
    ejects = argue_numbers(rules, chain.edition)[1]
    return chain if ejects is None else replace(chain, appeal_ejects=ejects)


def appeal_group(steps: tuple, i: int) -> tuple[Step, ...]:
    """The send-off group of the foul ``steps[i]``: the Bribe and Argue the Call steps of its player written right
    after it (after its injury roll when one follows it), in order; empty for any other step."""
    s = steps[i]
    if not (isinstance(s, ArmourStep) and s.foul):
        return ()
    k = i + 2 if i + 1 < len(steps) and linked_armour(steps, i + 1) is s else i + 1
    group = []
    while k < len(steps) and isinstance(steps[k], Step) and steps[k].kind in APPEAL_KINDS and steps[k].player == s.player:
        group.append(steps[k])
        k += 1
    return tuple(group)


def _appeal_start(steps: tuple, i: int) -> int | None:
    """For the Bribe or Argue the Call ``steps[i]``: the index of the first step of its send-off group, or None when
    no foul of that player comes right before the group (or its injury roll)."""
    who = steps[i].player
    k = i
    while k > 0 and isinstance(steps[k - 1], Step) and steps[k - 1].kind in APPEAL_KINDS and steps[k - 1].player == who:
        k -= 1
    f = k - 2 if k > 1 and isinstance(steps[k - 1], InjuryStep) and linked_armour(steps, k - 1) is not None else k - 1
    if f >= 0 and isinstance(steps[f], ArmourStep) and steps[f].foul and steps[f].player == who:
        return k
    return None


def appeal_chances(edition: str, group: tuple, ejects: Fraction | None = None) -> tuple[Fraction, Fraction]:
    """Return ``(go_on, kept)`` for a foul's send-off group (:func:`appeal_group`) in ``edition``, each a Fraction in
    [0, 1]: P(a Bribe succeeds, so the fouler stays and no turnover is caused: the chain goes on) and P(Argue the
    Call succeeds: the fouler is not sent off (BB2016: to the Reserves box) but the turnover still ends the chain,
    :data:`ARGUE_SUCCESS`); the rest, ``1 - go_on - kept``, is
    still a send-off.  The steps are rolled in order until one succeeds: a Bribe on its target (2+), Argue the
    Call on its target, a natural 1 on it ejecting the coach (then no Bribe in BB2020, :data:`BRIBE_AFTER_EJECTION`).
    ``ejects``: the chance one call ejects the coach when the caller read it from the data
    (:func:`calculators.arguing.argue_the_call`); None: a natural 1.
    """
    go_on = kept = _ZERO
    free, ejected = _ONE, _ZERO  # P(still sent off, the coach still arguing / ejected)
    after_ejection = BRIBE_AFTER_EJECTION[resolve(edition).family]
    for s in group:
        p = s.p()
        if s.kind == "argue-the-call":
            if ARGUE_SUCCESS[edition]["turnover"]:
                kept += free * p
            else:
                go_on += free * p
            out = _ZERO if s.skill else (Fraction(1, 6) if ejects is None else ejects)  # a natural 1 ejects the coach, but with a BB2020 Biased Referee
            free, ejected = free * (_ONE - p - out), ejected + free * out
        else:
            go_on += free * p + (ejected * p if after_ejection else _ZERO)
            free, ejected = free * (_ONE - p), ejected * (_ONE - p) if after_ejection else ejected
    return go_on, kept
