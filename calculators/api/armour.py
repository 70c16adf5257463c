"""Request kinds ``armour``, ``foul`` and ``casualty``: armour, injury and casualty rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..armour import (CLAWS_READINGS, SKILL_VALUES, InjuryTable, armour_injury, casualty, check_claws_reading,
                     check_lone_fouler, foul, injury_table)
from ..editions import Edition
from ..errors import CalcError, shown
from ..casualty import MAX_NIGGLING, REGENERATION_READINGS, CasualtyRoll, aftermath, casualty_roll
from ..injury import apothecary_on_ko
from ..chain import APPEAL_TARGETS, ARGUE_FIRST, KIND_EDITIONS, Step, appeal_chances, argue_numbers
from ..fields import Reader
from ..rules import RuleBook
from .edition import read_edition
from .answers import prob, probs
from .rolls import reader_needing_rules


def injury_reader(rd: Reader, rules: RuleBook | None = None, edition: str | Edition = "classic") -> InjuryTable:
    """The victim's injury table: the data's, per edition and Stunty / Thick Skull (:func:`calculators.injury.injury_table`)."""
    return injury_table(rules, edition, rd.bool("stunty", False), rd.bool("thick_skull", False))


def _skill_value(rd: Reader, ed: Edition, field: str) -> int:
    """The X of Mighty Blow (+X) or Dirty Player (+X) given the skill: field ``<field>_value``, read only in an
    edition that allows more than +1 (:data:`calculators.armour.SKILL_VALUES`); elsewhere 1, and the field given
    anyway is refused (reason ``skill-value``) rather than called unknown."""
    top = SKILL_VALUES[field][ed.family]
    name = f"{field}_value"
    if top > 1:
        value = rd.int(name, 1, top, 1)
        rd.only_with(name, field)
        return value
    if rd.given(name):
        value = rd.request[name]
        if value != 1 or isinstance(value, bool):
            raise CalcError(name, f"{name} must be 1 in {ed.name} (+1 only), got {shown(value)}", [1, 1],
                            reason="skill-value")
        rd.read.add(name)
    return 1


def _iron_hard_skin(rd: Reader, ed: Edition) -> bool:
    """The target's Iron Hard Skin: read in BB2020 and BB2025; given in classic it is refused (``edition-skill``)."""
    if not ed.classic:
        return rd.bool("iron_hard_skin", False)
    if rd.given("iron_hard_skin") and rd.request["iron_hard_skin"] is not False:
        raise CalcError("iron_hard_skin", f"Iron Hard Skin exists in BB2020 and BB2025 only, not {ed.name}", [False],
                        reason="edition-skill")
    rd.read.add("iron_hard_skin")
    return False


def _edition_and_av(rd: Reader) -> tuple[Edition, int]:
    """Read ``edition`` and the target's ``av``: classic AV 3..12 (the roll must exceed it), BB2020+ AV
    3+..13+ (the roll must reach it)."""
    ed = read_edition(rd, in_messages=True)
    hi = 12 if ed.mechanics.armour_rule == "exceeds" else 13
    return ed, rd.int("av", 3, hi)


def _casualty_split(rules: RuleBook | None, ed: Edition, p_casualty: Fraction) -> dict[str, Any]:
    """The casualty roll of a player who gets a Casualty with chance ``p_casualty``, every chance overall:
    ``casualty`` (``{outcome: P}``), and with the rules data ``characteristics`` (``{ma|st|…: P(the player loses
    that characteristic)}``: classic's D68 rows, BB2020/BB2025's Lasting Injury) and ``lasting_injury``
    (BB2020/BB2025: the Lasting Injury table's rows, each ``p`` the overall chance of that injury; None in
    classic).  No Niggling Injury or Decay counted: the casualty request takes those."""
    if rules is None or not any(slug.startswith("casualty-") for slug in rules.tables):
        return {"casualty": probs({k: p_casualty * v for k, v in casualty(ed.name).items()})}
    c = casualty_roll(rules, ed)  # the data's tables, as the casualty kind reads them
    lasting = None
    if c.lasting is not None:
        p_lasting = p_casualty * c.outcomes.get("lasting_injury", Fraction(0))
        lasting = {"table": c.lasting.slug, "rows": _rows(c.lasting, {k: p_lasting * v for k, v in c.lasting_rows.items()})}
    return {"casualty": probs({k: p_casualty * v for k, v in c.outcomes.items()}),
            "characteristics": probs({k: p_casualty * v for k, v in c.characteristics.items()}),
            "lasting_injury": lasting}


