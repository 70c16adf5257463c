"""Calculators in the pages (plugins/site/render/calculator.py): forms built from the resolver's `form` kind,
labels from the catalogs, and pre-rendered results that are the resolver's answer for the form as built.

The form in the generated Markdown is read back the way nuffle.js reads it (wrappers with data-name and
data-type; hidden fields; data-for on the switch value), so these tests check the markup contract too.
"""
from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.calculator import Row, field_label, format_value, is_zero, value_at
from plugins.site.render.context import BackLinks, PageContext

# page -> the request kinds it shows, in order
PAGES = {
    "glossary.md": ["throw-in"],
    "sequences/pass-action-classic.md": ["pass", "range"],
    "sequences/pass-action-bb2020.md": ["pass", "range"],
    "sequences/pass-action-bb2025.md": ["pass", "range"],
    "sequences/kick-off-classic.md": ["kick"],
    "sequences/kick-off-bb2025.md": ["kick"],
    "calculators/block.md": ["block"],
    "calculators/armour.md": ["armour"],
    "calculators/foul.md": ["foul"],
    "calculators/chain.md": ["chain", "dave"],
    "calculators/casualty.md": ["casualty"],
    "calculators/scatter.md": ["scatter"],
    "calculators/deviate.md": ["deviate"],
    "calculators/throw-in.md": ["throw-in"],
    "targets/agility-classic.md": ["agility"],
    "rolls/bb2020.md": ["agility"],
}


def render(repo, lang: str, path: str):
    ctx = PageContext(repo, lang, Messages(lang), path, BackLinks.build(repo))
    return generated_pages(repo)[path](ctx), ctx


class Form:
    """One calculator as nuffle.js sees it: its fields, the switch, the result elements."""

    def __init__(self, kind: str, attrs: dict):
        self.kind, self.attrs = kind, attrs
        self.fields: list[dict] = []   # {"name", "type", "optional", "for", "hidden", "inputs": [...]}
        # {"path", "format", "absent", "zero", "labels", "text", "row_hidden", "reading"}
        self.results: list[dict] = []
        self.pitch: dict | None = None
        self.headline: str | bool | None = None  # the path of the value in [data-headline]

    def choices(self, name: str) -> list[str]:
        """The values a select of the form offers for the switch value as built."""
        value = self.switch_value()
        return [o for o, owner in self.field(name)["inputs"][0]["options"]
                if o != "" and (owner is None or str(value) in owner.split())]

    @property
    def switch(self) -> str | None:
        return self.attrs.get("data-switch")

    def field(self, name: str) -> dict:
        return next(f for f in self.fields if f["name"] == name)

    def switch_value(self) -> str | None:
        return self.value_of(self.field(self.switch)) if self.switch else None

    @staticmethod
    def value_of(field: dict):
        inputs = field["inputs"]
        if field["hidden"]:
            raw = inputs[0]["value"]
            return {"int": lambda v: int(v), "bool": lambda v: v == "true",
                    "square": lambda v: [int(n) for n in v.split(",")]}.get(field["type"], lambda v: v)(raw)
        if field["type"] == "square":
            x, y = (i["value"] for i in inputs)
            return None if x == y == "" else [int(x), int(y)]
        if field["type"] == "bool":
            return inputs[0]["checked"]
        raw = inputs[0]["value"]
        if raw == "" and field["optional"]:
            return None
        return int(raw) if field["type"] == "int" else raw

    def in_use(self, field: dict) -> bool:
        return field["for"] is None or self.switch_value() in field["for"].split()

    def request(self) -> dict:
        """What nuffle.js sends for the form as built."""
        request = {"kind": self.kind}
        for field in self.fields:
            if not self.in_use(field):
                continue
            value = self.value_of(field)
            if value is not None:
                request[field["name"]] = value
        return request


