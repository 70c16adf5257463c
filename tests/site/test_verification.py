"""The verification status page, the "unconfirmed" marks and verification.json, rendered from the fixture
data (and, for the page's list, from the real data): no site build here."""
from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import markdown
import pytest

from plugins.data import load_repository
from plugins.data.export import open_data_files, verification_export
from plugins.data.verification import figures, statuses
from plugins.site.marks import unplaced_mark
from plugins.site.messages import Messages
from plugins.site.navigation import build_nav
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext
from plugins.site.render.unconfirmed import VERIFICATION_PAGE, status_anchor

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LINE_ID = re.compile(r'<span class="nc-verification-line" id="([^"]+)"></span>')
BADGE = re.compile(r'<span class="nc-unconfirmed" data-editions="([a-z0-9]+)" data-search-exclude="true">'
                   r'\[([^\]]+)\]\(([^ )]+) "([^"]+)"\)</span>')


@pytest.fixture(scope="module")
def fixture_repo():
    return load_repository(FIXTURES / "data")


def render(repo, lang: str, path: str) -> str:
    ctx = PageContext(repo, lang, Messages(lang), path, BackLinks.build(repo))
    return generated_pages(repo)[path](ctx)


def to_html(text: str) -> str:
    """The Markdown as MkDocs renders it (the site's block extensions), with the edition marks hoisted."""
    html = markdown.markdown(text, extensions=["attr_list", "md_in_html", "tables", "admonition", "plugins.site.marks"])
    assert not unplaced_mark(html)  # as the nuffle plugin refuses a page with a mark left
    return html


# --------------------------------------------------------------------------- the page

@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_page_lists_exactly_the_unconfirmed_statements(fixture_repo, lang):
    ids = LINE_ID.findall(render(fixture_repo, lang, VERIFICATION_PAGE))
    expected = [status_anchor(s) for s in statuses(fixture_repo) if not s.checked]
    assert sorted(ids) == sorted(expected) and len(set(ids)) == len(ids)
    assert "v-sequence-pick-up--steps-2--classic" in ids and "v-sequence-pick-up--steps-1--classic" not in ids


def test_the_page_lists_exactly_the_unconfirmed_statements_of_the_real_data(repo):
    ids = LINE_ID.findall(render(repo, "ja", VERIFICATION_PAGE))
    expected = [status_anchor(s) for s in statuses(repo) if not s.checked]
    assert sorted(ids) == sorted(expected) and len(set(ids)) == len(ids)


def test_each_line_links_to_the_block_it_names(fixture_repo):
    page = render(fixture_repo, "fr", VERIFICATION_PAGE)
    assert ('id="v-sequence-pick-up--steps-2--classic"></span>[Ramassage — Étape 2](sequences/pick-up.md#step-2)'
            in page)
    assert "(targets/agility-classic.md#row-ag-3)" in page
    # a statement without an anchor of its own links to its entity's entry
    assert 'id="v-roll-pass-classic--modifiers-quick--classic"></span>[Passe' in page
    assert "(targets/agility-classic.md#roll-pass-classic)" in page
    # what was searched is said, with the source
    assert "Note de recherche de test." in page


def test_the_figures_match_the_statuses(fixture_repo):
    found = statuses(fixture_repo)
    numbers = figures(found)
    for column, kinds in numbers.items():
        mine = [s for s in found if s.column == column]
        assert kinds["rules"] == (sum(s.checked for s in mine), len(mine))  # the fixtures hold no engine option
        for kind, (checked, total) in kinds.items():
            if kind != "rules":
                of_kind = [s for s in mine if s.statement.entity.kind == kind]
                assert (checked, total) == (sum(s.checked for s in of_kind), len(of_kind))
    # sequences, classic: steps 1 and 1a checked, step 2 not
    assert numbers["classic"]["sequence"] == (2, 3)
    t = Messages("fr")
    share = f"{t.number(2)} sur {t.number(3)} ({t.percent(Fraction(2, 3))})"
    assert share == "2 sur 3 (66,7\u00a0%)"
    assert f"| Séquences | {share} |" in render(fixture_repo, "fr", VERIFICATION_PAGE)
    assert "| Sequences | 2 of 3 (66.7%) |" in render(fixture_repo, "en", VERIFICATION_PAGE)
    assert "| 手順 | 3 件中 2 件（66.7%） |" in render(fixture_repo, "ja", VERIFICATION_PAGE)


