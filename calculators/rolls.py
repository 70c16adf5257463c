"""One D6 test: target, modifiers, natural 1 / natural 6, fumbles, one optional re-roll.

Mechanics implemented (rule *numbers* come from :mod:`calculators.rules`):

* Classic (LRB6 / CRP, AG rolls): roll a D6, add the modifiers; the roll succeeds if
  the modified result is at least the target from the AG table.  A natural 1 always
  fails and a natural 6 always succeeds (rules-facts §5a).  Classic pass: a natural 1
  or a modified result of 1 or less is a fumble (CRP pass roll; rules-facts §6a).
* BB2020 and BB2025 characteristic tests (AG, PA): succeed if the modified result is
  at least the characteristic (``3+``); a natural 1 fails, a natural 6 succeeds
  (rules-facts §5b).  BB2020 pass: a natural 1 is a fumble, a modified result of 1 or
  less (not a natural 1) is *wildly inaccurate*, unless it reaches the PA: a PA 1+ thrower
  whose total is 1 makes an accurate pass (BB2020 Designer's Commentary, May 2025, the
  p. 29 question; FFB ``mechanics/bb2020/PassMechanic.evaluatePass``).  BB2025 pass: a natural 1 or a
  modified result of 1 or less is a fumble; there is no wildly inaccurate result
  (rules-facts §6a).  BB2025 lets a die be modified below 1 but never above 6: the cap
  never changes a result here because targets are at most 6.

A BB2025 pass whose modified result is 1 (or less) while reaching the thrower's PA (a
PA 1+ thrower) is disputed (``data/rulings/pa-one-plus-modified-one.yml``); the reader
picks a :data:`PASS_READINGS` entry, named after the ruling's positions:

* ``"rulebook"`` (the default): the BB2025 rulebook's Fumbled Pass rule, as written,
  makes any modified 1 a fumble, whatever the PA (BBBase transcription, "Fumbled Pass");
* ``"fumbbl"``: FUMBBL's engine tests for an accurate pass first, so a modified result
  that reaches the PA is accurate and only a modified 1 that misses it fumbles
  (``christerk/ffb`` ``mechanics/bb2025/PassMechanic.evaluatePass``).

The two readings give different numbers only for a PA 1+ thrower.

Since the May 2026 errata a BB2025 result may also be modified below 1; what a pass total of 0 or
less is, is disputed too (``data/rulings/pass-total-below-one-bb2025.yml``).  The reader picks a
:data:`BELOW_ONE_READINGS` entry, named after that ruling's positions:

* ``"fumbbl"`` (the default, as the ruling recommends): a total of 1 **or less** is a fumble
  (``christerk/ffb`` ``mechanics/bb2025/PassMechanic``);
* ``"rulebook"``: the Fumbled Pass rule as written names a total of 1 only, so a total of 0 or
  less is a failed test, an inaccurate pass (BBBase transcription, "Fumbled Pass").

The two readings give different numbers only when a die face of 2 or more can bring the total below 1.

A test has outcomes ``success``, ``failure``, ``fumble`` and ``wildly_inaccurate``
(only the last three that can occur are listed).  For a pass, ``success`` is an
accurate pass and ``failure`` an inaccurate one.  Probabilities are exact
:class:`~fractions.Fraction` values in [0, 1] and every distribution sums to 1.

A re-roll (team re-roll, skill) re-rolls the die once when the first result is not a
success (a fumble and a wildly inaccurate pass may be re-rolled too); the second
result stands.  No die is re-rolled twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .editions import Edition, resolve
from .errors import CalcError, shown
from .rules import RollSpec, RuleBook

__all__ = [
    "face_chance",
    "FAILURE",
    "FUMBLE",
    "OUTCOMES",
    "SUCCESS",
    "WILD",
    "D6Test",
    "Needed",
    "BELOW_ONE_READINGS",
    "PASS_READINGS",
    "characteristic_test",
    "check_below_one_reading",
    "check_pass_reading",
    "reroll",
    "test_from_rules",
]

SUCCESS = "success"
FAILURE = "failure"
FUMBLE = "fumble"
WILD = "wildly_inaccurate"
OUTCOMES: tuple[str, ...] = (SUCCESS, FAILURE, WILD, FUMBLE)

#: BB2025 readings of a modified 1 that reaches the thrower's PA (module docstring); the first is the default.
PASS_READINGS: tuple[str, ...] = ("rulebook", "fumbbl")

#: BB2025 readings of a pass total of 0 or less (module docstring); the first is the default.
BELOW_ONE_READINGS: tuple[str, ...] = ("fumbbl", "rulebook")


@dataclass(frozen=True)
class Needed:
    """What the player needs on the die.

    Attributes:
        face: the lowest die face that succeeds (2..6), or None when no face does.
        raw: target minus modifier, unclamped (may be below 2 or above 6).
        natural_six_only: True when only a natural 6 succeeds although the modified
            result would fall short (``raw`` > 6).
        impossible: True when no face succeeds.
    """

    face: int | None
    raw: int
    natural_six_only: bool
    impossible: bool

    def label(self) -> str:
        """Return ``"4+"``, ``"6+ (natural 6 only)"`` or ``"impossible"``."""
        if self.face is None:
            return "impossible"
        return f"{self.face}+" + (" (natural 6 only)" if self.natural_six_only else "")


@dataclass(frozen=True)
class D6Test:
    """A single D6 test.

    Attributes:
        target: the modified result needed (``N`` in ``N+``).
        modifier: the sum of the modifiers added to the die.
        natural_one: ``"fail"`` or ``"fumble"``: what an unmodified 1 does.
        natural_six: True if an unmodified 6 always succeeds.
        fumble_at_or_below: a modified result at or below this is a fumble (classic and
            BB2025 pass: 1), or None.
        wild_at_or_below: a modified result at or below this, on a die that is not a
            natural 1, is wildly inaccurate (BB2020 pass: 1), or None.
        success_first: True when a modified result that reaches ``target`` succeeds
            before ``fumble_at_or_below`` and ``wild_at_or_below`` are looked at (BB2020
            pass; BB2025 pass, reading ``"fumbbl"``).
        fumble_exactly: True when only a modified result **equal** to ``fumble_at_or_below``
            fumbles, a lower one being a failure (BB2025 pass, below-one reading ``"rulebook"``).
    """

    target: int
    modifier: int = 0
    natural_one: str = "fail"
    natural_six: bool = True
    fumble_at_or_below: int | None = None
    wild_at_or_below: int | None = None
    success_first: bool = False
    fumble_exactly: bool = False

    def outcome(self, face: int) -> str:
        """Return the outcome of die ``face`` (1..6): natural 6, natural 1, fumble, wild, then the target."""
        if face == 6 and self.natural_six:
            return SUCCESS
        if face == 1:
            return FUMBLE if self.natural_one == "fumble" else FAILURE
        result = face + self.modifier
        if self.success_first and result >= self.target:
            return SUCCESS
        if self.fumble_at_or_below is not None and (
                result == self.fumble_at_or_below if self.fumble_exactly else result <= self.fumble_at_or_below):
            return FUMBLE
        if self.wild_at_or_below is not None and result <= self.wild_at_or_below:
            return WILD
        return SUCCESS if result >= self.target else FAILURE

    def distribution(self) -> dict[str, Fraction]:
        """Return ``{outcome: probability}`` for one roll (outcomes that can occur, summing to 1)."""
        out: dict[str, Fraction] = {}
        for face in range(1, 7):
            o = self.outcome(face)
            out[o] = out.get(o, Fraction(0)) + Fraction(1, 6)
        return {o: out[o] for o in OUTCOMES if o in out}

    def success(self) -> Fraction:
        """Return P(success) of one roll."""
        return self.distribution().get(SUCCESS, Fraction(0))

    def needed(self) -> Needed:
        """Return the die face needed (see :class:`Needed`)."""
        faces = [f for f in range(1, 7) if self.outcome(f) == SUCCESS]
        raw = self.target - self.modifier
        if not faces:
            return Needed(None, raw, False, True)
        return Needed(faces[0], raw, faces[0] == 6 and raw > 6, False)

    def with_reroll(self, on: Iterable[str] | None = None) -> dict[str, Fraction]:
        """Return the outcome distribution when one re-roll is used on any outcome in ``on``.

        ``on`` defaults to every outcome except success.  See :func:`reroll`.
        """
        return reroll(self.distribution(), on)


def face_chance(face: int | None) -> Fraction:
    """Return P(one D6 test passes) when it needs ``face``+ on the die (None: no roll, 0).

    A natural 1 always fails and a natural 6 always passes (every edition), so a face
    below 2 counts as 2 and one above 6 as 6.  The one implementation of a plain D6 test
    given the face needed: :class:`D6Test` decides it (a test with no fumble or wild
    result), the chain's D6 steps (:meth:`calculators.chain.Step.p`) and the Pass action's
    catch, interception and Safe Throw rolls (:mod:`calculators.passing`) call this.
    """
    if face is None:
        return Fraction(0)
    return D6Test(max(2, min(6, face))).success()


def reroll(dist: Mapping[str, Fraction], on: Iterable[str] | None = None) -> dict[str, Fraction]:
    """Return the distribution after re-rolling once when the first result is in ``on``.

    ``P'(o) = P(o)·[o not in on] + P(on)·P(o)``: the second roll stands.  ``on``
    defaults to every outcome except ``success``.
    """
    on_set = set(dist) - {SUCCESS} if on is None else set(on)
    p_again = sum((p for o, p in dist.items() if o in on_set), Fraction(0))
    out = {o: (Fraction(0) if o in on_set else p) + p_again * p for o, p in dist.items()}
    return {o: out[o] for o in OUTCOMES if o in out} | {o: p for o, p in out.items() if o not in OUTCOMES}


def _bb2025_pass_reading(field: str, readings: tuple[str, ...], edition: str | Edition, reading: object) -> str | None:
    """Return ``reading`` of a disputed BB2025 pass rule, checked (None when not given).

    Raises:
        CalcError: on ``field`` when a reading is given outside BB2025 (reason ``bb2025-only``) or is not one
        of ``readings`` (reason ``choice``).
    """
    if reading is None:
        return None
    ed = resolve(edition)
    if not ed.bb2025:
        raise CalcError(field, f"{field} applies to BB2025 passes only, not {ed.name}", None, reason="bb2025-only")
    if not isinstance(reading, str) or reading not in readings:
        raise CalcError(field, f"{field} must be one of {', '.join(readings)}, got {shown(reading)}", list(readings),
                        reason="choice")
    return reading


def check_pass_reading(edition: str | Edition, pass_reading: str | None) -> bool:
    """Return True when ``pass_reading`` makes a modified result that reaches the target succeed first.

    Args:
        edition: the edition of the pass roll.
        pass_reading: None, or an entry of :data:`PASS_READINGS` (BB2025 only).

    Raises:
        CalcError: on field ``pass_reading`` when it is given outside BB2025 or is not a reading.
    """
    return _bb2025_pass_reading("pass_reading", PASS_READINGS, edition, pass_reading) == "fumbbl"


def check_below_one_reading(edition: str | Edition, reading: object) -> bool:
    """Return True when ``reading`` makes only a pass total of exactly 1 a fumble (a lower one inaccurate).

    Args:
        edition: the edition of the pass roll.
        reading: None (the default, ``"fumbbl"``), or an entry of :data:`BELOW_ONE_READINGS` (BB2025 only).

    Raises:
        CalcError: on field ``below_one_reading`` when it is given outside BB2025 (reason ``bb2025-only``)
        or is not a reading (reason ``choice``).
    """
    return _bb2025_pass_reading("below_one_reading", BELOW_ONE_READINGS, edition, reading) == "rulebook"


def characteristic_test(edition: str | Edition, target: int, modifier: int = 0, *, pass_roll: bool = False,
                        pass_reading: str | None = None, below_one_reading: str | None = None) -> D6Test:
    """Return a plain ``target+`` D6 test with ``modifier``, under ``edition``'s natural 1/6 rules.

    Args:
        edition: ``classic`` | ``bb2016`` | ``bb2020`` | ``bb2025``.
        target: the modified result needed, 1..6 (``3`` means 3+).
        modifier: the total modifier added to the die.
        pass_roll: apply the edition's pass-roll outcomes (module docstring):
            classic and BB2025 fumble on a natural 1 or a modified result <= 1;
            BB2020 fumbles on a natural 1 and is wildly inaccurate on a modified 1 or less.
        pass_reading: BB2025 pass only, an entry of :data:`PASS_READINGS` (None: the rulebook).
        below_one_reading: BB2025 pass only, an entry of :data:`BELOW_ONE_READINGS` (None: ``"fumbbl"``).

    Raises:
        CalcError: on an unknown edition (field ``edition``), or a ``pass_reading`` or
        ``below_one_reading`` that does not apply.
    """
    rule = resolve(edition).mechanics.pass_rule
    success_first = check_pass_reading(edition, pass_reading)
    exactly = check_below_one_reading(edition, below_one_reading)
    if not pass_roll:
        return D6Test(target, modifier)
    if rule == "bb2020":
        # BB2020 DC May 2025 (p. 29 question): a PA 1+ thrower whose total is 1 makes an accurate pass, so the
        # target is looked at before the wildly-inaccurate floor (as FFB bb2020 PassMechanic.evaluatePass does).
        return D6Test(target, modifier, natural_one="fumble", wild_at_or_below=1, success_first=True)
    return D6Test(target, modifier, natural_one="fumble", fumble_at_or_below=1, success_first=success_first,
                  fumble_exactly=exactly)


def _target(rules: RuleBook, spec: RollSpec, value: int) -> int:
    """The N+ of roll ``spec`` for characteristic ``value``: the fixed target (the Rush: ``value`` unused), ``value``
    itself when the roll has no target table (BB2020+), else the table's row.

    Raises:
        CalcError: on ``value`` (or the table's characteristic) when it is out of range.
    """
    table = rules.table_for(spec)
    if spec.fixed is not None:
        return spec.fixed  # the same N+ for every player (the Rush): ``value`` is not used
    if table is None:
        if not (isinstance(value, int) and 1 <= value <= 6):
            raise CalcError("value", f"the target must be an integer from 1 to 6 (meaning N+), got {value!r}", [1, 6], reason="range")
        return value
    t = table.target_for(value) if isinstance(value, int) and not isinstance(value, bool) else None
    if t is None:
        lo, hi = table.values
        raise CalcError(table.characteristic, f"{table.characteristic} must be an integer from {lo} to {hi}, got {value!r}", [lo, hi], reason="range")
    return t


def _with_skills(spec: RollSpec, applied: list[tuple[str, int]], skills: set[str],
                 chosen_keys: set[str]) -> list[tuple[str, int]]:
    """``applied`` with the modifiers of the player's ``skills`` (those whose ``only`` group condition holds for
    ``chosen_keys``): each removes the modifiers it ``cancels``, then adds its value, or lessens the ones it
    ``eases`` by up to its value, never above -1 (BB2020 Leap, Very Long Legs)."""
    eased: dict[tuple[str, ...], int] = {}  # what easing skills already added to each eased set of modifiers
    for m in spec.modifiers:
        if m.skill in skills and (not m.only or chosen_keys & set(m.only)):
            applied = [(k, v) for k, v in applied if k not in m.cancels]
            if m.eases:
                penalty = sum(v for k, v in applied if k in m.eases) + eased.get(m.eases, 0)
                bonus = max(0, min(m.value, -1 - penalty))
                eased[m.eases] = eased.get(m.eases, 0) + bonus
                applied.append((m.key, bonus))
            else:
                applied.append((m.key, m.value))
    return applied


def test_from_rules(
    rules: RuleBook,
    roll_slug: str,
    value: int,
    choices: Mapping[str, str] | None = None,
    counts: Mapping[str, int] | None = None,
    edition: str | Edition | None = None,
    pass_reading: str | None = None,
    below_one_reading: str | None = None,
    skills: Iterable[str] = (),
) -> tuple[D6Test, tuple[tuple[str, int], ...]]:
    """Build the D6 test of roll ``roll_slug`` for a player with characteristic ``value``.

    Args:
        rules: the rule numbers.
        roll_slug: e.g. ``"pass-classic"``.
        value: the characteristic (classic: AG 1..6, looked up in the roll's target
            table; BB2020+: the ``N`` of ``N+`` when the roll has no target table); ignored
            (may be None) for a roll with a fixed ``target_number`` such as the Rush.
        choices: ``{group: modifier key}``, one per modifier group of the roll.
        counts: ``{per count name: integer >= 0}`` for each ``per`` modifier.
        edition: the edition the roll is made under (defaults to the roll's first
            edition); a BB2020 pass roll gets the wildly-inaccurate mechanic.
        pass_reading: a BB2025 pass roll only, an entry of :data:`PASS_READINGS` (None: the rulebook).
        below_one_reading: a BB2025 pass roll only, an entry of :data:`BELOW_ONE_READINGS` (None: ``"fumbbl"``).
        skills: the player's skills among the roll's ``skill`` modifiers (:meth:`RollSpec.skills`, skill slugs):
            each such modifier applies when its group condition (``only``) holds, and removes the applied
            modifiers it ``cancels`` or lessens the ones it ``eases`` to no less than -1 (issue 9: Accurate, Strong Arm, Cannoneer, Nerves of Steel, Big Hand,
            Extra Arms, Very Long Legs, per edition in ``data/rolls/``).

    Returns:
        ``(test, applied)`` where ``applied`` lists ``(modifier key, value applied)``.

    Raises:
        CalcError: naming the field (the group name, the count name, ``value``, ``pass_reading`` or
        ``below_one_reading``); ``skills`` naming a skill the roll has no modifier for.
    """
    spec: RollSpec = rules.roll(roll_slug)
    skills = set(skills)
    unknown = sorted(skills - set(spec.skills()))
    if unknown:
        raise CalcError("skills", f"no skill {unknown[0]!r} changes {roll_slug}; allowed: {', '.join(spec.skills())}",
                        list(spec.skills()), reason="skills")
    choices = dict(choices or {})
    counts = dict(counts or {})
    target = _target(rules, spec, value)
    applied: list[tuple[str, int]] = []
    for group, mods in spec.groups().items():
        keys = [m.key for m in mods]
        if group not in choices:
            raise CalcError(group, f"{group} is required for {roll_slug}: one of {', '.join(keys)}", keys, reason="required")
        chosen = choices[group]
        match = [m for m in mods if m.key == chosen]
        if not match:
            raise CalcError(group, f"{group} must be one of {', '.join(keys)}, got {chosen!r}", keys, reason="choice")
        applied.append((chosen, match[0].value))
    for m in spec.modifiers:
        if m.per is not None:
            n = counts.get(m.per, 0)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise CalcError(m.per, f"{m.per} must be a whole number from 0, got {n!r}", [0, None], reason="range")
            if n:
                applied.append((m.key, m.value * n))
    applied.extend((m.key, m.value) for m in spec.always())
    applied = _with_skills(spec, applied, skills, set(choices.values()))
    total = sum(v for _, v in applied)
    ed = resolve(edition if edition is not None else spec.editions[0])
    nat_one = spec.natural_one
    wild = 1 if (roll_slug.startswith("pass-") and ed.bb2020) else None
    success_first = (check_pass_reading(ed, pass_reading) and spec.fumble_at_or_below is not None) or wild is not None
    exactly = check_below_one_reading(ed, below_one_reading) and spec.fumble_at_or_below is not None
    test = D6Test(target, total, natural_one=nat_one, natural_six=spec.natural_six == "success",
                  fumble_at_or_below=spec.fumble_at_or_below, wild_at_or_below=wild, success_first=success_first,
                  fumble_exactly=exactly)
    return test, tuple(applied)


# keep pytest from collecting the helper above as a test when imported into a test module
test_from_rules.__test__ = False  # type: ignore[attr-defined]
