"""Chain notation: parse, format, round-trip, and errors that name the token."""

from __future__ import annotations

import random
import re

import pytest

from calculators.chain import ArmourStep, BlockStep, Chain, Player, Step
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain


def test_parse_example():
    p = parse_chain("D3,R2,P3")
    assert p.chain.steps == (Step("dodge", 3), Step("rush", 2), Step("pick-up", 3))
    assert p.team_rerolls is None


def test_parse_skills_players_options():
    p = parse_chain(" [pro, loner=4] D3d , R2f / C3c ; tr=2", "bb2020")
    assert p.chain.players == (Player(True, 4), Player())
    assert p.chain.steps == (Step("dodge", 3, True, 0), Step("rush", 2, True, 0), Step("catch", 3, True, 1))
    assert p.team_rerolls == 2 and p.chain.edition == "bb2020"
    assert format_chain(p.chain, p.team_rerolls) == "[pro,loner=4]D3d,R2f/C3c;tr=2"


def test_parse_blocks_armour_and_fouls():
    p = parse_chain(" R2 , B-3 bt : bdw = s , D3 / [pro] B2r , A9+1mc / F10-2d", "bb2025")
    assert p.chain.steps == (
        Step("rush", 2), BlockStep(-3, frozenset({"block", "tackle"}), frozenset({"block", "dodge", "wrestle"}),
                                   "standing"), Step("dodge", 3),
        BlockStep(2, frozenset({"brawler"}), player=1), ArmourStep(9, 1, mighty_blow=True, claws=True, player=1),
        ArmourStep(10, -2, foul=True, dirty_player=True, player=2))
    assert format_chain(p.chain) == "R2,B-3bt:bdw=s,D3/[pro]B2r,A9+1mc/F10-2d"
    # marks in any order, an empty defender part, +0: the canonical form drops what says nothing
    assert format_chain(parse_chain("B2tb:,A8+0cm").chain) == "B2bt,A8mc"


@pytest.mark.parametrize("text", ["D3,R2,P3", "D3d,R2f;tr=2", "[pro]P3h,T4p/[loner=4]C3c", "N6", "T4,I5,H2c,L3",
                                  "[loner=5]N2/[pro]N3/N4;tr=0", "R2,B2b:d,D3;tr=1", "B-2:w=s,A9-1", "B1=s",
                                  "[pro]B3bt:bdw,A12m/F8+3d;tr=2", "B2,F9-8"])
def test_round_trip_canonical(text):
    p = parse_chain(text)
    assert format_chain(p.chain, p.team_rerolls) == text
    assert parse_chain(format_chain(p.chain, p.team_rerolls)) == p


def test_round_trip_random():
    rng = random.Random(3)
    kinds = ["dodge", "rush", "pick-up", "pass", "catch", "hand-off", "landing", "interception", "test",
             "block", "armour", "foul"]
    skilled = {"dodge", "rush", "pick-up", "pass", "catch", "hand-off"}

    def subset(names):
        return frozenset(n for n in names if rng.random() < .4)

    for _ in range(300):
        players = tuple(Player(rng.random() < .5, rng.choice([None, 2, 3, 4, 5, 6])) for _ in range(rng.randint(1, 3)))
        edition = rng.choice(["classic", "bb2020"])
        steps = []
        for p in range(len(players)):
            for _ in range(rng.randint(1, 3)):
                k = rng.choice(kinds)
                if k == "block":
                    steps.append(BlockStep(rng.choice([1, 2, 3, -2, -3]), subset(["block", "tackle"]),
                                           subset(["block", "dodge", "wrestle"]), rng.choice(["down", "standing"]), p))
                elif k in ("armour", "foul"):
                    foul, plus = k == "foul", rng.random() < .5
                    steps.append(ArmourStep(rng.randint(3, 12), rng.randint(-5, 5), foul, plus and not foul,
                                            not foul and rng.random() < .5, plus and foul, p))
                else:
                    steps.append(Step(k, rng.randint(2, 6), k in skilled and rng.random() < .5, p))
        chain = Chain(tuple(steps), players, edition)
        tr = rng.choice([None, 0, 3])
        assert parse_chain(format_chain(chain, tr), chain.edition).chain == chain


