"""Conformance: BloodBowlDave's public test vectors through calculators.compat.dave and our chain resolver.

Each vector agrees within its printed precision, or is listed in dave_differences.yml with the reading that
explains it (and that reading is checked where it can be), or is refused with a reason naming a feature our
notation lacks: that list is a finding for issue 9, not a failure. ``unreadable`` is never an acceptable
refusal here: it would mean the translator misreads their notation.
"""

from __future__ import annotations

import pytest

from calculators.compat.dave import REASONS, translate
from calculators.errors import CalcError
from calculators.notation import parse_chain

from dave_conformance import agree, differences, key, run, solve, vectors

VECTORS = vectors()
DIFFERENCES = differences()


def test_every_public_vector_is_here():
    # ActionCalculatorTests.cs at 745c978: 181 CalculatorTests and 75 StarPlayerTests rows (BlastItTests: none)
    assert len(VECTORS) == 256


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['input']}|{v['rerolls']}")
def test_vector_agrees_is_explained_or_refused(vector):
    outcome = run(vector)
    listed = DIFFERENCES.get(key(vector))
    if outcome.status == "refused":
        assert listed is None, "a listed difference is no longer translated"
        assert outcome.reason in REASONS and outcome.reason not in ("unreadable", "our-rules", "empty"), outcome.message
        assert outcome.token, "a refusal names the token at fault"
    elif outcome.status == "agrees":
        assert listed is None, f"listed as a difference but agrees: remove it ({outcome.notation})"
    else:
        assert listed is not None, f"differs and is not explained: ours {outcome.ours} for {outcome.notation}"
        assert listed["explanation"]


@pytest.mark.parametrize("k", sorted(DIFFERENCES), ids=lambda k: f"{k[0]}|{k[1]}")
def test_each_difference_check_holds(k):
    listed = DIFFERENCES[k]
    vector = next(v for v in VECTORS if (v["input"], v["rerolls"]) == k)
    if listed["check"] == "total":
        assert agree(solve(vector)[-1:], vector["expected"][-1:])
    elif listed["check"] == "reading":
        assert agree(solve(vector, listed["reading"]), vector["expected"])
    elif listed["check"] == "season2":  # BB2020's rule (their ~S2) gives their Season 3 number
        assert agree(solve({**vector, "input": vector["input"] + "~S2"})[-1:], vector["expected"][-1:])
    else:
        assert listed["check"] == "none"


