"""Markdown for each generated page: sequences, skills, rulings, tables, glossary, sources."""
from __future__ import annotations

import html
import re

from ...data.model import LANGUAGES, Entity
from ...data.text import no_markup
from ...data.verification import statements
from ..collation import by_name
from ..locate import relative_link
from .ballcalcs import throw_in_section
from .blocks import (anchor_key, cell, edition_block, edition_notes, notes_section, sources_footer, step_nav,
                     steps_list)
from .calclayout import check_disjoint
from .calcpages import SECTIONS
from .context import PageContext, rule_book
from .editions import absent_notes, empty_notes
from .kick import kick_section
from .prayercalc import prayers_section
from .seealso import see_also_lines
from .options import engine_options_link
from .templating import render
from .unconfirmed import marks

CATEGORY_ORDER = ("general", "agility", "passing", "strength", "mutation", "devious", "extraordinary", "trait")
BODY_ORDER = ("rulebook", "designers-commentary", "naf", "fumbbl", "jervis", "cyanide", "community")
AUTONYMS = {"en": "English", "fr": "Français", "ja": "日本語"}  # each language's own name, as the language menu


def category_label(ctx: PageContext, category: str) -> str:
    return {
        "general": ctx.t("General"), "agility": ctx.t("Agility"), "passing": ctx.t("Passing"),
        "strength": ctx.t("Strength"), "mutation": ctx.t("Mutation"), "devious": ctx.t("Devious"),
        "extraordinary": ctx.t("Extraordinary"), "trait": ctx.t("Traits"),
    }[category]


def body_label(ctx: PageContext, body: str) -> str:
    return {
        "rulebook": ctx.t("Rulebook as written"), "designers-commentary": ctx.t("GW Designer's Commentary"),
        "naf": ctx.t("NAF"), "fumbbl": ctx.t("FUMBBL"), "jervis": ctx.t("Jervis"),
        "cyanide": ctx.t("Cyanide"), "community": ctx.t("Community"),
    }[body]


def status_label(ctx: PageContext, status: str) -> str:
    return {"settled": ctx.t("Settled"), "disputed": ctx.t("Disputed"),
            "engine-choice": ctx.t("Engine choice")}[status]


# --------------------------------------------------------------------------- sequences

def compare_line(ctx: PageContext, entity: Entity) -> list[str]:
    """A link to the editions-compared page(s) that include this entity, if any."""
    comparisons = [ctx.repo[where] for where, _ in ctx.backlinks.of(entity.id) if where.startswith("comparison:")]
    if not comparisons:
        return []
    links = ctx.listing([ctx.link(c) for c in comparisons])
    return [f'<p class="nc-compare" markdown>{ctx.labelled(ctx.t("Other editions:"), links)}</p>', ""]


def sequence_page(ctx: PageContext, seq: Entity) -> str:
    """A sequence's page: the steps first (numbered, after a compact "jump to step" bar that also leads to the
    page's calculators), then the context: the summary, the calculators, where sources differ, the sources.
    On a phone the reader who opens a sequence at the table wants the order of play before the explanation."""
    sections, calcs = [], []
    for kind in seq.get("calculators") or []:
        section, calc = calculator_section(ctx, seq, kind)
        sections += section
        calcs.append(calc)
    if len(calcs) > 1:
        check_disjoint(calcs, rule_book(ctx.repo))
    lines = [f"# {ctx.plain(seq['title'])}", "", ctx.badges(seq.editions), "", *compare_line(ctx, seq),
             *step_nav(ctx, seq["steps"], section_anchors(sections)),
             f"## {ctx.t('Steps')} {{#steps}}", "", *steps_list(ctx, seq["steps"], entity=seq), "",
             f"## {ctx.t('About this sequence')} {{#about}}", "", ctx.text(seq["summary"]), "", *sections]
    lines += notes_section(ctx, seq.get("notes"), ctx.t("Where sources differ"))
    lines += sources_footer(ctx, seq.get("sources"))
    return "\n".join(lines)


