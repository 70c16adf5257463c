"""Calculators in the pages (plugins/site/render/calculator.py): forms built from the resolver's `form` kind,
labels from the catalogs, and pre-rendered results that are the resolver's answer for the form as built.

The forms are read back the way nuffle.js reads them (calc_pages.py), so these tests check the markup contract
too. What the pages say around the forms: test_calculator_page_text.py; the chain page: test_chain_calculator_page.py.
"""
from __future__ import annotations

import html
import json
from fractions import Fraction

import pytest
from calc_pages import PAGES, Form, forms_of, pages  # noqa: F401  (pages: a fixture)

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, field_label, format_value, holds, is_zero, value_at
from plugins.site.render.context import BackLinks, PageContext


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
                # a row whose data-when paths do not all hold is hidden: a reading row's include the resolver's
                # changed_by.<field> (test_reading_rows.py checks it against every choice of the reading)
                inapplicable = not all(holds(result, p) for p in (cell["when"] or "").split())
                assert cell["reading"] is None or f"changed_by.{cell['reading']}" in cell["when"].split(), cell
                try:
                    value = value_at(result, cell["path"])
                except KeyError:
                    assert cell["absent"] != "zero" or cell["text"].startswith("0 ("), cell
                    assert cell["row_hidden"] == (cell["absent"] == "hide" or inapplicable), cell
                    continue
                # a row with nothing to say (data-zero="hide" and an exact zero) is hidden
                assert cell["row_hidden"] == ((cell["zero"] == "hide" and is_zero(value)) or inapplicable), cell
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
