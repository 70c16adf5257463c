"""Time the data loader's YAML reader on hostile files: an alias bomb (each level a list of 9 aliases of
the level before), a self-referencing alias, deep nesting, a 5,000-digit integer, and, for scale, the
real data check. Every hostile file must be refused at once with its line (plugins/data/yamlio.py).

Prints figures only (no assertions). Run from the project root:

    .venv/bin/python benchmarks/bench_yaml_bombs.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from plugins.data import load_repository  # noqa: E402
from plugins.data.yamlio import YamlSyntaxError, parse_with_lines  # noqa: E402


def bomb(levels: int, width: int = 9) -> str:
    """Billion laughs: level n is a list of `width` aliases of level n-1, so the last expands to width**levels."""
    lines = ["l0: &l0 [lol]"]
    for n in range(1, levels + 1):
        lines.append(f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


CASES = {
    "alias bomb, 9 levels of 9 (3.9e8 values expanded)": bomb(9),
    "self-referencing alias": "a: &a [*a]\n",
    "nesting 10,000 deep": "a: " + "[" * 10_000 + "]" * 10_000 + "\n",
    "nesting 40 deep": "a: " + "[" * 40 + "]" * 40 + "\n",
    "integer of 5,000 digits": "n: " + "7" * 5000 + "\n",
    "complex key": "? [a, b]\n: 1\n",
}


def main() -> None:
    for name, text in CASES.items():
        start = time.perf_counter()
        try:
            parse_with_lines(text)
            outcome = "accepted"
        except YamlSyntaxError as exc:
            outcome = f"refused at line {exc.line}: {str(exc)[:70]}"
        print(f"{name:<52} {1000 * (time.perf_counter() - start):8.2f} ms  {outcome}")
    start = time.perf_counter()
    repo = load_repository(ROOT / "data")
    print(f"{'the real data check (' + str(len(repo.entities)) + ' files)':<52} "
          f"{1000 * (time.perf_counter() - start):8.2f} ms")


if __name__ == "__main__":
    main()
