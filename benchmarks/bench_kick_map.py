"""Time the kick-off landing map (the ``kick`` request with ``map``) on CPython: the map as computed now
(:func:`calculators.ballmove.landing_map`, outcomes counted once for the whole half) against the way it was
computed before issue 12 (one :func:`calculators.ballmove.kick_off` per target square, 195 of them), with and
without the bounce, per edition and with Kick.

Prints figures only (no assertions).  Run from the project root:

    .venv/bin/python benchmarks/bench_kick_map.py
"""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calculators.api import handle  # noqa: E402
from calculators.ballmove import HEIGHT, WIDTH, kick_off, landing_map  # noqa: E402


def per_square(edition: str, kick: bool, receiving: str, bounce: bool) -> dict:
    """The map as it was computed before: one kick_off per target square."""
    xs = range(13, WIDTH) if receiving == "right" else range(0, 13)
    return {(x, y): kick_off((x, y), edition, kick, receiving, bounce).touchback for x in xs for y in range(HEIGHT)}


def best_ms(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def main() -> None:
    print(f"CPython {platform.python_version()} on {platform.machine()}; best of 3, milliseconds")
    print(f"{'edition':8} {'kick':5} {'bounce':6} {'before (kick_off x 195)':>24} {'now (landing_map)':>18} "
          f"{'now, whole request':>19}")
    for edition in ("classic", "bb2020", "bb2025"):
        for kick in (False, True):
            for bounce in (False, True):
                before = best_ms(lambda: per_square(edition, kick, "right", bounce))
                now = best_ms(lambda: landing_map(edition, kick, "right", bounce))
                request = {"kind": "kick", "map": True, "edition": edition, "kick": kick, "bounce": bounce}
                whole = best_ms(lambda: handle(request))
                print(f"{edition:8} {str(kick):5} {str(bounce):6} {before:24.1f} {now:18.1f} {whole:19.1f}")


if __name__ == "__main__":
    main()
