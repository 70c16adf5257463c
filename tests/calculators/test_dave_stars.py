"""Star players in BloodBowlDave's notation (calculators/compat/stars.py, stars.json): the skills each brings, per edition,
and the refusals that name the star and the rule our chain lacks."""

from __future__ import annotations

import pytest

from calculators.compat.dave import REASONS, SKILLS, translate
from calculators.compat.stars import STARS, armour_bonus, expand, find
from calculators.errors import CalcError
from calculators.notation import parse_chain


@pytest.mark.parametrize("theirs, ours, edition", [
    ("Drull:D3,2D2", "[loner=4]D3d,B2", "bb2025"),          # A Sneaky Pair changes fouls and stabs only
    ("drull:D3,2D2", "[loner=4]D3d,B2", "bb2025"),          # their short names are read in any case
    ("Barik:P2;C2", "[loner=4]T2p/C2", "bb2025"),            # Blast It! helps a Hail Mary Pass only
    ("Gloriel:D3,P2;C2", "[loner=3]D3d,T2p/C2", "bb2025"),
    ("Crumble:U3,D3", "[loner=4]P3h,D3d", "bb2025"),
    ("Rodney:C3", "[loner=4]C3c", "bb2025"),                 # Diving Catch: only an inaccurate pass's catch
    ("Scyla:2D3,K9", "[loner=4]B2b,A9mc", "bb2025"),
    ("Scrappa:R2,D3,F8", "[loner=4]R2f,D3d,F8d", "bb2025"),
    ("Zug:2D3,K8", "[loner=4]B2b,A8+1m", "bb2025"),           # Crushing Blow: +1 on its one armour roll
    ("Rumbelow:2D3,K8", "[loner=4]B2b,A8+1", "bb2025"),       # Ram
    ("Ivan:2D3,K8", "[loner=4]B2b,A8+1", "bb2025"),           # Dwarven Scourge, not against a Dwarf
    ("Helmut:2,2", "[pro,loner=4]N2,N2", "bb2025"),          # Old Pro changes armour rolls only
    ("Griff:R2,2D2,D3~S2", "[loner=3,consummate]R2f,B2,D3d", "bb2020"),  # Consummate Professional: a flag
    ("Griff:D3,C3", "[loner=3,consummate]D3d,C3", "bb2025"),  # BB2025: its +1 on an Agility test
    ("Morg:H5;G4", "[loner=4,ballista]W5~2{/L4|/L5}", "bb2025"),  # The Ballista (Mighty Blow, Hatred dropped)
    ("Helmut:2D2,K8", "[pro,loner=4,oldpro]B2,A8", "bb2025"),  # Old Pro on the armour roll
    ("Anqi:1D2", "[loner=4,savageblow]B1", "bb2025"),         # Savage Blow
    ("H'thark:R2,D5,2D3", "[loner=4]R2f,D5b1,B2bu", "bb2025"),  # Unstoppable Momentum on the block
    ("Maple:2D2", "[loner=4]B2r", "bb2025"),                 # Brawler; Mighty Blow dropped without armour
    ("Zug:D3", "[loner=4]D3", "bb2025"),                     # nothing of Zug's changes a dodge but Loner
    # BB2020 (~S2) pages differ from their list: BBBase docs/bb2020/starplayers
    ("Bilerot:F8~S2", "[loner=4]F8d", "bb2020"),             # no Lone Fouler in BB2020
    ("Gobbo:D3,F8", "[loner=3]D3d,F8s", "bb2025"),            # Sneaky Git on the foul (issue 9 models it)
    ("Deeproot:2D3,K8~S2", "[loner=4]B2b,A8m2", "bb2020"),    # Mighty Blow (+2) (issue 9 models it)
    ("Bilerot:F8", "[loner=4]F8dl", "bb2025"),                # Dirty Player and Lone Fouler in BB2025
    ("Grom:R2,D5,2D3,K8~S2", "[loner=4]R2,D5,B2b,A8m", "bb2020"),  # neither Break Tackle nor Sure Feet
    ("Grom:R2,D5", "[loner=4]R2f,D5b1", "bb2025"),  # Sure Feet, and Break Tackle (+1 at ST 3)
    ("Varag:2D3,K8~S2", "[loner=4]B2b,A8+1m", "bb2020"),     # Crushing Blow, not Krump and Smash
    ("Puggy:F8~S2", "[loner=4]F8", "bb2020"),                # Loner (4+); Halfling Luck re-rolls no foul
    ("Willow:2D3,K8~S2", "[loner=4]B2b,A8", "bb2020"),       # Indomitable, not Woodland Fury
    ("Max:U3~S2", "[loner=4]P3", "bb2020"),                  # No Ball is Max's in BB2025 only
    ("P2;Guffle:C3~S2", "T2/[loner=4]C3c", "bb2020"),        # BB2020 Monstrous Mouth re-rolls a failed catch
    ("P2;Guffle:C3", "T2/[loner=4]C3", "bb2025"),            # the BB2025 skill does not
    # star rules as bonuses to a roll (stars._ROLL_BONUS) and the flag [luck]
    ("Dribl:D3,F8", "[loner=4]D3d,F8+1ds", "bb2025"),         # A Sneaky Pair: BB2025 the foul's armour roll
    ("Drull:T8", "[loner=4]A7k", "bb2025"),                  # ... and a Stab's, written in its target
    ("Drull:T8,J8~S2", "[loner=4]A8k,J7", "bb2020"),       # BB2020: the injury roll
    ("Rashnack:T8,J8", "[loner=4]A8k,J7", "bb2025"),         # Toxin Connoisseur: the Stab's injury roll
    ("Rashnack:F8,J8", "[loner=4]F8s,J8", "bb2025"),         # ... not a foul's
    ("Grim:2D3,K8", "[loner=4]B2b,A8+1", "bb2025"),           # Slayer: +1 on its one armour roll
    ("Puggy:D3,2D2", "[loner=3,luck]D3d,B2", "bb2025"),       # Halfling Luck
    ("Ripper:D3~S2", "[loner=4,luck]D3", "bb2020"),          # Thinking Man's Troll: the same re-roll
    ("Puggy:K8", "[loner=3]A8", "bb2025"),                   # neither re-rolls an armour roll
    ("Fungus:4/6,2D3", "[loner=4](8/9:),B2b", "bb2025"),      # Whirling Dervish re-rolls his weighted roll of sixths
    ("4/6,2", "(2/3:),N2", "bb2025"),                        # a weighted roll nobody re-rolls
    ("7/12", "(7/12:)", "bb2025"),                           # of twelfths: their 2D6 total of 7 or more
    ("Lucien:2D3,K8", "[loner=4]B2bn,A8m", "bb2025"),
    ("Skitter:D3,T8", "[loner=4,assassin]D3d,A8k", "bb2025"),  # Master Assassin: a Stab's armour roll
    ("Skitter:T8,J8~S2", "[loner=4,assassin]A8k,J8", "bb2020"),  # BB2020: its injury roll
    ("Varag:2D3,K8", "[loner=4,krump]B2b,A8m", "bb2025"),
    ("Willow:2D3,K8", "[loner=4,woodland]B2b,A8", "bb2025"),   # Woodland Fury
    ("Skrull:P2;C2", "[loner=4,strong]T2p/C2", "bb2025"),      # Strong Passing Game (a natural 1 stays a fumble)
    ("Rowana:E3,D3", "[loner=4,leap]V3,D3d", "bb2025"),        # Bounding Leap
    ("Jordell:D3,R2~S2", "[loner=4,swift]D3d,R2", "bb2020"),   # Swift as the Breeze (BB2025: Steady Footing too)     # Krump and Smash (Hatred dropped, no %)         # Working in Tandem: block mark n
    ("Lucien:2D3,K8~S2", "[loner=4]B2b,A8m", "bb2020"),      # BB2020: Two for One, no re-roll
    ("Frank:D5,2D3,K8", "[loner=4]D5b1,B2b,A8m", "bb2020"),   # Frank has a BB2020 page only: read in BB2020
    ("Frank:2D3,K8,J8", "[loner=4]B2b,A8m,J8+1", "bb2020"),   # Brutal Block: +1 on the block's injury roll
    ("Josef:2,2~S2", "[loner=3]N2,N2", "bb2025"),            # Josef has a BB2025 page only
])
def test_star_translation(theirs, ours, edition):
    t = translate(theirs)
    assert (t.notation, t.edition) == (ours, edition)
    parse_chain(t.notation, t.edition)