@pytest.mark.parametrize(
    "text, token, fragment",
    [
        ("D3,X4", 2, "unknown roll letter 'X'"),
        ("D3,R7", 2, "2..6"),
        ("D3d,R2d", 2, "use 'f'"),
        ("D3,L4c", 2, "no skill re-rolls"),
        ("D3;tr=9", 2, "tr=N"),
        ("D3;D4", 2, "tr=N"),
        ("[pro,xx]D3", 1, "'xx'"),
        ("D3,,R2", 2, "empty step"),
        (",D3", 1, "starts with a separator"),
        ("D3,", 2, "ends with a separator"),
        ("D3 R2", 1, "expected a step"),
        ("[pro]D3,[pro]D4", 2, "player flags"),
        ("[pro D3", 1, "closing"),
        ("D3,B4", 2, "block dice must be 1, 2 or 3"),
        ("D3,B-1b", 2, "-2, -3"),
        ("R2,B2x", 2, "unknown attacker's skill mark 'x'; known: b block, t tackle, r brawler"),
        ("R2,B2b:t", 2, "unknown defender's skill mark 't'; known: b block, d dodge, w wrestle"),
        ("B2b:dd", 1, "given twice"),
        ("D3,B2=k", 2, "unknown block goal '=k'"),
        ("D3,B2:b:d", 2, "expected a block"),
        ("D3,B2r", 2, "Brawler exists in BB2020 and BB2025 only"),
        ("D3,A9,A13", 3, "av must be an integer from 3 to 12 (classic)"),
        ("A9+6", 1, "-5 to 5"),
        ("F9-9", 1, "-8 to 8"),
        ("A9d", 1, "unknown armour skill mark 'd'; known: m mighty-blow, c claws"),
        ("F9c", 1, "unknown foul skill mark 'c'; known: d dirty-player"),
        ("D3,A", 2, "expected an armour roll"),
        ("D3,F9+", 2, "expected an armour roll"),
    ],
)
def test_errors_name_the_token(text, token, fragment):
    with pytest.raises(CalcError) as info:
        parse_chain(text)
    e = info.value
    assert e.field == "chain"
    assert f"token {token} at character" in e.message, e.message
    assert fragment in e.message, e.message


def test_brawler_needs_a_block_action():
    # a Blitz (the player rolls something else) cannot use Brawler: the error names the block's token
    with pytest.raises(CalcError) as info:
        parse_chain("N3/R2,B2r,D3", "bb2020")
    assert "token 3 at character 7 ('B2r')" in info.value.message and "Block action" in info.value.message
    assert parse_chain("N3/[pro]B2r,A9m", "bb2020").chain.steps[1].attacker == frozenset({"brawler"})


def test_armour_value_range_follows_the_edition():
    # classic AV 3..12 (exceeded), BB2020/BB2025 AV target 3+..13+
    assert parse_chain("A13", "bb2020").chain.steps[0].av == 13
    with pytest.raises(CalcError) as info:
        parse_chain("D3 , A13", "classic")
    assert "token 2 at character 6 ('A13')" in info.value.message


def test_empty():
    with pytest.raises(CalcError) as info:
        parse_chain("   ")
    assert info.value.field == "chain"


