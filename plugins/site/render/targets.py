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

DEFAULT_REQUEST = {"ag": 3, "tackle_zones": 0, "reroll": False}


def target_page(ctx: PageContext, target: Entity, rolls: list[Entity]) -> str:
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
    rules = rules_export(ctx.repo)
    if rolls:
        lines += calculator_section(ctx, target, rolls, rules)
    for roll in rolls:
        lines += roll_section(ctx, roll, rules)
    return "\n".join(lines)


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
    """Success chance for every AG (rows) and every choice of the roll's modifier group (columns)."""
    action, edition = action_of(roll)
    mods = roll.get("modifiers") or []
    group = next((m["group"] for m in mods if m.get("group")), None)
    if group:
        columns = [({group: m["key"], "tackle_zones": 0}, ctx.text(m["label"], inline=True))
                   for m in mods if m.get("group") == group]
    else:
        columns = [({"tackle_zones": n}, ctx.t("{n} TZ", n=n)) for n in range(3)]
    target = ctx.repo[f"target:{roll['target']}"]
    lines = [f"| {target['characteristic'].upper()} | " + " | ".join(cell(label) for _, label in columns) + " |",
             "|---" * (len(columns) + 1) + "|"]
    for row in target["rows"]:
        cells = []
        for fields, _ in columns:
            request = {"kind": "agility", "edition": edition, "action": action, "ag": row["value"],
                       "tackle_zones": 0, "reroll": False, **fields}
            result = _result(handle(request, rules))
            cells.append(f"{result['needed']} · {ctx.t.percent(result['success'])}")
        label = f"{row['value']}+" if row.get("or_more") else str(row["value"])
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines + [""]


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else f"−{-value}")


# --------------------------------------------------------------------------- the calculator form

def calculator_section(ctx: PageContext, target: Entity, rolls: list[Entity], rules: dict) -> list[str]:
    """An HTML form (our own markup) with the default result computed now by the resolver."""
    edition = action_of(rolls[0])[1]
    first_action = action_of(rolls[0])[0]
    default = {"kind": "agility", "edition": edition, "action": first_action, **DEFAULT_REQUEST}
    groups: dict[str, list[tuple[dict, Entity]]] = {}
    for roll in rolls:
        for mod in roll.get("modifiers") or []:
            if mod.get("group"):
                groups.setdefault(mod["group"], []).append((mod, roll))
    for group, options in groups.items():
        default.setdefault(group, options[0][0]["key"])
    # A group the default action lacks still needs a value for the form; the resolver ignores it.
    response = handle(_for_action(default, rolls), rules)
    esc = html.escape
    page_root = relative_link(ctx.page, "index.md").removesuffix("index.md")
    site_root = page_root if ctx.lang == "en" else page_root + "../"
    name, _ = calculators_zip()
    attrs = {
        "class": "nc-calc", "data-calculator": "agility", "data-lang": ctx.lang,
        "data-runtime": site_root + RUNTIME_URL, "data-package": name,
        "data-rules": site_root + RULES_PATH, "data-lock": json.dumps(pyodide_lock_info()),
    }
    out = ['<div class="nc-calculator" markdown="0">',
           "<form " + " ".join(f'{k}="{esc(v)}"' for k, v in attrs.items()) + ">",
           f'<input type="hidden" name="edition" value="{esc(edition)}">',
           _select(ctx.t("Action"), "action",
                   [(action_of(r)[0], ctx.plain(r["name"]), None) for r in rolls], default["action"]),
           _select(target["characteristic"].upper(), target["characteristic"],
                   [(str(row["value"]), f"{row['value']}+" if row.get("or_more") else str(row["value"]), None)
                    for row in target["rows"]], str(default["ag"]))]
    for group, options in groups.items():
        out.append(_select(group_label(ctx, group), group,
                           [(m["key"], f"{ctx.plain(m['label'])} ({signed(m['value'])})", action_of(r)[0])
                            for m, r in options], default[group]))
    out += [f'<label class="nc-field"><span>{esc(ctx.t("Opposing tackle zones"))}</span>'
            f'<input type="number" name="tackle_zones" min="0" max="8" step="1" value="{default["tackle_zones"]}" '
            f'inputmode="numeric"></label>',
            f'<label class="nc-field nc-check"><input type="checkbox" name="reroll" value="true"'
            f'{" checked" if default["reroll"] else ""}><span>{esc(ctx.t("Re-roll a failure"))}</span></label>',
            "</form>"]
    out += result_block(ctx, response)
    out.append("</div>")
    return [f"## {ctx.t('Calculator')} {{#calculator}}", "", ctx.t(
        "Pick the roll and the situation: the target and the exact chance update at once. The result below "
        "was computed when this page was built; your browser recomputes it with the same Python code."),
        "", "\n".join(out), ""]


def _for_action(request: dict, rolls: list[Entity]) -> dict:
    """Drop modifier groups that the chosen action does not have."""
    roll = next(r for r in rolls if action_of(r)[0] == request["action"])
    own = {m["group"] for m in roll.get("modifiers") or [] if m.get("group")}
    all_groups = {m["group"] for r in rolls for m in r.get("modifiers") or [] if m.get("group")}
    return {k: v for k, v in request.items() if k not in all_groups - own}


def group_label(ctx: PageContext, group: str) -> str:
    return {"range": ctx.t("Range"), "delivery": ctx.t("How the ball arrives")}.get(group, group)


def _select(label: str, name: str, options: list[tuple[str, str, str | None]], selected: str) -> str:
    esc = html.escape
    opts = "".join(
        f'<option value="{esc(value)}"{f" data-for={chr(34)}{esc(owner)}{chr(34)}" if owner else ""}'
        f'{" selected" if value == selected else ""}>{esc(text)}</option>'
        for value, text, owner in options)
    return f'<label class="nc-field"><span>{esc(label)}</span><select name="{esc(name)}">{opts}</select></label>'


def result_block(ctx: PageContext, response: dict) -> list[str]:
    """The result element; the browser fills the same `data-field` spans when it recomputes."""
    esc = html.escape
    result = _result(response)
    rows = [
        (ctx.t("Roll needed on the die"), "needed", result["needed"]),
        (ctx.t("Success"), "success", f"{result['success']} ({ctx.t.percent(result['success'])})"),
        (ctx.t("Failure"), "failure", f"{result['failure']} ({ctx.t.percent(result['failure'])})"),
        (ctx.t("Fumble"), "fumble", f"{result['fumble']} ({ctx.t.percent(result['fumble'])})"),
    ]
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
    if not response.get("ok"):
        raise ValueError(f"resolver error at build time: {response.get('error')}")
    result = response["result"]
    probs = result["probabilities"]
    zero = {"exact": "0"}
    return {
        "needed": result["needed_label"],
        **{k: Fraction(probs.get(k, zero)["exact"]) for k in ("success", "failure", "fumble")},
    }
