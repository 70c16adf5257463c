"""The `nuffle` MkDocs plugin.

Each language is its own MkDocs build (mkdocs.yml for English, config/<lang>.yml for the others, which
INHERIT it); this plugin hands MkDocs the data-driven pages of the build's language. It is an adapter: what
the pages say, their links and their final HTML are made by `SiteGenerator` (generator.py), which never
imports MkDocs (`python -m plugins.site.generate` runs it alone); here are only MkDocs' and Material's own
objects (files, pages, the theme's settings and templates).

Hooks:
    on_config  load and validate data/ (a problem stops the build), pick the language, build the nav
               (SiteGenerator.load, .nav).
    on_files   add the generated pages and the site's own CSS/JS.
    on_page_markdown  resolve [[kind:slug]] references written in hand-written pages; link the first use
                      of each glossary term on every page.
    on_page_content   move the edition marks of list items and table rows onto their <li> and <tr>; give
                      the table of contents and the page title back their no-break spaces (spaces.py);
                      pass the page's HTML through the allowlist sanitiser (sanitize.py), the one place
                      where data texts have become HTML; make the first calculator the target of the
                      skip link (a11y.py).
    on_env            register what the page shell's templates call: `t`, `nc_title`, `nc_nav_marks`.
    on_page_context   the page shell's values for the page (`nc`, plugins/site/shell.py): the site root
                      for the manifest, the skip link to a calculator, the edition picker.
    on_template_context, on_post_template  the 404 page in the build's language, and the offline page
                      rendered with its context (notfound.py).
    on_post_build     fail a strict build on missing translations (texts or UI strings).

The page shell itself (head tags, the picker's place, the menu's edition marks, the search dialog's name,
the 404 page) is in overrides/, Material's blocks and partials, which on_config puts ahead of Material's
templates: no HTML of Material's is patched after it is rendered.
"""
from __future__ import annotations

from importlib import metadata
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.utils import get_relative_url

from .config import NuffleConfig
from .editions import nav_marks
from .generator import GenerationError, SiteGenerator
from .messages import Messages
from .notfound import NOT_FOUND_TEMPLATE, error_shell, write_offline_page
from .pagemap import DIFFERENCES, in_nav
from .shell import OVERRIDES, Shell, error_root, home_path, picker, site_root
from .spaces import html_title, restore_titles

log = get_plugin_logger(__name__)
ASSETS = Path(__file__).resolve().parent / "assets"