# Every reason of REASONS, with the token (1-based number, 1-based character, as written) counted by hand.
DETAILS = [
    ("   ", "empty", None, None, None),
    (";tr=2", "no-steps", None, None, None),
    ("D3,,R2", "empty-step", 2, 4, ",,"),
    (",D3", "leading-separator", 1, 2, "D3"),
    ("D3,", "trailing-separator", 2, 3, ","),
    ("[pro D3", "unclosed-flags", 1, 1, "[pro D3"),
    ("[pro]D3,[pro]D4", "misplaced-flags", 2, 9, "[pro]D4"),
    ("[pro,xx]D3", "bad-flag", 1, 1, "[pro,xx]"),
    ("[pro,pro]D3", "bad-flag", 1, 1, "[pro,pro]"),
    ("D3 R2", "unreadable", 1, 1, "D3 R2"),    # quoted as typed, its space kept (review 10)
    ("D3,X9", "unknown-letter", 2, 4, "X9"),
    ("D7", "bad-target", 1, 1, "D7"),
    ("D3,R2d", "bad-mark", 2, 4, "R2d"),
    ("D3,L4c", "bad-mark", 2, 4, "L4c"),
    (",".join(["N2"] * 31), "too-many-steps", 31, 91, "N2"),
    ("/".join(["N2"] * 12), "too-many-players", 12, 34, "N2"),
    ("N2" + " " * 199, "too-long", None, None, None),
    ("D3;D4", "bad-option", 2, 4, "D4"),
    ("D3;tr=99", "team-rerolls-range", 2, 4, "tr=99"),
    ("D3;tr=1/D4", "option-not-last", 3, 9, "D4"),
    ("D3;tr=1,tr=2", "repeated-option", 3, 9, "tr=2"),
    ("Bx", "bad-block", 1, 1, "Bx"),
    ("D3,B4", "block-dice", 2, 4, "B4"),
    ("B2=x", "block-goal", 1, 1, "B2=x"),
    ("Ax", "bad-armour", 1, 1, "Ax"),
    ("D3,Jx", "bad-injury", 2, 4, "Jx"),
    ("B2z", "bad-step-mark", 1, 1, "B2z"),
    ("A9mm", "bad-step-mark", 1, 1, "A9mm"),
    ("F9+1,F9q", "bad-step-mark", 2, 6, "F9q"),
    ("A13", "step-rule", 1, 1, "A13"),          # classic AV goes to 12
    ("D3,B2r", "step-rule", 2, 4, "B2r"),       # no Brawler in classic
    # branches (issue 9): structural tokens ({ } ( ) | and a weight a/b:) are numbered like steps
    ("T4~5", "bad-partial", 1, 1, "T4~5"),
    ("R3^", "bad-roll-mark", 1, 1, "R3^"),
    ("T4{C3}", "misplaced-branch", 2, 3, "{"),
    ("U4{B2}", "branch-shape", 2, 3, "{"),
    ("T4~2{C3", "unclosed-branch", 2, 5, "{"),
    ("T4~2}", "unexpected-close", 2, 5, "}"),
    ("T4~2{C3}C4", "missing-separator", 5, 9, "C4"),
    ("D3,(R2)", "bad-alternatives", 3, 5, "R2"),
    ("D3,(1/2:R2|2/3:R3)", "bad-weight", 6, 12, "2/3:"),
    ("D3,(1/2:(1/2:(1/2:(1/2:D3))))", "too-deep", 8, 19, "("),
]


@pytest.mark.parametrize("text, reason, token, position, shown", DETAILS)
def test_errors_carry_details_for_a_translated_message(text, reason, token, position, shown):
    with pytest.raises(CalcError) as info:
        parse_chain(text)
    e = info.value
    assert e.field == "chain"
    rule = {"rule": e.details["rule"]} if reason == "step-rule" else {}  # a refused step's own reason too
    assert e.details == {"reason": reason, "token": token, "position": position, "text": shown, **rule}
    if reason == "step-rule":
        from calculators.errors import REASONS as RULE_REASONS
        assert e.details["rule"] in RULE_REASONS
    if token is not None:  # the English message says the same (it stays as it was: the command line prints it)
        assert e.message.startswith(f"token {token} at character {position} ({shown!r}): "), e.message


@pytest.mark.parametrize("typed, reason, token, position, quoted", [
    ("D3 R2", "unreadable", 1, 1, "D3 R2"),              # review 10: quoted « D3R2 », which nobody typed
    ("D3, R 9", "bad-target", 2, 5, "R 9"),
    ("[pro, xx]D3", "bad-flag", 1, 1, "[pro, xx]"),
    ("Ｄ３、Ｘ９", "unknown-letter", 2, 4, "Ｘ９"),           # a Japanese keyboard's full-width step, as typed
    ("D3 ,, R2", "empty-step", 2, 5, ",,"),
    ("T4~2 { C3 } C4", "missing-separator", 5, 13, "C4"),
])
def test_an_error_quotes_the_token_as_the_reader_typed_it(typed, reason, token, position, quoted):
    """The notation reads a step without its spaces and a full-width character as ASCII, but its error quotes
    (and counts characters in) the text as typed: the reader must find what is quoted in the field."""
    with pytest.raises(CalcError) as info:
        parse_chain(typed)
    e = info.value
    assert (e.details["reason"], e.details["token"], e.details["position"], e.details["text"]) == (
        reason, token, position, quoted)
    start = typed.find(quoted)
    assert start <= position - 1 < start + len(quoted)  # the character named is in the text quoted
    assert e.message.startswith(f"token {token} at character {position} ({quoted!r}): "), e.message


