"""Issue 20: rendering does not depend on shipping the runtime. The page renderers never import the plugin that
ships Pyodide (plugins/calc); the runtime's files and versions reach the forms as one value the build passes
(`PageContext.runtime`, a RuntimeInfo from `CalcPlugin.runtime_info`)."""
from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

from plugins.site.messages import Messages
from plugins.site.render.calcpages import block_calculator
from plugins.site.render.calculator import render
from plugins.site.render.context import BackLinks, PageContext, rule_book
from plugins.site.render.runtime import RuntimeInfo

RENDER = Path(__file__).resolve().parents[2] / "plugins" / "site" / "render"
INFO = RuntimeInfo(folder="pyodide/", files=("pyodide.mjs", "python_stdlib.zip"), package="calculators-abc.zip",
                   rules="api/v1/rules.json", lock={"python": "3.12"}, snapshot="snapshot-def.bin", snapshot_bytes=42)


def test_no_page_renderer_imports_the_runtime_shipping_plugin():
    for path in sorted(RENDER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = "." * node.level + (node.module or "")
                assert not re.match(r"^(\.\.\.calc\b|plugins\.calc\b)", target), f"{path.name} imports {target}"
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("plugins.calc") for a in node.names), path.name


def _form_attrs(repo, runtime):
    ctx = PageContext(repo, "fr", Messages("fr"), "calculators/block.md", BackLinks.build(repo), runtime)
    markup = render(ctx, block_calculator(ctx), rule_book(repo))
    form = re.search(r"<form([^>]*)>", markup).group(1)
    return {name: html.unescape(value) for name, value in re.findall(r' (data-[a-z-]+)="([^"]*)"', form)}


def test_a_form_names_the_runtime_the_build_passes_and_nothing_without_one(repo):
    attrs = _form_attrs(repo, INFO)
    # fr/calculators/block/ is three folders below the site root
    assert attrs["data-runtime"] == "../../../pyodide/" and attrs["data-rules"] == "../../../api/v1/rules.json"
    assert json.loads(attrs["data-runtime-files"]) == ["pyodide.mjs", "python_stdlib.zip"]
    assert (attrs["data-package"], attrs["data-snapshot"], attrs["data-snapshot-bytes"]) == (
        "calculators-abc.zip", "snapshot-def.bin", "42")
    assert json.loads(attrs["data-lock"]) == {"python": "3.12"}
    bare = _form_attrs(repo, None)
    assert not {"data-runtime", "data-package", "data-snapshot", "data-lock", "data-rules"} & set(bare)
    assert "data-answers" in bare  # the build's answers are still there
