"""The MicroPython rewrite (plugins/calc/micropython.py) keeps the meaning: CPython runs each construct as
written and as rewritten (with the shims of plugins/calc/mpshim) and gets the same values.

Known difference, by design: dicts become OrderedDicts, whose ``repr`` is ``OrderedDict(...)``; the JSON answers
do not show a repr of a dict (``calculators.errors.shown`` uses reprlib, whose shim writes ``{...}``).
"""

from __future__ import annotations

import ast
import sys
import tempfile
import textwrap
import types
from pathlib import Path

import pytest

from plugins.calc.micropython import transform, write_shims

# the rewritten code imports ``mpshim`` as a top-level package, as the build lays it out; a copy of it alone on
# sys.path (not plugins/calc/, whose other modules would then shadow top-level names)
_SHIM_ROOT = Path(tempfile.mkdtemp(prefix="mpshim-"))
write_shims(_SHIM_ROOT / "mpshim")
sys.path.insert(0, str(_SHIM_ROOT))

CASES = {
    "dict-unpacking": """
        base = {"b": 2, "a": 1}
        result = {"z": 0, **base, "a": 9, **{"q": 3}}
        """,
    "tuple-list-set-star": """
        xs = [3, 4]
        result = ((1, *xs, 5), [0, *xs, *range(2)], sorted({7, *xs}))
        """,
    "fstring-with-quotes": """
        names = ["a", "b"]
        width = 6
        result = [f"{', '.join(names)}!", f"{1/3:.3f}|{'x'!r}|{7:>{width}}|{{}}", f"{names[0]=}"]
        """,
    "dataclass-frozen": """
        from dataclasses import dataclass, field, replace
        from typing import ClassVar

        @dataclass(frozen=True)
        class Base:
            a: int
            b: str = "x"

        @dataclass(frozen=True)
        class Child(Base):
            kind: ClassVar[str] = "child"
            c: tuple = ()
            d: dict = field(default_factory=dict, repr=False)  # an OrderedDict's repr differs (see the module doc)
            e: int = field(default=0, compare=False, repr=False)

        one = Child(1, c=(2,), e=5)
        two = replace(one, b="y")
        try:
            one.a = 3
            frozen = False
        except AttributeError:
            frozen = True
        result = [repr(one), repr(two), one == Child(1, "x", (2,), {}, 7), hash(Base(1)) == hash(Base(1, "x")),
                  frozen, Child.kind, one != two]
        """,
    "annotations": """
        from __future__ import annotations
        Square = tuple[int, int]
        def f(x: int, *rest: str, key: Square | None = None) -> dict[str, int]:
            y: int = x + 1
            z: str
            return {"y": y, "rest": len(rest)}
        result = f(1, "a", key=(1, 2))
        """,
    "ordered-dicts": """
        result = [list({"z": 1, "a": 2, "m": 3}), list({k: 0 for k in "zyx"}), list(dict(b=1, a=2)),
                  list(dict.fromkeys("qpr"))]
        """,
    "missing-methods": """
        table = str.maketrans({"、": ",", "−": "-"})
        result = ["some words-here".title(), "ab".ljust(5) + "|", (2 ** 70).bit_length(), "1、2−3".translate(table),
                  "\xa0a b\x1f".strip(), " a\u3000b ".split(), "\x85".isspace(), "x ".rstrip(), " x".lstrip(), "a,b".split(",")]
        """,
    "fractions-float": """
        from fractions import Fraction
        result = [float(Fraction(2 ** 80 + 1, 3 ** 40)), str(Fraction(6, 4) ** 2 - 1), Fraction(1, 3) < Fraction(1, 2)]
        """,
    "regex": r"""
        import re
        m = re.fullmatch(r"([AJ])(\d+)([a-z]*)", "J12ab")
        result = [m.groups(), m.start(2), re.findall(r"([a-z]?)([0-9]*)", "a1b22"), re.sub(r"\s+", "", " a\u3000b "),
                  bool(re.match(r"G(\d)(?=,|\Z)", "G4,")), re.match(r"x{2,3}", "xxxx").group()]
        """,
    "reflected-comparisons-and-slices": """
        from fractions import Fraction
        half, calls = Fraction(1, 2), []
        def three():
            calls.append(3)
            return 3
        result = [1 <= half, 0 < half < 1, 2 > half, str(max(0, half, Fraction(1, 3))), str(min([half, 1], key=lambda v: -v)),
                  (1, 2, 3)[::-1], "abc"[::2], [1, 2, 3][1::-1], type(frozenset({1, 2}) & {2}).__name__,
                  5 & 3, 4 > three() > 5, calls]
        """,
    "repr-of-non-ascii": r"""
        import reprlib
        short = reprlib.Repr()
        text = "é日\u3000\x85'q"
        result = [repr(text), f"{text!r}|{'a'!r:>6}", repr(["ドッジ", ("x",)]), short.repr(["Passe", "日本" * 40])]
        """,
    "json-order-and-errors": r"""
        import json
        try:
            json.loads('{"a": 1,}')
        except ValueError as e:
            error = str(e)
        result = [list(json.loads('{"z": 1, "a": [1.5, "\u00e9"]}')), error]
        """,
}


def _run(source: str) -> object:
    module = types.ModuleType("micropython_case")
    sys.modules[module.__name__] = module  # CPython's dataclasses looks the class's module up
    try:
        exec(compile(source, "<case>", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module.__dict__["result"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_rewrite_gives_the_same_values(name):
    source = textwrap.dedent(CASES[name])
    rewritten = transform(source)
    assert _run(rewritten) == _run(source)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_rewrite_has_none_of_the_constructs_micropython_lacks(name):
    tree = ast.parse(transform(textwrap.dedent(CASES[name])))
    for node in ast.walk(tree):
        assert not isinstance(node, (ast.JoinedStr, ast.AnnAssign, ast.DictComp)), ast.dump(node)[:80]
        assert not (isinstance(node, ast.Dict) and None in node.keys)
        assert not (isinstance(node, (ast.Tuple, ast.List, ast.Set))
                    and any(isinstance(e, ast.Starred) for e in node.elts) and isinstance(node.ctx, ast.Load)
                    if hasattr(node, "ctx") else isinstance(node, ast.Set) and any(isinstance(e, ast.Starred) for e in node.elts))
        if isinstance(node, ast.ImportFrom):
            assert node.module != "__future__"
        if isinstance(node, ast.arg):
            assert node.annotation is None
