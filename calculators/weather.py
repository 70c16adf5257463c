"""The weather's modifiers on a chain's D6 tests, read from the rules data (one source for every calculator).

A chain's D6 test gives the die face needed with every modifier *but the weather* applied; the
``chain`` request's ``weather`` field then applies, to each test the weather changes, the modifier
that roll's data gives for that weather (``data/rolls/<roll>-<edition>.yml``, group ``weather``, each
value ``checked`` against public sources there), the same numbers the single-roll and Pass-action
calculators use.  Per edition that is, as the data has it today: Blizzard −1 on a Rush; Pouring Rain
−1 on a catch, a hand-off's catch, a pick-up and an interception attempt; Very Sunny −1 on a pass and a
Throw Team-mate.  A dodge and a landing have no weather modifier in any edition.

Not modelled here: Blizzard's limit on a pass's range (Quick or Short Passes only) is about which
passes may be thrown at all, not the die; the Pass-action calculator states it.

The die face needed moves by the modifier: a −1 asks one more on the die.  A natural 1 always fails
(a pass's is a fumble) and a natural 6 always succeeds on every roll a chain has (each
roll's ``natural_one`` and ``natural_six`` in the data; checked here), so the face needed stays within 2..6.
"""

from __future__ import annotations

from dataclasses import replace

from .chain import D6_KINDS, Chain, Step, highest_face, map_steps
from .errors import CalcError
from .rules import RollSpec, RuleBook

__all__ = ["NO_WEATHER", "WEATHER_GROUP", "apply_weather", "move_faces", "weather_keys", "weather_modifiers"]

#: the modifier group of the weather in the rules data
WEATHER_GROUP = "weather"
#: the weather key that changes no roll (every roll's first weather choice in the data)
NO_WEATHER = "other-weather"


def _of_roll(spec: RollSpec | None) -> dict[str, int]:
    if spec is None:
        return {}
    return {m.key: m.value for m in spec.groups().get(WEATHER_GROUP, ())}


def weather_keys(rules: RuleBook, edition: str) -> list[str]:
    """Return the weathers a chain may name in ``edition``: :data:`NO_WEATHER` first, then each weather that
    changes at least one of the chain's D6 tests, in the order the data first gives them."""
    keys = [NO_WEATHER]
    for kind in D6_KINDS:
        for key, value in _of_roll(rules.roll_of(kind, edition)).items():
            if value and key not in keys:
                keys.append(key)
    return keys


def weather_modifiers(rules: RuleBook, edition: str, weather: str) -> dict[str, int]:
    """Return ``{D6 step kind: modifier}`` for every kind of :data:`calculators.chain.D6_KINDS` that ``weather``
    changes in ``edition`` (a kind left out takes 0).

    Raises:
        CalcError: on field ``weather`` for a weather outside :func:`weather_keys` (reason ``choice``), or if a
        roll's data lets a modified face pass 6 or fall below 2 without a natural 6 or 1 rule (reason
        ``rules``: the data, not the request, is at fault).
    """
    keys = weather_keys(rules, edition)
    if weather not in keys:
        raise CalcError("weather", f"weather must be one of {', '.join(keys)} for {edition}, got {weather!r}",
                        keys, reason="choice")
    out = {}
    for kind in D6_KINDS:
        spec = rules.roll_of(kind, edition)
        value = _of_roll(spec).get(weather, 0)
        if value:
            if spec.natural_one not in ("fail", "fumble") or spec.natural_six != "success":
                raise CalcError("weather", f"roll {spec.slug} has no natural 1 and 6 rule to bound a modified face",
                                reason="rules")
            out[kind] = value
    return out


def apply_weather(chain: Chain, rules: RuleBook, weather: str) -> Chain:
    """Return ``chain`` with the face needed of each D6 test ``weather`` changes moved by its modifier
    (:func:`move_faces` with :func:`weather_modifiers` of the chain's edition).

    Args:
        chain: a validated chain of ``chain.edition``.
        rules: the rules data (:class:`calculators.rules.RuleBook`).
        weather: an entry of :func:`weather_keys` for the chain's edition.

    Raises:
        CalcError: as :func:`weather_modifiers` and :func:`move_faces`.
    """
    return move_faces(chain, weather_modifiers(rules, chain.edition, weather))


def move_faces(chain: Chain, modifiers: dict[str, int]) -> Chain:
    """Return ``chain`` with the face needed of each D6 test moved by ``modifiers`` (``{step kind: modifier}``, as
    :func:`weather_modifiers` returns), in every branch; the same object when nothing changes.

    A test with a band of non-critical failures (``partial``: a pass's inaccurate results) has the band's lower
    edge moved too, as it stands on the modified total; when the cap at 6 (a natural 6) leaves the band empty,
    the band and its branch are dropped.

    Raises:
        CalcError: on field ``weather`` when the band of a step with a success branch is left empty (reason
            ``choice``).
    """
    if not modifiers:
        return chain

    def moved(step):
        value = modifiers.get(step.kind, 0) if isinstance(step, Step) else 0
        if not value:
            return step
        target = min(highest_face(step.kind, step.break_tackle), max(2, step.target - value))
        if step.partial is None:
            return replace(step, target=target)
        # the band's lower edge is on the modified total too; a band the cap at 6 leaves empty is gone, with its branch
        partial = max(2, step.partial - value)
        if partial >= target:
            if step.success:  # its success branch would have no failure band to stand beside
                raise CalcError("weather", f"the weather leaves no non-critical failure on {step.kind} "
                                f"{step.target}+ (now {target}+, a natural 6 only): write it without ~ and braces",
                                reason="choice")
            return replace(step, target=target, partial=None, branch=())
        return replace(step, target=target, partial=partial)

    return replace(chain, steps=map_steps(chain.steps, moved)).validate()
