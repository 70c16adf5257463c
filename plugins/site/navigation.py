"""The site navigation, with section titles in the build's language."""
from __future__ import annotations

from ..data.model import EDITIONS_ORDER, Entity, Repository
from ..data.text import no_markup
from .editions import _slug_stem
from .messages import Messages
from .locate import RULINGS_INDEX, RULINGS_MATRIX, SHARED_PAGE, page_of
from .pagemap import DIFFERENCES, SECTION_INDEXES
from .render.calcpages import standalone_pages, standalone_title
from .render.context import BackLinks, PageContext
from .render.pages import CATEGORY_ORDER
from .render.options import PAGE as ENGINE_OPTIONS
from .render.unconfirmed import VERIFICATION_PAGE
from .render.coverage import PAGE as COVERAGE_PAGE


STAR_RULES = SHARED_PAGE["star-rule"]

# The Sequences menu, in game order: each group's sequence families (a family is a slug without its
# edition suffix: `pass-action-classic` -> `pass-action`), in the order a coach meets them. A new sequence
# gets its place here; one that has none is listed last, under "Other sequences" (and a test fails).
SEQUENCE_ORDER: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("pre-game", ("pre-game",)),
    ("kick-off", ("kick-off",)),
    ("team-turn", (
        "team-turn",
        # the actions, in the order a coach meets them
        "move-action", "blitz-action", "block-action", "multiple-block", "pass-action", "hand-off",
        "throw-team-mate", "foul-action", "secure-the-ball",
    )),
    # the special actions, then skill order and special cases (a group of their own: one list of 51 is
    # too long to scroll on a phone)
    ("special", (
        "stab", "chainsaw", "projectile-vomit", "breathe-fire", "hypnotic-gaze", "bombardier",
        "ball-and-chain", "kick-team-mate",
        "move-action-skill-order", "leap", "diving-tackle",
    )),
    ("injuries", ("knocked-down",)),
    ("end", ("end-of-drive", "post-game")),
)


def group_titles(t: Messages) -> dict[str, str]:
    """The title of each group of SEQUENCE_ORDER (and of "other") in the build's language."""
    return {
        "pre-game": t("Before the game"),
        "kick-off": t("Kick-off"),
        "team-turn": t("The team turn"),
        "special": t("Special actions and skills"),
        "injuries": t("Injuries"),
        "end": t("End of drive and game"),
        "other": t("Other sequences"),
    }


def sequence_family(entity: Entity) -> str:
    """`pass-action-classic` -> `pass-action`: the slug without the edition it ends with, if any."""
    return _slug_stem(entity) or entity.slug


def sequence_groups(repo: Repository) -> list[tuple[str, list[Entity]]]:
    """The sequences by group key, in game order; within a family, the editions oldest first. Sequences
    of a family SEQUENCE_ORDER does not name come last, under "other"; an empty group is left out."""
    place = {family: (g, i) for g, (_, families) in enumerate(SEQUENCE_ORDER) for i, family in enumerate(families)}
    other = len(SEQUENCE_ORDER)

    def edition_rank(entity: Entity) -> int:
        return min((EDITIONS_ORDER.index(e) for e in entity.editions if e in EDITIONS_ORDER),
                   default=len(EDITIONS_ORDER))

    def key(entity: Entity) -> tuple:
        group, rank = place.get(sequence_family(entity), (other, 0))
        return group, rank, sequence_family(entity), edition_rank(entity), entity.slug

    keys = [g for g, _ in SEQUENCE_ORDER] + ["other"]
    grouped: dict[str, list[Entity]] = {}
    for entity in sorted(repo.of_kind("sequence"), key=key):
        grouped.setdefault(keys[key(entity)[0]], []).append(entity)
    return [(k, grouped[k]) for k in keys if k in grouped]


Group = tuple[str, str, list[tuple[str, str]]]  # (anchor key, title, [(page path, page title)])


