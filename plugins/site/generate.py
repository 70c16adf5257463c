"""Write the generated pages without MkDocs: what the site would keep if its site generator went away.

    python -m plugins.site.generate OUT_DIR [--lang en fr ja] [--data data] [--pages PATH ...]

For each language, OUT_DIR/<lang>/ gets:
    pages/<path>.md      each generated page's Markdown, `[[kind:slug]]` references and glossary terms linked
                         (what the `nuffle` plugin hands MkDocs, after its on_page_markdown);
    pages/<path>.html    its content as published: the Markdown rendered with the site's extensions (mkdocs.yml
                         `markdown_extensions`, plus the three MkDocs always adds), links to pages rewritten to
                         their URLs as MkDocs does, then `SiteGenerator.finish`: what Material puts in the page's
                         <article>, once its search plugin has taken the `data-search-*` attributes off (the
                         `nuffle-calc` plugin then adds the "Save for offline use" control to a page with a
                         calculator: it belongs to the runtime that plugin ships);
    nav.json             the menu ({title: path or [...]}, as MkDocs' `nav` setting);
    search.json          the search sections of every page ([{location, title, text}], one per heading with an
                         id, as Material's search plugin cuts a page; `text` is plain text);
    editions.css         the stylesheet that hides the other editions' marks.
Nothing here, nor in what it imports, imports MkDocs or Material (tests/site/test_generate.py runs it with
`mkdocs` and `material` made unimportable and compares it to the MkDocs build).

Only the pages made from data/: the few hand-written pages of docs/ are MkDocs' to read (they go through
`SiteGenerator.resolve` and `finish` all the same). Exit status 1, with the message on stderr, on a data
problem or an unknown reference (GenerationError), or on a text or UI string missing in a language.
"""
from __future__ import annotations

import argparse
import html as html_text
import json
import posixpath
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import markdown
import yaml
from markdown.treeprocessors import Treeprocessor

from ..data.links import site_markdown_config
from .generator import LANGUAGES, GenerationError, SiteGenerator

PROJECT = Path(__file__).resolve().parent.parent.parent
ALWAYS = ("toc", "tables", "fenced_code")  # the extensions MkDocs puts ahead of the configured ones


