"""The allowlist every page's content passes before it is published.

Data texts are Markdown: a page renderer puts them into the page's Markdown, and MkDocs with its
extensions (attr_list, md_in_html, pymdownx…) turns the whole page into HTML. Whatever those extensions
make of a hostile text (`{: onfocus=… }`, `<x:y …>`, `[x](javascript:…)`, a `data:` image), the HTML
of the page goes through `sanitize` in `on_page_content`, the one place where data has become HTML,
before anything else reads it (the search index, the table of contents, the theme).

The sanitiser is nh3 (the Python binding of Rust's ammonia, an HTML5 parser with an allowlist): only the
tags and attributes below survive, every `on*` attribute, `style` and `<script>`/`<style>` content go,
and a URL attribute keeps only a relative URL or an `http:`, `https:` or `mailto:` one (so no
`javascript:`, `vbscript:` or `data:`). The allowlist is what the site's own markup needs: anchors and
ids, edition marks (`data-editions`, `data-edition-only`), `lang`, the unconfirmed badges, links, tables,
the calculators' forms and their `data-*` wiring, and the pitch pictures (SVG).
"""
from __future__ import annotations

import nh3

# Attributes any allowed tag may carry; `data-*` and `aria-*` are allowed by prefix (they are inert).
GENERIC = {"class", "id", "lang", "title", "hidden", "role", "dir"}
PREFIXES = {"data-", "aria-"}
HTML_TAGS = {
    "a": {"href"}, "abbr": set(), "b": set(), "blockquote": set(), "br": set(), "caption": set(),
    "code": set(), "dd": set(), "del": set(), "details": {"open"}, "div": set(), "dl": set(), "dt": set(),
    "em": set(), "fieldset": set(), "figcaption": set(), "figure": set(), "h1": set(), "h2": set(),
    "h3": set(), "h4": set(), "h5": set(), "h6": set(), "hr": set(), "i": set(), "ins": set(), "kbd": set(),
    "label": {"for"}, "legend": set(), "li": set(), "mark": set(), "ol": {"start"}, "p": set(),
    "pre": set(), "s": set(), "small": set(), "span": set(), "strong": set(), "sub": set(),
    "summary": set(), "sup": set(), "table": set(), "tbody": set(), "td": {"colspan", "rowspan", "align"},
    "tfoot": set(), "th": {"colspan", "rowspan", "scope", "align"}, "thead": set(), "tr": set(), "u": set(),
    "ul": set(), "wbr": set(),
    # the calculators' forms (plugins/site/render/calculator.py)
    "form": set(), "input": {"type", "name", "value", "checked", "min", "max", "step", "maxlength",
                             "inputmode", "autocomplete", "autocapitalize", "spellcheck", "placeholder",
                             "disabled", "readonly", "required"},
    "select": {"name", "disabled"}, "option": {"value", "selected", "disabled"}, "button": {"type", "disabled"},
    "output": {"for", "name"},
}
# The pitch pictures (plugins/site/render/pitch.py, kick.py): SVG attributes, in both spellings (the
# HTML parser gives SVG attributes their camelCase names).
SVG_TAGS = {
    "svg": {"width", "height", "viewBox", "viewbox", "preserveAspectRatio", "preserveaspectratio", "xmlns"},
    "g": {"transform", "fill", "stroke"}, "defs": set(), "title": set(), "desc": set(),
    "marker": {"markerWidth", "markerwidth", "markerHeight", "markerheight", "orient", "refX", "refx",
               "refY", "refy", "viewBox", "viewbox"},
    "path": {"d", "fill", "stroke", "stroke-width"},
    "circle": {"cx", "cy", "r", "fill", "stroke", "stroke-width", "visibility"},
    "rect": {"x", "y", "width", "height", "rx", "ry", "fill", "fill-opacity", "stroke", "stroke-width"},
    "line": {"x1", "x2", "y1", "y2", "stroke", "stroke-width", "marker-end", "marker-start"},
    "text": {"x", "y", "dx", "dy", "fill", "font-size", "text-anchor", "dominant-baseline"},
    "tspan": {"x", "y", "dx", "dy"},
}
ATTRIBUTES = {tag: attrs | GENERIC for tag, attrs in {**HTML_TAGS, **SVG_TAGS}.items()}
URL_SCHEMES = {"http", "https", "mailto"}
# Built once: making the allowlist costs more than cleaning a page.
_CLEANER = nh3.Cleaner(tags=set(ATTRIBUTES), attributes=ATTRIBUTES, generic_attribute_prefixes=PREFIXES,
                       url_schemes=URL_SCHEMES, link_rel=None, strip_comments=True)


def sanitize(html: str) -> str:
    """`html` (a page's content, or any fragment) with everything outside the allowlist removed.

    Unknown tags are dropped but their text is kept (so `<x:y>word</x:y>` reads "word"), `<script>` and
    `<style>` go with their content, comments go, and links keep their `rel` as written. The result is
    serialised by html5ever; the no-break spaces it writes as `&nbsp;` are given back as characters (French
    typography and the tests read them so).
    """
    cleaned = _CLEANER.clean(html)
    return cleaned.replace("&nbsp;", "\u00a0")
