"""Draw a fixed random sample of `agrees` records and show each with the statement it confirms (issue 21, part 2).

    .venv/bin/python -m benchmarks.claims_sample            # the 30 records, with statement text and citation
    .venv/bin/python -m benchmarks.claims_sample --tally    # the reviewer's verdicts (claims_sample.yml) tallied
    .venv/bin/python -m benchmarks.claims_sample --second [--tally]   # the second sample (60 records)
    .venv/bin/python -m benchmarks.claims_sample --third [--tally]    # every statement left on one record

The draw is reproducible: it reads data/ as it was at commit BASE (main before the sample's edits, which add
records and so would change a new draw), lists the records in a stable order (entity id, record index) and
draws with random.Random(SEED). A reviewer reads each cited source and writes one verdict per drawn record in
benchmarks/claims_sample.yml: `full` (the source covers every claim of the statement), `partial` (only some:
the statement then lists its claims and the record the ones it covers), or `wrong` (the source does not say it).

The second sample (`--second`, verdicts in claims_sample_second.yml) draws 60 more records from data/ at
SECOND_BASE (main after the first sample's edits) with SECOND_SEED, spread across editions and kinds: the
records are grouped by (edition, kind), each group shuffled, and one record taken from each group in turn
until 60 are drawn; records of the first sample are left out.

The third pass (`--third`, verdicts in claims_audit_third.yml) is no sample: it lists every statement of data/
at THIRD_BASE (main before its edits) that is counted checked on exactly one `agrees` record, lists no claims
and holds no record of either sample, in the order coaches read them (skills, sequences, rulings, then the
other kinds; engine options last). Its verdicts are per statement: `whole`, `part` (the statement is now
split into claims), `none` (the source does not say it) or `unreadable` (the cited place could not be read).
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

from plugins.data.model import KIND_BY_FOLDER, Entity, Repository
from plugins.data.yamlio import parse_with_lines
from plugins.data.verification import records, statements

SEED = 21
BASE = "c07e07c"  # main when the sample was drawn (issue 21, part 2)
SIZE = 30
VERDICTS_FILE = Path(__file__).with_name("claims_sample.yml")
SECOND_SEED = 2119
SECOND_BASE = "64b5984"  # main when the second sample was drawn
SECOND_SIZE = 60
SECOND_VERDICTS_FILE = Path(__file__).with_name("claims_sample_second.yml")
THIRD_BASE = "b098a0e"  # main when the third pass was listed
THIRD_VERDICTS_FILE = Path(__file__).with_name("claims_audit_third.yml")
# The order coaches read the kinds in: the audit starts with the statements most read.
READING_ORDER = ("skill", "sequence", "ruling", "star-rule", "roll", "table", "term", "target", "engine-option")


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


def single_record(repo, sampled: frozenset) -> list[tuple[str, int, dict]]:
    """[(statement id, record index, record)]: every statement of `repo` whose only `agrees` record makes it
    checked, that lists no claims and whose (entity id, `of`) is not in `sampled`, in READING_ORDER of its
    entity's kind, then entity id, then reading order within the entity."""
    found = []
    held = [e for e in repo.entities if repo.entities[e].kind in READING_ORDER]
    for entity_id in sorted(held, key=lambda e: (READING_ORDER.index(repo.entities[e].kind), e)):
        entity = repo.entities[entity_id]
        recs = records(entity)
        for statement in statements(entity):
            agrees = [(i, r) for i, r in recs if r.get("of") == statement.of and r.get("verdict") == "agrees"]
            if len(agrees) == 1 and not statement.claims and (entity_id, statement.of) not in sampled:
                found.append((statement.id, *agrees[0]))
    return found


def sampled_statements() -> frozenset:
    """{(entity id, `of`)}: the statements whose records the first two samples drew."""
    first_repo, second_repo = _load_at(BASE), _load_at(SECOND_BASE)
    first = sample(first_repo)
    second = spread_sample(second_repo, leave_out=frozenset((e, i) for e, i, _ in first))
    return frozenset((e, str(r["of"])) for e, _, r in first + second)


def _tally(keys: list[str], verdicts_file: Path) -> str:
    verdicts = yaml.safe_load(verdicts_file.read_text(encoding="utf-8")) or {}
    counts: dict[str, int] = {}
    for key in keys:
        verdict = (verdicts.get(key) or {}).get("verdict", "not reviewed")
        counts[verdict] = counts.get(verdict, 0) + 1
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + f" (of {len(keys)})"


def _third(tally: bool) -> None:
    repo = _load_at(THIRD_BASE)
    listed = single_record(repo, sampled_statements())
    if tally:
        print(_tally([statement_id for statement_id, _, _ in listed], THIRD_VERDICTS_FILE))
        return
    for n, (statement_id, i, record) in enumerate(listed, 1):
        entity = repo.entities[statement_id.partition("#")[0]]
        print(f"{n:4}. {statement_id}  checked[{i}] edition={record['edition']}  at: {record.get('at')}")
        print(f"      text: {_text(entity, str(record['of']))}")
    print(f"{len(listed)} statements counted checked on one record, outside both samples")


def _load_at(commit: str) -> Repository:
    """data/ at `commit`, read as entities without the field and language checks: the checks have grown since
    the samples were drawn (a French elision rule refuses texts main then held), and the draw needs the records
    and statements only."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", commit, "data"], check=True, capture_output=True).stdout
        tarfile.open(fileobj=io.BytesIO(archive)).extractall(tmp, filter="data")
        data_dir = Path(tmp) / "data"
        repo = Repository(root=Path(tmp))
        for folder, kind in KIND_BY_FOLDER.items():
            for path in sorted((data_dir / folder).glob("*.yml")):
                data, lines = parse_with_lines(path.read_text(encoding="utf-8"))
                entity = Entity(kind=kind, slug=path.stem, file=f"data/{folder}/{path.name}", data=data, lines=lines)
                repo.entities[entity.id] = entity
        return repo


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
    parser.add_argument("--third", action="store_true",
                        help="every statement still checked on one record, outside both samples")
    args = parser.parse_args()
    if args.third:
        _third(args.tally)
        return
    if args.second:
        first = frozenset((e, i) for e, i, _ in sample(_load_at(BASE)))
        repo = _load_at(SECOND_BASE)
        drawn, verdicts_file = spread_sample(repo, leave_out=first), SECOND_VERDICTS_FILE
    else:
        repo = _load_at(BASE)
        drawn, verdicts_file = sample(repo), VERDICTS_FILE
    if args.tally:
        print(_tally([f"{entity_id}#checked[{i}]" for entity_id, i, _ in drawn], verdicts_file))
        return
    for n, (entity_id, i, record) in enumerate(drawn, 1):
        entity = repo.entities[entity_id]
        print(f"{n:2}. {entity_id}#checked[{i}]  {entity.file}  of={record['of']} edition={record['edition']}")
        print(f"    at: {record.get('at')}")
        print(f"    text: {_text(entity, str(record['of']))}")


if __name__ == "__main__":
    main()
