"""Issue 25: every injury table an edition has (plain, Stunty, Thick Skull, both) is data, and the calculators read it.

The reported case first: classic, a Stunty player with Thick Skull.  LRB6 Stunty reads a 7 as KO and a 9 as Badly
Hurt, Thick Skull an 8 as Stunned (FFB ``mechanic/bb2016/RollMechanic.interpretInjuryRoll``), so given broken armour
2-6 Stunned, 7 KO, 8 Stunned, 9 Badly Hurt, 10+ Casualty: P(KO) = 6/36 = 1/6 (BB2020 and BB2025: 7 Stunned, 8 KO,
P(KO) = 5/36).  Then a brute force over every 2D6 total, edition and variant: the calculators against the rows of
each table's page, parsed from the page the build writes.
"""
from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from calculators.api import handle

EDITIONS = ("classic", "bb2016", "bb2020", "bb2025")
VARIANTS = ((False, False), (True, False), (False, True), (True, True))
OUTCOMES = ("stunned", "ko", "badly_hurt", "casualty")


def _given_broken(rulebook, kind: str, edition: str, **fields) -> dict[str, F]:
    """P(outcome | armour broken) from the armour or foul calculator (AV that always breaks, no modifier)."""
    av = 3
    req = {"kind": kind, "edition": edition, "av": av, **fields}
    r = handle(req, rulebook)
    assert r["ok"], r
    out = {k: F(v["exact"]) for k, v in r["result"]["outcomes"].items()}
    broken = 1 - out.get("no_break", F(0))
    return {k: out.get(k, F(0)) / broken for k in OUTCOMES}


@pytest.mark.parametrize("kind", ["armour", "foul"])
@pytest.mark.parametrize("edition", ["classic", "bb2016"])
def test_classic_stunty_thick_skull_ko_is_one_in_six(rulebook, kind, edition):
    got = _given_broken(rulebook, kind, edition, stunty=True, thick_skull=True)
    # 2-6 Stunned (15), 7 KO (6), 8 Stunned (5), 9 Badly Hurt (4), 10-12 Casualty (6)
    assert got == {"stunned": F(20, 36), "ko": F(1, 6), "badly_hurt": F(4, 36), "casualty": F(6, 36)}


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_bb2020_bb2025_stunty_thick_skull(rulebook, edition):
    got = _given_broken(rulebook, "armour", edition, stunty=True, thick_skull=True)
    # 2-7 Stunned (21), 8 KO (5), 9 Badly Hurt (4), 10-12 Casualty (6)
    assert got == {"stunned": F(21, 36), "ko": F(5, 36), "badly_hurt": F(4, 36), "casualty": F(6, 36)}


def test_chain_injury_step_reads_the_classic_variant(rulebook):
    # an injury roll alone (no armour step): KO or worse for a classic Stunty with Thick Skull is 7, 9, 10-12
    r = handle({"kind": "chain", "edition": "classic", "chain": "JKst"}, rulebook)
    assert r["ok"], r
    assert F(r["result"]["success"]["exact"]) == F(6 + 4 + 6, 36)


# --------------------------------------------------------------------------- the tables as their pages print them

def _page_rows(repo, slug: str) -> list[tuple[int, int, str]]:
    """(low, high, row key) of each row of the built table page ``tables/<slug>.md``, in the page's order."""
    from plugins.site.messages import Messages
    from plugins.site.pagemap import generated_pages
    from plugins.site.render.context import BackLinks, PageContext

    path = f"tables/{slug}.md"
    ctx = PageContext(repo, "en", Messages("en"), path, BackLinks.build(repo))
    markdown = generated_pages(repo)[path](ctx)
    rows = []
    for key, label in re.findall(r'<a class="nc-key" id="row-([a-z0-9-]+)" href="#row-[a-z0-9-]+">([0-9–]+)</a>',
                                 markdown):
        low, _, high = label.partition("–")
        rows.append((int(low), int(high or low), key))
    return rows


def _variant_slug(repo, edition: str, stunty: bool, thick_skull: bool) -> str:
    wanted = {name for name, has in (("stunty", stunty), ("thick-skull", thick_skull)) if has}
    found = [t for t in repo.of_kind("table") if t.slug.startswith("injury-") and edition in t.editions
             and set(t.get("skills") or ()) == wanted]
    assert len(found) == 1, (edition, wanted, [t.slug for t in found])
    return found[0].slug


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("stunty,thick_skull", VARIANTS)
def test_every_2d6_total_matches_the_printed_table(repo, rulebook, edition, stunty, thick_skull):
    slug = _variant_slug(repo, edition, stunty, thick_skull)
    printed = _page_rows(repo, slug)
    assert printed, slug
    outcome_of = {row["key"]: row["outcome"].replace("-", "_") for row in repo[f"table:{slug}"]["rows"]}
    for total in range(2, 13):  # the page covers every 2D6 total once
        assert len([k for lo, hi, k in printed if lo <= total <= hi]) == 1, (slug, total)
    # every 2D6 result (36 ordered pairs), with the modifier moving the total, against the printed rows
    for modifier in (-3, 0, 3):
        got = _given_broken(rulebook, "armour", edition, stunty=stunty, thick_skull=thick_skull,
                            injury_modifier=modifier)
        want: dict[str, F] = dict.fromkeys(OUTCOMES, F(0))
        for a in range(1, 7):
            for b in range(1, 7):
                total = max(2, min(a + b + modifier, 12))
                key = next(k for lo, hi, k in printed if lo <= total <= hi)
                want[outcome_of[key]] += F(1, 36)
        assert got == want, (slug, modifier)
