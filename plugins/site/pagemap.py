"""The list of generated pages: path -> function that renders its Markdown."""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from calculators.api import handle

from ..data.model import Repository
from .render import pages
from .render.calcpages import STANDALONE
from .render.context import PageContext
from .render.compare import comparison_page
from .render.pictures import template_svg
from .render.status import auto_actions_page, translation_status_page
from .render.targets import edition_rolls_page, target_page

Renderer = Callable[[PageContext], str]


def generated_pages(repo: Repository) -> dict[str, Renderer]:
    """Every page the data produces, by docs-relative path, in nav order within each section."""
    out: dict[str, Renderer] = {}
    for seq in repo.of_kind("sequence"):
        out[f"sequences/{seq.slug}.md"] = lambda ctx, seq=seq: pages.sequence_page(ctx, seq)
    for comparison in repo.of_kind("comparison"):
        out[f"comparisons/{comparison.slug}.md"] = lambda ctx, c=comparison: comparison_page(ctx, c)
    for target in repo.of_kind("target"):
        rolls = sorted((r for r in repo.of_kind("roll") if r.get("target") == target.slug),
                       key=lambda r: (r.get("order", 99), r.slug))
        out[f"targets/{target.slug}.md"] = lambda ctx, t=target, r=rolls: target_page(ctx, t, r)
    by_edition: dict[str, list] = {}
    for roll in repo.of_kind("roll"):
        if "target" not in roll.data:
            by_edition.setdefault(roll.slug.rpartition("-")[2], []).append(roll)
    for edition, rolls in sorted(by_edition.items()):
        rolls.sort(key=lambda r: (r.get("order", 99), r.slug))
        out[f"rolls/{edition}.md"] = lambda ctx, e=repo[f"edition:{edition}"], r=rolls: edition_rolls_page(ctx, e, r)
    for table in repo.of_kind("table"):
        out[f"tables/{table.slug}.md"] = lambda ctx, t=table: pages.table_page(ctx, t, _chances(ctx, t))
    for kind, page in STANDALONE.items():
        out[f"calculators/{kind}.md"] = page
    skills = repo.of_kind("skill")
    out["skills/index.md"] = lambda ctx: pages.skills_index_page(ctx, skills)
    for category in pages.CATEGORY_ORDER:
        members = [s for s in skills if s["category"] == category]
        if members:
            out[f"skills/{category}.md"] = lambda ctx, c=category, m=members: pages.skill_category_page(ctx, c, m)
    out["skills/auto-actions.md"] = lambda ctx: auto_actions_page(ctx, skills)
    rulings = repo.of_kind("ruling")
    out["rulings/index.md"] = lambda ctx: pages.rulings_page(ctx, rulings)
    out["glossary.md"] = lambda ctx: pages.glossary_page(
        ctx, repo.of_kind("term"), {name: template_svg(ctx, name) for name in ("direction", "throw-in")})
    out["sources.md"] = lambda ctx: pages.sources_page(ctx, repo.of_kind("source"), repo.of_kind("edition"))
    out["translation-status.md"] = lambda ctx: translation_status_page(ctx)
    return out


def _chances(ctx: PageContext, table) -> dict[tuple, str] | None:
    """Chance of each row's roll, computed by the resolver (2D6 tables only)."""
    if table["dice"] != "2d6":
        return None
    out = {}
    response = handle({"kind": "dice-total", "dice": "2d6"})
    if not response.get("ok"):
        return None
    dist = {int(k): v for k, v in response["result"]["distribution"].items()}
    for row in table["rows"]:
        roll = row["roll"]
        values = tuple(range(roll[0], roll[1] + 1)) if isinstance(roll, list) else (roll,)
        p = sum((Fraction(dist[v]["exact"]) for v in values), Fraction(0))
        out[values] = f'<span title="{p}">{ctx.t.percent(p)}</span>'
    return out