def section_anchors(lines: list[str]) -> list[tuple[str, str]]:
    """(title, anchor) of each `## Title {#anchor}` heading among Markdown `lines` (a calculator's section)."""
    found = (re.fullmatch(r"## (.+) \{#([a-z0-9-]+)\}", line) for line in lines)
    return [(m[1], m[2]) for m in found if m]


def calculator_section(ctx: PageContext, seq: Entity, kind: str):
    """One calculator the sequence's data places on its page: (Markdown lines, the Calculator)."""
    if kind == "kick":
        return kick_section(ctx, seq)
    return SECTIONS[kind](ctx, seq, rule_book(ctx.repo))


# --------------------------------------------------------------------------- skills

def skills_index_page(ctx: PageContext, skills: list[Entity]) -> str:
    lines = [f"# {ctx.t('Skills and traits')}", "", ctx.t(
        "Every skill and trait, by category. Each entry says what it does, how it changed between editions, "
        "where it acts in a sequence and which rulings concern it."), ""]
    for category in CATEGORY_ORDER:
        members = [s for s in skills if s["category"] == category]
        if not members:
            continue
        section = [f"## {category_label(ctx, category)} {{#category-{category}}}", "",
                   f"| {ctx.t('Skill')} | {ctx.t('Type')} | {ctx.t('Editions')} |", "|---|---|---|"]
        for skill in sorted(members, key=by_name(ctx.repo, ctx.lang)):
            mark = ctx.editions.row_mark(skill.editions)
            section.append(f"| {mark}{ctx.link(skill)} | {cell(skill_kind(ctx, skill))} | {ctx.badges(skill.editions)} |")
        # a category none of whose skills is in the chosen edition goes with its heading
        lines += edition_block(ctx, [e for s in members for e in s.editions], section)
    return "\n".join(lines)


def skill_kind(ctx: PageContext, skill: Entity) -> str:
    kind = ctx.t("Active") if skill["active"] else ctx.t("Passive")
    if skill["mandatory"]:
        kind += ", " + ctx.t("mandatory") if ctx.lang != "ja" else "、" + ctx.t("mandatory")
    return kind


def skill_category_page(ctx: PageContext, category: str, skills: list[Entity]) -> str:
    lines = [f"# {ctx.t('{category} skills', category=category_label(ctx, category))}", ""]
    for skill in sorted(skills, key=by_name(ctx.repo, ctx.lang)):
        lines += skill_section(ctx, skill)
    return "\n".join(lines)


def katakana_reading(ctx: PageContext, skill: Entity) -> str | None:
    """The katakana Japanese players use for a skill whose Japanese name stays English, or None.

    Japanese has no official skill names and the data keeps most of them in English (data/README.md); the
    termbase (data/termbase.yml) gives the katakana players type: the glossary twin's name (same slug:
    leap → リープ) or its own `ja.katakana` (ダイビングタックル). The Japanese entry shows it after the name
    in its heading ("Leap（リープ）": search ranks heading words first), the others with the names in other
    languages; links and lists keep the skill's name.
    """
    entry = ctx.repo.termbase.get(skill.id) if ctx.repo.termbase is not None else None
    reading = entry.names["ja"].katakana if entry is not None else None
    return reading if reading and reading != skill["name"].get("ja") else None


def other_names(ctx: PageContext, skill: Entity) -> str:
    """The skill's names in the other languages, each name once with the languages that use it marked
    (`EN JA On the Ball` on the French page), then its katakana reading, outside Japanese pages where the
    heading has it."""
    groups: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        name = skill["name"].get(lang)
        if lang != ctx.lang and name:
            groups.setdefault(name, []).append(lang)
    items = []
    for name, langs in groups.items():
        labels = " ".join(f'<abbr class="nc-lang" title="{AUTONYMS[lang]}">{lang.upper()}</abbr>'
                          for lang in langs)
        items.append(f'<span class="nc-other-name" lang="{langs[0]}">{labels} '
                     f'{html.escape(name, quote=False)}</span>')
    reading = katakana_reading(ctx, skill)
    if reading and ctx.lang != "ja":
        katakana = f'<span lang="ja">{reading}</span>'
        items.append(f'<span class="nc-other-name nc-reading">{ctx.labelled(ctx.t("In katakana:"), katakana)}</span>')
    return f'<span class="nc-other-names">{" · ".join(items)}</span>' if items else ""