@pytest.mark.parametrize("theirs, ours, edition", [
    ("MB2:2D3,K8,J8", "B2b,A8m2,J8", "bb2025"),
    ("DP2:F8,J8~S2", "F8d2,J8", "bb2020"),
    ("SG,LF:F8,2", "F8sl,N2", "bb2025"),
    ("T8,J8", "A8k,J8", "bb2025"),
    ("W8", "A11w", "bb2025"),
    ("2,3;4,5,6", "N2,N3/N4,N5,N6", "bb2025"),
    ("D,SF:D3,R2;C:C3", "D3d,R2f/C3c", "bb2025"),
    ("SH:U3,P2~S2", "P3h,T2", "bb2020"),
    ("L:2", "[loner=4]N2", "bb2025"),
    ("B,P:-2D2*^,K9", "[pro]B-2r,A9", "bb2025"),
    ("MB1,CL:3D1,K10", "B3:d,A10mc", "bb2025"),
    ("DP1:F8", "F8d", "bb2025"),
    ("PA:P2,I6;C2", "T2p,I6/C2", "bb2025"),
    ("P2-1", "T3", "bb2025"),  # needs a natural 3; a natural 2 is 1 after the modifier: a fumble, never inaccurate
    ("1D4,2D5", "B1=s,B2b=s", "bb2025"),
    (" D : D3, R2 ~S2 ", "D3d,R2", "bb2020"),
    # branches (issue 9): Frenzy's second block after a Push (!2: two non-critical faces), Dauntless, Diving Tackle
    ("2D2!2{1D2}", "B2{B1}", "bb2025"),
    ("1D3!2'{1D3}", "B1b{B1b}", "bb2025"),  # their ' (keep a Push) is a plan choice: ours takes the best
    ("L2,2D2|1D2", "U2{B2|B1}", "bb2025"),
    ("L2',2D2|1D2", "U2!{B2|B1}", "bb2025"),
    ("P:L3'*,2D2|-2D2", "[pro]U3'{B2|B-2}", "bb2025"),   # their ' stops the team re-roll, Pro may still: our '
    ("P:L3',2D2|-2D2~S2", "[pro]U3'{B2|B-2}", "bb2020"),
    ("D:D3\"", "D3d^", "bb2025"),
    ("E3\"", "V3^", "bb2025"),                  # Diving Tackle on a Leap: BB2020 and BB2025 (Dodge, Jump or Leap)
    ("P:E4\"~S2", "[pro]V4^", "bb2020"),
    # opponents' rolls (their ST / MA difference: the opponent needs 6 - d), the gaze, the throw of a team-mate
    ("N+3", "E3", "bb2025"),
    ("D3,S-2~S2", "D3,(5/6:|1/6:)", "bb2020"),  # a Shadowing that ends the sequence: theirs succeeds either way
    ("D:D3,S+2,R2", "D3d,S4,R2", "bb2025"),      # ... else the shadower following is a failure, as ours
    ("D:D3,S+2{D3}", "D3d,(1/2:|1/2:D3d)", "bb2025"),
    ("D3,S+2{D3}D2", "D3,(1/2:D2|1/2:D3,D2)", "bb2025"),   # {...}: then the main line; [...]: the sequence ends
    ("D3,N+2[:D3]D2", "D3,(1/2:D2|1/2:/D3)", "bb2025"),
    ("D3,T8[:2D2]", "D3,(5/12:|7/12:/B2)", "bb2025"),   # a Stab's 2D6, nobody re-rolls it
    ("Y2;U2", "G2/P2", "bb2025"),
    ("D3,Y2'[D2]", "D3,(5/6:|1/6:D2)", "bb2025"),        # a gaze not re-rolled (') splits by its weights
    ("L3:H5;G4", "[loner=3]W5~2{/L4|/L5}", "bb2025"),     # accurate 5+, fumbled on a 1, the landing +1 after 2-4
    ("L3:H4-1';G4", "[loner=3]W5~3!{/L4|/L5}", "bb2025"),
    ("H5", "W5~2", "bb2025"),
    # a Bribe B and Argue the Call An after a foul (or its injury roll): our send-off group
    ("F8,B,2", "F8,K2,N2", "bb2025"),
    ("F8,A6,B,2~S2", "F8,Q6,K2,N2", "bb2020"),
    ("F8,B,A6,2", "F8,Q6,K2,N2", "bb2025"),      # BB2020/BB2025 argue first: ours writes the rules' order
    ("F8,B,B,A6~S2", "F8,Q6,K2,K2", "bb2020"),
    ("DP1:F8,J8,B,B;2", "F8d,J8,K2,K2/N2", "bb2025"),
    # a split as a player's first item: our alternatives open that player (flags before them)
    ("D:N+3[:N+2,D3]D2", "(1/3:D2d|2/3:/E4,D3)", "bb2025"),
    ("D3;P:N+2[:D3]", "D3/[pro](1/2:|1/2:/D3)", "bb2025"),
    ("T8[:2D2]", "(5/12:|7/12:/B2)", "bb2025"),
    # a gaze we may re-roll whose every failure goes on: our band ~1 on G, the rest copied after either face
    ("Y2[D2]", "G2~1{D2}", "bb2025"),
    ("D3,Y3[D2]", "D3,G3~1{D2}", "bb2025"),
    ("Y2;{D2}U2", "G2~1{/P2|/D2,P2}", "bb2025"),
    ("Y3{D2}R2", "G3~1{R2|D2,R2}", "bb2025"),
    # star player rules (calculators/rerolls.py): CP, TB, OP are player flags, H (with %) and UM block marks
    ("CP,L3,SF:R2,R2,2D2~S2", "[loner=3,consummate]R2f,R2f,B2", "bb2020"),
    ("L4,TB:H5;G4", "[loner=4,ballista]W5~2{/L4|/L5}", "bb2025"),
    ("MB1,OP:2D2,K8", "[pro,oldpro]B2,A8m", "bb2025"),
    ("H:1D3%,-2D2", "B1bh,B-2", "bb2025"),
    ("UM:-2D3", "B-2bu", "bb2025"),
    ("SB:-2D2", "[savageblow]B-2", "bb2025"),
    # star players' once-per-game +1s after a block: Ram and Slayer (armour or injury), Crushing Blow (armour)
    ("MB1,R,S:K9", "A9mrs", "bb2025"),
    ("CR,MB1,R,S:K9", "A9mrsb", "bb2025"),
    ("R:2D3,K8,J8", "B2b,A8r,J8", "bb2025"),
    # a block whose succeeding faces no skill of ours gives (Brawler: Both Down fails): the count outright, =N
    ("B,P:-3D3", "[pro]B-3r=3", "bb2025"),
    ("Maple:2D3,K8", "[loner=4]B2r=3,A8m", "bb2025"),
    ("B:2D5", "B2r=5", "bb2025"),
    # BB2025 Dirty Player is +1 only (FFB skill/bb2025/DirtyPlayer, BBBase): their DP2 in Season 3 is read as +1
    ("DP2:F8", "F8d", "bb2025"),
    ("DP2:F8~S2", "F8d2", "bb2020"),
])
def test_translation(theirs, ours, edition):
    t = translate(theirs)
    assert (t.notation, t.edition) == (ours, edition)
    parse_chain(t.notation, t.edition)