def test_limits_give_the_allowed_range():
    # a refused chain names the field, the token and the allowed range (issue 12, defect 3)
    for text, allowed in ((",".join(["N2"] * 31), [1, 30]), ("/".join(["[pro]N2"] * 12), [1, 11]),
                          ("N2" * 101, [1, 200])):
        with pytest.raises(CalcError) as info:
            parse_chain(text)
        assert info.value.field == "chain" and info.value.allowed == allowed
    assert len(parse_chain("/".join(["[pro,loner=4]D6d"] * 11)).chain.players) == 11


def test_digits_are_ascii_only():
    # an Arabic-Indic digit is no die face (int() would read it); a full-width one is a Japanese keyboard's
    # ASCII digit and reads as it (test_a_phone_keyboard_s_typing_reads_as_the_notation)
    for text in ("D\u0663", "A\u0669", "N3;tr=\u0661"):
        with pytest.raises(CalcError):
            parse_chain(text)
    assert parse_chain("D\uff13").chain == parse_chain("D3").chain


def test_every_reason_is_tested_and_documented():
    from calculators.notation import REASONS

    assert {row[1] for row in DETAILS} == set(REASONS)


def test_details_go_through_the_json_api():
    import json

    from calculators.api import handle, handle_json

    error = handle({"kind": "chain", "chain": "D3,X9"})["error"]
    assert error["details"] == {"reason": "unknown-letter", "token": 2, "position": 4, "text": "X9"}
    assert error["message"].startswith("token 2 at character 4 ('X9'): unknown roll letter 'X'")
    assert json.loads(handle_json('{"kind": "chain", "chain": "D3;tr=99"}'))["error"]["details"] == {
        "reason": "team-rerolls-range", "token": 2, "position": 4, "text": "tr=99"}
    # other errors have no details
    # an error that is not the notation's carries only its reason (issue 11: every error has one)
    assert handle({"kind": "chain", "chain": "D3", "max_team_rerolls": 9})["error"]["details"] == {"reason": "range"}


@pytest.mark.parametrize("typed, read", [
    ("d3,r2,p3;tr=1", "D3,R2,P3;tr=1"),             # a phone's lower case: the roll letter is the first character
    ("b2b:d,a9m,jk", "B2b:d,A9m,JK"),               # marks stay marks; an injury roll's K or C is read too
    ("[pro]d3d,u4{b2b|b-2b}", "[pro]D3d,U4{B2b|B-2b}"),
    ("Ｄ３、Ｒ２；ｔｒ＝１", "D3,R2;tr=1"),            # a Japanese keyboard's full-width letters and commas
    ("T4〜2{/C5}", "T4~2{/C5}"),                     # the wave dash, and a typographic minus
    ("D3,B−2", "D3,B-2"),
])
def test_a_phone_keyboard_s_typing_reads_as_the_notation(typed, read):
    parsed = parse_chain(typed, "bb2020")
    assert format_chain(parsed.chain, parsed.team_rerolls) == read
    assert parsed.chain == parse_chain(read, "bb2020").chain


@pytest.mark.parametrize("chain", [
    "Q" * 190,                   # an unreadable token
    "D3," + "Z" * 190,           # an unreadable token after a good one
    "A9" + "q" * 190,            # an armour step with a run of unknown marks
    "D3" + "7" * 190,            # a die face of 191 digits
    "D3" + "r" * 190,            # a step with a long tail
    "[pro," + "x" * 180 + "]D3",  # a long player flag
])
def test_long_hostile_token_is_quoted_short(chain):
    """Issue 20 part 2, item 3: a notation error quotes the token (and any value read from it) through
    ``shown()``, at most about 60 characters, not the whole 190-character token the user typed."""
    from calculators.api import handle

    answer = handle({"kind": "chain", "chain": chain})
    assert answer["ok"] is False
    message = answer["error"]["message"]
    longest = max((len(m.group(0)) for m in re.finditer(r"([QZqr7x])\1{9,}", message)), default=0)
    assert longest <= 60, (longest, message[:200])
