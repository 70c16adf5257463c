"""BloodBowlDave's public test vectors through our resolver: how many agree, differ with an explanation, or
cannot be expressed in our chain notation (and which missing features stop them), with the time taken.

Prints figures only (no assertions; the conformance test is tests/calculators/test_dave_vectors.py).
Run from the project root:

    .venv/bin/python benchmarks/bench_dave_vectors.py
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "calculators"))

from calculators.compat.dave import REASONS  # noqa: E402
from dave_conformance import differences, key, run_all  # noqa: E402


def main() -> None:
    start = time.perf_counter()
    outcomes = run_all()
    elapsed = time.perf_counter() - start
    listed = differences()
    status = Counter(o.status for o in outcomes)
    explained = sum(1 for o in outcomes if o.status == "differs" and key(o.vector) in listed)
    print(f"vectors: {len(outcomes)} (BloodBowlDave/BloodBowlActionCalculator 745c978)")
    print(f"  agree within 5 decimals: {status['agrees']}")
    print(f"  differ, with the explanation listed: {explained}"
          f" (unexplained: {status['differs'] - explained})")
    print(f"  not expressible in our notation: {status['refused']}")
    print("not expressible, by reason (the feature our notation lacks):")
    for reason, n in Counter(o.reason for o in outcomes if o.status == "refused").most_common():
        tokens = Counter(o.token for o in outcomes if o.reason == reason)
        shown = ", ".join(f"{t} ×{c}" if c > 1 else t for t, c in tokens.most_common(8))
        more = f", … ({len(tokens) - 8} more)" if len(tokens) > 8 else ""
        print(f"  {n:3d}  {reason}: {REASONS[reason]}\n       tokens: {shown}{more}")
    print(f"time: {elapsed * 1000:.0f} ms for all vectors (translate, parse, solve), CPython {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