class Reader(HTMLParser):
    """Collect every calculator of a page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.field: dict | None = None
        self.select: dict | None = None
        self.cell: dict | None = None
        self.row_hidden = False
        self.row_reading: str | None = None
        self.in_form = False
        self.in_pitch = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "data-calculator" in a:
            self.forms.append(Form(a["data-calculator"], a))
            self.in_form = True
            return
        form = self.forms[-1] if self.forms else None
        if self.in_form and "data-name" in a:
            self.field = {"name": a["data-name"], "type": a["data-type"], "optional": "data-optional" in a,
                          "for": a.get("data-for"), "hidden": tag == "input", "inputs": [], "tag": tag,
                          "with": (a.get("data-with") or "").split(), "starts_hidden": "hidden" in a}
            form.fields.append(self.field)
            if tag == "input":
                self.field["inputs"].append({"value": a.get("value", "")})
                self.field = None
            return
        if self.in_form and self.field is not None and tag in ("input", "select"):
            item = {"name": a.get("name"), "value": a.get("value", ""), "checked": "checked" in a,
                    "min": a.get("min"), "max": a.get("max"), "options": [], "range": a.get("data-range")}
            self.field["inputs"].append(item)
            if tag == "select":
                self.select = item
                item["value"] = None
        if tag == "option" and self.select is not None:
            self.select["options"].append((a.get("value"), a.get("data-for")))
            if "selected" in a or self.select["value"] is None:
                self.select["value"] = a.get("value")
        if tag in ("div", "tr") and "data-row" in a:
            self.row_hidden, self.row_reading = "hidden" in a, a.get("data-reading")
        if tag == "dl" and "data-headline" in a and form is not None:
            form.headline = True
        if form is not None and "data-field" in a and a["data-field"] not in ("status", "error"):
            self.cell = {"path": a["data-field"], "format": a["data-format"], "absent": a["data-absent"],
                         "zero": a.get("data-zero"), "labels": json.loads(a["data-labels"]) if "data-labels" in a else None, "text": "",
                         "row_hidden": self.row_hidden, "reading": self.row_reading}
            if form.headline is True:
                form.headline = a["data-field"]
            form.results.append(self.cell)
        if tag == "figure" and "data-pitch" in a and form is not None:
            form.pitch = {**a, "squares": {}}
            self.in_pitch = True
        if tag == "rect" and "data-square" in a and self.in_pitch:
            value = a.get(f"data-{form.pitch['data-pitch-value'] or 'in'}")
            form.pitch["squares"][a["data-square"]] = Fraction(value)

    def handle_endtag(self, tag):
        if tag == "form":
            self.in_form = False
        if tag == "figure":
            self.in_pitch = False
        if self.field is not None and tag == self.field["tag"]:
            self.field = None
        if tag == "select":
            self.select = None
        if tag in ("dd", "td"):
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data


def forms_of(markdown: str) -> list[Form]:
    reader = Reader()
    reader.feed(markdown)
    return reader.forms


@pytest.fixture(scope="module")
def pages(repo):
    return {(lang, path): render(repo, lang, path) for lang in ("en", "fr", "ja") for path in PAGES}


@pytest.mark.parametrize("path", PAGES)
def test_each_page_has_its_calculators_and_every_label_is_translated(pages, path):
    for lang in ("en", "fr", "ja"):
        markdown, ctx = pages[(lang, path)]
        assert [f.kind for f in forms_of(markdown)] == PAGES[path], (lang, path)
        assert ctx.t.missing == set(), (lang, path, ctx.t.missing)
        for form in forms_of(markdown):
            strings = json.loads(form.attrs["data-strings"])
            # the browser's messages come from the catalogs, placeholders intact
            assert "{lo}" in strings["int"] and "{hi}" in strings["int"] and "{n}" in strings["naturalSix"]
            assert "{xlo}" in strings["square"] and "{n}" in strings["text"]
            assert form.attrs["data-lang"] == lang
            if lang == "fr":
                assert strings["done"] == "Calculé dans votre navigateur."


@pytest.mark.parametrize("path", PAGES)
def test_the_form_fields_are_the_resolvers_own(pages, rulebook, path):
    markdown, _ = pages[("fr", path)]
    for form in forms_of(markdown):
        fixed = {f["name"]: Form.value_of(f) for f in form.fields if f["hidden"]}
        switch = form.field(form.switch) if form.switch else None
        values = [None] if switch is None else [v for v, _ in switch["inputs"][0]["options"]]
        for value in values:
            given = {**fixed, **({form.switch: value} if switch else {})}
            described = handle({"kind": "form", "for": form.kind, **given}, rulebook)
            assert described["ok"], described
            specs = {f["name"]: f for f in described["result"]["fields"]}
            shown = {f["name"]: f for f in form.fields
                     if f["for"] is None or value in (f["for"] or "").split()}
            omitted = {"map", "dice"}  # kick/range maps and block's fixed dice are left out on purpose
            if form.kind in ("scatter", "deviate"):  # the pages draw both D8 numberings below the form instead
                omitted |= {"d8_numbering"}
            if form.kind == "dave":  # its reading would share the chain form's `reading` in the page's address
                omitted |= {"reading"}
            assert set(shown) == set(specs) - omitted, (path, form.kind, value)
            for name, field in shown.items():
                spec = specs[name]
                if field["hidden"] or name == form.switch:
                    continue
                assert field["type"] in (spec["type"], "int" if spec["type"] == "choice" else spec["type"]), name
                assert field["optional"] == (not spec["required"] and spec["default"] is None), name
                # a field that matters only with some boxes ticked says which, and starts hidden unless they are
                assert field["with"] == spec.get("with", []), name
                if field["with"] and value == (form.switch and switch["inputs"][0]["value"]):
                    ticked = {f["name"] for f in form.fields if f["type"] == "bool" and f["inputs"][0]["checked"]}
                    assert field["starts_hidden"] == (not set(field["with"]) <= ticked), name
                for item in field["inputs"]:
                    if spec["type"] in ("int", "square") and item["min"] is not None:
                        index = {"x": 0, "y": 1}.get((item["name"] or "").rpartition(".")[2])
                        low, high = (spec["min"], spec["max"]) if index is None else (spec["min"][index], spec["max"][index])
                        assert (int(item["min"]), int(item["max"])) in {(low, high)} | {
                            tuple(r) for r in json.loads(item.get("range") or "{}").values()}, name
                    if spec["type"] == "choice" and item["options"]:
                        owned = {o for o, owner in item["options"] if o != "" and (owner is None or value in owner.split())}
                        assert owned == {str(c) for c in spec["choices"]}, name


@pytest.mark.parametrize("path", PAGES)
def test_prerendered_values_are_the_resolvers_answer_for_the_form_as_built(repo, pages, rulebook, path):
    for lang in ("fr", "ja"):
        markdown, ctx = pages[(lang, path)]
        for form in forms_of(markdown):
            request = form.request()
            response = handle(request, rulebook)
            assert response["ok"], (path, request, response)
            result = response["result"]
            assert form.results, form.kind
            for cell in form.results:
                row = Row("x", cell["path"], cell["format"], cell["labels"], cell["absent"])
                try:
                    value = value_at(result, cell["path"])
                except KeyError:
                    assert cell["absent"] != "zero" or cell["text"].startswith("0 ("), cell
                    assert cell["row_hidden"] == (cell["absent"] == "hide"), cell
                    continue
                # a row with nothing to say (data-zero="hide" and an exact zero) is hidden, and so is a reading
                # that did not change the headline chance (the other choices of its field give the same one)
                quiet = cell["reading"] is not None and all(
                    value_at(handle({**request, cell["reading"]: other}, rulebook)["result"], form.headline)
                    == value_at(result, form.headline) for other in form.choices(cell["reading"]) if other != value)
                assert cell["row_hidden"] == ((cell["zero"] == "hide" and is_zero(value)) or quiet), cell
                assert cell["text"] == format_value(ctx, row, value), (path, cell)
                if cell["format"] == "probability":
                    assert Fraction(cell["text"].split(" (")[0]) == Fraction(value["exact"])
            if form.pitch is not None:
                items = value_at(result, form.pitch["data-pitch"])
                key = form.pitch["data-pitch-value"]
                expected = {f"{i[0]},{i[1]}": Fraction(1) for i in items if isinstance(i, list)}
                expected.update({",".join(map(str, i["square"])): Fraction(i[key]["exact"]) for i in items
                                 if isinstance(i, dict) and isinstance(i["square"], list)})
                assert {k: v for k, v in form.pitch["squares"].items() if v} == expected


def test_labels_are_localized(pages):
    markdown, _ = pages[("fr", "calculators/block.md")]
    assert "<span>Attaquant\u00a0: Lutte</span>" in markdown and "F de l'attaquant" in html.unescape(markdown)
    markdown, _ = pages[("ja", "sequences/pass-action-bb2020.md")]
    assert "パス計算機" in markdown and "エディション：<strong>BB2020</strong>" in markdown


def test_a_field_without_a_label_stops_the_build(repo):
    ctx = PageContext(repo, "en", Messages("en"), "calculators/block.md", BackLinks.build(repo))
    assert field_label(ctx, "attacker_st") == "Attacker's ST"
    with pytest.raises(ValueError, match="no label"):
        field_label(ctx, "attacker_mystery_skill")
    with pytest.raises(ValueError):
        Row("x", "outcomes.push", "percent-ish")


@pytest.mark.parametrize("edition, fields", [
    ("classic", {"thrower_accurate", "thrower_strong_arm", "thrower_nerves_of_steel", "receiver_extra_arms",
                 "interceptor_very_long_legs"}),
    ("bb2025", {"thrower_accurate", "thrower_cannoneer", "receiver_nerves_of_steel", "interceptor_extra_arms",
                "interceptor_very_long_legs"})])
def test_the_pass_form_offers_the_skills_that_change_its_rolls(pages, rulebook, edition, fields):
    # issue 9: a checkbox per skill of the data's skill modifiers, unticked, the request it makes answered as such
    for lang in ("en", "fr"):
        markdown, _ = pages[(lang, f"sequences/pass-action-{edition}.md")]
        form = next(f for f in forms_of(markdown) if f.kind == "pass")
        names = {f["name"] for f in form.fields}
        assert fields <= names, (lang, fields - names)
        for name in fields:
            field = form.field(name)
            assert field["type"] == "bool" and not field["inputs"][0]["checked"]
        request = {**form.request(), "thrower_" + ("strong_arm" if edition == "classic" else "cannoneer"): True}
        assert handle(request, rulebook)["ok"]
    markdown, _ = pages[("fr", "sequences/pass-action-bb2025.md")]
    assert "Lanceur\u00a0: Cannonier" in markdown and "Intercepteur\u00a0: Très longues jambes" in markdown


def test_calculators_on_one_page_may_not_share_a_field_name(repo):
    from plugins.site.render.calclayout import check_disjoint
    from plugins.site.render.passcalcs import pass_calculator
    from plugins.data.export import rules_export

    ctx = PageContext(repo, "en", Messages("en"), "sequences/pass-action-classic.md", BackLinks.build(repo))
    with pytest.raises(ValueError, match="both have a field"):
        check_disjoint([pass_calculator(ctx, "classic"), pass_calculator(ctx, "classic").__class__(
            "agility", [], fixed={"edition": "classic"}, switch="action",
            switch_options=[("pass", "Pass")])], rules_export(repo))


@pytest.mark.parametrize("lang, sunny, rain, other", [
    ("en", "Very Sunny", "Pouring Rain", "Any other weather (no modifier)"),
    ("fr", "Très Ensoleillé", "Averse", "Tout autre temps (aucun modificateur)"),
    ("ja", "眩い日差し", "激しい雨", "その他の天候（修正なし）")])
def test_the_weather_of_the_passing_rolls_is_listed_and_offered_in_each_language(pages, lang, sunny, rain, other):
    """Issue 11: the weather rows of the passing rolls render on the tests pages, and the pass calculator offers
    one weather, named as on the weather table, for the thrower, the receiver and the interceptor."""
    for path, edition in (("targets/agility-classic.md", "classic"), ("rolls/bb2020.md", "bb2020")):
        markdown, _ = pages[(lang, path)]
        sections = {s.split(" {#", 1)[1].split("}", 1)[0]: s for s in markdown.split("\n## ")[1:] if " {#" in s}
        for roll, name in (("pass", sunny), ("throw-team-mate", sunny), ("catch", rain), ("hand-off", rain),
                           ("interception", rain)):
            assert f"\n- −1 {name}" in sections[f"roll-{roll}-{edition}"], (lang, path, roll)
        assert "−1" not in "".join(line for line in sections[f"roll-landing-{edition}"].splitlines()
                                   if line.startswith("- ") and (sunny in line or rain in line))
    markdown, _ = pages[(lang, "sequences/pass-action-bb2020.md")]
    (weather,) = [f for form in forms_of(markdown) if form.kind == "pass" for f in form.fields if "weather" in f["name"]]
    assert weather["name"] == "weather"
    select = markdown.split('<select name="weather">', 1)[1].split("</select>", 1)[0]
    assert [html.unescape(o) for o in re.findall(r">([^<]+)</option>", select)] == [
        other, *(f"{name}（−1）" if lang == "ja" else f"{name} (−1)" for name in (sunny, rain))]  # ja: full-width


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_a_list_of_the_rules_a_calculator_assumes_never_names_one_thing_twice(pages, lang):
    """The Block action and the Block skill share a name in English and French (« Blocage »): the skill says
    so. (Japanese names the skill Block and the action ブロック: nothing to add.)"""
    seen = 0
    for path in PAGES:
        markdown, _ = pages[(lang, path)]
        for listed in re.findall(r'<p class="nc-assumes" markdown>(.*?)</p>', markdown):
            items = [text + note.strip() for text, note in
                     re.findall(r"\[((?:[^\]\\]|\\.)*)\]\([^)]*\)( ?[(（][^)）]*[)）])?", listed)]
            assert len(items) == len(set(items)), (lang, path, items)
            seen += 1
    assert seen >= 8
    block, _ = pages[(lang, "calculators/block.md")]
    skill = {"en": "Block (skill)", "fr": "Blocage (compétence)", "ja": "ブロック、ブリッツ"}[lang]
    assert skill in re.sub(r"\]\([^)]*\)", "", block).replace("[", ""), lang


def test_the_pass_page_states_its_edition_and_links_the_rules_it_assumes(pages):
    markdown, _ = pages[("en", "sequences/pass-action-bb2025.md")]
    section = markdown.split("## Pass calculator", 1)[1].split("## Range ruler", 1)[0]
    assert "Edition: <strong>BB2025</strong>" in section
    assert re.search(r"Rules it assumes: \[[^]]+\]\(\.\./rolls/bb2025\.md#roll-pass-bb2025\)", section)
    chain, _ = pages[("en", "calculators/chain.md")]
    assert '<select name="edition">' in chain and "## The notation {#notation}" in chain
    assert "| `D` | Dodge | `d` Dodge |" in chain


def test_the_chain_page_lets_the_reader_pick_the_loner_reading_and_links_the_ruling(pages, repo):
    from calculators.rerolls import LONER_READINGS

    # the readings are named after the ruling's positions, the rulebook's first (the recommended default)
    bodies = [p["body"] for p in repo["ruling:loner-team-re-roll"]["positions"]]
    assert set(LONER_READINGS) <= set(bodies) and LONER_READINGS[0] == "rulebook"
    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        # the dispute is stated right after the form (issue 11: on a phone the form comes first), in the
        # section of the rules it assumes, with a link to the ruling; no "not modelled" caveat is left
        assumed = markdown.split("{#assumes}", 1)[1].split("\n## ", 1)[0]
        ruling_link = "](../rulings/loner-team-re-roll.md)"
        assert assumed.count(ruling_link) == 2, lang  # in "Rules it assumes" and in the statement
        assert "errs on the low side" not in markdown and "not modelled" not in markdown
        form = next(f for f in forms_of(markdown) if f.kind == "chain")
        reading = next(f for f in form.fields if f["name"] == "reading")
        assert reading["for"] == "bb2025"  # only BB2025 has the disputed reading
        assert [o for o, _ in reading["inputs"][0]["options"]] == list(LONER_READINGS)
    markdown, _ = pages[("en", "calculators/chain.md")]
    ctx = PageContext(repo, "en", Messages("en"), "calculators/chain.md", BackLinks.build(repo))
    ruling = ctx.link(repo["ruling:loner-team-re-roll"])  # its question, in the ruling's own words
    assert f"Where sources differ: {ruling.split('](')[0]}]" in markdown
    assert "a second team re-roll may re-roll the Loner die, with no Loner roll of its own" in markdown
    assert "in classic a team re-roll may re-roll it" in markdown  # the Pro roll


def _example_tokens(codes: list[str]) -> list[str]:
    """The steps written in the page's example codes: split at separators and groups, weights and flags dropped."""
    tokens = []
    for code in codes:
        for token in re.split(r"[,/;{}()|]", code):
            token = re.sub(r"^\[[^\]]*\]|^[0-9]+(?:/[0-9]+)?:", "", token.strip())
            if token:
                tokens.append(token)
    return tokens


