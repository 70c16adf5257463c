"""The coverage page (coverage.md): how much of what a complete reference holds the site has, per edition.

Generated from the manifests of data/coverage/ (plugins/data/coverage.py), in the build's language:

    # Coverage
    ## <edition> {#coverage-<edition>}            (a block marked with that edition)
    | kind | covered | pending | out of scope |    one row per kind of item, then All
    ### Pending {#pending-<edition>}
    #### <kind> (<n>)                              one group per kind, the short groups first;
    - <label> `<expected id>`                      linked to its entry when one exists (in another edition)
    ??? note "<kind> (<n>)"                        a group longer than FOLD_AFTER folds away
        - <label> `<expected id>`
    ### Out of scope {#out-of-scope-<edition>}
    - <label> (kind): why

The neighbouring pages (verification.py, status.py) build their Markdown in Python rather than in templates,
and so does this one. Every data text goes through ctx.plain/ctx.text and is escaped before it goes into HTML.
"""
from __future__ import annotations

import html

from ...data.coverage import KIND_ORDER, ItemStatus, counts, manifests, statuses
from .blocks import edition_block
from .context import PageContext

PAGE = "coverage.md"
#: a pending group longer than this is folded (a details block), so that the short groups a coach reads
#: stay in sight and the long lists (star player rules, official questions) open on demand
FOLD_AFTER = 12


def kind_label(ctx: PageContext, kind: str) -> str:
    return {
        "skill": ctx.t("Skills"), "trait": ctx.t("Traits"), "star-rule": ctx.t("Star player special rules"),
        "action": ctx.t("Actions"), "phase": ctx.t("Phases of the game"), "table": ctx.t("Tables"),
        "official-question": ctx.t("Official questions"), "all": ctx.t("All"),
    }[kind]


def _esc(text: str) -> str:
    """Plain text made safe in HTML and as Markdown link text."""
    return html.escape(text, quote=False).replace("[", "\\[").replace("]", "\\]")


def coverage_page(ctx: PageContext) -> str:
    """The whole page (Markdown). Shape in the module docstring."""
    lines = [f"# {ctx.t('Coverage')}", "", ctx.t(
        "What a complete reference holds for each edition, item by item: every skill and trait, every star "
        "player special rule, every action, phase and table, and every official question. Each item names "
        "the public source that proves it exists. This page is generated from those lists: it counts what "
        "the site covers, what is still to be written and what it leaves out, and why."), ""]
    for manifest in manifests(ctx.repo):
        found = statuses(ctx.repo, manifest)
        edition = manifest.slug
        section = [f"## {_short(ctx, edition)} {{#coverage-{edition}}}", ""]
        section += _figures(ctx, found)
        section += _pending(ctx, found, edition)
        section += _out_of_scope(ctx, found, edition)
        lines += edition_block(ctx, [edition], section)
    return "\n".join(lines)


def _short(ctx: PageContext, edition: str) -> str:
    entity = ctx.repo.get(f"edition:{edition}")
    return ctx.plain(entity["short"]) if entity is not None else edition


def _figures(ctx: PageContext, found: list[ItemStatus]) -> list[str]:
    lines = [f"| {ctx.t('Kind')} | {ctx.t('Covered')} | {ctx.t('Pending')} | {ctx.t('Out of scope')} |",
             "|---|---|---|---|"]
    for kind, numbers in counts(found).items():
        label = kind_label(ctx, kind)
        cells = [ctx.t.number(numbers[state]) for state in ("covered", "pending", "out-of-scope")]
        lines.append(f"| {f'**{label}**' if kind == 'all' else label} | " + " | ".join(cells) + " |")
    return lines + [""]


def _pending(ctx: PageContext, found: list[ItemStatus], edition: str) -> list[str]:
    pending = [s for s in found if s.state in ("pending", "stale", "missing")]
    lines = [f"### {ctx.t('Pending')} {{#pending-{edition}}}", ""]
    if not pending:
        return lines + [ctx.t("Nothing is pending."), ""]
    groups: dict[str, list[ItemStatus]] = {}
    for status in pending:
        groups.setdefault(status.item["kind"], []).append(status)
    order = {kind: i for i, kind in enumerate(KIND_ORDER)}
    kinds = sorted(groups, key=lambda kind: (len(groups[kind]) > FOLD_AFTER, order.get(kind, len(order))))
    for kind in kinds:
        title = kind_label(ctx, kind) + ("" if ctx.lang == "ja" else " ") + ctx.paren(ctx.t.number(len(groups[kind])))
        entries = [f"- {_item(ctx, status, kind=False)}" for status in groups[kind]]
        if len(entries) > FOLD_AFTER:
            lines += [f'??? note "{title}"', ""] + [f"    {entry}" for entry in entries] + [""]
        else:
            lines += [f"#### {title}", ""] + entries + [""]
    return lines


def _out_of_scope(ctx: PageContext, found: list[ItemStatus], edition: str) -> list[str]:
    left_out = [s for s in found if s.state == "out-of-scope"]
    if not left_out:
        return []
    lines = [f"### {ctx.t('Out of scope')} {{#out-of-scope-{edition}}}", ""]
    for status in left_out:
        reason = ctx.text(status.item["out_of_scope"], inline=True)
        lines.append(f"- {_item(ctx, status)}{_colon(ctx)}{reason}")
    return lines + [""]


def _item(ctx: PageContext, status: ItemStatus, *, kind: bool = True) -> str:
    """One item: its name (linked to its entry when one exists), the id expected, its kind (unless the list
    is already grouped by kind), and for an official question its topic and where it is asked."""
    item = status.item
    entity = ctx.repo.get(item["entry"])
    label = _esc(ctx.plain(item["label"]) if isinstance(item["label"], dict) else item["label"])
    if item["kind"] == "official-question":
        label = _esc(ctx.plain(item["topic"]))
    text = f"[{label}]({ctx.url(entity)})" if entity is not None else label
    text += f" `{item['entry']}`"
    if kind:
        text += ctx.aside(kind_label(ctx, item['kind']))
    if item.get("stars"):
        text += " — " + ctx.listing([_esc(star) for star in item["stars"]])
    if item["kind"] == "official-question":
        text += " — " + _esc(ctx.plain(item["label"]) if isinstance(item["label"], dict) else item["label"])
    return text


def _colon(ctx: PageContext) -> str:
    return "\u00a0: " if ctx.lang == "fr" else ("：" if ctx.lang == "ja" else ": ")
