"""The verification status page (verification.md): how much of the data a public source confirms.

Generated from the `checked` records (plugins/data/verification.py), in the build's language:

    # Verification status
    ## Figures {#figures}            one row per rules kind and the rules total, one column per edition
                                     column (checked / total, %); then the engine options (FUMBBL game
                                     options) in a table of their own, never in the rules total
    ## Unconfirmed statements {#unconfirmed}
    ### <edition> {#unconfirmed-<column>}   (a block marked with that edition)
    - <span id="v-…"></span>[entity, part](link to the statement's block) (kind) what was searched,
      or, for a statement only partly confirmed, the claims no record covers yet (their labels)
    ## Sources used {#sources-used}   per source: how many statements it confirms, linked to its entry

Every anchor (`v-…` from render/unconfirmed.py, the section ids) is the same in every language, so the
"unconfirmed" marks of the other pages link to one line here whatever the language. Every data text goes
through ctx.plain/ctx.text and is escaped before it goes into HTML.
"""
from __future__ import annotations

import html
from fractions import Fraction

from ...data.model import Entity
from ...data.verification import RULE_KINDS, Status, confirmed_by_source, figures
from .blocks import cell, edition_block
from .context import PageContext
from .pages import body_label
from .unconfirmed import StatusIndex, claim_labels, status_anchor


def kind_label(ctx: PageContext, kind: str) -> str:
    return {
        "skill": ctx.t("Skills"), "star-rule": ctx.t("Star player special rules"), "term": ctx.t("Glossary"), "sequence": ctx.t("Sequences"),
        "table": ctx.t("Tables"), "target": ctx.t("Target tables"), "roll": ctx.t("Tests and modifiers"),
        "ruling": ctx.t("Rulings"), "engine-option": ctx.t("Engine options"), "rules": ctx.t("All rules statements"),
    }[kind]


def part_label(ctx: PageContext, status: Status) -> str:
    """What part of its entity a statement is, in words: "Summary", "Step 3a", "Note for BB2020", …"""
    entity, of = status.statement.entity, status.statement.of
    field, _, key = of.partition(".")
    if field == "summary":
        return ctx.t("Summary")
    if field == "edition_notes":
        return ctx.t("Note for {edition}", edition=_short(ctx, key))
    if field == "steps":
        return ctx.t("Step {key}", key=key)
    if field == "rows" and entity.kind == "target":
        return f"{str(entity.get('characteristic', 'ag')).upper()} {key}"
    if field == "rows":
        row = next((r for r in entity.get("rows") or [] if r.get("key") == key), None)
        return ctx.t("Row {label}", label=ctx.plain(row["name"]) if row else key)
    if field == "rules":
        return ctx.t("Target and natural rolls")
    if field == "modifiers":
        mod = next((m for m in entity.get("modifiers") or [] if m.get("key") == key), None)
        return ctx.t("Modifier: {label}", label=ctx.plain(mod["label"]) if mod else key)
    if field == "positions":
        return body_label(ctx, key)
    if field == "switches":
        return ctx.t("What it switches")
    return of


def _short(ctx: PageContext, edition: str) -> str:
    entity = ctx.repo.get(f"edition:{edition}")
    return ctx.plain(entity["short"]) if entity is not None else edition


def _title(ctx: PageContext, entity: Entity) -> str:
    if entity.kind == "engine-option":
        return str(entity.get("option"))
    return ctx.plain(entity.get("question")) if entity.kind == "ruling" else entity.title(ctx.lang)


def _esc(text: str) -> str:
    """Plain text made safe in HTML and as Markdown link text."""
    return html.escape(text, quote=False).replace("[", "\\[").replace("]", "\\]")


def _share(ctx: PageContext, checked: int, total: int) -> str:
    percent = ctx.t.percent(Fraction(checked, total) if total else 0)
    return ctx.t("{checked} of {total} ({percent})", checked=ctx.t.number(checked), total=ctx.t.number(total),
                 percent=percent)


def verification_page(ctx: PageContext) -> str:
    """The whole page (Markdown). Shape in the module docstring."""
    found = StatusIndex.of(ctx.repo).all
    columns = [c for c in ctx.editions.choosable if any(s.column == c for s in found)]
    lines = [f"# {ctx.t('Verification status')}", "", ctx.t(
        "Every statement of this site that depends on the edition should be confirmed by a named public "
        "source. This page is generated from the data: it counts what is confirmed, lists what is not yet, "
        "and names the sources used. On the other pages, a statement not yet confirmed carries the mark "
        "\u201cUnconfirmed\u201d, which links here."), ""]
    lines += _figures(ctx, found, columns)
    lines += _unconfirmed(ctx, found, columns)
    lines += _sources(ctx, found)
    return "\n".join(lines)


