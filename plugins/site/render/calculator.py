"""Calculators in the pages, for any request kind of the resolver (`calculators.api`).

A calculator is declared as data (:class:`Calculator`): the request kind, the fields the page fixes
(hidden inputs, e.g. the edition on an edition's page), the field whose value reshapes the form
(`switch`: the edition on a page for every edition, the action on an Agility page), default inputs,
fields left out (e.g. `map`), and the result view: rows of (label, dotted path into the result, format),
tables of such rows and an optional pitch.

The HTML is written by the templates under `plugins/site/templates/calc/` (calculator, fields, result,
pitch, pitch table, roll form); this module prepares their values. The form's fields come from the
resolver's own `form` kind, so they are written once, in the code that
validates them. Every label goes through the Babel catalogs (`ctx.t`); a field without a label stops the
build. The default result is computed here by `calculators.api.handle` and written with the markup the
browser fills later: `data-field="<dotted path>"` and `data-format`, so nuffle.js needs no per-kind
code. The status and validation messages nuffle.js shows are written on the form too (`data-strings`,
templates such as "Enter a whole number from {lo} to {hi}.").

Markup contract with nuffle.js:

* `form[data-calculator=<kind>]` with `data-strings`, `data-lang`, `data-switch` (optional) and
  `data-answers` (the build's answers to
  the requests one change away, see answers.py); each field's wrapper (a label, a fieldset or the hidden input itself) has `data-name`
  and `data-type` (`int`, `bool`, `choice`, `text`, `square`), `data-optional` when an empty value
  means "absent", `data-for="<switch value> …"` when only some switch values have it, `data-with="<box> …"`
  when it matters only while those boxes are ticked (shown then, still sent); a number input
  whose range depends on the switch has `data-range='{"<value>": [lo, hi]}'`; a square is a fieldset of
  two number inputs named `<name>.x` and `<name>.y`.
* `[data-result]` holds `[data-field]` elements with `data-format` (`probability`, `number`, `text`,
  `label` with `data-labels`, `signed`, `needed`, `face`, `count`) and `data-absent` (`zero`, `hide`:
  hide the closest `[data-row]`, `dash`), and `data-zero="hide"` to hide that row while the value is an
  exact zero (a row with nothing to say); `data-field="status"` and `"error"` are the status lines;
  `[data-live]` (role="status", visually hidden) is the only live region: a one-line summary.
  `dl[data-headline]` comes first and holds the headline row: the chance the reader asked for
  (`Calculator.headline`), in large type; the live region should read its text. A row with
  `data-reading="<request field>"` names the reading of a disputed rule the result used. A row with
  `data-when="<result path> …"` is shown only while each path holds a true value (`Row.conditions`,
  result.mjs `rowApplies`); a reading row's include `changed_by.<field>`, which the resolver sets true only
  when another choice of that reading gives other chances (`calculators.api.readings`), so the build and
  nuffle.js name a reading only where it changed the number, by the same rule.
* An error answer whose `details` have a `reason` is told in the page's language when `data-strings`
  has `<field>.<reason>` (and `<field>.at`, a template with `{token}`, `{position}`, `{text}` and
  `{reason}`, when the details name a token): e.g. the chain notation's errors.
* `figure[data-pitch=<dotted path>]`: the rects are recoloured from that list (`data-pitch-value`: the
  item key of each square's probability; none: a set of squares), then nuffle.js fires
  `nuffle:pitch-painted` on the figure (pitch.js refreshes the square read out and the table);
  `circle[data-mark=<square field>]` follow the inputs; `data-pick` lists the square fields whose
  `button[data-pick-field]` (pitch.js) puts the chosen square into them (render/pitch.py).
"""
from __future__ import annotations

from calculators.rules import RuleBook

import json
import re
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from babel.numbers import format_decimal

from calculators.api import handle

from .answers import neighbours, prebuilt
# The labels and messages live in calclabels.py; these names stay importable from here.
from .calclabels import (TARGET_SKILLS, band_labels, below_one_reading_note, below_one_readings,  # noqa: F401
                         choice_label, claws_reading_note, claws_readings, edition_name, error_reasons,
                         field_label, pass_reading_note, pass_readings, skill_name, ui_strings)
