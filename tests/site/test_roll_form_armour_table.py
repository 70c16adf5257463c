"""Issue 23: the roll form's armour and foul boxes come from the chain's own tables (calculators.chain.kinds:
ARMOUR_FIELD_EDITIONS, ARMOUR_FIELD_CLASHES), so the form offers exactly the marks the chain resolver accepts in each
edition, and never lets a coach tick a pair the resolver refuses (Mighty Blow with a Chainsaw before BB2025, a Stab
with Mighty Blow, …): of such a pair one box is not offered while the other is ticked (its ``needs``, which
roll-form.js reads).  Each pair is checked against the resolver itself, edition by edition."""
from __future__ import annotations

from itertools import combinations

import pytest

from calculators.api import handle
from calculators.chain import ARMOUR_FIELD_CLASHES
from calculators.notation.marks import ARMOUR_MARKS
from plugins.site.messages import Messages
from plugins.site.render.context import BackLinks, PageContext
from plugins.site.render.rollform import armour_marks

EDITIONS = ("classic", "bb2016", "bb2020", "bb2025")
BEFORE = {"armour": "B2,A9", "foul": "F9"}


def _accepted(kind: str, marks: str, edition: str) -> bool:
    order = list(ARMOUR_MARKS[kind])
    written = "".join(sorted(marks, key=order.index))
    return handle({"kind": "chain", "chain": BEFORE[kind] + written, "edition": edition})["ok"]


@pytest.fixture(scope="module")
def ctx(repo):
    return PageContext(repo, "fr", Messages("fr"), "index.md", BackLinks())


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("kind", ["armour", "foul"])
def test_the_form_offers_exactly_the_marks_the_chain_accepts(ctx, kind, edition):
    offered = {box["mark"] for box in armour_marks(ctx, edition, kind)}
    assert offered == {m for m in ARMOUR_MARKS[kind] if _accepted(kind, m, edition)}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("kind", ["armour", "foul"])
def test_no_pair_the_chain_refuses_can_be_ticked(ctx, kind, edition):
    boxes = {box["mark"]: box for box in armour_marks(ctx, edition, kind)}
    for a, b in combinations(boxes, 2):
        refused = not _accepted(kind, a + b, edition)
        stopped = f"!{kind}:{b}" in boxes[a]["needs"] or f"!{kind}:{a}" in boxes[b]["needs"]
        assert refused == stopped, (edition, kind, a, b, "refused" if refused else "accepted")


def test_mighty_blow_and_a_chainsaw_clash_before_bb2025_only(ctx):
    assert ARMOUR_FIELD_CLASHES[("mighty_blow", "chainsaw")] == ("classic", "bb2020")
    for edition, stopped in (("classic", True), ("bb2020", True), ("bb2025", False)):
        mighty = next(box for box in armour_marks(ctx, edition, "armour") if box["mark"] == "m")
        assert ("!armour:w" in mighty["needs"]) is stopped