def _parses(code: str) -> bool:
    from calculators.errors import CalcError
    from calculators.notation import parse_chain

    for edition in ("bb2020", "bb2025", "classic"):  # an example may be of one edition only (Lone Fouler, Piling On)
        try:
            parse_chain(code, edition)
        except CalcError:
            continue
        return True
    return False


def _parsed_anywhere(code: str):
    """The chain of `code` in the first edition that reads it (see _parses)."""
    from calculators.errors import CalcError
    from calculators.notation import parse_chain

    for edition in ("bb2025", "bb2020", "classic"):
        try:
            return parse_chain(code, edition).chain
        except CalcError:
            continue
    raise AssertionError(code)


def test_the_chain_help_shows_every_letter_and_mark_in_an_example(pages):
    """Issue 9: the help lists every letter and mark *with an example*: each is used by a code the page shows,
    and every such code is valid notation (checked above). The marks come from calculators.notation."""
    from calculators import notation as n

    kind_letter = {kind: letter for letter, kind in n.LETTERS.items()}
    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        help_text = markdown.split("{#notation}", 1)[1].split("\n## ", 1)[0]
        codes = re.findall(r"`([^`]+)`", help_text)
        tokens = _example_tokens([c for c in codes if _parses(c)])
        missing = [f"letter {letter}" for letter in n.LETTERS
                   if not any(re.match(rf"{letter}-?[0-9]", t) for t in tokens)]
        missing += [f"mark {mark} on {kind}" for kind, mark in n.SKILL_MARKS.items()
                    if not any(re.match(rf"{kind_letter[kind]}[0-9]+{mark}", t) for t in tokens)]
        blocks = [re.match(r"B-?[0-9]+([a-z]*)(?::([a-z]*))?", t) for t in tokens if t.startswith("B")]
        missing += [f"attacker mark {m}" for m in n.BLOCK_ATTACKER_MARKS if not any(b and m in b.group(1) for b in blocks)]
        missing += [f"defender mark {m}" for m in n.BLOCK_DEFENDER_MARKS
                    if not any(b and m in (b.group(2) or "") for b in blocks)]
        for kind, marks in n.ARMOUR_MARKS.items():
            armour = [re.match(r"[A-Z][0-9]+(?:[+-][0-9]+)?([a-z0-9]*)", t) for t in tokens
                      if t.startswith(kind_letter[kind])]
            missing += [f"{kind} mark {m}" for m in marks if not any(a and m in a.group(1) for a in armour)]
        missing += [f"roll mark {m}" for m in n.ROLL_MARKS if not any(m in t for t in tokens)]
        assert not missing, (lang, missing)


