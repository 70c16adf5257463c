"""The installable, offline site: web-app manifest, icons and the service worker, written at the site root.

The service worker precaches every page and asset of the reader's language (paths are the same in each
language), in one download: the language's pack (pagepack.py, about 1 MB as sent, against 4.2–4.7 MB file by
file), and the MicroPython runtime with its package and the rules (about 0.4 MB as sent: every calculator
answers offline after a first visit to any page, issue 26 item 11); not the other languages (a language is
cached when the reader opens one of its pages), nor the Pyodide runtime, which it keeps once a calculator has
used it (a page posts its URLs, see sw.js). The reader's "save for offline" (offline.js) caches all of them:
the runtime a calculator needs, the rules and every language's pages. The runtime lives in `pyodide/<version>/`
and its cache is named after that version, so an upgrade reaches a returning reader and the old runtime is
deleted. Each language's list holds its `offline.html` (plugins/site/notfound.py), the answer to a page not
cached when the reader is offline. Of Material's search-language scripts (assets/javascripts/lunr/, 34
files, 1.3 MB) it precaches only those the language's search loads.

The default-language build writes sw.js; each language built after it writes it again, so that the lists
and the build digest cover that language's own search configuration and files.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from .bundle import PYODIDE_VERSION, RULES_PATH, RUNTIME_URL
from .mpbundle import MICROPYTHON_URL
from .pagepack import write_pack

STATIC = Path(__file__).resolve().parent / "static"
LANGUAGE_PREFIXES = ("", "fr/", "ja/")
# shipped once, at the site root
ROOT_ONLY = ("pyodide/", "micropython/", "api/", "icon-", "manifest.webmanifest", "sw.js")
SKIP_SUFFIXES = (".map", ".gz", ".br", ".pack")
LUNR = "assets/javascripts/lunr/"  # Material's search-language scripts, for every language it supports

MANIFEST = {
    "name": "Nuffle Codex",
    "short_name": "Nuffle Codex",
    "description": "Blood Bowl rules reference, rulings and exact dice calculators (EN, FR, JA)",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": "#ffffff",
    "theme_color": "#1b5e20",
    "icons": [
        {"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
    ],
}


def search_scripts(langs: list[str]) -> set[str]:
    """The files under assets/javascripts/lunr/ (relative to a language root) that Material's search worker
    loads for a search index whose `config.lang` is `langs`.

    The rule of mkdocs-material 9.8's worker (`setupSearchLanguages`): lunr.stemmer.support when any script
    is needed, tinyseg.js for "ja", wordcut.js for "hi" and "th", lunr.<lang> for each language but "en",
    lunr.multi when there are several. Measured on our site by searching in each language with Chromium
    (tests/browser/test_offline.py checks it): English none, French lunr.stemmer.support and lunr.fr,
    Japanese none (config/ja.yml sets `lang: en`, see plugins/site/search.py).
    """
    scripts = []
    for lang in langs:
        if lang == "ja":
            scripts.append("tinyseg.js")
        elif lang in ("hi", "th"):
            scripts.append("wordcut.js")
        if lang != "en":
            scripts.append(f"min/lunr.{lang}.min.js")
    if len(langs) > 1:
        scripts.append("min/lunr.multi.min.js")
    if scripts:
        scripts.append("min/lunr.stemmer.support.min.js")
    return {LUNR + name for name in scripts}


def search_languages(site: Path, prefix: str) -> list[str]:
    """`config.lang` of the search index of the language at `prefix`; [] while that language is not built."""
    index = site / prefix / "search" / "search_index.json"
    if not index.is_file():
        return []
    return list(json.loads(index.read_text(encoding="utf-8")).get("config", {}).get("lang", []))


def precache_lists(site: Path) -> dict[str, list[str]]:
    """URLs (relative to the site root) of every page and asset, by language prefix ("", "fr/", "ja/"),
    and under "root" the root-only files the installed app needs.

    The service worker precaches the list of the language the reader is using (a reader rarely reads
    all three) and the root files. Of assets/javascripts/lunr/, a language's list has only what its
    search loads (:func:`search_scripts`; none for a language not built yet).
    """
    lists: dict[str, list[str]] = {"root": ["manifest.webmanifest", "icon-192.png", "icon-512.png"]}
    lists.update({prefix: [] for prefix in LANGUAGE_PREFIXES})
    needed = {prefix: search_scripts(search_languages(site, prefix)) for prefix in LANGUAGE_PREFIXES}
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel.endswith(SKIP_SUFFIXES) or rel.startswith(("fr/", "ja/")):
            continue
        if rel.startswith(ROOT_ONLY):
            continue
        url = rel.removesuffix("index.html") if rel.endswith("index.html") else rel
        for prefix in LANGUAGE_PREFIXES:
            if not rel.startswith(LUNR) or rel in needed[prefix]:
                lists[prefix].append(prefix + url)
    return lists


def _sent_size(path: Path) -> int:
    """Bytes a browser downloads for `path`: its Brotli or gzip sibling when the build wrote one."""
    for suffix in (".br", ".gz"):
        sibling = path.with_name(path.name + suffix)
        if sibling.is_file():
            return sibling.stat().st_size
    return path.stat().st_size


def write_packs(site: Path, lists: dict[str, list[str]]) -> dict[str, dict]:
    """Write the pack (pagepack.py) of each language built so far (its home page exists) from its precache
    list; returns {prefix: {"url", "files", "bytes"}} for those languages."""
    return {prefix: write_pack(site, prefix, [(url, _local(site, url)) for url in lists[prefix]])
            for prefix in LANGUAGE_PREFIXES if (site / prefix / "index.html").is_file()}


def _folder_urls(site: Path, folder_url: str) -> list[str]:
    """The URLs (relative to the root) of the files of `site`/`folder_url`, without their compressed siblings."""
    folder = site / folder_url
    if not folder.is_dir():
        return []
    return [folder_url + name for name in sorted(path.name for path in folder.iterdir()
                                                 if path.is_file() and not path.name.endswith(SKIP_SUFFIXES))]


def runtime_lists(site: Path, lists: dict[str, list[str]], packs: dict[str, dict] | None = None) -> dict:
    """What sw.js knows of this build's Python runtimes (`site`/pyodide/<version>/ and micropython/<version>/,
    empty in a build without them): {"version": Pyodide's, "files": every Pyodide file's URL relative to the
    root, "micropython": every file of the MicroPython folder (cached at install, with the rules: the
    calculators answer offline after a first visit), "save": the Pyodide files a calculator needs offline
    (all but the interpreter snapshot, 31 MB in storage: Python starts without it), "rules": the rules' URL,
    "bytes": what the reader's "save for offline" downloads, in bytes as sent compressed, by part: "runtime"
    (the saved runtime files and the rules) and each language prefix ("", "fr/", "ja/") for its pages}.
    `lists` are :func:`precache_lists`'. The service worker adds the runtime and the languages other than the
    reader's (whose pages it has cached already).
    """
    files = _folder_urls(site, RUNTIME_URL)
    save = [url for url in files if not url.rsplit("/", 1)[-1].startswith("snapshot-")]
    parts = {"runtime": [*save, RULES_PATH], **{prefix: lists[prefix] for prefix in LANGUAGE_PREFIXES}}
    sizes = {part: sum(_sent_size(path) for path in map(lambda url: _local(site, url), urls) if path.is_file())
             for part, urls in parts.items()}
    sizes.update({prefix: pack["bytes"] for prefix, pack in (packs or {}).items()})
    return {"version": PYODIDE_VERSION, "files": files, "micropython": _folder_urls(site, MICROPYTHON_URL),
            "save": save, "rules": RULES_PATH, "bytes": sizes}


def _local(site: Path, url: str) -> Path:
    """The file that answers `url` (relative to the site root): index.html for a folder's URL."""
    return site / (url + "index.html" if url.endswith("/") or url == "" else url)


