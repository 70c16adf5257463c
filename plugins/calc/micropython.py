"""Build the `calculators` package for MicroPython, mechanically, from the same source (issue 26, item 11).

    .venv/bin/python -m plugins.calc.micropython OUT_DIR

writes ``OUT_DIR/calculators/`` (each module rewritten by :func:`transform`) and ``OUT_DIR/mpshim/`` (the
stand-ins of the standard library, `plugins/calc/mpshim/`).  The rules are never edited by hand: every
difference from the source is one of these rewrites, each with the same meaning under CPython
(tests/calculators/test_micropython_transform.py runs both forms under CPython and compares):

- ``from __future__`` imports dropped; every annotation dropped (``x: T = v`` becomes ``x = v``);
- imports of ``fractions``, ``dataclasses``, ``typing``, ``functools``, ``itertools``, ``math``, ``json``,
  ``re``, ``reprlib``, ``unicodedata``, ``collections.abc``, ``importlib.resources`` point to ``mpshim``;
- ``@dataclass(...)`` gets ``_fields=(names...)``, the annotated names of the class body in order (MicroPython
  keeps no trace of ``x: int`` without a value, so the shim could not find them otherwise);
- dict displays, comprehensions, ``dict(...)``, ``dict.fromkeys`` and ``dict`` as a base class become
  OrderedDicts (MicroPython's dict does not keep insertion order, and the JSON answers show it);
- ``{**a, ...}`` becomes ``merge(...)``; ``*x`` inside a tuple, list or set display becomes a concatenation;
- f-strings become ``str.format`` calls (MicroPython does not parse a string literal inside one's braces);
- calls of the str/int methods MicroPython lacks (``title``, ``ljust``, ``bit_length``, ``translate``) and
  ``str.maketrans`` go through ``mpshim.core``, and so do ``strip``, ``lstrip``, ``rstrip``, ``split`` and
  ``isspace`` without arguments (MicroPython's know ASCII white space only); ``__package__`` becomes the
  module's package name;
- a subscripted type in a type alias (``tuple[int, int]``) becomes the bare type;
- ``<``, ``<=``, ``>``, ``>=`` (a chain as ``and`` of pairs, when its middle operands are plain names), ``min``
  and ``max`` go through ``mpshim.core`` helpers that try the reflected comparison, as CPython does and
  MicroPython does not (``1 <= Fraction(1, 2)`` raises TypeError there); ``a & b`` keeps a frozenset;
  a slice with a step of a tuple or str goes through a helper (MicroPython steps lists only);
- ``repr(...)`` and ``!r`` go through ``mpshim.core.repr_`` (MicroPython escapes every non-ASCII character of a
  str's repr, CPython only the unprintable ones: ``'é'``, not ``'\\xe9'``);
- ``RecursionError`` (not in MicroPython, which raises RuntimeError there) comes from ``mpshim.core``;
- ``f.__test__ = False`` (a marker for pytest) is dropped: MicroPython's functions take no attributes.
"""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIMS = Path(__file__).resolve().parent / "mpshim"

#: standard modules the package imports -> the module that stands in for them under MicroPython
REDIRECT = {name: f"mpshim.{name}" for name in
            ("fractions", "dataclasses", "typing", "functools", "itertools", "math", "json", "re", "reprlib",
             "unicodedata")}
REDIRECT.update({"collections.abc": "mpshim.abc", "importlib.resources": "mpshim.resources"})

#: methods of str and int that MicroPython's lack; their calls go through ``mpshim.core.call``
MISSING_METHODS = frozenset({"title", "ljust", "bit_length", "translate"})

#: str methods that MicroPython's strings do on ASCII white space only (CPython: any Unicode white space, U+00A0,
#: U+001F, U+3000...); their calls without arguments go through ``mpshim.core.space``
SPACE_METHODS = frozenset({"strip", "lstrip", "rstrip", "split", "isspace"})

