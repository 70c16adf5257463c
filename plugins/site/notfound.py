"""The 404 page and the offline page, in the build's language.

Both are templates of the page shell: overrides/404.html (MkDocs renders it as a static template, with
absolute links since the page may be served at any path) and overrides/offline.html, rendered by the nuffle
plugin with the 404 page's context, so its links are absolute too. Their content (a heading, a sentence, the
404 page's search box and a link to the language's home page) is overrides/partials/nc-not-found.html.

The service worker (`plugins/calc/static/sw.js`) answers a page that is not cached, when the reader is
offline, with the offline page of that page's language.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

import jinja2

from .shell import Shell

NOT_FOUND_TEMPLATE = "404.html"
OFFLINE_TEMPLATE = "offline.html"
OFFLINE_PAGE = "offline.html"  # the name sw.js asks for, at each language's root


def error_shell(shell: Shell, t: Callable[..., str], offline: bool) -> Shell:
    """`shell` (the values of a page with no picker and no calculator) for the 404 page or the offline page:
    its <title> in the language of `t`."""
    title = t("You are offline") if offline else t("Page not found")
    return dataclasses.replace(shell, title=title, offline=offline, picker=None, calculator_id="")


def write_offline_page(env: jinja2.Environment, context: dict, shell: Shell, t: Callable[..., str],
                       site_dir: str, others: Sequence[tuple[str, str]] = ()) -> None:
    """Render overrides/offline.html with the 404 page's `context` into `site_dir`/offline.html. `others`: (lang,
    "You are offline" in that language) for the site's other languages: the service worker answers with the
    reader's language's offline page, which then says it in the language of the address too (review 6,
    finding 8: a reader who tapped 日本語 got no Japanese at all)."""
    html = env.get_template(OFFLINE_TEMPLATE).render({**context, "nc": error_shell(shell, t, offline=True),
                                                      "nc_offline_others": list(others)})
    Path(site_dir, OFFLINE_PAGE).write_text(html, encoding="utf-8")
