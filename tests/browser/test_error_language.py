"""Defect 9 of issue 11: no English in French and Japanese pages, resolver errors included.

A throw-in from a square that is not on the pitch's edge passes the form's own checks (both numbers are on
the pitch) and is refused by the resolver. Before, its English message ("square must be an edge square …")
was shown on French and Japanese pages; now the page tells the error's reason in its own language, next to
the field. (tests/site/test_error_reasons.py checks every reason the resolver can give.)
"""
from __future__ import annotations

import json

import pytest

from calculators.api import handle

pytestmark = pytest.mark.browser

BOX = '.nc-calculator:has(form[data-calculator="throw-in"])'


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_resolver_error_is_told_in_the_pages_language(page, web, rules, lang):
    page.goto(web.url + f"{lang}/glossary/?square=5,5")  # the address sets the form and starts Python
    box = page.locator(BOX)
    page.wait_for_selector(f'{BOX} [data-result][data-state="error"]', state="attached")
    strings = json.loads(box.locator("form").get_attribute("data-strings"))
    english = handle({"kind": "throw-in", "edition": box.locator('select[name="edition"]').input_value(),
                      "square": [5, 5]}, rules)["error"]
    assert english["details"]["reason"] == "edge-square"
    note = box.locator('[data-name="square"] [data-nc-message]')
    assert note.inner_text() == strings["reason.edge-square"]
    text = box.inner_text()
    assert english["message"] not in text and "edge square" not in text
    assert box.locator('[lang="en"]').count() == 0
