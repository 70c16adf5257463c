"""The list of generated pages: path -> function that renders its Markdown."""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from calculators.api import handle
from calculators.casualty import dice_distribution
from calculators.errors import CalcError

from ..data.model import Repository
from ..data.text import no_markup
from .render import pages, rulings as ruling_pages
from .render.calcpages import standalone_pages
from .render.context import PageContext
from .locate import RULINGS_INDEX, RULINGS_MATRIX, ruling_page
from .editions import Editions, edition_pages, page_entity
from .render.compare import comparison_page
from .render.differences import differences_page
from .render.editions import banners
from .render.pictures import template_svg
from .render.sections import section_index_page
from .render.options import PAGE as ENGINE_OPTIONS, engine_options_page
from .render.status import auto_actions_page, translation_status_page
from .render.unconfirmed import VERIFICATION_PAGE
from .render.verification import verification_page
from .render.coverage import PAGE as COVERAGE_PAGE, coverage_page
from .locate import SHARED_PAGE, page_of
from .render.targets import edition_rolls_page, edition_rolls_title, target_page

Renderer = Callable[[PageContext], str]


#: the index page of each folder of generated pages -> the menu section it lists (render/sections.py); a folder
#: whose name is not its section's (`targets/`, `rolls/`, in the Tables section) shows the same list, out of the
#: menu. The other folders have an index of their own: skills/, rulings/, comparisons/.
SECTION_INDEXES = {
    "sequences/index.md": "sequences",
    "tables/index.md": "tables", "targets/index.md": "tables", "rolls/index.md": "tables",
    "calculators/index.md": "calculators",
}


def _section_index(path: str) -> Renderer:
    section = SECTION_INDEXES[path]
    own = path.startswith(f"{section}/")
    return lambda ctx: section_index_page(ctx, section, own)


def generated_pages(repo: Repository) -> dict[str, Renderer]:
    """Every page the data produces, by docs-relative path, in nav order within each section."""
    out: dict[str, Renderer] = {}
    out.update({path: _section_index(path) for path in SECTION_INDEXES})
    for seq in repo.of_kind("sequence"):
        out[f"sequences/{seq.slug}.md"] = lambda ctx, seq=seq: pages.sequence_page(ctx, seq)
    out[DIFFERENCES] = differences_page
    for comparison in repo.of_kind("comparison"):
        if f"comparisons/{comparison.slug}.md" == DIFFERENCES:
            raise ValueError(f"{comparison.file}: the slug {comparison.slug!r} is taken by the page of differences")
        out[f"comparisons/{comparison.slug}.md"] = lambda ctx, c=comparison: comparison_page(ctx, c)
    for target in repo.of_kind("target"):
        rolls = sorted((r for r in repo.of_kind("roll") if page_of(r) == f"targets/{target.slug}.md"),
                       key=lambda r: (r.get("order", 99), r.slug))
        out[f"targets/{target.slug}.md"] = lambda ctx, t=target, r=rolls: target_page(ctx, t, r)
    by_edition: dict[str, list] = {}
    for roll in repo.of_kind("roll"):
        if page_of(roll).startswith("rolls/"):
            by_edition.setdefault(roll.slug.rpartition("-")[2], []).append(roll)
    for edition, rolls in sorted(by_edition.items()):
        rolls.sort(key=lambda r: (r.get("order", 99), r.slug))
        out[f"rolls/{edition}.md"] = lambda ctx, e=repo[f"edition:{edition}"], r=rolls: edition_rolls_page(ctx, e, r)
    for table in repo.of_kind("table"):
        out[f"tables/{table.slug}.md"] = lambda ctx, t=table: pages.table_page(ctx, t, _chances(ctx, t))
    for kind, page in standalone_pages(repo).items():
        out[f"calculators/{kind}.md"] = page
    skills = repo.of_kind("skill")
    out["skills/index.md"] = lambda ctx: pages.skills_index_page(ctx, skills)
    for category in pages.CATEGORY_ORDER:
        members = [s for s in skills if s["category"] == category]
        if members:
            out[f"skills/{category}.md"] = lambda ctx, c=category, m=members: pages.skill_category_page(ctx, c, m)
    star_rules = repo.of_kind("star-rule")
    if star_rules:
        out[SHARED_PAGE["star-rule"]] = lambda ctx: pages.star_rules_page(ctx, star_rules)
    out["skills/auto-actions.md"] = lambda ctx: auto_actions_page(ctx, skills)
    rulings = repo.of_kind("ruling")
    out[RULINGS_INDEX] = lambda ctx: ruling_pages.rulings_page(ctx, rulings)
    out[RULINGS_MATRIX] = lambda ctx: ruling_pages.matrix_page(ctx, rulings)
    for ruling in rulings:
        out[ruling_page(ruling.slug)] = lambda ctx, r=ruling: ruling_pages.ruling_page(ctx, r)
    options = repo.of_kind("engine-option")
    if options:
        out[ENGINE_OPTIONS] = lambda ctx: engine_options_page(ctx, options)
    out["glossary.md"] = lambda ctx: pages.glossary_page(
        ctx, repo.of_kind("term"), {name: template_svg(ctx, name) for name in ("direction", "throw-in")})
    out["sources.md"] = lambda ctx: pages.sources_page(ctx, repo.of_kind("source"), repo.of_kind("edition"))
    out["translation-status.md"] = lambda ctx: translation_status_page(ctx)
    out[VERIFICATION_PAGE] = verification_page
    if repo.of_kind("coverage"):
        out[COVERAGE_PAGE] = coverage_page
    for path, page in edition_pages(repo, Editions.of(repo)).items():
        if path in out and page.counterparts:
            out[path] = _with_banners(out[path], page)
    return out


