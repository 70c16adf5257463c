"""The calculators of the generated pages, read back the way nuffle.js reads them, for the site tests.

`PAGES`: the pages with calculators and the request kinds each shows; :func:`forms_of` reads a page's forms
(wrappers with data-name and data-type; hidden fields; data-for on the switch value; the result cells; the
pitch); the `pages` fixture renders every such page in the three languages once per process (the tests only
read them).
"""
from __future__ import annotations

import json
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from calculators.errors import CalcError
from calculators.notation import parse_chain
from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
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
        # {"path", "format", "absent", "zero", "labels", "text", "row_hidden", "reading", "when"}
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
        self.row_when: str | None = None  # the row's data-when: result paths that must hold for it to show
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
            self.row_hidden, self.row_reading, self.row_when = "hidden" in a, a.get("data-reading"), a.get("data-when")
        if tag == "dl" and "data-headline" in a and form is not None:
            form.headline = True
        if form is not None and "data-field" in a and a["data-field"] not in ("status", "error"):
            self.cell = {"path": a["data-field"], "format": a["data-format"], "absent": a["data-absent"],
                         "zero": a.get("data-zero"), "labels": json.loads(a["data-labels"]) if "data-labels" in a else None, "text": "",
                         "row_hidden": self.row_hidden, "reading": self.row_reading, "when": self.row_when}
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


_RENDERED: list[tuple[object, dict]] = []  # [(repo, {(lang, path): (markdown, ctx)})]: one rendering per process


@pytest.fixture(scope="module")
def pages(repo):
    """{(lang, path): (markdown, PageContext)} for every page of PAGES in en, fr and ja."""
    if not _RENDERED or _RENDERED[0][0] is not repo:
        _RENDERED[:] = [(repo, {(lang, path): render(repo, lang, path) for lang in ("en", "fr", "ja") for path in PAGES})]
    return _RENDERED[0][1]


def accepts(edition: str, text: str) -> bool:
    """Whether the chain notation `text` parses in `edition` (a CalcError is a refusal)."""
    try:
        parse_chain(text, edition)
    except CalcError:
        return False
    return True
