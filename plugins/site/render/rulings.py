"""The rulings' pages: the index (the list of rulings by what they are about, with a filter box), the
"who plays it how" matrix on a page of its own, and each ruling's page (the answer first, then one card per
body's position). The HTML is in `plugins/site/templates/` (rulings-*.html, ruling-*.html, position-card.html).
"""
from __future__ import annotations

from typing import Callable

from ...data.model import Entity
from ...data.termbase import split_name
from ..autolink import form_index, is_french_verb
from ..collation import by_name
from ..locate import RULINGS_INDEX, RULINGS_MATRIX, relative_link
from .blocks import edition_block, sources_footer
from .context import PageContext
from .editions import absent_notes, empty_notes
from .options import engine_options_link
from .pages import BODY_ORDER, body_label, status_label
from .templating import render
from .unconfirmed import marks


def matrix_link(ctx: PageContext) -> list[str]:
    """A link from the index to the matrix page, under the id the matrix had on the index
    (`rulings/#who-plays-it-how`), so an old link lands on the way to it."""
    href = relative_link(ctx.page, RULINGS_MATRIX)
    return [render("rulings-matrix-link.html", href=href, t=ctx.t), ""]


def filter_names(ctx: PageContext) -> Callable[[list[str]], str]:
    """A function from a ruling's `about` ids to the names the rulings filter matches them by, beyond the
    text shown: each entity's name in every language, and its termbase entry's names in every language
    (preferred names, aliases, prose forms, katakana, reading), the same source the site search takes its
    aliases from (search.alias_locations). Returns them space-separated, without double quotes (the value
    goes into a quoted Markdown attribute): a Japanese coach types ダイビングタックル for "Diving Tackle", a
    French one "Dodge" for Esquive (review 2, item 1)."""
    def names_of(ref: str) -> set[str]:
        entity = ctx.repo[ref]
        own = entity.get("name") or entity.get("title") or {}
        # without the edition in brackets, as search.name_locations: « (BB2025) » would match every BB2025 ruling
        words = {split_name(ctx.plain({"en": text}))[0] for text in own.values() if isinstance(text, str)}
        # the entity's own entry only: a term that points to it (Chomped, for Monstrous Mouth) is not its name
        # a star player rule: its stars by name, and by their katakana (グリフ, review 3, D8)
        words.update(entity.get("stars") or [])
        words.update(ctx.repo.termbase.stars.get(star, "") for star in entity.get("stars") or [])
        entry = ctx.repo.termbase.get(ref)
        if entry is not None:
            for names in entry.names.values():
                words.update([names.preferred, *names.aliases, *names.forms, names.katakana or "",
                              names.reading or ""])
        return words

    def names(refs: list[str]) -> str:
        words = set().union(*(names_of(ref) for ref in refs))
        return " ".join(sorted(w.replace('"', "") for w in words if w))
    return names


def named_skills(ctx: PageContext) -> Callable[[str], list[str]]:
    """A function from a text in the page's language to the ids of the skills it names ("skill:dodge"), by
    the names the termbase gives each skill in that language (its name, prose forms and katakana) and its
    English name, found as the glossary links find their terms (autolink.form_index): whole words, with their
    case in English, in any case in French (« rate une esquive » names Esquive: a French coach typing "Dodge"
    finds that question as « esquive » does; « passe » as a verb does not name Passe), not inside a longer
    word in Japanese. A Japanese question writes ドッジ, and its ruling is found by "Dodge" (the name Japanese
    pages print) as well as by ドッジ (review 8, m5)."""
    forms: dict[str, Entity] = {}
    for entry in ctx.repo.termbase.entries:
        skill = ctx.repo.get(entry.target)
        if entry.kind != "skill" or skill is None:
            continue
        own = entry.names[ctx.lang]
        for name in (own.preferred, own.katakana, *own.forms, entry.names["en"].preferred):
            if name and len(name) >= 3:
                forms.setdefault(name, skill)
    index = form_index(forms, ctx.lang)
    if index.pattern is None:
        return lambda text: []
    return lambda text: sorted({index.term_of(found.group(0)).id for found in index.pattern.finditer(text)
                                if not (index.fold and is_french_verb(text, found))})


def ruling_groups(ctx: PageContext, rulings: list[Entity]) -> list[dict]:
    """The rulings grouped by the first entity each is `about` (a skill mostly), groups sorted by that
    entity's name in the page's language: [{"anchor", "title", "editions", "items"}], each ruling once."""
    groups: dict[str, dict] = {}
    name_order = by_name(ctx.repo, ctx.lang)  # dictionary order: É among the E's, Japanese by reading
    for ruling in rulings:
        about = ctx.repo[ruling["about"][0]]
        group = groups.setdefault(about.id, {"anchor": "about-" + about.id.replace(":", "-"),
                                             "title": ctx.plain(about.get("name") or about.get("title")),
                                             "sort": name_order(about), "rulings": []})
        group["rulings"].append(ruling)
    names_of, skills_in = filter_names(ctx), named_skills(ctx)

    def filter_words(ruling: Entity) -> str:  # what it is about, and the skills its question names
        return names_of([*ruling["about"], *skills_in(ctx.plain(ruling["question"]))])
    out = []
    for group in sorted(groups.values(), key=lambda g: (g["sort"], g["anchor"])):
        members = group["rulings"]
        items = [f"{ctx.editions.row_mark(r.editions)}{ctx.link(r)}"
                 f'{{: #{r.anchor} .nc-moved data-names="{filter_words(r)}" }}'
                 f"{ctx.aside(status_label(ctx, r['status']))} {ctx.badges(r.editions)}" for r in members]
        out.append({"anchor": group["anchor"], "title": group["title"], "items": items,
                    "editions": ctx.editions.attr([e for r in members for e in r.editions])})
    return out


