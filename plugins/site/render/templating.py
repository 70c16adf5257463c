"""Jinja templates for the HTML fragments of generated pages (`plugins/site/templates/`).

Page renderers build Markdown; wherever a page needs HTML of our own (badges, cards, forms, result
panels), the markup lives in a template here rather than in Python strings, so that one file shows the
whole shape of a component. Values are escaped by default (`.html` templates); text that is already safe
HTML or Markdown from the renderers is passed through `|safe` explicitly.

Translated UI strings are called as `t("…")` inside templates, as in Python; `make messages` extracts them
(babel.cfg, Jinja's own extractor).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2
import markupsafe

from ...data.text import no_markup

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The one Jinja environment of the page renderers: autoescaped `.html`, unknown names are errors
    (a template that reads a value nobody passed fails the build instead of printing nothing)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    # Text from data/ is Markdown: `{{ label|md_text }}` keeps its `&amp;`-style references as written and
    # only neutralises what could open a tag or end an attribute (as `no_markup` does everywhere else).
    env.filters["md_text"] = lambda text: markupsafe.Markup(no_markup(str(text)))
    return env


def render(name: str, **values: object) -> str:
    """The template `name` (a path under `plugins/site/templates/`) filled with `values`, as a string.

    Raises `jinja2.TemplateNotFound` for an unknown template and `jinja2.UndefinedError` when the template
    reads a value not passed. Markdown pages embed the result, so a template that must stay on one line
    (inline HTML inside a paragraph or table cell) ends without a newline and uses `{%- -%}` trimming.
    """
    return environment().get_template(name).render(**values)