def test_the_chain_help_shows_every_star_player_flag_in_an_example(pages):
    """Every player flag of a star player rule (calculators.notation.STAR_FLAGS) is named and used in an example
    that parses, in each language; the rules have no data entry, so their English names are shown everywhere."""
    from calculators.notation import STAR_FLAGS
    from calculators.rerolls import STAR_RULES

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        help_text = markdown.split("{#notation}", 1)[1].split("\n## ", 1)[0]
        codes = re.findall(r"`([^`]+)`", help_text)
        for flag in STAR_FLAGS:
            # a flag of two rules ("Halfling Luck / Thinking Man's Troll") names both: Japanese joins them with と
            names = STAR_RULES[flag].split(" / ")
            assert f"[{flag}]" in codes and all(name in help_text for name in names), (lang, flag)
            assert any(re.match(rf"\[[^\]]*\b{flag}\b[^\]]*\][A-Z]", c) and _parses(c) for c in codes), (lang, flag)


def test_the_chain_page_documents_blocks_armour_and_fouls(pages):
    from calculators.notation import LETTERS, parse_chain

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        notation = markdown.split("{#notation}", 1)[1]
        # a row for every roll letter the notation knows, blocks, armour rolls and fouls included
        assert [letter for letter in LETTERS if f"| `{letter}` |" in notation] == list(LETTERS), lang
        # every chain written as an example on the page is valid notation
        codes = re.findall(r"^- `([^`]+)`", notation, re.M)
        assert "R2,B2b:d,D3" in codes and "D3,F9+1d" in codes
        for code in codes:
            if code[0] not in "[;":  # not the player flags or the options alone
                assert _parses(code), code  # in the edition it is written for (Lone Fouler: BB2025; Piling On: classic)
        # the chance of a send-off is a result row, hidden when the chain has no foul
        form = next(f for f in forms_of(markdown) if f.kind == "chain")
        sent = next(r for r in form.results if r["path"] == "sent_off")
        assert sent["absent"] == "hide" and sent["row_hidden"]
    markdown, _ = pages[("en", "calculators/chain.md")]
    notation = markdown.split("{#notation}", 1)[1]
    assert ("| `B` | Block (the number is the block dice; negative when the defender chooses) | `b` Block, `t` Tackle, "
            "`r` Brawler, `j` Juggernaut, `h` Hatred, `u` Unstoppable Momentum, `n` Working In Tandem; after `:`, the defender's: `b` Block, "
            "`d` Dodge, `w` Wrestle |") in notation
    assert ("| `F` | Foul (the number is the victim's AV) | `d` Dirty Player, `s` Sneaky Git, `l` Lone Fouler, "
            "`i` Iron Hard Skin, `w` Chainsaw |") in notation
    assert "| `J` | Injury roll (K: KO or worse; C: a casualty; a number: that total or more) | `s` Stunty, " \
           "`t` Thick Skull |" in notation
    intro = markdown.split("{#assumes}", 1)[1].split("\n## ", 1)[0]  # right after the form (issue 11)
    assert "Armour rolls and fouls are never re-rolled" in intro and "A send-off is a turnover" in intro
    assert "](../rulings/brawler-blitz.md)" in intro
    markdown, _ = pages[("fr", "calculators/chain.md")]
    assert "`b` Blocage, `t` Tacle, `r` Bagarreur" in markdown


