"""The installable, offline site: web-app manifest, icons and the service worker, written at the site root.

The service worker precaches every page and asset of the three languages (their paths are the same in
each language) but not the Python runtime, which it caches the first time a calculator loads it.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
LANGUAGE_PREFIXES = ("", "fr/", "ja/")
ROOT_ONLY = ("pyodide/", "api/", "icon-", "manifest.webmanifest", "sw.js")  # shipped once, at the site root
SKIP_SUFFIXES = (".map", ".gz", ".br")

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


def precache_lists(site: Path) -> dict[str, list[str]]:
    """URLs (relative to the site root) of every page and asset, by language prefix ("", "fr/", "ja/"),
    and under "root" the root-only files the installed app needs.

    The service worker precaches the list of the language the reader is using (a reader rarely reads
    all three) and the root files.
    """
    lists: dict[str, list[str]] = {"root": ["manifest.webmanifest", "icon-192.png", "icon-512.png"]}
    lists.update({prefix: [] for prefix in LANGUAGE_PREFIXES})
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if not path.is_file() or rel.endswith(SKIP_SUFFIXES) or rel.startswith(("fr/", "ja/")):
            continue
        if rel.startswith(ROOT_ONLY):
            continue
        url = rel.removesuffix("index.html") if rel.endswith("index.html") else rel
        for prefix in LANGUAGE_PREFIXES:
            lists[prefix].append(prefix + url)
    return lists


def write_offline_files(site: Path) -> None:
    """Write manifest.webmanifest, the icons and sw.js into the (default-language) site root."""
    for icon in ("icon-192.png", "icon-512.png"):
        shutil.copyfile(STATIC / icon, site / icon)
    (site / "manifest.webmanifest").write_text(json.dumps(MANIFEST, indent=1), encoding="utf-8")
    lists = precache_lists(site)
    digest = hashlib.sha256()
    for url in lists["root"] + lists[""]:
        local = site / (url + "index.html" if url.endswith("/") or url == "" else url)
        if local.is_file():
            digest.update(url.encode() + local.read_bytes())
    script = (STATIC / "sw.js").read_text(encoding="utf-8")
    script = script.replace('"__BUILD__"', json.dumps(digest.hexdigest()[:16]))
    script = script.replace("__PRECACHE__", json.dumps(lists))
    (site / "sw.js").write_text(script, encoding="utf-8")
