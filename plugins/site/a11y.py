"""Accessibility of every page (WCAG 2.2 AA, issue 11 defect 7), as far as it concerns the page's own content.

A page with a calculator gets a second skip link, after Material's "Skip to content", to its first calculator,
so a keyboard reader reaches the first field in three Tab presses and an Enter instead of Tabbing through the
header, the menu and the text before it. The link is in the page shell (overrides/main.html, block header);
here the first calculator becomes its target (an id, and tabindex="-1" so that it takes the focus).

Material's search dialog is named after its search field in overrides/partials/search.html.
"""
from __future__ import annotations

from .shell import CALCULATOR_ID

# the calculator's element as the sanitiser leaves it (it drops the markdown="0" the renderer writes)
CALCULATOR = '<div class="nc-calculator">'


def target_first_calculator(content: str) -> tuple[str, str]:
    """(`content` with its first calculator made the skip link's target, that target's id) for a page's
    content HTML after sanitising; (`content` unchanged, "") when the page has no calculator."""
    if CALCULATOR not in content:
        return content, ""
    target = f'<div class="nc-calculator" id="{CALCULATOR_ID}" tabindex="-1">'
    return content.replace(CALCULATOR, target, 1), CALCULATOR_ID
