"""Issue 23: the chain page's roll form can add every step the notation can write, in each edition.

What the notation accepts is derived from its grammar's tables (:mod:`calculators.notation.marks`: LETTERS,
SKILL_MARKS, STAR_FLAGS, SKILL_FLAGS, BREAK_TACKLE_MARK, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, ARMOUR_MARKS,
VALUED_MARKS, INJURY_NEEDS_LETTERS, INJURY_MARKS, ROLL_MARKS), each item kept for an edition when the chain
resolver accepts a small sequence using it in that edition. What the form offers is read from the JSON that
:func:`plugins.site.render.rollform.roll_form` renders (its ``data-builder``). An item the form deliberately leaves
to the notation is in :data:`plugins.site.render.rollform.NOTATION_ONLY`, with its reason."""
from __future__ import annotations

import html
import json
import re

import pytest

from calculators.api import handle
from calculators.editions import EDITIONS
from calculators.notation import marks as grammar
from calculators.rerolls import BREAK_TACKLE_BONUSES
from plugins.site.messages import Messages
from plugins.site.render.context import BackLinks, PageContext, rule_book
from plugins.site.render.rollform import NOTATION_ONLY, roll_form

#: contexts a letter's step may need to be read (an armour roll after a block, Argue the Call after a foul)
_BEFORE = ("", "B2,", "F9,", "T4,")


def _accepted(chain: str, edition: str, rulebook) -> bool:
    answer = handle({"kind": "chain", "chain": chain, "edition": edition, "max_team_rerolls": 1}, rulebook)
    return "error" not in answer and answer.get("result") is not None


def _letter_samples(letter: str) -> list[str]:
    if letter == "J":
        return [f"{b}JK" for b in ("", "B2,A9,")]
    if letter == "U":
        return ["U4{B2|B1}", "U4{B3|B-2}"]
    if letter in ("B", "F"):
        return [f"{letter}2" if letter == "B" else "F9"]
    if letter == "A":
        return ["B2,A9", "A9"]
    return [f"{b}{letter}{face}" for b in _BEFORE for face in (2, 4, 6)]


def notation_items(edition: str, rulebook) -> set[str]:
    """Every letter, mark and flag the notation accepts in `edition`, as ``"kind:item"`` strings: ``letter:D``,
    ``skill-mark:D:d``, ``flag:steady``, ``break-tackle:b2``, ``block-attacker:t``, ``block-defender:w``,
    ``armour:A:c``, ``valued:A:m2``, ``injury-need:K``, ``injury-mark:s``, ``roll-mark:D:^``."""
    ok = lambda chains: any(_accepted(c, edition, rulebook) for c in chains)  # noqa: E731
    items = set()
    letter_of = {kind: letter for letter, kind in grammar.LETTERS.items()}
    for letter in grammar.LETTERS:
        if ok(_letter_samples(letter)):
            items.add(f"letter:{letter}")
    for kind, mark in grammar.SKILL_MARKS.items():
        letter = letter_of[kind]
        if ok([f"{b}{letter}{face}{mark}" for b in _BEFORE for face in (2, 4, 6)]):
            items.add(f"skill-mark:{letter}:{mark}")
    for flag in (*grammar.STAR_FLAGS, *grammar.SKILL_FLAGS):
        if ok([f"[{flag}]D4", f"[{flag}]B2", f"[{flag}]T4"]):
            items.add(f"flag:{flag}")
    for bonus in range(1, 4):
        if ok([f"D4{grammar.BREAK_TACKLE_MARK}{bonus}"]):
            items.add(f"break-tackle:b{bonus}")
    for mark in grammar.BLOCK_ATTACKER_MARKS:
        if ok([f"B2{mark}", f"B2{mark}:d", f"B2b{mark}" if mark != "b" else "B2b"]):
            items.add(f"block-attacker:{mark}")
    for mark in grammar.BLOCK_DEFENDER_MARKS:
        if ok([f"B2:{mark}"]):
            items.add(f"block-defender:{mark}")
    for kind, table in grammar.ARMOUR_MARKS.items():
        letter = letter_of[kind]
        step = "B2,A9" if letter == "A" else "F9"
        for mark in table:
            if ok([f"{step}{mark}"]):
                items.add(f"armour:{letter}:{mark}")
            if mark in grammar.VALUED_MARKS and ok([f"{step}{mark}2"]):
                items.add(f"valued:{letter}:{mark}2")
    for need in grammar.INJURY_NEEDS_LETTERS:
        if ok([f"J{need}", f"B2,A9,J{need}"]):
            items.add(f"injury-need:{need}")
    for mark in grammar.INJURY_MARKS:
        if ok([f"JK{mark}", f"B2,A9,JK{mark}"]):
            items.add(f"injury-mark:{mark}")
    for letter in grammar.LETTERS:
        for mark in grammar.ROLL_MARKS:
            if ok([s + mark for s in _letter_samples(letter)]):
                items.add(f"roll-mark:{letter}:{mark}")
    return items


