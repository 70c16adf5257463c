"""Prayers to Nuffle (issue 19 item 5): the ``prayers`` request kind against oracles that roll every die.

The oracles read the YAML files (``data/tables/prayers-to-nuffle-*.yml``: rows and ``draws``) and follow each
prayer over every face of the die: a face the team already has is rolled again (``duplicates: reroll``, its
restart solved as the geometric series it is) or spent (``stand``). A second oracle walks every sequence of a
few dice, as a coach rolls them, and brackets the exact answer between what the finished sequences give and that
plus the sequences still re-rolling. The calculator counts instead (a hypergeometric law), so the two are
independent.
"""

from __future__ import annotations

import copy
import itertools
from fractions import Fraction as F
from functools import lru_cache
from pathlib import Path

import pytest

from calculators.api import handle
from yaml_files import read_yaml

DATA = Path(__file__).resolve().parents[2] / "data"
EDITIONS = ("bb2020", "bb2025")


def _raw(edition: str) -> dict:
    return read_yaml(DATA / "tables" / f"prayers-to-nuffle-{edition}.yml")


def _faces(raw: dict, exhibition: bool) -> list[tuple[int, str]]:
    """(face, row key) of every face the die shows, read from the YAML (exhibition: the first rows only)."""
    rows = raw["rows"][:raw["draws"]["exhibition_faces"]] if exhibition else raw["rows"]
    return [(r["roll"], r["key"]) for r in rows]


def _oracle(raw: dict, prayers: int, already: frozenset, exhibition: bool = False,
            duplicates: str | None = None) -> dict[frozenset, F]:
    """{set of new results: chance} after ``prayers`` rolls, every face of the die followed on each roll."""
    faces = _faces(raw, exhibition)
    rule = duplicates or raw["draws"]["duplicates"]
    one = F(1, len(faces))

    @lru_cache(maxsize=None)
    def go(held: frozenset, left: int) -> tuple:
        have = held | already
        if left == 0 or all(key in have for _, key in faces):
            return ((held, F(1)),)
        out: dict[frozenset, F] = {}
        repeat = sum(one for _, key in faces if key in have)
        for _, key in faces:
            if key in have and rule == "reroll":
                continue  # rolled again: this face's weight goes to the others (the series below)
            weight = one / (1 - repeat) if rule == "reroll" else one
            for end, p in go(held | {key} if key not in have else held, left - 1):
                out[end] = out.get(end, F(0)) + weight * p
        return tuple(out.items())

    return dict(go(frozenset(), prayers))


def _chances(ends: dict[frozenset, F], keys: list[str], wanted: frozenset) -> tuple[dict, dict]:
    results = {k: sum((p for end, p in ends.items() if k in end), F(0)) for k in keys}
    counts: dict[int, F] = {}
    for end, p in ends.items():
        counts[len(end & wanted)] = counts.get(len(end & wanted), F(0)) + p
    return results, counts


def _ask(rulebook: dict, **fields) -> dict:
    response = handle({"kind": "prayers", **fields}, rulebook)
    assert response["ok"], response
    return response["result"]


CASES = [(0, [], []), (1, ["iron-man"], []), (2, ["iron-man", "stiletto"], []), (3, ["treacherous-trapdoor"], []),
         (3, ["intensive-training", "greasy-cleats", "iron-man"], ["bad-habits"]), (2, [], ["stiletto", "iron-man"])]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("prayers, wanted, already", CASES)
def test_every_die_agrees(rulebook, edition, prayers, wanted, already):
    raw = _raw(edition)
    keys = [r["key"] for r in raw["rows"]]
    ends = _oracle(raw, prayers, frozenset(already))
    assert sum(ends.values()) == 1
    results, counts = _chances(ends, keys, frozenset(wanted))
    got = _ask(rulebook, edition=edition, prayers=prayers, wanted=wanted, already=already)
    assert {k: F(v["exact"]) for k, v in got["results"].items()} == results
    if wanted:
        assert F(got["chance"]["exact"]) == 1 - counts.get(0, F(0))
        assert {int(j): F(v["exact"]) for j, v in got["wanted_count"].items()} == {j: p for j, p in counts.items() if p}
    else:
        assert "chance" not in got


@pytest.mark.parametrize("prayers, wanted, already", [(1, ["iron-man"], []),
                                                      (2, ["iron-man", "stiletto"], ["bad-habits"]),
                                                      (3, ["greasy-cleats"], [])])
def test_exhibition_rolls_the_first_rows(rulebook, prayers, wanted, already):
    raw = _raw("bb2020")
    keys = [key for _, key in _faces(raw, exhibition=True)]
    results, counts = _chances(_oracle(raw, prayers, frozenset(already), exhibition=True), keys, frozenset(wanted))
    got = _ask(rulebook, edition="bb2020", play="exhibition", prayers=prayers, wanted=wanted, already=already)
    assert got["dice"] == f"d{len(keys)}" and list(got["results"]) == keys
    assert {k: F(v["exact"]) for k, v in got["results"].items()} == results
    assert F(got["chance"]["exact"]) == 1 - counts[0]


def test_every_die_sequence_brackets_the_answer(rulebook):
    """Every sequence of 5 D8 faces, read as a coach rolls two exhibition prayers for a team that has Stiletto:
    a face it has (or rolled already) is rolled again. The sequences that end within 5 dice give a lower bound,
    those still rolling at most the rest."""
    raw = _raw("bb2020")
    faces = dict(_faces(raw, exhibition=True))
    got = F(_ask(rulebook, edition="bb2020", play="exhibition", prayers=2, wanted="iron-man",
                 already=["stiletto"])["chance"]["exact"])
    done = unfinished = F(0)
    weight = F(1, len(faces)) ** 5
    for sequence in itertools.product(faces, repeat=5):
        have, new = {"stiletto"}, []
        for face in sequence:
            if len(new) == 2:
                break
            if faces[face] not in have:
                have.add(faces[face])
                new.append(faces[face])
        if len(new) < 2:
            unfinished += weight
        elif "iron-man" in new:
            done += weight
    assert done <= got <= done + unfinished and unfinished < F(1, 100)


