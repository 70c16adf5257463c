"""Review 6 (notes/breaker6), finding 10: on a 360 px phone (ja), once a first search has run, a query entered
without a key press (pasted, dictated, a keyboard suggestion: `input` alone, no `keyup`) is searched too; the
panel kept saying 「検索キーワードを入力してください」 with the query in the box.
"""
from __future__ import annotations

import re

import pytest

from test_search_phone import PHONE, open_search_on_phone

pytestmark = pytest.mark.browser
HAS_COUNT = "() => /\\d/.test(document.querySelector('.md-search-result__meta').textContent)"


def test_a_pasted_second_query_is_searched(open_page, web):
    tab = open_page(PHONE)
    open_search_on_phone(tab, web.url, "ja")
    box = tab.locator("input.md-search__input")
    box.press_sequentially("ドッジ")  # the first query, key by key: it is searched
    tab.wait_for_function(HAS_COUNT)
    box.fill("")
    tab.wait_for_function(f"() => !({HAS_COUNT})()")
    box.focus()
    tab.keyboard.insert_text("ダイビングタックル")  # pasted: `input` with no key event
    tab.wait_for_function(HAS_COUNT, timeout=20_000)
    assert int(re.search(r"\d+", tab.inner_text(".md-search-result__meta")).group()) > 0
