"""The apothecary on a KO'd result in the ``armour`` request (issue 19 item 5): a Knocked Down player who is
Knocked-out and patched up stays in its square, Stunned, in every edition (``calculators.injury.APOTHECARY_KO``).

The oracle rolls every die: the armour 2D6 and the injury 2D6 (36 x 36 results), reading the injury bands from the
YAML files (``data/tables/injury-*.yml`` and the Stunty and Thick Skull variants), then moves a KO to Stunned.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from pathlib import Path

import pytest

from calculators.api import handle
from yaml_files import read_yaml

DATA = Path(__file__).resolve().parents[2] / "data"
PAIRS = list(itertools.product(range(1, 7), repeat=2))


def _table(edition: str, stunty: bool, thick_skull: bool) -> list[dict]:
    name = "-".join(["injury", *(["stunty"] if stunty else []), *(["thick-skull"] if thick_skull else []), edition])
    return read_yaml(DATA / "tables" / f"{name}.yml")["rows"]


def _outcome(rows: list[dict], total: int) -> str:
    for row in rows:
        low, high = (row["roll"], row["roll"]) if isinstance(row["roll"], int) else row["roll"]
        if low <= total <= high:
            return row["outcome"].replace("-", "_")
    raise AssertionError(total)


def _oracle(edition: str, av: int, stunty: bool, thick_skull: bool, apothecary: bool) -> dict[str, F]:
    rows = _table(edition, stunty, thick_skull)
    out = {k: F(0) for k in ("no_break", "stunned", "ko", "badly_hurt", "casualty")}
    one = F(1, 36 * 36)
    for armour, injury in itertools.product(PAIRS, PAIRS):
        broken = sum(armour) > av if edition == "classic" else sum(armour) >= av
        outcome = _outcome(rows, sum(injury)) if broken else "no_break"
        if apothecary and outcome == "ko":  # patched up: stays in its square, Stunned (BBBase, FFB, botbowl)
            outcome = "stunned"
        out[outcome] += one
    return out


@pytest.mark.parametrize("edition, av", [("classic", 7), ("classic", 9), ("bb2020", 8), ("bb2020", 10),
                                         ("bb2025", 9)])
@pytest.mark.parametrize("stunty, thick_skull", [(False, False), (True, False), (False, True), (True, True)])
def test_every_die_with_the_apothecary(rulebook, edition, av, stunty, thick_skull):
    request = {"kind": "armour", "edition": edition, "av": av, "stunty": stunty, "thick_skull": thick_skull,
               "apothecary": True}
    got = handle(request, rulebook)["result"]
    before = {k: F(v["exact"]) for k, v in got["outcomes"].items()}
    after = {k: F(v["exact"]) for k, v in got["apothecary"]["outcomes"].items()}
    assert before == _oracle(edition, av, stunty, thick_skull, apothecary=False)
    assert after == _oracle(edition, av, stunty, thick_skull, apothecary=True)
    assert F(got["apothecary"]["patched_ko"]["exact"]) == before["ko"] > 0
    assert sum(after.values()) == 1 and after["ko"] == 0


def test_hand_counted_classic_av_8():
    # armour beats 8 on 9-12: 10/36; KO on an injury of 8-9: 9/36; patched up, those 90/1296 = 5/72 are Stunned
    got = handle({"kind": "armour", "av": 8, "apothecary": True})["result"]
    assert got["apothecary"]["patched_ko"]["exact"] == "5/72"
    assert F(got["apothecary"]["outcomes"]["stunned"]["exact"]) == F(10, 36) * F(21 + 9, 36)


def test_without_the_apothecary_nothing_changes():
    plain = handle({"kind": "armour", "edition": "bb2020", "av": 9}, None)["result"]
    assert "apothecary" not in plain
    assert handle({"kind": "armour", "edition": "bb2020", "av": 9, "apothecary": False}, None)["result"] == plain


def test_a_non_boolean_is_refused_by_name():
    error = handle({"kind": "armour", "av": 8, "apothecary": "yes"}, None)["error"]
    assert (error["field"], error["details"]["reason"]) == ("apothecary", "bool")