from .context import PageContext
from .pitch import heat_map
from .templating import render as render_template
from .pitch_table import probability_text as fraction_text
from .resultpaths import holds, is_zero, value_at  # noqa: F401  (value_at, is_zero: imported from here too)

FORMATS = ("probability", "number", "text", "label", "signed", "needed", "face", "count")
ABSENT = ("zero", "hide", "dash")
DEFAULT_INT = 3  # an int field with no default starts here (clamped to its range): AG 3, PA 3+
RESERVED = ("status", "error")
Option = tuple[str, str]  # (value, label)


@dataclass(frozen=True)
class Row:
    """One result line: `path` is dotted into the result (`totals.completion`, `by_team_rerolls.2.success`)."""

    label: str
    path: str
    format: str = "probability"
    labels: Mapping[str, str] | None = None  # format "label": value -> localized text
    absent: str = "zero"  # a path missing from the result: 0, the row hidden, or a dash
    hide_zero: bool = False  # hide the row while the value is exactly 0 (nothing to say)
    # the value as a link: an address template whose {dotted.path}s are filled from the result, URL-encoded
    # (e.g. "?chain={notation}&edition={edition}#calculator": a calculator's URL round trip)
    href: str | None = None
    # a row naming the reading of a disputed rule the result used: the request field that picks it (e.g.
    # "reading"); the row is shown only while that reading changed the chances (`conditions`)
    reading: str | None = None
    # result paths ("*": any item of a list) that must each hold a true value for the row to show (result.mjs
    # reads the same paths, from data-when)
    when: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.format not in FORMATS or self.absent not in ABSENT or self.path in RESERVED:
            raise ValueError(f"bad result row {self!r}")

    @property
    def conditions(self) -> tuple[str, ...]:
        """The result paths that must each hold for the row to show: `when`, and for a reading row the
        resolver's `changed_by.<field>`, true only when another choice of that reading gives other chances
        (`calculators.api.readings.changed_by`): a reading is named only where it changed the number."""
        return self.when + ((f"changed_by.{self.reading}",) if self.reading else ())


@dataclass(frozen=True)
class Table:
    """Rows shown as a two-column table (e.g. P(success) for 0..8 team re-rolls)."""

    caption: str
    head: tuple[str, str]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Pitch:
    """A pitch picture recoloured from a list in the result: `[x, y]` items (a set of squares) or
    `{"square": [x, y], <value>: probability}` items."""

    path: str
    title: str
    value: str | None = None
    marks: tuple[str, ...] = ()  # square fields of the request ringed on the pitch
    pick: tuple[str, ...] = ()   # square fields a chosen square of the pitch may be put into (one button each)
    states: tuple[str, str] | None = None  # a set of squares (value None): how a square in it / out of it reads


@dataclass
class Calculator:
    """What a page needs to show one calculator (see the module docstring)."""

    kind: str
    view: list[Row | Table]
    fixed: dict[str, Any] = field(default_factory=dict)
    switch: str | None = None
    switch_options: list[Option] | None = None  # the switch's values and labels (default: its choices)
    defaults: dict[str, Any] = field(default_factory=dict)
    omit: frozenset[str] = frozenset()
    # options(name, spec, switch_value) -> [(value, label)] or None for the default rendering; for an
    # int field, a list makes it a select (e.g. AG "6+")
    options: Callable[[str, dict, Any], list[Option] | None] | None = None
    labels: Callable[[str], str | None] | None = None  # field labels that depend on the page
    pitch: Pitch | None = None
    label: str = ""  # the form's accessible name
    strings: dict[str, str] = field(default_factory=dict)  # more messages for nuffle.js (data-strings)
    # the path of the row shown first, in large type: the chance of what the reader asks (a top-level row
    # leaves the list for the headline; a table's row stays in its table as well)
    headline: str | None = None
    # (field, {choice: path}): the headline follows that choice field of the form, e.g. the block's goal; the
    # row of the chosen path trades places with the headline's (result.mjs chooseHeadline). The choice the
    # build renders must map to `headline`.
    headline_by: tuple[str, dict[str, str]] | None = None


