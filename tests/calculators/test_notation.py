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
