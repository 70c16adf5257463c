"""Request kinds ``agility``, ``test`` and ``fields``: one D6 test of a roll from the rules data, or of a bare target.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..editions import Edition
from ..errors import CalcError
from ..fields import REQUIRED, Reader, describe
from ..rolls import (BELOW_ONE_READINGS, FAILURE, FUMBLE, PASS_READINGS, SUCCESS, WILD, D6Test, characteristic_test,
                    check_below_one_reading, check_pass_reading,
                    test_from_rules)
from ..rules import RollSpec, RuleBook
from .edition import read_edition
from .answers import probs


#: the modifier group of the weather: its first choice changes nothing, and is the default
WEATHER = "weather"


RESERVED = frozenset({"kind", "edition", "action", "reroll", "ag", "pa"})


def find_roll(rules: RuleBook, action: str, edition: str) -> RollSpec:
    spec = rules.roll_of(action, edition)
    if spec is not None:
        return spec
    actions = sorted({s.slug.rsplit("-", 1)[0] for s in rules.rolls.values() if edition in s.editions})
    raise CalcError("action", f"action must be one of {', '.join(actions) or '(none)'} for {edition}, got {action!r}", actions, reason="choice")


def _actions(rules: RuleBook, edition: str) -> list[str]:
    return sorted({s.slug.rsplit("-", 1)[0] for s in rules.rolls.values() if edition in s.editions})


def characteristic_field(rules: RuleBook, spec: RollSpec, action: str) -> tuple[str, int, int] | None:
    """The characteristic field (name, low, high) of a roll, or None for a fixed N+ (the Rush)."""
    if spec.fixed is not None:
        return None
    table = rules.table_for(spec)
    if table is None:
        # the data names the characteristic; older rules without it: PA for a pass, AG otherwise
        return (spec.characteristic or ("pa" if action == "pass" else "ag")), 1, 6
    lo, hi = table.values
    return table.characteristic, lo, hi


def roll_fields(rules: RuleBook, spec: RollSpec, action: str, edition: str) -> list[dict[str, Any]]:
    char = characteristic_field(rules, spec, action)
    out: list[dict[str, Any]] = [{"name": char[0], "type": "int", "allowed": [char[1], char[2]], "default": None,
                                  "required": True}] if char else []
    for group, mods in spec.groups().items():
        weather = group == WEATHER  # the weather that changes nothing unless told (see the module docstring)
        out.append({"name": group, "type": "choice", "allowed": [m.key for m in mods],
                    "default": mods[0].key if weather else None, "required": not weather})
    for count in spec.counts():
        out.append({"name": count, "type": "int", "allowed": [0, 8], "default": 0, "required": False})
    for skill in spec.skills():
        out.append({"name": skill_field(skill), "type": "bool", "allowed": [True, False], "default": False,
                    "required": False})
    for f in out[1 if char else 0:]:
        if f["name"] in RESERVED:
            raise CalcError("rules", f"roll {spec.slug} uses the reserved field name {f['name']!r}", reason="rules")
    if not spec.no_reroll:  # a roll nothing may re-roll (a KO recovery) has no re-roll box
        out.append({"name": "reroll", "type": "bool", "allowed": [True, False], "default": False, "required": False})
    return out


def skill_field(skill: str, who: str = "") -> str:
    """The boolean field of a skill that changes a roll (``nerves-of-steel`` -> ``nerves_of_steel``, with
    ``<who>_`` before it for the pass request's players)."""
    return (f"{who}_" if who else "") + skill.replace("-", "_")


def read_skills(rd: Reader, spec: RollSpec, who: str = "") -> list[str]:
    """The skills of ``spec.skills()`` the request ticks (boolean fields, default false)."""
    return [skill for skill in spec.skills() if rd.bool(skill_field(skill, who), False)]


def test_result(test: D6Test, reroll: bool, pass_like: bool, wild: bool) -> dict[str, Any]:
    keys = [SUCCESS, FAILURE] + ([WILD] if wild else []) + ([FUMBLE] if pass_like or test.natural_one == "fumble" else [])
    base = test.distribution()
    rr = test.with_reroll()
    need = test.needed()

    def full(d: Mapping[str, Fraction]) -> dict[str, Fraction]:
        return {k: d.get(k, Fraction(0)) for k in keys}

    without, with_ = probs(full(base)), probs(full(rr))
    return {
        "target": test.target,
        "modifier_total": test.modifier,
        "needed": need.face,
        "needed_label": need.label(),
        "natural_six_only": need.natural_six_only,
        "impossible": need.impossible,
        "without_reroll": without,
        "with_reroll": with_,
        "probabilities": with_ if reroll else without,
    }


def reader_needing_rules(req: Mapping[str, Any], rules: RuleBook | None) -> tuple[Reader, Edition]:
    """The request reader and its edition, for kinds that need the rules exported from data/.

    Raises:
        CalcError: on field ``rules`` when no rules were given.
    """
    rd = Reader(req)
    ed = read_edition(rd)
    if rules is None:
        raise CalcError("rules", "this request kind needs the rules data exported from data/", reason="rules")
    return rd, ed


def _bb2025_pass_reading(rd: Reader, ed: Edition, is_pass: bool, field: str, readings: tuple[str, ...],
                         check: Callable[[Edition, Any], Any]) -> str | None:
    """Read ``field``, the reading of a disputed BB2025 pass rule (``readings``, the first the default): a
    BB2025 pass has it, any other roll or edition must not (None there).

    Raises:
        CalcError: on ``field`` when it is given where it does not apply (``check(edition, value)`` raises,
        naming the edition) or is not one of ``readings``.
    """
    if is_pass and ed.bb2025:
        return rd.choice(field, readings, readings[0])
    if rd.given(field):
        if not is_pass:
            raise CalcError(field, f"{field} applies to BB2025 passes only", None, reason="bb2025-only")
        check(ed, rd.request[field])
    return None


def pass_reading_field(rd: Reader, ed: Edition, is_pass: bool) -> str | None:
    """``pass_reading``: a BB2025 pass's reading of a modified 1 that reaches the PA (None elsewhere)."""
    return _bb2025_pass_reading(rd, ed, is_pass, "pass_reading", PASS_READINGS, check_pass_reading)


def below_one_reading_field(rd: Reader, ed: Edition, is_pass: bool) -> str | None:
    """``below_one_reading``: a BB2025 pass's reading of a total of 0 or less (None elsewhere)."""
    return _bb2025_pass_reading(rd, ed, is_pass, "below_one_reading", BELOW_ONE_READINGS,
                                check_below_one_reading)


def answer_agility(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, ed = reader_needing_rules(req, rules)
    edition = ed.name
    action = rd.str("action", max_len=40)
    spec = find_roll(rules, action, edition)
    roll_fields(rules, spec, action, edition)  # rejects data whose field names clash with ours
    char = characteristic_field(rules, spec, action)
    table = rules.table_for(spec)
    value = None
    if char is not None:
        name, lo, hi = char
        rd.context = f" ({edition} {action}" + (f"; {hi} means {hi} or more)" if table and table.rows[-1].or_more else ")")
        value = rd.int(name, lo, hi)
    choices = {g: rd.choice(g, [m.key for m in ms], ms[0].key if g == WEATHER else REQUIRED)
               for g, ms in spec.groups().items()}
    counts = {c: rd.int(c, 0, 8, 0) for c in spec.counts()}
    skills = read_skills(rd, spec)
    reroll = False if spec.no_reroll else rd.bool("reroll", False)  # then a "reroll" field is an unknown one
    pass_reading = pass_reading_field(rd, ed, spec.slug.startswith("pass-"))
    below_one = below_one_reading_field(rd, ed, spec.slug.startswith("pass-"))
    rd.finish()
    test, applied = test_from_rules(rules, spec.slug, value, choices, counts, ed, pass_reading, below_one, skills)
    out = {"roll": spec.slug, "edition": edition}
    if pass_reading is not None:
        out["pass_reading"] = pass_reading
    if below_one is not None:
        out["below_one_reading"] = below_one
    out.update(test_result(test, reroll, spec.slug.startswith("pass-"), test.wild_at_or_below is not None))
    out["modifiers"] = [{"key": k, "value": v} for k, v in applied]
    return out


def answer_test(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd)
    edition = ed.name
    target = rd.int("target", 2, 6)
    modifier = rd.int("modifier", -10, 10, 0)
    pass_roll = rd.bool("pass", False)
    reroll = rd.bool("reroll", False)
    rd.finish()
    test = characteristic_test(ed, target, modifier, pass_roll=pass_roll)
    out = {"edition": edition}
    out.update(test_result(test, reroll, pass_roll, pass_roll and ed.bb2020))
    return out


def answer_fields(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, ed = reader_needing_rules(req, rules)
    edition = ed.name
    action = rd.choice("action", _actions(rules, edition))
    rd.finish()
    spec = find_roll(rules, action, edition)
    roll_fields(rules, spec, action, edition)  # rejects data whose field names clash with ours
    fields = describe(answer_agility, {"kind": "agility", "edition": edition, "action": action}, rules)
    return {"roll": spec.slug, "fields": [f for f in fields if f["name"] not in ("edition", "action")]}
