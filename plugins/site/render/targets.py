"""The target-table page: the calculator, the AG table, then each roll that uses it with its AG × modifier grid.

Every number shown comes from data/ (table, modifiers) or from the resolver (`calculators.api`),
called here at build time exactly as the browser calls it later.
"""
from __future__ import annotations

from calculators.rules import RuleBook

from fractions import Fraction

from calculators.api import handle

from ...data.model import Entity
from .blocks import anchor_key, cell, notes_section, sources_footer
from .calcchoices import annotated
from .calculator import (Calculator, Row, below_one_reading_note, below_one_readings, field_label,  # noqa: F401
                         pass_reading_note, pass_readings, render,
                         signed, site_root_from)  # field_label and site_root_from are re-exported
from ..locate import relative_link
from .context import PageContext, rule_book
from .templating import render as render_template
from .unconfirmed import marks

def target_page(ctx: PageContext, target: Entity, rolls: list[Entity]) -> str:
    """A classic target table (the AG table): the calculator first, then the table with its summary, then every
    roll that uses the table. The calculator comes right under the title so that on a 360 px phone its pinned
    headline (the chance) is on the first screen (review 8, breaker7 #6: after the summary and the table it
    was 1,350 px down)."""
    char = target["characteristic"].upper()
    lines = [f"# {ctx.plain(target['title'])}", "", ctx.badges(target.editions), ""]
    rules = rule_book(ctx.repo)
    if rolls:
        lines += calculator_section(ctx, target, rolls, rules) + [f"## {ctx.t('Table')} {{#table}}", ""]
    if target.get("summary"):
        lines += [ctx.text(target["summary"]), ""]
    lines += [f"| {char} | {ctx.t('Roll needed')} |", "|---|---|"]
    for row in target["rows"]:
        label = f"{row['value']}+" if row.get("or_more") else str(row["value"])
        anchor = f"row-{target['characteristic']}-{row['value']}"
        mark = marks(ctx, target, f"rows.{row['value']}")
        lines.append(f"| {anchor_key(anchor, label)} | {row['target']}+{mark} |")
    lines += [""] + sources_footer(ctx, target.get("sources"))
    return "\n".join(lines + _roll_sections(ctx, rolls, rules))


def edition_rolls_page(ctx: PageContext, edition: Entity, rolls: list[Entity]) -> str:
    """BB2020+ tests, where the player's AG or PA is itself the N+ to roll: one sentence, the calculator, then
    each roll (the calculator before the rolls: its headline on a phone's first screen, as on the target page)."""
    lines = [f"# {edition_rolls_title(ctx, edition)}", "", ctx.badges([edition.slug]), "", ctx.t(
        "In this edition a player's Agility (AG) and Passing Ability (PA) are themselves the number to roll "
        "on a D6, such as 3+; the modifiers below are added to the die."), ""]
    rules = rule_book(ctx.repo)
    if rolls:
        lines += calculator_section(ctx, None, rolls, rules)
    return "\n".join(lines + _roll_sections(ctx, rolls, rules))


def edition_rolls_title(ctx: PageContext, edition: Entity) -> str:
    """The title of the page of an edition's tests (rolls/<edition>.md)."""
    return ctx.t("Agility and passing tests ({edition})", edition=ctx.plain(edition["short"]))


def _roll_sections(ctx: PageContext, rolls: list[Entity], rules: RuleBook) -> list[str]:
    return [line for roll in rolls for line in roll_section(ctx, roll, rules)]


# --------------------------------------------------------------------------- one roll

def action_of(roll: Entity) -> tuple[str, str]:
    """`pass-classic` -> ("pass", "classic"): the calculator's `action` and `edition` fields."""
    action, _, edition = roll.slug.rpartition("-")
    return action, edition


def roll_section(ctx: PageContext, roll: Entity, rules: RuleBook) -> list[str]:
    lines = [f"## {ctx.plain(roll['name'])} {{#{roll.anchor}}}", "", ctx.badges(roll.editions), "",
             ctx.text(roll["summary"]) + marks(ctx, roll, "rules"), "", f"**{ctx.t('Modifiers')}**", ""]
    for mod in roll.get("modifiers") or []:
        mark = marks(ctx, roll, f"modifiers.{mod['key']}")
        lines.append(f"- {signed(mod['value'])} {ctx.text(mod['label'], inline=True)}{mark}")
    lines += ["", natural_rolls(ctx, roll), ""]
    lines += grid(ctx, roll, rules)
    notes = roll.get("notes")
    if isinstance(notes, dict):
        lines += [f'!!! note "{ctx.t("Note")}"', "", "    " + ctx.text(notes).replace("\n", "\n    "), ""]
    else:
        lines += notes_section(ctx, notes, ctx.t("Where sources differ"), level=3)
    lines += sources_footer(ctx, roll.get("sources"))
    return lines