# YAML front matter, as MkDocs reads it: between a first line `---` and a line `---` or `...`.
FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n(?P<meta>.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


def split_front_matter(text: str) -> tuple[dict, str]:
    """(meta, Markdown) of a page: its YAML front matter (e.g. `search: {boost: 3}`) taken off.

    Raises:
        yaml.YAMLError: front matter that is not YAML (MkDocs would fail the build too).
    """
    match = FRONT_MATTER.match(text)
    if not match:
        return {}, text
    meta = yaml.safe_load(match["meta"])
    return (meta if isinstance(meta, dict) else {}), text[match.end():]


def page_url(path: str) -> str:
    """The URL of docs-relative page `path`, relative to its language's root, with directory URLs (MkDocs'
    `use_directory_urls`): `index.md` -> "", `skills/index.md` -> "skills/", `glossary.md` -> "glossary/"."""
    stem = path[:-len(".md")] if path.endswith(".md") else path
    if stem == "index" or stem.endswith("/index"):
        return stem[:-len("index")]
    return stem + "/"


def relative_url(url: str, from_url: str) -> str:
    """`url` written relative to the page at `from_url` (both root-relative directory URLs), as MkDocs writes
    links: "./" for the same page, a trailing slash kept."""
    base = [part for part in from_url.split("/") if part]
    dest = [part for part in url.split("/") if part]
    common = 0
    for a, b in zip(base, dest):
        if a != b:
            break
        common += 1
    rel = "/".join([".."] * (len(base) - common) + dest[common:]) or "."
    return rel + "/" if not url or url.endswith("/") or rel == "." else rel


class _PageLinks(Treeprocessor):
    """Links to a page's Markdown source (`../skills/general.md#skill-block`) become links to its URL
    (`../../skills/general/#skill-block`); every other link is left as it is."""

    def __init__(self, md, path: str):
        super().__init__(md)
        self.path = path

    def run(self, root):
        for element in root.iter():
            key = {"a": "href", "img": "src"}.get(element.tag)
            if key and element.get(key) is not None:
                element.set(key, self._url(element.get(key)))
        return root

    def _url(self, url: str) -> str:
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or url.startswith(("/", "\\")) or not parts.path.endswith(".md"):
            return url
        target = posixpath.normpath(posixpath.join(posixpath.dirname(self.path), parts.path))
        return urlunsplit(("", "", relative_url(page_url(target), page_url(self.path)), parts.query, parts.fragment))


def render_html(text: str, path: str, permalink_title: str) -> str:
    """The HTML MkDocs makes of page `path`'s Markdown `text` with the site's extensions (before plugins)."""
    names, options = site_markdown_config()
    extensions = list(dict.fromkeys(ALWAYS + tuple(names)))
    options = {name: dict(value) for name, value in options.items()}
    if options.get("toc", {}).get("permalink"):
        options["toc"]["permalink_title"] = permalink_title  # as the nuffle plugin sets it per language
    md = markdown.Markdown(extensions=extensions, extension_configs=options)
    md.treeprocessors.register(_PageLinks(md, path), "nc_page_links", 0)  # last, as MkDocs' own
    return md.convert(text)


HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


class _Sections(HTMLParser):
    """Cuts a page's HTML into [id, title parts, text parts, left out] at each heading that has an id (the
    first section has no id: it is the page), leaving out the permalink anchors and whatever is marked
    `data-search-exclude` (a section whose heading is so marked is left out whole). Text stays
    HTML-escaped, as in Material's index."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections: list[list] = []
        self.open: list[tuple[str, bool]] = []  # (tag, left out of search) of each element we are in
        self.heading: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        attrs = dict(attrs)
        if tag in HEADINGS and "id" in attrs:
            self.heading = tag
            self.sections.append([attrs["id"] if self.sections else None, [], [], "data-search-exclude" in attrs])
        elif not self.sections:
            self.sections.append([None, [], [], False])
        left_out = "data-search-exclude" in attrs or "headerlink" in (attrs.get("class") or "").split()
        self.open.append((tag, left_out))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self.open:
            if self.open.pop()[0] == tag:
                break
        if tag == self.heading:
            self.heading = None

    def handle_data(self, data):
        if self.sections and not any(left_out for _, left_out in self.open):
            self.sections[-1][1 if self.heading else 2].append(html_text.escape(data, quote=False))


def search_sections(html: str, url: str, boost: float | None = None) -> list[dict]:
    """The search sections of a page's HTML: one per heading ({location: url#id, or url for the h1 and
    any text before it; title; text; and `boost` when the page's front matter gives one}), as Material's
    search plugin cuts a page."""
    parser = _Sections()
    parser.feed(html)
    out = []
    for anchor, title, text, left_out in parser.sections:
        if left_out:
            continue
        out.append({"location": f"{url}#{anchor}" if anchor else url, "title": "".join(title).strip(),
                    "text": " ".join("".join(text).split())})
        if boost is not None:
            out[-1]["boost"] = boost
    return out


def write_language(generator: SiteGenerator, out: Path, only: list[str] | None = None) -> list[str]:
    """Write `generator`'s pages (or those of `only`, docs-relative paths), menu, search sections and
    stylesheet into `out` (see the module's docstring); return the translation warnings (a strict build
    fails on any).

    Raises:
        GenerationError: as SiteGenerator.resolve and .finish, or a path of `only` that is not generated.
    """
    sections = []
    permalink_title = generator.t("Permanent link")
    unknown = sorted(set(only or ()) - set(generator.pages()))
    if unknown:
        raise GenerationError(f"not generated pages: {', '.join(unknown)}")
    for path in only or generator.pages():
        text = generator.resolve(generator.markdown(path), path)
        meta, body = split_front_matter(text)
        html = generator.finish(render_html(body, path, permalink_title), path)
        target = out / "pages" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        target.with_suffix(".html").write_text(html, encoding="utf-8")
        sections += search_sections(html, page_url(path), (meta.get("search") or {}).get("boost"))
    (out / "nav.json").write_text(json.dumps(generator.nav(), ensure_ascii=False, indent=1), encoding="utf-8")
    (out / "search.json").write_text(json.dumps(sections, ensure_ascii=False, indent=1), encoding="utf-8")
    (out / "editions.css").write_text(generator.editions_css(), encoding="utf-8")
    return generator.translation_warnings()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m plugins.site.generate", description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write into (one subfolder per language)")
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES))
    parser.add_argument("--data", type=Path, default=PROJECT / "data", help="the data folder (default: data/)")
    parser.add_argument("--pages", nargs="+", default=None, help="only these pages (e.g. glossary.md)")
    args = parser.parse_args(argv)
    status = 0
    for lang in args.lang:
        try:
            warnings = write_language(SiteGenerator.load(args.data, lang), args.out / lang, args.pages)
        except GenerationError as exc:
            print(exc, file=sys.stderr)
            return 1
        for warning in warnings:
            print(f"{lang}: {warning}", file=sys.stderr)
            status = 1
        print(f"{lang}: {len(list((args.out / lang / 'pages').rglob('*.md')))} pages into {args.out / lang}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
