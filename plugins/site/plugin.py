"""The `nuffle` MkDocs plugin.

Each language is its own MkDocs build (mkdocs.yml for English, config/<lang>.yml for the others, which
INHERIT it); this plugin renders the data-driven pages in the build's language.

Hooks:
    on_config  load and validate data/ (a problem stops the build), pick the language, build the nav.
    on_files   add the generated pages and the site's own CSS/JS.
    on_page_markdown  resolve [[kind:slug]] references written in hand-written pages; link the first use
                      of each glossary term on every page.
    on_page_content   move the edition marks of list items and table rows onto their <li> and <tr>; give
                      the table of contents and the page title back their no-break spaces (spaces.py);
                      pass the page's HTML through the allowlist sanitiser (sanitize.py), the one place
                      where data texts have become HTML.
    on_post_page      link the web-app manifest from every page; defer the search index until a search;
                      apply the reader's edition before the first paint, and put the edition picker at
                      the top of the content (plugins/site/editions.py); the <title>'s no-break spaces;
                      the search dialog's name and the skip link to a calculator (a11y.py).
    on_post_template  the 404 page in the build's language, and the offline page made from it (notfound.py).
    on_post_build     fail a strict build on missing translations (texts or UI strings).
"""
from __future__ import annotations

import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.utils import get_relative_url

from ..data import DataError, Repository
from ..data.loader import load_repository_cached
from ..data.text import REF
from .a11y import label_search_dialog, skip_to_calculator
from .autolink import link_first_uses, term_index
from .config import NuffleConfig
from .editions import Editions, edition_pages, hoist_marks, mark_nav
from .locate import SHARED_PAGE
from .messages import Messages
from .navigation import build_nav
from .notfound import NOT_FOUND_TEMPLATE, OFFLINE_PAGE, translated
from .pagemap import DIFFERENCES, generated_pages, in_nav
from .render.context import BackLinks, PageContext
from .render.editions import picker
from .sanitize import sanitize
from .spaces import restore_html_title, restore_titles

log = get_plugin_logger(__name__)
BUNDLE_TAG = re.compile(r'<script src="(?P<prefix>[^"]*)assets/javascripts/bundle\.[^"]*"></script>')
ASSETS = Path(__file__).resolve().parent / "assets"
ARTICLE = '<article class="md-content__inner md-typeset">'
# Material's viewport tag, and ours: a phone's on-screen keyboard then shrinks the layout (Chrome on Android), so
# a calculator's result pinned to the bottom of the screen (nuffle.css) stays above the keyboard while the
# reader types, instead of under it.
MATERIAL_VIEWPORT = '<meta name="viewport" content="width=device-width,initial-scale=1">'
VIEWPORT = '<meta name="viewport" content="width=device-width,initial-scale=1,interactive-widget=resizes-content">'


