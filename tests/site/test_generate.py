"""The page generator runs without MkDocs (`python -m plugins.site.generate`) and makes what the MkDocs build
publishes: the same page content, the same search sections."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from plugins.site.generate import page_url, relative_url
from plugins.site.pagemap import generated_pages

PROJECT = Path(__file__).resolve().parents[2]
LANG_ROOTS = {"en": "", "fr": "fr/", "ja": "ja/"}
# One page of each kind: a sequence, a calculator, the glossary (autolinks, pictures), the rulings' index,
# a skill category, a hand-picked page with front matter (the calculators').
PAGES = ("sequences/pass-action-classic.md", "calculators/armour.md", "glossary.md", "rulings/index.md",
         "skills/general.md", "tables/kick-off-bb2025.md")
# The generator's process: any import of MkDocs, Material or ProperDocs fails, then the entry point runs.
WITHOUT_MKDOCS = """
import runpy, sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("mkdocs", "material", "properdocs"):
            raise ImportError(f"{name} imported by the page generator")
sys.meta_path.insert(0, Refuse())
sys.argv = ["generate"] + sys.argv[1:]
try:
    runpy.run_module("plugins.site.generate", run_name="__main__")
finally:
    assert not any(n.split(".")[0] in ("mkdocs", "material") for n in sys.modules), "MkDocs was imported"
"""


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("generated")
    done = subprocess.run([sys.executable, "-c", WITHOUT_MKDOCS, str(out), "--lang", "fr", "ja", "--pages", *PAGES],
                          cwd=PROJECT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def _url(path: str) -> str:
    stem = path[:-len(".md")]
    return stem[:-len("index")] if stem.endswith("index") else stem + "/"


def _without_search_marks(html: str) -> str:
    """What Material's search plugin leaves of a page's content once it has indexed it: no data-search-*."""
    return re.sub(r'\s?data-search-\w+="[^"]+"', "", html)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("path", PAGES)
def test_the_page_content_is_what_the_mkdocs_build_published(generated, site, lang, path):
    fragment = (generated / lang / "pages" / path).with_suffix(".html").read_text(encoding="utf-8")
    built = (site.dir / LANG_ROOTS[lang] / _url(path) / "index.html").read_text(encoding="utf-8")
    assert '<h1 id="' in fragment and "href=" in fragment
    assert _without_search_marks(fragment) in built


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_search_sections_are_those_of_the_mkdocs_build(generated, site, lang):
    """Every section of the pages, with its title; the table rows' sections are added after the build
    (plugins/site/search.py) and are left out."""
    ours = [(s["location"], s["title"]) for s in json.loads((generated / lang / "search.json").read_text("utf-8"))]
    index = json.loads((site.dir / LANG_ROOTS[lang] / "search" / "search_index.json").read_text("utf-8"))
    urls = {_url(path) for path in PAGES}
    built = [(d["location"], d["title"]) for d in index["docs"]
             if d["location"].split("#")[0] in urls and "#row-" not in d["location"]]
    assert len(ours) > len(PAGES) and sorted(ours) == sorted(built)



def test_links_between_pages_are_written_as_mkdocs_writes_them(repo):
    """From every generated page to a sample of the others (and the home page, and itself), the relative URL
    is MkDocs' own (`mkdocs.utils.get_relative_url`, the oracle; this test process may import MkDocs)."""
    from mkdocs.utils import get_relative_url

    paths = ["index.md", "skills/index.md", *generated_pages(repo)]
    for source in paths:
        for target in paths[::37] + ["index.md", source]:
            mkdocs_url = "./" if page_url(target) == "" else page_url(target)
            assert relative_url(page_url(target), page_url(source)) == \
                get_relative_url(mkdocs_url, page_url(source) or "./"), (source, target)


def test_bad_data_stops_the_generator_with_the_file_and_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "plugins.site.generate", str(tmp_path), "--lang", "en",
                           "--data", str(PROJECT / "tests" / "fixtures" / "broken-data")],
                          cwd=PROJECT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "skills/bad-skill.yml:2: category: 'sorcery' is not one of" in done.stderr
    assert not (tmp_path / "en").exists()
