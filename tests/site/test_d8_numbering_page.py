"""The ball-movement calculator pages show the D8 numbering of the Random Direction Template (issue 23): the
printed template and FUMBBL's clockwise numbering, drawn from calculators.ballmove.direction_template, in every
language, and their forms keep the printed numbering (no d8_numbering field)."""

from __future__ import annotations

import re

import pytest

from calculators.ballmove import direction_template
from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext

HEADING = {"en": "Numbering of the D8", "fr": "Numérotation du D8", "ja": "D8 の番号付け"}


def figures(markdown: str) -> list[list[str]]:
    """The faces of each direction figure, read in drawing order (row by row)."""
    return [re.findall(r">([1-8●])</text>", f) for f in re.findall(r"<figure class=\"nc-template\">.*?</figure>", markdown)]


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("path", ["calculators/scatter.md", "calculators/deviate.md"])
def test_the_page_shows_both_numberings(repo, lang, path):
    ctx = PageContext(repo, lang, Messages(lang), path, BackLinks.build(repo))
    page = generated_pages(repo)[path](ctx)
    assert f"## {HEADING[lang]} {{#d8-numbering}}" in page
    want = [[str(f) if f else "●" for row in direction_template(n)["layout"] for f in row]
            for n in ("template", "fumbbl")]
    assert figures(page.split("{#d8-numbering}")[1]) == want
    assert want[0] == ["1", "2", "3", "4", "●", "5", "6", "7", "8"]
    assert 'name="d8_numbering"' not in page and "botbowl" in page and "FUMBBL" in page