def form_items(data: dict, edition: str) -> set[str]:
    """What the form's JSON offers in `edition`, as the same ``"kind:item"`` strings as :func:`notation_items`."""
    items = set()
    for roll in data["rolls"][edition]:
        letter = roll["letter"]
        items.add(f"letter:{letter}")
        if roll.get("mark"):
            items.add(f"skill-mark:{letter}:{roll['mark']}")
        if roll.get("suffix") == "!":
            items.add(f"roll-mark:{letter}:!")
        for mark in roll.get("more_marks") or []:
            items.add(f"roll-mark:{letter}:{mark['mark']}")
        for field in roll.get("more_fields") or []:
            items.update(f"break-tackle:{o['value']}" for o in field["options"] if o["value"])
        for field in roll.get("fields") or []:
            if letter in ("A", "F"):
                items.update(f"valued:{letter}:{o['value']}" for o in field["options"]
                             if field["name"] in grammar.VALUED_MARKS and o["value"])
            if field["name"] == "reroll":
                items.update(f"roll-mark:{letter}:{o['value']}" for o in field["options"] if o["value"])
            if letter == "J" and field["name"] == "need":
                items.update(f"injury-need:{o['value']}" for o in field["options"])
        for mark in roll.get("marks") or []:
            if not mark["mark"]:
                continue  # the Blitz box writes nothing
            if roll.get("kind") == "block":
                items.add(f"block-{mark['side']}:{mark['mark']}")
            elif letter in ("A", "F"):
                items.add(f"armour:{letter}:{mark['mark']}")
            elif letter == "J":
                items.add(f"injury-mark:{mark['mark']}")
            else:
                items.add(f"skill-mark:{letter}:{mark['mark']}")
    items.update(f"flag:{flag}" for flag, _ in data["stars"][edition])
    items.update(f"flag:{flag}" for flag, _ in (data.get("skill_flags") or {}).get(edition, []))
    return items


@pytest.fixture(scope="module")
def form_data(repo):
    ctx = PageContext(repo, "en", Messages("en"), "calculators/chain.md", BackLinks.build(repo))
    built = roll_form(ctx, rule_book(repo), list(EDITIONS))
    return json.loads(html.unescape(re.search(r'data-builder="([^"]*)"', built).group(1)))


def test_the_deliberate_exceptions_are_few_and_explained():
    for edition, items in NOTATION_ONLY.items():
        assert edition in EDITIONS or edition == "*", edition
        for item, reason in items.items():
            assert re.fullmatch(r"[a-z-]+:\S+", item) and len(reason) > 30, (item, reason)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_form_offers_every_letter_mark_and_flag_of_the_notation(edition, form_data, rulebook):
    accepted = notation_items(edition, rulebook)
    assert {"letter:D", "letter:B", "armour:A:m"} <= accepted  # the probe itself reads the notation
    left = set(NOTATION_ONLY.get("*", {})) | set(NOTATION_ONLY.get(edition, {}))
    missing = sorted(accepted - form_items(form_data, edition) - left)
    assert missing == [], f"{edition}: the form cannot write {missing}"
    # an exception names something the notation does accept in this edition, and the form does not offer
    offered = form_items(form_data, edition)
    stale = sorted(item for item in left if item not in accepted or item in offered)
    assert stale == [], stale
