"""What a reader who chose one edition sees: the banner of a per-edition page
that points to the chosen edition's counterpart, and the notice of an entry the chosen edition lacks (the
picker on every page is in the page shell: overrides/partials/nc-edition-picker.html, plugins/site/shell.py).

Every element here is in the page for every reader (but not in the search index); editions.css shows a
`nc-edition-only` element only while one of its `data-edition-only` editions is chosen (see
plugins/site/editions.py), so a page read without JavaScript shows everything and none of these.
"""
from __future__ import annotations

import html

from ...data.model import Entity
from ...data.text import no_markup
from ..editions import EditionPage, editions_in_sentence, filled_sentence
from ..locate import relative_link
from .context import PageContext


def short_name(ctx: PageContext, edition: str) -> str:
    """The edition's `short` label, as text for the HTML of a banner or notice."""
    return no_markup(ctx.plain(ctx.repo[f"edition:{edition}"]["short"]))


def in_sentence(ctx: PageContext, editions: list[str]) -> str:
    """The editions named inside a sentence of the page's language (`plugins.site.editions.editions_in_sentence`)."""
    return editions_in_sentence(ctx.lang, [short_name(ctx, e) for e in editions])


def banners(ctx: PageContext, page: EditionPage, titles: dict[str, str]) -> list[str]:
    """One banner per edition this page does not tell, linking to that edition's page(s).

    `titles` maps each counterpart .md path to its title in ctx's language.
    """
    if not page.counterparts:
        return []
    here = in_sentence(ctx, list(page.marks))
    lines: list[str] = []
    for edition, paths in page.counterparts.items():
        chosen = in_sentence(ctx, [edition])
        if paths:
            links = ctx.listing([f"[{titles[p]}]({relative_link(ctx.page, p)})" for p in paths])
            text = ctx.labelled(filled_sentence(ctx.lang, ctx.t("This page is for {editions}. For {chosen}, see:",
                                                                 editions=here, chosen=chosen)), links)
        else:
            text = filled_sentence(ctx.lang, ctx.t("This page is for {editions} only: {chosen} has no counterpart.",
                                                   editions=here, chosen=chosen))
        lines += [f'<p class="nc-edition-only nc-edition-banner" data-edition-only="{edition}" '
                  f'data-search-exclude="true" markdown>{text}</p>', ""]
    return lines


def absent_notes(ctx: PageContext, entity: Entity) -> list[str]:
    """For each choosable edition `entity` does not apply to: "Not in BB2020: this entry is for … only"."""
    missing = ctx.editions.missing(entity.editions)
    if not missing:
        return []
    present = in_sentence(ctx, list(ctx.editions.marks(entity.editions)))
    lines = []
    for edition in missing:
        text = filled_sentence(ctx.lang, ctx.t("Not in {chosen}: this entry is for {editions} only.",
                                               chosen=in_sentence(ctx, [edition]), editions=present))
        lines.append(f'<p class="nc-edition-only nc-edition-absent" data-edition-only="{edition}" '
                     f'data-search-exclude="true">{text}</p>')
    return lines + [""]


def nearest_edition(ctx: PageContext, edition: str, present: tuple[str, ...]) -> str:
    """Of the choosable editions `present`, the one nearest `edition` in time (the newer on a tie)."""
    order = ctx.editions.choosable
    return min(present, key=lambda e: (abs(order.index(e) - order.index(edition)), -order.index(e)))


def empty_notes(ctx: PageContext, editions: list[str], text: str) -> list[str]:
    """For a page made of entries marked with their editions (`editions`: every edition of every entry),
    one notice per choosable edition none of them is for: `text` ("No ruling on this page is for
    {chosen}.", filled with that edition's short name), a button that shows the nearest edition that has
    entries here, and one that shows every edition. Shown only while that edition is chosen, so a reader
    never gets a page emptied by the picker without a word."""
    present = ctx.editions.marks(editions)
    if not present:
        return []
    lines = []
    gap = "" if ctx.lang == "ja" else " "  # Japanese puts no space after 。: the button's margin parts them
    for edition in ctx.editions.missing(editions):
        nearest = nearest_edition(ctx, edition, present)
        say = html.escape(text.format(chosen=in_sentence(ctx, [edition])).strip(), quote=False)
        show = html.escape(ctx.t("Show {edition}", edition=short_name(ctx, nearest)), quote=False)
        lines.append(f'<p class="nc-edition-only nc-edition-empty" data-edition-only="{edition}" '
                     f'data-search-exclude="true">{say}{gap}'
                     f'<button type="button" class="nc-show-edition" data-nc-choose="{nearest}">{show}</button> '
                     f'<button type="button" class="nc-show-all" data-nc-show-all>{html.escape(ctx.t("Show all"))}</button></p>')
    return lines + [""] if lines else []
