"""The sequence (chain) calculator's page: the Loner reading and its ruling, the notation help (every letter,
mark and star flag in an example that parses), the notation errors in the page's language, BloodBowlDave's
sequences."""
from __future__ import annotations

import json
import re

import pytest
from calc_pages import forms_of, pages  # noqa: F401  (pages: a fixture)

from plugins.site.messages import Messages
from plugins.site.render.context import BackLinks, PageContext


def test_the_chain_page_lets_the_reader_pick_the_loner_reading_and_links_the_ruling(pages, repo):
    from calculators.rerolls import LONER_READINGS

    # the readings are named after the ruling's positions, the rulebook's first (the recommended default)
    bodies = [p["body"] for p in repo["ruling:loner-team-re-roll"]["positions"]]
    assert set(LONER_READINGS) <= set(bodies) and LONER_READINGS[0] == "rulebook"
    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        # the dispute is stated right after the form (issue 11: on a phone the form comes first), in the
        # section of the rules it assumes, with a link to the ruling; no "not modelled" caveat is left
        assumed = markdown.split("{#assumes}", 1)[1].split("\n## ", 1)[0]
        ruling_link = "](../rulings/loner-team-re-roll.md)"
        assert assumed.count(ruling_link) == 2, lang  # in "Rules it assumes" and in the statement
        assert "errs on the low side" not in markdown and "not modelled" not in markdown
        form = next(f for f in forms_of(markdown) if f.kind == "chain")
        reading = next(f for f in form.fields if f["name"] == "reading")
        assert reading["for"] == "bb2025"  # only BB2025 has the disputed reading
        assert [o for o, _ in reading["inputs"][0]["options"]] == list(LONER_READINGS)
    markdown, _ = pages[("en", "calculators/chain.md")]
    ctx = PageContext(repo, "en", Messages("en"), "calculators/chain.md", BackLinks.build(repo))
    ruling = ctx.link(repo["ruling:loner-team-re-roll"])  # its question, in the ruling's own words
    assert f"Where sources differ: {ruling.split('](')[0]}]" in markdown
    assert "a second team re-roll may re-roll the Loner die, with no Loner roll of its own" in markdown
    assert "in classic a team re-roll may re-roll it" in markdown  # the Pro roll


def _example_tokens(codes: list[str]) -> list[str]:
    """The steps written in the page's example codes: split at separators and groups, weights and flags dropped."""
    tokens = []
    for code in codes:
        for token in re.split(r"[,/;{}()|]", code):
            token = re.sub(r"^\[[^\]]*\]|^[0-9]+(?:/[0-9]+)?:", "", token.strip())
            if token:
                tokens.append(token)
    return tokens


def _parses(code: str) -> bool:
    from calculators.errors import CalcError
    from calculators.notation import parse_chain

    for edition in ("bb2020", "bb2025", "classic"):  # an example may be of one edition only (Lone Fouler, Piling On)
        try:
            parse_chain(code, edition)
        except CalcError:
            continue
        return True
    return False


def _parsed_anywhere(code: str):
    """The chain of `code` in the first edition that reads it (see _parses)."""
    from calculators.errors import CalcError
    from calculators.notation import parse_chain

    for edition in ("bb2025", "bb2020", "classic"):
        try:
            return parse_chain(code, edition).chain
        except CalcError:
            continue
    raise AssertionError(code)


def test_the_chain_help_shows_every_letter_and_mark_in_an_example(pages):
    """Issue 9: the help lists every letter and mark *with an example*: each is used by a code the page shows,
    and every such code is valid notation (checked above). The marks come from calculators.notation."""
    from calculators import notation as n

    kind_letter = {kind: letter for letter, kind in n.LETTERS.items()}
    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        help_text = markdown.split("{#notation}", 1)[1].split("\n## ", 1)[0]
        codes = re.findall(r"`([^`]+)`", help_text)
        tokens = _example_tokens([c for c in codes if _parses(c)])
        missing = [f"letter {letter}" for letter in n.LETTERS
                   if not any(re.match(rf"{letter}-?[0-9]", t) for t in tokens)]
        missing += [f"mark {mark} on {kind}" for kind, mark in n.SKILL_MARKS.items()
                    if not any(re.match(rf"{kind_letter[kind]}[0-9]+{mark}", t) for t in tokens)]
        blocks = [re.match(r"B-?[0-9]+([a-z]*)(?::([a-z]*))?", t) for t in tokens if t.startswith("B")]
        missing += [f"attacker mark {m}" for m in n.BLOCK_ATTACKER_MARKS if not any(b and m in b.group(1) for b in blocks)]
        missing += [f"defender mark {m}" for m in n.BLOCK_DEFENDER_MARKS
                    if not any(b and m in (b.group(2) or "") for b in blocks)]
        for kind, marks in n.ARMOUR_MARKS.items():
            armour = [re.match(r"[A-Z][0-9]+(?:[+-][0-9]+)?([a-z0-9]*)", t) for t in tokens
                      if t.startswith(kind_letter[kind])]
            missing += [f"{kind} mark {m}" for m in marks if not any(a and m in a.group(1) for a in armour)]
        missing += [f"roll mark {m}" for m in n.ROLL_MARKS if not any(m in t for t in tokens)]
        assert not missing, (lang, missing)