# --------------------------------------------------------------------------- values as shown

def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else f"−{-value}")


def needed_text(ctx: PageContext, label: str | None) -> str:
    """The resolver's "4+" / "6+ (natural 6 only)" / "impossible", in the page's language."""
    if label is None or label == "impossible":
        return ctx.t("impossible")
    if label.endswith(" (natural 6 only)"):
        return ctx.t("{n}+ (natural 6 only)", n=label.split("+", 1)[0])
    return label


def probability_text(ctx: PageContext, p: dict | None) -> str:
    """A resolver probability (`{"exact": "a/b", …}`, or None for 0) as every result shows it: "1/36 (2.8%)"."""
    return fraction_text(ctx, Fraction(p["exact"]) if p else Fraction(0))


def number_text(ctx: PageContext, value: Any) -> str:
    if isinstance(value, dict):  # an exact value that is not a probability (an expected count)
        if "/" not in value["exact"]:  # a whole number says it all: "2", not "2 (2)"
            return ctx.t.number(int(value["exact"]))
        decimal = format_decimal(round(value["float"], 2), "#,##0.##", locale=ctx.t.locale)
        return f"{value['exact']} ({decimal})"
    return ctx.t.number(value)


def format_value(ctx: PageContext, row: Row, value: Any) -> str:
    """A result value as the page shows it (nuffle.js formats the same way in the browser)."""
    if row.format == "probability":
        return probability_text(ctx, value)
    if value is None:
        return "—"
    if row.format == "number":
        return number_text(ctx, value)
    if row.format == "label":
        return (row.labels or {}).get(str(value), str(value))
    if row.format == "signed":
        return signed(value)
    if row.format == "needed":
        return needed_text(ctx, value)
    if row.format == "face":
        return f"{value}+"
    if row.format == "count":
        return ctx.t.number(len(value))
    return str(value)


# --------------------------------------------------------------------------- the form

def site_root_from(page: str, lang: str) -> str:
    """Relative URL from a page's own URL (directory URLs: `targets/x.md` is served at `targets/x/`) to the
    site root; raw HTML attributes are not rewritten by MkDocs, so this is computed here."""
    parts = page.removesuffix(".md").split("/")
    depth = len(parts) - (1 if parts[-1] == "index" else 0)
    return "../" * depth + ("" if lang == "en" else "../")


def _ok(response: dict) -> dict:
    if not response.get("ok"):
        raise ValueError(f"resolver error at build time: {response.get('error')}")
    return response["result"]


def _forms(calc: Calculator, rules: RuleBook | None) -> dict[Any, dict[str, dict]]:
    """For each switch value (or None), the resolver's fields by name, in its order."""
    values = [v for v, _ in _switch_options(calc, rules)] if calc.switch else [None]
    out = {}
    for value in values:
        given = {**calc.fixed, **({calc.switch: value} if calc.switch else {})}
        fields = _ok(handle({"kind": "form", "for": calc.kind, **given}, rules))["fields"]
        out[value] = {f["name"]: f for f in fields}
    return out


def _switch_options(calc: Calculator, rules: RuleBook | None) -> list[Option]:
    if calc.switch_options is not None:
        return calc.switch_options
    raise ValueError(f"calculator {calc.kind}: give switch_options for the switch {calc.switch!r}")


def _default(calc: Calculator, spec: dict) -> Any:
    name = spec["name"]
    if name in calc.defaults:
        return calc.defaults[name]
    if spec["default"] is not None or not spec["required"]:
        return spec["default"]
    if spec["type"] == "int":
        return min(max(DEFAULT_INT, spec["min"]), spec["max"])
    if spec["type"] == "choice":
        return spec["choices"][0]
    raise ValueError(f"calculator {calc.kind}: required field {name!r} needs a default")