@pytest.mark.parametrize("theirs, reason, words", [
    ("Roxanna:2D2,K8", "star-rule", "Slashing Nails"),
    ("Rashnack:T8,J8,T8,J8", "star-rule", "once per game"),   # Toxin Connoisseur: two Stabs' injury rolls
    ("Zug:2D3,K8,2D3,K8", "star-rule", "once per game"),
    ("Max:U3", "star-skill", "No Ball"),
    ("Rumbelow:C3~S2", "star-skill", "No Hands"),
    ("Frank:D3;Josef:2", "star-edition", "BB2025"),          # a BB2020 star and a BB2025 one in one sequence
])
def test_star_refusal_names_star_and_rule(theirs, reason, words):
    with pytest.raises(CalcError) as e:
        translate(theirs)
    details = e.value.details
    star = find(theirs.split(":")[0])
    assert details["reason"] == reason and reason in REASONS
    assert details["text"] == star.short and details["token"] == 1 and details["position"] == 1
    assert star.name in e.value.message and words in e.value.message


def test_star_after_another_player_points_at_its_name():
    with pytest.raises(CalcError) as e:
        translate("D3;Roxanna:2D2,K8")  # Slashing Nails (Jordell's Steady Footing is modelled now)
    assert (e.value.details["token"], e.value.details["position"]) == (2, 4)


def test_every_star_of_theirs_is_here_once():
    # StarPlayer.cs at 745c978 lists 67 stars; Ivan* is Ivan against a Dwarf (StarPlayerRules.ByShortName)
    assert len(STARS) == 68 and find("Ivan*") is not None and find("Bryce") is None


@pytest.mark.parametrize("star", sorted(STARS), ids=str)
@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_every_star_expands_or_refuses_with_a_star_reason(star, edition):
    def check(codes, _pos):
        return codes
    for actions in ("D3,R2,U3", "2D3,K8", "P3", "F8", "2,2"):
        try:
            codes, bonus = expand(STARS[star], actions, edition, 1, check)
        except CalcError as e:
            assert e.details["reason"] in ("star-rule", "star-skill", "star-edition")
        else:
            # their codes (upper case), or ours the skill reader knows (strong: Strong Passing Game)
            assert all(v in (1, 2) for v in bonus.values())
            assert all(c and (c[0].isupper() or c in SKILLS) for c in codes.split(",") if c)


@pytest.mark.parametrize("step, bonus, out", [
    ("A8m", 1, "A8+1m"), ("A8", 2, "A8+2"), ("A9-1c", 1, "A9c"), ("F8d", 1, "F8d"), ("A8m", 0, "A8m"),
    ("D3d", 1, "D3d"),
])
def test_armour_bonus(step, bonus, out):
    assert armour_bonus(step, bonus) == out
