"""Fixtures of the page tests."""
from __future__ import annotations

import pytest

from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext


@pytest.fixture(scope="module")
def render_page(repo):
    """`render_page(lang, path)`: the Markdown the `nuffle` plugin generates for page `path` (e.g.
    "calculators/chain.md") of the real data in `lang`, without building the site."""
    backlinks = BackLinks.build(repo)
    generated = generated_pages(repo)
    rendered: dict[tuple[str, str], str] = {}  # a page asked for again (another test or pattern): not rendered again

    def render(lang: str, path: str) -> str:
        if (lang, path) not in rendered:
            rendered[lang, path] = generated[path](PageContext(repo, lang, Messages(lang), path, backlinks))
        return rendered[lang, path]
    return render


@pytest.fixture(scope="module")
def menu_section(repo):
    """`menu_section(lang, title)`: the entries of the top-level menu section `title` (an English msgid, e.g.
    "About"), as the `nuffle` plugin builds the navigation in `lang`."""
    from plugins.site.navigation import build_nav

    def section(lang: str, title: str) -> list:
        t = Messages(lang)
        nav = build_nav(repo, generated_pages(repo), t)
        return next(entry[t(title)] for entry in nav if isinstance(entry, dict) and t(title) in entry)
    return section
