"""How a calculator sits in a page: the rules it assumes, the page of its own, several forms on one page.

`assumes` writes the Markdown that links the rules a calculator computes and states the readings it takes;
`standalone_page` lays out a calculator's page of its own (the form first, then how it is computed);
`check_disjoint` stops the build when two calculators of one page would share a field of the query string.
"""
from __future__ import annotations

from collections import Counter

from calculators.rules import RuleBook

from .blocks import search_front_matter
from .calcchoices import annotated
from .calculator import Calculator, render
from .context import PageContext, rule_book
from .templating import render as render_template

SEARCH_BOOST = 3  # Material's per-page search boost of the calculator pages


def links(ctx: PageContext, ids: list[str]) -> str:
    """Links to the entities that exist (the fixture data has only a few).  Where a skill bears the name of
    another entry of the list (the Block action and the Block skill: « Blocage » twice in French), the skill
    says it is one, so the list never names one thing twice."""
    found = [ctx.repo[i] for i in ids if i in ctx.repo]
    names = Counter(entity.title(ctx.lang) for entity in found)
    items = [annotated(ctx, ctx.link(entity), ctx.t("skill"))
             if entity.kind == "skill" and names[entity.title(ctx.lang)] > 1 else ctx.link(entity) for entity in found]
    # a ruling's title is a question ending in "?": questions are separated by semicolons so that each reads whole
    return ctx.listing(items, strong=any(entity.kind == "ruling" for entity in found))


def assumes(ctx: PageContext, ids: list[str], statements: list[str]) -> list[str]:
    """The rules a calculator computes (links) and the readings it takes, as Markdown above the form."""
    lines = []
    linked = links(ctx, ids)
    if linked:
        lines += [render_template("calc/note.html", class_name="nc-assumes", markdown=True,
                                  text=ctx.labelled(ctx.t("Rules it assumes:"), linked)), ""]
    for statement in statements:
        lines += [statement, ""]
    return lines


def check_disjoint(calcs: list[Calculator], rules: RuleBook | None) -> None:
    """Calculators on one page share the query string: their visible fields must have different names."""
    from .calculator import _forms

    seen: dict[str, str] = {}
    for calc in calcs:
        names = {n for fields in _forms(calc, rules).values() for n in fields} - set(calc.fixed) - set(calc.omit)
        for name in names:
            if name in seen and seen[name] != calc.kind:
                raise ValueError(f"calculators {seen[name]} and {calc.kind} on one page both have a field {name!r}")
            seen[name] = calc.kind


def standalone_page(ctx: PageContext, calc: Calculator, title: str, intro: str, ids: list[str],
                statements: list[str], extra: list[str] | None = None,
                before_field: tuple[str, str] | None = None) -> str:
    """A calculator page: the title, one paragraph, then the form and its result (first, so that on a phone
    the reader reaches them at once), then the rules it assumes and the page's ``extra`` Markdown.
    ``before_field``: ``(field name, HTML)`` put in the form just before that field (the roll-by-roll form)."""
    rules = rule_book(ctx.repo)
    form = render(ctx, calc, rules, insert=before_field)
    # a search for what it computes ("odds", « probabilité », 確率) ranks the calculator above the rule pages
    lines = [*search_front_matter(SEARCH_BOOST), f"# {title}", "", intro, ""]
    lines += [f"## {ctx.t('Calculator')} {{#calculator}}", "", form, ""]
    lines += [f"## {ctx.t('How it is computed')} {{#assumes}}", ""] + assumes(ctx, ids, statements)
    lines += extra or []
    return "\n".join(lines)