def test_hand_counted(rulebook):
    # BB2025, three prayers, a set of three of the 16 results: Iron Man in it with chance 3/16; Iron Man or
    # Knuckle Dusters: 1 - C(14,3)/C(16,3) = 1 - 364/560 = 7/20
    assert _ask(rulebook, edition="bb2025", prayers=3, wanted="iron-man")["chance"]["exact"] == "3/16"
    both = _ask(rulebook, edition="bb2025", prayers=3, wanted=["iron-man", "knuckle-dusters"])
    assert both["chance"]["exact"] == "7/20"
    # Cheering Fans in BB2020 exhibition, Stiletto still in effect: one of the seven other D8 results
    got = _ask(rulebook, edition="bb2020", play="exhibition", wanted="iron-man", already=["stiletto"])
    assert got["chance"]["exact"] == "1/7" and got["results"]["stiletto"]["exact"] == "0"


def test_count_from_team_values_reads_the_data(rulebook):
    """BB2020: one prayer per full `per_value_difference` gp of difference, for the lower team; the number is the
    data's (changed in a copy of the rules, the count follows)."""
    per = _raw("bb2020")["draws"]["per_value_difference"]
    got = _ask(rulebook, edition="bb2020", team_value=1_000_000, opponent_value=1_000_000 + 2 * per + per // 2,
               wanted="iron-man")
    assert (got["prayers"], got["underdog"]) == (2, "team")
    assert _ask(rulebook, edition="bb2020", team_value=1_000_000 + per - 1, opponent_value=1_000_000)["prayers"] == 0
    assert _ask(rulebook, edition="bb2020", team_value=1_000_000 + per, opponent_value=1_000_000)["underdog"] == "opponent"
    changed = copy.deepcopy(rulebook)
    changed["tables"]["prayers-to-nuffle-bb2020"]["draws"]["per_value_difference"] = per // 2
    assert _ask(changed, edition="bb2020", team_value=1_000_000, opponent_value=1_000_000 + 2 * per + per // 2,
                wanted="iron-man")["prayers"] == 5


def test_the_data_says_how_duplicates_go(rulebook):
    """`duplicates: stand` in a copy of the rules: a duplicate is spent, as the oracle rolls it."""
    changed = copy.deepcopy(rulebook)
    changed["tables"]["prayers-to-nuffle-bb2025"]["draws"]["duplicates"] = "stand"
    raw = _raw("bb2025")
    keys = [r["key"] for r in raw["rows"]]
    results, counts = _chances(_oracle(raw, 3, frozenset(["iron-man"]), duplicates="stand"), keys,
                               frozenset(["stiletto", "bad-habits"]))
    got = _ask(changed, edition="bb2025", prayers=3, wanted=["stiletto", "bad-habits"], already=["iron-man"])
    assert got["duplicates"] == "stand"
    assert {k: F(v["exact"]) for k, v in got["results"].items()} == results
    assert F(got["chance"]["exact"]) == 1 - counts[0]
    assert got["chance"] != _ask(rulebook, edition="bb2025", prayers=3, wanted=["stiletto", "bad-habits"],
                                 already=["iron-man"])["chance"]


def test_the_most_a_team_may_buy_is_the_data(rulebook):
    most = _raw("bb2025")["draws"]["most"]
    assert _ask(rulebook, edition="bb2025", prayers=most)["prayers"] == most
    refused = handle({"kind": "prayers", "edition": "bb2025", "prayers": most + 1}, rulebook)
    assert refused["error"]["field"] == "prayers" and refused["error"]["allowed"] == [0, most]


def test_prayers_past_the_results_left_are_wasted(rulebook):
    keys = [r["key"] for r in _raw("bb2020")["rows"]]
    got = _ask(rulebook, edition="bb2020", prayers=3, already=keys[:14], wanted=keys[15])
    assert (got["asked"], got["prayers"], got["wasted"]) == (3, 2, 1)
    assert got["chance"]["exact"] == "1"


@pytest.mark.parametrize("fields, field, reason", [
    ({"edition": "classic"}, "edition", "choice"),
    ({"edition": "bb2020", "wanted": "iron-man", "already": ["iron-man"]}, "wanted", "choice"),
    ({"edition": "bb2020", "play": "exhibition", "wanted": "perfect-passing"}, "wanted", "choice"),
    ({"edition": "bb2020", "wanted": ["iron-man", "iron-man"]}, "wanted", "choice"),
    ({"edition": "bb2020", "already": "iron-man"}, "already", "choice"),
    ({"edition": "bb2020", "team_value": 1_000_000}, "opponent_value", "needs-other"),
    ({"edition": "bb2020", "team_value": 1, "opponent_value": 2, "prayers": 1}, "prayers", "choice"),
    ({"edition": "bb2025", "play": "exhibition"}, "play", "unknown-field"),
    ({"edition": "bb2025", "team_value": 1, "opponent_value": 2}, "team_value", "unknown-field"),
])
def test_refusals_name_the_field(rulebook, fields, field, reason):
    error = handle({"kind": "prayers", **fields}, rulebook)["error"]
    assert (error["field"], error["details"]["reason"]) == (field, reason)


def test_needs_the_rules():
    error = handle({"kind": "prayers", "edition": "bb2020"}, None)["error"]
    assert error["field"] == "rules"
