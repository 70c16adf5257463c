"""Chain notation: parse, format, round-trip, and errors that name the token."""

from __future__ import annotations

import random

import pytest

from calculators.chain import Chain, Player, Step
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


@pytest.mark.parametrize("text", ["D3,R2,P3", "D3d,R2f;tr=2", "[pro]P3h,T4p/[loner=4]C3c", "N6", "T4,I5,H2c,L3",
                                  "[loner=5]N2/[pro]N3/N4;tr=0"])
def test_round_trip_canonical(text):
    p = parse_chain(text)
    assert format_chain(p.chain, p.team_rerolls) == text
    assert parse_chain(format_chain(p.chain, p.team_rerolls)) == p


def test_round_trip_random():
    rng = random.Random(3)
    kinds = ["dodge", "rush", "pick-up", "pass", "catch", "hand-off", "landing", "interception", "test"]
    skilled = {"dodge", "rush", "pick-up", "pass", "catch", "hand-off"}
    for _ in range(200):
        players = tuple(Player(rng.random() < .5, rng.choice([None, 2, 3, 4, 5, 6])) for _ in range(rng.randint(1, 3)))
        steps = []
        for p in range(len(players)):
            for _ in range(rng.randint(1, 3)):
                k = rng.choice(kinds)
                steps.append(Step(k, rng.randint(2, 6), k in skilled and rng.random() < .5, p))
        chain = Chain(tuple(steps), players, rng.choice(["classic", "bb2020"]))
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
    ],
)
def test_errors_name_the_token(text, token, fragment):
    with pytest.raises(CalcError) as info:
        parse_chain(text)
    e = info.value
    assert e.field == "chain"
    assert f"token {token} at character" in e.message, e.message
    assert fragment in e.message, e.message


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
    ("D3 R2", "unreadable", 1, 1, "D3R2"),
    ("D3,X9", "unknown-letter", 2, 4, "X9"),
    ("D7", "bad-target", 1, 1, "D7"),
    ("D3,R2d", "bad-mark", 2, 4, "R2d"),
    ("D3,L4c", "bad-mark", 2, 4, "L4c"),
    (",".join(["N2"] * 31), "too-many-steps", 31, 91, "N2"),
    ("D3;D4", "bad-option", 2, 4, "D4"),
    ("D3;tr=99", "team-rerolls-range", 2, 4, "tr=99"),
    ("D3;tr=1/D4", "option-not-last", 3, 9, "D4"),
    ("D3;tr=1,tr=2", "repeated-option", 3, 9, "tr=2"),
]


@pytest.mark.parametrize("text, reason, token, position, shown", DETAILS)
def test_errors_carry_details_for_a_translated_message(text, reason, token, position, shown):
    with pytest.raises(CalcError) as info:
        parse_chain(text)
    e = info.value
    assert e.field == "chain"
    assert e.details == {"reason": reason, "token": token, "position": position, "text": shown}
    if token is not None:  # the English message says the same (it stays as it was: the command line prints it)
        assert e.message.startswith(f"token {token} at character {position} ({shown!r}): "), e.message


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
    assert "details" not in handle({"kind": "chain", "chain": "D3", "max_team_rerolls": 9})["error"]
