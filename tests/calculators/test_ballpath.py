"""Ball movement with fixed dice (calculators.ballpath, request kind ``ball-path``) and the D8 numbering.

Oracles: walking every D8 (and every distance die) through ``ball_path`` and counting the ends gives exactly
the distributions of ``calculators.ballmove`` (``deviate``, ``scatter``, ``kick_off``), which were computed
without any fixed roll; and a separate square-by-square walk written here checks paths and throw-in squares.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from calculators.api import handle
from calculators.ballmove import D8_NUMBERINGS, deviate, direction_template, kick_off, scatter
from calculators.ballpath import ball_path, parse_d8
from calculators.editions import EDITIONS
from calculators.errors import CalcError

STARTS = [(0, 0), (1, 1), (12, 7), (13, 0), (25, 14), (24, 3), (5, 13), (19, 7)]
#: the printed template, row by row from the top (y - 1), as the rulebooks draw it
PRINTED = {1: (-1, -1), 2: (0, -1), 3: (1, -1), 4: (-1, 0), 5: (1, 0), 6: (-1, 1), 7: (0, 1), 8: (1, 1)}
#: FUMBBL: clockwise from straight up (north is y - 1 in its field coordinates)
CLOCKWISE = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]


def on(sq):
    return 0 <= sq[0] <= 25 and 0 <= sq[1] <= 14


def walk(start, steps):
    """Square by square; stop at the first square off the pitch. (path, end or None, last on the pitch)."""
    path, here, last = [], start, start
    for dx, dy in steps:
        here = (here[0] + dx, here[1] + dy)
        path.append(here)
        if not on(here):
            return path, None, last
        last = here
    return path, here, last


def test_the_two_numberings():
    assert D8_NUMBERINGS["template"] == PRINTED
    assert D8_NUMBERINGS["fumbbl"] == {i + 1: d for i, d in enumerate(CLOCKWISE)}
    for numbering in D8_NUMBERINGS:
        t = direction_template(numbering)
        assert sorted(t["faces"].values()) == sorted(PRINTED.values())  # 8 different directions
        for row, dy in zip(t["layout"], (-1, 0, 1)):
            for face, dx in zip(row, (-1, 0, 1)):
                assert (face is None) == (dx == dy == 0)
                assert face is None or t["faces"][face] == (dx, dy)
        assert set(t["sources"]) == set(EDITIONS) and all(t["sources"][e] for e in EDITIONS)
    assert direction_template("template")["layout"] == [[1, 2, 3], [4, None, 5], [6, 7, 8]]
    assert direction_template("fumbbl")["layout"] == [[8, 1, 2], [7, None, 3], [6, 5, 4]]
    with pytest.raises(CalcError):
        direction_template("clockwise")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("kick", [False, True])
@pytest.mark.parametrize("numbering", list(D8_NUMBERINGS))
def test_every_fixed_deviation_adds_up_to_the_distribution(edition, kick, numbering):
    faces = 3 if kick and edition == "bb2025" else 6
    for start in STARTS:
        counted: dict = {}
        for d8, roll in product(range(1, 9), range(1, faces + 1)):
            p = ball_path(start, "deviate", (d8,), edition=edition, distance_roll=roll, kick=kick, numbering=numbering)
            key = p.end if p.end is not None else "out"
            counted[key] = counted.get(key, 0) + Fraction(1, 8 * faces)
            # the oracle: the straight line, square by square
            n = roll // 2 if kick and edition != "bb2025" else roll
            path, end, last = walk(start, [D8_NUMBERINGS[numbering][d8]] * n)
            assert (list(p.path), p.end, p.last_on_pitch, p.squares_moved) == (path, end, last, n)
            assert p.then == ("lands" if end else "throw-in")
        assert counted == deviate(start, edition, kick)


@pytest.mark.parametrize("numbering", list(D8_NUMBERINGS))
@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_fixed_scatter_adds_up_to_the_distribution(numbering, n):
    for start in STARTS:
        counted: dict = {}
        for rolls in product(range(1, 9), repeat=n):
            p = ball_path(start, "scatter", rolls, numbering=numbering)
            path, end, last = walk(start, [D8_NUMBERINGS[numbering][f] for f in rolls])
            assert (list(p.path), p.end, p.last_on_pitch) == (path, end, last)
            assert p.d8_used == len(path) and p.directions == tuple(D8_NUMBERINGS[numbering][f] for f in rolls[:len(path)])
            key = p.end if p.end is not None else "out"
            counted[key] = counted.get(key, 0) + Fraction(1, 8 ** n)
        assert counted == scatter(start, n)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("receiving", ["right", "left"])
def test_kick_off_deviation_then_bounce_gives_the_touchback_chance(edition, receiving):
    for target in [(13, 0), (19, 7), (25, 14), (12, 7), (0, 0)]:
        if (target[0] >= 13) != (receiving == "right"):
            continue
        tb = Fraction(0)
        for d8, roll, bounce in product(range(1, 9), range(1, 7), range(1, 9)):
            p = ball_path(target, "deviate", (d8,), edition=edition, distance_roll=roll, context="kick-off",
                          receiving=receiving)
            if p.then == "touchback":  # it deviated out or into the kicking half: no bounce
                tb += Fraction(1, 8 * 6 * 8)
                continue
            b = ball_path(p.end, "bounce", (bounce,), context="kick-off", receiving=receiving)
            tb += Fraction(1, 8 * 6 * 8) if b.then == "touchback" else 0
        assert tb == kick_off(target, edition, False, receiving, bounce=True).touchback


def test_examples_an_engine_author_would_check():
    # a deviation off the top sideline: thrown in from the last square on the pitch along the line
    p = ball_path((20, 2), "deviate", (2,), distance_roll=4)
    assert p.path == ((20, 1), (20, 0), (20, -1)) and p.end is None and p.last_on_pitch == (20, 0)
    assert p.then == "throw-in"
    # the same D8 face in FUMBBL's numbering is up and to the right
    p = ball_path((20, 2), "deviate", (2,), distance_roll=1, numbering="fumbbl")
    assert p.end == (21, 1) and p.then == "lands"
    # a scatter that leaves on its second D8 does not roll the third
    p = ball_path((0, 3), "scatter", (5, 4, 4))
    assert p.path == ((1, 3), (0, 3), (-1, 3)) and p.d8_used == 3 and p.last_on_pitch == (0, 3)
    p = ball_path((0, 3), "scatter", (4, 5, 5))
    assert p.path == ((-1, 3),) and p.d8_used == 1 and p.last_on_pitch == (0, 3) and p.then == "throw-in"
    # classic Kick: a D6 of 1 halves to 0, the ball stays on the target square
    p = ball_path((19, 7), "deviate", (8,), distance_roll=1, kick=True, context="kick-off")
    assert p.path == () and p.end == (19, 7) and p.then == "lands"
    # BB2025 Kick rolls a D3: a 4 is refused
    with pytest.raises(CalcError) as e:
        ball_path((19, 7), "deviate", (8,), edition="bb2025", distance_roll=4, kick=True)
    assert e.value.field == "distance_roll"
    # a kick-off bounce over the half-way line is a touchback, on the pitch
    p = ball_path((13, 7), "bounce", (4,), context="kick-off")
    assert p.end == (12, 7) and p.then == "touchback"


@pytest.mark.parametrize("text, move, faces", [("3", "bounce", (3,)), ("3,5,1", "scatter", (3, 5, 1)),
                                               (" 8 1 ", "scatter", (8, 1)), ("7", "deviate", (7,))])
def test_d8_text(text, move, faces):
    assert parse_d8(text, move) == faces


@pytest.mark.parametrize("text, move, reason", [("", "bounce", "text"), ("0", "bounce", "range"),
                                                ("9", "scatter", "range"), ("3,5", "bounce", "range"),
                                                ("1,1,1,1,1,1,1", "scatter", "range"), ("a", "scatter", "text"),
                                                (3, "bounce", "text"), ("-1", "bounce", "text")])
def test_d8_text_refused(text, move, reason):
    with pytest.raises(CalcError) as e:
        parse_d8(text, move)
    assert e.value.field == "d8" and e.value.details["reason"] == reason


def test_ball_path_kind():
    r = handle({"kind": "ball-path", "move": "deviate", "square": [20, 2], "d8": "2", "distance_roll": 4})
    assert r["ok"], r
    res = r["result"]
    assert res["path"] == [[20, 1], [20, 0], [20, -1]] and res["end"] == "out" and res["then"] == "throw-in"
    assert res["last_on_pitch"] == [20, 0] and res["rolls"] == [{"d8": 2, "direction": [0, -1]}]
    assert res["template"]["numbering"] == "template" and res["template"]["faces"]["2"] == [0, -1]
    r = handle({"kind": "ball-path", "move": "bounce", "square": [13, 7], "d8": "7", "context": "kick-off",
                "d8_numbering": "fumbbl"})["result"]
    assert r["end"] == [12, 7] and r["then"] == "touchback" and r["receiving"] == "right"
    # fields of another move are refused, naming them
    bad = handle({"kind": "ball-path", "move": "scatter", "square": [5, 5], "d8": "1", "distance_roll": 3})
    assert bad["error"]["field"] == "distance_roll"
    bad = handle({"kind": "ball-path", "move": "scatter", "square": [14, 5], "d8": "1", "context": "kick-off"})
    assert bad["error"]["field"] == "context"
    bad = handle({"kind": "ball-path", "move": "bounce", "square": [5, 5], "d8": "1", "context": "kick-off"})
    assert bad["error"]["field"] == "square" and bad["error"]["details"]["reason"] == "receiving-half"


def test_scatter_and_deviate_answers_name_the_numbering():
    for req in ({"kind": "scatter", "square": [5, 5]}, {"kind": "deviate", "square": [5, 5], "edition": "bb2020"}):
        t = handle(req)["result"]["template"]
        assert t["layout"] == [[1, 2, 3], [4, None, 5], [6, 7, 8]]
        assert t["sources"]["bb2020"][0]["repo"] == "BBBase-EHeresy-PPPub/BBBase"
        t = handle({**req, "d8_numbering": "fumbbl"})["result"]["template"]
        assert t["faces"]["1"] == [0, -1] and t["sources"]["classic"][0]["repo"] == "christerk/ffb"
