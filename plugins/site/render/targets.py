"""The target-table page: the AG table, each roll that uses it, the AG × modifier grid and the calculator.

Every number shown comes from data/ (table, modifiers) or from the resolver (`calculators.api`),
called here at build time exactly as the browser calls it later.
"""
from __future__ import annotations

import html
import json
from fractions import Fraction

from calculators.api import handle

from ...calc.bundle import RUNTIME_URL, calculators_zip, pyodide_lock_info
from ...calc.plugin import RULES_PATH
from ...data.export import rules_export
from ...data.model import Entity
from ..locate import relative_link
from .blocks import anchor_key, cell, notes_section, sources_footer
from .context import PageContext

def target_page(ctx: PageContext, target: Entity, rolls: list[Entity]) -> str:
    """A classic target table (the AG table), then the calculator and every roll that uses the table."""
    char = target["characteristic"].upper()
    lines = [f"# {ctx.plain(target['title'])}", "", ctx.badges(target.editions), ""]
    if target.get("summary"):
        lines += [ctx.text(target["summary"]), ""]
    lines += [f"| {char} | {ctx.t('Roll needed')} |", "|---|---|"]
    for row in target["rows"]:
        label = f"{row['value']}+" if row.get("or_more") else str(row["value"])
        anchor = f"row-{target['characteristic']}-{row['value']}"
        lines.append(f"| {anchor_key(anchor, label)} | {row['target']}+ |")
    lines += [""] + sources_footer(ctx, target.get("sources"))
    return "\n".join(lines + _rolls_and_calculator(ctx, target, rolls))


def edition_rolls_page(ctx: PageContext, edition: Entity, rolls: list[Entity]) -> str:
    """BB2020+ tests, where the player's AG or PA is itself the N+ to roll: the calculator and each roll."""
    title = ctx.t("Agility and passing tests ({edition})", edition=ctx.plain(edition["short"]))
    lines = [f"# {title}", "", ctx.badges([edition.slug]), "", ctx.t(
        "In this edition a player's Agility (AG) and Passing Ability (PA) are themselves the number to roll "
        "on a D6, such as 3+; the modifiers below are added to the die."), ""]
    return "\n".join(lines + _rolls_and_calculator(ctx, None, rolls))


def _rolls_and_calculator(ctx: PageContext, target: Entity | None, rolls: list[Entity]) -> list[str]:
    rules = rules_export(ctx.repo)
    lines = calculator_section(ctx, target, rolls, rules) if rolls else []
    for roll in rolls:
        lines += roll_section(ctx, roll, rules)
    return lines


# --------------------------------------------------------------------------- one roll

def action_of(roll: Entity) -> tuple[str, str]:
    """`pass-classic` -> ("pass", "classic"): the calculator's `action` and `edition` fields."""
    action, _, edition = roll.slug.rpartition("-")
    return action, edition


def roll_section(ctx: PageContext, roll: Entity, rules: dict) -> list[str]:
    lines = [f"## {ctx.plain(roll['name'])} {{#{roll.anchor}}}", "", ctx.badges(roll.editions), "",
             ctx.text(roll["summary"]), "", f"**{ctx.t('Modifiers')}**", ""]
    for mod in roll.get("modifiers") or []:
        lines.append(f"- {signed(mod['value'])} {ctx.text(mod['label'], inline=True)}")
    natural = [ctx.t("An unmodified 6 always succeeds.")]
    natural.append(ctx.t("An unmodified 1 is a fumble.") if roll["natural_one"] == "fumble"
                   else ctx.t("An unmodified 1 always fails."))
    if "fumble_at_or_below" in roll.data:
        natural.append(ctx.t("A result of {n} or less after modifiers is a fumble too.", n=roll["fumble_at_or_below"]))
    lines += ["", " ".join(natural), ""]
    lines += grid(ctx, roll, rules)
    notes = roll.get("notes")
    if isinstance(notes, dict):
        lines += [f'!!! note "{ctx.t("Note")}"', "", "    " + ctx.text(notes).replace("\n", "\n    "), ""]
    else:
        lines += notes_section(ctx, notes, ctx.t("Where sources differ"), level=3)
    lines += sources_footer(ctx, roll.get("sources"))
    return lines


