"""The throw-in (glossary), casualty, scatter and deviate calculators in a real browser, in French or Japanese,
and values given in the page's URL from outside: explained safely next to their field."""

from __future__ import annotations

from fractions import Fraction

from urllib.parse import parse_qs, quote, urlsplit

import pytest
from calc_driver import calc, first_result_is_prerendered, open_as_built, shown  # noqa: F401  (calc: a fixture)


pytestmark = pytest.mark.browser


# -------------------------------------------------------------------------------- throw-in (glossary)

def test_throw_in_calculator_in_the_glossary(calc, web):
    path = "glossary/"
    c = calc("fr", path, "throw-in", fragment="throw-in-calculator")
    first_result_is_prerendered(c, web, path)
    c.check()
    c.click_square(0, 7)
    assert c.request()["square"] == [0, 7]
    c.check()
    c.set("edition", "bb2020")
    c.check()
    c.click_square(25, 14)  # a corner: the turned template faces the pitch, 12 squares cannot leave it
    assert Fraction(c.check()["out_again"]["exact"]) == 0
    c.click_square(24, 14)  # next to it, a diagonal may take the ball out again
    assert Fraction(c.check()["out_again"]["exact"]) > 0
    c.check_address()
    c.check_bad_input("square", (26, 3), (25, 3))
    # not an edge square: refused by the resolver, the message is next to the square
    c.set("square", (5, 5))
    # explained in French from the error's reason (edge-square), not the resolver's English
    assert c.state() == "error" and c.message("square") == "Un renvoi part d'une case du bord du terrain\xa0: x 0 ou 25, ou y 0 ou 14."
    c.set("square", (5, 14))
    c.check()


# ------------------------------------------------------------------------- casualty, scatter, deviate

def test_casualty_calculator_in_french(calc, web):
    # classic D68: 8 of 48 results kill (61-68); BB2020 D16 15-16, with two niggling injuries 13-16 (4/16)
    path = "calculators/casualty/"
    c = calc("fr", path, "casualty")
    first_result_is_prerendered(c, web, path)
    c.set("edition", "classic")
    c.check()
    assert shown(c)["outcomes.dead"] == "1/6 (16,7 %)"
    c.set("edition", "bb2020")
    c.set("niggling", "2")
    c.check()
    assert shown(c)["outcomes.dead"] == "1/4 (25,0 %)"
    c.check_address()
    c.check_bad_input("niggling", "6", "1")
    # review 3: BB2025 rolls Regeneration before the casualty roll, so it saves half the casualties (not 1/8)
    c.set("niggling", "0")
    c.set("edition", "bb2025")
    c.set("apothecary", True)
    c.set("regeneration", True)
    c.check()
    assert shown(c)["after.regenerated"] == "1/2 (50,0 %)"
    assert shown(c)["after.reserves"] == "7/8 (87,5 %)"


def test_scatter_calculator_in_japanese(calc, web):
    c = open_as_built(calc, web, "ja", "calculators/scatter/", "scatter")
    c.click_square(0, 0)  # a bounce from the corner: 5 of the 8 directions leave the pitch
    c.set("n", "1")
    assert c.check()["out"]["exact"] == "5/8"
    c.check_address()
    c.check_bad_input("n", "7", "2")


def test_deviate_calculator_in_japanese(calc, web):
    path = "calculators/deviate/"
    c = open_as_built(calc, web, "ja", path, "deviate")
    c.set("edition", "bb2025")
    c.set("kick", True)
    c.check()
    c.click_square(25, 0)  # from the corner: directions 4, 6, 7 stay on the pitch
    assert c.check()["out"]["exact"] == "5/8"
    c.check_address()
    c.check_bad_input("square", (26, 3), (20, 3))


# --------------------------------------------------------------------------------- URLs from outside

# (page, kind, query, the fields that refuse their value: the others are fixed by the page, not in use
# for this edition, not fields at all, or fine)
BAD = [
    ("sequences/pass-action-bb2020/", "pass",
     "pa=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&range=__proto__&receiver_ag=9&team_rerolls=1e3&safe=maybe",
     ["pa", "range", "receiver_ag", "team_rerolls", "safe"]),
    ("sequences/pass-action-bb2025/", "range",
     "thrower=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D2%22%3E&target=99,99&landing=1,2,3&edition=classic",
     ["thrower", "target", "landing"]),
    ("sequences/kick-off-classic/", "kick", "target=NaN,7&kick=%3Cb%3E1%3C%2Fb%3E&receiving=constructor",
     ["target", "kick", "receiving"]),
    ("calculators/chain/", "chain",
     "chain=" + quote("<svg onload=window.__pwned=3>" + "D3," * 80) + "&max_team_rerolls=-1&edition=bb2099",
     ["chain", "max_team_rerolls", "edition"]),
    ("calculators/block/", "block", "attacker_st=Infinity&goal=%3Cscript%3E&attacker_brawler=true&dice=2",
     ["attacker_st", "goal"]),
    ("calculators/armour/", "armour", "av=3.5&edition=bb2016&stunty=1", ["av", "edition"]),
    ("glossary/", "throw-in", "square=7,7,7&edition=%22%3E%3Cscript%3Ewindow.__pwned%3D4%3C%2Fscript%3E",
     ["square", "edition"]),
]
MESSAGES = """form => [...form.querySelectorAll('[data-nc-message]')].map(m => ({
    name: m.closest('[data-name]').dataset.name, text: m.textContent, children: m.children.length}))"""


@pytest.mark.parametrize("path, kind, query, refused", BAD)
def test_bad_url_values_are_explained_safely(calc, path, kind, query, refused):
    c = calc("ja", path, kind, query)
    assert c.page.evaluate("window.__pwned") is None
    assert c.page.locator(f"{c.box} script, {c.box} img, {c.box} b, {c.box} form svg").count() == 0
    # each refused value is quoted as text next to its field, with what the field takes
    notes = c.page.eval_on_selector(c.form, MESSAGES)
    assert sorted(n["name"] for n in notes) == sorted(refused)
    params = parse_qs(urlsplit(c.page.url).query)
    for note in notes:
        assert note["children"] == 0 and note["text"].startswith("ページのアドレス（URL）にある値「"), note
        value = params[note["name"]][0]
        quoted = value if len(value) <= 40 else value[:39] + "…"
        assert f"「{quoted}」は、この欄では使えません。" in note["text"], note
    c.check()  # the form kept valid values, and the result is the resolver's for them
