"""Issue 23, blocks and fouls: what the forms offer without the notation (rendered Markdown, no build).

* the action-sequence page's roll form offers, on an armour roll after a block, the star players' +1s (Ram,
  Slayer, Crushing Blow: BB2020 and BB2025 only) and, on a foul, Sneaky Git and Lone Fouler (BB2025 only), each
  as the notation's mark, so the form writes a chain the resolver reads;
* the block calculator offers Frenzy's second block with its own dice, every choice labelled in the page's
  language; the armour calculator the star players' +1s.
"""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

from calc_pages import accepts

LANGS = ("en", "fr", "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_the_roll_form_offers_the_star_bonuses_and_the_foul_skills(render_page, lang):
    md = render_page(lang, "calculators/chain.md")
    data = json.loads(unescape(re.search(r'data-builder="([^"]*)"', md).group(1)))
    for edition in ("classic", "bb2020", "bb2025"):
        steps = {r["action"]: r for r in data["rolls"][edition]}
        armour = {m["mark"]: m["label"] for m in steps["armour"]["marks"]}
        foul = {m["mark"]: m["label"] for m in steps["foul"]["marks"]}
        modern = edition != "classic"
        assert {"r", "s", "b"} <= set(armour) if modern else not {"r", "s", "b"} & set(armour), edition
        if modern:
            assert armour["r"].startswith("Ram") and "Rumbelow" in armour["r"] and "Zug" in armour["b"]
        assert "s" in foul and ("l" in foul) == (edition == "bb2025"), edition
        assert all(label.strip() for label in [*armour.values(), *foul.values()])
        # every mark offered is one the resolver reads in that edition (after a block, or alone for the armour
        # roll that replaces one: Stab, Chainsaw); some exclude others (Stab with Mighty Blow), which the page's
        # resolver reports, so each is read on its own
        for mark in armour:
            assert any(accepts(edition, chain) for chain in (f"B2,A9{mark}", f"A9{mark}")), (edition, mark)
        for mark in foul:
            assert accepts(edition, f"F9{mark}"), (edition, mark)



@pytest.mark.parametrize("lang", LANGS)
def test_block_form_offers_frenzys_second_block_dice_labelled(render_page, lang):
    md = render_page(lang, "calculators/block.md")
    field = re.search(r'<label[^>]*data-name="frenzy_dice"[^>]*>(.*?)</label>', md, re.S)
    assert field, "the block form has no frenzy_dice field"
    options = re.findall(r"<option[^>]*>([^<]*)</option>", field.group(1))
    assert len(options) == 6 and options[0] == "—" and all(o.strip() for o in options), options
    assert 'data-with="attacker_frenzy"' in field.group(0)  # shown once Frenzy is ticked


@pytest.mark.parametrize("lang", LANGS)
def test_armour_form_offers_the_star_bonuses(render_page, lang):
    md = render_page(lang, "calculators/armour.md")
    for name in ("ram", "slayer", "crushing_blow"):
        assert f'data-name="{name}"' in md, name


@pytest.mark.parametrize("lang", LANGS)
def test_foul_form_offers_bribes_and_argue_the_call_labelled(render_page, lang):
    md = render_page(lang, "calculators/foul.md")
    bribes = re.search(r'<label[^>]*data-name="bribes"[^>]*><span>([^<]+)</span>\s*<input([^>]*)>', md)
    assert bribes and bribes.group(1).strip() and 'min="0"' in bribes.group(2) and 'max="3"' in bribes.group(2)
    argue = re.search(r'<label[^>]*data-name="argue_the_call"[^>]*><span>([^<]+)</span>(.*?)</label>', md, re.S)
    options = re.findall(r"<option[^>]*>([^<]*)</option>", argue.group(2))
    assert argue.group(1).strip() and len(options) == 3 and all(o.strip() for o in options), options