def grid(ctx: PageContext, roll: Entity, rules: dict) -> list[str]:
    """Success chance for every AG or PA (rows) and every choice of the roll's first modifier group
    (columns); any other group keeps its first choice, which the caption states."""
    action, edition = action_of(roll)
    specs = _ok(handle({"kind": "fields", "edition": edition, "action": action}, rules))["fields"]
    char = next(f for f in specs if f["name"] in ("ag", "pa"))
    base = {f["name"]: _default(f) for f in specs if f["name"] != char["name"]}
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
    lines = [f"| {field_label(ctx, char['name'])} | " + " | ".join(cell(label) for _, label in columns) + " |",
             "|---" * (len(columns) + 1) + "|"]
    low, high = char["allowed"]
    for value in range(low, high + 1):
        cells = []
        for fields, _ in columns:
            request = {"kind": "agility", "edition": edition, "action": action, **base, char["name"]: value,
                       **fields}
            result = _result(handle(request, rules))
            cells.append(f"{needed_label(ctx, result)} · {ctx.t.percent(result['success'])}")
        label = f"{value}+" if (target is None or value in or_more) else str(value)
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    caption = [f'<p class="nc-caption">{ctx.listing(fixed)}</p>'] if fixed else []
    return lines + [""] + caption + [""]


def _colon(ctx: PageContext) -> str:
    return "\u00a0:" if ctx.lang == "fr" else ("：" if ctx.lang == "ja" else ":")


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else f"−{-value}")


# --------------------------------------------------------------------------- the calculator form

DEFAULT_CHARACTERISTIC = 3


def field_label(ctx: PageContext, name: str) -> str:
    """The label of a calculator field; a field without one stops the build rather than show a raw key."""
    labels = {"ag": ctx.t("AG"), "pa": ctx.t("PA"), "tackle_zones": ctx.t("Opposing tackle zones"),
              "reroll": ctx.t("Re-roll a failure"), "range": ctx.t("Range"),
              "delivery": ctx.t("How the ball arrives"), "action": ctx.t("Action"),
              "reading": ctx.t("Reading of a disputed rule"), "throw": ctx.t("How the throw went"),
              "marked": ctx.t("Marked")}
    if name not in labels:
        raise ValueError(f"calculator field {name!r} has no label: add one in {__name__}.field_label")
    return labels[name]


def calculator_section(ctx: PageContext, target: Entity | None, rolls: list[Entity], rules: dict) -> list[str]:
    """An HTML form (our own markup) built from the resolver's own field list for each roll, with the
    default result computed now by the resolver."""
    esc = html.escape
    edition = action_of(rolls[0])[1]
    actions = [action_of(r)[0] for r in rolls]
    fields: dict[str, dict] = {}          # name -> field spec (first seen)
    owners: dict[str, list[str]] = {}     # name -> actions that have it
    for roll, action in zip(rolls, actions):
        response = handle({"kind": "fields", "edition": edition, "action": action}, rules)
        for spec in _ok(response)["fields"]:
            fields.setdefault(spec["name"], spec)
            owners.setdefault(spec["name"], []).append(action)
    default = {"kind": "agility", "edition": edition, "action": actions[0]}
    for name in owners:
        if actions[0] in owners[name]:
            spec = fields[name]
            default[name] = _default(spec)
    response = handle(default, rules)
    site_root = site_root_from(ctx.page, ctx.lang)
    package, _ = calculators_zip()
    attrs = {
        "class": "nc-calc", "data-calculator": "agility", "data-lang": ctx.lang,
        "data-runtime": site_root + RUNTIME_URL, "data-package": package,
        "data-rules": site_root + RULES_PATH, "data-lock": json.dumps(pyodide_lock_info()),
    }
    out = ['<div class="nc-calculator" markdown="0">',
           "<form " + " ".join(f'{k}="{esc(v)}"' for k, v in attrs.items()) + ">",
           f'<input type="hidden" name="edition" value="{esc(edition)}">',
           _select(field_label(ctx, "action"), "action", [(a, ctx.plain(r["name"]), None) for a, r in zip(actions, rolls)],
                   actions[0], None)]
    for name, spec in fields.items():
        only = None if len(owners[name]) == len(actions) else " ".join(owners[name])
        out.append(_field(ctx, name, spec, rolls, actions, target, default.get(name, _default(spec)), only))
    out.append("</form>")
    out += result_block(ctx, response, wildly_inaccurate=edition == "bb2020" and "pass" in actions)
    out.append("</div>")
    return [f"## {ctx.t('Calculator')} {{#calculator}}", "", ctx.t(
        "Pick the roll and the situation: the target and the exact chance update at once. The result below "
        "was computed when this page was built; your browser recomputes it with the same Python code."),
        "", "\n".join(out), ""]


