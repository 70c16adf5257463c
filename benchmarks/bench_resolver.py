"""Time the calculators on CPython: per request kind, a 10-roll chain with 4 team re-rolls (and the same chain
with Loner players, BB2025 read as written, and with Pro and Loner in classic), a 10-step chain with two
blocks (and one with a foul), the kick-off map, the heaviest block (3 dice, Frenzy, Pro, Brawler, 2 team
re-rolls), the same with a Dauntless roll, and throw-ins from every edge square.

Prints figures only (no assertions).  Run from the project root:

    .venv/bin/python benchmarks/bench_resolver.py

The classic rules dict is the test fixture (tests/calculators/conftest.py); with the real
export, pass its JSON path as the first argument.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "calculators"))

from calculators.api import handle, handle_json  # noqa: E402
from calculators.ballmove import landing_map, throw_in  # noqa: E402
from calculators.block import Block, resolve_block  # noqa: E402
from calculators.chain import sent_off_by_rerolls, success_by_rerolls  # noqa: E402
from calculators.notation import parse_chain  # noqa: E402
from calculators.rules import RuleBook  # noqa: E402


def best_of(fn, repeat: int = 5, number: int = 1) -> float:
    """Return the best wall time of ``repeat`` runs of ``number`` calls, in milliseconds per call."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best * 1000


def load_rules() -> tuple[dict, RuleBook]:
    """The rules dict (the test fixture, or the export named on the command line) and its RuleBook."""
    if len(sys.argv) > 1:
        rules = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    else:
        from conftest import CLASSIC_RULES as rules
    book = RuleBook.from_dict(rules)
    if not book.tables:  # the fixture has no dice tables: the casualty kind reads the real data's export
        from plugins.data import load_repository
        from plugins.data.export import rules_export
        book = RuleBook.from_dict({**rules, "tables": rules_export(load_repository(ROOT / "data"))["tables"]})
    return rules, book


#: one request of each kind the API answers, and the heavy cases of some (a table of data)
REQUESTS = {
    "agility": {"kind": "agility", "action": "pass", "ag": 3, "range": "long", "tackle_zones": 1, "reroll": True},
    "test": {"kind": "test", "target": 3, "modifier": -1, "reroll": True},
    "chain (D3d,R2f,P3h,T4/C3c;tr=2)": {"kind": "chain", "chain": "D3d,R2f,P3h,T4/C3c;tr=2", "edition": "bb2020"},
    "chain (Loner, BB2025 as written, tr=4)": {
        "kind": "chain", "chain": "[loner=4]D3d,R2f,P3h,T4/[pro,loner=3]C3c;tr=4", "edition": "bb2025"},
    "chain (Pro + Loner, classic, tr=2)": {"kind": "chain", "chain": "[pro,loner=4]D3d,R2f,P3h,T4/C3c;tr=2"},
    "chain (the page's default, D3,R2,P3;tr=1)": {"kind": "chain", "chain": "D3,R2,P3;tr=1", "max_team_rerolls": 3},
    "chain (Blitz R2,B2b:d,D3;tr=1)": {"kind": "chain", "chain": "R2,B2b:d,D3;tr=1"},
    "chain (2 blocks + foul, BB2025, tr=2)": {
        "kind": "chain", "chain": "[pro]R2,B-2bt:d,D3/[loner=4]B3br,A9m/F9+1d;tr=2", "edition": "bb2025"},
    "pass": {"kind": "pass", "ag": 3, "range": "long", "receiver_ag": 4, "interceptor_ag": 3, "safe": True,
             "team_rerolls": 1},
    "armour": {"kind": "armour", "av": 8, "mighty_blow": True, "claws": True},
    "foul": {"kind": "foul", "av": 8, "assists": 2, "dirty_player": True},
    "kick (one target)": {"kind": "kick", "target": [14, 3], "kick": True, "bounce": True},
    "kick (whole map)": {"kind": "kick", "map": True, "bounce": True},
    "dice-total (4d16)": {"kind": "dice-total", "dice": "4d16"},
    "block (2 dice, Block, 1 TR)": {"kind": "block", "attacker_st": 4, "attacker_block": True, "team_rerolls": 1},
    "block (-3 dice, Frenzy, Pro, Jugg., 2 TR)": {
        "kind": "block", "edition": "bb2020", "dice": -3, "blitz": True, "attacker_frenzy": True,
        "attacker_pro": True, "attacker_juggernaut": True, "defender_dodge": True, "team_rerolls": 2},
    "block (Dauntless 3 v 5, Frenzy, Pro, 2 TR)": {
        "kind": "block", "edition": "bb2025", "attacker_st": 3, "defender_st": 5, "attacker_dauntless": True,
        "attacker_frenzy": True, "attacker_pro": True, "defender_dodge": True, "team_rerolls": 2},
    "range (one pass)": {"kind": "range", "edition": "bb2025", "thrower": [5, 7], "target": [16, 11]},
    "range (whole map)": {"kind": "range", "thrower": [12, 7], "map": True},
    "throw-in (near a corner)": {"kind": "throw-in", "square": [0, 3], "edition": "bb2025"},
    "casualty (classic D68)": {"kind": "casualty"},
    "casualty (BB2020, 2 niggling, lasting injury)": {"kind": "casualty", "edition": "bb2020", "niggling": 2},
    "scatter (6 scatters)": {"kind": "scatter", "square": [12, 7], "n": 6},
    "deviate (BB2025, Kick)": {"kind": "deviate", "square": [19, 7], "edition": "bb2025", "kick": True},
    "form (pass)": {"kind": "form", "for": "pass"},
    "form (block, bb2025)": {"kind": "form", "for": "block", "edition": "bb2025"},
}


