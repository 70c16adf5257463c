"""Package-wide checks: standard library only, Python 3.11 syntax, documented public API."""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[2] / "calculators"
# every module, subpackages included (the browser bundle ships them all: plugins/calc/bundle.py)
MODULES = sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


def dotted(path: Path) -> str:
    """``chain/solver.py`` -> ``chain.solver``; a package's ``__init__.py`` -> the package (``""`` at the top)."""
    parts = path.relative_to(PKG).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


OWN = {dotted(p) for p in MODULES}


def _rel(path: Path) -> str:
    return path.relative_to(PKG).as_posix()


def test_package_has_modules():
    assert "api" in OWN and "rolls" in OWN and "chain.solver" in OWN and len(MODULES) >= 5


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_imports_are_standard_library(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                assert top in sys.stdlib_module_names, f"{path.name}:{node.lineno}: import {alias.name}"
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: must name one of our own modules (or, ``from . import x``, submodules)
                here = dotted(path).split(".") if path.name == "__init__.py" else dotted(path).split(".")[:-1]
                base = [p for p in here[:len(here) - (node.level - 1)] if p]
                target = ".".join(base + ([node.module] if node.module else []))
                names = [".".join(filter(None, (target, a.name))) for a in node.names]
                assert (target in OWN) if node.module else all(n in OWN for n in names), f"{_rel(path)}:{node.lineno}"
            else:
                top = (node.module or "").split(".")[0]
                assert top in sys.stdlib_module_names or top == "__future__", f"{path.name}:{node.lineno}: from {node.module}"


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_python_311_syntax(path: Path):
    ast.parse(path.read_text(encoding="utf-8"), feature_version=(3, 11))


@pytest.mark.parametrize("name", sorted(OWN - {""}))
def test_public_functions_have_docstrings(name: str):
    mod = importlib.import_module(f"calculators.{name}")
    assert mod.__doc__ and len(mod.__doc__) > 40, f"{name}: module docstring"
    for attr in getattr(mod, "__all__", ()):
        obj = getattr(mod, attr)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert obj.__doc__, f"calculators.{name}.{attr} has no docstring"


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_no_float_arithmetic_in_resolvers(path: Path):
    """Floats are for display only: only the API's answers (api/answers.py, ``prob``) may call float()."""
    if _rel(path) == "api/answers.py":
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float":
            pytest.fail(f"{_rel(path)}:{node.lineno}: float() outside api/answers.py")
        if isinstance(node, ast.Constant) and isinstance(node.value, float):
            pytest.fail(f"{_rel(path)}:{node.lineno}: float literal {node.value}")


def test_the_browser_bundle_ships_every_module_and_data_file():
    """The zip the site ships (plugins/calc/bundle.py) holds every module of every subpackage and the data files
    they read, and the package imports and answers from it alone (as the worker unpacks it)."""
    import json
    import subprocess
    import zipfile
    from io import BytesIO

    from plugins.calc.bundle import calculators_zip

    names = set(zipfile.ZipFile(BytesIO(calculators_zip()[1])).namelist())
    expected = {f"calculators/{_rel(p)}" for p in MODULES} | {"calculators/compat/stars.json"}
    assert expected <= names, sorted(expected - names)
    request = json.dumps({"kind": "dave", "dave": "Zug:2D3,K8", "team_rerolls": 1})
    code = ("import sys, zipfile, io, tempfile; d = tempfile.mkdtemp(); zipfile.ZipFile(sys.argv[1]).extractall(d); "
            "sys.path.insert(0, d); from calculators.api import handle_json; import calculators; "
            "assert calculators.__file__.startswith(d); print(handle_json(sys.argv[2]))")
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        bundle = Path(tmp) / "calculators.zip"
        bundle.write_bytes(calculators_zip()[1])
        out = subprocess.run([sys.executable, "-I", "-c", code, str(bundle), request], capture_output=True, text=True,
                             cwd=tmp, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout)["ok"] is True