def test_the_chain_help_shows_every_star_player_flag_in_an_example(pages):
    """Every player flag of a star player rule (calculators.notation.STAR_FLAGS) is named and used in an example
    that parses, in each language; the rules have no data entry, so their English names are shown everywhere."""
    from calculators.notation import STAR_FLAGS
    from calculators.rerolls import STAR_RULES

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        help_text = markdown.split("{#notation}", 1)[1].split("\n## ", 1)[0]
        codes = re.findall(r"`([^`]+)`", help_text)
        for flag in STAR_FLAGS:
            # a flag of two rules ("Halfling Luck / Thinking Man's Troll") names both: Japanese joins them with と
            names = STAR_RULES[flag].split(" / ")
            assert f"[{flag}]" in codes and all(name in help_text for name in names), (lang, flag)
            assert any(re.match(rf"\[[^\]]*\b{flag}\b[^\]]*\][A-Z]", c) and _parses(c) for c in codes), (lang, flag)


def test_the_chain_page_documents_blocks_armour_and_fouls(pages):
    from calculators.notation import LETTERS, parse_chain

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        notation = markdown.split("{#notation}", 1)[1]
        # a row for every roll letter the notation knows, blocks, armour rolls and fouls included
        assert [letter for letter in LETTERS if f"| `{letter}` |" in notation] == list(LETTERS), lang
        # every chain written as an example on the page is valid notation
        codes = re.findall(r"^- `([^`]+)`", notation, re.M)
        assert "R2,B2b:d,D3" in codes and "D3,F9+1d" in codes
        for code in codes:
            if code[0] not in "[;":  # not the player flags or the options alone
                assert _parses(code), code  # in the edition it is written for (Lone Fouler: BB2025; Piling On: classic)
        # the chance of a send-off is a result row, hidden when the chain has no foul
        form = next(f for f in forms_of(markdown) if f.kind == "chain")
        sent = next(r for r in form.results if r["path"] == "sent_off")
        assert sent["absent"] == "hide" and sent["row_hidden"]
    markdown, _ = pages[("en", "calculators/chain.md")]
    notation = markdown.split("{#notation}", 1)[1]
    assert ("| `B` | Block (the number is the block dice; negative when the defender chooses) | `b` Block, `t` Tackle, "
            "`r` Brawler, `j` Juggernaut, `h` Hatred, `u` Unstoppable Momentum, `n` Working In Tandem; after `:`, the defender's: `b` Block, "
            "`d` Dodge, `w` Wrestle, `f` Steady Footing |") in notation
    assert ("| `F` | Foul (the number is the victim's AV) | `d` Dirty Player, `s` Sneaky Git, `l` Lone Fouler, "
            "`i` Iron Hard Skin, `w` Chainsaw |") in notation
    assert "| `J` | Injury roll (K: KO or worse; C: a casualty; a number: that total or more) | `s` Stunty, " \
           "`t` Thick Skull |" in notation
    intro = markdown.split("{#assumes}", 1)[1].split("\n## ", 1)[0]  # right after the form (issue 11)
    assert "Armour rolls and fouls are never re-rolled" in intro and "A send-off is a turnover" in intro
    assert "](../rulings/brawler-blitz.md)" in intro
    markdown, _ = pages[("fr", "calculators/chain.md")]
    assert "`b` Blocage, `t` Tacle, `r` Bagarreur" in markdown


def test_the_chain_help_lists_the_new_kinds_and_break_tackle_with_examples(pages):
    # issue 9: every new letter in the table, Break Tackle's mark and an example of each kind
    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        notation = markdown.split("{#notation}", 1)[1].split("\n## ", 1)[0]
        for letter in "VMWGESKQ":
            assert f"| `{letter}` |" in notation, (lang, letter)
        assert "`D4b1`, `D4db2`" in notation
        codes = re.findall(r"^- `([^`]+)`", notation, re.M)
        kinds = {s.kind for code in codes if code[0] not in "[;" and _parses(code)  # some are of one edition only
                 for s in _parsed_anywhere(code).steps}
        assert {"jump", "hail-mary", "throw-team-mate", "hypnotic-gaze", "tentacles", "shadowing", "bribe",
                "argue-the-call"} <= kinds, lang
    markdown, _ = pages[("en", "calculators/chain.md")]
    notation = markdown.split("{#notation}", 1)[1]
    assert "| `M` | Hail Mary Pass (the thrower's roll) | `p` Pass |" in notation
    assert "| `E` | An opponent's Tentacles roll (BB2020 and BB2025; the number is what the opponent needs) | — |" \
        in notation


