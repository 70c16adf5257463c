"""Review 6 (notes/breaker6), finding 8: a French reader's phone, offline, opens a Japanese address it never
saved (/ja/, /ja/calculators/block/). The service worker answers with the offline page of the reader's
language (French); it now says "you are offline" in Japanese too, in a line marked lang="ja". Before, it had
no Japanese at all.
"""
from __future__ import annotations

import pytest

from plugins.site.messages import Messages
from test_offline import PHONE, _own_language_cached

pytestmark = [pytest.mark.browser, pytest.mark.cold_profile]


def test_offline_a_japanese_address_gets_a_japanese_line(context, web):
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(web.url + "fr/")
    _own_language_cached(page, web, "fr/")
    context.set_offline(True)
    try:
        for path in ("ja/", "ja/calculators/block/"):
            page.goto(web.url + path)
            assert page.locator("article h1").inner_text() == Messages("fr")("You are offline"), path
            said = page.locator('article [lang="ja"]').all_inner_texts()
            assert Messages("ja")("You are offline") in said, (path, said)
    finally:
        context.set_offline(False)
