"""The `nuffle-calc` MkDocs plugin.

on_config      check that the pinned Pyodide runtime is installed (npm ci) when this build ships it.
on_page_content  the "save for offline use" control (templates/offline-save.html) at the end of the home page
               and of every page with a calculator: the reader's way to get the runtime and the other
               languages for offline use (a first visit caches only the pages of its own language).
on_files       add assets/nuffle/runtime.json to every language: the runtime's settings (runtime_settings.py).
on_page_context  the page's resource hints (hints.py, `nc_hints` in overrides/partials/nc-head.html): its scripts'
               modules on every page, and MicroPython's files on a page whose calculator starts Python at once.
on_post_build  write site/pyodide/<version>/ (runtime + calculators zip with its bytecode + interpreter snapshot),
               site/micropython/<version>/ (MicroPython's port and the package built for it, mpbundle.py: what the
               calculators answer with first), site/api/v1/rules.json and the open data
               (site/api/v1/<kind>/<slug>.json, an index per kind, a JSON Schema per kind, api/v1/index.json),
               and the web-app manifest, icons and service worker at the site root.
Only the default-language build ships them (`ship_runtime: true`); the others link to the same files, and
write the service worker again once they are built (its lists and digest cover each built language).
`python_runtime: false` leaves out both runtimes (Pyodide's with its snapshot, 45 MB, and MicroPython's) but not
the rules, the open data or the service worker: the tests' small fixture sites are built that way.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File

from ..data.export import API_VERSION, open_data_files, rules_export
from ..site.render.templating import render
from .bundle import PYODIDE_DIR, RUNTIME_FILES, RUNTIME_URL, calculators_zip, missing_runtime
from .bytecode import shipped_package
from .compress import compress_runtime
from .hints import Hints, page_modules, runtime_prefetches, starts_python_at_once
from .mpbundle import (MICROPYTHON_DIR, MICROPYTHON_URL, micropython_package, missing_micropython,
                       write_micropython)
from .snapshot import write_snapshot
from .offline import write_offline_files
from .runtime_settings import RUNTIME_JSON, runtime_json



def published_json(document: object) -> str:
    """The text of a document published under api/v1/: keys sorted (the MicroPython worker relies on it for
    rules.json, mpshim/sortedjson.py), one space of indent, UTF-8 as it is."""
    return json.dumps(document, ensure_ascii=False, sort_keys=True, indent=1)


def rules_sha256(repo) -> str:
    """SHA-256 (hex) of rules.json as :func:`published_json` writes it for `repo` (runtime.json's `sortedRules`)."""
    return hashlib.sha256(published_json(rules_export(repo)).encode("utf-8")).hexdigest()


class CalcConfig(Config):
    ship_runtime = c.Type(bool, default=True)
    """Write the Python runtimes, the calculators package and the rules JSON into this build's site_dir."""
    python_runtime = c.Type(bool, default=True)
    """With ship_runtime: copy the Pyodide runtime, the calculators zip, the interpreter snapshot and the
    MicroPython runtime with its package (False: a
    site whose calculators show the build's answers only, for tests that never run Python in a browser)."""


class CalcPlugin(BasePlugin[CalcConfig]):
    prefetch: tuple[str, ...] = ()  # MicroPython's files, for the pages that start Python at once (hints.py)

    def on_config(self, config):
        if self.config.ship_runtime and self.config.python_runtime and missing_runtime():
            raise PluginError(
                f"Pyodide runtime files missing from {PYODIDE_DIR}: {', '.join(missing_runtime())}. "
                "Run `npm ci` (make does it for you)."
            )
        if self.config.ship_runtime and self.config.python_runtime and missing_micropython():
            raise PluginError(
                f"MicroPython runtime files missing from {MICROPYTHON_DIR}: {', '.join(missing_micropython())}. "
                "Run `npm ci` (make does it for you)."
            )
        calculators_zip.cache_clear()  # `mkdocs serve` rebuilds: pick up edited calculators
        micropython_package.cache_clear()
        shipped_package.cache_clear()
        page_modules.cache_clear()  # the same for edited page scripts
        return config

    def on_page_content(self, html, page, config, files):
        site = config.plugins.get("nuffle")
        translate = getattr(site, "t", None)  # the nuffle plugin's UI strings for this build's language
        if translate is None or not (page.is_homepage or "data-calculator=" in html):
            return html
        return html + render("offline-save.html", t=translate)

    def on_files(self, files, config):
        repo = getattr(config.plugins.get("nuffle"), "repo", None)  # every language's build writes the same rules
        sha = rules_sha256(repo) if repo is not None else None
        text = runtime_json(sha)
        files.append(File.generated(config, RUNTIME_JSON, content=text))
        # MicroPython's files are prefetched only where some build of the site ships them (not the fixture sites)
        self.prefetch = runtime_prefetches(json.loads(text)["micropython"]) if self.config.python_runtime else ()
        return files

    def on_page_context(self, context, page, config, nav):
        at_once = starts_python_at_once(page.content or "")
        context["nc_hints"] = Hints(page_modules(), self.prefetch if at_once else ())
        return context

    def on_post_build(self, config):
        if not self.config.ship_runtime:
            root = Path(config.site_dir).parent  # a language's site_dir is <root>/<lang>/
            if (root / "sw.js").is_file():  # the default language was built there: add this language
                write_offline_files(root)
            return
        site = Path(config.site_dir)
        if self.config.python_runtime:
            _write_runtime(site / RUNTIME_URL)
            write_micropython(site)
            compress_runtime(site / MICROPYTHON_URL)
        repo = config.plugins["nuffle"].repo  # loaded and validated once, by the nuffle plugin
        api = site / "api" / API_VERSION
        for rel, document in open_data_files(repo).items():
            path = api / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(published_json(document), encoding="utf-8")
        write_offline_files(site)  # after the rules: the service worker's digest covers them


def _write_runtime(runtime: Path) -> None:
    """The Pyodide runtime files, the calculators zip and the interpreter snapshot, with compressed siblings."""
    runtime.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(PYODIDE_DIR / name, runtime / name)
    name, data = shipped_package()  # the sources and their bytecode (bytecode.py)
    (runtime / name).write_bytes(data)
    compress_runtime(runtime)
    write_snapshot(runtime)  # after compress_runtime: it has its own, faster siblings
