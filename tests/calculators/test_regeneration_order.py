"""BB2025 Regeneration in FUMBBL's order (issue 19 item 5): FFB's BB2025 apothecary step rolls Regeneration on the
casualty the casualty roll gave, then offers the apothecary if it failed; the rulebook (the data's
``before_casualty_roll``) rolls it before the casualty roll. The casualty answer names both orders
(``after.regeneration_order``), and this oracle, rolling every die in FUMBBL's order (the casualty D16, the
Regeneration D6, the apothecary's second D16), finds the same chances as the answer computed in the data's order.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from pathlib import Path

import pytest

from calculators.api import handle
from yaml_files import read_yaml

DATA = Path(__file__).resolve().parents[2] / "data"


def _row(rows: list[dict], face: int) -> dict:
    return next(r for r in rows if (r["roll"] == face if isinstance(r["roll"], int) else r["roll"][0] <= face <= r["roll"][1]))


def _fumbbl_order(apothecary: bool) -> dict:
    """Every die in FUMBBL's order: {"reserves", "regenerated", "rows": {key: P standing}}."""
    rows = read_yaml(DATA / "tables" / "casualty-bb2025.yml")["rows"]
    target = read_yaml(DATA / "rolls" / "regeneration-bb2025.yml")["target_number"]
    seconds = range(1, 17) if apothecary else [None]
    w = F(1, 16 * 6 * len(seconds))
    out = {"reserves": F(0), "regenerated": F(0), "rows": {}}
    for first, regen, second in itertools.product(range(1, 17), range(1, 7), seconds):
        if regen >= target:  # Regeneration, on the casualty rolled: the Reserves box, the apothecary kept
            out["reserves"] += w
            out["regenerated"] += w
            continue
        row = _row(rows, first)
        if second is not None:  # the apothecary: the lower (less severe) of two rows
            other = _row(rows, second)
            row = min(row, other, key=rows.index)
            if row["outcome"] == "badly-hurt":
                out["reserves"] += w
                continue
        out["rows"][row["key"]] = out["rows"].get(row["key"], F(0)) + w
    return out


@pytest.mark.parametrize("apothecary", [False, True])
def test_fumbbls_order_gives_the_same_chances(rulebook, apothecary):
    got = handle({"kind": "casualty", "edition": "bb2025", "regeneration": True, "apothecary": apothecary},
                 rulebook)["result"]["after"]
    want = _fumbbl_order(apothecary)
    assert got["regeneration_order"] == {"rulebook": "before-casualty-roll", "fumbbl": "after-casualty-roll"}
    assert (F(got["reserves"]["exact"]), F(got["regenerated"]["exact"])) == (want["reserves"], want["regenerated"])
    assert {r["key"]: F(r["p"]["exact"]) for r in got["rows"] if F(r["p"]["exact"])} == want["rows"]


@pytest.mark.parametrize("edition", ["classic", "bb2020"])
def test_no_second_order_where_the_sources_agree(rulebook, edition):
    after = handle({"kind": "casualty", "edition": edition, "regeneration": True}, rulebook)["result"]["after"]
    assert "regeneration_order" not in after
    assert "regeneration_order" not in handle({"kind": "casualty", "edition": "bb2025", "apothecary": True},
                                              rulebook)["result"]["after"]
