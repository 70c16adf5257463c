"""The edition machinery on the fixture data: choosable editions, families and counterparts, the marks
moved onto list items and table rows, the navigation marks, and the data checks behind them."""
from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from plugins.data import DataError, load_repository
from plugins.site.editions import Editions, edition_pages, families, nav_marks
from plugins.site.marks import unplaced_mark
from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture(scope="module")
def fixture_repo():
    return load_repository(FIXTURES / "data")


def test_grouped_editions_are_read_as_the_one_they_join(fixture_repo):
    editions = Editions.of(fixture_repo)
    # tests/fixtures/data/editions: bb2016 says `grouped_with: classic`; years 2009, 2016, 2020, 2025
    assert editions.choosable == ("classic", "bb2020", "bb2025")
    assert editions.marks(["bb2016"]) == ("classic",)
    assert editions.marks(["bb2025", "classic", "bb2016"]) == ("classic", "bb2025")
    assert editions.missing(["classic", "bb2016"]) == ("bb2020", "bb2025")
    assert editions.members("classic") == ("classic", "bb2016")


def test_a_comparison_pairs_pages_whose_slugs_do_not_name_their_edition(fixture_repo):
    # sequence:pick-up (classic) has no edition in its slug; comparison:pick-up puts it beside pick-up-bb2020
    family = families(fixture_repo)
    assert set(family["sequence:pick-up"]) == {"sequence:pick-up", "sequence:pick-up-bb2020"}
    # roll slugs end with their edition: pass-classic and pass-bb2020 are one family, catch-classic alone
    assert set(family["roll:pass-classic"]) == {"roll:pass-classic", "roll:pass-bb2020"}
    assert family["roll:catch-classic"] == ("roll:catch-classic",)
    pages = edition_pages(fixture_repo, Editions.of(fixture_repo))
    assert pages["sequences/pick-up.md"].counterparts == {"bb2020": ["sequences/pick-up-bb2020.md"], "bb2025": []}
    # the classic rolls live on the target page; BB2020's on rolls/bb2020.md
    assert pages["rolls/bb2020.md"].counterparts["classic"] == ["targets/agility-classic.md"]
    assert pages["targets/agility-classic.md"].counterparts["bb2020"] == ["rolls/bb2020.md"]


@pytest.mark.parametrize("lang, see, none", [
    ("fr", "Pour l'édition BB2020, voir\u00a0: [Ramassage (BB2020)](pick-up-bb2020.md)", "l'édition BB2025 n'a pas"),
    ("ja", "BB2020 については次を参照：[", "BB2025 には対応するページがありません"),
])
def test_a_per_edition_page_has_a_banner_per_missing_edition(fixture_repo, lang, see, none):
    path = "sequences/pick-up.md"
    ctx = PageContext(fixture_repo, lang, Messages(lang), path, BackLinks.build(fixture_repo))
    markdown = generated_pages(fixture_repo)[path](ctx)
    title, _, rest = markdown.partition("\n")
    assert title.startswith("# ")
    banners = [line for line in rest.splitlines() if "nc-edition-banner" in line]
    assert [b.split('data-edition-only="')[1].split('"')[0] for b in banners] == ["bb2020", "bb2025"]
    assert see in banners[0] and none in banners[1]
    assert ctx.t.missing == set()


def test_marks_move_onto_their_item_or_row_and_a_stray_mark_is_an_error():
    import markdown

    mark = Editions(("classic", "bb2020"), {"classic": "classic", "bb2020": "bb2020"}).row_mark(["bb2020"])
    assert mark == '<span class="nc-mark" data-editions="bb2020"></span>'

    def html(source: str) -> str:  # the site's own extensions, in mkdocs.yml's order
        return markdown.markdown(source, extensions=["attr_list", "md_in_html", "tables", "plugins.site.marks"])

    assert html(f"- {mark}text\n- {mark}[x](x.md)") == \
        '<ul>\n<li data-editions="bb2020">text</li>\n<li data-editions="bb2020"><a href="x.md">x</a></li>\n</ul>'
    assert html(f"- {mark} loose\n\n- plain") == \
        '<ul>\n<li data-editions="bb2020">\n<p>loose</p>\n</li>\n<li>\n<p>plain</p>\n</li>\n</ul>'
    table = html(f"| a | b |\n|:--|---|\n| {mark}[x](x.md) | y |")
    assert '<tr data-editions="bb2020">\n<td style="text-align: left;"><a href="x.md">x</a></td>' in table
    assert not unplaced_mark(table)
    stray = html(f"in a paragraph {mark}")  # a mark that starts no item or row stays, and the plugin refuses it
    assert unplaced_mark(stray)
    other = html('- <span class="nc-other" data-editions="bb2020"></span>text')  # only the marks move
    assert "<li>" in other and unplaced_mark(other) is False