def section_groups(ctx: PageContext, section: str) -> list[Group]:
    """The pages of a menu section whose folders have an index page (pagemap.SECTION_INDEXES: "sequences",
    "tables", "calculators"), in menu order, in groups: (the group's anchor on the index page, the same in every
    language; its title in ctx's language; its pages' paths and titles). The menu and the index pages are both
    made from this, so that they list the same pages.

    Raises:
        KeyError: `section` is not one of those.
    """
    repo, t = ctx.repo, ctx.t
    if section == "sequences":
        titles = group_titles(t)
        return [(group, titles[group], [(f"sequences/{s.slug}.md", s.title(t.lang)) for s in members])
                for group, members in sequence_groups(repo)]
    if section == "tables":
        from .pagemap import page_title  # the title of a page of tests by edition, as its own title says
        tests = [(f"targets/{s.slug}.md", s.title(t.lang)) for s in repo.of_kind("target")]
        rolls = sorted({page_of(r) for r in repo.of_kind("roll") if page_of(r).startswith("rolls/")})
        tests += [(path, page_title(ctx, path)) for path in rolls]
        tables = [(f"tables/{s.slug}.md", s.title(t.lang)) for s in repo.of_kind("table")]
        return [group for group in (("tests", t("Agility and passing tests"), tests), ("tables", t("Tables"), tables))
                if group[2]]
    if section == "calculators":
        pages = [(f"calculators/{kind}.md", standalone_title(ctx, kind)) for kind in standalone_pages(repo)]
        return [("calculators", t("Calculators"), pages)] if pages else []
    raise KeyError(section)


def index_title(t: Messages, section: str) -> str:
    """The title of a section's index page (its <title> and heading: what a search engine shows)."""
    return {"sequences": t("Blood Bowl sequences, step by step"),
            "tables": t("Blood Bowl tables and tests"),
            "calculators": t("Blood Bowl dice calculators")}[section]


def build_nav(repo: Repository, pages: dict, t: Messages) -> list:
    """MkDocs `nav` entries: hand-written pages first, then the sections generated from data/. A section
    whose folder has an index page (pagemap.SECTION_INDEXES) starts with it: the theme's navigation.indexes
    makes it the section title's link."""

    def titled(path: str, title: str) -> dict:
        # the theme writes menu titles into the page as they are: a data title must open no tag
        return {no_markup(title): path}

    ctx = PageContext(repo, t.lang, t, "index.md", BackLinks())
    index = {section: path for path, section in SECTION_INDEXES.items() if path.startswith(f"{section}/")}

    def first(section: str) -> list:
        path = index[section]
        return [titled(path, index_title(t, section))] if path in pages else []

    sequences = [{title: [titled(path, name) for path, name in members]}
                 for _, title, members in section_groups(ctx, "sequences")]
    if sequences:
        sequences = first("sequences") + sequences
    tables = [titled(path, name) for _, _, members in section_groups(ctx, "tables") for path, name in members]
    if tables:
        tables = first("tables") + tables
    skills = [titled("skills/index.md", t("All skills"))]
    skills += [f"skills/{c}.md" for c in CATEGORY_ORDER if f"skills/{c}.md" in pages]
    if STAR_RULES in pages:  # the star players' special rules, told like skills
        skills.append(STAR_RULES)
    skills.append("skills/auto-actions.md")
    comparisons = [titled(DIFFERENCES, t("What differs between editions"))]
    comparisons += [titled(f"comparisons/{c.slug}.md", c.title(t.lang)) for c in repo.of_kind("comparison")]
    nav: list = ["index.md"]
    nav.append({t("Editions compared"): comparisons})
    if sequences:
        nav.append({t("Sequences"): sequences})
    if tables:
        nav.append({t("Tables"): tables})
    calculators = [titled(path, name) for _, _, members in section_groups(ctx, "calculators") for path, name in members]
    if calculators:
        nav.append({t("Calculators"): first("calculators") + calculators})
    nav.append({t("Skills"): skills})
    # the rulings, the matrix of who plays them how, then the engine options that switch their readings
    rulings = [titled(RULINGS_INDEX, t("All rulings"))]
    if RULINGS_MATRIX in pages:
        rulings.append(titled(RULINGS_MATRIX, t("Who plays it how")))
    if ENGINE_OPTIONS in pages:
        rulings.append(titled(ENGINE_OPTIONS, t("Engine options")))
    nav.append({t("Rulings"): rulings})
    nav.append({t("Glossary"): "glossary.md"})
    about = ["about.md", "sources.md", "translation-status.md", VERIFICATION_PAGE]
    nav.append({t("About"): about + ([COVERAGE_PAGE] if COVERAGE_PAGE in pages else [])})
    return nav