#: types subscripted in type aliases only (``tuple[int, int]``, ``Mapping[str, Any]``): the subscript is dropped
GENERICS = frozenset({"tuple", "dict", "list", "set", "frozenset", "type", "Mapping", "Sequence", "Callable",
                      "Iterable", "Hashable", "Optional", "Union", "ClassVar"})

#: order comparisons -> the mpshim.core helper that also tries the reflected one (MicroPython does not)
ORDERS = {ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge"}


def _simple(node: ast.expr) -> bool:
    """True for an operand that can be evaluated twice with no effect: a name, a constant, an attribute of one."""
    if isinstance(node, (ast.Name, ast.Constant)):
        return True
    return isinstance(node, ast.Attribute) and _simple(node.value)


def _plain_number(node: ast.expr) -> bool:
    """True for an int constant or a ``len(...)``: a comparison with it needs no reflected method."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, str)) and not isinstance(node.value, bool)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"


#: modules of calculators/ not built: the command line (argparse, textwrap; the browser calls the API)
SKIPPED = frozenset({"__main__.py"})


def _core(name: str) -> ast.expr:
    return ast.Name(id=f"_mp_{name}", ctx=ast.Load())


def _call(func: ast.expr, *args: ast.expr, keywords: list[ast.keyword] | None = None) -> ast.Call:
    return ast.Call(func=func, args=list(args), keywords=keywords or [])


def _is_dataclass_decorator(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return (isinstance(target, ast.Name) and target.id == "dataclass") or (
        isinstance(target, ast.Attribute) and target.attr == "dataclass")


def _is_classvar(annotation: ast.expr) -> bool:
    base = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return (isinstance(base, ast.Name) and base.id == "ClassVar") or (
        isinstance(base, ast.Attribute) and base.attr == "ClassVar")


def _concat(parts: list[ast.expr], kind: str) -> ast.expr:
    """``(a, *b, c)`` as ``(a,) + tuple(b) + (c,)``; lists and sets alike (sets through a list)."""
    pieces: list[ast.expr] = []
    plain: list[ast.expr] = []
    maker = ast.Tuple if kind == "tuple" else ast.List
    for elt in parts:
        if isinstance(elt, ast.Starred):
            if plain:
                pieces.append(maker(elts=plain, ctx=ast.Load()))
                plain = []
            pieces.append(_call(ast.Name(id="tuple" if kind == "tuple" else "list", ctx=ast.Load()), elt.value))
        else:
            plain.append(elt)
    if plain:
        pieces.append(maker(elts=plain, ctx=ast.Load()))
    out = pieces[0]
    for piece in pieces[1:]:
        out = ast.BinOp(left=out, op=ast.Add(), right=piece)
    return _call(ast.Name(id="set", ctx=ast.Load()), out) if kind == "set" else out


class _Rewriter(ast.NodeTransformer):
    """The rewrites listed in the module docstring; ``package`` is the dotted package of the module."""

    def __init__(self, package: str) -> None:
        self.package = package
        self.used: set[str] = set()

    def use(self, name: str) -> ast.expr:
        self.used.add(name)
        return _core(name)

    # imports ---------------------------------------------------------------------------------------------
    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST | None:
        if node.module == "__future__":
            return None
        if node.level == 0 and node.module in REDIRECT:
            node.module = REDIRECT[node.module]
        return node

    def visit_Import(self, node: ast.Import) -> ast.AST | list[ast.AST]:
        out: list[ast.AST] = []
        for alias in node.names:
            if alias.name in REDIRECT:
                parent, _, leaf = REDIRECT[alias.name].rpartition(".")
                out.append(ast.ImportFrom(module=parent, names=[ast.alias(name=leaf, asname=alias.asname or alias.name)],
                                          level=0))
            else:
                out.append(ast.Import(names=[alias]))
        return out

    # annotations -----------------------------------------------------------------------------------------
    def _strip_args(self, args: ast.arguments) -> None:
        for arg in args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]:
            arg.annotation = None

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        self._strip_args(node.args)
        node.returns = None
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node: ast.Assign) -> ast.AST | None:
        if all(isinstance(t, ast.Attribute) and t.attr == "__test__" for t in node.targets):
            return None  # a pytest marker on a function: MicroPython's functions take no attributes
        self.generic_visit(node)
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if node.value is None:
            return None
        return ast.Assign(targets=[self.visit(node.target)], value=self.visit(node.value))

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        names = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
                 and not _is_classvar(s.annotation)]
        for i, decorator in enumerate(node.decorator_list):
            if _is_dataclass_decorator(decorator):
                call = decorator if isinstance(decorator, ast.Call) else _call(decorator)
                call.keywords.append(ast.keyword(arg="_fields", value=ast.Tuple(
                    elts=[ast.Constant(value=n) for n in names], ctx=ast.Load())))
                node.decorator_list[i] = call
        node.bases = [self.use("OD") if isinstance(b, ast.Name) and b.id == "dict" else b for b in node.bases]
        self.generic_visit(node)
        if not node.body:
            node.body = [ast.Pass()]
        return node

    # dicts -----------------------------------------------------------------------------------------------
    def visit_Dict(self, node: ast.Dict) -> ast.AST:
        self.generic_visit(node)
        if all(k is not None for k in node.keys):
            pairs = [ast.Tuple(elts=[k, v], ctx=ast.Load()) for k, v in zip(node.keys, node.values)]
            return _call(self.use("od"), ast.List(elts=pairs, ctx=ast.Load())) if pairs else _call(self.use("od"))
        parts: list[ast.expr] = []
        for key, value in zip(node.keys, node.values):
            if key is None:
                parts.append(value)
            elif parts and isinstance(parts[-1], ast.List):
                parts[-1].elts.append(ast.Tuple(elts=[key, value], ctx=ast.Load()))
            else:
                parts.append(ast.List(elts=[ast.Tuple(elts=[key, value], ctx=ast.Load())], ctx=ast.Load()))
        return _call(self.use("merge"), *parts)

    def visit_DictComp(self, node: ast.DictComp) -> ast.AST:
        self.generic_visit(node)
        pairs = ast.GeneratorExp(elt=ast.Tuple(elts=[node.key, node.value], ctx=ast.Load()), generators=node.generators)
        return _call(self.use("od"), pairs)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id == "dict":
            node.func = self.use("odict")
        elif isinstance(func, ast.Name) and func.id in ("min", "max", "repr"):
            node.func = self.use(func.id + "_")
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in ("dict", "str"):
            if (func.value.id, func.attr) == ("dict", "fromkeys"):
                node.func = self.use("fromkeys")
            elif (func.value.id, func.attr) == ("str", "maketrans"):
                node.func = self.use("maketrans")
        elif isinstance(func, ast.Attribute) and func.attr in MISSING_METHODS and not node.keywords:
            return _call(self.use("call"), ast.Constant(value=func.attr), func.value, *node.args)
        elif isinstance(func, ast.Attribute) and func.attr in SPACE_METHODS and not node.args and not node.keywords:
            return _call(self.use("space"), ast.Constant(value=func.attr), func.value)
        return node

    def visit_keyword(self, node: ast.keyword) -> ast.AST:
        self.generic_visit(node)
        if node.arg == "default_factory" and isinstance(node.value, ast.Name) and node.value.id == "dict":
            node.value = self.use("od")
        return node

    # displays and f-strings -------------------------------------------------------------------------------
    def _display(self, node: ast.expr, kind: str) -> ast.AST:
        self.generic_visit(node)
        if any(isinstance(e, ast.Starred) for e in node.elts) and isinstance(getattr(node, "ctx", ast.Load()), ast.Load):
            return _concat(node.elts, kind)
        return node

    def visit_Tuple(self, node: ast.Tuple) -> ast.AST:
        return self._display(node, "tuple")

    def visit_List(self, node: ast.List) -> ast.AST:
        return self._display(node, "list")

    def visit_Set(self, node: ast.Set) -> ast.AST:
        return self._display(node, "set")

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        template, args = self._template(node)
        if not args:
            return ast.Constant(value=template)
        return _call(ast.Attribute(value=ast.Constant(value=template), attr="format", ctx=ast.Load()), *args)

    def _template(self, node: ast.JoinedStr) -> tuple[str, list[ast.expr]]:
        template, args = "", []
        for part in node.values:
            if isinstance(part, ast.Constant):
                template += part.value.replace("{", "{{").replace("}", "}}")
                continue
            conversion = {-1: "", 115: "!s", 114: "", 97: "!a"}[part.conversion]
            value = _call(self.use("repr_"), self.visit(part.value)) if part.conversion == 114 else self.visit(part.value)
            spec = ""
            if part.format_spec is not None:
                spec_template, spec_args = self._template(part.format_spec)
                if spec_args:  # a computed spec: format it first, then apply it
                    spec_text = _call(ast.Attribute(value=ast.Constant(value=spec_template), attr="format",
                                                    ctx=ast.Load()), *spec_args)
                    inner = _call(ast.Attribute(value=ast.BinOp(
                        left=ast.BinOp(left=ast.Constant(value="{" + conversion + ":"), op=ast.Add(), right=spec_text),
                        op=ast.Add(), right=ast.Constant(value="}")), attr="format", ctx=ast.Load()), value)
                    template += "{}"
                    args.append(inner)
                    continue
                spec = ":" + spec_template
            template += "{" + conversion + spec + "}"
            args.append(value)
        return template, args

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id in GENERICS and isinstance(node.ctx, ast.Load):
            return node.value  # a type alias (``Square = tuple[int, int]``): MicroPython's types take no subscript
        self.generic_visit(node)
        if isinstance(node.slice, ast.Slice) and node.slice.step is not None and isinstance(node.ctx, ast.Load):
            none = ast.Constant(value=None)
            return _call(self.use("slice_"), node.value, node.slice.lower or none, node.slice.upper or none,
                         node.slice.step)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        operands = [node.left] + node.comparators
        if not any(isinstance(op, tuple(ORDERS)) for op in node.ops):
            return node
        if len(node.ops) > 1 and not all(_simple(o) for o in operands[1:-1]):
            return node  # a chain whose middle operand would be evaluated twice: left native
        pairs = []
        for left, op, right in zip(operands, node.ops, operands[1:]):
            if isinstance(op, tuple(ORDERS)) and not (_plain_number(left) and _plain_number(right)):
                pairs.append(_call(self.use(ORDERS[type(op)]), left, right))
            else:
                pairs.append(ast.Compare(left=left, ops=[op], comparators=[right]))
        return pairs[0] if len(pairs) == 1 else ast.BoolOp(op=ast.And(), values=pairs)

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.BitAnd) and not (_plain_number(node.left) or _plain_number(node.right)):
            return _call(self.use("and_"), node.left, node.right)
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id == "__package__" and isinstance(node.ctx, ast.Load):
            return ast.Constant(value=self.package)
        if node.id == "RecursionError" and isinstance(node.ctx, ast.Load):
            return self.use("RecursionError")
        return node


def transform(source: str, package: str = "calculators") -> str:
    """MicroPython-compatible source of one module of calculators/ (``package``: its dotted package).

    Raises SyntaxError if ``source`` is not valid Python (CPython's grammar).
    """
    tree = ast.parse(source)
    rewriter = _Rewriter(package)
    tree = rewriter.visit(tree)
    if rewriter.used:
        names = ", ".join(f"{n} as _mp_{n}" for n in sorted(rewriter.used))
        prelude = ast.parse(f"from mpshim.core import {names}").body
        body = tree.body
        at = 1 if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) else 0
        tree.body = body[:at] + prelude + body[at:]
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def build(out: Path, source: Path = ROOT / "calculators") -> list[Path]:
    """Write the rewritten package to ``out/calculators`` and the shims to ``out/mpshim``; return the files."""
    written: list[Path] = []
    target = out / "calculators"
    if target.exists():
        shutil.rmtree(target)
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if path.is_dir() or "__pycache__" in relative.parts or relative.name in SKIPPED:
            continue
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".py":
            package = ".".join(("calculators",) + relative.parts[:-1])
            destination.write_text(transform(path.read_text(encoding="utf-8"), package), encoding="utf-8")
        elif path.suffix == ".json":
            shutil.copyfile(path, destination)
        else:
            continue
        written.append(destination)
    return written + write_shims(out / "mpshim")


def unprintable_ranges() -> list[int]:
    """The code points that this CPython's ``str.isprintable`` refuses (and ``repr`` escapes), as a flat list of
    inclusive ranges ``[low, high, low, high, ...]``: unassigned ones included, from its Unicode database."""
    out: list[int] = []
    start = None
    for code in range(0x110000):
        if not chr(code).isprintable():
            if start is None:
                start = code
        elif start is not None:
            out += [start, code - 1]
            start = None
    if start is not None:
        out += [start, 0x10FFFF]
    return out


def write_shims(folder: Path) -> list[Path]:
    """Write the shims (plugins/calc/mpshim/) into ``folder``, replacing it, plus ``unprintable.py``: the ranges of
    :func:`unprintable_ranges`, which ``mpshim.core.repr_str`` reads (MicroPython has no Unicode database)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    written = []
    for path in sorted(SHIMS.glob("*.py")):
        shutil.copyfile(path, folder / path.name)
        written.append(folder / path.name)
    ranges = unprintable_ranges()
    rows = ",\n".join(", ".join(str(n) for n in ranges[i:i + 16]) for i in range(0, len(ranges), 16))
    table = folder / "unprintable.py"
    table.write_text(f'"""Written by plugins/calc/micropython.py from CPython {sys.version.split()[0]}: the inclusive ranges of '
                     f'code points\nthat str.isprintable refuses, flat (low, high, low, high, ...)."""\n\nRANGES = (\n{rows},\n)\n',
                     encoding="utf-8")
    return written + [table, write_unicode_tables(folder / "unicodetables.py")]


def write_unicode_tables(path: Path) -> Path:
    """Write the NFKC tables that ``mpshim.unicodedata`` reads, from this CPython's Unicode database: each code
    point's full compatibility decomposition (Hangul syllables left to arithmetic), each combining class, and
    each primary composite by its pair (those that NFC recomposes: composition exclusions left out)."""
    import unicodedata
    decomposed, combining, composed = [], [], []
    for code in range(0x110000):
        if 0xAC00 <= code < 0xAC00 + 11172 or 0xD800 <= code <= 0xDFFF:
            continue
        c = chr(code)
        nfkd = unicodedata.normalize("NFKD", c)
        if nfkd != c:
            decomposed.append(c + nfkd)
        if unicodedata.combining(c):
            combining.append(c + chr(unicodedata.combining(c)))
        parts = unicodedata.decomposition(c).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            first, second = (chr(int(p, 16)) for p in parts)
            if unicodedata.normalize("NFC", first + second) == c:
                composed.append(first + second + c)
    path.write_text(f'"""Written by plugins/calc/micropython.py from CPython {sys.version.split()[0]} (Unicode '
                    f'{unicodedata.unidata_version}): NFKC tables\nfor mpshim.unicodedata, as strings of characters."""'
                    f'\n\nDECOMPOSED = {chr(0).join(decomposed)!r}\n\nCOMBINING = {"".join(combining)!r}\n\n'
                    f'COMPOSED = {"".join(composed)!r}\n', encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    """Command line: build into the one folder given; status 2 on a usage error."""
    if len(argv) != 1:
        print("usage: python -m plugins.calc.micropython OUT_DIR", file=sys.stderr)
        return 2
    files = build(Path(argv[0]))
    print(f"{len(files)} files written under {argv[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