def _figures(ctx: PageContext, found: list[Status], columns: list[str]) -> list[str]:
    """The rules statements by kind with their total; then the FUMBBL game options, counted apart."""
    numbers = figures(found)
    kinds = [k for k in RULE_KINDS if any(k in numbers[c] for c in columns)]
    kinds += ["rules"] if any("rules" in numbers[c] for c in columns) else []
    head = [f"| {ctx.t('Kind')} | " + " | ".join(_short(ctx, c) for c in columns) + " |",
            "|---" * (len(columns) + 1) + "|"]
    lines = [f"## {ctx.t('Figures')} {{#figures}}", "", *head]
    for kind in kinds:
        lines.append(_figure_row(ctx, numbers, columns, kind))
    lines += ["", ctx.t("Classic includes BB2016, which this site reads as classic."), ""]
    if any("engine-option" in numbers[c] for c in columns):
        lines += [ctx.t("Engine options describe FUMBBL's game options, checked against FUMBBL's own code. They "
                        "are not rules of the game, so they are counted apart and not in the rules total above."),
                  "", *head, _figure_row(ctx, numbers, columns, "engine-option"), ""]
    return lines


def _figure_row(ctx: PageContext, numbers: dict, columns: list[str], kind: str) -> str:
    cells = [_share(ctx, *numbers[c][kind]) if kind in numbers[c] else "—" for c in columns]
    label = kind_label(ctx, kind)
    return f"| {f'**{label}**' if kind == 'rules' else label} | " + " | ".join(cells) + " |"


def _unconfirmed(ctx: PageContext, found: list[Status], columns: list[str]) -> list[str]:
    lines = [f"## {ctx.t('Unconfirmed statements')} {{#unconfirmed}}", ""]
    for column in columns:
        missing = [s for s in found if s.column == column and not s.checked]
        section = [f"### {_short(ctx, column)} {{#unconfirmed-{column}}}", ""]
        if not missing:
            section += [ctx.t("Every statement is confirmed."), ""]
        for status in missing:
            section.append(f"- {_item(ctx, status)}")
        lines += edition_block(ctx, [column], section + [""])
    return lines


def _item(ctx: PageContext, status: Status) -> str:
    """One unconfirmed statement: its anchor, a link to its block, its kind, and the records that leave it open."""
    statement = status.statement
    entity = statement.entity
    title, part = _esc(_title(ctx, entity)), _esc(part_label(ctx, status))
    # Japanese names the part in brackets: a title may end in 。, after which Japanese puts no space
    label = f"{title}（{part}）" if ctx.lang == "ja" else f"{title} — {part}"
    anchor = statement.anchor or None
    target = ctx.url(entity, anchor)
    text = (f'<span class="nc-verification-line" id="{status_anchor(status)}"></span>'
            f"[{label}]({target}){ctx.aside(kind_label(ctx, entity.kind))}")
    notes = []
    if status.partly:
        missing = ctx.listing([_esc(label) for label in claim_labels(ctx, status)])
        notes.append(ctx.t("partly confirmed; not yet: {claims}", claims=missing))
    for record in status.others:
        source = ctx.repo.get(f"source:{record.get('source')}")
        name = _esc(ctx.plain(source.get("title"))) if source is not None else _esc(str(record.get("source")))
        verdict = ctx.t("differs") if record.get("verdict") == "differs" else ctx.t("searched, not found")
        note = f"{name}{_colon(ctx)}{verdict}"
        if record.get("note"):
            note += ctx.aside(_esc(ctx.plain(record["note"])))
        notes.append(note)
    if notes:
        text += " — " + ctx.listing(notes, strong=True)
    return text


def _colon(ctx: PageContext) -> str:
    return "\u00a0: " if ctx.lang == "fr" else ("：" if ctx.lang == "ja" else ": ")


def _sources(ctx: PageContext, found: list[Status]) -> list[str]:
    counts = confirmed_by_source(found)
    lines = [f"## {ctx.t('Sources used')} {{#sources-used}}", ""]
    if not counts:
        return lines + [ctx.t("No statement is confirmed yet."), ""]
    lines += [f"| {ctx.t('Source')} | {ctx.t('Statements confirmed')} |", "|---|---|"]
    for source_id, count in counts.items():
        source = ctx.repo.get(f"source:{source_id}")
        name = (f"[{_esc(ctx.plain(source['title']))}]({ctx.url(source)})" if source is not None
                else _esc(source_id))
        lines.append(f"| {cell(name)} | {ctx.t.number(count)} |")
    return lines + ["", ctx.t("A statement confirmed in two editions counts once per edition."), ""]