def time_request_kinds(rules: dict, book: RuleBook) -> None:
    print("\nper request kind (handle with a RuleBook; best of 5):")
    for name, req in REQUESTS.items():
        ms = best_of(lambda r=req: handle(r, book), number=3)
        assert handle(req, book)["ok"]
        print(f"  {name:40s} {ms:9.3f} ms")
    req_json, rules_json = json.dumps(REQUESTS["agility"]), json.dumps(rules)
    ms = best_of(lambda: handle_json(req_json, rules_json), number=50)
    print(f"  {'agility via handle_json (cached rules)':40s} {ms:9.3f} ms")
    ms = best_of(lambda: RuleBook.from_dict(rules), number=20)
    print(f"  {'RuleBook.from_dict':40s} {ms:9.3f} ms")


def time_roll_chains() -> None:
    chain = parse_chain("[pro]D3d,D4d,R2f,R2f,P3h,D3,R2,T4p/C3c,D4,R3", "bb2020").chain
    ms = best_of(lambda: success_by_rerolls(chain, 4))
    values = success_by_rerolls(chain, 4)
    print(f"\n10-roll chain, 0..4 team re-rolls (BB2020): {ms:.2f} ms")
    print("  " + ", ".join(f"{k} TR: {float(v):.5f}" for k, v in enumerate(values)))
    text = "[pro,loner=4]D3d,D4d,R2f,R2f,P3h,D3,R2,T4p/[loner=3]C3c,D4,R3"
    for edition, reading in (("bb2025", "rulebook"), ("bb2025", "designers-commentary"), ("classic", None)):
        chain = parse_chain(text, edition, reading).chain
        ms = best_of(lambda c=chain: success_by_rerolls(c, 4))
        values = success_by_rerolls(chain, 4)
        name = f"{edition}" + (f", {reading}" if reading else "")
        print(f"10-roll chain with Pro and Loner players, 0..4 team re-rolls ({name}): {ms:.2f} ms")
        print("  " + ", ".join(f"{k} TR: {float(v):.5f}" for k, v in enumerate(values)))


def time_block_chains() -> None:
    texts = {"BB2020": ("[pro]D3d,R2,B2bt:d,D4d,R2f/[loner=4]P3h,B-2b:w,D3,R2,T4p", "bb2020", None),
             "BB2025 as written, Brawler and 3 dice": ("[pro]D3d,R2,B3b:d,D4d,R2f/[pro,loner=4]B-3br:bw,A9m/N3,R2,T4p",
                                                       "bb2025", "rulebook"),
             "classic": ("[pro]D3d,R2,B2bt:d,D4d,R2f/[loner=4]P3h,B-2b:w,D3,R2,T4p", "classic", None)}
    for name, (text, edition, reading) in texts.items():
        chain = parse_chain(text, edition, reading).chain
        ms = best_of(lambda c=chain: success_by_rerolls(c, 4))
        values = success_by_rerolls(chain, 4)
        print(f"10-step chain with 2 blocks, 0..4 team re-rolls ({name}): {ms:.2f} ms")
        print("  " + ", ".join(f"{k} TR: {float(v):.5f}" for k, v in enumerate(values)))
    chain = parse_chain("[pro]D3d,R2,B2bt:d,D4d,R2f/[loner=4]P3h,B-2b:w,D3,R2,F9+1d", "bb2020").chain
    ms = best_of(lambda: (success_by_rerolls(chain, 4), sent_off_by_rerolls(chain, 4)))
    print(f"10-step chain with 2 blocks and a foul, success and send-off, 0..4 team re-rolls (BB2020): {ms:.2f} ms")


def time_maps_and_blocks() -> None:
    for bounce in (False, True):
        ms = best_of(lambda b=bounce: landing_map("classic", False, "right", b), repeat=3)
        print(f"kick-off landing map, 195 target squares, bounce={bounce}: {ms:.1f} ms")

    heavy = Block("bb2025", 3, False, frozenset({"frenzy", "pro", "brawler", "block"}), frozenset({"dodge", "wrestle"}), 2)
    ms = best_of(lambda: resolve_block(heavy), repeat=3)
    print(f"block, 3 dice, Frenzy + Pro + Brawler, 2 team re-rolls (BB2025): {ms:.1f} ms")
    # Dauntless makes the dice a mixture: 2 against 5 is three dice for the defender, or one die after a 4+
    dauntless = Block("bb2025", -3, False, frozenset({"frenzy", "pro", "brawler", "block"}),
                      frozenset({"dodge", "wrestle", "fend"}), 2, dauntless_needed=4, dauntless_dice=1)
    ms = best_of(lambda: resolve_block(dauntless), repeat=3)
    print(f"block, Dauntless (-3 or 1 die), Frenzy + Pro + Brawler, Fend, 2 team re-rolls (BB2025): {ms:.1f} ms")

    edges = sorted({(x, y) for x in range(26) for y in range(15) if x in (0, 25) or y in (0, 14)})
    for edition in ("classic", "bb2020", "bb2025"):
        ms = best_of(lambda e=edition: [throw_in(sq, e) for sq in edges], repeat=1)
        print(f"throw-in from all {len(edges)} edge squares ({edition}): {ms:.1f} ms")


def main() -> None:
    rules, book = load_rules()
    print(f"CPython {platform.python_version()} on {platform.machine()}")
    time_request_kinds(rules, book)
    time_roll_chains()
    time_block_chains()
    time_maps_and_blocks()


if __name__ == "__main__":
    main()