def natural_rolls(ctx: PageContext, roll: Entity) -> str:
    """What an unmodified 6 and 1 do, and the fumble threshold after modifiers, as sentences."""
    natural = [ctx.t("An unmodified 6 always succeeds.")]
    natural.append(ctx.t("An unmodified 1 is a fumble.") if roll["natural_one"] == "fumble"
                   else ctx.t("An unmodified 1 always fails."))
    if "fumble_at_or_below" in roll.data:
        natural.append(ctx.t("A result of {n} or less after modifiers is a fumble too.", n=roll["fumble_at_or_below"]))
    return ctx.sentences(natural)


def grid(ctx: PageContext, roll: Entity, rules: RuleBook) -> list[str]:
    """Success chance for every AG or PA (rows) and every choice of the roll's first modifier group
    (columns); any other group keeps its first choice, which the caption states."""
    action, edition = action_of(roll)
    specs = _ok(handle({"kind": "fields", "edition": edition, "action": action}, rules))["fields"]
    char = next((f for f in specs if f["name"] in ("ag", "pa")), None)  # None: a fixed N+ (the Rush)
    base = {f["name"]: _default(f) for f in specs if char is None or f["name"] != char["name"]}
    if "reroll" in base:  # absent for a roll nothing may re-roll
        base["reroll"] = False
    has_zones = "tackle_zones" in base
    if has_zones:
        base["tackle_zones"] = 0
    mods = roll.get("modifiers") or []
    groups = list(dict.fromkeys(m["group"] for m in mods if m.get("group")))
    if groups:
        columns = [({groups[0]: m["key"]}, ctx.text(m["label"], inline=True))
                   for m in mods if m.get("group") == groups[0]]
    elif has_zones:
        columns = [({"tackle_zones": n}, ctx.t("{n} TZ", n=n)) for n in range(3)]
    else:
        columns = [({}, ctx.t("Chance"))]
    fixed = [ctx.labelled(f"{field_label(ctx, g)}{_colon(ctx)}".rstrip(), ctx.plain(
        next(m["label"] for m in mods if m.get("group") == g and m["key"] == base[g]))) for g in groups[1:]]
    if groups and has_zones:
        fixed.append(ctx.t("{n} TZ", n=0))
    target = ctx.repo.get(f"target:{roll.get('target')}")
    or_more = {row["value"] for row in target["rows"] if row.get("or_more")} if target else set()
    head = field_label(ctx, char["name"]) if char else ctx.t("Any player")
    lines = [f"| {head} | " + " | ".join(cell(label) for _, label in columns) + " |",
             "|---" * (len(columns) + 1) + "|"]
    values = range(char["allowed"][0], char["allowed"][1] + 1) if char else [None]
    for value in values:
        cells = []
        for fields, _ in columns:
            own = {char["name"]: value} if char else {}
            request = {"kind": "agility", "edition": edition, "action": action, **base, **own, **fields}
            result = _result(handle(request, rules))
            cells.append(f"{needed_label(ctx, result)} · {ctx.t.percent(result['success'])}")
        if value is None:
            label = ctx.t("Any player")
        else:
            label = f"{value}+" if (target is None or value in or_more) else str(value)
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    caption = [render_template("calc/note.html", class_name="nc-caption", markdown=False,
                               text=ctx.listing(fixed))] if fixed else []
    return lines + [""] + caption + [""]


def _colon(ctx: PageContext) -> str:
    return "\u00a0:" if ctx.lang == "fr" else ("：" if ctx.lang == "ja" else ":")


# --------------------------------------------------------------------------- the calculator form

DEFAULT_CHARACTERISTIC = 3
CHAIN_PAGE = "calculators/chain.md"  # the action sequence calculator (calcpages.STANDALONE)


