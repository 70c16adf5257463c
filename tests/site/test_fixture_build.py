"""A strict MkDocs build of the small fixture site, through the real plugins."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

FIXTURE_SITE = Path(__file__).resolve().parent.parent / "fixtures" / "site"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("fixture-site")
    build(load_config(config_file=str(FIXTURE_SITE / "mkdocs.yml"), site_dir=str(out), strict=True))
    return out


def test_generated_pages_exist(built):
    for page in ("sequences/pick-up", "skills/general", "skills", "rulings", "tables/scatter-d6",
                 "targets/agility-classic", "glossary", "sources", "translation-status", "skills/auto-actions", "verification"):
        assert (built / page / "index.html").is_file(), page


def test_rules_are_shipped_without_the_runtime(built):
    """The fixture site is built with `python_runtime: false`: the rules and the service worker, no Pyodide."""
    assert (built / "api" / "v1" / "rules.json").is_file() and (built / "sw.js").is_file()
    assert not (built / "pyodide").exists()


def test_hand_written_page_references_resolve(built):
    html = (built / "index.html").read_text(encoding="utf-8")
    assert 'href="skills/general/#skill-sure-hands"' in html
    assert 'href="sequences/pick-up/#step-1a"' in html


def test_unknown_reference_in_a_page_fails_the_build(tmp_path, caplog):
    site = tmp_path / "site"
    shutil.copytree(FIXTURE_SITE, site, ignore=shutil.ignore_patterns("site"))
    (site / "docs" / "index.md").write_text("[[skill:nope]]\n", encoding="utf-8")
    (site / "mkdocs.yml").write_text(
        (site / "mkdocs.yml").read_text().replace("../../../mkdocs.yml", str(FIXTURE_SITE.parents[2] / "mkdocs.yml"))
        .replace("../data", str(FIXTURE_SITE.parent / "data")))
    from mkdocs.exceptions import Abort

    with pytest.raises(Abort):
        build(load_config(config_file=str(site / "mkdocs.yml"), site_dir=str(tmp_path / "out"), strict=True))
    assert "index.md: unknown reference [[skill:nope]]" in caplog.text
    assert not (tmp_path / "out" / "index.html").exists()  # nothing half-built is published


def _list_depth_before(html: str, marker: str) -> int:
    before = html[: html.index(marker)]
    return before.count("<ul>") - before.count("</ul>")


def test_sub_steps_nest_and_the_next_step_returns_to_the_top_level(built):
    html = (built / "sequences" / "pick-up" / "index.html").read_text(encoding="utf-8")
    depths = {key: _list_depth_before(html, f'id="step-{key}"') for key in ("1", "1a", "2")}
    assert depths["1a"] == depths["1"] + 1
    assert depths["2"] == depths["1"]


def test_every_unconfirmed_mark_links_to_its_line_on_the_verification_page(built):
    """The marks' links, once MkDocs has made them URLs, reach an id of the built verification page."""
    import posixpath
    import re

    ids = set(re.findall(r'id="([^"]+)"', (built / "verification" / "index.html").read_text(encoding="utf-8")))
    links = 0
    for page in built.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for href in re.findall(r'<span class="nc-unconfirmed"[^>]*><a href="([^"]+)"', html):
            url, _, anchor = href.partition("#")
            here = page.parent.relative_to(built).as_posix()
            assert posixpath.normpath(posixpath.join(here, url)) == "verification", (page, href)
            assert anchor in ids, (page, href)
            links += 1
    assert links >= 10
