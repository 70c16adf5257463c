"""Field specifications for every entity kind, and the validation that walks them.

A spec checks one value and reports problems with the field path; specs nest (Obj, List).
The same specs generate the JSON Schema published with the open data.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .model import EDITIONS_ORDER, LANGUAGES
from .verification import VERDICTS
from .text import (find_refs, french_elision_problems, french_typography_problems, japanese_typography_problems,
                   text_problems)

SLUG = re.compile(r"^[0-9a-z][0-9a-z-]*$")
Report = Callable[[tuple, str], None]


class Spec:
    """Base class: `check` reports problems through `report(path, message)`."""

    def check(self, value: Any, path: tuple, report: Report, ctx: "Context") -> None:
        raise NotImplementedError

    def json_schema(self) -> dict:
        raise NotImplementedError


@dataclass
class Context:
    """Collects what validation learns besides problems: references and missing translations."""

    refs: list[tuple[tuple, str, str | None]] = field(default_factory=list)  # (path, target id, anchor)
    missing: list[tuple[tuple, str]] = field(default_factory=list)  # (path, language)


class Text(Spec):
    """A localized Markdown text: {en, fr, ja}, each a non-empty string.

    A missing French or Japanese text is a translation to do (`Context.missing`), unless `every_language`:
    then it is a problem like a missing English text (for short labels that a page cannot do without).
    """

    def __init__(self, every_language: bool = False):
        self.every_language = every_language

    def check(self, value, path, report, ctx):
        if not isinstance(value, dict):
            report(path, f"expected a map of texts {{en, fr, ja}}, got {_kind(value)}")
            return
        for lang in value:
            if lang not in LANGUAGES:
                report(path + (lang,), f"unknown language {lang!r} (allowed: {', '.join(LANGUAGES)})")
        for lang in LANGUAGES:
            text = value.get(lang)
            if text is None:
                if lang == "en" or self.every_language:
                    report(path + (lang,), "the English text is required" if lang == "en"
                           else f"the {lang} text is required")
                else:
                    ctx.missing.append((path + (lang,), lang))
                continue
            if not isinstance(text, str) or not text.strip():
                report(path + (lang,), f"expected non-empty text, got {_kind(text)}")
                continue
            for message in text_problems(text) + (french_typography_problems(text) if lang == "fr" else []) \
                    + (japanese_typography_problems(text) if lang == "ja" else []):
                report(path + (lang,), message)
            for elision in french_elision_problems(text) if lang == "fr" else []:
                report(path + (lang,), f"« {elision.written} » without its elision: French writes the short word "
                                       "with an apostrophe before a vowel (« d'un », « l'Esquive », « jusqu'à », « s'il »)")
            for ref in find_refs(text):
                ctx.refs.append((path + (lang,), ref.target, ref.anchor))

    def json_schema(self):
        lang = {"type": "string", "minLength": 1}
        return {"type": "object", "properties": {k: lang for k in LANGUAGES}, "required": list(LANGUAGES),
                "additionalProperties": False}


class Str(Spec):
    def __init__(self, pattern: re.Pattern | None = None, what: str = "text"):
        self.pattern, self.what = pattern, what

    def check(self, value, path, report, ctx):
        if not isinstance(value, str) or not value:
            report(path, f"expected {self.what}, got {_kind(value)}")
        elif self.pattern and not self.pattern.match(value):
            report(path, f"{value!r} is not a valid {self.what}")

    def json_schema(self):
        schema = {"type": "string", "minLength": 1}
        if self.pattern:
            schema["pattern"] = self.pattern.pattern
        return schema


class Int(Spec):
    def __init__(self, low: int | None = None, high: int | None = None):
        self.low, self.high = low, high

    def check(self, value, path, report, ctx):
        if not isinstance(value, int) or isinstance(value, bool):
            report(path, f"expected a whole number, got {_kind(value)}")
        elif (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            report(path, f"{value} is out of range ({self.low} to {self.high})")

    def json_schema(self):
        schema: dict = {"type": "integer"}
        if self.low is not None:
            schema["minimum"] = self.low
        if self.high is not None:
            schema["maximum"] = self.high
        return schema


class Bool(Spec):
    def check(self, value, path, report, ctx):
        if not isinstance(value, bool):
            report(path, f"expected true or false, got {_kind(value)}")

    def json_schema(self):
        return {"type": "boolean"}


class Enum(Spec):
    def __init__(self, *values: str):
        self.values = values

    def check(self, value, path, report, ctx):
        if value not in self.values:
            report(path, f"{value!r} is not one of: {', '.join(self.values)}")

    def json_schema(self):
        return {"enum": list(self.values)}


class OneOf(Spec):
    """The first spec whose check passes wins; otherwise report the description."""

    def __init__(self, *specs: Spec, what: str):
        self.specs, self.what = specs, what

    def check(self, value, path, report, ctx):
        for spec in self.specs:
            found: list = []
            spec.check(value, path, lambda p, m: found.append(m), Context())
            if not found:
                spec.check(value, path, report, ctx)
                return
        report(path, f"expected {self.what}, got {value!r}")

    def json_schema(self):
        return {"anyOf": [s.json_schema() for s in self.specs]}


class Ref(Spec):
    """An id of another entity, written `kind:slug` (or just `slug` when `bare`)."""

    def __init__(self, *kinds: str, bare: bool = False):
        self.kinds, self.bare = kinds, bare

    def check(self, value, path, report, ctx):
        if not isinstance(value, str):
            report(path, f"expected an id, got {_kind(value)}")
            return
        target = f"{self.kinds[0]}:{value}" if self.bare else value
        kind, _, slug = target.partition(":")
        if kind not in self.kinds or not SLUG.match(slug):
            allowed = " or ".join(f"{k}:<slug>" for k in self.kinds) if not self.bare else "a slug"
            report(path, f"{value!r} is not a valid id (expected {allowed})")
            return
        ctx.refs.append((path, target, None))

    def json_schema(self):
        if self.bare:
            return {"type": "string", "pattern": SLUG.pattern}
        return {"type": "string", "pattern": rf"^({'|'.join(self.kinds)}):[0-9a-z][0-9a-z-]*$"}


class List(Spec):
    def __init__(self, item: Spec, min_items: int = 0, unique_key: str | None = None):
        self.item, self.min_items, self.unique_key = item, min_items, unique_key

    def check(self, value, path, report, ctx):
        if not isinstance(value, list):
            report(path, f"expected a list, got {_kind(value)}")
            return
        if len(value) < self.min_items:
            report(path, f"expected at least {self.min_items} item(s)")
        seen: set = set()
        for i, item in enumerate(value):
            self.item.check(item, path + (i,), report, ctx)
            if self.unique_key and isinstance(item, dict):
                key = item.get(self.unique_key)
                if not isinstance(key, (str, int)):  # a list or map where a key belongs: reported by its spec
                    continue
                if key in seen:
                    report(path + (i, self.unique_key), f"duplicate {self.unique_key} {key!r}")
                seen.add(key)
            elif self.unique_key is None and isinstance(item, (str, int)):
                if item in seen:
                    report(path + (i,), f"duplicate entry {item!r}")
                seen.add(item)

    def json_schema(self):
        return {"type": "array", "items": self.item.json_schema(), "minItems": self.min_items}


class Obj(Spec):
    """A mapping with known fields; `required` and `optional` map field names to specs."""

    def __init__(self, required: dict[str, Spec], optional: dict[str, Spec] | None = None):
        self.required, self.optional = required, optional or {}

    def check(self, value, path, report, ctx):
        if not isinstance(value, dict):
            report(path, f"expected a mapping, got {_kind(value)}")
            return
        for name, spec in self.required.items():
            if name not in value:
                report(path + (name,) if path else (name,), "required field is missing")
            else:
                spec.check(value[name], path + (name,), report, ctx)
        for name, spec in self.optional.items():
            if name in value:
                spec.check(value[name], path + (name,), report, ctx)
        known = set(self.required) | set(self.optional)
        for name in value:
            if name not in known:
                report(path + (name,), f"unknown field (allowed: {', '.join(sorted(known))})")

    def json_schema(self):
        props = {k: s.json_schema() for k, s in {**self.required, **self.optional}.items()}
        return {"type": "object", "properties": props, "required": list(self.required),
                "additionalProperties": False}


class MapOf(Spec):
    """A mapping whose keys come from a fixed set and whose values share one spec."""

    def __init__(self, keys: tuple[str, ...], value: Spec):
        self.keys, self.value = keys, value

    def check(self, value, path, report, ctx):
        if not isinstance(value, dict):
            report(path, f"expected a mapping, got {_kind(value)}")
            return
        for key, item in value.items():
            if key not in self.keys:
                report(path + (key,), f"unknown key {key!r} (allowed: {', '.join(self.keys)})")
            else:
                self.value.check(item, path + (key,), report, ctx)

    def json_schema(self):
        return {"type": "object", "properties": {k: self.value.json_schema() for k in self.keys},
                "additionalProperties": False}


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


# --------------------------------------------------------------------------- shared pieces

KEY = Str(SLUG, "key (lower-case ASCII letters, digits and hyphens)")
EDITIONS = List(Ref("edition", bare=True), min_items=1)
CITATION = Obj(
    {"source": Ref("source", bare=True)},
    {"page": OneOf(Int(1, 999), Str(), what="a page number or label"), "note": Text()},
)
SOURCES = List(CITATION, min_items=1)
COMMON = {"editions": EDITIONS, "sources": SOURCES}
COMMON_OPTIONAL = {"review": List(Enum(*LANGUAGES[1:]))}
PAGE = OneOf(Int(1, 999), Str(), what="a page number or label")
# Where in a public source a statement was checked: a repository file (and the symbol or line in it), a
# web page (and its section), or a page of a printed document (and its section or question).
CHECK_AT = OneOf(
    Obj({"repo": Str(re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"), "repository (owner/name)"),
         "path": Str()},
        {"symbol": Str(), "line": Int(1, 1_000_000), "commit": Str(re.compile(r"^[0-9a-f]{7,40}$"), "commit")}),
    Obj({"url": Str(re.compile(r"^https?://[^\s<>\"]+$"), "http(s) URL (the address as read)")}, {"section": Str()}),
    Obj({"page": PAGE}, {"section": Str()}),
    what="a place in a source: {repo, path[, symbol | line, commit]}, {url[, section]} or {page[, section]}",
)
CHECK = Obj(
    {"of": Str(re.compile(r"^[a-z_]+(\.[0-9a-z][0-9a-z-]*)?$"), "statement name (summary, steps.3a, …)"),
     "edition": Ref("edition", bare=True), "verdict": Enum(*VERDICTS), "source": Ref("source", bare=True)},
    {"at": CHECK_AT, "note": Text(), "claims": List(KEY, min_items=1)},
)
# A statement that makes several claims lists them: each a short key, which a record names to say it covers
# that claim, and a label in every language, which the pages show for a claim left unconfirmed.
CLAIM = Obj({"key": KEY, "label": Text(every_language=True)})
CLAIMS = Obj({"of": CHECK.required["of"], "keys": List(CLAIM, min_items=2)})
CHECKED = {"checked": List(CHECK), "claims": List(CLAIMS)}
ROLL_VALUE = OneOf(Int(1, 99), List(Int(1, 99), min_items=2), what="a roll (a number or [low, high])")


class SelfRef(Spec):
    """A spec that refers to a named, recursive spec (sequence steps hold sub-steps)."""

    def __init__(self, name: str):
        self.name, self.spec = name, None

    def check(self, value, path, report, ctx):
        self.spec.check(value, path, report, ctx)

    def json_schema(self):
        return {"$ref": f"#/$defs/{self.name}"}


def _step() -> Obj:
    inner = SelfRef("step")
    # `title`: a few words a reader scans for on a phone ("Roll the block dice"), shown before the text and
    # in the page's jump-to-step bar; the text stays the rule.
    step = Obj({"key": KEY, "text": Text()}, {"title": Text(), "steps": List(inner), "sources": SOURCES})
    inner.spec = step
    return step


STEP = _step()


NOTE = Obj({"key": KEY, "text": Text()}, {"sources": SOURCES})

COVERAGE_KINDS = ("skill", "trait", "star-rule", "action", "phase", "table", "official-question")
# The entry a coverage item expects, written as an id but not resolved as a reference: a pending item's
# entry does not exist yet (plugins/data/coverage.py checks its prefix against the item's kind).
ENTRY_ID = Str(re.compile(r"^[a-z][a-z-]*:[0-9a-z][0-9a-z-]*$"), "entry id (kind:slug)")
EXISTS_IN = Obj({"source": Ref("source", bare=True), "at": CHECK_AT},
                {"page": PAGE, "number": Int(1, 9999)})
COVERAGE_ITEM = Obj(
    {"key": KEY, "kind": Enum(*COVERAGE_KINDS), "entry": ENTRY_ID,
     "label": OneOf(Text(), Str(), what="a name as the source spells it, or {en, fr, ja}"),
     "exists_in": List(EXISTS_IN, min_items=1)},
    {"pending": Bool(), "out_of_scope": Text(), "topic": Text(), "stars": List(Str(), min_items=1)},
)

KIND_SPECS: dict[str, Obj] = {
    "edition": Obj({"name": Text(), "short": Text(), "year": Int(1980, 2100), "summary": Text()},
                   {"grouped_with": Ref("edition", bare=True)}),
    "source": Obj(
        {
            "title": Text(),
            "kind": Enum("rulebook", "errata", "designers-commentary", "tournament-rules", "engine",
                         "video-game", "community"),
            "publisher": Str(),
            "editions": EDITIONS,
            "weight": Text(),
            "cite_as": Text(),
        },
        {"date": Str(re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$"), "date (YYYY, YYYY-MM or YYYY-MM-DD)"),
         "url": Str(re.compile(r"^https?://[^\s<>\"]+$"), "http(s) URL (the address as read)")},
    ),
    "skill": Obj(
        {
            "name": Text(),
            "category": Enum("general", "agility", "passing", "strength", "mutation", "devious", "trait",
                             "extraordinary"),
            "active": Bool(),
            "mandatory": Bool(),
            "summary": Text(),
            **COMMON,
        },
        {"edition_notes": MapOf(EDITIONS_ORDER, Text()), "auto_use": Text(),
         "see_also": List(Ref("skill", "term", "sequence", "table", "ruling")), **CHECKED, **COMMON_OPTIONAL},
    ),
    # A star player's special rule (BB2020, BB2025): who has it and what it does, told like a skill.
    "star-rule": Obj(
        {"name": Text(), "stars": List(Str(what="a star player's name, as printed"), min_items=1),
         "summary": Text(), **COMMON},
        {"edition_notes": MapOf(EDITIONS_ORDER, Text()),
         "see_also": List(Ref("skill", "term", "sequence", "table", "ruling", "roll", "star-rule")),
         "calculators": List(Enum("block", "armour", "foul", "chain", "casualty")),
         **CHECKED, **COMMON_OPTIONAL},
    ),
    "ruling": Obj(
        {
            "about": List(Ref("skill", "sequence", "table", "term", "roll", "star-rule"), min_items=1),
            "question": Text(),
            "status": Enum("settled", "disputed", "engine-choice"),
            "positions": List(
                Obj({"body": Enum("rulebook", "designers-commentary", "naf", "fumbbl", "jervis", "cyanide",
                                  "community"),
                     "says": Text(), "sources": SOURCES},
                    {"reading": KEY, "editions": EDITIONS}),
                min_items=1, unique_key="body",
            ),
            "recommendation": Text(),
            **COMMON,
        },
        {**CHECKED, **COMMON_OPTIONAL},
    ),
    "sequence": Obj(
        {"title": Text(), "summary": Text(), "steps": List(STEP, min_items=1), **COMMON},
        {"notes": List(NOTE, unique_key="key"), "calculators": List(Enum("kick", "pass", "range")), **CHECKED,
         **COMMON_OPTIONAL},
    ),
    "table": Obj(
        {
            "title": Text(),
            "summary": Text(),
            "rows": List(
                Obj({"key": KEY, "name": Text()},
                    {"roll": ROLL_VALUE, "effect": Text(), "outcome": KEY}),
                min_items=1, unique_key="key",
            ),
            **COMMON,
        },
        # without `dice` the table is a list (inducements, SPP): its rows take no `roll` (checks.py);
        # `skills`: the player's skills for which this table replaces the edition's plain one (injury variants:
        # Stunty, Thick Skull, both); the calculators pick the table whose set matches the player's exactly
        {"dice": Enum("d3", "d6", "d8", "2d6", "d16", "d68"),
         "notes": List(NOTE, unique_key="key"), "skills": List(Ref("skill", bare=True), min_items=1),
         # `modifiers`: what the calculators add to the roll (`per: niggling`, once per Niggling Injury; `skill`,
         # when the player has it): the casualty table's Niggling Injury and Decay
         "modifiers": List(Obj({"key": KEY, "value": Int(-5, 5)},
                               {"per": Enum("niggling"), "skill": Ref("skill", bare=True)}), unique_key="key"),
         # `draws`: how a table rolled several times is rolled (Prayers to Nuffle): a result already had rolled
         # again or kept, the count per full `per_value_difference` gp of team value difference, at most `most`,
         # and `exhibition_faces` (the first rows, rolled on a smaller die in exhibition play)
         "draws": Obj({"duplicates": Enum("reroll", "stand")},
                      {"per_value_difference": Int(1, 1_000_000), "most": Int(1, 16), "exhibition_faces": Int(1, 16)}),
         "calculators": List(Enum("prayers")),
         **CHECKED, **COMMON_OPTIONAL},
    ),
    "target": Obj(
        {
            "title": Text(),
            "characteristic": Enum("ma", "st", "ag", "pa", "av"),
            "rows": List(Obj({"value": Int(1, 11), "target": Int(1, 12)}, {"or_more": Bool()}),
                         min_items=1, unique_key="value"),
            **COMMON,
        },
        {"summary": Text(), **CHECKED, **COMMON_OPTIONAL},
    ),
    "roll": Obj(
        {
            "name": Text(),
            "summary": Text(),
            "natural_one": Enum("fail", "fumble"),
            "natural_six": Enum("success"),
            "modifiers": List(
                Obj({"key": KEY, "value": Int(-10, 10), "label": Text()},
                    {"group": KEY, "per": Enum("tackle_zones"), "skill": Ref("skill", bare=True),
                     "only": List(KEY), "cancels": List(KEY), "eases": List(KEY)}),
                unique_key="key",
            ),
            **COMMON,
        },
        {"target": Ref("target", bare=True), "characteristic": Enum("ag", "pa"), "target_number": Int(2, 6),
         "no_reroll": Bool(), "before_casualty_roll": Bool(), "order": Int(1, 99), "fumble_at_or_below": Int(0, 6), "notes": OneOf(Text(), List(NOTE, unique_key="key"),
                                                            what="a text or a list of notes"),
         **CHECKED, **COMMON_OPTIONAL},
    ),
    "term": Obj(
        {"name": Text(), "definition": Text(), **COMMON},
        {"edition_notes": MapOf(EDITIONS_ORDER, Text()), "see_also": List(Ref("skill", "term", "sequence", "table")),
         "template": Enum("direction", "throw-in"), "calculators": List(Enum("throw-in")),
         **CHECKED, **COMMON_OPTIONAL},
    ),
    # One game option of a rules engine (FUMBBL's FFB): what it switches, and either the ruling that shows
    # that reading or why it is not a rules question (exactly one of `ruling` and `not_rules`, see checks.py).
    "engine-option": Obj(
        {
            "engine": Ref("source", bare=True),
            "option": Str(re.compile(r"^[A-Za-z][A-Za-z0-9]*$"), "option id (as the engine spells it)"),
            "default": Str(what="the default value, as the engine writes it"),
            "switches": Text(),
            **COMMON,
        },
        {"ruling": Ref("ruling"), "not_rules": Text(), **CHECKED, **COMMON_OPTIONAL},
    ),
    "comparison": Obj(
        {
            "title": Text(),
            "summary": Text(),
            "entities": MapOf(EDITIONS_ORDER, Ref("sequence", "table", "target", "skill", "term")),
            "rows": List(Obj({"key": KEY, "aspect": Text(), "cells": MapOf(EDITIONS_ORDER, Text())}),
                         min_items=1, unique_key="key"),
            **COMMON,
        },
        dict(COMMON_OPTIONAL),
    ),
    # Long page text that is not about one rule (data/pages/<slug>.yml), e.g. the chain calculator's notation
    # manual: blocks in order, each a paragraph or a list item (`item`), or the place of a table the renderer
    # writes from the code (`insert`). A {name} in a text is filled by the renderer (render/chainhelp.py).
    "page": Obj(
        {"title": Text(),
         "blocks": List(Obj({"key": KEY}, {"text": Text(), "item": Bool(), "insert": Enum("letters")}),
                        min_items=1, unique_key="key")},
        {},
    ),
    # What a complete reference holds for one edition (data/coverage/<edition>.yml): each item names the entry
    # expected for it and the public source that proves it exists; plugins/data/coverage.py checks the rest.
    "coverage": Obj(
        {"title": Text(), "summary": Text(), "items": List(COVERAGE_ITEM, min_items=1, unique_key="key"), **COMMON},
        dict(COMMON_OPTIONAL),
    ),
}


def validate_entity(kind: str, data: Any, report: Report, ctx: Context) -> None:
    """Check one entity's content against the spec of its kind."""
    KIND_SPECS[kind].check(data, (), report, ctx)