def test_engine_options_are_counted_apart_from_the_rules(repo):
    """FUMBBL game options (engine-option) are not rules: never in the rules total, shown in their own table."""
    found = statuses(repo)
    numbers = figures(found)
    assert any("engine-option" in kinds for kinds in numbers.values())
    for column, kinds in numbers.items():
        mine = [s for s in found if s.column == column]
        rules = [s for s in mine if s.statement.entity.kind != "engine-option"]
        options = [s for s in mine if s.statement.entity.kind == "engine-option"]
        assert kinds["rules"] == (sum(s.checked for s in rules), len(rules))
        if options:
            assert kinds["engine-option"] == (sum(s.checked for s in options), len(options))
        assert "all" not in kinds
    doc = verification_export(repo)
    for column, kinds in doc["figures"].items():
        assert kinds["rules"] == dict(zip(("checked", "total"), numbers[column]["rules"]))
    for lang, total, options in (("en", "**All rules statements**", "Engine options"),
                                 ("fr", "**Tous les énoncés de règles**", "Options des moteurs"),
                                 ("ja", "**ルールの記述（合計）**", "エンジンのオプション")):
        page = render(repo, lang, VERIFICATION_PAGE)
        figures_part = page.split("{#figures}", 1)[1].split("{#unconfirmed}", 1)[0]
        rules_table, _, after = figures_part.partition(f"| {total} |")
        assert rules_table and after, lang
        assert f"| {options} |" not in rules_table and f"| {options} |" in after, lang


def test_the_sources_used_are_counted_and_linked(fixture_repo):
    page = render(fixture_repo, "en", VERIFICATION_PAGE)
    assert "| [Competition Rules Pack (LRB6)](sources.md#source-crp) | 5 |" in page


def test_anchors_are_the_same_in_every_language(fixture_repo):
    anchors = set()
    for lang in ("en", "fr", "ja"):
        page = render(fixture_repo, lang, VERIFICATION_PAGE)
        anchors.add(tuple(LINE_ID.findall(page) + re.findall(r"\{#([a-z0-9-]+)\}", page)))
    assert len(anchors) == 1


def test_the_page_is_in_the_menu_next_to_the_translation_status(fixture_repo):
    nav = build_nav(fixture_repo, generated_pages(fixture_repo), Messages("fr"))
    about = next(entry["À propos"] for entry in nav if isinstance(entry, dict) and "À propos" in entry)
    assert about[about.index("translation-status.md") + 1] == VERIFICATION_PAGE


