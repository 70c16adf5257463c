"""The site builds with ProperDocs (the drop-in fork of MkDocs 1.x, PyPI `properdocs`) and comes out the same
as the MkDocs build: the project's way out if MkDocs 1.x stops (README, "If Material for MkDocs stops")."""
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


@pytest.mark.slow
def test_properdocs_builds_the_site_that_mkdocs_builds(site, tmp_path):
    """A strict three-language build with ProperDocs, for the address the MkDocs build is served at, is the
    same file for file (but for the generator's name: plugins/compare_builds.py says what is set aside)."""
    out = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "plugins.build", "--quiet", "--engine", "properdocs",
                           "--site-dir", str(out), "--site-url", site.url],
                          cwd=PROJECT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert GENERATOR_TAG.format("mkdocs-ProperDocs 1.6.7, mkdocs-material-9.8.2") in \
        (out / "fr" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert differences(site.dir, out) == []
    shutil.rmtree(out)  # 200 MB


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
