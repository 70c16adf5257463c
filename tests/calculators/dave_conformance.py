"""Run BloodBowlDave's public test vectors through :mod:`calculators.compat.dave` and our chain resolver.

Shared by ``tests/calculators/test_dave_vectors.py`` (which asserts) and
``benchmarks/bench_dave_vectors.py`` (which prints the figures).  Data: ``dave_vectors.yml``
(their inputs and expected numbers) and ``dave_differences.yml`` (the vectors we compute
differently, each with the rules reading that explains it), both next to this file.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path


from calculators.chain import summary
from calculators.compat.dave import translate
from calculators.errors import CalcError
from calculators.notation import parse_chain
from yaml_files import read_yaml

HERE = Path(__file__).parent
#: their results are printed to 5 decimals: agreeing means within half a unit of the last one
TOLERANCE = Fraction(1, 200_000)


def vectors() -> list[dict]:
    """Their vectors: ``{"group", "input", "rerolls", "expected": [float, ...]}``."""
    return read_yaml(HERE / "dave_vectors.yml")["vectors"]


def key(vector: dict) -> tuple[str, int]:
    """A vector's identity: their input and rerolls setting (an input appears with several settings)."""
    return vector["input"], vector["rerolls"]


def differences() -> dict[tuple[str, int], dict]:
    """The vectors we compute differently: :func:`key` -> ``{"check", "explanation", "reading"?}``."""
    data = read_yaml(HERE / "dave_differences.yml")
    return {key(d): d for d in data["differences"]}


@dataclass(frozen=True)
class Outcome:
    """One vector's fate: ``status`` ``agrees`` | ``differs`` | ``refused``; ``notation`` ours
    (None when refused); ``ours`` our results (floats, as many as theirs); ``reason`` and ``token``
    of a refusal; ``message`` its English text."""

    vector: dict
    status: str
    notation: str | None = None
    ours: tuple[float, ...] = ()
    reason: str | None = None
    token: str | None = None
    message: str | None = None


def agree(ours, theirs) -> bool:
    """Each of their printed values agrees with ours (Fractions) within :data:`TOLERANCE`."""
    return all(abs(o - Fraction(str(x))) <= TOLERANCE for o, x in zip(ours, theirs, strict=True))


def solve(vector: dict, reading: str | None = None) -> tuple[Fraction, ...]:
    """Our success chances (Fractions) of a translatable vector for 0..len(expected)-1 team re-rolls."""
    t = translate(vector["input"])
    chain = parse_chain(t.notation, t.edition, reading if t.edition == "bb2025" else None).chain
    return tuple(r.success for r in summary(chain, len(vector["expected"]) - 1))


def run(vector: dict) -> Outcome:
    """Translate one vector, solve it for 0..rerolls team re-rolls and compare index by index."""
    try:
        t = translate(vector["input"])
    except CalcError as e:
        return Outcome(vector, "refused", reason=e.details["reason"], token=e.details["text"], message=e.message)
    chain = parse_chain(t.notation, t.edition).chain
    rows = summary(chain, len(vector["expected"]) - 1)
    ours = tuple(r.success for r in rows)
    status = "agrees" if agree(ours, vector["expected"]) else "differs"
    return Outcome(vector, status, t.notation, tuple(float(o) for o in ours))


def run_all() -> list[Outcome]:
    """Every vector's :class:`Outcome`, in their order."""
    return [run(v) for v in vectors()]


def check_translation(theirs: str, ours: str, edition: str = "bb2025") -> None:
    """Assert that their sequence ``theirs`` translates to exactly ``ours`` in ``edition``, which our parser reads."""
    t = translate(theirs)
    assert (t.notation, t.edition) == (ours, edition)
    parse_chain(t.notation, t.edition)
