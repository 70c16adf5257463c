"""Editions compared: one tab per edition (Material's linked content tabs remember the reader's choice
across pages) and a table of what differs, row by row."""
from __future__ import annotations

import html

from ...data.model import EDITIONS_ORDER, Entity, step_labels
from .blocks import anchor_key, cell, indent, sources_footer
from .context import PageContext


def comparison_page(ctx: PageContext, comparison: Entity) -> str:
    editions = [e for e in EDITIONS_ORDER if e in comparison.editions]
    labels = {e: ctx.plain(ctx.repo[f"edition:{e}"]["short"]) for e in editions}
    lines = [f"# {ctx.plain(comparison['title'])}", "", ctx.badges(editions), "", ctx.text(comparison["summary"]), "",
             f"## {ctx.t('Read one edition')} {{#by-edition}}", ""]
    for edition in editions:
        lines.append(f'=== "{labels[edition]}"')
        lines.append("")
        target_id = (comparison.get("entities") or {}).get(edition)
        body = _edition_tab(ctx, ctx.repo[target_id]) if target_id else ctx.t("Not covered in this edition.")
        lines.append("    " + indent(body, 4))
        lines.append("")
    lines += [f"## {ctx.t('What differs')} {{#differences}}", "",
              "| " + ctx.t("Aspect") + " | " + " | ".join(labels[e] for e in editions) + " |",
              "|---" * (len(editions) + 1) + "|"]
    for row in comparison["rows"]:
        cells = [f"{anchor_key('row-' + row['key'], '¶')} {cell(ctx.text(row['aspect'], inline=True))}"]
        cells += [cell(ctx.text(row["cells"][e], inline=True)) for e in editions]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines += sources_footer(ctx, comparison.get("sources"))
    return "\n".join(lines)


def _edition_tab(ctx: PageContext, entity: Entity) -> str:
    """The edition's version in brief: a link to its page, its summary, and its steps or rows."""
    parts = [f"**{ctx.link(entity)}**", ""]
    summary = entity.get("summary") or entity.get("definition")
    if summary:
        parts += [ctx.text(summary), ""]
    if entity.kind == "sequence":
        parts += _compact_steps(ctx, entity, entity["steps"], 0)
    elif entity.kind == "table":
        for row in entity["rows"]:
            roll = row.get("roll")  # none in a list table
            label = "" if roll is None else f"**{roll[0]}–{roll[1]}** " if isinstance(roll, list) else f"**{roll}** "
            parts.append(f"- {label}{ctx.text(row['name'], inline=True)}")
    return "\n".join(parts)


def _compact_steps(ctx: PageContext, seq: Entity, steps: list[dict], depth: int,
                   labels: dict[str, str] | None = None) -> list[str]:
    """Steps as a plain nested list. Each item shows the step's number (`step_labels`, as on the sequence's own
    page) and its title in the page's language, linked to the anchored step there; the key is the anchor only,
    never a visible label (an English slug in a French or Japanese page)."""
    if labels is None:
        labels = step_labels(seq["steps"])
    lines = []
    for step in steps:
        pad = "    " * depth
        number = labels.get(str(step["key"]), str(step["key"]))
        head = f"[{number}]({ctx.url(seq, 'step-' + step['key'])})"
        if step.get("title"):  # bold, as on the sequence page, so the title reads apart from the rule's text
            head += f' <strong class="nc-step-title">{html.escape(ctx.plain(step["title"]), quote=False)}</strong>'
        lines.append(f"{pad}- {head} {indent(ctx.text(step['text']), len(pad) + 2)}")
        lines += _compact_steps(ctx, seq, step.get("steps") or [], depth + 1, labels)
    return lines