def site_root_from(page: str, lang: str) -> str:
    """Relative URL from a page's own URL (directory URLs: `targets/x.md` is served at `targets/x/`) to the
    site root; raw HTML attributes are not rewritten by MkDocs, so this is computed here."""
    parts = page.removesuffix(".md").split("/")
    depth = len(parts) - (1 if parts[-1] == "index" else 0)
    return "../" * depth + ("" if lang == "en" else "../")


def _default(spec: dict):
    if spec["default"] is not None:
        return spec["default"]
    if spec["type"] == "int":
        low, high = spec["allowed"]
        return min(max(DEFAULT_CHARACTERISTIC, low), high)
    return spec["allowed"][0]


def _field(ctx, name, spec, rolls, actions, target, value, only) -> str:
    """One form control, from the resolver's field spec; `only` lists the actions that use it."""
    esc = html.escape
    label = field_label(ctx, name)
    if name in ("ag", "pa"):
        low, high = spec["allowed"]
        or_more = {row["value"] for row in target["rows"] if row.get("or_more")} if target else set()
        options = [(str(v), f"{v}+" if (v in or_more or target is None) else str(v), None) for v in range(low, high + 1)]
        return _select(label, name, options, str(value), only)
    if spec["type"] == "choice":
        options = []
        for roll, action in zip(rolls, actions):
            for mod in roll.get("modifiers") or []:
                if mod.get("group") == name:
                    options.append((mod["key"], f"{ctx.plain(mod['label'])} ({signed(mod['value'])})", action))
        return _select(label, name, options, str(value), only)
    data_for = f' data-for="{esc(only)}"' if only else ""
    if spec["type"] == "bool":
        checked = " checked" if value else ""
        return (f'<label class="nc-field nc-check"{data_for}><input type="checkbox" name="{esc(name)}" value="true"'
                f'{checked}><span>{esc(label)}</span></label>')
    low, high = spec["allowed"]
    return (f'<label class="nc-field"{data_for}><span>{esc(label)}</span><input type="number" name="{esc(name)}" '
            f'min="{low}" max="{high}" step="1" value="{value}" inputmode="numeric"></label>')


def _select(label: str, name: str, options: list[tuple[str, str, str | None]], selected: str,
            only: str | None) -> str:
    esc = html.escape
    opts = "".join(
        f'<option value="{esc(value)}"{f" data-for={chr(34)}{esc(owner)}{chr(34)}" if owner else ""}'
        f'{" selected" if value == selected else ""}>{esc(text)}</option>'
        for value, text, owner in options)
    data_for = f' data-for="{esc(only)}"' if only else ""
    return (f'<label class="nc-field"{data_for}><span>{esc(label)}</span>'
            f'<select name="{esc(name)}">{opts}</select></label>')


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


def result_block(ctx: PageContext, response: dict, *, wildly_inaccurate: bool = False) -> list[str]:
    """The result element; the browser fills the same `data-field` spans when it recomputes.
    `wildly_inaccurate` adds the row for BB2020's wildly inaccurate pass."""
    esc = html.escape
    result = _result(response)
    outcomes = [("success", ctx.t("Success")), ("failure", ctx.t("Failure")), ("fumble", ctx.t("Fumble"))]
    if wildly_inaccurate:
        outcomes.insert(2, ("wildly_inaccurate", ctx.t("Wildly inaccurate")))
    rows = [(ctx.t("Roll needed on the die"), "needed", needed_label(ctx, result))]
    rows += [(label, key, f"{result[key]} ({ctx.t.percent(result[key])})") for key, label in outcomes]
    out = [f'<div class="nc-result" data-result aria-live="polite" data-state="prerendered">',
           f'<p class="nc-status-line" data-field="status">{esc(ctx.t("Computed when the page was built."))}</p>',
           "<dl>"]
    for label, field, value in rows:
        out.append(f'<div class="nc-result-row nc-result-{field}"><dt>{esc(label)}</dt>'
                   f'<dd data-field="{field}">{esc(value)}</dd></div>')
    out += ["</dl>", '<p class="nc-error" data-field="error" hidden></p>', "</div>"]
    return out


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