ORDER = ("classic", "bb2020", "bb2025")


def page(url: str, active: bool = False) -> SimpleNamespace:
    """A page of MkDocs's nav as overrides/partials/nav-item.html hands it to `nc_nav_marks`."""
    return SimpleNamespace(url=url, active=active, is_page=True, is_section=False, children=None)


def group(*children, active: bool = False) -> SimpleNamespace:
    return SimpleNamespace(url=None, active=active, is_page=False, is_section=True, children=list(children))


def test_navigation_links_to_per_edition_pages_are_marked_but_not_the_page_being_read():
    marks = {"sequences/pick-up-bb2020": ("bb2020",), "sequences/pick-up": ("classic",)}
    assert nav_marks(page("sequences/pick-up-bb2020/"), 2, marks, ORDER) == "bb2020"
    assert nav_marks(page("glossary/"), 2, marks, ORDER) == ""
    assert nav_marks(page("sequences/pick-up/", active=True), 2, marks, ORDER) == ""  # the page being read


def _copy_fixture(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    return data


def test_a_slug_naming_an_edition_it_does_not_list_is_reported(tmp_path):
    data = _copy_fixture(tmp_path)
    source = (data / "sequences" / "pick-up-bb2020.yml").read_text(encoding="utf-8")
    (data / "sequences" / "pick-up-bb2025.yml").write_text(source, encoding="utf-8")  # lists bb2020 only
    with pytest.raises(DataError) as caught:
        load_repository(data)
    assert [p.field for p in caught.value.problems] == ["editions"]
    assert "pick-up-bb2025.yml" in caught.value.problems[0].file
    assert "names edition 'bb2025'" in caught.value.problems[0].message


def test_an_edition_grouped_with_a_grouped_edition_is_reported(tmp_path):
    data = _copy_fixture(tmp_path)
    classic = data / "editions" / "classic.yml"
    classic.write_text(classic.read_text(encoding="utf-8") + "grouped_with: bb2016\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_repository(data)
    assert {(Path(p.file).name, p.field) for p in caught.value.problems} == {
        ("bb2016.yml", "grouped_with"), ("classic.yml", "grouped_with")}


def test_a_navigation_group_whose_links_are_all_marked_gets_their_editions():
    marks = {"sequences/a-bb2020": ("bb2020",), "sequences/a-bb2025": ("bb2025",), "sequences/b-bb2025": ("bb2025",)}
    link = SimpleNamespace(url="https://example.org/", active=False, is_page=False, is_section=False, children=None)
    groups = [group(page("sequences/a-bb2025/"), page("sequences/a-bb2020/")),  # every page marked: the union
              group(page("sequences/b-bb2025/")),                              # one edition
              group(page("sequences/a-bb2020/"), page("glossary/")),           # a page of every edition: not marked
              group(page("sequences/a-bb2020/"), link),                        # a link to elsewhere: not marked
              group(page("sequences/b-bb2025/", active=True), active=True),    # holds the page being read
              group(group(page("sequences/a-bb2020/")), page("sequences/b-bb2025/"))]  # nested groups count
    assert [nav_marks(g, 2, marks, ORDER) for g in groups] == ["bb2020 bb2025", "bb2025", "", "", "", "bb2020 bb2025"]
    # the top of the menu is shown as sections (navigation.sections): never marked
    assert nav_marks(groups[0], 1, marks, ORDER) == ""


def test_the_built_menu_marks_per_edition_pages(site):
    """In the built French menu: each sequence of one edition carries it, the page being read does not."""
    html = (site.dir / "fr" / "sequences" / "pass-action-classic" / "index.html").read_text(encoding="utf-8")
    assert '<li class="md-nav__item" data-editions="bb2020">\n      <a href="../pass-action-bb2020/" class="md-nav__link">' in html
    active = html.index("md-nav__link--active")
    assert "data-editions" not in html[html.rindex("<li", 0, active):active]
