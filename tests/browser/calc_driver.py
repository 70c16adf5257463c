"""Drive a calculator of the built site in a real browser, as a reader would, for the browser tests.

`Calc` reads a calculator's form and result, changes its fields like a person, and checks every value the page
shows against `calculators.api.handle` run here in CPython on the request the form stands for (exact fractions,
and the same formatting as the build's `format_value`), a wrong input (a message next to the field, no NaN), and
that the URL brings back the same form and result.  The `calc` fixture opens one.
"""
from __future__ import annotations

import html
import re
import urllib.request
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, format_value, holds, is_zero, value_at
from plugins.site.render.context import BackLinks, PageContext
from plugins.site.render.pitch_table import probability_text, ranked_squares, square_name


DUMP_FORM = """form => [...form.querySelectorAll('[data-name]')].map(w => {
    const fixed = w.tagName === 'INPUT';
    const inputs = fixed ? [w] : [...w.querySelectorAll('input, select')];
    return {name: w.dataset.name, type: w.dataset.type, optional: w.hasAttribute('data-optional'), fixed,
            hidden: !fixed && w.hidden, disabled: inputs.every(i => i.disabled),
            values: inputs.map(i => i.type === 'checkbox' ? i.checked : i.value)};
})"""
DUMP_RESULT = """box => [...box.querySelectorAll('[data-result] [data-field]')]
    .filter(e => e.dataset.field !== 'status' && e.dataset.field !== 'error')
    .map(e => ({path: e.dataset.field, format: e.dataset.format, absent: e.dataset.absent, zero: e.dataset.zero || null,
                labels: e.dataset.labels ? JSON.parse(e.dataset.labels) : null, text: e.textContent,
                chance: e.querySelector('[data-chance]')?.textContent ?? null,
                exact: e.querySelector('[data-exact]')?.textContent ?? null,
                fold: e.querySelector('details > summary')?.textContent ?? null,
                rowHidden: !!(e.closest('[data-row]') && e.closest('[data-row]').hidden),
                when: (e.closest('[data-row]') && e.closest('[data-row]').dataset.when) || ''}))"""
TABLE_ROWS = "trs => trs.map(tr => [...tr.cells].map(c => c.textContent))"
DUMP_PITCH = """(fig) => ({key: fig.dataset.pitchValue, squares: Object.fromEntries([...fig.querySelectorAll('rect[data-square]')]
    .map(r => [r.dataset.square, [r.getAttribute('data-' + (fig.dataset.pitchValue || 'in')), Number(r.getAttribute('fill-opacity'))]])),
    marks: Object.fromEntries([...fig.querySelectorAll('[data-mark]')].map(c => [c.dataset.mark,
    c.getAttribute('visibility') === 'hidden' ? null : [c.getAttribute('cx'), c.getAttribute('cy')]]))})"""


# A chance whose exact fraction is longer than this is shown as its percentage, the fraction folded away
# (plugins/site/assets/js/format.mjs LONG_EXACT; review 7, finding 2).
LONG_EXACT = 12


def shown_value(ctx: PageContext, row: Row, value) -> str:
    """The text of the element that shows `value` (its textContent): `format_value`'s, or for a chance whose
    fraction is long, its percentage, the disclosure's summary and the fraction (result.mjs showLong)."""
    if row.format == "probability" and value and len(value["exact"]) > LONG_EXACT:
        return f"{ctx.t.percent(Fraction(value['exact']))} {ctx.t('Exact fraction')}{value['exact']}"
    return format_value(ctx, row, value)


def url_of(web, lang: str, path: str, query: str = "", fragment: str = "") -> str:
    prefix = "" if lang == "en" else f"{lang}/"
    return web.url + prefix + path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")