def calculator_section(ctx: PageContext, target: Entity | None, rolls: list[Entity], rules: RuleBook) -> list[str]:
    """The Agility calculator: a generic calculator (render/calculator.py) whose switch is the roll, with the
    characteristic shown as on the table ("6+") and each modifier group's options labelled from the data."""
    edition = action_of(rolls[0])[1]
    actions = [action_of(r)[0] for r in rolls]
    by_action = dict(zip(actions, rolls))
    or_more = {row["value"] for row in target["rows"] if row.get("or_more")} if target else set()

    def options(name: str, spec: dict, action: str) -> list[tuple[str, str]] | None:
        if name in ("ag", "pa"):
            return [(str(v), f"{v}+" if (v in or_more or target is None) else str(v))
                    for v in range(spec["min"], spec["max"] + 1)]
        if spec["type"] == "choice":
            # a modifier group of the roll; any other choice (the BB2025 pass reading) is labelled by field
            return [(m["key"], annotated(ctx, ctx.plain(m['label']), signed(m['value'])))
                    for m in by_action[action].get("modifiers") or [] if m.get("group") == name] or None
        return None

    view: list = [Row(ctx.t("Reading used for a modified 1"), "pass_reading", "label", labels=pass_readings(ctx),
                      absent="hide", reading="pass_reading"),
                  Row(ctx.t("Reading used for a total of 0 or less"), "below_one_reading", "label",
                      labels=below_one_readings(ctx), absent="hide", reading="below_one_reading"),
                  Row(ctx.t("Roll needed on the die"), "needed_label", "needed", absent="dash"),
                  Row(ctx.t("Success"), "probabilities.success"), Row(ctx.t("Failure"), "probabilities.failure"),
                  Row(ctx.t("Wildly inaccurate"), "probabilities.wildly_inaccurate", absent="hide"),
                  Row(ctx.t("Fumble"), "probabilities.fumble")]
    calc = Calculator("agility", view, fixed={"edition": edition}, switch="action", headline="probabilities.success",
                      switch_options=[(a, ctx.plain(r["name"])) for a, r in zip(actions, rolls)], options=options,
                      label=ctx.t("Calculator"))
    # Only the heading and one sentence before the form, so that the pinned headline is on a phone's first
    # screen; what the result is and the readings it takes follow the form.
    intro = [f"## {ctx.t('Calculator')} {{#calculator}}", "",
             ctx.t("Pick the roll and the situation: the target and the exact chance update at once."), ""]
    after = [ctx.t("The calculator's first result was computed when this page was built; your browser recomputes "
                   "it with the same Python code."), ""]
    if edition == "bb2025" and "pass" in actions:
        after += [pass_reading_note(ctx), "", below_one_reading_note(ctx), ""]
    # A coach who searched a dodge or a rush lands here: the sequence calculator is one tap away.
    chain = f"[{ctx.t('Action sequence calculator')}]({relative_link(ctx.page, CHAIN_PAGE, 'calculator')})"
    more = ctx.t("Several rolls in one turn (a dodge, then a rush, a pick-up…) sharing their re-rolls: {link}.",
                 link=chain)
    return intro + [render(ctx, calc, rules), ""] + after + [more, ""]


def _default(spec: dict):
    if spec["default"] is not None:
        return spec["default"]
    if spec["type"] == "int":
        low, high = spec["allowed"]
        return min(max(DEFAULT_CHARACTERISTIC, low), high)
    return spec["allowed"][0]


def _ok(response: dict) -> dict:
    if not response.get("ok"):
        raise ValueError(f"resolver error at build time: {response.get('error')}")
    return response["result"]


def needed_label(ctx: PageContext, result: dict) -> str:
    """"4+", or the localized "impossible" / "6+ (natural 6 only)"."""
    if result["impossible"] or result["needed_die"] is None:
        return ctx.t("impossible")
    if result["natural_six_only"]:
        return ctx.t("{n}+ (natural 6 only)", n=result["needed_die"])
    return f"{result['needed_die']}+"


def _result(response: dict) -> dict:
    """The fields the page shows, read from a resolver response (an error stops the build)."""
    result = _ok(response)
    probs = result["probabilities"]
    zero = {"exact": "0"}
    return {
        "needed": result["needed_label"],
        "impossible": result.get("impossible", False),
        "natural_six_only": result.get("natural_six_only", False),
        "needed_die": result.get("needed"),
        **{k: Fraction(probs.get(k, zero)["exact"]) for k in ("success", "failure", "fumble", "wildly_inaccurate")},
    }
