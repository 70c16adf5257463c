"""The page renderers' Jinja templates: escaping of data text, and a loud failure on a missing value."""
import jinja2
import pytest

from plugins.site.render.templating import render


def test_badges_keep_markdown_references_and_neutralise_tags():
    html = render("badges.html", badges=[{"edition": "bb2020", "label": "Ball &amp; Chain <b>"}])
    assert html == ('<span class="nc-editions"><span class="nc-edition nc-edition-bb2020">'
                    "Ball &amp; Chain &lt;b&gt;</span></span>")


def test_a_value_nobody_passed_fails_the_render():
    with pytest.raises(jinja2.UndefinedError):
        render("badges.html")