def test_data_text_is_escaped_on_the_page(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    table = data / "tables" / "scatter-d6.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("{en: Low,", "{en: \"Low & high [x]\","),
                     encoding="utf-8")
    page = render(load_repository(data), "en", VERIFICATION_PAGE)
    assert "Row Low &amp; high \\[x\\]" in page and "Low & high" not in page


# --------------------------------------------------------------------------- the marks

@pytest.mark.parametrize("lang, word", [("en", "Unconfirmed"), ("fr", "Non confirmé"), ("ja", "未確認")])
def test_an_unconfirmed_step_carries_the_localized_mark_and_a_checked_one_none(fixture_repo, lang, word):
    page = render(fixture_repo, lang, "sequences/pick-up.md")
    badges = BADGE.findall(page)
    assert [(e, label, href) for e, label, href, _ in badges] == [
        ("classic", word, "../verification.md#v-sequence-pick-up--steps-2--classic")]
    # not colour alone: a word, and a title that says why
    assert badges[0][3] and badges[0][3] != word
    line = next(li for li in page.splitlines() if 'id="step-2"' in li)
    assert "nc-unconfirmed" in line and all("nc-unconfirmed" not in li for li in page.splitlines()
                                             if 'id="step-1"' in li or 'id="step-1a"' in li)


@pytest.mark.parametrize("lang, word", [("fr", "Non confirmé"), ("ja", "未確認")])
def test_table_target_roll_and_skill_marks(fixture_repo, lang, word):
    table = render(fixture_repo, lang, "tables/scatter-d6.md")
    assert {h for _, label, h, _ in BADGE.findall(table) if label == word} == {
        "../verification.md#v-table-scatter-d6--rows-low--classic",
        "../verification.md#v-table-scatter-d6--rows-high--classic"}
    target = render(fixture_repo, lang, "targets/agility-classic.md")
    hrefs = {h for _, label, h, _ in BADGE.findall(target) if label == word}
    assert "../verification.md#v-target-agility-classic--rows-3--classic" in hrefs
    assert "../verification.md#v-roll-pass-classic--rules--classic" in hrefs
    assert "../verification.md#v-roll-pass-classic--modifiers-quick--classic" in hrefs
    # the skill's summary is checked, the ruling's positions too: no mark
    assert not BADGE.findall(render(fixture_repo, lang, "skills/general.md"))
    assert not BADGE.findall(render(fixture_repo, lang, "rulings/index.md"))
    assert not BADGE.findall(render(fixture_repo, lang, "rulings/sure-hands-strip-ball.md"))


def _two_edition_data(tmp_path: Path) -> Path:
    """The fixture data with Sure Hands and Turnover in classic and BB2020, Turnover with a BB2020 note,
    and the ruling's FUMBBL position no longer checked."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    skill = data / "skills" / "sure-hands.yml"
    skill.write_text(skill.read_text(encoding="utf-8").replace("editions: [classic]", "editions: [classic, bb2020]"),
                     encoding="utf-8")
    term = data / "glossary" / "turnover.yml"
    term.write_text(term.read_text(encoding="utf-8").replace("editions: [classic]", "editions: [classic, bb2020]")
                    + "edition_notes:\n  bb2020: {en: Fixture note., fr: Note de test., ja: テスト用の注記。}\n",
                    encoding="utf-8")
    ruling = data / "rulings" / "sure-hands-strip-ball.yml"
    ruling.write_text("\n".join(line for line in ruling.read_text(encoding="utf-8").splitlines()
                                if "of: positions.fumbbl" not in line) + "\n", encoding="utf-8")
    return data


@pytest.mark.parametrize("lang, word", [("en", "Unconfirmed (BB2020)"), ("fr", "Non confirmé (BB2020)"),
                                        ("ja", "未確認（BB2020）")])
def test_a_block_for_several_editions_is_marked_per_edition(tmp_path, lang, word):
    repo = load_repository(_two_edition_data(tmp_path))
    page = render(repo, lang, "skills/general.md")
    # the summary speaks for classic (checked) and BB2020 (not): one badge, for BB2020 only
    assert [(e, label) for e, label, _, _ in BADGE.findall(page)] == [("bb2020", word)]


def test_marks_keep_the_edition_marks_of_their_blocks(tmp_path):
    repo = load_repository(_two_edition_data(tmp_path))
    html = to_html(render(repo, "fr", "glossary.md"))
    item = re.search(r'<li data-editions="bb2020">(.*?)</li>', html, re.S)
    assert item and 'data-editions="bb2020"' in item[1] and ">Non confirmé</a>" in item[1]
    assert 'href="verification.md#v-term-turnover--edition-notes-bb2020--bb2020"' in item[1]
    matrix = to_html(render(repo, "ja", "rulings/who-plays-it-how.md"))
    assert matrix.count(">未確認</a>") == 1  # the FUMBBL position in "who plays it how" (a page of its own)
    assert '<tr data-editions="classic">' in matrix
    ruling = to_html(render(repo, "ja", "rulings/sure-hands-strip-ball.md"))
    assert ruling.count(">未確認</a>") == 1  # and on the ruling's own page


# --------------------------------------------------------------------------- open data

def test_verification_json_lists_every_statement_with_its_status(fixture_repo):
    files = open_data_files(fixture_repo)
    assert files["index.json"]["verification"] == "verification.json"
    doc = files["verification.json"]
    assert doc == verification_export(fixture_repo)
    found = statuses(fixture_repo)
    assert {(s["id"], c, v) for s in doc["statements"] for c, v in s["status"].items()} == {
        (st.statement.id, st.column, "checked" if st.checked else "unconfirmed") for st in found}
    assert doc["columns"]["classic"] == ["classic", "bb2016"]
    assert doc["figures"]["classic"]["sequence"] == {"checked": 2, "total": 3}
    assert doc["sources"] == {"crp": 5}
    step = next(s for s in doc["statements"] if s["id"] == "sequence:pick-up#steps.2")
    assert step["entity"] == "sequence:pick-up" and step["anchor"] == "step-2"
    assert step["url"] in files and step["records"][0]["verdict"] == "unconfirmed"


def test_the_entity_schemas_describe_checked_records(fixture_repo):
    import jsonschema

    files = open_data_files(fixture_repo)
    doc = files["skills/sure-hands.json"]
    assert doc["checked"][0]["of"] == "summary"
    schema = files["schema/skill.schema.json"]
    jsonschema.Draft202012Validator(schema).validate(doc)
    bad = {**doc, "checked": [{**doc["checked"][0], "verdict": "maybe"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(bad)
    for kind in ("skill", "term", "sequence", "table", "target", "roll", "ruling"):
        assert "checked" in files[f"schema/{kind}.schema.json"]["properties"], kind


def test_the_page_of_differences_marks_each_column_without_hiding_it(tmp_path):
    repo = load_repository(_two_edition_data(tmp_path))
    page = render(repo, "ja", "comparisons/index.md")
    plain = re.compile(r'<span class="nc-unconfirmed" data-search-exclude="true">\[未確認\]\(([^ )]+) ')
    hrefs = plain.findall(page)
    assert "../verification.md#v-roll-pass-bb2020--rules--bb2020" in hrefs
    assert "../verification.md#v-term-turnover--edition-notes-bb2020--bb2020" in hrefs
    # Sure Hands' summary: checked for classic, not for BB2020 ("as in the main text" in both columns)
    assert "../verification.md#v-skill-sure-hands--summary--bb2020" in hrefs
    assert "../verification.md#v-skill-sure-hands--summary--classic" not in hrefs
    assert 'nc-unconfirmed" data-editions' not in page  # this page shows every edition whatever the choice


# --------------------------------------------------------------------------- claims (issue 21, part 2)

def _partly_data(tmp_path: Path) -> Path:
    """The fixture data with step 1a of Pick-up making two claims, and its one record covering only the roll."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    sequence = data / "sequences" / "pick-up.yml"
    text = sequence.read_text(encoding="utf-8")
    old = 'at: {page: 4, section: "Fixture"}}'
    assert old in text
    labels = {"roll": "{en: the roll, fr: le jet, ja: ロール}",
              "re-roll": "{en: a second try, fr: un nouvel essai, ja: もう一度の挑戦}"}
    keys = "".join(f"      - {{key: {key}, label: {label}}}\n" for key, label in labels.items())
    sequence.write_text(text.replace(old, 'at: {page: 4, section: "Fixture"}, claims: [roll]}')
                        + f"claims:\n  - of: steps.1a\n    keys:\n{keys}", encoding="utf-8")
    return data


@pytest.mark.parametrize("lang, word, open_words", [
    ("en", "Partly unconfirmed", "not yet: a second try"),
    ("fr", "En partie non confirmé", "pas encore\u00a0: un nouvel essai"),
    ("ja", "一部未確認", "未確認の点：もう一度の挑戦")])
def test_a_statement_whose_records_cover_part_of_its_claims_is_marked_partly_unconfirmed(tmp_path, lang, word,
                                                                                         open_words):
    repo = load_repository(_partly_data(tmp_path))
    page = render(repo, lang, "sequences/pick-up.md")
    line = next(li for li in page.splitlines() if 'id="step-1a"' in li)
    badges = BADGE.findall(line)
    assert [(e, label, href) for e, label, href, _ in badges] == [
        ("classic", word, "../verification.md#v-sequence-pick-up--steps-1a--classic")]
    # the title names the claim left open by its label in the page's language, never by its key
    label = re.split(r"\u00a0?: |：", open_words)[-1]
    assert label in badges[0][3] and "re-roll" not in badges[0][3]
    status_page = render(repo, lang, VERIFICATION_PAGE)
    item = next(li for li in status_page.splitlines() if 'id="v-sequence-pick-up--steps-1a--classic"' in li)
    assert open_words in item and "roll" not in item.partition(" — ")[2]  # what is open: labels, no key


def test_the_real_data_lists_claims_and_counts_a_statement_checked_only_when_all_are_covered(repo):
    """The sample of issue 21 split statements into claims (Cheering Fans among them); each is checked only
    because its records together cover every claim."""
    with_claims = {s.statement.id: s for s in statuses(repo) if s.statement.claims}
    assert len(with_claims) >= 13
    fans = with_claims["table:kick-off-classic#rows.cheering-fans"]
    assert fans.statement.claims == ("roll", "winner", "tie", "half") and fans.checked
    for status in with_claims.values():
        covered = set().union(*(r.get("claims") or status.statement.claims for r in status.agrees))
        assert status.checked == (bool(status.agrees) and covered >= set(status.statement.claims))


@pytest.mark.parametrize("lang, word, open_words", [
    ("en", "Partly unconfirmed", "not yet: the re-roll lasts for the rest of the half"),
    ("fr", "En partie non confirmé", "pas encore\u00a0: la relance vaut pour le reste de la mi-temps"),
    ("ja", "一部未確認", "未確認の点：リロールはハーフの残りで使える")])
def test_the_real_kick_off_table_without_its_half_time_record_is_partly_unconfirmed(tmp_path, lang, word, open_words):
    """The real data, less the one record that covers the Cheering Fans re-roll lasting the half: the row is
    marked on the real table page, and the verification page names the claim left open."""
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", data)
    table = data / "tables" / "kick-off-classic.yml"
    text = table.read_text(encoding="utf-8")
    record = re.search(r"  - of: rows\.cheering-fans\n(    .*\n)*?    claims: \[half\]\n", text)
    assert record, "the Cheering Fans record for the half-time reset"
    table.write_text(text.replace(record[0], ""), encoding="utf-8")
    repo = load_repository(data)
    page = render(repo, lang, "tables/kick-off-classic.md")
    hrefs = [href for _, label, href, _ in BADGE.findall(page) if label == word]
    assert hrefs == ["../verification.md#v-table-kick-off-classic--rows-cheering-fans--classic"]
    status_page = render(repo, lang, VERIFICATION_PAGE)
    item = next(li for li in status_page.splitlines()
                if 'id="v-table-kick-off-classic--rows-cheering-fans--classic"' in li)
    assert open_words in item and "`half`" not in item and "`roll`" not in item


def test_verification_json_names_the_claims_left_open(tmp_path):
    statements = {s["id"]: s for s in verification_export(load_repository(_partly_data(tmp_path)))["statements"]}
    step = statements["sequence:pick-up#steps.1a"]
    assert [c["key"] for c in step["claims"]] == ["roll", "re-roll"] and step["missing"] == {"classic": ["re-roll"]}
    assert step["claims"][1] == {"key": "re-roll", "covered": {"classic": False},
                                 "label": {"en": "a second try", "fr": "un nouvel essai", "ja": "もう一度の挑戦"}}
    assert step["claims"][0]["covered"] == {"classic": True}
    assert step["status"] == {"classic": "unconfirmed"}
    assert statements["sequence:pick-up#steps.1"]["claims"] == [] and statements["sequence:pick-up#steps.1"]["missing"] == {}
