"""Put back the no-break spaces that MkDocs, Python-Markdown and Jinja collapse in titles.

French typography puts a no-break space (U+00A0, or the narrow U+202F) before `: ; ! ?` and inside « ».
Our renderers keep them (`plugins.data.text.squeeze`), but three steps after them collapse whitespace with
`" ".join(text.split())`, which turns those spaces into plain ones: Python-Markdown's `toc` extension (the
table of contents), MkDocs's page title taken from the first heading (the navigation), and Jinja's
`striptags` in Material's `<title>`. Each title is therefore rebuilt here from the page's own text, and
used only when it is what the collapsed one was made from (so nothing else is ever changed); the page
shell writes <title> with `html_title` instead of `striptags`.
"""
from __future__ import annotations

import html
import re

from ..data.text import squeeze

HEADING = re.compile(r'<h(?P<level>[1-6])\b[^>]*?\bid="(?P<id>[^"]+)"[^>]*>(?P<inner>.*?)</h(?P=level)>', re.DOTALL)
PERMALINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.DOTALL)
TAG = re.compile(r"<!--.*?-->|<[^>]*>", re.DOTALL)


def collapse(text: str) -> str:
    """What MkDocs, Python-Markdown and Jinja do to a title's whitespace (U+00A0 and U+202F included)."""
    return " ".join(text.split())


def restore(collapsed: str, original: str) -> str:
    """`original` on one line with its no-break spaces, if collapsing it gives `collapsed`; else `collapsed`."""
    kept = squeeze(original)
    return kept if collapse(kept) == collapsed else collapsed


def heading_texts(content: str) -> dict[str, str]:
    """The text of each heading of a rendered page (as HTML: tags removed, entities kept), by id."""
    return {m["id"]: squeeze(TAG.sub("", PERMALINK.sub("", m["inner"]))) for m in HEADING.finditer(content)}


def restore_titles(content: str, page) -> None:
    """on_page_content: the table of contents and the title taken from the first heading, with their
    no-break spaces (in place, on `page`)."""
    texts = heading_texts(content)

    def walk(items) -> None:
        for item in items:
            if item.id in texts:
                item.title = restore(item.title, texts[item.id])
            walk(item.children)

    walk(page.toc)
    first = HEADING.search(content)
    if first and first["level"] == "1" and page.title:
        title = restore(page.title, texts[first["id"]])
        if title != page.title:
            page.title = title


def html_title(title: str) -> str:
    """The page title as the text of <title> (the `nc_title` filter of overrides/main.html): what Material's
    `{{ page.title | striptags }}` gives, tags removed and references decoded, but with the title's
    no-break spaces kept and escaped again, so that a data title holding `&lt;/title&gt;` cannot close
    the element and write markup into <head>."""
    return html.escape(squeeze(html.unescape(TAG.sub("", title or ""))), quote=False)