def test_the_chain_form_can_explain_every_notation_error_in_the_pages_language(pages):
    from calculators.notation import REASONS

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        strings = json.loads(next(f for f in forms_of(markdown) if f.kind == "chain").attrs["data-strings"])
        assert {k for k in strings if k.startswith("chain.")} == {f"chain.{r}" for r in REASONS} | {"chain.at"}
        assert all(f"{{{key}}}" in strings["chain.at"] for key in ("token", "position", "text", "reason"))
        assert "{value}" in strings["url"] and "{problem}" in strings["url"]
        # the letters and marks come from calculators.notation, not from the catalogs
        assert "D, R, P, T, C, H, L, I, N" in strings["chain.unknown-letter"]
        assert "d (D), f (R), h (P), p (T/M), c (C/H/I)" in strings["chain.bad-mark"]  # M: Hail Mary Pass (issue 9); I: Cloud Burster
        assert "V, M, W, G, E, S, K, Q" in strings["chain.unknown-letter"]
    markdown, _ = pages[("fr", "calculators/chain.md")]
    strings = json.loads(next(f for f in forms_of(markdown) if f.kind == "chain").attrs["data-strings"])
    nb = "\u00a0"  # French: a no-break space inside « » and before ":"
    assert strings["chain.at"] == f"Élément {{token}} des jets, au caractère {{position}} («{nb}{{text}}{nb}»){nb}: {{reason}}"
    assert strings["url"].startswith(f"L'adresse de la page donnait «{nb}{{value}}{nb}»")
    # the other calculators do not carry the chain's messages
    markdown, _ = pages[("fr", "calculators/block.md")]
    assert not [k for k in json.loads(forms_of(markdown)[0].attrs["data-strings"]) if k.startswith("chain.")]


def test_a_notation_error_without_a_message_stops_the_build(repo, monkeypatch):
    from plugins.site.render import chaincalc

    ctx = PageContext(repo, "en", Messages("en"), "calculators/chain.md", BackLinks.build(repo))
    assert chaincalc.notation_errors(ctx)["chain.bad-target"].startswith("the number needed on the die goes from 2 to 6")
    monkeypatch.setattr(chaincalc, "REASONS", {**chaincalc.REASONS, "brand-new": "a reason added later"})
    with pytest.raises(ValueError, match="brand-new"):
        chaincalc.notation_errors(ctx)


def test_the_chain_page_takes_a_bloodbowldave_sequence_and_links_it_in_ours(pages, repo):
    from calculators.compat.dave import REASONS as DAVE_REASONS
    from plugins.site.render import chaincalc

    for lang in ("en", "fr", "ja"):
        markdown, _ = pages[(lang, "calculators/chain.md")]
        form = next(f for f in forms_of(markdown) if f.kind == "dave")
        strings = json.loads(form.attrs["data-strings"])
        assert {k for k in strings if k.startswith("dave.")} == {f"dave.{r}" for r in DAVE_REASONS} | {"dave.at"}
        assert all(f"{{{key}}}" in strings["dave.at"] for key in ("token", "position", "text", "reason"))
        # the pre-rendered result links the default sequence, translated, to the chain form's URL round trip
        assert ('href="?chain=D3d%2CB2%2FC3%3Btr%3D1&amp;edition=bb2025#calculator"' in markdown
                and 'data-href="?chain={notation}&amp;edition={edition}#calculator"' in markdown), lang
        assert "{#dave}" in markdown
    ctx = PageContext(repo, "en", Messages("en"), "calculators/chain.md", BackLinks.build(repo))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(chaincalc, "DAVE_REASONS", {**DAVE_REASONS, "brand-new": "a reason added later"})
        with pytest.raises(ValueError, match="brand-new"):
            chaincalc.dave_errors(ctx)


@pytest.mark.parametrize("chain, shown", [("D3,R2,P3;tr=1", False), ("[loner=4]D3,R2,P3;tr=2", True)])
def test_the_loner_reading_is_named_only_when_it_changed_the_chance(repo, rulebook, chain, shown):
    """Issue 26, item 1: the BB2025 chain result names the Loner reading only for a sequence with a Loner player
    and team re-rolls enough for the readings to differ); the row stays in the page, hidden, for nuffle.js."""
    from plugins.site.render.chaincalc import chain_calculator
    from plugins.site.render.calculator import render

    ctx = PageContext(repo, "fr", Messages("fr"), "calculators/chain.md", BackLinks.build(repo))
    calc = chain_calculator(ctx)
    calc.defaults.update({"edition": "bb2025", "chain": chain})
    form = forms_of(render(ctx, calc, rulebook))[0]
    cell = next(c for c in form.results if c["path"] == "reading")
    assert cell["reading"] == "reading" and cell["row_hidden"] == (not shown), cell
    assert form.headline == "success"