def test_team_rerolls_become_the_option():
    assert translate("2,2", 2).notation == "N2,N2;tr=2"
    # Break Tackle (issue 9): their BTn is our b mark on every dodge of that player, BT alone +1; ¬ is dropped
    assert translate("BT2,D:D3¬,R2,D4").notation == "D3db2,R2,D4db2"
    assert translate("BT:D5").notation == "D5b1"
    # their Leap E is our jump or leap J
    assert translate("P:E3,D3~S2").notation == "[pro]V3,D3" and translate("E4").edition == "bb2025"


@pytest.mark.parametrize("theirs, reason, number, text, position", [
    ("2D2{1D2}", "branch", 1, "2D2{1D2}", 1),      # a brace with no non-critical faces (!k) before it
    ("D:D3,S+2{:D3}R2", "branch", 4, "R2", 14),   # back to the first player after another's steps
    ("D3,S+3", "target", 2, "S+3", 4),            # BB2025 Shadowing is a flat 4+
    ("D3,N+5", "target", 2, "N+5", 4),
    ("H5,R2", "action", 1, "H5", 1),              # a throw not followed by the thrown player's landing
    ("P:H5';G4", "no-reroll", 2, "H5'", 3),
    ("D3,(1/2,2)(1/2,3);C3", "alternatives", 2, "(1/2,2)(1/2,3)", 4),  # their group is the player's last
    ("L2,2D2|K9", "dauntless", 2, "2D2|K9", 4),    # our Dauntless branches start with a block
    ("2D2|1D2", "dauntless", 1, "2D2|1D2", 1),    # a split with no Dauntless roll before it
    ("2D1!2{1D2}", "non-critical", 1, "2D1!2{1D2}", 1),  # POW alone succeeds (B2:d): ours has 3 non-critical faces
    ("BR,P:L3',2D2|-2D2", "no-reroll", 3, "L3'", 6),  # their ' stops the team re-roll and Blind Rage, not Pro
    ("D3,M2,R2", "inaccurate-pass", 3, "R2", 7),
    ("B,2", "action", 1, "B", 1),                 # a Bribe belongs to a foul's send-off
    ("F8,2,B", "action", 3, "B", 6),
    ("F8,A6,A6", "action", 3, "A6", 7),           # one Argue the Call per send-off
    ("DS:D5", "skill", 1, "DS", 1),  # Dwarven Scourge: still not modelled (WD, Whirling Dervish, now is)
    ("BT4:D5", "skill-value", 1, "BT4", 1),
    ("MB3:2D3,K8", "skill-value", 1, "MB3", 1),
    ("Bryce:D3", "star-player", 1, "Bryce", 1),
    ("Roxanna:2D2,K8", "star-rule", 1, "Roxanna", 1),  # Slashing Nails (Claws on a Blitz); Jordell's Steady Footing now is modelled
    ("Frank:D5;Josef:2", "star-edition", 1, "Frank", 1),  # BB2020's star and BB2025's in one sequence
    ("R3\"", "diving-tackle", 1, "R3\"", 1),      # Diving Tackle acts on a dodge or a leap only
    ("1D3%", "hatred", 1, "1D3%", 1),
    ("4/0,2", "weighted", 1, "4/0", 1),
    ("7/6,2", "weighted", 1, "7/6", 1),
    ("P4-2,R2", "inaccurate-pass", 2, "R2", 6),   # the passer acting after its pass: only interceptions go on
    ("N+3;P4-2;C2", "inaccurate-pass", 2, "P4-2", 5),  # a pass that may scatter in a sequence with branches
    ("D3'", "no-reroll", 1, "D3'", 1),
    ("B:3D6", "block-faces", 2, "3D6", 3),      # six faces of six: not a block roll that can fail
    ("D3,C1", "target", 2, "C1", 4),
    ("D3,X2", "unreadable", 2, "X2", 4),
    ("D3,,C3", "empty-action", 2, ",,", 4),     # named by its separators, not as an empty text
    ("D:D3;", "empty-action", 3, ";", 6),
    ("D3{2D2", "unbalanced", 1, "{", 3),         # an unclosed brace is not "a branch not translated"
    ("D:D3,(1,2]", "unbalanced", 4, "]", 10),
    ("2D2}", "unbalanced", 1, "}", 4),
    ("", "empty", None, None, None),
])
def test_refusals_name_reason_token_and_position(theirs, reason, number, text, position):
    with pytest.raises(CalcError) as e:
        translate(theirs)
    assert e.value.field == "dave"
    assert e.value.details == {"reason": reason, "token": number, "position": position, "text": text}


