"""Links in data text, as the Markdown parser sees them: a text is rendered with the site's own Markdown
configuration (the `markdown_extensions` of mkdocs.yml), and every URL of the HTML it makes, and every
reference definition it holds, must be relative or `https:`.

A regular expression on the source cannot see every form a link takes: a reference definition inside a
blockquote, inside a list item or an admonition, or with its destination on the next line, is a link all
the same. The parser's output is what a page, or a consumer of the open data, ends up with.
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml

from .text import REF

MKDOCS_YML = Path(__file__).resolve().parent.parent.parent / "mkdocs.yml"
# Attributes whose value a browser reads as a URL.
URL_ATTRS = frozenset({"href", "src", "srcset", "action", "formaction", "xlink:href", "data", "poster", "cite",
                       "background", "longdesc", "ping"})
SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
# What a browser drops from a URL before reading its scheme: ASCII controls and spaces.
_IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]")
# A link, an image or a reference definition needs `[`; an autolink or raw HTML needs `<`. A text with
# neither (once its [[kind:slug]] references are taken out) cannot make a URL, and is not rendered.
_MAY_LINK = re.compile(r"[\[<]")


class _IgnoreTags(yaml.SafeLoader):
    """Reads mkdocs.yml, whose `!ENV` or `!!python/name:` values the extension list does not need."""


_IgnoreTags.add_multi_constructor("", lambda loader, suffix, node: None)


@lru_cache(maxsize=1)
def site_markdown_config(config: Path = MKDOCS_YML) -> tuple[tuple[str, ...], dict]:
    """The Markdown extensions of the site's build and their options: (names, {name: options})."""
    with open(config, encoding="utf-8") as stream:
        entries = (yaml.load(stream, Loader=_IgnoreTags) or {}).get("markdown_extensions") or []
    names, options = [], {}
    for entry in entries:
        name, value = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        names.append(name)
        if value:
            options[name] = value
    return tuple(names), options


_local = threading.local()


def _renderer() -> markdown.Markdown:
    """This thread's Markdown instance, configured as the site's build (an instance is not thread-safe)."""
    if getattr(_local, "md", None) is None:
        names, options = site_markdown_config()
        _local.md = markdown.Markdown(extensions=list(names), extension_configs=options)
    return _local.md


class _Urls(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)  # attribute values come out decoded, as a browser reads them
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in URL_ATTRS and value is not None]


def rendered_urls(text: str) -> list[str]:
    """Every URL the Markdown `text` yields once rendered as the site renders it: the URL attributes of the
    HTML made (links, images, autolinks, raw HTML), then the destination of every reference definition,
    used or not (a definition in one text serves the links of another text on the same page).

    `[[kind:slug]]` references, which the site turns into relative links, are read as their label.
    """
    source = REF.sub(lambda match: match["text"] or match["slug"], text)
    if not _MAY_LINK.search(source):
        return []
    md = _renderer()
    md.reset()
    parser = _Urls()
    parser.feed(md.convert(source))
    parser.close()
    return parser.urls + [url for url, _title in md.references.values()]


def url_problem(url: str) -> str | None:
    """Why a URL may not appear in data text (None when it may): only a relative URL (`../x/`, `#anchor`,
    `page.html`) or an `https:` one is allowed. Read as a browser reads it: ASCII controls and spaces removed,
    backslashes as slashes, so `java\\tscript:` is `javascript:` and `/\\\\host` leaves the site."""
    bare = _IGNORED_IN_URL.sub("", url)
    scheme = SCHEME.match(bare)
    if scheme:
        if scheme[1].lower() == "https":
            return None
        return f"a link to {scheme[1][:20]}: is not allowed in data text (only https: or a relative URL)"
    if bare.replace("\\", "/").startswith("//"):
        return "a link to another host without a scheme (//…) is not allowed in data text: write https://"
    return None


def link_problems(text: str) -> list[str]:
    """What is wrong with the links of the Markdown `text`, as messages (empty when every URL it makes,
    rendered as the site renders it, is relative or https:). One message per distinct problem."""
    return list(dict.fromkeys(p for p in map(url_problem, rendered_urls(text)) if p))
