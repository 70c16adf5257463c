"""A longer fuzz run of the data loader than the test suite's (tests/data/test_loader_fuzz.py): damaged
copies of the fixture files (tests/data/yaml_mutations.py), each loaded once. Prints how many loaded,
how many were refused with located messages, and every other outcome (a traceback is a bug).

    .venv/bin/python benchmarks/fuzz_loader.py [--examples 2000] [--seed N]

Without --seed each run draws new examples; the figures printed are counts, not pass/fail.
"""
from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "data"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from yaml_mutations import Workspace, mutated_files  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    counts: collections.Counter = collections.Counter()
    failures: list[str] = []
    workspace = Workspace(Path(tempfile.mkdtemp(prefix="nuffle-fuzz-")))

    @settings(max_examples=args.examples, deadline=None, database=None, phases=["generate"],
              suppress_health_check=list(HealthCheck))
    @given(mutation=mutated_files())
    def run(mutation):
        try:
            counts[workspace.load(mutation)] += 1
        except Exception as exc:  # noqa: BLE001 - counting every kind of escape is the point
            counts["traceback"] += 1
            if len(failures) < 10:
                failures.append(f"{mutation.file} ({mutation.what}): {type(exc).__name__}: {exc}\n"
                                + "".join(traceback.format_exception(exc)[-3:]))

    if args.seed is not None:
        run = seed(args.seed)(run)
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    total = sum(counts.values())
    print(f"{total} damaged files in {seconds:.1f} s: {counts['ok']} loaded, {counts['refused']} refused with "
          f"located messages, {counts['traceback']} other outcomes")
    for failure in failures:
        print("---", failure)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