def default_request(calc: Calculator, rules: RuleBook | None) -> dict:
    """The request of the form as built (what the pre-rendered result answers)."""
    forms = _forms(calc, rules)
    # an edition switch starts on the newest edition (its options are oldest first), as nuffle.js does for a
    # reader who has chosen none: the pre-rendered result and the build's answers are then the reader's
    first = list(forms)[-1] if calc.switch == "edition" else next(iter(forms))
    value = calc.defaults.get(calc.switch, first) if calc.switch else None
    request: dict[str, Any] = {"kind": calc.kind, **calc.fixed}
    if calc.switch:
        request[calc.switch] = value
    for name, spec in forms[value].items():
        if name in request or name in calc.omit:
            continue
        default = _default(calc, spec)
        if default is not None:
            request[name] = list(default) if isinstance(default, tuple) else default
    return request


def render(ctx: PageContext, calc: Calculator, rules: RuleBook | None,
           insert: tuple[str, str] | None = None) -> str:
    """The calculator's HTML (template `calc/calculator.html`): the form, the pre-rendered result and the pitch
    picture, in one box. `insert`: (field name, HTML the renderers made safe) put in the form just before that
    field (the roll-by-roll form); ValueError when the form has no such field."""
    forms = _forms(calc, rules)
    request = default_request(calc, rules)
    result = _ok(handle(request, rules))
    switch_value = request.get(calc.switch) if calc.switch else None
    order = _merged_order([list(fields) for fields in forms.values()])
    edition = calc.fixed.get("edition")
    form_attrs = {
        "class": "nc-calc", "data-calculator": calc.kind, "data-lang": ctx.lang,
        "data-switch": calc.switch, "aria-label": calc.label or None,
        "data-strings": json.dumps({**ui_strings(ctx), **calc.strings}, ensure_ascii=False),
        "data-answers": json.dumps(first_answers(calc, rules, forms, request), separators=(",", ":"),
                                   ensure_ascii=False),
    }
    fields: list[dict] = [{"kind": "hidden", "name": name, "input": {
        "name": name, "value": _raw(value), "data-name": name, "data-type": _type_of(value)}}
        for name, value in calc.fixed.items()]
    for name in order:
        if name in calc.fixed or name in calc.omit:
            continue
        owners = [v for v, fields_of in forms.items() if name in fields_of]
        only = None if len(owners) == len(forms) else " ".join(str(v) for v in owners)
        value = request.get(name) if name in request else _default(calc, forms[owners[0]][name])
        if name == calc.switch:
            fields.append(_select(ctx, calc, name, forms[switch_value][name], None,
                                  [(v, label, None) for v, label in _switch_options(calc, rules)], value))
            continue
        fields.append(_control(ctx, calc, name, {v: forms[v][name] for v in owners}, only, value, switch_value,
                               edition, request))
    if insert is not None and insert[0] not in {f["name"] for f in fields if f["kind"] != "hidden"}:
        raise ValueError(f"calculator {calc.kind}: no field {insert[0]!r} to put the form before")
    # A form whose edition the reader may change names, above its result, the edition it computed: a
    # page whose picker shows every edition then still says which one the numbers are for.
    used = request.get("edition") if "edition" in order and "edition" not in calc.fixed and "edition" not in calc.omit else None
    headline_by = None
    if calc.headline_by:
        field_name, paths = calc.headline_by
        if paths.get(request.get(field_name, "")) not in (None, calc.headline):
            raise ValueError(f"calculator {calc.kind}: the form as built chooses another headline than {calc.headline!r}")
        headline_by = json.dumps({"field": field_name, "paths": paths}, separators=(",", ":"))
    result_markup = result_html(ctx, calc.view, result, used, calc.headline, headline_by)
    pitch = None
    if calc.pitch:
        picks = [(name, _label_of(ctx, calc, name, edition)) for name in calc.pitch.pick
                 if name in order and name not in calc.fixed and name not in calc.omit]
        pitch = pitch_html(ctx, calc.pitch, result, request, picks)
    return render_template(
        "calc/calculator.html", form=form_attrs, fields=fields, result=result_markup, pitch=pitch,
        edition=edition_name(ctx, edition) if edition else None, edition_label=ctx.labelled(ctx.t("Edition:"), ""),
        insert={"before": insert[0], "html": insert[1]} if insert else None)