def norm(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def live_says(page, scope: str = "") -> str:
    """What the live region of the calculator at `scope` (a selector; the page's first one by default) says, once
    it has spoken: result.mjs announce waits for the form to be quiet (data-pending meanwhile)."""
    live = f"{scope} [data-result] [data-live]".strip()
    page.wait_for_selector(f"{live}:not([data-pending])", state="attached")
    return page.locator(live).first.text_content()


class Calc:
    """One calculator of a page (scoped by its request kind)."""

    def __init__(self, page, kind: str, lang: str, repo, rules):
        self.page, self.kind, self.lang, self.rules = page, kind, lang, rules
        self.box = f'.nc-calculator:has(form[data-calculator="{kind}"])'
        self.form = f'form[data-calculator="{kind}"]'
        self.ctx = PageContext(repo, lang, Messages(lang), "index.md", BackLinks())

    # --- reading

    def wait(self, state: str = "done") -> None:
        self.page.wait_for_selector(f'{self.box} [data-result][data-state="{state}"]', state="attached")

    def state(self) -> str:
        return self.page.eval_on_selector(f"{self.box} [data-result]", "el => el.dataset.state")

    def fields(self) -> list[dict]:
        return self.page.eval_on_selector(self.form, DUMP_FORM)

    def results(self) -> list[dict]:
        return self.page.eval_on_selector(self.box, DUMP_RESULT)

    def error_line(self) -> str | None:
        return self.page.eval_on_selector(f'{self.box} [data-field="error"]', "e => e.hidden ? null : e.textContent")

    def message(self, name: str) -> str | None:
        """The message shown next to field `name`, or None."""
        return self.page.eval_on_selector(f'{self.form} [data-name="{name}"]', """w => {
            const m = w.querySelector(':scope > [data-nc-message]'); return m ? m.textContent : null; }""")

    def request(self) -> dict:
        """The request the form stands for (the fields in use, as nuffle.js sends them)."""
        request = {"kind": self.kind}
        for f in self.fields():
            if f["disabled"]:
                continue
            values = f["values"]
            if f["fixed"]:
                raw = values[0]
                value = {"int": int, "bool": lambda v: v == "true"}.get(f["type"], lambda v: v)(raw)
            elif f["type"] == "square":
                if values == ["", ""] and f["optional"]:
                    continue
                value = [int(values[0]), int(values[1])]
            elif f["type"] == "bool":
                value = values[0]
            else:
                if values[0] == "" and f["optional"]:
                    continue
                value = int(values[0]) if f["type"] == "int" else values[0]
            request[f["name"]] = value
        return request

    # --- acting like a reader

    def set(self, name: str, value) -> None:
        """Change one field like a person would, then wait for the browser's answer (or its error)."""
        wrapper = f'{self.form} [data-name="{name}"]'
        kind = self.page.get_attribute(wrapper, "data-type")
        control = self.page.locator(f"{wrapper} select, {wrapper} input")
        assert control.first.is_visible() and control.first.is_enabled(), name
        if self.page.locator(f"{wrapper} select").count():
            self.page.locator(f"{wrapper} select").select_option(str(value))
        elif kind == "bool":
            box = self.page.locator(f"{wrapper} input")
            box.check() if value else box.uncheck()
        elif kind == "square":
            x, y = ("", "") if value is None else value
            self.page.locator(f'{wrapper} input[name="{name}.x"]').fill(str(x))
            self.page.locator(f'{wrapper} input[name="{name}.y"]').fill(str(y))
        else:
            self.page.locator(f"{wrapper} input").fill(str(value))
        self.page.wait_for_selector(f'{self.box} [data-result]:is([data-state="done"], [data-state="error"])',
                                    state="attached")

    def set_each(self, changes, check: bool = True) -> None:
        """Set each (field, value) of `changes` in turn, like a reader; with `check`, check every value shown
        after each change."""
        for name, value in changes:
            self.set(name, value)
            if check:
                self.check()

    def click_square(self, x: int, y: int, field: str | None = None) -> None:
        """Click a square of the pitch, then the button that puts it into `field` (default: the first the
        pitch offers), and wait for the answer."""
        figure = f"{self.box} figure[data-pitch]"
        self.page.locator(f'{figure} rect[data-square="{x},{y}"]').click()
        button = f'button[data-pick-field="{field}"]' if field else "button[data-pick-field]:visible"
        self.page.locator(f"{figure} {button}").first.click()
        self.wait()

    # --- checking

    def check(self) -> dict:
        """Every value shown equals the resolver's answer in CPython for the form's request."""
        assert self.state() == "done", self.error_line()
        request = self.request()
        response = handle(request, self.rules)
        assert response["ok"], (request, response)
        result = response["result"]
        cells = self.results()
        text = " ".join(c["text"] for c in cells)
        assert "NaN" not in text and "undefined" not in text and "null" not in text, cells
        for cell in cells:
            # a row that applies only while some result values hold (data-when: a Loner reading) is hidden otherwise
            applies = all(holds(result, path) for path in cell["when"].split())
            try:
                value = value_at(result, cell["path"])
            except KeyError:
                assert cell["rowHidden"] == (cell["absent"] == "hide" or not applies), cell
                continue
            # a row with nothing to say (data-zero="hide" and an exact zero) is hidden
            assert cell["rowHidden"] == ((cell["zero"] == "hide" and is_zero(value)) or not applies), cell
            row = Row("x", cell["path"], cell["format"], cell["labels"], cell["absent"])
            if cell["format"] == "probability" and value and len(value["exact"]) > LONG_EXACT:
                # a long fraction: its percentage, the fraction whole in a disclosure (result.mjs showLong)
                assert norm(cell["chance"] or "") == norm(self.ctx.t.percent(Fraction(value["exact"]))), cell
                assert Fraction(cell["exact"]) == Fraction(value["exact"]), cell
                assert cell["fold"] == self.ctx.t("Exact fraction"), cell
                continue
            assert cell["chance"] is None, cell  # a short fraction shows whole, before its percentage
            assert norm(cell["text"]) == norm(format_value(self.ctx, row, value)), (request, cell)
            if cell["format"] == "probability":
                fraction, _, percent = norm(cell["text"]).partition(" (")
                assert Fraction(fraction) == Fraction(value["exact"]), cell
                number = float(re.sub(r"[^\d.,]", "", percent).replace(",", "."))
                assert abs(number - float(Fraction(value["exact"])) * 100) < 0.051, cell
        figure = f"{self.box} figure[data-pitch]"
        if self.page.locator(figure).count():
            pitch = self.page.eval_on_selector(figure, DUMP_PITCH)
            path = self.page.get_attribute(figure, "data-pitch")
            items = value_at(result, path)
            key = pitch["key"]
            expected = {f"{i[0]},{i[1]}": Fraction(1) for i in items if isinstance(i, list)}
            expected.update({",".join(map(str, i["square"])): Fraction(i[key]["exact"]) for i in items
                             if isinstance(i, dict) and isinstance(i["square"], list)})
            shown = {sq: Fraction(v) for sq, (v, _) in pitch["squares"].items() if v not in (None, "0")}
            assert shown == expected
            peak = max(expected.values(), default=Fraction(1))
            for sq, (_, opacity) in pitch["squares"].items():
                assert abs(opacity - float(expected.get(sq, 0) / peak)) < 0.001, sq
            for name, at in pitch["marks"].items():
                square = request.get(name)
                assert (at is None) == (square is None), (name, at, square)
                if square:
                    assert [float(v) for v in at] == [square[0] * 12 + 6, square[1] * 12 + 6]
            # the table under the pitch (pitch.js): the squares above zero, highest first (issue 11, defect 10)
            rows = self.page.eval_on_selector_all(f"{figure} tbody[data-pitch-rows] tr", TABLE_ROWS)
            squares = [(tuple(map(int, sq.split(","))), v) for sq, v in expected.items()]
            ranked = [(square_name(self.ctx, sq), v) for sq, v in ranked_squares(dict(squares))]
            assert [r[0] for r in rows] == [name for name, _ in ranked]
            if key:
                assert [norm(r[1]) for r in rows] == [norm(probability_text(self.ctx, v)) for _, v in ranked]
        return result

    def query(self) -> dict[str, str]:
        return {k: v[0] for k, v in parse_qs(urlsplit(self.page.url).query).items()}

    def check_query(self, others: frozenset = frozenset()) -> None:
        """The query string holds exactly the fields in use (fixed ones aside) as the form shows them."""
        expected = {}
        for f in self.fields():
            if f["fixed"] or f["disabled"]:
                continue
            if f["type"] == "square":
                raw = "" if f["values"] == ["", ""] else ",".join(f["values"])
            elif f["type"] == "bool":
                raw = "true" if f["values"][0] else "false"
            else:
                raw = f["values"][0]
            if raw == "" and f["optional"]:
                continue
            expected[f["name"]] = raw
        assert {k: v for k, v in self.query().items() if k not in others} == expected

    def round_trip(self) -> None:
        """The page's URL, opened in a new tab, gives the same form and the same result."""
        before_form, before_result, link = self.fields(), self.results(), self.page.url
        again = self.page.context.new_page()
        again.goto(link)
        other = Calc(again, self.kind, self.lang, None, self.rules)
        other.ctx = self.ctx
        other.wait()
        assert other.fields() == before_form
        assert other.results() == before_result
        again.close()

    def check_address(self) -> None:
        """The query string holds the form (check_query), and the page's URL brings it back (round_trip)."""
        self.check_query()
        self.round_trip()

    def check_bad_input(self, name: str, value, good) -> None:
        """A wrong value: the message next to the field, the result cleared (no NaN), then fixed again."""
        self.set(name, value)
        assert self.state() == "error"
        message = self.message(name)
        assert message, name
        cells = self.results()
        assert all(c["text"] == "—" for c in cells), cells
        assert "NaN" not in self.page.inner_text(self.box)
        self.set(name, good)
        assert self.message(name) is None
        self.check()


def prerendered(web, lang: str, path: str, kind: str) -> dict[str, str]:
    """The result values as the build wrote them, for the calculator of `kind`."""
    with urllib.request.urlopen(url_of(web, lang, path)) as response:
        text = response.read().decode("utf-8")
    start = text.index(f'data-calculator="{kind}"')
    part = text[start:text.index('data-field="error"', start)]
    # a value is a cell, or a link inside one (a Row with href)
    # a chance is written in parts (templates/calc/macros.html: fraction, percentage); its text is what it says
    return {m[2]: html.unescape(re.sub(r"<[^>]+>", "", m[3]))
            for m in re.finditer(r'<(dd|td|a) data-field="([\w.]+)"[^>]*>(.*?)</\1>', part)}


def first_result_is_prerendered(calc: Calc, web, path: str) -> None:
    built = prerendered(web, calc.lang, path, calc.kind)
    shown = {c["path"]: c["text"] for c in calc.results()}
    assert built and {k: norm(v) for k, v in built.items()} == {k: norm(v) for k, v in shown.items()}


def open_as_built(calc, web, lang: str, path: str, kind: str) -> Calc:
    """The calculator of `kind` on `path` (opened by the `calc` fixture): its first result is the one the build
    wrote, and every value it shows is the resolver's."""
    c = calc(lang, path, kind)
    first_result_is_prerendered(c, web, path)
    c.check()
    return c


@pytest.fixture
def calc(page, web, repo, rules):
    """calc(lang, path, kind, query="") -> a Calc on that page, its first browser result in."""
    def open_(lang: str, path: str, kind: str, query: str = "", fragment: str = "") -> Calc:
        page.goto(url_of(web, lang, path, query, fragment))
        c = Calc(page, kind, lang, repo, rules)
        c.wait()
        return c
    return open_


def shown(c: Calc) -> dict[str, str | None]:
    """The text of every result value on show (None for a hidden row), by dotted path."""
    return {cell["path"]: None if cell["rowHidden"] else norm(cell["text"]) for cell in c.results()}


def field_shown(c: Calc, name: str) -> bool:
    return c.page.locator(f'{c.form} [data-name="{name}"]').is_visible()