def skill_section(ctx: PageContext, skill: Entity) -> list[str]:
    heading = ctx.plain(skill["name"])
    reading = katakana_reading(ctx, skill)
    if reading and ctx.lang == "ja":
        heading += ctx.paren(reading)
    lines = [f"## {heading} {{#{skill.anchor}}}", "",
             f'{ctx.badges(skill.editions)} <span class="nc-skill-kind">{skill_kind(ctx, skill)}</span> '
             f'{other_names(ctx, skill)}', "", *absent_notes(ctx, skill)]
    # The summary and the edition notes in one box: while an edition is chosen, nuffle.css puts that
    # edition's note first; the summary, when it does not tell that edition, is labelled with the
    # editions it tells.
    summary = summary_lead(ctx, skill) + ctx.text(skill["summary"]) + marks(ctx, skill, "summary")
    lines += ['<div class="nc-entry-body" markdown>', "", summary, "",
              *edition_notes(ctx, skill.get("edition_notes"), skill), "</div>", ""]
    if skill.get("auto_use"):
        lines += [f"**{ctx.t('Automatic use by an engine')}**{_colon(ctx)}{ctx.text(skill['auto_use'])}", ""]
    places = [(ctx.repo[where], anchor) for where, anchor in ctx.backlinks.of(skill.id)]
    steps = [(e, a) for e, a in places if e.kind == "sequence"]
    rulings = [e for e, _ in places if e.kind == "ruling"]
    if steps:
        items = [f"- {ctx.editions.row_mark(e.editions)}{ctx.link(e, a)}" for e, a in steps]
        lines += edition_block(ctx, [ed for e, _ in steps for ed in e.editions],
                               [f"**{ctx.t('Where it acts')}**", "", *items])
    return lines + entry_footer(ctx, skill, rulings)


def entry_footer(ctx: PageContext, entry: Entity, rulings: list[Entity]) -> list[str]:
    """The end of a skill's or a star rule's section: the rulings about it, its see-also links, its sources."""
    lines: list[str] = []
    if rulings:
        items = [f"- {ctx.editions.row_mark(e.editions)}{ctx.link(e)}{ctx.aside(status_label(ctx, e['status']))}"
                 for e in rulings]
        lines += edition_block(ctx, [ed for e in rulings for ed in e.editions], [f"**{ctx.t('Rulings')}**", "", *items])
    lines += see_also_lines(ctx, entry.get("see_also"))
    return lines + sources_footer(ctx, entry.get("sources"))


# --------------------------------------------------------------------------- star players' special rules

def calculator_title(ctx: PageContext, kind: str) -> str:
    """The title of a calculator page of its own (calcpages.STANDALONE) a star rule may link to."""
    return {"block": ctx.t("Block calculator"), "armour": ctx.t("Armour and injury calculator"),
            "foul": ctx.t("Foul calculator"), "chain": ctx.t("Action sequence calculator"),
            "casualty": ctx.t("Casualty calculator")}[kind]


