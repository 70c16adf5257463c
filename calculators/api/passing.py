"""Request kind ``pass``: a Pass action (throw, interception, catch) from the rules data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import CalcError
from ..fields import REQUIRED, Reader
from ..passing import PassAction, resolve_pass
from ..passing import totals as pass_totals
from ..rolls import D6Test, characteristic_test, test_from_rules
from ..rules import RollSpec, RuleBook
from .answers import probs
from .rolls import (WEATHER, find_roll, characteristic_field, skill_field, read_skills, reader_needing_rules,
                    pass_reading_field, below_one_reading_field)


def _needed(test: D6Test) -> int | None:
    return test.needed().face


def _player_roll(rd: Reader, rules: RuleBook, action: str, edition: str, who: str, choices: dict[str, str],
                 required: bool) -> D6Test | None:
    """Read ``<who>_ag`` and ``<who>_<count>`` and build the player's test, or None when absent."""
    spec = find_roll(rules, action, edition)
    name, lo, hi = characteristic_field(rules, spec, action)
    field = f"{who}_{name}" if who else name
    value = rd.int(field, lo, hi, REQUIRED if required else None)
    # Groups the caller does not fix (e.g. BB2020's flat "marked" for an interceptor) are this player's
    # own inputs, `<who>_<group>`, defaulting to the group's first choice.
    own = {g: ms for g, ms in spec.groups().items() if g not in choices}
    if value is None:
        for name_ in [*spec.counts(), *own, *map(skill_field, spec.skills())]:
            rd.read.add(f"{who}_{name_}")
        return None
    counts = {c: rd.int(f"{who}_{c}", 0, 8, 0) for c in spec.counts()}
    choices = {**choices, **{g: rd.choice(f"{who}_{g}", [m.key for m in ms], ms[0].key) for g, ms in own.items()}}
    skills = read_skills(rd, spec, who)
    test, _ = test_from_rules(rules, spec.slug, value, choices, counts, edition, skills=skills)
    return test


def _weather_keys(*specs: RollSpec) -> list[str]:
    """The keys of the rolls' ``weather`` groups, each once, in the order first met."""
    return list(dict.fromkeys(m.key for s in specs for m in s.groups().get(WEATHER, ())))


def _weather_for(spec: RollSpec, weather: str | None) -> dict[str, str]:
    """The ``weather`` choice of one roll for the action's weather: its own key, else its first choice."""
    mods = spec.groups().get(WEATHER)
    if not mods:
        return {}
    keys = [m.key for m in mods]
    return {WEATHER: weather if weather in keys else keys[0]}


def answer_pass(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, ed = reader_needing_rules(req, rules)
    edition = ed.name
    rd.context = f" ({edition} pass)"
    spec = find_roll(rules, "pass", edition)
    name, lo, hi = characteristic_field(rules, spec, "pass")
    value = rd.int(name, lo, hi)
    catch_spec = find_roll(rules, "catch", edition)
    ispec = find_roll(rules, "interception", edition)
    choices = {g: rd.choice(g, [m.key for m in ms]) for g, ms in spec.groups().items() if g != WEATHER}
    # The weather is the game's, not one player's: one field for the three rolls (see the module docstring).
    weathers = _weather_keys(spec, catch_spec, ispec)
    weather = rd.choice(WEATHER, weathers, weathers[0]) if weathers else None
    choices.update(_weather_for(spec, weather))
    counts = {c: rd.int(f"thrower_{c}", 0, 8, 0) for c in spec.counts()}
    thrower_skills = read_skills(rd, spec, "thrower")
    pass_reading = pass_reading_field(rd, ed, True)
    below_one = below_one_reading_field(rd, ed, True)
    test, _ = test_from_rules(rules, spec.slug, value, choices, counts, ed, skills=thrower_skills)
    pass_test = characteristic_test(ed, test.target, test.modifier, pass_roll=True, pass_reading=pass_reading,
                                    below_one_reading=below_one)
    delivery = [m.key for m in catch_spec.groups().get("delivery", ())]
    catch_weather = _weather_for(catch_spec, weather)
    catch_choice = {**({"delivery": "accurate"} if "accurate" in delivery else {}), **catch_weather}
    receiver = _player_roll(rd, rules, "catch", edition, "receiver", catch_choice, False)
    intercept_needed: dict[str, int] | None = None
    deflection = None
    if rd.given("interceptor_ag") or rd.describing:
        _, ilo, ihi = characteristic_field(rules, ispec, "interception")
        rd.int("interceptor_ag", ilo, ihi, None)  # optional: absent = no interceptor
        qualities = [m.key for m in ispec.groups().get("delivery", ())]
        intercept_needed = {}
        if qualities:
            for q in qualities:
                t = _player_roll(rd, rules, "interception", edition, "interceptor",
                                 {"delivery": q, **_weather_for(ispec, weather)}, True)
                intercept_needed[q.replace("-", "_")] = _needed(t)
        else:
            t = _player_roll(rd, rules, "interception", edition, "interceptor", _weather_for(ispec, weather), True)
            intercept_needed["any"] = _needed(t)
        if ed.bb2020 and not rd.describing:
            if "deflection" not in delivery:
                raise CalcError("rules", "BB2020 deflections need a 'deflection' key in the catch roll's delivery group", reason="rules")
            ag = rd.int("interceptor_ag", 1, 6)
            deflection = _needed(test_from_rules(rules, catch_spec.slug, ag, {"delivery": "deflection", **catch_weather},
                                                 {}, edition)[0])
    else:
        # No interceptor: its other fields may be sent and are ignored, as for an absent receiver.
        for name_ in [*ispec.counts(), *(g for g in ispec.groups() if g not in ("delivery", WEATHER)),
                      *map(skill_field, ispec.skills())]:
            rd.read.add(f"interceptor_{name_}")
    pass_skill = rd.bool("pass_skill", False)
    safe = rd.bool("safe", False)
    catch_skill = rd.bool("catch_skill", False)
    team_rerolls = rd.int("team_rerolls", 0, 8, 0)
    rd.finish()
    safe_needed = None
    if ed.classic and safe:
        safe_needed = max(2, rules.table_for(spec).target_for(value)) if rules.table_for(spec) else value
    # read and checked by the interceptor's roll above (a skill field of its roll data), absent otherwise
    vll = intercept_needed is not None and req.get(skill_field("very-long-legs", "interceptor")) is True
    action = PassAction(ed, pass_test, _needed(receiver) if receiver else None, intercept_needed, deflection,
                        pass_skill, safe, safe_needed, catch_skill, team_rerolls, vll)
    dist = resolve_pass(action)
    return {
        "edition": edition,
        **({"pass_reading": pass_reading} if pass_reading is not None else {}),
        **({"below_one_reading": below_one} if below_one is not None else {}),
        "outcomes": probs(dist),
        "totals": probs(pass_totals(dist)),
        "pass_needed": pass_test.needed().label(),
        "catch_needed": action.catch_needed,
        "intercept_needed": intercept_needed,
    }
