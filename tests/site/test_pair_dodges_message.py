"""Issue 23: the bound on dodges with both Break Tackle and Consummate Professional's +1 (calculators.chain.kinds.
MAX_PAIR_DODGES) is told in the reader's language: the resolver's reason ``pair-dodges`` has its message in the
catalogs, with the bound filled in from the error's ``allowed`` as explain.mjs fills ``{hi}``."""
from __future__ import annotations

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calclabels import error_reasons
from plugins.site.render.context import BackLinks, PageContext


@pytest.mark.parametrize("lang, words", [("en", "At most {hi} dodges"), ("fr", "Esquive en force"),
                                         ("ja", "Break Tackle と Consummate Professional")])
def test_the_refusal_is_told_in_each_language(repo, lang, words):
    answer = handle({"kind": "chain", "chain": "[consummate]D4b1,D4b1,D4b1", "edition": "bb2025"})
    assert answer["error"]["details"]["rule"] == "pair-dodges" and answer["error"]["allowed"] == [0, 2]
    def told(language):
        return error_reasons(PageContext(repo, language, Messages(language), "index.md", BackLinks()))[
            "reason.pair-dodges"]

    text = told(lang)
    assert words in text and "{hi}" in text
    assert lang == "en" or text != told("en")  # translated, not the English words