def test_our_rules_refusal_is_reported_as_such():
    # Brawler in ours is on a Block action only: a player with other rolls than the block and armour is a Blitz
    with pytest.raises(CalcError) as e:
        translate("B:R2,2D2")
    assert e.value.details["reason"] == "our-rules"


def test_api_dave_kind_answers_as_chain_with_our_notation():
    from calculators.api import handle
    got = handle({"kind": "dave", "dave": "D:D3,2D2;C3~S2", "team_rerolls": 2})
    assert got["ok"], got
    r = got["result"]
    assert (r["dave"], r["notation"], r["edition"]) == ("D:D3,2D2;C3~S2", "D3d,B2/C3;tr=2", "bb2020")
    same = handle({"kind": "chain", "chain": r["notation"], "edition": "bb2020"})["result"]
    assert r["success"] == same["success"] and r["by_team_rerolls"] == same["by_team_rerolls"]


def test_api_dave_kind_reading_reaches_the_chain():
    from calculators.api import handle
    vector = next(v for v in VECTORS if (v["input"], v["rerolls"]) == ("L4:2,2", 2))
    r = handle({"kind": "dave", "dave": "L4:2,2", "team_rerolls": 2, "reading": "designers-commentary"})["result"]
    assert r["reading"] == "designers-commentary"
    assert agree([__import__("fractions").Fraction(r["success"]["exact"])], vector["expected"][-1:])


def test_api_dave_kind_refusal_has_details():
    from calculators.api import handle
    got = handle({"kind": "dave", "dave": "D3,H5,R2"})
    assert not got["ok"]
    assert got["error"]["field"] == "dave"
    assert got["error"]["details"] == {"reason": "action", "token": 2, "position": 4, "text": "H5"}
    assert "token 2" in got["error"]["message"] and "'H5'" in got["error"]["message"]


def test_dirty_player_plus_two_is_bb2020s():
    # BB2025 Dirty Player is a flat +1 (BBBase bb2025 skills_and_traits; FFB skill/bb2025/DirtyPlayer): their Season 3
    # DP2 is read as that +1 (a listed difference); a value no edition has is still refused; their Season 2 (BB2020,
    # Dirty Player (+X)) reads +2, and with it their Season 3 vectors' numbers come out (their calculator allows +2
    # in either season)
    assert translate("DP2:F8").notation == "F8d"
    with pytest.raises(CalcError) as e:
        translate("DP3:F8")
    assert e.value.details["reason"] == "skill-value"
    assert "Dirty Player (+3) does not exist in bb2025" in e.value.message
    for theirs, expected in (("DP2:F8", 0.72222), ("DP2:F8,J8", 0.42824)):
        vector = {"input": theirs + "~S2", "rerolls": 0, "expected": [expected]}
        assert run(vector).status == "agrees", theirs