class NufflePlugin(BasePlugin[NuffleConfig]):
    """Render data/ as pages in the language of this build."""

    def on_config(self, config):
        if not self.config.enabled:
            return config
        # State is rebuilt on every build: `mkdocs serve` reuses the plugin object.
        data_dir = Path(config.config_file_path).resolve().parent / self.config.data_dir
        try:
            self.repo: Repository = load_repository_cached(data_dir)
        except DataError as exc:
            raise PluginError(str(exc)) from None
        self.lang = config.theme["language"]
        if self.lang not in self.config.languages:
            raise PluginError(f"theme.language {self.lang!r} is not one of {self.config.languages}")
        self.t = Messages(self.lang)
        self._translate_theme_strings(config)
        self.backlinks = BackLinks.build(self.repo)
        self.pages = generated_pages(self.repo)
        self.term_index = term_index(self.repo.of_kind("term"), self.lang, self.repo.termbase)
        self.editions = Editions.of(self.repo)
        self.edition_pages = edition_pages(self.repo, self.editions)
        config.nav = build_nav(self.repo, self.pages, self.t)
        return config

    def _translate_theme_strings(self, config) -> None:
        """Material and the toc extension show these from mkdocs.yml as they are: give them in the page's language."""
        toggles = {"Dark mode": self.t("Dark mode"), "Light mode": self.t("Light mode")}
        for scheme in config.theme.get("palette") or []:
            toggle = scheme.get("toggle") or {}
            if "name" in toggle:
                if toggle["name"] not in toggles:
                    raise PluginError(f"mkdocs.yml theme.palette toggle name {toggle['name']!r} has no translation: "
                                      "add it to _translate_theme_strings")
                toggle["name"] = toggles[toggle["name"]]
        toc = config.mdx_configs.setdefault("toc", {})
        if toc.get("permalink"):
            toc["permalink_title"] = self.t("Permanent link")

    def on_files(self, files: Files, config) -> Files:
        if not self.config.enabled:
            return files
        # the runtime the calculator forms name, from the plugin that ships it (none: forms show build answers)
        shipper = config.plugins.get("nuffle-calc")
        runtime = shipper.runtime_info() if shipper is not None else None
        for path, render in self.pages.items():
            if files.get_file_from_path(path) is not None:
                raise PluginError(f"docs/{self.lang}/{path} would hide the page generated from data/")
            ctx = PageContext(self.repo, self.lang, self.t, path, self.backlinks, runtime)
            inclusion = InclusionLevel.UNDEFINED if in_nav(path) else InclusionLevel.NOT_IN_NAV
            files.append(File.generated(config, path, content=render(ctx), inclusion=inclusion))
        for asset in sorted(ASSETS.rglob("*")):
            if asset.is_file():
                rel = asset.relative_to(ASSETS).as_posix()
                files.append(File(rel, str(ASSETS), config.site_dir, config.use_directory_urls,
                                  dest_uri=f"assets/nuffle/{rel}"))
        # The rules that hide other editions name the edition ids, so they come from data/ (extra_css).
        files.append(File.generated(config, "assets/nuffle/editions.css", content=self.editions.css()))
        self.differences_url = files.get_file_from_path(DIFFERENCES).url
        self.nav_marks = {files.get_file_from_path(path).url.strip("/"): page.marks
                          for path, page in self.edition_pages.items() if files.get_file_from_path(path)}
        return files

    def on_page_markdown(self, markdown, page, config, files):
        if not self.config.enabled:
            return markdown
        ctx = PageContext(self.repo, self.lang, self.t, page.file.src_uri, self.backlinks)

        def replace(match):
            if f"{match['kind']}:{match['slug']}" not in self.repo:
                raise PluginError(f"{page.file.src_uri}: unknown reference {match[0]}")
            return ctx.ref_link(match["kind"], match["slug"], match["anchor"], match["text"])

        markdown = REF.sub(replace, markdown)
        return link_first_uses(markdown, page.file.src_uri, self.term_index, SHARED_PAGE["term"])

    def on_page_content(self, html, page, config, files):
        if not self.config.enabled:
            return html
        restore_titles(html, page)
        try:
            html = hoist_marks(html)
        except ValueError as exc:
            raise PluginError(f"{page.file.src_uri}: {exc}") from None
        return sanitize(html)

    def on_post_page(self, output, page, config):
        """Link the web-app manifest (written at the site root by nuffle-calc) from every page; the reader's
        edition and the edition picker."""
        if not self.config.enabled:
            return output
        depth = page.url.count("/") + (0 if self.lang == self.config.languages[0] else 1)
        root = "../" * depth
        head = (f'<link rel="manifest" href="{root}manifest.webmanifest">'
                f'<meta name="theme-color" content="#1b5e20">'
                f'<link rel="apple-touch-icon" href="{root}icon-192.png">')
        # In <head>, so <html data-nc-edition> is set before the body is parsed: no flash of other editions.
        head += self.editions.head_script()
        output = output.replace("</head>", head + "</head>", 1)
        if MATERIAL_VIEWPORT not in output:
            raise PluginError(f"{page.file.src_uri}: Material's viewport tag changed; update MATERIAL_VIEWPORT")
        output = output.replace(MATERIAL_VIEWPORT, VIEWPORT, 1)
        output = restore_html_title(output, page)
        output = skip_to_calculator(label_search_dialog(output), self.t("Skip to the calculator"))
        output = mark_nav(output, page.url, self.nav_marks)
        if ARTICLE in output:
            to_differences = get_relative_url(self.differences_url, page.url)
            output = output.replace(ARTICLE, ARTICLE + picker(self.repo, self.editions, self.t, to_differences), 1)
        # Before Material's bundle: hold the search index back until the reader searches (lazy-search.js),
        # and rewrite each query before the search worker sees it (search-query.js).
        bundle = BUNDLE_TAG.search(output)
        if bundle:
            shim = "".join(f'<script src="{bundle["prefix"]}assets/nuffle/{name}"></script>'
                           for name in ("lazy-search.js", "search-query.js"))
            output = output[:bundle.start()] + shim + output[bundle.start():]
        return output

    def on_post_template(self, output_content, template_name, config):
        """Translate Material's 404 page, and write the offline page (the service worker's answer to a page
        not cached) next to it."""
        if not self.config.enabled or template_name != NOT_FOUND_TEMPLATE:
            return output_content
        try:
            offline = translated(output_content, self.t, config.site_url, offline=True)
            page = translated(output_content, self.t, config.site_url, offline=False)
        except ValueError as exc:
            raise PluginError(str(exc)) from None
        Path(config.site_dir, OFFLINE_PAGE).write_text(offline, encoding="utf-8")
        return page

    def on_post_build(self, config):
        from .search import extend_search_index; extend_search_index(config, getattr(self, "repo", None))  # search terms, aliases
        if not self.config.enabled or not self.config.strict_translations:
            return
        if self.lang != "en":
            for problem in self.repo.translation_problems:
                if problem.field.endswith(f".{self.lang}"):
                    log.warning(str(problem))
        for msgid in sorted(self.t.missing):
            log.warning(f"UI string not translated into {self.lang}: {msgid!r} (plugins/locale)")
