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
from ..editions import EditionPage
from ..locate import relative_link
from .context import PageContext


def short_name(ctx: PageContext, edition: str) -> str:
    """The edition's `short` label, as text for the HTML of a banner or notice."""
    return no_markup(ctx.plain(ctx.repo[f"edition:{edition}"]["short"]))


def in_sentence(ctx: PageContext, editions: list[str]) -> str:
    """The editions named inside a sentence of the page's language: "BB2020 and BB2025"; in French « l'édition
    classique », « les éditions BB2020 et BB2025 » (a word name in lower case, as mid-sentence); in Japanese
    「BB2020 と BB2025」 with a space on the outer side of a Latin name (docs/writing-policy.md: a Latin word keeps
    a space on each side; the caller strips the sentence's ends)."""
    names = [short_name(ctx, e) for e in editions]
    if ctx.lang == "fr":
        names = [name.lower() if name.isalpha() else name for name in names]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]
        return ("l'édition " if len(names) == 1 else "les éditions ") + listed
    if ctx.lang == "ja":
        listed = " と ".join(names) if len(names) == 2 else "、".join(names)
        latin = [name[:1].isascii() for name in (names[0], names[-1])]
        return (" " if latin[0] else "") + listed + (" " if latin[1] else "")
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def banners(ctx: PageContext, page: EditionPage, titles: dict[str, str]) -> list[str]:
    """One banner per edition this page does not tell, linking to that edition's page(s).

    `titles` maps each counterpart .md path to its title in ctx's language.
    """
    if not page.counterparts:
        return []
    here = ctx.listing([short_name(ctx, e) for e in page.marks])
    lines: list[str] = []
    for edition, paths in page.counterparts.items():
        chosen = short_name(ctx, edition)
        if paths:
            links = ctx.listing([f"[{titles[p]}]({relative_link(ctx.page, p)})" for p in paths])
            text = ctx.labelled(ctx.t("This page is for {editions}. For {chosen}, see:", editions=here,
                                      chosen=chosen), links)
        else:
            text = ctx.t("This page is for {editions} only: {chosen} has no counterpart.", editions=here,
                         chosen=chosen)
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
        text = ctx.t("Not in {chosen}: this entry is for {editions} only.", chosen=in_sentence(ctx, [edition]),
                     editions=present).strip()
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
        say = html.escape(text.format(chosen=short_name(ctx, edition)), quote=False)
        show = html.escape(ctx.t("Show {edition}", edition=short_name(ctx, nearest)), quote=False)
        lines.append(f'<p class="nc-edition-only nc-edition-empty" data-edition-only="{edition}" '
                     f'data-search-exclude="true">{say}{gap}'
                     f'<button type="button" class="nc-show-edition" data-nc-choose="{nearest}">{show}</button> '
                     f'<button type="button" class="nc-show-all" data-nc-show-all>{html.escape(ctx.t("Show all"))}</button></p>')
    return lines + [""] if lines else []
