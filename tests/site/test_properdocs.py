"""The site builds with ProperDocs (the drop-in fork of MkDocs 1.x, PyPI `properdocs`) and comes out the same
as the MkDocs build: the project's way out if MkDocs 1.x stops (README, "If Material for MkDocs stops").
CI builds one language with it (French: the test says why); `python -m plugins.build --engine properdocs`
and `python -m plugins.compare_builds` compare all three by hand."""
from __future__ import annotations

import gzip
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from plugins.compare_builds import differences

PROJECT = Path(__file__).resolve().parents[2]
GENERATOR_TAG = '<meta name="generator" content="{}">'


# One language built with ProperDocs, as plugins/build.py builds it (strict, its address, its .gz siblings).
BUILD_ONE = """
import sys
from pathlib import Path
from plugins.build import build_site
build_site(configs=(sys.argv[1],), site_dir=Path(sys.argv[2]), site_url=sys.argv[3], engine="properdocs")
"""
LANGUAGE = "fr"  # why French: see the test's docstring


@pytest.mark.slow
def test_properdocs_builds_the_french_site_that_mkdocs_builds(site, tmp_path):
    """A strict build of the French site with ProperDocs, for the address the MkDocs build is served at, is
    the same as the French part of the MkDocs build, file for file (but for the generator's name:
    plugins/compare_builds.py says what is set aside), but for the French offline pack, which it cannot have.

    One language rather than three, to spare CI a whole second build (about 20 s of a test worker). French,
    because what depends on the generator is the same in every language (Material and our plugins render
    every page through it), and French has all of that plus the one thing the generator does for a language
    beyond its pages: the search plugin's language (`lang: fr`), which copies and loads the French lunr
    scripts (English and Japanese search with `lang: en`). English, the site root, adds only files our
    plugins write with plain file writes (the Python runtime, api/, sw.js, the manifest), which do not go
    through the generator; Japanese adds nothing French lacks.

    The offline pack (`fr/offline-pages-<hash>.pack`, its `.gz` and `.br`) is written by the root's service
    worker step once the default language has been built (plugins/calc/plugin.py): a French build alone has
    none, so exactly those files, and nothing else, are missing from it.
    """
    out = tmp_path / "site"
    done = subprocess.run([sys.executable, "-c", BUILD_ONE, f"config/{LANGUAGE}.yml", str(out), site.url],
                          cwd=PROJECT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert GENERATOR_TAG.format("mkdocs-ProperDocs 1.6.7, mkdocs-material-9.8.2") in \
        (out / LANGUAGE / "glossary" / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in out.iterdir()) == ["_headers", LANGUAGE, "nginx-security-headers.conf"]
    packs = sorted(p.name for p in (site.dir / LANGUAGE).glob("offline-pages-*.pack*"))
    assert packs and all(p.startswith(packs[0]) for p in packs), packs
    assert differences(site.dir / LANGUAGE, out / LANGUAGE) == [f"- {pack}" for pack in packs]
    shutil.rmtree(out)  # 70 MB


def _page(root: Path, rel: str, generator: str, text: str) -> None:
    html = f"<html><head>{GENERATOR_TAG.format(generator)}</head><body>{text}</body></html>".encode()
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_bytes(html)
    (root / f"{rel}.gz").write_bytes(gzip.compress(html))


def test_the_comparison_sets_aside_the_generator_name_only(tmp_path):
    mkdocs, properdocs = tmp_path / "mkdocs", tmp_path / "properdocs"
    for root, generator in ((mkdocs, "mkdocs-1.6.1"), (properdocs, "mkdocs-ProperDocs 1.6.7")):
        _page(root, "index.html", generator, "Accueil")
        _page(root, "fr/glossary/index.html", generator, "Sortie" if root is mkdocs else "Sortie !")
        pack = f"offline-pages-{generator.encode().hex()[:16]}.pack"  # its hash follows the pages it holds
        (root / "sw.js").write_text(f'const BUILD = "{generator.encode().hex()[:8]}";\nconst PACKS = ["fr/{pack}"];\n')
        (root / "fr" / pack).write_bytes(generator.encode())
    (properdocs / "extra.css").write_text("")
    assert differences(mkdocs, properdocs) == ["+ extra.css", "~ fr/glossary/index.html",
                                               "~ fr/glossary/index.html.gz"]
    for pack in (properdocs / "fr").glob("offline-pages-*.pack"):
        pack.unlink()  # a pack is set aside for its bytes and its name's hash, not for being there
    assert [line for line in differences(mkdocs, properdocs) if "offline" in line] == [
        f"- fr/{next((mkdocs / 'fr').glob('offline-pages-*.pack')).name}"]
