"""Accessibility fixes applied to every page's HTML (WCAG 2.2 AA, issue 11 defect 7).

* Material's search dialog (`<div class="md-search" role="dialog">`) gets an accessible name: the words
  Material itself gives its search field in the page's language ("Search", « Rechercher », 「検索」).
* A page with a calculator gets a second skip link, after Material's "Skip to content", to the first
  calculator (`#nc-calculator`, focusable with tabindex="-1"), so a keyboard reader reaches its first field
  in three Tab presses and an Enter instead of Tabbing through the header, the menu and the text before it.
"""
from __future__ import annotations

import html
import re

SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
SEARCH_LABEL = re.compile(r'class="md-search__input"[^>]*?aria-label="([^"]*)"')
SKIP = re.compile(r'(<div data-md-component="skip">)(.*?)(</div>)', re.S)
# the calculator's element as it reaches the page (the sanitiser drops the markdown="0" the renderer writes)
CALCULATOR = re.compile(r'<div class="nc-calculator"(?: markdown="0")?>')
CALCULATOR_ID = "nc-calculator"


def label_search_dialog(output: str) -> str:
    """Name Material's search dialog after its search field (`aria-label`); the page as it was without one."""
    label = SEARCH_LABEL.search(output)
    if not label or SEARCH_DIALOG not in output:
        return output
    return output.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + f' aria-label="{label[1]}">', 1)


def skip_to_calculator(output: str, text: str) -> str:
    """Add the skip link to the page's first calculator (`text`: "Skip to the calculator" in the page's
    language) and make that calculator its target; a page without a calculator is returned unchanged."""
    if not CALCULATOR.search(output) or not SKIP.search(output):
        return output
    output = CALCULATOR.sub(f'<div class="nc-calculator" id="{CALCULATOR_ID}" tabindex="-1">', output, count=1)
    link = f'<a href="#{CALCULATOR_ID}" class="md-skip nc-skip">{html.escape(text)}</a>'
    return SKIP.sub(lambda m: m[1] + m[2] + link + m[3], output, count=1)
