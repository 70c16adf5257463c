"""Review 6 (notes/breaker6), finding 14: on a 360 px phone (fr), the edition picker names its empty choice
alike on a page of every edition (the block calculator: « Toutes les éditions ») and on a page of one edition
(the BB2025 Prayers to Nuffle table: « Aucune édition choisie »): the same control in the same state.
"""
from __future__ import annotations

import pytest

from calc_driver import url_of

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
PICKER = "select[data-nc-edition-picker]"


def test_the_picker_names_no_choice_alike_on_every_page(open_page, web):
    page = open_page(viewport=PHONE)
    names = []
    for path in ("calculators/block/", "tables/prayers-to-nuffle-bb2025/"):
        page.goto(url_of(web, "fr", path))
        picker = page.locator(PICKER)
        assert picker.input_value() == ""  # no edition chosen yet
        names.append(picker.evaluate("s => s.selectedOptions[0].text"))
    assert names[0] == names[1], names
