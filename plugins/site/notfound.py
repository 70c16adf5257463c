"""The 404 page and the offline page, in the build's language.

Material renders `404.html` from its own template, whose only content is "404 - Not found" in English.
The nuffle plugin (`on_post_template`) replaces that content with a heading, a sentence and a link to the
language's home page, and writes the same page with the offline message as `offline.html` next to it: the
service worker (`plugins/calc/static/sw.js`) answers a page that is not cached, when the reader is offline,
with the offline page of that page's language. Both pages use absolute links (the 404 page may be served at
any path), so they work wherever they are shown.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from urllib.parse import urlsplit

NOT_FOUND_TEMPLATE = "404.html"
OFFLINE_PAGE = "offline.html"  # the name sw.js asks for, at each language's root
MATERIAL_404 = "<h1>404 - Not found</h1>"


def page_body(t: Callable[..., str], home: str, offline: bool) -> str:
    """The content of the 404 page (`offline` False) or of the offline page, in the language of `t`.

    `home` is the language's home page (an absolute path such as "/fr/").
    """
    if offline:
        title = t("You are offline")
        text = t("This page was not saved on this device, so it cannot be shown without a connection. The pages "
                 "of this site in every language are saved once you have opened one of them online; "
                 "try again when you are back online.")
    else:
        title = t("Page not found")
        text = t("There is no page at this address. It may have moved: start again from the home page, or "
                 "search the site.")
    link = t("Go to the home page")
    return (f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(text)}</p>\n"
            f'<p><a href="{html.escape(home)}">{html.escape(link)}</a></p>')


def translated(output: str, t: Callable[..., str], site_url: str | None, offline: bool) -> str:
    """Material's rendered 404 page with its English content replaced (see :func:`page_body`).

    Raises ValueError when Material's template no longer has the content this replaces."""
    if MATERIAL_404 not in output:
        raise ValueError(f"Material's 404 template changed: {MATERIAL_404!r} not found")
    home = urlsplit(site_url or "/").path or "/"
    return output.replace(MATERIAL_404, page_body(t, home, offline), 1)
