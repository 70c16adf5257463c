"""The page generator of one language: data/ → the generated pages, their links, the navigation.

Nothing here imports MkDocs: the `nuffle` MkDocs plugin (plugin.py) is a thin adapter that hands MkDocs what
this makes, and `python -m plugins.site.generate` writes the same pages without any site generator (so that
the project can move to another one: README, "If Material for MkDocs stops").

The steps, in the order a build runs them:
    SiteGenerator.load   load and validate data/ (GenerationError on any problem), pick the language.
    pages / markdown     every generated page's Markdown, by docs-relative path (`sequences/pass-action-classic.md`).
    resolve              in any page's Markdown (generated or hand-written): `[[kind:slug]]` references become
                         relative Markdown links (`../skills/general.md#skill-block`), and the first use of each
                         glossary term links to it.
    finish               in the page's HTML (once Markdown made it, with the site's extensions, among them
                         plugins.site.marks that moves edition marks onto their <li>/<tr>): a stray mark
                         refused, the allowlist sanitiser, the skip link's target (the first calculator).
    translation_warnings what a strict build fails on: texts or UI strings missing in this language.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from ..data import DataError, Repository
from ..data.loader import load_repository_cached
from ..data.text import REF
from .a11y import target_first_calculator
from .autolink import TermIndex, link_first_uses, term_index
from .editions import EditionPage, Editions, edition_pages
from .locate import SHARED_PAGE
from .marks import unplaced_mark
from .messages import Messages
from .navigation import build_nav
from .pagemap import generated_pages
from .render.context import BackLinks, PageContext
from .sanitize import sanitize

LANGUAGES = ("en", "fr", "ja")  # the default language (at the site root) first


class GenerationError(Exception):
    """A problem that stops the build: bad data, an unknown language or reference, a misplaced edition mark.
    The message names the file (and line, for data) at fault."""


@dataclass
class SiteGenerator:
    """What the site is made of in one language. Build it with :meth:`load`; every method is pure rendering
    (the same input gives the same text) except that `t` records the UI strings it lacks."""

    repo: Repository
    lang: str
    t: Messages
    backlinks: BackLinks
    renderers: dict[str, Callable[[PageContext], str]]
    terms: TermIndex
    editions: Editions
    edition_pages: dict[str, EditionPage]
    languages: tuple[str, ...] = LANGUAGES
    calculator_ids: dict[str, str] = field(default_factory=dict)  # page path -> id of its first calculator

    @classmethod
    def load(cls, data_dir: Path, lang: str, languages: Sequence[str] = LANGUAGES) -> "SiteGenerator":
        """Load and validate `data_dir` (cached while its files are unchanged) for a build in `lang`.

        Raises:
            GenerationError: a data problem (`file:line: field: message`), or `lang` not in `languages`.
        """
        try:
            repo = load_repository_cached(Path(data_dir))
        except DataError as exc:
            raise GenerationError(str(exc)) from None
        if lang not in languages:
            raise GenerationError(f"theme.language {lang!r} is not one of {list(languages)}")
        editions = Editions.of(repo)
        return cls(repo=repo, lang=lang, t=Messages(lang), backlinks=BackLinks.build(repo),
                   renderers=generated_pages(repo),
                   terms=term_index(repo.of_kind("term"), lang, repo.termbase), editions=editions,
                   edition_pages=edition_pages(repo, editions), languages=tuple(languages))

    @property
    def is_default_language(self) -> bool:
        """Whether this language lives at the site root (the first of `languages`)."""
        return self.lang == self.languages[0]

    def pages(self) -> list[str]:
        """The docs-relative paths of the generated pages, in menu order within each section."""
        return list(self.renderers)

    def context(self, path: str) -> PageContext:
        """The rendering context of page `path` (links from it are relative to it)."""
        return PageContext(self.repo, self.lang, self.t, path, self.backlinks)

    def markdown(self, path: str) -> str:
        """The Markdown of generated page `path`, before `resolve` (as MkDocs reads a file).

        Raises:
            KeyError: `path` is not a generated page.
        """
        return self.renderers[path](self.context(path))

    def nav(self) -> list:
        """The menu, as MkDocs' `nav` setting: [{title: path or [...]}, ...] in this language."""
        return build_nav(self.repo, self.renderers, self.t)

    def resolve(self, markdown: str, path: str) -> str:
        """`markdown` of page `path` with its `[[kind:slug]]` references made links and the first use of each
        glossary term linked to the glossary.

        Raises:
            GenerationError: a reference to an entity the data does not have.
        """
        ctx = self.context(path)

        def replace(match):
            if f"{match['kind']}:{match['slug']}" not in self.repo:
                raise GenerationError(f"{path}: unknown reference {match[0]}")
            return ctx.ref_link(match["kind"], match["slug"], match["anchor"], match["text"])

        return link_first_uses(REF.sub(replace, markdown), path, self.terms, SHARED_PAGE["term"])

    def finish(self, html: str, path: str) -> str:
        """The page's HTML as published: the allowlist sanitiser (the one place where data texts have become
        HTML), and the first calculator marked as the skip link's target (its id is then in
        `calculator_ids[path]`). `html` is Markdown's output with the site's extensions (mkdocs.yml), whose
        `plugins.site.marks` has moved each edition mark onto its <li> or <tr>.

        Raises:
            GenerationError: an edition mark left elsewhere than at the start of a list item or table row.
        """
        if unplaced_mark(html):
            raise GenerationError(f"{path}: an edition mark is not at the start of a list item or table row")
        html, self.calculator_ids[path] = target_first_calculator(sanitize(html))
        return html

    def editions_css(self) -> str:
        """The stylesheet that hides the other editions' marks (assets/nuffle/editions.css)."""
        return self.editions.css()

    def translation_warnings(self) -> list[str]:
        """What a strict build fails on, once the pages are rendered: the data texts missing in this language
        (none for English, the source language) and the UI strings without a translation."""
        warnings = []
        if self.lang != "en":  # the data's source language
            warnings += [str(problem) for problem in self.repo.translation_problems
                         if problem.field.endswith(f".{self.lang}")]
        warnings += [f"UI string not translated into {self.lang}: {msgid!r} (plugins/locale)"
                     for msgid in sorted(self.t.missing)]
        return warnings