def test_percent_rounds_halves_away_from_zero_like_the_browser():
    """Intl.NumberFormat rounds 6.25 % to 6.3 %: the pre-rendered value must read the same."""
    assert Messages("en").percent(Fraction(1, 16)) == "6.3%"
    assert Messages("fr").percent(Fraction(1, 16)).replace("\u00a0", " ").replace("\u202f", " ") == "6,3 %"
    assert Messages("ja").percent(Fraction(1, 3)) == "33.3%"


def test_default_requests_are_what_the_pages_send(repo, rulebook):
    from plugins.site.render.calcpages import default_requests

    ctx = PageContext(repo, "en", Messages("en"), "index.md", BackLinks.build(repo))
    found = default_requests(ctx)
    assert set(found) == {"pass", "range", "kick", "block", "armour", "foul", "chain", "throw-in", "casualty", "scatter",
                          "deviate", "prayers"}  # the BloodBowlDave form starts empty: no default request
    for requests in found.values():
        for request in requests:
            assert handle(request, rulebook)["ok"], request


def test_the_throw_in_row_of_further_throw_ins_hides_when_there_are_none(pages, repo, rulebook):
    from plugins.site.render.calculator import number_text

    for lang, label in (("fr", "Renvois supplémentaires, en moyenne, avant que le ballon reste sur le terrain"),
                        ("ja", "ボールがピッチに残るまでの追加スローイン回数（平均）")):
        markdown, ctx = pages[(lang, "glossary.md")]
        form = next(f for f in forms_of(markdown) if f.kind == "throw-in")
        # the default square (12, 0), classic: 2D6 − 1 ≤ 11 squares straight in or diagonally from y = 0
        # never reaches y = 15 nor x < 0 or x > 25, so the ball never goes out again: nothing to say
        result = handle(form.request(), rulebook)["result"]
        assert result["out_again"]["exact"] == "0" and result["rethrows"]["exact"] == "0"
        cell = next(c for c in form.results if c["path"] == "rethrows")
        assert cell["zero"] == "hide" and cell["row_hidden"] and cell["text"] == "0"  # not "0 (0)"
        assert f"<dt>{label}</dt>" in html.unescape(markdown)
        # an expected count that is not whole keeps its fraction and a rounded decimal
        assert number_text(ctx, {"exact": "1/12", "float": 1 / 12}).replace(",", ".") == "1/12 (0.08)"
        assert number_text(ctx, {"exact": "2", "float": 2.0}) == "2"