class NufflePlugin(BasePlugin[NuffleConfig]):
    """Render data/ as pages in the language of this build."""

    def on_config(self, config):
        if not self.config.enabled:
            return config
        # State is rebuilt on every build: `mkdocs serve` reuses the plugin object.
        data_dir = Path(config.config_file_path).resolve().parent / self.config.data_dir
        try:
            self.generator = SiteGenerator.load(data_dir, config.theme["language"], self.config.languages)
        except GenerationError as exc:
            raise PluginError(str(exc)) from None
        self.repo, self.lang, self.t = self.generator.repo, self.generator.lang, self.generator.t
        self.editions, self.edition_pages = self.generator.editions, self.generator.edition_pages
        self._translate_theme_strings(config)
        if str(OVERRIDES) not in config.theme.dirs:  # the page shell, ahead of Material's templates
            config.theme.dirs.insert(0, str(OVERRIDES))
        # Material keeps its settings (the colour scheme chosen) per scope, by default each build's root:
        # one scope, the site root, keeps a scheme chosen in one language in the others.
        config.extra["scope"] = error_root(config.site_url, self.lang == self.config.languages[0])
        config.nav = self.generator.nav()
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
        for path in self.generator.pages():
            if files.get_file_from_path(path) is not None:
                raise PluginError(f"docs/{self.lang}/{path} would hide the page generated from data/")
            inclusion = InclusionLevel.UNDEFINED if in_nav(path) else InclusionLevel.NOT_IN_NAV
            files.append(File.generated(config, path, content=self.generator.markdown(path), inclusion=inclusion))
        for asset in sorted(ASSETS.rglob("*")):
            if asset.is_file():
                rel = asset.relative_to(ASSETS).as_posix()
                files.append(File(rel, str(ASSETS), config.site_dir, config.use_directory_urls,
                                  dest_uri=f"assets/nuffle/{rel}"))
        # The rules that hide other editions name the edition ids, so they come from data/ (extra_css).
        files.append(File.generated(config, "assets/nuffle/editions.css", content=self.generator.editions_css()))
        self.differences_url = files.get_file_from_path(DIFFERENCES).url
        self.nav_marks = {files.get_file_from_path(path).url.strip("/"): page.marks
                          for path, page in self.edition_pages.items() if files.get_file_from_path(path)}
        return files

    def on_page_markdown(self, markdown, page, config, files):
        if not self.config.enabled:
            return markdown
        try:
            return self.generator.resolve(markdown, page.file.src_uri)
        except GenerationError as exc:
            raise PluginError(str(exc)) from None

    def on_page_content(self, html, page, config, files):
        if not self.config.enabled:
            return html
        restore_titles(html, page)  # MkDocs' own table of contents and page title
        try:
            return self.generator.finish(html, page.file.src_uri)
        except GenerationError as exc:
            raise PluginError(str(exc)) from None

    def on_env(self, env, config, files):
        """What the page shell's templates (overrides/) call: the UI strings of the build's language, the
        <title> with its no-break spaces, and the edition marks of the menu's items."""
        if not self.config.enabled:
            return env
        env.globals["t"] = self.t
        env.globals["nc_material_version"] = metadata.version("mkdocs-material")  # the generator tag
        env.filters["nc_title"] = html_title
        env.globals["nc_nav_marks"] = self._nav_marks
        self.env = env
        return env

    def _nav_marks(self, item, level: int) -> str:
        """`nc_nav_marks(nav_item, level)` in overrides/partials/nav-item.html."""
        return nav_marks(item, level, self.nav_marks, self.editions.choosable)

    def on_page_context(self, context, page, config, nav):
        """The page shell's values for `page` (`nc` in overrides/)."""
        if not self.config.enabled:
            return context
        default = self.lang == self.config.languages[0]
        edition_page = self.edition_pages.get(page.file.src_uri)
        to_differences = get_relative_url(self.differences_url, page.url)
        context["nc"] = Shell(
            root=site_root(page.url, default), home=home_path(config.site_url), editions=self.editions.choosable,
            calculator_id=self.generator.calculator_ids.get(page.file.src_uri, ""),
            picker=picker(self.repo, self.editions, self.t, to_differences,
                          edition_page.marks if edition_page else ()))
        return context

    def on_template_context(self, context, template_name, config):
        """The 404 page's shell values (absolute links: it may be served at any address)."""
        if not self.config.enabled or template_name != NOT_FOUND_TEMPLATE:
            return context
        default = self.lang == self.config.languages[0]
        shell = Shell(root=error_root(config.site_url, default), home=home_path(config.site_url),
                      editions=self.editions.choosable)
        context["nc"] = error_shell(shell, self.t, offline=False)
        self.not_found_context = context
        return context

    def on_post_template(self, output_content, template_name, config):
        """Write the offline page (the service worker's answer to a page not cached) next to the 404 page."""
        if not self.config.enabled or template_name != NOT_FOUND_TEMPLATE:
            return output_content
        others = [(lang, Messages(lang)("You are offline")) for lang in self.config.languages if lang != self.lang]
        write_offline_page(self.env, self.not_found_context, self.not_found_context["nc"], self.t, config.site_dir,
                           others)
        return output_content

    def on_post_build(self, config):
        from .search import extend_search_index; extend_search_index(config, getattr(self, "repo", None))  # search terms, aliases
        if not self.config.enabled or not self.config.strict_translations:
            return
        for warning in self.generator.translation_warnings():
            log.warning(warning)
