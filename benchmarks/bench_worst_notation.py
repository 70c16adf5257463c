"""Search for the slowest chain the notation accepts, and print its time and memory on CPython.

The chain notation (:mod:`calculators.notation`) accepts at most ``MAX_LENGTH`` characters,
``MAX_STEPS`` steps, ``MAX_PLAYERS`` players and ``tr=`` 0..8; the ``chain`` request at most 8 team
re-rolls in its table (``max_team_rerolls``).  This script times, with 8 team re-rolls, in every edition
(and both BB2025 readings of the Loner ruling):

1. constructed worst cases: the longest runs of the heaviest steps (once-per-turn skills, Pro and Loner on
   every player, three-dice blocks the defender chooses, fouls whose send-offs double the work), one
   player or the most players, and the 16-player ``D6d/D6d/...`` of issue 12 (now refused: 11 players);
   then branching ones (issue 9: branches nested to ``MAX_DEPTH``, Dauntless splits, alternatives, Diving
   Tackle), with the slowest one's CPU time printed against the 2 s target;
2. a random search: random valid chains, then mutations of the slowest ones (a step made heavier, one
   added, flags added) for ``--seconds`` seconds (default 60), with a fixed ``--seed``.

Prints the slowest inputs found, each with its time (best of 3) and peak memory (tracemalloc), and the
issue's chains before the limits (``D6d`` x 16 players) for comparison.  No assertions.  Run from the
project root:

    .venv/bin/python benchmarks/bench_worst_notation.py [--seconds 60] [--seed 12]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calculators.api import handle  # noqa: E402
from calculators.chain import success_by_rerolls  # noqa: E402
from calculators.chain import MAX_PAIR_DODGES, Chain, Player, Step  # noqa: E402
from calculators.notation import MAX_LENGTH, MAX_PLAYERS, MAX_STEPS  # noqa: E402

SETTINGS = [("classic", None), ("bb2020", None), ("bb2025", "rulebook"), ("bb2025", "designers-commentary")]
HEAVY_D6 = ["D6d", "R6f", "P6h", "T6p", "C6c", "H6c", "L6", "I2", "N6"]
HEAVY_BLOCKS = ["B-3bt:bdw", "B-3b:w", "B3bt:bdw", "B-2bt:d", "B2b:d=s"]


def request(text: str, edition: str, reading: str | None) -> dict:
    req = {"kind": "chain", "chain": text, "edition": edition, "max_team_rerolls": 8}
    if reading:
        req["reading"] = reading
    return req


def timed(req: dict, repeat: int = 1) -> tuple[float, dict]:
    """Best wall time of ``repeat`` calls of ``handle(req)`` in seconds, and the response."""
    best, response = float("inf"), {}
    for _ in range(repeat):
        t0 = time.perf_counter()
        response = handle(req)
        best = min(best, time.perf_counter() - t0)
    return best, response


def peak_mib(req: dict) -> float:
    tracemalloc.start()
    handle(req)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2 ** 20


def fits(steps: list[str], players: list[int], tr: int = 8) -> str:
    """Join steps (``players[k]``: index of step k's player, flags given on the player's first step)."""
    parts = []
    for k, s in enumerate(steps):
        sep = "" if k == 0 else ("/" if players[k] != players[k - 1] else ",")
        parts.append(sep + s)
    return "".join(parts) + f";tr={tr}"


def most(unit: str, sep: str = ",", prefix: str = "", per_step: int = 1, tail: str = ";tr=8") -> str:
    """``prefix`` then as many ``unit`` as the limits allow (``per_step`` steps each), joined by ``sep``."""
    text = prefix + unit
    count = per_step
    while (len(text) + len(sep) + len(unit) + len(tail) <= MAX_LENGTH and count + per_step <= MAX_STEPS
           and (sep != "/" or text.count("/") + 2 <= MAX_PLAYERS)):
        text += sep + unit
        count += per_step
    return text + tail


def constructed(edition: str) -> dict[str, str]:
    """Named hand-made worst cases that fit the limits."""
    flags = "[pro,loner=2]"
    foul = "F9+8d" if edition == "classic" else "F10+8d"
    return {
        "30 x D6d, one player with Pro and Loner": most("D6d", prefix=flags),
        "11 players x [pro,loner=2]D6d": most(flags + "D6d", "/"),
        "11 players x [pro]D6d,R6f,B-3bt:bdw": most("[pro]D6d,R6f,B-3bt:bdw", "/", per_step=3),
        "(D6d,R6f,B-3bt:bdw,F) x 7, Pro and Loner": most(f"D6d,R6f,B-3bt:bdw,{foul}", prefix=flags, per_step=4),
        "B-3bt:bdw x 18, Pro and Loner": most("B-3bt:bdw", prefix=flags),
        "fouls only": most(foul),
        "(D6d,F) x 15, Pro": most(f"D6d,{foul}", prefix="[pro]", per_step=2),
    }


def constructed_branching(edition: str) -> dict[str, str]:
    """Hand-made worst cases with branches (issue 9): nested to the depth limit, heavy steps everywhere."""
    flags = "[pro,loner=2]"
    return {
        "Frenzy blocks nested 3 deep, Pro and Loner": most("B-3bt:bdw{B-3bt:bdw{B-3bt:bdw{D6d}}}", prefix=flags,
                                                          per_step=4),
        "Dauntless, Frenzy in both branches": most("U6{B-3bt:bdw{B-3bt:bdw}|B-3bt:bdw{B-3bt:bdw}}", prefix=flags,
                                                   per_step=5),
        "~N tests with branches 3 deep": most("T6p~2{D6d~2{R6f~2{P6h}}}", prefix=flags, per_step=4),
        "alternatives of branches": most("D6d,(1/3:D6d~2{R6f}|1/3:B-3bt:bdw{D6d}|1/3:U6{D6d|R6f})", prefix=flags,
                                         per_step=9),
        "Diving Tackle and do-not-re-roll marks": most("D6d^,R6f!,D6d^", prefix=flags, per_step=3),
        "11 players, each a Dauntless split": most("[pro,loner=2]U6{B-3bt:bdw|D6d}", "/", per_step=3),
        # this session's additions: star players' once-a-game re-rolls (one rule per player), Hatred and
        # Unstoppable Momentum on blocks, alternatives opening players, fouls with their send-off groups
        "heavy steps, Pro, Loner and Consummate Professional": most("D6d,R6f,B-3bt:bdw", prefix="[pro,loner=2,consummate]",
                                                                    per_step=3),
        "heavy steps, Pro, Loner and Old Pro": most("D6d,B-3bt:bdw,A9m", prefix="[pro,oldpro,loner=2]", per_step=3),
        "11 players, each with a star rule": most("[pro,loner=2,savageblow]B-3bthu:bdw,D6d", "/", per_step=2),
        "11 players, each opening with alternatives": most("[pro,loner=2](1/3:D6d|2/3:B-3bt:bdw),R6f", "/", per_step=4),
        "fouls, each with two Bribes": most("D6d,F10+8d,K2,K2", prefix="[pro,loner=2]", per_step=4),
        # issue 23 (blocks and fouls): Savage Blow weighing every set of dice on Frenzy blocks, Old Pro on fouls
        # whose send-off it may avoid, blocks with their faces counted
        "Frenzy blocks nested 3 deep, Savage Blow": most("B-3bt:bdw{B-3bt:bdw{B-3bt:bdw{D6d}}}",
                                                         prefix="[pro,loner=2,savageblow]", per_step=4),
        "Frenzy blocks, Savage Blow, the defender's three dice": most("D6d,B-3{B-3}", prefix="[pro,loner=2,savageblow]",
                                                                      per_step=3),
        "fouls with two Bribes, Old Pro": most("D6d,F10+8d,K2,K2", prefix="[pro,oldpro,loner=2]", per_step=4),
        "counted blocks with Brawler": most("B-3r=4,A9m", prefix="[pro,loner=2]", per_step=2),
    }


def top_level(body: str, separators: str) -> list[int]:
    """Indices of the characters of ``separators`` in ``body`` outside any ``[]``, ``{}`` or ``()`` group."""
    depth, out = 0, []
    for k, ch in enumerate(body):
        depth += ch in "[{(" and 1 or ch in "]})" and -1 or 0
        if depth == 0 and ch in separators:
            out.append(k)
    return out


def with_steady(text: str) -> str:
    """``text`` with Steady Footing (``steady``, BB2025) on every player: added to each player's flags, or as flags
    of its own where a player has none; cut at a step or player boundary to fit :data:`MAX_LENGTH`."""
    body, _, options = text.partition(";")
    bounds = [-1] + top_level(body, "/") + [len(body)]
    players = [body[a + 1:b] for a, b in zip(bounds, bounds[1:])]
    body = "/".join(p.replace("]", ",steady]", 1) if p.startswith("[") else "[steady]" + p for p in players)
    while len(body) + 1 + len(options) > MAX_LENGTH:
        body = body[:top_level(body, ",/")[-1]]
    return body + ";" + options


def constructed_steady(edition: str) -> dict[str, str]:
    """BB2025: every constructed and branching worst case again with Steady Footing on every player (each fall gets a
    6+ roll of its own, which Pro and team re-rolls may re-roll), and chains of dodges with Break Tackle and
    Consummate Professional's +1 against defenders with Steady Footing; no case in the other editions (BB2025's)."""
    if edition != "bb2025":
        return {}
    cases = {**constructed(edition), **constructed_branching(edition)}
    out = {f"{name}, Steady Footing": with_steady(text) for name, text in cases.items()}
    # this session's other BB2025 additions: Break Tackle with Consummate Professional's +1 (a save node each; at
    # most MAX_PAIR_DODGES such dodges a player, a bound this case found), the defender's Steady Footing on every
    # block (an opponent's node each), Frenzy blocks too
    pairs = ",".join(["D6db3,R6f,B-3bt:bdwf"] * MAX_PAIR_DODGES) + ","
    out["Break Tackle and the +1 on two dodges, the defender's Steady Footing"] = most(
        "D6d,R6f,B-3bt:bdwf", prefix="[pro,loner=2,consummate,steady]" + pairs, per_step=3)
    out["the same with Frenzy blocks"] = most("D6d,B-3bt:bdwf{B-3bt:bdwf}", prefix="[pro,loner=2,consummate]" + pairs,
                                             per_step=3)
    out["one dodge more than the bound (refused)"] = "[consummate]" + ",".join(["D6db3"] * (MAX_PAIR_DODGES + 1))
    return out


def random_step(rng: random.Random, edition: str) -> str:
    r = rng.random()
    if r < 0.5:
        return rng.choice(HEAVY_D6[:7]) if rng.random() < 0.7 else rng.choice("DRPTCHLIN") + str(rng.randint(2, 6))
    if r < 0.75:
        return rng.choice(HEAVY_BLOCKS)
    av = rng.randint(3, 12)
    if rng.random() < 0.6:
        return f"F{av}{rng.choice(['+8', '+3', '', '-2'])}{rng.choice(['d', ''])}"
    return f"A{av}{rng.choice(['+1', '', '-1'])}{rng.choice(['mc', 'm', ''])}"


def random_chain(rng: random.Random, edition: str) -> str:
    n_players = rng.randint(1, MAX_PLAYERS)
    steps, players = [], []
    for _ in range(rng.randint(1, MAX_STEPS)):
        player = players[-1] + (1 if players and rng.random() < n_players / MAX_STEPS else 0) if players else 0
        step = random_step(rng, edition)
        if not players or player != players[-1]:
            flags = ["", "[pro]", "[pro,loner=2]", "[loner=4]", "[pro,loner=4]"]
            if edition == "bb2025":  # Steady Footing: a 6+ roll after every fall, the heaviest BB2025 skill
                flags += ["[steady]", "[pro,loner=2,steady]"]
            step = rng.choice(flags) + step
        steps.append(step)
        players.append(player)
    return fits(steps, players, rng.choice([0, 2, 8]))


def mutate(rng: random.Random, text: str, edition: str) -> str:
    body, _, _ = text.partition(";")
    tokens = body.replace("/", ",/").split(",")
    k = rng.randrange(len(tokens))
    choice = rng.random()
    prefix = "/" if tokens[k].startswith("/") else ""
    if choice < 0.4:
        tokens[k] = prefix + random_step(rng, edition)
    elif choice < 0.7:
        tokens.insert(k, random_step(rng, edition))
    elif choice < 0.85 and len(tokens) > 1:
        del tokens[k]
    else:
        tokens[k] = "/[pro,loner=2]" + tokens[k].lstrip("/").split("]")[-1]
    out = ",".join(tokens).replace(",/", "/").lstrip("/")
    return out + ";tr=8"


def run_cases(cases, found: list) -> tuple[float, float, str]:
    """Time ``cases(edition)`` in every setting, print each, add the accepted ones to ``found``; return the
    slowest by CPU time: ``(cpu seconds, wall seconds, "setting text")``."""
    slowest = (0.0, 0.0, "")
    for edition, reading in SETTINGS:
        for name, text in cases(edition).items():
            t, r = timed(request(text, edition, reading), 3)
            status = "ok" if r["ok"] else f"refused: {r['error']['message'][:60]}"
            label = edition + (f"/{reading}" if reading else "")
            print(f"  {label:28} {name:45} {len(text):3} chars {t * 1000:8.1f} ms  {status}")
            if r["ok"]:
                found.append((t, text, edition, reading))
                cpu = min(_cpu(request(text, edition, reading)) for _ in range(3))
                if cpu > slowest[0]:
                    slowest = (cpu, t, f"{label} {text}")
    return slowest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="random search time, all editions together")
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"CPython {platform.python_version()} on {platform.machine()}; limits: {MAX_LENGTH} characters, "
          f"{MAX_STEPS} steps, {MAX_PLAYERS} players, tr 0..8, max_team_rerolls 8")

    print("\nIssue 12's chain, now refused, and the solver alone (no notation limit) on more players:")
    for n in (16, 30):
        text = "/".join(["D6d"] * n)
        t, r = timed(request(text, "classic", None))
        reason = r["error"].get("details", {}).get("reason") if not r["ok"] else "accepted"
        print(f"  {'/'.join(['D6d'] * 2)}/... x {n} players: {t * 1000:8.1f} ms  ({reason})")
        chain = Chain(tuple(Step("dodge", 6, True, k) for k in range(n)), tuple(Player(True, 4) for _ in range(n)))
        t0 = time.perf_counter()
        success_by_rerolls(chain, 8)
        print(f"  the same with Pro and Loner, solver only, tr 0..8: {(time.perf_counter() - t0) * 1000:8.1f} ms")

    found: list[tuple[float, str, str, str | None]] = []  # (seconds, text, edition, reading)
    print("\nConstructed worst cases (8 team re-rolls), best of 3:")
    run_cases(constructed, found)
    print("\nBranching worst cases (issue 9; 8 team re-rolls), best of 3:")
    cpu, wall, label = run_cases(constructed_branching, found)
    print(f"  the slowest branching input: {cpu * 1000:.1f} ms CPU, {wall * 1000:.1f} ms wall (limit: 2 s in CPython): "
          f"{label}")
    print("\nThe same with Steady Footing on every player (BB2025; 8 team re-rolls), best of 3:")
    cpu, wall, label = run_cases(constructed_steady, found)
    print(f"  the slowest Steady Footing input: {cpu * 1000:.1f} ms CPU, {wall * 1000:.1f} ms wall (limit: 2 s in "
          f"CPython): {label}")

    print(f"\nRandom search with mutations ({args.seconds:.0f} s, seed {args.seed}):")
    deadline = time.perf_counter() + args.seconds
    tried = accepted = 0
    pool = sorted(found, reverse=True)[:8]
    while time.perf_counter() < deadline:
        edition, reading = rng.choice(SETTINGS)
        if pool and rng.random() < 0.6:
            _, base, edition, reading = rng.choice(pool)
            text = mutate(rng, base, edition)
        else:
            text = random_chain(rng, edition)
        tried += 1
        t, r = timed(request(text, edition, reading))
        if not r["ok"]:
            continue
        accepted += 1
        pool.append((t, text, edition, reading))
        pool = sorted(pool, reverse=True)[:8]
    print(f"  {tried} chains tried, {accepted} accepted")

    print("\nThe slowest accepted inputs (best of 3; peak memory by tracemalloc):")
    seen = set()
    print("  (wall time, and the CPU time of this process, which other jobs on a shared machine disturb less)")
    for _, text, edition, reading in sorted(pool + found, reverse=True):
        if (text, edition, reading) in seen or len(seen) >= 5:
            continue
        seen.add((text, edition, reading))
        req = request(text, edition, reading)
        t, _ = timed(req, 3)
        cpu = min(_cpu(req) for _ in range(3))
        label = edition + (f"/{reading}" if reading else "")
        print(f"  {t * 1000:8.1f} ms wall {cpu * 1000:8.1f} ms CPU  {peak_mib(req):6.1f} MiB peak  {label}  {text}")


def _cpu(req: dict) -> float:
    t0 = time.process_time()
    handle(req)
    return time.process_time() - t0


if __name__ == "__main__":
    main()