def test_the_chain_help_lists_the_new_kinds_and_break_tackle_with_examples(pages):
    # issue 9: every new letter in the table, Break Tackle's mark and an example of each kind
    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        notation = markdown.split("{#notation}", 1)[1].split("\n## ", 1)[0]
        for letter in "VMWGESKQ":
            assert f"| `{letter}` |" in notation, (lang, letter)
        assert "`D4b1`, `D4db2`" in notation
        codes = re.findall(r"^- `([^`]+)`", notation, re.M)
        kinds = {s.kind for code in codes if code[0] not in "[;" and _parses(code)  # some are of one edition only
                 for s in _parsed_anywhere(code).steps}
        assert {"jump", "hail-mary", "throw-team-mate", "hypnotic-gaze", "tentacles", "shadowing", "bribe",
                "argue-the-call"} <= kinds, lang
    markdown, _ = pages[("en", "calculators/chain.md")]
    notation = markdown.split("{#notation}", 1)[1]
    assert "| `M` | Hail Mary Pass (the thrower's roll) | `p` Pass |" in notation
    assert "| `E` | An opponent's Tentacles roll (BB2020 and BB2025; the number is what the opponent needs) | — |" \
        in notation


def test_the_chain_form_can_explain_every_notation_error_in_the_pages_language(pages):
    from calculators.notation import REASONS

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        strings = json.loads(next(f for f in forms_of(markdown) if f.kind == "chain").attrs["data-strings"])
        assert {k for k in strings if k.startswith("chain.")} == {f"chain.{r}" for r in REASONS} | {"chain.at"}
        assert all(f"{{{key}}}" in strings["chain.at"] for key in ("token", "position", "text", "reason"))
        assert "{value}" in strings["url"] and "{problem}" in strings["url"]
        # the letters and marks come from calculators.notation, not from the catalogs
        assert "D, R, P, T, C, H, L, I, N" in strings["chain.unknown-letter"]
        assert "d (D), f (R), h (P), p (T/M), c (C/H/I)" in strings["chain.bad-mark"]  # M: Hail Mary Pass (issue 9); I: Cloud Burster
        assert "V, M, W, G, E, S, K, Q" in strings["chain.unknown-letter"]
    markdown, _ = pages[("fr", "calculators/chain.md")]
    strings = json.loads(next(f for f in forms_of(markdown) if f.kind == "chain").attrs["data-strings"])
    nb = "\u00a0"  # French: a no-break space inside « » and before ":"
    assert strings["chain.at"] == f"Élément {{token}} des jets, au caractère {{position}} («{nb}{{text}}{nb}»){nb}: {{reason}}"
    assert strings["url"].startswith(f"L'adresse de la page donnait «{nb}{{value}}{nb}»")
    # the other calculators do not carry the chain's messages
    markdown, _ = pages[("fr", "calculators/block.md")]
    assert not [k for k in json.loads(forms_of(markdown)[0].attrs["data-strings"]) if k.startswith("chain.")]