def first_answers(calc: Calculator, rules: RuleBook | None, forms: dict[Any, dict[str, dict]],
                  request: dict) -> dict[str, dict]:
    """The resolver's answers to `request` and to every request one change away from it (see `answers.py`)."""
    listed = {(value, name): calc.options(name, spec, value) if calc.options else None
              for value, specs in forms.items() for name, spec in specs.items()}
    frozen = set(calc.fixed) | set(calc.omit)
    # the form as built too: a reader who changes a field and changes it back gets the first answer again
    return prebuilt([request, *neighbours(request, forms, calc.switch, listed, frozen)], rules)


def _merged_order(lists: list[list[str]]) -> list[str]:
    """The fields of every switch value in one order: a field another value adds goes after its predecessor
    in that value's list (and after the fields other values put there)."""
    order: list[str] = []
    for names in lists:
        for i, name in enumerate(names):
            if name in order:
                continue
            position = order.index(names[i - 1]) + 1 if i else 0
            while position < len(order) and order[position] not in names:
                position += 1
            order.insert(position, name)
    return order


def _raw(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def _type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, (list, tuple)):
        return "square"
    return "choice"


def _label_of(ctx: PageContext, calc: Calculator, name: str, edition: str | None) -> str:
    custom = calc.labels(name) if calc.labels else None
    return custom if custom is not None else field_label(ctx, name, edition)


def _needs(spec: dict, request: Mapping[str, Any]) -> dict[str, Any]:
    """The wrapper attributes of a field that matters only while some boxes are ticked (spec ``with``, e.g.
    Mighty Blow's +X): `data-with` names them for nuffle.js, and it starts hidden unless the form as built
    ticks them all."""
    boxes = spec.get("with") or []
    return {"data-with": " ".join(boxes) or None, "hidden": bool(boxes) and not all(request.get(b) for b in boxes)}


def _control(ctx: PageContext, calc: Calculator, name: str, specs: dict[Any, dict], only: str | None,
             value: Any, switch_value: Any, edition: str | None, request: Mapping[str, Any]) -> dict:
    """One form control from the resolver's field specs (one per switch value that has the field), as the
    template `calc/fields.html` takes it."""
    spec = specs.get(switch_value) or next(iter(specs.values()))
    label = _label_of(ctx, calc, name, edition)
    optional = not spec["required"] and spec["default"] is None
    if spec["type"] in ("choice", "int"):
        per_value = {v: calc.options(name, s, v) if calc.options else None for v, s in specs.items()}
        if spec["type"] == "choice" or any(o is not None for o in per_value.values()):
            return _select(ctx, calc, name, spec, only, _options(ctx, name, specs, per_value, optional), value, request)
    wrapper = {"class": "nc-field", "data-name": name, "data-type": spec["type"], "data-optional": optional,
               "data-for": only, **_needs(spec, request)}
    out = {"name": name, "label": label, "wrapper": wrapper}
    if spec["type"] == "bool":
        wrapper["class"] += " nc-check"
        return {**out, "kind": "check",
                "input": {"type": "checkbox", "name": name, "value": "true", "checked": bool(value)}}
    if spec["type"] == "int":
        ranges = {str(v): [s["min"], s["max"]] for v, s in specs.items()}
        varies = len({tuple(r) for r in ranges.values()}) > 1
        return {**out, "kind": "number", "input": {
            "type": "number", "name": name, "min": spec["min"], "max": spec["max"], "step": 1,
            "value": "" if value is None else value, "inputmode": "numeric",
            "data-range": json.dumps(ranges) if varies else None}}
    if spec["type"] == "text":
        wrapper["class"] += " nc-wide"
        return {**out, "kind": "text", "input": {
            "type": "text", "name": name, "maxlength": spec["max_length"], "value": value or "",
            "spellcheck": "false", "autocomplete": "off", "autocapitalize": "off"}}
    if spec["type"] == "square":
        wrapper["class"] += " nc-square"
        axes = [{"name": axis, "input": {
            "type": "number", "name": f"{name}.{axis}", "min": spec["min"][index], "max": spec["max"][index],
            "step": 1, "value": "" if value is None else value[index], "inputmode": "numeric",
            "aria-label": f"{label} {axis}"}} for axis, index in (("x", 0), ("y", 1))]
        return {**out, "kind": "square", "axes": axes}
    raise ValueError(f"calculator {calc.kind}: field {name!r} has an unknown type {spec['type']!r}")


