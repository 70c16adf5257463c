"""Small Markdown building blocks shared by the page renderers."""
from __future__ import annotations

import html

from ...data.model import iter_steps, step_labels  # noqa: F401  (iter_steps is re-exported for renderers)
from ...data.text import squeeze
from .context import PageContext
from .templating import render
from .unconfirmed import marks


def indent(text: str, spaces: int) -> str:
    """Indent every line after the first, so a multi-paragraph text stays inside a list item."""
    pad = " " * spaces
    return text.replace("\n", "\n" + pad)


def cell(text: str) -> str:
    """Text made safe for one Markdown table cell (on one line; French no-break spaces kept)."""
    return squeeze(text).replace("|", "\\|")


def anchor_key(anchor: str, label: str) -> str:
    """A self-link that carries the anchor id, shown as the step or row key."""
    return f'<a class="nc-key" id="{anchor}" href="#{anchor}">{label}</a>'


def steps_list(ctx: PageContext, steps: list[dict], depth: int = 0, entity=None,
               labels: dict[str, str] | None = None) -> list[str]:
    """Nested Markdown list of sequence steps, each anchored `step-<key>` and shown with its number
    (`plugins.data.model.step_labels`); with the sequence `entity`, each step unconfirmed in an edition
    carries its mark (render/unconfirmed.py).

    Every item ends with a blank line (a loose list): Python-Markdown reads a `- ` line that directly
    follows an item's second paragraph (its sources line, or a text of several paragraphs) as a lazy
    continuation of that paragraph, which glued each step onto the sources of the step before it.
    """
    lines: list[str] = []
    pad = "    " * depth
    if labels is None:
        labels = step_labels(entity["steps"] if entity is not None else steps)
    for step in steps:
        body = indent(ctx.text(step["text"]), len(pad) + 4)
        if step.get("title"):  # the short title first, in bold, then the rule's text
            body = f'<strong class="nc-step-title">{html.escape(ctx.plain(step["title"]), quote=False)}</strong> {body}'
        mark = marks(ctx, entity, f"steps.{step['key']}") if entity is not None else ""
        lines.append(f"{pad}- {anchor_key('step-' + step['key'], labels[str(step['key'])])}{mark} {body}")
        if step.get("sources"):
            lines.append("")
            lines.append(f"{pad}    {ctx.citations(step['sources'])}")
        if step.get("steps"):
            lines.append("")
            lines.extend(steps_list(ctx, step["steps"], depth + 1, entity, labels))
        lines.append("")  # end the item, or the next sibling is read as its continuation
    return lines


def notes_section(ctx: PageContext, notes: list[dict] | None, heading: str, level: int = 2) -> list[str]:
    """Where sources differ: each note anchored `note-<key>`, with its citations."""
    if not notes:
        return []
    lines = [f"{'#' * level} {heading}", ""] if level > 2 else [f"## {heading} {{#notes}}", ""]
    for note in notes:
        lines.append(f'!!! note "{ctx.t("Note")}"')
        lines.append("")
        lines.append(f"    {anchor_key('note-' + note['key'], '¶')} {indent(ctx.text(note['text']), 4)}")
        if note.get("sources"):
            lines += ["", f"    {ctx.citations(note['sources'])}"]
        lines.append("")
    return lines


def sources_footer(ctx: PageContext, sources: list[dict] | None) -> list[str]:
    cite = ctx.citations(sources)
    return ["", f'<p class="nc-sources" markdown>{cite}</p>', ""] if cite else []


def edition_notes(ctx: PageContext, notes: dict | None, entity=None) -> list[str]:
    """A definition-style list: edition badge, then how the rule differs there (each item marked with its
    edition; with the skill or term `entity`, a note unconfirmed for its edition carries the mark)."""
    if not notes:
        return []
    lines = [f"**{ctx.t('By edition')}**", "{: .nc-notes-label }", ""]
    for edition, text in notes.items():
        mark = marks(ctx, entity, f"edition_notes.{edition}") if entity is not None else ""
        lines.append(f"- {ctx.editions.row_mark([edition])}{ctx.badges([edition])} {indent(ctx.text(text), 2)}{mark}")
    return edition_block(ctx, list(notes), lines, "nc-edition-block nc-edition-notes")


def edition_block(ctx: PageContext, editions: list[str], lines: list[str],
                  css_class: str = "nc-edition-block") -> list[str]:
    """Markdown `lines` in a block marked with `editions`: hidden while an edition outside them is chosen
    (a list whose items are marked one by one goes in a block marked with all of theirs, so that its
    heading goes too when every item is hidden)."""
    return [f'<div class="{css_class}" {ctx.editions.attr(editions)} markdown>', "", *lines, "", "</div>", ""]


def search_front_matter(boost: float) -> list[str]:
    """The front matter lines that give a generated page Material's search `boost`."""
    return ["---", "search:", f"  boost: {boost}", "---", ""]


def step_nav(ctx: PageContext, steps: list[dict], calculators: list[tuple[str, str]]) -> list[str]:
    """The compact "jump to step" bar at the top of a sequence page: a link to each top-level step by its
    number (`step_labels`) and its short title where it has one, then to each calculator section of the page ((title, anchor) pairs)."""
    labels = step_labels(steps)
    links = [{"anchor": f"step-{step['key']}", "label": labels[str(step["key"])],
              "title": ctx.plain(step["title"]) if step.get("title") else None}
             for step in steps if isinstance(step, dict) and "key" in step]
    return [render("step-nav.html", steps=links, calculators=calculators, t=ctx.t), ""]