def write_offline_files(site: Path) -> None:
    """Write manifest.webmanifest, the icons and sw.js into the (default-language) site root.

    sw.js carries a digest of every precached file of every language built so far and of the rules, so
    a build that changes any of them installs a new service worker (and a new pages cache).
    """
    for icon in ("icon-192.png", "icon-512.png"):
        shutil.copyfile(STATIC / icon, site / icon)
    (site / "manifest.webmanifest").write_text(json.dumps(MANIFEST, indent=1), encoding="utf-8")
    lists = precache_lists(site)
    digest = hashlib.sha256()
    for url in [*lists["root"], *(url for prefix in LANGUAGE_PREFIXES for url in lists[prefix]), RULES_PATH]:
        local = _local(site, url)
        if local.is_file():
            digest.update(url.encode() + local.read_bytes())
    script = (STATIC / "sw.js").read_text(encoding="utf-8")
    script = script.replace('"__BUILD__"', json.dumps(digest.hexdigest()[:16]))
    script = script.replace("__PRECACHE__", json.dumps(lists))
    packs = write_packs(site, lists)
    script = script.replace("__PACKS__", json.dumps({prefix: {"url": pack["url"], "files": pack["files"]}
                                                      for prefix, pack in packs.items()}))
    script = script.replace("__RUNTIME__", json.dumps(runtime_lists(site, lists, packs)))
    (site / "sw.js").write_text(script, encoding="utf-8")