def star_rules_page(ctx: PageContext, rules: list[Entity]) -> str:
    """The page of the star players' special rules (locate.SHARED_PAGE): one collapsed section per rule
    (`star-rule.html`), anchored `star-rule-<slug>` in every language, sorted by the rule's name in the page's
    language, shaped like a skill's section inside (names in the other languages, summary and edition notes
    in one box)."""
    title = ctx.t("Star players' special rules")
    lines = [f"# {title}", "", ctx.t(
        "A star player brings one special rule of their own besides their skills. Each entry names the star "
        "players who have it, says what it does, and how it changed between BB2020 and BB2025."), ""]
    lines += empty_notes(ctx, [e for r in rules for e in r.editions],
                         ctx.t("No rule on this page is for {chosen}."))
    for rule in sorted(rules, key=by_name(ctx.repo, ctx.lang)):
        lines += star_rule_section(ctx, rule)
    return "\n".join(lines)


def star_rule_section(ctx: PageContext, rule: Entity) -> list[str]:
    """A rule's section: collapsed to its name (anchored `star-rule-<slug>`) and badges, its names in the
    other languages, star players, summary and edition notes, calculators and rulings inside."""
    stars = ctx.listing([html.escape(star, quote=False) for star in rule["stars"]])
    body = [other_names(ctx, rule), "", *absent_notes(ctx, rule), ctx.labelled(ctx.t("Star players:"), stars), ""]
    summary = summary_lead(ctx, rule) + ctx.text(rule["summary"]) + marks(ctx, rule, "summary")
    body += ['<div class="nc-entry-body" markdown>', "", summary, "",
             *edition_notes(ctx, rule.get("edition_notes"), rule), "</div>", ""]
    if rule.get("calculators"):
        links = ctx.listing([f"[{calculator_title(ctx, kind)}]({relative_link(ctx.page, f'calculators/{kind}.md')})"
                             for kind in rule["calculators"]])
        body += [ctx.labelled(ctx.t("Calculators:"), links), ""]
    # the rulings `about` this rule (Designer's Commentary questions on it), listed as a skill lists its own
    rulings = [ctx.repo[where] for where, _ in ctx.backlinks.of(rule.id) if where.startswith("ruling:")]
    body += entry_footer(ctx, rule, rulings)
    return [render("star-rule.html", anchor=rule.anchor, title=ctx.plain(rule["name"]),
                   badges=ctx.badges(rule.editions), body="\n".join(body)), ""]


def summary_lead(ctx: PageContext, skill: Entity) -> str:
    """The badges of the editions a skill's summary tells (plugins/data/verification.py `statements`: those
    without an edition note of their own), shown before the summary only while one of the skill's other
    editions is chosen: that edition's note then leads, and the summary says whose rule it is."""
    told = next(s.editions for s in statements(skill) if s.of == "summary")
    others = [e for e in ctx.editions.marks(skill.editions) if e not in ctx.editions.marks(list(told))]
    if not others:
        return ""
    return (f'<span class="nc-edition-only nc-summary-editions" data-edition-only="{" ".join(others)}" '
            f'data-search-exclude="true">{ctx.badges(list(ctx.editions.marks(list(told))))} </span>')


def _colon(ctx: PageContext) -> str:
    return "\u00a0: " if ctx.lang == "fr" else ("：" if ctx.lang == "ja" else ": ")


# --------------------------------------------------------------------------- rulings

# the rulings' pages are in render/rulings.py


# --------------------------------------------------------------------------- tables

def _name_and_effect(name: str, effect: str) -> str:
    """A table row's Result cell: its name in bold, then its effect on the next line."""
    return f"**{name}**<br>{effect}" if effect else name