def test_a_notation_error_without_a_message_stops_the_build(repo, monkeypatch):
    from plugins.site.render import chaincalc

    ctx = PageContext(repo, "en", Messages("en"), "calculators/chain.md", BackLinks.build(repo))
    assert chaincalc.notation_errors(ctx)["chain.bad-target"].startswith("the number needed on the die goes from 2 to 6")
    monkeypatch.setattr(chaincalc, "REASONS", {**chaincalc.REASONS, "brand-new": "a reason added later"})
    with pytest.raises(ValueError, match="brand-new"):
        chaincalc.notation_errors(ctx)


def test_injury_results_are_named_in_the_pages_language(pages):
    # the casualty results were left in English in French and Japanese; the English name stays in brackets,
    # as the rulebooks (English only) and the glossary's edition notes write it
    names = {"fr": {"Badly Hurt": "Commotion (Badly Hurt)", "Seriously Hurt": "Amoché (Seriously Hurt)",
                    "Serious Injury": "Blessure sérieuse (Serious Injury)",
                    "Lasting Injury": "Séquelle durable (Lasting Injury)"},
             "ja": {"Badly Hurt": "軽傷（Badly Hurt）", "Seriously Hurt": "重傷（Seriously Hurt）",
                    "Serious Injury": "深刻な負傷（Serious Injury）", "Lasting Injury": "後遺症（Lasting Injury）"}}
    english = tuple(names["fr"])
    for lang, translated in names.items():
        for path in ("calculators/armour.md", "calculators/foul.md"):
            markdown, _ = pages[(lang, path)]
            labels = [html.unescape(x) for x in re.findall(r'<(?:dt|th scope="row")>(.*?)</', markdown)]
            assert labels, path
            assert not [x for x in labels if x.startswith(english)], (lang, path, labels)
            # the Stunty row of both calculators uses the same name as the casualty table
            stunty = next(x for x in labels if "Stunty" in x or "Minus" in x)
            assert translated["Badly Hurt"] in stunty, stunty
        markdown, _ = pages[(lang, "calculators/armour.md")]
        assert all(f"<th scope=\"row\">{name}</th>" in markdown for name in translated.values()), lang


