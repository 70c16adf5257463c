"""Review 8 (notes/breaker8), m4, at 360 px in French and Japanese: a full-width digit typed in a number field (a
Japanese keyboard's ４) is read as 4, but the same value in the page address (`?attacker_st=４`) was refused
(« L'adresse de la page donnait « ４ », une valeur que ce champ n'accepte pas ») and the field kept its default.

The address is now read like typed text (Unicode NFKC, field.mjs `asTyped`): the field gets 4, no message, and the
answer is the resolver's for it (checked against `calculators.api.handle`).
"""
from __future__ import annotations

from urllib.parse import quote

import pytest

from calc_driver import Calc, url_of

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}


@pytest.mark.parametrize("lang, given, expected", [
    ("fr", {"attacker_st": "４"}, {"attacker_st": 4}),
    ("ja", {"attacker_st": "５", "defender_st": "３", "team_rerolls": "１", "attacker_frenzy": "ｔｒｕｅ"},
     {"attacker_st": 5, "defender_st": 3, "team_rerolls": 1, "attacker_frenzy": True}),
])
def test_full_width_values_of_the_address_are_read_as_typed(open_page, web, repo, rules, lang, given, expected):
    page = open_page(viewport=PHONE)
    query = "&".join(f"{name}={quote(value)}" for name, value in given.items())
    page.goto(url_of(web, lang, "calculators/block/", query))
    c = Calc(page, "block", lang, repo, rules)
    c.wait()
    for name in given:
        assert c.message(name) is None, (name, c.message(name))
    assert page.locator('form[data-calculator="block"] [aria-invalid="true"]').count() == 0
    request = c.request()
    assert {name: request[name] for name in expected} == expected
    c.check()
