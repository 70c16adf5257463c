"""What stands of a casualty (issue 23, Injuries; issue 19 item 5): the casualty roll's modifiers as data (Niggling
Injuries, Decay), the apothecary's second roll, Regeneration; and the lasting injuries and lost characteristics the
armour and foul requests give.

The oracles read the YAML files (``data/tables/casualty-*.yml``, ``lasting-injury-*.yml``,
``data/rolls/regeneration-*.yml``) and roll every die: the casualty roll, the apothecary's second casualty roll,
the Regeneration D6, the lasting-injury D6.  The hand-counted values say how each was counted.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from pathlib import Path

import pytest

from calculators.api import handle
from calculators.casualty import aftermath, casualty_roll, kept_of_two
from calculators.errors import CalcError
from calculators.rules import RuleBook
from yaml_files import read_yaml

DATA = Path(__file__).resolve().parents[2] / "data"
EDITIONS = ("classic", "bb2020", "bb2025")
CHARS = ("ma", "st", "ag", "pa", "av")


def _raw(folder: str, slug: str) -> dict:
    return read_yaml(DATA / folder / f"{slug}.yml")


def _row_index(raw: dict, value: int) -> int:
    hits = [i for i, r in enumerate(raw["rows"]) if (r["roll"] == value if isinstance(r["roll"], int)
                                                      else r["roll"][0] <= value <= r["roll"][1])]
    assert len(hits) == 1, value
    return hits[0]


def _faces(raw: dict) -> list[int]:
    return [10 * t + u for t in range(1, 7) for u in range(1, 9)] if raw["dice"] == "d68" else list(range(1, 17))


def _modifier(raw: dict, niggling: int, skills: set[str]) -> int:
    """The roll's modifier read from the YAML's `modifiers` (none in classic)."""
    return sum(m["value"] * (niggling if m.get("per") == "niggling" else 1) for m in raw.get("modifiers") or []
               if m.get("per") == "niggling" or m.get("skill") in skills)


def _oracle(edition: str, niggling: int, decay: bool, apothecary: bool, regeneration: bool) -> dict:
    """Every die rolled: {"reserves": P, "regenerated": P, "rows": {key: P standing}, "chars": {c: P lost}}.
    "regenerated" follows the order the YAML gives: Regeneration before the casualty roll (BB2025's
    `before_casualty_roll`) saves on every success; after it, only a player the apothecary left."""
    cas = _raw("tables", f"casualty-{edition}")
    lasting = None if edition == "classic" else _raw("tables", f"lasting-injury-{edition}")
    regen_raw = _raw("rolls", f"regeneration-{edition}")
    regen_target, regen_first = regen_raw["target_number"], regen_raw.get("before_casualty_roll", False)
    mod = _modifier(cas, niggling, {"decay"} if decay else set())
    faces = _faces(cas)
    top = max(faces)

    def index(face: int) -> int:
        return _row_index(cas, face if cas["dice"] == "d68" else min(face + mod, top))

    seconds = faces if apothecary else [None]
    regen_faces = range(1, 7) if regeneration else [None]
    w = F(1, len(faces) * len(seconds) * len(regen_faces))
    out = {"reserves": F(0), "regenerated": F(0), "rows": {}, "chars": {}}
    for first, second, regen in itertools.product(faces, seconds, regen_faces):
        kept = index(first) if second is None else min(index(first), index(second))
        row = cas["rows"][kept]
        patched = apothecary and row["outcome"] == "badly-hurt"
        regenerates = regen is not None and regen >= regen_target
        if patched or regenerates:
            out["reserves"] += w
            if regenerates and (regen_first or not patched):
                out["regenerated"] += w
            continue
        out["rows"][row["key"]] = out["rows"].get(row["key"], F(0)) + w
        if row["outcome"] in CHARS:
            out["chars"][row["outcome"]] = out["chars"].get(row["outcome"], F(0)) + w
        if row["outcome"] == "lasting-injury":
            for d6 in range(1, 7):
                li = lasting["rows"][_row_index(lasting, d6)]
                out["chars"][li["outcome"]] = out["chars"].get(li["outcome"], F(0)) + w / 6
    return out


def _ask(rulebook, **fields) -> dict:
    r = handle({"kind": "casualty", **fields}, rulebook)
    assert r["ok"], r
    return r["result"]


def _x(p: dict) -> F:
    return F(p["exact"])


def _nonzero(d: dict) -> dict:
    return {k: _x(v) for k, v in d.items() if _x(v)}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("apothecary, regeneration", [(True, False), (False, True), (True, True)])
def test_brute_force_oracle_after_the_apothecary_and_regeneration(rulebook, edition, apothecary, regeneration):
    cases = [(0, False)] if edition == "classic" else [(0, False), (0, True), (2, True), (5, False)]
    for niggling, decay in cases:
        fields = {"apothecary": apothecary, "regeneration": regeneration}
        if edition != "classic":
            fields.update(niggling=niggling, decay=decay)
        after = _ask(rulebook, edition=edition, **fields)["after"]
        want = _oracle(edition, niggling, decay, apothecary, regeneration)
        assert _x(after["reserves"]) == want["reserves"], (niggling, decay)
        assert _x(after["regenerated"]) == want["regenerated"], (niggling, decay)
        assert {r["key"]: _x(r["p"]) for r in after["rows"] if _x(r["p"])} == want["rows"], (niggling, decay)
        assert _nonzero(after["characteristics"]) == want["chars"], (niggling, decay)
        assert want["reserves"] + sum(want["rows"].values()) == 1


@pytest.mark.parametrize("edition", ("bb2020", "bb2025"))
def test_brute_force_oracle_decay_and_niggling_read_from_the_data(rulebook, edition):
    for niggling, decay in itertools.product(range(0, 6), (False, True)):
        res = _ask(rulebook, edition=edition, niggling=niggling, decay=decay)
        want = _oracle(edition, niggling, decay, False, False)
        assert {r["key"]: _x(r["p"]) for r in res["rows"] if _x(r["p"])} == want["rows"]
        assert _nonzero(res["characteristics"]) == want["chars"]
        assert res["skills"] == (["decay"] if decay else [])
        assert "after" not in res


def test_hand_counted_values(rulebook):
    # BB2025 Decay: D16 + 1, Badly Hurt 1-8 holds faces 1-7: 7/16; Dead 15-16 holds faces 14-16: 3/16
    res = _ask(rulebook, edition="bb2025", decay=True)
    assert _x(res["outcomes"]["badly_hurt"]) == F(7, 16) and _x(res["outcomes"]["dead"]) == F(3, 16)
    # BB2020 with the apothecary: Badly Hurt is 6/16 a roll; the lower of two rolls is Badly Hurt unless both miss
    # it, 1 - (10/16)^2 = 39/64, and the player goes to the Reserves box; Regeneration saves half of the rest:
    # 39/64 + 25/64 / 2 = 103/128.  Dead needs both rolls on 15-16: (2/16)^2 = 1/64, then Regeneration fails: 1/128
    after = _ask(rulebook, edition="bb2020", apothecary=True, regeneration=True)["after"]
    assert _x(after["reserves"]) == F(39, 64) + F(25, 128) == F(103, 128)
    assert _x(after["regenerated"]) == F(25, 128) and _x(after["regeneration"]) == F(1, 2)
    assert _x(after["outcomes"]["dead"]) == F(1, 128)
    # classic with the apothecary: Dead (61-68) needs both D68 rolls there, (8/48)^2 = 1/36
    classic = _ask(rulebook, edition="classic", apothecary=True)["after"]
    assert _x(classic["outcomes"]["dead"]) == F(1, 36)
    assert _x(classic["reserves"]) == 1 - F(1, 2) ** 2 == F(3, 4)  # Badly Hurt is 11-38, half the D68


def test_bb2025_regeneration_saves_half_before_the_casualty_roll(rulebook):
    # review 3 (the casualty page, French, 360 px): BB2025 rolls Regeneration before the casualty roll, so it saves
    # every casualty its 4+ succeeds on (1/2), not only those the apothecary left (1/8, the classic and BB2020 order)
    after = _ask(rulebook, edition="bb2025", apothecary=True, regeneration=True)["after"]
    assert _x(after["regenerated"]) == F(1, 2) and _x(after["reserves"]) == F(7, 8)
    after = _ask(rulebook, edition="classic", apothecary=True, regeneration=True)["after"]
    assert _x(after["regenerated"]) == F(1, 8) and _x(after["reserves"]) == F(7, 8)


def test_kept_of_two_is_the_lower_row(rulebook):
    book = RuleBook.from_dict(rulebook)
    roll = casualty_roll(book, "bb2025")
    kept = kept_of_two(roll.table, roll.rows)
    # by rows: 1-8, 9-10, 11-12, 13-14, 15-16 of a D16; the lower of two rolls, counted over the 256 pairs
    pairs: dict[str, int] = {}
    for a, b in itertools.product(range(1, 17), repeat=2):
        pairs[roll.table.row_for(min(a, b)).key] = pairs.get(roll.table.row_for(min(a, b)).key, 0) + 1
    assert kept == {k: F(n, 256) for k, n in pairs.items()}
    assert aftermath(book, "bb2025", roll).reserves == 0  # neither asked: nothing saves the player


def test_classic_decay_is_refused_with_its_reason(rulebook):
    r = handle({"kind": "casualty", "edition": "classic", "decay": True}, rulebook)
    assert r["error"]["field"] == "decay" and r["error"]["details"]["reason"] == "edition-skill"
    assert handle({"kind": "casualty", "edition": "classic", "decay": False}, rulebook)["ok"]


@pytest.mark.parametrize("kind", ("armour", "foul"))
@pytest.mark.parametrize("edition", ("classic", "bb2016", "bb2020", "bb2025"))
def test_armour_and_foul_give_lasting_injuries_and_lost_characteristics(rulebook, kind, edition):
    res = handle({"kind": kind, "edition": edition, "av": 8}, rulebook)["result"]
    p_cas = _x(res["outcomes"]["casualty"])
    ed = "classic" if edition == "bb2016" else edition
    want = _oracle(ed, 0, False, False, False)
    assert _nonzero(res["characteristics"]) == {c: p_cas * p for c, p in want["chars"].items()}
    assert sum(_x(v) for v in res["casualty"].values()) == p_cas
    if ed == "classic":  # the D68's niggling injury and characteristic rows, apart
        assert res["lasting_injury"] is None
        assert _x(res["casualty"]["niggling_injury"]) == p_cas * F(2, 48)
        assert _x(res["casualty"]["characteristic_loss"]) == p_cas * F(6, 48)
        return
    lasting = _raw("tables", f"lasting-injury-{ed}")
    p_li = p_cas * want["rows"]["lasting-injury"]
    assert {r["key"]: _x(r["p"]) for r in res["lasting_injury"]["rows"]} == {
        r["key"]: p_li * sum(1 for d6 in range(1, 7) if _row_index(lasting, d6) == i) / 6
        for i, r in enumerate(lasting["rows"])}


def test_armour_lasting_injury_by_hand(rulebook):
    # BB2025 AV 9+: the armour breaks on 9+ (10/36), a Casualty on 10+ (6/36): 5/108; a Lasting Injury is 13-14 of
    # the D16 (1/8), a Head Injury 1-2 of the D6 (1/3): 5/108 x 1/8 x 1/3 = 5/2592
    res = handle({"kind": "armour", "edition": "bb2025", "av": 9}, rulebook)["result"]
    rows = {r["key"]: _x(r["p"]) for r in res["lasting_injury"]["rows"]}
    assert rows["head-injury"] == F(5, 2592) and _x(res["characteristics"]["av"]) == F(5, 2592)


def test_table_modifiers_are_validated():
    base = {"editions": ["bb2020"], "dice": "d6", "rows": [{"key": "a", "roll": [1, 6], "outcome": "a"}]}
    for bad in ([{"key": "x", "value": 1, "per": "skill"}], [{"key": "x", "value": 9}],
                [{"key": "x", "value": 1, "per": "niggling", "skill": "decay"}],
                [{"key": "x", "value": 1}, {"key": "x", "value": 1}]):
        with pytest.raises(CalcError) as e:
            RuleBook.from_dict({"targets": {}, "rolls": {}, "tables": {"t-bb2020": {**base, "modifiers": bad}}})
        assert e.value.field.startswith("rules.tables.t-bb2020.modifiers")
    book = RuleBook.from_dict({"targets": {}, "rolls": {}, "tables": {"t-bb2020": {
        **base, "modifiers": [{"key": "decay", "value": 1, "skill": "decay"}]}}})
    assert book.tables["t-bb2020"].modifiers[0].skill == "decay"
