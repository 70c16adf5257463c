"""A longer fuzz run of the calculators (issue 12, defect 7): the properties of tests/calculators/test_fuzz_api.py
with many more examples, printing what was tried and how it was answered.

For every request kind, random and hostile requests through ``handle`` (and the same through ``handle_json``),
arbitrary texts through ``handle_json``, and chain notations through the parser: each answer must be strict JSON
of the documented shape, with no internal error, and every exact distribution must sum to 1 (the checks of
``tests/calculators/fuzz_strategies.py``).  Prints the counts (requests, answers by outcome and error field,
notations read or refused by reason) and the first failure, if any.  Run from the project root:

    .venv/bin/python benchmarks/fuzz_calculators.py [--examples 2000] [--seed N]

Without ``--seed`` the run is random (a new seed each time, printed); with it, reproducible.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "calculators"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from calculators.api import handle, handle_json  # noqa: E402
from calculators.errors import CalcError  # noqa: E402
from calculators.notation import parse_chain  # noqa: E402
from conftest import CLASSIC_RULES  # noqa: E402
from fuzz_strategies import VALID, check_answer, hostile_values, notation_text, requests, strict_json  # noqa: E402

RULES_JSON = json.dumps(CLASSIC_RULES)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--examples", type=int, default=2000, help="examples per request kind and per property")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    run_seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    print(f"seed {run_seed}, {args.examples} examples per kind and property")
    config = settings(max_examples=args.examples, deadline=None, database=None, derandomize=False,
                      suppress_health_check=list(HealthCheck))
    counts: Counter = Counter()
    fields: Counter = Counter()
    reasons: Counter = Counter()
    t0 = time.perf_counter()

    for kind in sorted(VALID):
        @seed(run_seed)
        @config
        @given(requests(kinds=(kind,)))
        def one(request):
            outcome = check_answer(handle(request, CLASSIC_RULES), request)
            counts[f"{kind}: {'answered' if outcome == 'ok' else 'refused'}"] += 1
            if outcome != "ok":
                fields[outcome] += 1
            try:
                text = json.dumps(request, allow_nan=False)
            except (ValueError, RecursionError):
                return
            check_answer(json.loads(handle_json(text, RULES_JSON)), request)
            counts["requests through handle_json"] += 1

        one()

    @seed(run_seed)
    @config
    @given(st.one_of(st.text(max_size=200), st.builds(lambda v: json.dumps(v, default=str) if _dumpable(v) else "[]",
                                                      hostile_values())))
    def texts(text):
        answer = strict_json(json.loads(handle_json(text)))
        counts["texts through handle_json: " + ("answered" if answer["ok"] else "refused")] += 1

    texts()

    @seed(run_seed)
    @config
    @given(notation_text(), st.sampled_from(["classic", "bb2020", "bb2025"]))
    def notations(text, edition):
        try:
            parse_chain(text, edition)
            counts["notations read"] += 1
        except CalcError as e:
            counts["notations refused"] += 1
            reasons[e.details["reason"]] += 1

    notations()

    print(f"{sum(v for k, v in counts.items() if ':' in k and 'through' not in k)} requests in "
          f"{time.perf_counter() - t0:.0f} s; every answer well-formed, no internal error, distributions sum to 1")
    for key, n in sorted(counts.items()):
        print(f"  {key:45} {n:7}")
    print("refused requests by error field (most frequent):")
    for key, n in fields.most_common(15):
        print(f"  {key[:45]:45} {n:7}")
    print("refused notations by reason:")
    for key, n in reasons.most_common():
        print(f"  {key:45} {n:7}")


def _dumpable(value) -> bool:
    try:
        json.dumps(value)
        return True
    except (ValueError, RecursionError):
        return False


if __name__ == "__main__":
    main()
