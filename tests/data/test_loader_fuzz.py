"""Fuzz the data loader with damaged copies of the fixture files (issue 12, defect 7): every problem is a
located message (DataError, `file:line`), never a traceback. Derandomised and bounded, so CI always runs
the same examples; benchmarks/fuzz_loader.py runs longer and prints its counts."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from yaml_mutations import Mutation, Workspace, mutated_files  # noqa: E402


@settings(derandomize=True, max_examples=120, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])
@given(mutation=mutated_files())
def test_a_damaged_data_file_is_a_located_problem_never_a_traceback(tmp_path_factory, mutation: Mutation):
    workspace = Workspace(tmp_path_factory.getbasetemp() / "loader-fuzz")
    workspace.load(mutation)


def _swapped(file: str, path: tuple, value) -> Mutation:
    import yaml

    from yaml_mutations import FIXTURE_DATA, _replace

    data = yaml.safe_load((FIXTURE_DATA / file).read_text(encoding="utf-8"))
    return Mutation(file, f"swap {path}", yaml.safe_dump(_replace(data, path, value), sort_keys=False))


# What the fuzzer found: each was a TypeError traceback before.
FOUND = [
    _swapped("rolls/pass-bb2020.yml", ("modifiers", 1, "key"), {"a": 1}),      # a map as a unique key
    _swapped("sequences/pick-up.yml", ("editions",), [["classic"], "bb2016"]),  # cross-checks on a bad shape
    _swapped("sequences/pick-up.yml", ("steps", 0, "key"), {"x": 1}),
]


@pytest.mark.parametrize("mutation", FOUND, ids=lambda m: f"{m.file} {m.what}")
def test_what_the_fuzzer_found_is_located(tmp_path, mutation):
    assert Workspace(tmp_path).load(mutation) == "refused"
