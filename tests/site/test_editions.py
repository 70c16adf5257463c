"""Editions side by side, in the strictly built real site (the `site` fixture): every block that concerns
some editions only carries their marks, every per-edition page points to its counterparts, and the page of
differences has a row for every entity that differs.

The expectations are computed here from the YAML files themselves (tests/yaml_files.py), not through
plugins/site/editions.py: slugs, `editions:`, `edition_notes:`, `grouped_with:` and the comparisons'
`entities:`.
"""
from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from yaml_files import read_folder

pytestmark = pytest.mark.slow
DATA = Path(__file__).resolve().parents[2] / "data"
LANG_ROOTS = {"en": "", "fr": "fr/", "ja": "ja/"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


# ----------------------------------------------------------------------------------- the data, read directly

def load(folder: str) -> dict[str, dict]:
    return read_folder(folder)  # read once per process: the checks below ask for the same folders thousands of times


EDITIONS = load("editions")
CHOOSABLE = [slug for slug, e in sorted(EDITIONS.items(), key=lambda kv: kv[1]["year"]) if not e.get("grouped_with")]
READ_AS = {slug: e.get("grouped_with") or slug for slug, e in EDITIONS.items()}


def marks(editions: list[str]) -> list[str]:
    read = {READ_AS[e] for e in editions}
    return [e for e in CHOOSABLE if e in read]


# ----------------------------------------------------------------------------------- a small HTML tree

class Node:
    def __init__(self, tag: str, attrs: dict, parent: "Node | None"):
        self.tag, self.attrs, self.parent, self.children, self.text = tag, attrs, parent, [], ""

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, tag: str | None = None, **attrs):
        return [n for n in self.walk() if (tag is None or n.tag == tag)
                and all(n.attrs.get(k.rstrip("_").replace("_", "-")) == v for k, v in attrs.items())]

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def first(self) -> "Node | None":
        """The first child element, looking through a paragraph (the items of a loose list)."""
        node = self.children[0] if self.children else None
        return node.first() if node is not None and node.tag == "p" else node

    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def all_text(self) -> str:
        return self.text + "".join(c.all_text() for c in self.children)


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.current = Node("#root", {}, None)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.text += data


@lru_cache(maxsize=None)  # a page is read by several tests, a skill category page once per skill: parse it once
def tree(site, lang: str, path: str) -> Node:
    """The parsed built page `path` of `lang` (shared: the tests only read it)."""
    builder = TreeBuilder()
    builder.feed((site.dir / LANG_ROOTS[lang] / path / "index.html").read_text(encoding="utf-8"))
    return builder.root


def article(site, lang: str, path: str) -> Node:
    return tree(site, lang, path).find_all("article")[0]


def resolve(page: str, href: str) -> str:
    """A link of page `page/` (a directory URL) as a site path without slashes at the ends."""
    return posixpath.normpath(posixpath.join(page, href.split("#")[0])).strip("/")


def edition_marks(node: Node) -> list[str] | None:
    value = node.attrs.get("data-editions")
    return None if value is None else value.split()


def section_after(root: Node, anchor: str) -> list[Node]:
    """The nodes from the heading with id `anchor` up to the next heading of the same level."""
    heading = root.find_all(id=anchor)[0]
    siblings = heading.parent.children
    start = siblings.index(heading)
    out = []
    for node in siblings[start + 1:]:
        if node.tag == heading.tag:
            break
        out.append(node)
    return out


# ----------------------------------------------------------------------------------- marks

SKILLS = load("skills")
TERMS = load("glossary")
RULINGS = load("rulings")


