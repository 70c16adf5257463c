"""Command line: `python -m plugins.data.check [DATA_DIR]` validates the data and prints each problem, then
runs the terminology check (plugins/data/terminology.py) on the texts and the catalogs.

Exit status 0 when the data is valid and fully translated, 1 otherwise.
"""
from __future__ import annotations

import sys

from . import terminology
from .loader import load_repository
from .model import DataError


def main(argv: list[str]) -> int:
    data_dir = argv[0] if argv else "data"
    try:
        repo = load_repository(data_dir)
    except DataError as exc:
        print(exc)
        return 1
    for problem in repo.translation_problems:
        print(problem)
    counts = {}
    for entity in repo.entities.values():
        counts[entity.kind] = counts.get(entity.kind, 0) + 1
    summary = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items()))
    if repo.translation_problems:
        print(f"{len(repo.translation_problems)} missing translation(s); entities: {summary}")
        return 1
    findings = terminology.check(repo)
    for finding in findings:
        print(finding)
    if findings:
        print(f"{len(findings)} terminology problem(s); entities: {summary}")
        return 1
    print(f"data OK: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
