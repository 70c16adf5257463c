"""Request kinds ``chain`` (an action sequence in the chain notation) and ``dave`` (BloodBowlDave's notation).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..chain import (BLOCK_ATTACKER, BLOCK_DEFENDER, Alternatives, ArmourStep, BlockStep, Dauntless, InjuryStep, Step,
                     step_singles, summary, walk, with_argue_the_call, with_injury_tables)
from ..fields import Reader
from ..notation import format_chain, parse_chain
from ..compat import translate as dave_translate
from ..editions import resolve
from ..errors import CalcError
from ..rerolls import LONER_READINGS, SAVAGE_BLOW_READINGS, STAR_RULES, check_reading, reroll_rules
from ..rules import RuleBook
from ..weather import NO_WEATHER, move_faces, weather_keys, weather_modifiers
from .edition import read_edition
from .answers import prob


def answer_chain(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd)
    edition = ed.name
    text = rd.str("chain", max_len=200, example="D3,R2,P3")
    reading = None
    if ed.bb2025:
        reading = rd.choice("reading", LONER_READINGS, LONER_READINGS[0])
    elif rd.given("reading"):
        check_reading(ed, req["reading"])  # raises: a clear error rather than "unknown field"
    # Savage Blow and Lord of Chaos on a Blitz's block: the rule text's Block Action (default) or FFB's any block
    # (calculators.rerolls); one field, named after Savage Blow, which had it first
    if ed.classic and rd.given("savage_blow_reading"):
        raise CalcError("savage_blow_reading", f"Savage Blow is a star player rule of BB2020 and BB2025 only: no "
                        f"reading of it in {edition}", [], reason="not-in-edition")
    savage = rd.choice("savage_blow_reading", SAVAGE_BLOW_READINGS, SAVAGE_BLOW_READINGS[0]) if not ed.classic else None
    k_given = rd.int("max_team_rerolls", 0, 8, None)
    # the weather needs each roll's data; without rules only the weather that changes nothing is known
    weather = rd.choice("weather", weather_keys(rules, edition) if rules is not None else [NO_WEATHER], NO_WEATHER)
    rd.finish()
    parsed = parse_chain(text, edition, reading)
    default_max = parsed.team_rerolls if parsed.team_rerolls is not None else 3
    k_max = k_given if k_given is not None else max(default_max, parsed.team_rerolls or 0)
    weathered = weather_modifiers(rules, edition, weather) if weather != NO_WEATHER else {}
    tabled = with_injury_tables(move_faces(parsed.chain, weathered), rules)
    chain = replace(with_argue_the_call(tabled, rules), savage_reading=savage)  # data and reading, not rolls written
    rr = reroll_rules(ed, reading)
    rows = summary(chain, max(k_max, parsed.team_rerolls or 0))
    by = []
    for r in rows:
        row: dict[str, Any] = {"team_rerolls": r.team_rerolls, "success": prob(r.success)}
        if r.sent_off is not None:
            row["sent_off"] = prob(r.sent_off)
        row["policy"] = list(r.policy)
        by.append(row)
    at = rows[parsed.team_rerolls or 0]
    out: dict[str, Any] = {"notation": format_chain(parsed.chain, parsed.team_rerolls), "edition": edition}
    if reading is not None:
        out["reading"] = reading
    if any(p.savageblow or p.lordofchaos for p in chain.players):  # the reading line: which source they follow
        out["savage_blow_reading"] = savage
    out["weather"] = weather
    if tabled != parsed.chain:  # the weather moved some face: the rolls as computed
        out["weathered"] = format_chain(chain, parsed.team_rerolls)
    linked = step_singles(chain)
    singles = {id(s): linked[j] for j, (_, s) in enumerate(walk(chain.steps)) if j in linked}
    steps = [_chain_step(s, edition, weathered, singles) for s in chain.steps]
    out.update({
        "steps": steps,
        "players": [{"pro": p.pro, "loner": p.loner, **{f: True for f in (*STAR_RULES, "steady") if getattr(p, f)}}
                    for p in chain.players],
        "team_reroll_on_pro_roll": rr.team_reroll_on_pro_roll,
        "team_reroll_on_loner_roll": rr.team_reroll_on_loner_roll,
        "team_rerolls": parsed.team_rerolls,
        "by_team_rerolls": by[: k_max + 1],
        "success": prob(at.success),
    })
    if at.sent_off is not None:
        out["sent_off"] = prob(at.sent_off)
    return out


def answer_dave(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    text = rd.str("dave", max_len=200, example="D:D3,2D2;C3")
    k = rd.int("team_rerolls", 0, 8, 1)
    given = rd.given("reading")
    reading = rd.choice("reading", LONER_READINGS, LONER_READINGS[0])
    rd.finish()
    t = dave_translate(text, k)
    chain_req = {"kind": "chain", "chain": t.notation, "edition": t.edition}
    if given or resolve(t.edition).bb2025:  # a reading given for a BB2020 sequence is refused by the chain kind
        chain_req["reading"] = reading
    out = answer_chain(chain_req, rules)
    return {"dave": text, **out}


def _chain_step(s: Step | BlockStep | ArmourStep | InjuryStep | Dauntless | Alternatives, edition: str,
                weathered: Mapping[str, int], singles: Mapping[int, Fraction]) -> dict[str, Any]:
    """A chain step as the ``chain`` result lists it (see the module docstring); branches nest. ``weathered``:
    the weather's modifier by D6 kind (:func:`calculators.weather.weather_modifiers`), named on each step it moved;
    ``singles``: by ``id`` of an injury step after its armour roll, its ``single``
    (:func:`calculators.chain.step_singles`)."""
    def steps(branch: tuple) -> list[dict[str, Any]]:
        return [_chain_step(t, edition, weathered, singles) for t in branch]

    if isinstance(s, Alternatives):
        out = {"kind": "alternatives", "options": [{"weight": prob(w), "steps": steps(b)} for w, b in s.options]}
        if s.player is not None:  # the group opens that player (its steps and the main line after are theirs)
            out["player"] = s.player
        return out
    if isinstance(s, Dauntless):
        out = {"kind": "dauntless", "target": s.target, "player": s.player, "single": prob(s.p()),
               "success": steps(s.success), "failure": steps(s.failure)}
        if s.no_reroll:
            out["no_reroll"] = True
        if s.no_team_reroll:
            out["no_team_reroll"] = True
        return out
    if isinstance(s, BlockStep):
        out = {"kind": "block", "dice": abs(s.dice), "chooser": "defender" if s.dice < 0 else "attacker",
               "attacker": [k for k in BLOCK_ATTACKER if k in s.attacker],
               "defender": [k for k in BLOCK_DEFENDER if k in s.defender], "goal": s.goal, "player": s.player,
               "single": prob(s.single(edition))}
        if s.no_reroll:
            out["no_reroll"] = True
        if s.faces is not None:  # the succeeding faces counted outright (=N)
            out["faces"] = s.faces
        if s.no_team_reroll:
            out["no_team_reroll"] = True
        if s.branch is not None:
            out["branch"] = steps(s.branch)
        return out
    if isinstance(s, ArmourStep):
        out: dict[str, Any] = {"kind": s.kind, "av": s.av, "modifier": s.modifier}
        if s.foul:
            out.update({"dirty_player": int(s.dirty_player), "sneaky_git": s.sneaky_git, "lone_fouler": s.lone_fouler})
        else:
            out.update({"mighty_blow": int(s.mighty_blow), "claws": s.claws, "stab": s.stab, "piling_on": s.piling_on,
                        "ram": s.ram, "slayer": s.slayer, "crushing_blow": s.crushing_blow})
        out.update({"chainsaw": s.chainsaw, "iron_hard_skin": s.iron_hard_skin, "player": s.player,
                    "single": prob(s.single(edition))})
        if s.foul:
            o = s.outcomes(edition)
            out["sent_off"] = prob(o["break_sent_off"] + o["hold_sent_off"])
        return out
    if isinstance(s, InjuryStep):
        return {"kind": "injury", "need": s.need, "modifier": s.modifier, "stunty": s.stunty,
                "thick_skull": s.thick_skull, "player": s.player,
                "single": prob(singles.get(id(s), s.single(edition)))}
    out = {"kind": s.kind, "target": s.target, "skill": s.skill, "player": s.player, "single": prob(s.p())}
    if weathered.get(s.kind):
        out["weather_modifier"] = weathered[s.kind]
    if s.partial is not None:
        out.update({"partial": s.partial, "branch": steps(s.branch)})
    if s.success:
        out["success"] = steps(s.success)
    if s.no_reroll:
        out["no_reroll"] = True
    if s.no_team_reroll:
        out["no_team_reroll"] = True
    if s.diving_tackle:
        out["diving_tackle"] = True
    if s.kind == "dodge":
        out["break_tackle"] = s.break_tackle
    return out