def test_every_edition_note_of_skills_and_terms_is_marked_with_its_edition(site):
    checked = 0
    pages = {("skill", slug): f"skills/{skill['category']}" for slug, skill in SKILLS.items()}
    pages.update({("term", slug): "glossary" for slug in TERMS})
    trees = {path: article(site, "en", path) for path in set(pages.values())}
    for (kind, slug), path in pages.items():
        entity = (SKILLS if kind == "skill" else TERMS)[slug]
        notes = entity.get("edition_notes") or {}
        items = [li for node in section_after(trees[path], f"{kind}-{slug}") for li in node.find_all("li")
                 if li.first() is not None and "nc-editions" in li.first().classes()]
        assert len(items) == len(notes), (kind, slug)
        for li, edition in zip(items, notes):
            assert f"nc-edition-{edition}" in li.first().children[0].classes()
            assert edition_marks(li) == marks([edition]), (kind, slug, edition)
            block = next(a for a in li.ancestors() if "data-editions" in a.attrs)
            assert edition_marks(block) == marks(list(notes)), (kind, slug)
            checked += 1
    assert checked > 50  # the data has dozens of notes: an empty loop would prove nothing


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_ruling_is_listed_in_an_item_marked_with_its_editions(site, lang):
    root = article(site, lang, "rulings")
    for slug, ruling in RULINGS.items():
        link = root.find_all(id=f"ruling-{slug}")[0]  # the id the ruling's section had on this page
        assert resolve("rulings", link.attrs["href"]) == f"rulings/{slug}", slug
        item = next(a for a in link.ancestors() if "data-editions" in a.attrs)
        assert item.tag == "li" and edition_marks(item) == marks(ruling["editions"]), slug


def test_who_plays_it_how_rows_and_the_skill_pages_lists_are_marked(site):
    root = article(site, "en", "rulings/who-plays-it-how")  # the matrix has a page of its own
    table = root.find_all("table")[0]
    rows = table.find_all("tbody")[0].find_all("tr")
    assert len(rows) == sum(1 for r in RULINGS.values() if r["status"] != "settled")
    for row in rows:
        slug = resolve("rulings/who-plays-it-how", row.find_all("a")[0].attrs["href"]).removeprefix("rulings/")
        assert edition_marks(row) == marks(RULINGS[slug]["editions"]), slug
    sequences = load("sequences")
    seen = 0
    for category in {s["category"] for s in SKILLS.values()}:
        for li in article(site, "en", f"skills/{category}").find_all("li"):
            if li.first() is None or li.first().tag != "a" or li.text.strip():
                continue  # the items of "Where it acts" and "Rulings" start with their link
            links = [a.attrs.get("href", "") for a in li.find_all("a")]
            target = resolve(f"skills/{category}", links[0])
            if target.startswith("rulings/"):
                expected = RULINGS[target.split("/")[1]]["editions"]
            elif target.startswith("sequences/"):
                expected = sequences[target.split("/")[1]]["editions"]
            else:
                continue
            assert edition_marks(li) == marks(expected), (category, links[0])
            seen += 1
    assert seen > 50


def test_skill_index_rows_are_marked_and_missing_editions_are_said(site):
    rows = [tr for tr in article(site, "en", "skills").find_all("tr") if tr.find_all("td")]
    assert len(rows) == len(SKILLS)
    for row in rows:
        slug = row.find_all("a")[0].attrs["href"].split("#skill-")[1]
        assert edition_marks(row) == marks(SKILLS[slug]["editions"]), slug
    for slug, skill in SKILLS.items():
        missing = [e for e in CHOOSABLE if e not in marks(skill["editions"])]
        notices = [n for node in section_after(article(site, "fr", f"skills/{skill['category']}"), f"skill-{slug}")
                   for n in node.walk() if "nc-edition-absent" in n.classes()]
        assert [n.attrs["data-edition-only"] for n in notices] == missing, slug


# ----------------------------------------------------------------------------------- counterparts