def table_page(ctx: PageContext, table: Entity, probabilities: dict[int, str] | None = None) -> str:
    """A dice table, or a list (no `dice`: each row anchored on its name); `probabilities` maps each roll
    total to a formatted chance (2D6 tables). A table with a calculator (the Prayers to Nuffle) has the
    calculator first, then the summary and the table under their own heading."""
    lines = [f"# {ctx.plain(table['title'])}", "", ctx.badges(table.editions), "", *compare_line(ctx, table)]
    # the answer before the summary and the long table: the calculator's pinned headline on a phone's first
    # screen (review 8, breaker7 #3: after the French summary it was cut at the bottom of the screen)
    if "prayers" in (table.get("calculators") or []):
        lines += prayers_section(ctx, table) + [f"## {ctx.t('Table')} {{#table}}", ""]
    lines += [ctx.text(table["summary"]), ""]
    # A row's effect goes under its name, in one cell: a separate Effect column was cut off at 360 px (the
    # coach had to swipe sideways for the answer), and one long effect made its row a screen tall.
    dice = "dice" in table.data
    header = [ctx.t("Roll")] if dice else []
    if probabilities:
        header.append(ctx.t("Chance"))
    header.append(ctx.t("Result"))
    lines += ["| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
    for row in table["rows"]:
        mark = marks(ctx, table, f"rows.{row['key']}")
        effect = ctx.text(row.get("effect"), inline=True) if row.get("effect") else ""
        if not dice:
            name = anchor_key("row-" + row["key"], html.escape(ctx.plain(row["name"]), quote=False)) + mark
            lines.append(f"| {cell(_name_and_effect(name, effect))} |")
            continue
        roll = row["roll"]
        label = f"{roll[0]}–{roll[1]}" if isinstance(roll, list) else str(roll)
        cells = [anchor_key("row-" + row["key"], label)]
        if probabilities:
            values = range(roll[0], roll[1] + 1) if isinstance(roll, list) else [roll]
            cells.append(probabilities.get(tuple(values), ""))
        cells.append(cell(_name_and_effect(ctx.text(row["name"], inline=True) + mark, effect)))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines += notes_section(ctx, table.get("notes"), ctx.t("Where sources differ"))
    lines += sources_footer(ctx, table.get("sources"))
    return "\n".join(lines)


# --------------------------------------------------------------------------- glossary and sources

def glossary_page(ctx: PageContext, terms: list[Entity], pictures: dict[str, str]) -> str:
    """`pictures` maps a template name ("direction", "throw-in") to inline SVG markup."""
    lines = [f"# {ctx.t('Glossary')}", ""]
    for term in sorted(terms, key=by_name(ctx.repo, ctx.lang)):
        lines += [f"## {ctx.plain(term['name'])} {{#{term.anchor}}}", "", ctx.badges(term.editions), "",
                  *absent_notes(ctx, term), ctx.text(term["definition"]), ""]
        if term.get("template") in pictures:
            lines += [pictures[term["template"]], ""]
        if "throw-in" in (term.get("calculators") or []):
            lines += throw_in_section(ctx, term, None)
        lines += edition_notes(ctx, term.get("edition_notes"), term)
        lines += see_also_lines(ctx, term.get("see_also"))
        lines += sources_footer(ctx, term.get("sources"))
    return "\n".join(lines)


def sources_page(ctx: PageContext, sources: list[Entity], editions: list[Entity]) -> str:
    lines = [f"# {ctx.t('Sources and editions')}", "", f"## {ctx.t('Editions')} {{#editions}}", ""]
    for edition in sorted(editions, key=lambda e: e["year"]):
        lines += [f"### {ctx.plain(edition['name'])} {{#{edition.anchor}}}", "", ctx.text(edition["summary"]), ""]
    lines += [f"## {ctx.t('Sources')} {{#sources}}", ""]
    for source in sorted(sources, key=lambda s: (s.get("date") or "", s.slug)):
        facts = [no_markup(source["publisher"])] + ([source["date"]] if source.get("date") else [])
        lines += [f"### {ctx.plain(source['title'])} {{#{source.anchor}}}", "",
                  f"{ctx.badges(source.editions)} {' · '.join(facts)}", "",
                  ctx.text(source["weight"]), "",
                  ctx.labelled(f"*{ctx.t('Cited as:')}*", ctx.text(source["cite_as"], inline=True)), ""]
        if source.get("url"):
            lines += [f"<{source['url']}>", ""]
        lines += engine_options_link(ctx, source)
    return "\n".join(lines)
