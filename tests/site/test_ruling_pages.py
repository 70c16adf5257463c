"""Each ruling on a page of its own (issue 11, defect 6), in the strictly built real site (the `site` fixture):
every ruling has `rulings/<slug>/` in every language, the index lists every one under the id its section
had (`rulings/#ruling-<slug>`), every link of these pages resolves, the skill pages link to the ruling pages,
and a search hit on a ruling's text is a hit on its own page.

The rulings and their skills are read from the YAML files themselves (tests/yaml_files.py).
"""
from __future__ import annotations

import functools

import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from yaml_files import read_folder, read_yaml

pytestmark = pytest.mark.slow
DATA = Path(__file__).resolve().parents[2] / "data"
LANG_ROOTS = {"en": "", "fr": "fr/", "ja": "ja/"}
RULINGS = read_folder("rulings")
SKILLS = read_folder("skills")
REF = re.compile(r"\[\[([a-z][a-z-]*):([a-z0-9-]+)(#[a-z0-9-]+)?(?:\|([^\]|]+))?\]\]")
FOLDERS = {"skill": "skills", "term": "glossary", "sequence": "sequences", "table": "tables", "roll": "rolls",
           "target": "targets", "source": "sources", "comparison": "comparisons", "edition": "editions",
           "star-rule": "star-rules"}


class Page(HTMLParser):
    """The ids, the links (href, id, class) inside <article>, and the text of the <h1> (its ¶ link aside)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[dict] = []
        self.h1 = ""
        self._article = 0
        self._h1 = False

    def handle_starttag(self, tag, attrs):
        attrs = {k: v or "" for k, v in attrs}
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "article":
            self._article += 1
        if tag == "h1":
            self._h1 = True
        if tag == "a" and "headerlink" in attrs.get("class", "").split():
            self._h1 = False
        if tag == "a" and self._article and "href" in attrs:
            self.links.append(attrs)

    def handle_endtag(self, tag):
        if tag == "article":
            self._article -= 1
        if tag == "h1":
            self._h1 = False

    def handle_data(self, data):
        if self._h1:
            self.h1 += data


@functools.lru_cache(maxsize=None)  # the tests below read the same pages again: parse each once per process
def parse_file(file: Path) -> Page:
    """The parsed page at `file` (shared between tests: read only)."""
    page = Page()
    page.feed(file.read_text(encoding="utf-8"))
    return page


def parse(site, lang: str, path: str) -> Page:
    return parse_file(site.dir / LANG_ROOTS[lang] / path / "index.html")


def target_of(site, lang: str, page: str, href: str) -> tuple[Path, str] | None:
    """The file a relative link of `page/` leads to and its fragment; None for another site or a mail link."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None
    path = posixpath.normpath(posixpath.join(page, unquote(parts.path))) if parts.path else page
    file = site.dir / LANG_ROOTS[lang] / path
    if file.is_dir() or not file.suffix:
        file = file / "index.html"
    return file, unquote(parts.fragment)


def name_of(kind: str, slug: str, lang: str) -> str:
    """What a reference without its own text shows: the entity's name (or title) in `lang`."""
    data = read_yaml(DATA / FOLDERS[kind] / f"{slug}.yml")
    value = data.get("name") or data.get("title")
    return value.get(lang) or value["en"]


def question(ruling: dict, lang: str) -> str | None:
    """The question as a title shows it (references as their text or their entity's name); None when it
    refers to a part of an entity (", step 3": not worked out here)."""
    text = ruling["question"][lang]
    if any(m[3] and not m[4] for m in REF.finditer(text)):
        return None
    text = REF.sub(lambda m: m[4] or name_of(m[1], m[2], lang), text)
    return " ".join(text.split())


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
def test_every_ruling_has_its_own_page_titled_with_its_question(site, lang):
    compared = 0
    for slug, ruling in RULINGS.items():
        page = parse(site, lang, f"rulings/{slug}")
        assert page.h1.strip(), slug
        expected = question(ruling, lang)
        if expected is not None:
            assert " ".join(page.h1.split()) == expected, slug
            compared += 1
    assert compared > len(RULINGS) // 2


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
def test_the_index_lists_every_ruling_under_its_old_anchor(site, lang):
    index = parse(site, lang, "rulings")
    moved = {a["id"]: a["href"] for a in index.links if "nc-moved" in a.get("class", "").split()}
    assert set(moved) == {f"ruling-{slug}" for slug in RULINGS}
    for anchor, href in moved.items():
        file, _ = target_of(site, lang, "rulings", href)
        assert file == site.dir / LANG_ROOTS[lang] / "rulings" / anchor.removeprefix("ruling-") / "index.html"
    assert {"who-plays-it-how", "all-rulings"} <= index.ids


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
def test_every_link_of_the_rulings_pages_resolves(site, lang):
    pages = ["rulings"] + [f"rulings/{slug}" for slug in RULINGS]
    checked = 0
    for path in pages:
        for link in parse(site, lang, path).links:
            target = target_of(site, lang, path, link["href"])
            if target is None:
                continue
            file, fragment = target
            assert file.is_file(), (path, link["href"])
            if fragment and file.name == "index.html":
                assert fragment in parse_file(file).ids, (path, link["href"])
            checked += 1
    assert checked > 5 * len(RULINGS)


def test_skill_pages_link_to_each_of_their_rulings_pages(site):
    for lang in LANG_ROOTS:
        targets: dict[str, set[Path]] = {}  # skill category page -> the files its links lead to
        for slug, ruling in RULINGS.items():
            for about in ruling["about"]:
                kind, _, skill = about.partition(":")
                if kind != "skill":
                    continue
                category = f"skills/{SKILLS[skill]['category']}"
                if category not in targets:
                    targets[category] = {target_of(site, lang, category, a["href"])[0]
                                         for a in parse(site, lang, category).links if not urlsplit(a["href"]).scheme}
                assert site.dir / LANG_ROOTS[lang] / "rulings" / slug / "index.html" in targets[category], \
                    (lang, slug, skill)


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
def test_a_search_hit_on_a_ruling_is_on_its_own_page(site, lang):
    """Each ruling is a document of the search index at its own page, and the index page no longer holds
    the rulings' full texts (their recommendations)."""
    docs = json.loads((site.dir / LANG_ROOTS[lang] / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    pages = {d["location"].split("#")[0] for d in docs}
    assert {f"rulings/{slug}/" for slug in RULINGS} <= pages
    on_index = " ".join(d["text"] for d in docs if d["location"].split("#")[0] == "rulings/")
    for slug, ruling in RULINGS.items():
        words = " ".join(REF.sub("", ruling["recommendation"][lang]).split())[:40]
        assert words not in on_index, slug


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
def test_the_matrix_has_a_page_of_its_own_in_the_rulings_menu(menu_section, lang):
    """Issue 26 item 3: the "who plays it how" matrix left the index (which it pushed 26,000 px down on a
    phone) for a page of its own, in the menu between the list of rulings and the engine options."""
    entries = [next(iter(e.values())) if isinstance(e, dict) else e for e in menu_section(lang, "Rulings")]
    assert entries.index("rulings/index.md") < entries.index("rulings/who-plays-it-how.md")