def families() -> dict[str, set[str]]:
    """`kind:slug` -> the ids of its family: same kind and slug but for a last word naming a listed
    edition, or put side by side by one comparison."""
    entities = {f"{kind}:{slug}": data for kind, folder in (("sequence", "sequences"), ("table", "tables"),
                                                             ("roll", "rolls"))
                for slug, data in load(folder).items()}
    groups = {i: {i} for i in entities}

    def join(a: str, b: str) -> None:
        merged = groups[a] | groups[b]
        for i in merged:
            groups[i] = merged

    stems: dict[tuple[str, str], str] = {}
    for entity_id, data in entities.items():
        kind, slug = entity_id.split(":")
        stem, _, last = slug.rpartition("-")
        if last in data["editions"]:
            if (kind, stem) in stems:
                join(entity_id, stems[(kind, stem)])
            stems.setdefault((kind, stem), entity_id)
    for comparison in load("comparisons").values():
        compared = [i for i in (comparison.get("entities") or {}).values() if i in entities]
        for other in compared[1:]:
            join(other, compared[0])
    return groups


def page_of(entity_id: str) -> str:
    kind, slug = entity_id.split(":")
    if kind == "roll":
        roll = load("rolls")[slug]
        if "target" in roll:
            return f"targets/{roll['target']}"
        if "target_number" in roll and {READ_AS[e] for e in roll["editions"]} == {"classic"}:
            return "targets/agility-classic"  # classic's fixed N+ (Going For It) sits with the other classic rolls
        return f"rolls/{slug.rpartition('-')[2]}"
    return f"{kind}s/{slug}"


def editions_of(entity_id: str) -> list[str]:
    kind, slug = entity_id.split(":")
    return load({"sequence": "sequences", "table": "tables", "roll": "rolls"}[kind])[slug]["editions"]


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_per_edition_page_links_to_its_counterparts_and_they_resolve(site, lang):
    groups = families()
    on_page: dict[str, list[str]] = {}
    for entity_id in groups:
        on_page.setdefault(page_of(entity_id), []).append(entity_id)
    banners_seen = 0
    for page, ids in on_page.items():
        covered = marks([e for i in ids for e in editions_of(i)])
        root = article(site, lang, page)
        banners = {n.attrs["data-edition-only"]: n for n in root.walk() if "nc-edition-banner" in n.classes()}
        assert sorted(banners) == sorted(e for e in CHOOSABLE if e not in covered), page
        for edition, banner in banners.items():
            expected = {page_of(o) for i in ids for o in groups[i] if edition in marks(editions_of(o))} - {page}
            links = {resolve(page, a.attrs["href"]) for a in banner.find_all("a")}
            assert links == expected, (page, edition)
            for link in links:
                assert (site.dir / LANG_ROOTS[lang] / link / "index.html").is_file(), link
            banners_seen += 1
    assert banners_seen >= 2 * len([p for p in on_page if p.startswith("sequences/")])


def test_the_pass_action_counterparts_are_the_other_editions_pass_actions(site):
    """One case written out by hand, from the file names in data/sequences/."""
    root = article(site, "fr", "sequences/pass-action-classic")
    banner = next(n for n in root.walk()
                  if "nc-edition-banner" in n.classes() and n.attrs["data-edition-only"] == "bb2020")
    assert [a.attrs["href"] for a in banner.find_all("a")] == ["../pass-action-bb2020/"]


def test_navigation_entries_of_per_edition_pages_are_marked(site):
    root = tree(site, "ja", "skills")
    nav = root.find_all("nav", class_="md-nav md-nav--primary")[0]
    marked = {resolve("skills", li.children[0].attrs["href"]): edition_marks(li)
              for li in nav.find_all("li") if "data-editions" in li.attrs and li.children[0].tag == "a"}
    assert marked["sequences/pass-action-classic"] == marks(load("sequences")["pass-action-classic"]["editions"])
    assert marked["tables/kick-off-bb2025"] == ["bb2025"]
    assert marked["rolls/bb2020"] == ["bb2020"]
    assert len(marked) == len({page_of(i) for i in families()})
    # the groups of the Sequences menu hold per-edition pages only: each carries its pages' editions
    groups = [li for li in nav.find_all("li") if "md-nav__item--nested" in li.classes()
              and "md-nav__item--section" not in li.classes()]
    assert groups and all("data-editions" in li.attrs for li in groups)
    for group in groups:
        links = [li for li in group.find_all("li") if li.children[0].tag == "a"]
        assert set(edition_marks(group)) == {m for li in links for m in edition_marks(li)}