def _options(ctx: PageContext, name: str, specs: dict[Any, dict], per_value: dict[Any, list[Option] | None],
             optional: bool) -> list[tuple[str, str, str | None]]:
    """A select's options over every switch value: (value, label, the switch values that have it or None
    for all), an empty "—" first when the field is optional."""
    options: list[tuple[str, str, Any]] = []
    for v, s in specs.items():
        listed = per_value[v]
        if listed is None:
            listed = ([(c, choice_label(ctx, name, c)) for c in s["choices"]] if s["type"] == "choice"
                      else [(str(n), ctx.t.number(n)) for n in range(s["min"], s["max"] + 1)])
        for option in listed:
            options.append((str(option[0]), option[1], v))
    merged: dict[tuple[str, str], list] = {}
    for opt_value, opt_label, owner in options:
        merged.setdefault((opt_value, opt_label), []).append(owner)
    rows = [(v, lab, None if len(owners) == len(specs) else " ".join(str(o) for o in owners))
            for (v, lab), owners in merged.items()]
    if optional and not any(v == "" for v, _, _ in rows):
        rows.insert(0, ("", "—", None))
    return rows


def _select(ctx: PageContext, calc: Calculator, name: str, spec: dict, only: str | None,
            options: list[tuple[str, str, str | None]], selected: Any,
            request: Mapping[str, Any] | None = None) -> dict:
    numeric = spec["type"] == "int" or (spec["type"] == "choice" and all(
        isinstance(c, int) and not isinstance(c, bool) for c in spec["choices"]))
    wrapper = {"class": "nc-field", "data-name": name, "data-type": "int" if numeric else "choice",
               "data-optional": not spec["required"] and spec["default"] is None and name != calc.switch,
               "data-for": only, **_needs(spec, request or {})}
    chosen = "" if selected is None else str(selected)
    return {"kind": "select", "name": name, "label": _label_of(ctx, calc, name, calc.fixed.get("edition")),
            "wrapper": wrapper, "options": [{"attrs": {"value": v, "data-for": owner, "selected": v == chosen},
                                             "text": text} for v, text, owner in options]}


# --------------------------------------------------------------------------- the result

def _cell(ctx: PageContext, row: Row, result: dict) -> tuple[dict, bool]:
    """The element showing one row's value (`attrs`, `text`, `href`, `parts` for templates/calc/macros.html
    `value`), and whether the row is hidden (its path is absent, or an exact zero with nothing to say)."""
    parts = None
    try:
        value = value_at(result, row.path)
        text, hidden = format_value(ctx, row, value), row.hide_zero and is_zero(value)
        if row.format == "probability" and row.href is None:
            parts = probability_parts(ctx, value)
    except KeyError:
        hidden = row.absent == "hide"
        text = probability_text(ctx, None) if row.absent == "zero" else "—"
    attrs = {"data-field": row.path, "data-format": row.format, "data-absent": row.absent,
             "data-zero": "hide" if row.hide_zero else None,
             "data-labels": json.dumps(dict(row.labels), ensure_ascii=False) if row.labels else None}
    href = None
    if row.href is not None:  # the value is a link (nuffle.js refills its address from each result)
        href = href_from(row.href, result)
        attrs = {**attrs, "data-href": row.href, "href": href}
    return {"attrs": attrs, "text": text, "href": href, "parts": parts}, hidden