def test_the_chain_page_takes_a_bloodbowldave_sequence_and_links_it_in_ours(pages, repo):
    from calculators.compat.dave import REASONS as DAVE_REASONS
    from plugins.site.render import chaincalc

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        form = next(f for f in forms_of(markdown) if f.kind == "dave")
        strings = json.loads(form.attrs["data-strings"])
        assert {k for k in strings if k.startswith("dave.")} == {f"dave.{r}" for r in DAVE_REASONS} | {"dave.at"}
        assert all(f"{{{key}}}" in strings["dave.at"] for key in ("token", "position", "text", "reason"))
        # the pre-rendered result links the default sequence, translated, to the chain form's URL round trip
        assert ('href="?chain=D3d%2CB2%2FC3%3Btr%3D1&amp;edition=bb2025#calculator"' in markdown
                and 'data-href="?chain={notation}&amp;edition={edition}#calculator"' in markdown), lang
        assert "{#dave}" in markdown
    ctx = PageContext(repo, "en", Messages("en"), "calculators/chain.md", BackLinks.build(repo))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(chaincalc, "DAVE_REASONS", {**DAVE_REASONS, "brand-new": "a reason added later"})
        with pytest.raises(ValueError, match="brand-new"):
            chaincalc.dave_errors(ctx)


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_every_single_roll_calculator_leads_to_the_sequence_calculator(pages, lang):
    """A coach who searched a dodge or a rush lands on an Agility table: the sequence calculator is one tap away."""
    for path, kinds in PAGES.items():
        if "agility" in kinds:
            markdown, _ = pages[(lang, path)]
            after = markdown.split('data-calculator="agility"', 1)[1]
            assert re.search(r"\]\((\.\./)+calculators/chain\.md#calculator\)", after), (lang, path)


@pytest.mark.parametrize("chain, shown", [("D3,R2,P3;tr=1", False), ("[loner=4]D3,R2,P3;tr=2", True)])
def test_the_loner_reading_is_named_only_when_it_changed_the_chance(repo, rulebook, chain, shown):
    """Issue 26, item 1: the BB2025 chain result names the Loner reading only for a sequence with a Loner player
    and team re-rolls enough for the readings to differ); the row stays in the page, hidden, for nuffle.js."""
    from plugins.site.render.chaincalc import chain_calculator
    from plugins.site.render.calculator import render

    ctx = PageContext(repo, "fr", Messages("fr"), "calculators/chain.md", BackLinks.build(repo))
    calc = chain_calculator(ctx)
    calc.defaults.update({"edition": "bb2025", "chain": chain})
    form = forms_of(render(ctx, calc, rulebook))[0]
    cell = next(c for c in form.results if c["path"] == "reading")
    assert cell["reading"] == "reading" and cell["row_hidden"] == (not shown), cell
    assert form.headline == "success"


@pytest.mark.parametrize("lang, apothecary, regeneration", [
    ("en", "The team uses its apothecary on this casualty", "The player has Regeneration"),
    ("fr", "L'équipe utilise son apothicaire pour cette Élimination (Sortie en classique)", "Le joueur a Régénération"),
    ("ja", "このカジュアルティにチームのアポセカリーを使う", "選手が Regeneration を持つ")])
def test_the_casualty_form_offers_the_apothecary_and_regeneration_in_each_language(pages, lang, apothecary,
                                                                                  regeneration):
    # issue 19 item 5: what may still save a casualty is a field of the casualty calculator, labelled in the
    # page's language, with the rows of where the player ends
    markdown, _ = pages[(lang, "calculators/casualty.md")]
    (form,) = forms_of(markdown)
    assert {"apothecary", "regeneration", "decay"} <= {f["name"] for f in form.fields}
    text = html.unescape(markdown)
    assert apothecary in text and regeneration in text
    assert 'data-field="after.reserves"' in markdown