# ----------------------------------------------------------------------------------- the page of differences

def differing(entities: dict[str, dict]) -> set[str]:
    return {slug for slug, e in entities.items()
            if e.get("edition_notes") or set(marks(e["editions"])) != set(CHOOSABLE)}


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_differences_page_has_a_row_per_skill_and_term_that_differs(site, lang):
    root = article(site, lang, "comparisons")
    rows = {}
    for key in root.walk():
        if key.tag == "a" and "nc-key" in key.classes():
            row = next(a for a in key.ancestors() if a.tag == "tr")
            rows[key.attrs["id"]] = row
    skills = {i.removeprefix("row-skill-") for i in rows if i.startswith("row-skill-")}
    terms = {i.removeprefix("row-term-") for i in rows if i.startswith("row-term-")}
    assert skills == differing(SKILLS) and len(skills) > 50
    assert terms == differing(TERMS)
    for slug in skills:
        cells = rows[f"row-skill-{slug}"].find_all("td")
        assert len(cells) == 1 + len(CHOOSABLE)
        assert resolve("comparisons", cells[0].find_all("a")[1].attrs["href"]) == f"skills/{SKILLS[slug]['category']}"
        for edition, cell in zip(CHOOSABLE, cells[1:]):
            absent = edition not in marks(SKILLS[slug]["editions"])
            assert bool(cell.find_all(class_="nc-not-in")) == absent, (slug, edition)
            if not absent:  # the note, or "as in the main text", links to the skill
                assert any(a.attrs["href"].endswith(f"#skill-{slug}") for a in cell.find_all("a")), (slug, edition)


def test_differences_page_tells_each_edition_note_in_its_column(site):
    root = article(site, "en", "comparisons")
    row = next(a for a in root.find_all(id="row-skill-leap")[0].ancestors() if a.tag == "tr")
    classic = row.find_all("td")[1 + CHOOSABLE.index("classic")].all_text()
    assert " ".join(SKILLS["leap"]["edition_notes"]["classic"]["en"].split()) in " ".join(classic.split())


def test_differences_page_is_in_the_navigation_and_linked_from_every_picker(site):
    for lang, prefix in LANG_ROOTS.items():
        for html_file in (site.dir / prefix).glob("*/index.html"):
            html = html_file.read_text(encoding="utf-8")
            assert html.count("data-nc-edition-picker") == 1, html_file
            assert "localStorage.getItem(\"nuffle.edition\")" in html
        home = tree(site, lang, "")
        picker = home.find_all("div", class_="nc-edition-picker")[0]
        assert [resolve("", a.attrs["href"]) for a in picker.find_all("a")] == ["comparisons"]
        nav = home.find_all("nav", class_="md-nav md-nav--primary")[0]
        assert any(resolve("", a.attrs.get("href", "")) == "comparisons" for a in nav.find_all("a"))
        options = [o.attrs["value"] for o in picker.find_all("option")]
        assert options == ["", *CHOOSABLE]


def test_the_built_pages_hide_nothing_by_themselves(site):
    """Without a script nothing chooses an edition: no page carries the attribute that hides blocks."""
    for html_file in site.dir.rglob("index.html"):
        assert not re.search(r"<html[^>]*data-nc-edition", html_file.read_text(encoding="utf-8")), html_file
    css = (site.dir / "assets" / "nuffle" / "editions.css").read_text(encoding="utf-8")
    for edition in CHOOSABLE:
        assert f'html[data-nc-edition="{edition}"] [data-editions]:not([data-editions~="{edition}"])' in css
