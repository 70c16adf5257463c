"""Issue 20: rendering does not depend on shipping the runtime. The page renderers never import the plugin that
ships Pyodide (plugins/calc), and no form repeats the runtime's files and versions: the page reads them once
from the build's runtime.json (plugins/calc/runtime_settings.py; tests/site/test_runtime_json.py)."""
from __future__ import annotations

import ast
import html
import re
from pathlib import Path

from plugins.site.messages import Messages
from plugins.site.render.blockcalc import block_calculator
from plugins.site.render.calculator import render
from plugins.site.render.context import BackLinks, PageContext, rule_book

RENDER = Path(__file__).resolve().parents[2] / "plugins" / "site" / "render"


def test_no_page_renderer_imports_the_runtime_shipping_plugin():
    for path in sorted(RENDER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = "." * node.level + (node.module or "")
                assert not re.match(r"^(\.\.\.calc\b|plugins\.calc\b)", target), f"{path.name} imports {target}"
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("plugins.calc") for a in node.names), path.name


def test_a_form_repeats_no_runtime_setting_and_keeps_the_build_answers(repo):
    ctx = PageContext(repo, "fr", Messages("fr"), "calculators/block.md", BackLinks.build(repo))
    markup = render(ctx, block_calculator(ctx), rule_book(repo))
    form = re.search(r"<form([^>]*)>", markup).group(1)
    attrs = {name: html.unescape(value) for name, value in re.findall(r' (data-[a-z-]+)="([^"]*)"', form)}
    assert not {"data-runtime", "data-runtime-files", "data-package", "data-snapshot", "data-lock", "data-rules"} & set(attrs)
    assert "data-answers" in attrs  # the build's answers are still there
