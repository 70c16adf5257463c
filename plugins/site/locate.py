"""Where each entity is shown: the page (a docs-relative .md path) and the anchor on that page.

Every language build uses the same paths and anchors, so the language switch can keep the place.
"""
from __future__ import annotations

import posixpath

from ..data.model import Entity

# Kinds shown inside a shared page rather than on a page of their own.
SHARED_PAGE = {
    "term": "glossary.md",
    "source": "sources.md",
    "edition": "sources.md",
    "engine-option": "rulings/engine-options.md",
    "star-rule": "skills/star-rules.md",  # one page, a section per rule (`#star-rule-<slug>`)
}

CLASSIC = {"classic", "bb2016"}
CLASSIC_TESTS = "targets/agility-classic.md"  # the classic rolls' page: the AG table's


def page_of(entity: Entity) -> str:
    """The .md path (relative to docs_dir) of the page that shows `entity`."""
    if entity.kind in SHARED_PAGE:
        return SHARED_PAGE[entity.kind]
    if entity.kind == "skill":
        return f"skills/{entity['category']}.md"
    if entity.kind == "ruling":
        return ruling_page(entity.slug)
    if entity.kind == "roll":
        if "target" in entity.data:
            return f"targets/{entity['target']}.md"
        if "target_number" in entity.data and set(entity.editions) <= CLASSIC:
            return CLASSIC_TESTS  # a fixed N+ (the classic Going For It) beside the other classic rolls
        return f"rolls/{entity.slug.rpartition('-')[2]}.md"  # BB2020+: one page of tests per edition
    return f"{entity.kind}s/{entity.slug}.md"


RULINGS_INDEX = "rulings/index.md"  # the list of every ruling, grouped by what it is about
RULINGS_MATRIX = "rulings/who-plays-it-how.md"  # the disputed rulings side by side, body by body


def ruling_page(slug: str) -> str:
    """A ruling's own page, `rulings/<slug>.md` (URL `rulings/<slug>/`, the same in every language).

    Rulings were sections of one page (`rulings/#ruling-<slug>`); that page keeps an element with the old
    id for each ruling, which leads on to the ruling's page (render/pages.py, nuffle.js).
    """
    if slug == "index":
        raise ValueError("a ruling cannot have the slug 'index': rulings/index.md is the list of rulings")
    if f"rulings/{slug}.md" == RULINGS_MATRIX:
        raise ValueError(f"a ruling cannot have the slug {slug!r}: {RULINGS_MATRIX} is the matrix of rulings")
    return f"rulings/{slug}.md"


def anchor_of(entity: Entity) -> str | None:
    """The HTML id of `entity` on its page, or None when the entity is the whole page."""
    if entity.kind in SHARED_PAGE or entity.kind in ("skill", "roll"):
        return entity.anchor
    return None


def relative_link(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A Markdown link target from one .md page to another (MkDocs turns it into a URL)."""
    if from_page == to_page:
        return f"#{anchor}" if anchor else posixpath.basename(to_page)
    rel = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{rel}#{anchor}" if anchor else rel
