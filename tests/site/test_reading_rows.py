"""Issue 26, item 1: a calculator result names the reading of a disputed rule it used only when that reading
changed the number.

For every calculator page with a reading row (`[data-reading]`: the Loner and Savage Blow readings of the chain,
the classic Claws reading of the armour page, the BB2025 pass readings of the Pass action and of the rolls pages;
the other editions' Pass, rolls and Agility pages, whose answers name none),
in every edition its form offers, and for a sample of requests (the build's own answers one change away from the
form as built, requests drawn at random from the resolver's fields, and sequences typed for the chain), the row
is shown, as result.mjs shows it (present in the answer and every `data-when` path true), exactly when the same
request with another choice of that reading, brute-forced over the choices, gives another value to some chance
the result shows. Each reading is seen both shown and hidden, so the test cannot pass by never showing one.
"""
from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest
from calc_pages import forms_of, render

from calculators.api import handle
from plugins.site.render.answers import field_values
from plugins.site.render.calculator import holds, value_at

# page -> the readings it must be seen showing (and hiding) over the sample
READING_PAGES = {
    "calculators/chain.md": {"reading", "savage_blow_reading"},
    "calculators/armour.md": {"claws_reading"},
    "sequences/pass-action-bb2025.md": {"pass_reading", "below_one_reading"},
    "rolls/bb2025.md": {"pass_reading", "below_one_reading"},
    # the same rows on the other editions' pages: their answers name no reading, so the rows never show
    "sequences/pass-action-classic.md": set(),
    "sequences/pass-action-bb2020.md": set(),
    "rolls/bb2020.md": set(),
    "targets/agility-classic.md": set(),
}
# typed sequences for the chain (a text field: not drawn at random); a Loner player with 0 to 3 team re-rolls,
# Savage Blow on a Blitz's block (j) and on a Block action
CHAINS = ["R2,R2,D3,B2;tr=1", "[loner=4]R2,R2,D3,B2;tr=0", "[loner=4]R2,R2,D3,B2;tr=1", "[loner=4]R2,R2,D3,B2;tr=2",
          "[loner=4]D3,D3,D4;tr=3", "[savageblow]B2j", "[savageblow]B2", "[savageblow]R2,B2",
          "[loner=4,savageblow]D3,B2j;tr=2", "[loner=3]D2,P3;tr=2"]
RANDOM_REQUESTS = 60  # per switch value of a form


def _specs(kind: str, given: dict, rulebook) -> dict[str, dict]:
    described = handle({"kind": "form", "for": kind, **given}, rulebook)
    assert described["ok"], described
    return {f["name"]: f for f in described["result"]["fields"]}


def _sample(form, rulebook, rng: random.Random) -> list[dict]:
    """The requests the test tries for `form`: the build's answers' requests, random ones, typed chains."""
    requests = [json.loads(key) for key in json.loads(form.attrs["data-answers"])]
    base = form.request()
    fixed = {f["name"]: form.value_of(f) for f in form.fields if f["hidden"]}
    switch_values = [None] if not form.switch else [v for v, _ in form.field(form.switch)["inputs"][0]["options"]]
    for value in switch_values:
        given = {**fixed, **({form.switch: value} if form.switch else {})}
        specs = _specs(form.kind, given, rulebook)
        for _ in range(RANDOM_REQUESTS):
            request = {"kind": form.kind, **given}
            for name, spec in specs.items():
                if name in given or name == form.switch:
                    continue
                values = field_values(spec, None)
                if values is None:  # a typed field: the form's own value
                    if name in base:
                        request[name] = base[name]
                    continue
                pick = rng.choice(values)
                if pick is not None:
                    request[name] = pick
            requests.append(request)
    if form.kind == "chain":
        editions = [v for v, _ in form.field("edition")["inputs"][0]["options"]]
        requests += [{"kind": "chain", "chain": c, "edition": e, **({"reading": r} if e == "bb2025" else {})}
                     for c in CHAINS for e in editions for r in ("rulebook", "designers-commentary")]
        requests += [{"kind": "chain", "chain": c, "edition": e, "savage_blow_reading": "fumbbl"}
                     for c in CHAINS for e in editions if e != "classic"]
    return requests


def _shown(cell: dict, result: dict) -> bool:
    """Whether result.mjs shows the row of `cell` for `result` (ResultView.fill and rowApplies)."""
    try:
        value_at(result, cell["path"])
    except KeyError:
        if cell["absent"] == "hide":
            return False
    return all(holds(result, path) for path in (cell["when"] or "").split())


def _chances(form, result: dict) -> list:
    """The chances the result shows: every probability cell's value (None where the answer has none)."""
    out = []
    for cell in form.results:
        if cell["format"] == "probability":
            try:
                out.append(value_at(result, cell["path"])["exact"])
            except KeyError:
                out.append(None)
    return out


@pytest.mark.parametrize("path", sorted(READING_PAGES))
def test_a_reading_is_shown_exactly_when_another_choice_of_it_changes_a_chance_shown(repo, rulebook, path):
    markdown, _ = render(repo, "fr", path)
    rng = random.Random(26)
    seen: dict[str, set[bool]] = defaultdict(set)
    for form in forms_of(markdown):
        cells = [c for c in form.results if c["reading"]]
        if not cells:
            continue
        for request in _sample(form, rulebook, rng):
            answer = handle(request, rulebook)
            if not answer["ok"]:
                continue
            result = answer["result"]
            mine = _chances(form, result)
            for cell in cells:
                field = cell["reading"]
                used = result.get(field)
                shown = _shown(cell, result)
                if used is None:
                    assert not shown, (request, cell)
                    continue
                choices = _specs(form.kind, {k: v for k, v in request.items() if k != "kind"}, rulebook)[field]["choices"]
                others = [handle({**request, field: c}, rulebook) for c in choices if c != used]
                differs = any(o["ok"] and _chances(form, o["result"]) != mine for o in others)
                assert shown == differs, (path, request, field, shown, differs)
                seen[field].add(shown)
    for field in READING_PAGES[path]:
        assert seen[field] == {True, False}, (path, field, seen[field])
    assert set(seen) <= READING_PAGES[path], (path, seen)  # no other page's answers name a reading