def rulings_page(ctx: PageContext, rulings: list[Entity]) -> str:
    """The index of rulings: a link to the matrix, then every ruling's link, grouped by what it is about,
    under a filter box (rulings-filter.js; without script the whole list shows). Each item keeps the id
    rulings had when they were sections of this page (`#ruling-<slug>`), so an old link lands on the item,
    and nuffle.js goes on to the ruling's page."""
    lines = [f"# {ctx.t('Rulings')}", "", ctx.t(
        "Questions the rulebook leaves open, with what each body says. Where they disagree, every position "
        "is shown with its source, then the reading this site recommends and why."), ""]
    lines += empty_notes(ctx, [e for r in rulings for e in r.editions],
                         ctx.t("No ruling on this page is for {chosen}."))
    lines += matrix_link(ctx)
    listing = render("rulings-list.html", groups=ruling_groups(ctx, rulings), t=ctx.t, tn=ctx.t.plurals)
    lines += edition_block(ctx, [e for r in rulings for e in r.editions],
                           [f"## {ctx.t('All rulings')} {{#all-rulings}}", "", listing])
    lines += engine_options_link(ctx)
    return "\n".join(lines)


def matrix_page(ctx: PageContext, rulings: list[Entity]) -> str:
    """"Who plays it how": one row per ruling that is not settled, one column per body, each cell what the
    body says, linked to the ruling; in a scroll box whose header row and question column stay in view."""
    disputed = [r for r in rulings if r["status"] != "settled"]
    bodies = [b for b in BODY_ORDER if any(p["body"] == b for r in disputed for p in r["positions"])]
    rows = []
    for ruling in disputed:
        cells = []
        for body in bodies:
            says = [p for p in ruling["positions"] if p["body"] == body]
            cells.append(ctx.sentences([ctx.text(p["says"], inline=True) + marks(ctx, ruling, f"positions.{body}")
                                        for p in says]) or None)
        rows.append({"editions": ctx.editions.attr(ruling.editions), "question": ctx.link(ruling),
                     "href": ctx.url(ruling), "cells": cells})
    lines = [f"# {ctx.t('Who plays it how')}", "", ctx.t(
        "Every ruling the bodies do not settle alike, with what each of them says. Each cell links to the "
        "ruling's page, where the sources are."), ""]
    lines += empty_notes(ctx, [e for r in disputed for e in r.editions],
                         ctx.t("No ruling on this page is for {chosen}."))
    table = render("rulings-matrix.html", bodies=[body_label(ctx, b) for b in bodies], rows=rows, t=ctx.t,
                   gap=ctx.gap)  # no space before the ↗ link after a Japanese 。
    lines += edition_block(ctx, [e for r in disputed for e in r.editions], [table])
    index = relative_link(ctx.page, RULINGS_INDEX, "all-rulings")
    lines += [render("back-link.html", href=index, label=ctx.t("All rulings")), ""]
    return "\n".join(lines)


def position_cards(ctx: PageContext, ruling: Entity) -> list[str]:
    """Each body's position as a card (its name, the editions it answered for, what it says as Markdown
    blocks, so a list stays a list, and its sources), in BODY_ORDER, anchored `position-<body>`."""
    cards, seen = [], set()
    for position in sorted(ruling["positions"], key=lambda p: BODY_ORDER.index(p["body"])):
        anchor = f"position-{position['body']}"
        anchor += f"-{len([s for s in seen if s.startswith(anchor)]) + 1}" if anchor in seen else ""
        seen.add(anchor)
        editions = position.get("editions")
        cards.append(render(
            "position-card.html", anchor=anchor, body=position["body"], label=body_label(ctx, position["body"]),
            badges=ctx.badges(editions) if editions else "",
            says=ctx.text(position["says"]) + marks(ctx, ruling, f"positions.{position['body']}"),
            citations=ctx.citations(position["sources"])))
    return cards


def ruling_page(ctx: PageContext, ruling: Entity) -> str:
    """A ruling's own page (`rulings/<slug>.md`): the question, then the answer (the reading this site
    recommends, with the ruling's status), then what each body says with its sources, one card each, and a
    way back to the list. Nothing on it is hidden by the edition picker; a reader who chose an edition the
    ruling is not for is told so at the top."""
    about = ctx.listing([ctx.link(ctx.repo[ref]) for ref in ruling["about"]])
    meta = render("ruling-about.html", badges=ctx.badges(ruling.editions), status=ruling["status"],
                  status_label=status_label(ctx, ruling["status"]), about=about)
    answer = render("ruling-answer.html", recommendation=ctx.text(ruling["recommendation"]), t=ctx.t)
    lines = [f"# {ctx.plain(ruling['question'])}", "", meta, "", *absent_notes(ctx, ruling), answer, "",
             f"## {ctx.t('What each body says')} {{#positions}}", "",
             render("position-cards.html", cards=position_cards(ctx, ruling)), ""]
    lines += sources_footer(ctx, ruling.get("sources"))
    index = relative_link(ctx.page, RULINGS_INDEX, "all-rulings")
    lines += [render("back-link.html", href=index, label=ctx.t("All rulings")), ""]
    return "\n".join(lines)
