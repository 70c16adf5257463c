"""Build the whole site: one MkDocs build per language, in one process.

    python -m plugins.build [--quiet] [--engine mkdocs|properdocs] [--site-dir DIR] [--site-url URL]

English (mkdocs.yml) goes to site/, French and Japanese (config/fr.yml, config/ja.yml) to site/fr/ and
site/ja/. Every build is strict: a warning (broken link, missing translation, bad data) stops it.
`--engine properdocs` builds with ProperDocs (PyPI `properdocs`, a drop-in fork of MkDocs 1.x) instead: it
aliases every `mkdocs.*` import to its own modules, so Material and our plugins run on it unchanged (CI builds
the site with both and compares them: tests/site/test_properdocs.py). `--site-dir` and `--site-url` build
elsewhere than site/ (for the URL the site will be served from).

Then the security headers are written for the built pages (`_headers`, `nginx-security-headers.conf`: see
plugins/security_headers.py) and every text file gets a .gz sibling (see plugins/calc/compress.py).

The build is atomic: every language is built into a new folder next to site/ (`.site-building-…`), and
site/ is replaced by it only once every language has built and every page has its compressed sibling.
A failed build removes its folder and leaves site/ as it was. A killed build cannot: its folder (about
125 MB) stays behind, so each build first removes the folders of builds whose process is gone. The owner's
process id is in the folder's name (`.site-building-<pid>-…`); a folder whose process still runs belongs to
a concurrent build (the tests build at the same time under xdist) and is left alone.
"""
from __future__ import annotations

import argparse
import importlib
import logging
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from plugins.calc.compress import compress_text
from plugins.security_headers import write_header_files

PROJECT = Path(__file__).resolve().parent.parent
CONFIGS = ("mkdocs.yml", "config/fr.yml", "config/ja.yml")  # English first: it cleans site/
ENGINES = ("mkdocs", "properdocs")


def build(config) -> None:
    """Build one language from its loaded `config`, with the generator `_engine` chose for this process."""
    importlib.import_module("mkdocs.commands.build").build(config)


def _engine(name: str):
    """(load_config, errors that stop a build) of the site generator `name` (one of ENGINES).

    ProperDocs answers `import mkdocs…` with its own modules once `properdocs.replacement` is imported, which
    must happen before anything imports MkDocs in this process: Material and our plugins then run on it.

    Raises:
        ValueError: `name` is not one of ENGINES, or ProperDocs is asked for after MkDocs was imported.
    """
    if name not in ENGINES:
        raise ValueError(f"unknown site generator {name!r}: one of {', '.join(ENGINES)}")
    if name == "properdocs":
        if "mkdocs" in sys.modules and not getattr(sys.modules["mkdocs"], "__name__", "").startswith("properdocs"):
            raise ValueError("MkDocs is already imported in this process: build with ProperDocs in a new one")
        importlib.import_module("properdocs.replacement")
    config = importlib.import_module("mkdocs.config")
    errors = importlib.import_module("mkdocs.exceptions")
    return config.load_config, (errors.Abort, errors.ConfigurationError, errors.PluginError)


def build_site(project: Path = PROJECT, configs: tuple[str, ...] = CONFIGS, *, site_dir: Path | None = None,
               site_url: str | None = None, engine: str = "mkdocs") -> float:
    """Build every language into a new folder, then put it in place of the site; return the wall time in
    seconds. Raises SystemExit(1) on any failure, with the previous site left untouched.

    Args:
        site_dir: the site's folder (default: `site/` of the project); other languages go to <lang>/.
        site_url: the root URL the site will be served from (instant navigation needs the exact origin).
        engine: the site generator, "mkdocs" or "properdocs" (see `_engine`; ValueError for another).
    """
    load_config, build_errors = _engine(engine)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's notice about MkDocs 2 on every build
    start = time.perf_counter()
    root = Path(site_dir) if site_dir is not None else project / "site"
    root.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_builds(root)
    # Next to the site, on the same file system, so that putting it in place is a rename.
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}-building-{os.getpid()}-", dir=root.parent))
    staging.chmod(0o755)  # mkdtemp makes it private; the site is served to everyone
    try:
        for name in configs:
            lang = Path(name).stem if name.startswith("config/") else ""
            overrides: dict = {"site_dir": str(staging / lang) if lang else str(staging)}
            if site_url is not None:
                overrides["site_url"] = f"{site_url.rstrip('/')}/{lang + '/' if lang else ''}"
            try:
                build(load_config(config_file=str(project / name), strict=True, **overrides))
            except build_errors as exc:
                print(f"build of {name} failed: {exc}", file=sys.stderr)
                raise SystemExit(1) from None
        # The security headers, whose policy holds the hashes of the pages' inline scripts (for every host).
        write_header_files(staging)
        # After the last language: gzip siblings of every page and asset, for hosts that serve them as is.
        compress_text(staging)
        missing = [name for name in configs if not (staging / _lang_dir(name) / "index.html.gz").is_file()]
        if missing:
            print(f"build incomplete: no compressed home page for {', '.join(missing)}", file=sys.stderr)
            raise SystemExit(1)
        _put_in_place(staging, root)
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # gone already when it was put in place
    return time.perf_counter() - start


def _lang_dir(config: str) -> str:
    return Path(config).stem if config.startswith("config/") else ""


def _put_in_place(staging: Path, root: Path) -> None:
    """Replace `root` by `staging`: two renames (the old site is set aside, then deleted)."""
    old = None
    if root.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{root.name}-old-{os.getpid()}-", dir=root.parent))
        os.replace(root, old / root.name)
    os.replace(staging, root)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


LEGACY_AGE_S = 3600  # a folder named before process ids were: surely dead after an hour (a build takes ~1 min)


def remove_stale_builds(root: Path) -> list[Path]:
    """Delete the staging (`.<site>-building-<pid>-…`) and set-aside (`.<site>-old-<pid>-…`) folders next to
    `root` whose build process is gone (killed, or stopped before it could clean up); return them.

    A folder whose process still runs is another build's, and kept. Folders named without a process id
    (made before this rule) are deleted once untouched for LEGACY_AGE_S seconds.
    """
    pattern = re.compile(rf"^\.{re.escape(root.name)}-(?:building|old)-(?:(?P<pid>\d+)-)?[a-z0-9_]+$")
    removed = []
    for folder in root.parent.iterdir() if root.parent.is_dir() else ():
        match = pattern.match(folder.name)
        if not match or not folder.is_dir():
            continue
        if match["pid"] is not None:
            stale = not _running(int(match["pid"]))
        else:
            stale = time.time() - folder.stat().st_mtime > LEGACY_AGE_S
        if stale:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _running(pid: int) -> bool:
    """Whether process `pid` runs (a zombie, killed but not yet reaped by its parent, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc (not Linux): the signal said it exists
    return stat.rpartition(")")[2].split()[0] != "Z"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m plugins.build", description="Build the three-language site.")
    parser.add_argument("--quiet", action="store_true", help="warnings and errors only")
    parser.add_argument("--engine", choices=ENGINES, default="mkdocs", help="the site generator (default: mkdocs)")
    parser.add_argument("--site-dir", type=Path, default=None, help="where to build (default: site/)")
    parser.add_argument("--site-url", default=None, help="the root URL the site will be served from")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(levelname)-7s-  %(message)s")
    seconds = build_site(site_dir=args.site_dir, site_url=args.site_url, engine=args.engine)
    print(f"built {len(CONFIGS)} languages with {args.engine} into {args.site_dir or 'site/'} in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
