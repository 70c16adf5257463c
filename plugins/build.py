"""Build the whole site: one MkDocs build per language, in one process.

    python -m plugins.build [--quiet]

English (mkdocs.yml) goes to site/, French and Japanese (config/fr.yml, config/ja.yml) to site/fr/ and
site/ja/. Every build is strict: a warning (broken link, missing translation, bad data) stops it.
Then every text file gets a .gz sibling (see plugins/calc/compress.py).
"""
from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, ConfigurationError, PluginError

from plugins.calc.compress import compress_text

PROJECT = Path(__file__).resolve().parent.parent
CONFIGS = ("mkdocs.yml", "config/fr.yml", "config/ja.yml")  # English first: it cleans site/


def build_site(project: Path = PROJECT, configs: tuple[str, ...] = CONFIGS, *, site_dir: Path | None = None,
               site_url: str | None = None) -> float:
    """Build every language; return the wall time in seconds. Raises SystemExit(1) on any failure.

    Args:
        site_dir: write the site here instead of each config's site_dir (other languages go to <lang>/).
        site_url: the root URL the site will be served from (instant navigation needs the exact origin).
    """
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's notice about MkDocs 2 on every build
    start = time.perf_counter()
    for name in configs:
        lang = Path(name).stem if name.startswith("config/") else ""
        overrides: dict = {}
        if site_dir is not None:
            overrides["site_dir"] = str(site_dir / lang) if lang else str(site_dir)
        if site_url is not None:
            overrides["site_url"] = f"{site_url.rstrip('/')}/{lang + '/' if lang else ''}"
        try:
            build(load_config(config_file=str(project / name), strict=True, **overrides))
        except (Abort, ConfigurationError, PluginError) as exc:
            print(f"build of {name} failed: {exc}", file=sys.stderr)
            raise SystemExit(1) from None
    # After the last language: gzip siblings of every page and asset, for hosts that serve them as is.
    root = Path(site_dir) if site_dir is not None else project / "site"
    compress_text(root)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.WARNING if "--quiet" in argv else logging.INFO, format="%(levelname)-7s-  %(message)s")
    seconds = build_site()
    print(f"built {len(CONFIGS)} languages into site/ in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