def probability_parts(ctx: PageContext, p: dict | None) -> tuple[str, str, str] | None:
    """A probability's text "n/d (p%)" in the parts templates/calc/macros.html lays out apart, as result.mjs
    showParts does in the browser: (numerator with its slash, denominator, percentage); None for a value with no
    fraction ("0 (0%)", "1 (100%)"). The same text once joined; the pinned headline shows the percentage alone."""
    if not p or "/" not in p["exact"]:
        return None
    numerator, denominator = p["exact"].split("/")
    return f"{numerator}/", denominator, ctx.t.percent(Fraction(p["exact"]))


def href_from(template: str, result: dict) -> str:
    """`template` with each `{dotted.path}` replaced by that result value, URL-encoded (empty when absent)."""
    def value(m: re.Match) -> str:
        try:
            v = value_at(result, m.group(1))
        except KeyError:
            return ""
        return urllib.parse.quote(str(v), safe="!'()*")  # as encodeURIComponent
    return re.sub(r"\{([\w.]+)\}", value, template)


def _shown(ctx: PageContext, row: Row, result: dict) -> dict:
    cell, hidden = _cell(ctx, row, result)
    hidden = hidden or not all(holds(result, p) for p in row.conditions)
    return {"label": row.label, "cell": cell, "hidden": hidden, "reading": row.reading,
            "when": " ".join(row.conditions) or None}


def result_html(ctx: PageContext, view: list[Row | Table], result: dict, edition: str | None = None,
                headline: str | None = None, headline_by: str | None = None) -> str:
    """The result element, pre-rendered (template `calc/result.html`); the browser fills the same `data-field`
    elements later.

    `edition`: the edition the result is for, when the form lets the reader choose it; it is named at the
    top of the result (`data-nc-edition-used`, which nuffle.js keeps in step with the form). `headline`: the
    path of the row shown first, in large type (`data-headline`); a top-level row leaves the list for it, a
    table's row is shown in both places. A row is written hidden while one of its `Row.conditions` does not
    hold (a reading that did not change the chances). `headline_by`: JSON of the choice field the headline follows
    (`Calculator.headline_by`), on the headline for nuffle.js. ValueError when `headline` names no row of `view`."""
    rows = [item for item in view if isinstance(item, Row)]
    tables = [item for item in view if isinstance(item, Table)]
    top = None
    if headline is not None:
        found = [row for row in rows + [r for t in tables for r in t.rows] if row.path == headline]
        if not found:
            raise ValueError(f"the headline {headline!r} is no row of the result")
        top = _shown(ctx, found[0], result)
        rows = [row for row in rows if row.path != headline]
    return render_template(
        "calc/result.html", t=ctx.t, headline=top, headline_by=headline_by,
        edition=choice_label(ctx, "edition", edition) if edition else None,
        edition_label=ctx.labelled(ctx.t("Edition:"), ""),
        rows=[_shown(ctx, row, result) for row in rows],
        tables=[{"caption": t.caption, "head": t.head, "rows": [_shown(ctx, row, result) for row in t.rows]}
                for t in tables])


def pitch_html(ctx: PageContext, pitch: Pitch, result: dict, request: dict,
               picks: list[tuple[str, str]] | None = None) -> str:
    """The pitch picture of a result list, with the request's squares ringed.

    `picks`: (name, label) of the form's square fields a chosen square may be put into (default: none).
    A pitch of a set of squares (no `pitch.value`) needs `pitch.states`, or ValueError."""
    if pitch.value is None and not pitch.states:
        raise ValueError(f"the pitch of {pitch.path!r} shows a set of squares: it needs the texts of its states")
    items = value_at(result, pitch.path)
    values: dict[tuple[int, int], Fraction] = {}
    for item in items:
        if isinstance(item, list):
            values[(item[0], item[1])] = Fraction(1)
        elif isinstance(item.get("square"), list):
            values[tuple(item["square"])] = Fraction(item[pitch.value]["exact"])
    marks = {name: tuple(request[name]) if request.get(name) else None for name in pitch.marks}
    attrs = {"data-pitch": pitch.path, "data-pitch-value": pitch.value or "",
             "data-pick": " ".join(pitch.pick)}
    return heat_map(ctx, values, pitch.title, field=pitch.value or "in", marks=marks, attrs=attrs,
                    states=None if pitch.value else pitch.states, picks=picks or ())
