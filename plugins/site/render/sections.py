"""The index page of a section's folder (`sequences/`, `tables/`, `calculators/`, and `targets/`, `rolls/` whose
pages are in the Tables section): the section's pages, in menu order and groups, each linked by its title in the
page's language. A coach who trims a page's address to its folder gets the list instead of a 404.

The pages and their titles are the menu's (`navigation.section_groups`), so the list and the menu never differ.
The list is left out of the site's search (`data-search-exclude`): its titles are each page's own, which the
search already finds there; the heading and the sentence under it stay in, so that a search for the section
finds its list. A folder that repeats another section's list (`targets/`, `rolls/`) is out of the search and
of the menu.
"""
from __future__ import annotations

from ...data.text import no_markup
from ..editions import edition_pages
from ..locate import page_of, relative_link
from .context import PageContext


def section_index_page(ctx: PageContext, section: str, own: bool) -> str:
    """The Markdown of `ctx.page`, the index page of the menu section `section` ("sequences", "tables",
    "calculators"). `own`: the page is the section's own index (in the menu and the search); otherwise a
    folder of that section that shows the same list (`targets/`, `rolls/`).

    Raises:
        KeyError: `section` has no index page (navigation.section_groups).
    """
    from ..navigation import index_title, section_groups  # navigation imports the page map, which imports this

    marks = {path: page.marks for path, page in edition_pages(ctx.repo, ctx.editions).items()}
    intro = {"sequences": ctx.t("Every sequence of play, step by step, in the order a coach meets them; one page "
                                "per edition."),
             "tables": ctx.t("The Agility and passing tests of each edition, then the game's tables, one page "
                             "each."),
             "calculators": ctx.t("Exact chances, computed in the page: a page per calculator, then the pages "
                                  "that hold one beside their rules.")}[section]
    lines = [] if own else ["---", "search:", "  exclude: true", "---", ""]
    lines += [f"# {index_title(ctx.t, section)}", "", intro, ""]
    groups = section_groups(ctx, section)
    if section == "calculators":
        groups = [*groups, ("elsewhere", ctx.t("Calculators on other pages"), _other_calculator_pages(ctx))]
    for key, title, pages in groups:
        if len(groups) > 1:  # a section of one group needs no heading under its title
            lines += [f'## {title} {{#{key} data-search-exclude="true"}}', ""]
        items = []
        for path, name in pages:
            label = no_markup(name).replace("[", "\\[").replace("]", "\\]")
            mark = ctx.editions.row_mark(list(marks[path])) if ctx.editions.missing(list(marks.get(path, ()))) \
                and path in marks else ""
            items.append(f"- {mark}[{label}]({relative_link(ctx.page, path)})")
        lines += [f'<div class="nc-section-list" data-search-exclude="true" markdown>', "", *items, "", "</div>", ""]
    return "\n".join(lines)


def _other_calculator_pages(ctx: PageContext) -> list[tuple[str, str]]:
    """The pages of the other sections that hold a calculator beside their rules, in menu order, with the menu's
    titles: the tests of each edition (targets/, rolls/: each has its calculator), the tables and the sequences
    whose data names calculators (the Prayers to Nuffle, the kick-off, the pass action)."""
    from ..navigation import section_groups

    holding = {page_of(e) for kind in ("table", "sequence") for e in ctx.repo.of_kind(kind) if e.get("calculators")}
    return [(path, name) for section in ("tables", "sequences") for key, _, members in section_groups(ctx, section)
            for path, name in members if (section, key) == ("tables", "tests") or path in holding]
