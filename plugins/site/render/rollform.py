"""The roll-by-roll form of the action-sequence calculator: plain choices that write chain notation.

The reader adds rolls one by one (dodge, rush, pick-up, jump, pass, catch, …), each with the characteristic,
the roll's modifiers from ``data/rolls/`` and the skill that re-rolls it, then the team re-rolls, Pro and
Loner. ``roll-form.js`` writes the notation into the calculator's ``chain`` field, so the chain resolver
computes the result; the reader sees the notation (and learns it). Die faces come from
:func:`calculators.builder.menu` (Python, from the rules data), embedded here as JSON with the page's labels.
"""
from __future__ import annotations

import html
import json

from calculators.builder import menu
from calculators.rules import RuleBook

from .calculator import field_label, signed
from .context import PageContext

#: the order a coach meets the rolls in a move: movement first, then the ball; then the rolls made on declaring
#: an action (Bone Head and the like), before a throw (Always Hungry), after a Casualty or at the end of a drive
FORM_ORDER = ("dodge", "rush", "pick-up", "jump", "leap", "pass", "hand-off", "catch", "throw-team-mate", "landing",
              "bone-head", "really-stupid", "wild-animal", "animal-savagery", "unchannelled-fury", "bloodlust",
              "take-root", "always-hungry", "regeneration", "ko-recovery")
#: roll kind -> the skill that re-rolls it (its mark in the notation)
REROLL_SKILLS = {"dodge": "dodge", "rush": "sure-feet", "pick-up": "sure-hands", "pass": "pass", "catch": "catch",
                 "hand-off": "catch"}


def _skill(ctx: PageContext, slug: str) -> str:
    entity = ctx.repo.get(f"skill:{slug}")
    return ctx.plain(entity["name"]) if entity is not None else slug


def roll_choices(ctx: PageContext, rules: RuleBook, editions: list[str]) -> dict:
    """Per edition, the rolls the form offers with the page's labels: ``{edition: [roll, …]}``.

    Each roll is :func:`calculators.builder.menu`'s dict plus ``name`` (the roll's name), ``label`` of the
    characteristic, ``value_labels`` (``"3"`` or ``"3+"`` as on the tables), each group's and option's
    ``label``, each count's ``label`` and ``skill`` (the re-rolling skill's name, or null).
    """
    out: dict[str, list] = {}
    for edition in editions:
        rolls = []
        for roll in menu(rules, edition):
            entity = ctx.repo[f"roll:{roll['slug']}"]
            labels = {m["key"]: ctx.plain(m["label"]) for m in entity.get("modifiers") or []}
            target = ctx.repo.get(f"target:{entity.get('target')}")
            or_more = {r["value"] for r in target["rows"] if r.get("or_more")} if target else set()
            roll = {**roll, "name": ctx.plain(entity["name"]),
                    "label": field_label(ctx, roll["characteristic"]) if roll["characteristic"] else None,
                    "value_labels": {str(v): f"{v}+" if (target is None or v in or_more) else str(v)
                                     for v in roll["values"]},
                    "skill": _skill(ctx, REROLL_SKILLS[roll["action"]]) if roll["mark"] else None}
            for group in roll["groups"]:
                group["label"] = field_label(ctx, group["name"])
                for option in group["options"]:
                    option["label"] = f"{labels[option['key']]} ({signed(option['value'])})"
            for count in roll["counts"]:
                key = next(m["key"] for m in entity["modifiers"] if m.get("per") == count["name"])
                count["label"] = labels[key]
            rolls.append(roll)
        rolls.sort(key=lambda r: FORM_ORDER.index(r["action"]) if r["action"] in FORM_ORDER else len(FORM_ORDER))
        out[edition] = rolls
    return out


def roll_form(ctx: PageContext, rules: RuleBook, editions: list[str]) -> str:
    """The form's HTML (hidden until ``roll-form.js`` mounts it), to put in the chain calculator's form."""
    esc = html.escape
    strings = {
        "remove": ctx.t("Remove this roll"), "skill": ctx.t("Has {skill}"),
        "empty": ctx.t("No roll yet: add the first one."),
        "impossible": ctx.t("No die face succeeds for this roll."),
        "receiver": ctx.t("made by another player (the receiver)"),
        "replaced": ctx.t("The form replaced the sequence written in the field: {chain}"),
        "restore": ctx.t("Put it back"),
    }
    data = {"rolls": roll_choices(ctx, rules, editions), "strings": strings}
    help_text = ctx.t("Add each roll (a dodge, a rush, a pick-up, a pass…) in the order the player makes it: the form "
                      "writes the notation below and gives the odds that they all succeed.")
    pro = ctx.t("The moving player has {skill}", skill=_skill(ctx, "pro"))
    loner = "".join(f'<option value="{n}">{esc(ctx.t("Loner ({n}+)", n=n))}</option>' for n in range(2, 7))
    return "\n".join([
        f'<fieldset class="nc-builder" hidden data-builder="{esc(json.dumps(data, ensure_ascii=False))}">',
        f'<legend>{esc(ctx.t("Build the sequence roll by roll"))}</legend>',
        f'<p class="nc-builder-help">{esc(help_text)}</p>',
        '<ol class="nc-builder-rows" data-rows></ol>',
        '<p class="nc-builder-add">',
        f'<label><span>{esc(ctx.t("Roll to add"))}</span> <select data-add></select></label>',
        f'<button type="button" class="md-button" data-add-button>{esc(ctx.t("Add this roll"))}</button>',
        '</p>',
        '<p class="nc-builder-team">',
        f'<label><span>{esc(ctx.t("Team re-rolls available"))}</span> '
        '<input type="number" min="0" max="8" value="1" inputmode="numeric" data-team-rerolls></label>',
        f'<label><input type="checkbox" data-pro> {esc(pro)}</label>',
        f'<label><span>{esc(_skill(ctx, "loner"))}</span> <select data-loner>'
        f'<option value="">{esc(ctx.t("none"))}</option>{loner}</select></label>',
        '</p>',
        f'<p class="nc-builder-out">{esc(ctx.t("Notation written by the form:"))} <code data-notation>—</code></p>',
        '<p class="nc-builder-replaced" role="status" data-replaced hidden></p>',
        '</fieldset>',
    ])
