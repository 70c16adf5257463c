"""The page of a rules engine's game options (FUMBBL's FFB): which reading each option switches.

Issue 13 asks that every game option of FFB that switches a rules reading has a ruling, and every other
option a line saying why it is not a rules question. This page lists every `engine-option` entity of
data/engine-options/, in two groups: options with a ruling (linked), then options that are not rules
questions (interface, timers, league administration, inducement prices, …). Each row is anchored
`engine-option-<slug>`, the place locate.py gives the entity, and carries the unconfirmed mark of its
`switches` statement when no `checked` record confirms it.
"""
from __future__ import annotations

from ...data.model import Entity
from ..locate import relative_link
from .blocks import anchor_key, cell, edition_block
from .context import PageContext
from .unconfirmed import marks

PAGE = "rulings/engine-options.md"


def engine_options_page(ctx: PageContext, options: list[Entity]) -> str:
    """The whole page (Markdown): an introduction, then one table per group, options sorted by their id.

    `options` are engine-option entities (any engine); the engine's source title heads each group's intro.
    """
    engines = [ctx.repo[f"source:{slug}"] for slug in dict.fromkeys(o["engine"] for o in options)]
    links = ctx.listing([ctx.link(engine) for engine in engines])
    lines = [f"# {ctx.t('Engine options')}", "", ctx.t(
        "A rules engine lets the organiser of a game switch some rules readings on or off. This page lists every "
        "game option of the engines below, with its default value: an option that changes how a rule is read "
        "links to the ruling that shows every position; any other option says why it is not a rules question."),
        "", ctx.labelled(ctx.t("Engines:"), links), ""]
    ruled = sorted((o for o in options if o.get("ruling")), key=_order)
    other = sorted((o for o in options if not o.get("ruling")), key=_order)
    lines += [f"## {ctx.t('Options that switch a rules reading')} {{#with-ruling}}", "",
              ctx.t("{count} option(s).", count=len(ruled)), ""]
    if ruled:
        rows = [f"| {ctx.t('Option')} | {ctx.t('Default')} | {ctx.t('What it switches')} | {ctx.t('Ruling')} |",
                "|---|---|---|---|"]
        for option in ruled:
            ruling = ctx.repo[option["ruling"]]
            rows.append(f"| {_key(ctx, option)} | {_default(option)} | {_switches(ctx, option)} | "
                        f"{cell(ctx.link(ruling))} |")
        lines += edition_block(ctx, [e for o in ruled for e in o.editions], rows)
    lines += [f"## {ctx.t('Options that are not rules questions')} {{#not-rules}}", "",
              ctx.t("{count} option(s).", count=len(other)), ""]
    if other:
        rows = [f"| {ctx.t('Option')} | {ctx.t('Default')} | {ctx.t('What it switches')} | "
                f"{ctx.t('Why it is not a rules question')} |", "|---|---|---|---|"]
        for option in other:
            rows.append(f"| {_key(ctx, option)} | {_default(option)} | {_switches(ctx, option)} | "
                        f"{cell(ctx.text(option['not_rules'], inline=True))} |")
        lines += edition_block(ctx, [e for o in other for e in o.editions], rows)
    return "\n".join(lines)


def _order(option: Entity) -> tuple[str, str]:
    return (str(option.get("option")).lower(), option.slug)


def _key(ctx: PageContext, option: Entity) -> str:
    """The option's id as an anchored self-link, with the row's edition mark."""
    return ctx.editions.row_mark(option.editions) + anchor_key(option.anchor, f"<code>{option['option']}</code>")


def _default(option: Entity) -> str:
    return f"`{cell(str(option['default']))}`"


def _switches(ctx: PageContext, option: Entity) -> str:
    return cell(ctx.text(option["switches"], inline=True) + marks(ctx, option, "switches"))


def engine_options_link(ctx: PageContext, engine: Entity | None = None) -> list[str]:
    """A line linking the engine-options page (for `engine`: only if it has options), or nothing."""
    options = [o for o in ctx.repo.of_kind("engine-option") if engine is None or o.get("engine") == engine.slug]
    if not options:
        return []
    link = f"[{ctx.t('Engine options')}]({relative_link(ctx.page, PAGE)})"
    return [ctx.labelled(ctx.t("Game options and the readings they switch:"), link), ""]