def in_nav(path: str) -> bool:
    """Whether a generated page has an entry in the menu: every one but the rulings' own pages, which the
    rulings index lists (86 entries in the menu would weigh on every page), and the folders `targets/` and
    `rolls/`, whose index repeats the Tables section's."""
    if path in SECTION_INDEXES:  # a folder's copy of another section's list is not in the menu
        return path.startswith(f"{SECTION_INDEXES[path]}/")
    return not (path.startswith("rulings/") and path not in (RULINGS_INDEX, RULINGS_MATRIX))


DIFFERENCES = "comparisons/index.md"  # what differs between editions: linked from every page's edition picker


def page_title(ctx: PageContext, path: str) -> str:
    """The title of a generated page that shows sequences, tables or tests, in ctx's language."""
    entity = page_entity(ctx.repo, path)
    if entity is not None:
        return no_markup(ctx.plain(entity.get("title") or entity.get("name")))
    edition = path.removeprefix("rolls/").removesuffix(".md")
    return edition_rolls_title(ctx, ctx.repo[f"edition:{edition}"])


def _with_banners(render: Renderer, page) -> Renderer:
    """The page with, under its title, a banner per edition it does not tell (shown while that edition is chosen)."""
    def wrapped(ctx: PageContext) -> str:
        title, _, rest = render(ctx).partition("\n")
        titles = {p: page_title(ctx, p) for paths in page.counterparts.values() for p in paths}
        return "\n".join([title, "", *banners(ctx, page, titles)]) + rest
    return wrapped


def _chances(ctx: PageContext, table) -> dict[tuple, str] | None:
    """Chance of each row's roll, computed by the resolver (the dice of `calculators.casualty.dice_distribution`:
    2D6 tables through the `dice-total` kind as before, the D68, D16 and D6 injury tables too); none for a list."""
    if "dice" not in table.data:
        return None
    if table["dice"] == "2d6":
        response = handle({"kind": "dice-total", "dice": "2d6"})
        if not response.get("ok"):
            return None
        dist = {int(k): Fraction(v["exact"]) for k, v in response["result"]["distribution"].items()}
    else:
        try:
            dist = dice_distribution(table["dice"])
        except CalcError:
            return None
    out = {}
    for row in table["rows"]:
        roll = row["roll"]
        values = tuple(range(roll[0], roll[1] + 1)) if isinstance(roll, list) else (roll,)
        p = sum((dist.get(v, Fraction(0)) for v in values), Fraction(0))  # a D68 range skips 19, 20, ...
        out[values] = f'<span title="{p}">{ctx.t.percent(p)}</span>'
    return out