#: the star players' once-per-game +1s after a block (BB2020, BB2025; calculators.armour.armour_roll): field -> name
_STAR_BONUSES = {"ram": "Ram", "slayer": "Slayer", "crushing_blow": "Crushing Blow"}


def _star_bonuses(rd: Reader, ed: Edition) -> dict[str, int]:
    """Ram and Slayer (+1 to the armour or the injury roll) and Crushing Blow (+1 to the armour roll), each 0 or 1:
    read in BB2020 and BB2025; in classic, where no star has them, a given one is refused by name."""
    if ed.classic:
        for name, rule in _STAR_BONUSES.items():
            if rd.given(name):
                raise CalcError(name, f"{rule} is a star player rule of BB2020 and BB2025 only, not {ed.name}",
                                [False], reason="edition-skill")
        return dict.fromkeys(_STAR_BONUSES, 0)
    return {name: int(rd.bool(name, False)) for name in _STAR_BONUSES}


def answer_armour(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed, av = _edition_and_av(rd)
    edition = ed.name
    am = rd.int("armour_modifier", -5, 5, 0)
    im = rd.int("injury_modifier", -5, 5, 0)
    mb = rd.bool("mighty_blow", False)
    mb = _skill_value(rd, ed, "mighty_blow") if mb else (_skill_value(rd, ed, "mighty_blow") and 0)
    claws = rd.bool("claws", False)
    claws_reading = None
    if ed.classic:  # the disputed classic Claw + Mighty Blow (BB2020+ has no dispute)
        claws_reading = rd.choice("claws_reading", CLAWS_READINGS, CLAWS_READINGS[0])
        rd.only_with("claws_reading", "claws")  # with Claws any modifier (Mighty Blow or another) tells them apart
    elif rd.given("claws_reading"):
        check_claws_reading(edition, rd.request["claws_reading"])  # raises: a clear error, not "unknown field"
    ihs = _iron_hard_skin(rd, ed)
    stars = _star_bonuses(rd, ed)
    table = injury_reader(rd, rules, ed)
    apothecary = rd.bool("apothecary", False)
    rd.finish()
    out = armour_injury(edition, av, am, im, mighty_blow=mb, claws=claws, claws_reading=claws_reading, table=table,
                        iron_hard_skin=ihs, either=stars["ram"] + stars["slayer"], armour_only=stars["crushing_blow"])
    answer = {"edition": edition, "outcomes": probs(out), "armour_broken": prob(1 - out["no_break"]),
              **_casualty_split(rules, ed, out["casualty"])}
    if apothecary:  # the team patches up a KO'd result: the player stays in its square, Stunned (calculators.injury)
        answer["apothecary"] = {"patched_ko": prob(out["ko"]), "outcomes": probs(apothecary_on_ko(out, ed))}
    if claws_reading is not None and claws:  # the reading is named where it was used
        answer["claws_reading"] = claws_reading
    return answer


def answer_foul(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed, av = _edition_and_av(rd)
    edition = ed.name
    assists = rd.int("assists", -8, 8, 0)
    dp = rd.bool("dirty_player", False)
    dp = _skill_value(rd, ed, "dirty_player") if dp else (_skill_value(rd, ed, "dirty_player") and 0)
    sg = rd.bool("sneaky_git", False)
    lf = False
    if ed.bb2025:
        lf = rd.bool("lone_fouler", False)
    elif rd.given("lone_fouler"):
        check_lone_fouler(edition, rd.request["lone_fouler"], 0)  # raises: a clear error, not "unknown field"
    ihs = _iron_hard_skin(rd, ed)
    group, ejects = _send_off_group(rd, ed, rules)
    table = injury_reader(rd, rules, ed)
    rd.finish()
    out, sent = foul(edition, av, assists, dirty_player=dp, sneaky_git=sg, table=table, lone_fouler=lf,
                     iron_hard_skin=ihs)
    answer = {"edition": edition, "outcomes": probs(out), "armour_broken": prob(1 - out["no_break"]),
              "sent_off": prob(sent), **_casualty_split(rules, ed, out["casualty"])}
    if group:  # the coach's Bribes and Argue the Call on that send-off (calculators.chain.appeals)
        go_on, kept = appeal_chances(edition, group, ejects)
        answer["appeals"] = {"bribe_keeps": prob(sent * go_on), "argue_keeps": prob(sent * kept),
                             "sent_off": prob(sent * (1 - go_on - kept))}
    return answer


def _rows(table, by_key: dict) -> list[dict[str, Any]]:
    """A table's rows with the chance of each (``{key, roll: [low, high], outcome, p}``)."""
    return [{"key": r.key, "roll": [r.low, r.high], "outcome": r.outcome.replace("-", "_"),
             "p": prob(by_key.get(r.key, Fraction(0)))} for r in table.rows]


def _lasting(c: CasualtyRoll) -> dict[str, Any] | None:
    """A casualty roll's Lasting Injury table and its rows (each row's chance given a Lasting Injury), or None."""
    return None if c.lasting is None else {"table": c.lasting.slug, "rows": _rows(c.lasting, c.lasting_rows)}


def _casualty_modifiers(rules: RuleBook, edition: str) -> tuple:
    """The modifiers of the edition's casualty table in the rules data (:class:`calculators.rules.TableModifier`), or ()
    when the rules have no such table (the request then fails on ``rules.tables`` once its fields are read)."""
    try:
        return rules.dice_table("casualty", edition).modifiers
    except CalcError:
        return ()



def _send_off_group(rd: Reader, ed: Edition, rules: RuleBook | None) -> tuple[tuple, Fraction | None]:
    """The foul's send-off group from ``bribes`` (0..3, the inducement's most) and ``argue_the_call`` (the face it
    needs: the data's target, 6, or one less with a BB2020 Biased Referee or BB2025 Friends with the Ref; not in
    classic), in the order the edition rolls them (:data:`calculators.chain.ARGUE_FIRST`): ``((Step, ...), ejects)``,
    the steps empty when neither is given; ``ejects`` the chance a call ejects the coach from the data's table, or
    None where the rules have no table (FUMBBL's BB2016, no rules given: FFB's 6 and a natural 1;
    :func:`calculators.chain.argue_numbers`)."""
    bribes = rd.int("bribes", 0, 3, 0)
    argue = None
    target, ejects = argue_numbers(rules, ed.name)
    if ed.name in KIND_EDITIONS["argue-the-call"]:
        argue = rd.choice("argue_the_call", [target, target - 1], None)
    elif rd.given("argue_the_call"):
        raise CalcError("argue_the_call", f"Argue the Call is not a roll of {ed.name} (LRB6 and the CRP have none)",
                        None, reason="edition-skill")
    paid = tuple(Step("bribe", APPEAL_TARGETS["bribe"]) for _ in range(bribes))
    if argue is None:
        return paid, None
    steps = (Step("argue-the-call", argue),)
    return (steps + paid if ARGUE_FIRST[ed.family] else paid + steps), ejects


def answer_casualty(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, ed = reader_needing_rules(req, rules)
    edition = ed.name
    rd.context = f" ({edition})"
    mods = _casualty_modifiers(rules, edition)  # the fields follow the data's table (none without one)
    niggling = rd.int("niggling", 0, MAX_NIGGLING, 0) if any(m.per == "niggling" for m in mods) else 0
    offered = tuple(dict.fromkeys(m.skill for m in mods if m.skill is not None))
    skills = [s for s in offered if rd.bool(s.replace("-", "_"), False)]
    if "decay" not in offered and rd.given("decay"):  # classic Decay: two rolls, both applied (not one modifier)
        if rd.request["decay"] is not False:
            raise CalcError("decay", f"Decay changes no casualty roll of {edition}: there it rolls twice on the "
                            "casualty table and applies both results, which this request does not model", [False],
                            reason="edition-skill")
        rd.read.add("decay")
    apothecary = rd.bool("apothecary", False)
    regeneration = rd.bool("regeneration", False)
    rd.finish()
    c = casualty_roll(rules, ed, niggling, skills)
    answer = {
        "edition": edition, "table": c.table.slug, "dice": c.table.dice, "niggling": niggling, "skills": skills,
        "rows": _rows(c.table, c.rows), "outcomes": probs(c.outcomes), "characteristics": probs(c.characteristics),
        "lasting_injury": _lasting(c),
    }
    if apothecary or regeneration:
        after = aftermath(rules, ed, c, apothecary, regeneration)
        answer["after"] = {"apothecary": apothecary, "regeneration": None if after.regeneration is None
                           else prob(after.regeneration), "reserves": prob(after.reserves),
                           "regenerated": prob(after.regenerated), "rows": _rows(after.roll.table, after.roll.rows),
                           "outcomes": probs(after.roll.outcomes), "characteristics": probs(after.roll.characteristics)}
        if regeneration and ed.name in REGENERATION_READINGS:  # where FUMBBL rolls it at another time: same chances
            answer["after"]["regeneration_order"] = REGENERATION_READINGS[ed.name]
    return answer
