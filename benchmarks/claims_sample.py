"""Draw a fixed random sample of `agrees` records and show each with the statement it confirms (issue 21, part 2).

    .venv/bin/python -m benchmarks.claims_sample            # the 30 records, with statement text and citation
    .venv/bin/python -m benchmarks.claims_sample --tally    # the reviewer's verdicts (claims_sample.yml) tallied
    .venv/bin/python -m benchmarks.claims_sample --second [--tally]   # the second sample (60 records)

The draw is reproducible: it reads data/ as it was at commit BASE (main before the sample's edits, which add
records and so would change a new draw), lists the records in a stable order (entity id, record index) and
draws with random.Random(SEED). A reviewer reads each cited source and writes one verdict per drawn record in
benchmarks/claims_sample.yml: `full` (the source covers every claim of the statement), `partial` (only some:
the statement then lists its claims and the record the ones it covers), or `wrong` (the source does not say it).

The second sample (`--second`, verdicts in claims_sample_second.yml) draws 60 more records from data/ at
SECOND_BASE (main after the first sample's edits) with SECOND_SEED, spread across editions and kinds: the
records are grouped by (edition, kind), each group shuffled, and one record taken from each group in turn
until 60 are drawn; records of the first sample are left out.
"""
from __future__ import annotations

import argparse
import io
import random
import subprocess
import tarfile
import tempfile
from pathlib import Path

import yaml

from plugins.data import load_repository
from plugins.data.verification import records, statements

SEED = 21
BASE = "c07e07c"  # main when the sample was drawn (issue 21, part 2)
SIZE = 30
VERDICTS_FILE = Path(__file__).with_name("claims_sample.yml")
SECOND_SEED = 2119
SECOND_BASE = "64b5984"  # main when the second sample was drawn
SECOND_SIZE = 60
SECOND_VERDICTS_FILE = Path(__file__).with_name("claims_sample_second.yml")


def sample(repo, seed: int = SEED, size: int = SIZE) -> list[tuple[str, int, dict]]:
    """[(entity id, record index, record)]: `size` of the repository's `agrees` records, drawn with `seed`."""
    pool = []
    for entity_id in sorted(repo.entities):
        entity = repo.entities[entity_id]
        if not statements(entity):
            continue
        pool += [(entity_id, i, r) for i, r in records(entity) if r.get("verdict") == "agrees"]
    return random.Random(seed).sample(pool, size)


def spread_sample(repo, seed: int = SECOND_SEED, size: int = SECOND_SIZE,
                  leave_out: frozenset = frozenset()) -> list[tuple[str, int, dict]]:
    """[(entity id, record index, record)]: `size` `agrees` records, one from each (edition, kind) group in
    turn (groups in sorted order, each shuffled with `seed`), leaving out the (entity id, index) of `leave_out`."""
    groups: dict[tuple[str, str], list] = {}
    for entity_id in sorted(repo.entities):
        entity = repo.entities[entity_id]
        if not statements(entity):
            continue
        for i, r in records(entity):
            if r.get("verdict") == "agrees" and (entity_id, i) not in leave_out:
                groups.setdefault((str(r.get("edition")), entity.kind), []).append((entity_id, i, r))
    rng = random.Random(seed)
    queues = [rng.sample(groups[key], len(groups[key])) for key in sorted(groups)]
    drawn: list = []
    while len(drawn) < size and any(queues):
        for queue in queues:
            if queue and len(drawn) < size:
                drawn.append(queue.pop())
    return drawn


def _load_at(commit: str):
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", commit, "data"], check=True, capture_output=True).stdout
        tarfile.open(fileobj=io.BytesIO(archive)).extractall(tmp, filter="data")
        return load_repository(Path(tmp) / "data")


def _text(entity, of: str) -> str:
    field, _, key = of.partition(".")
    data = entity.data
    if field == "summary" or field == "rules":
        return str((data.get("summary") or {}).get("en"))
    if field == "edition_notes":
        return str(((data.get("edition_notes") or {}).get(key) or {}).get("en"))
    if field == "switches":
        return str((data.get("switches") or {}).get("en"))
    items = {"steps": _all_steps(data.get("steps")), "rows": data.get("rows") or [],
             "modifiers": data.get("modifiers") or [], "positions": data.get("positions") or []}[field]
    for item in items:
        if str(item.get("key", item.get("value", item.get("body")))) == key:
            return str({k: v.get("en") for k, v in item.items() if isinstance(v, dict) and "en" in v})
    return "?"


def _all_steps(steps):
    for step in steps or []:
        yield step
        yield from _all_steps(step.get("steps"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tally", action="store_true", help="tally the verdicts in claims_sample.yml")
    parser.add_argument("--second", action="store_true", help="the second sample (60 records, every group)")
    args = parser.parse_args()
    if args.second:
        first = frozenset((e, i) for e, i, _ in sample(_load_at(BASE)))
        repo = _load_at(SECOND_BASE)
        drawn, verdicts_file = spread_sample(repo, leave_out=first), SECOND_VERDICTS_FILE
    else:
        repo = _load_at(BASE)
        drawn, verdicts_file = sample(repo), VERDICTS_FILE
    if args.tally:
        verdicts = yaml.safe_load(verdicts_file.read_text(encoding="utf-8")) or {}
        counts: dict[str, int] = {}
        for n, (entity_id, i, record) in enumerate(drawn, 1):
            verdict = (verdicts.get(f"{entity_id}#checked[{i}]") or {}).get("verdict", "not reviewed")
            counts[verdict] = counts.get(verdict, 0) + 1
        print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())), f"(of {len(drawn)})")
        return
    for n, (entity_id, i, record) in enumerate(drawn, 1):
        entity = repo.entities[entity_id]
        print(f"{n:2}. {entity_id}#checked[{i}]  data/{str(entity.file).rpartition('/data/')[2]}  of={record['of']} edition={record['edition']}")
        print(f"    at: {record.get('at')}")
        print(f"    text: {_text(entity, str(record['of']))}")


if __name__ == "__main__":
    main()
