"""The site navigation, with section titles in the build's language."""
from __future__ import annotations

from ..data.model import Repository
from ..data.text import no_markup
from .messages import Messages
from .locate import SHARED_PAGE
from .pagemap import DIFFERENCES
from .render.pages import CATEGORY_ORDER
from .render.options import PAGE as ENGINE_OPTIONS
from .render.unconfirmed import VERIFICATION_PAGE
from .render.coverage import PAGE as COVERAGE_PAGE


STAR_RULES = SHARED_PAGE["star-rule"]


def build_nav(repo: Repository, pages: dict, t: Messages) -> list:
    """MkDocs `nav` entries: hand-written pages first, then the sections generated from data/."""

    def titled(path: str, title: str) -> dict:
        # the theme writes menu titles into the page as they are: a data title must open no tag
        return {no_markup(title): path}

    sequences = [titled(f"sequences/{s.slug}.md", s.title(t.lang)) for s in repo.of_kind("sequence")]
    tables = [titled(f"targets/{s.slug}.md", s.title(t.lang)) for s in repo.of_kind("target")]
    tables += [f"rolls/{path.split('/')[1]}" for path in pages if path.startswith("rolls/")]
    tables += [titled(f"tables/{s.slug}.md", s.title(t.lang)) for s in repo.of_kind("table")]
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
    calculators = [path for path in pages if path.startswith("calculators/")]
    if calculators:
        nav.append({t("Calculators"): calculators})
    nav.append({t("Skills"): skills})
    if ENGINE_OPTIONS in pages:  # the rulings, then the engine options that switch their readings
        nav.append({t("Rulings"): [titled("rulings/index.md", t("All rulings")),
                                   titled(ENGINE_OPTIONS, t("Engine options"))]})
    else:
        nav.append({t("Rulings"): "rulings/index.md"})
    nav.append({t("Glossary"): "glossary.md"})
    about = ["about.md", "sources.md", "translation-status.md", VERIFICATION_PAGE]
    nav.append({t("About"): about + ([COVERAGE_PAGE] if COVERAGE_PAGE in pages else [])})
    return nav
