"""Ball movement: hand-counted deviations, scatters and touchbacks on the 26 × 15 pitch."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from calculators.ballmove import deviate, kick_off, landing_map, scatter
from calculators.errors import CalcError


def test_deviate_in_the_middle_stays_on_pitch():
    # from (19, 7) every D6 × D8 landing (at most 6 squares away) is on the pitch: 48 squares, 1/48 each
    d = deviate((19, 7))
    assert "out" not in d and len(d) == 48 and set(d.values()) == {F(1, 48)}
    assert sum(d.values()) == 1


def test_deviate_from_the_corner():
    # from (25, 0): directions 2, 3, 5, 8 leave the pitch... count on-pitch: 4 (left), 6 (down-left),
    # 7 (down) stay on for every distance 1..6 (x >= 19, y <= 6) -> 3/8; 1, 2, 3, 5, 8 go out -> 5/8
    d = deviate((25, 0))
    assert d["out"] == F(5, 8)


def test_kick_skill_distances():
    # classic Kick halves the D6 rounding down: 0 (1/6), 1 (2/6), 2 (2/6), 3 (1/6); a 0 stays on the target
    d = deviate((19, 7), "classic", kick=True)
    assert d[(19, 7)] == F(1, 6)
    assert d[(20, 7)] == F(2, 6) / 8
    # BB2025 Kick: D3 squares, never 0
    d = deviate((19, 7), "bb2025", kick=True)
    assert (19, 7) not in d and d[(22, 7)] == F(1, 3) / 8


def test_scatter_three():
    s = scatter((10, 7), 3)
    assert sum(s.values()) == 1 and "out" not in s
    # back on its square after 3 moves: ordered steps u, v, w = -(u+v), all king moves, so u+v must be a
    # non-zero king move.  u orthogonal, e.g. (1,0): v in (-1,±1), (0,±1) -> 4 each, 4 · 4 = 16;
    # u diagonal, e.g. (1,1): v in (-1,0), (0,-1) -> 2 each, 4 · 2 = 8.  24 walks of 8^3: 24/512 = 3/64
    assert s[(10, 7)] == F(24, 512)


def test_bounce_off_the_sideline():
    # from (10, 0) three of the eight directions (1, 2, 3) go off the pitch
    assert scatter((10, 0), 1)["out"] == F(3, 8)


def test_touchback_near_the_halfway_line():
    # placed at (13, 7) (first receiving column): directions 1, 4, 6 go into the kicking half for any
    # distance (3/8); no other direction leaves the pitch or the half: touchback 3/8
    assert kick_off((13, 7)).touchback == F(3, 8)
    # with a classic Kick a 0 keeps the ball on (13, 7): 5/6 · 3/8
    assert kick_off((13, 7), kick=True).touchback == F(5, 6) * F(3, 8)


def test_landing_map():
    m = landing_map("bb2020")
    assert len(m) == 13 * 15
    best = min(m.values())
    assert m[(19, 7)] == best == 0  # the centre of the receiving half is safe (no direction reaches out)
    assert all(0 <= v <= 1 for v in m.values())
    left = landing_map("bb2020", receiving="left")
    assert left[(6, 7)] == 0 and left[(12, 7)] == F(3, 8)  # mirror image


def test_errors():
    with pytest.raises(CalcError) as e:
        kick_off((5, 7))
    assert e.value.field == "target"
    with pytest.raises(CalcError) as e:
        deviate((26, 0))
    assert e.value.field == "start"


def test_kick_api():
    from calculators.api import handle
    r = handle({"kind": "kick", "target": [13, 7]})
    assert F(r["result"]["touchback"]["exact"]) == F(3, 8)
    assert sum(F(x["p"]["exact"]) for x in r["result"]["landing"]) == 1
    r = handle({"kind": "kick", "map": True, "edition": "bb2025", "kick": True})
    assert len(r["result"]["map"]) == 195
    assert handle({"kind": "kick", "target": [30, 7]})["error"]["field"] == "target"
    assert handle({"kind": "kick", "target": [5, 7]})["error"]["field"] == "target"


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_landing_map_is_kick_off_square_by_square(edition):
    # the map is counted at once (issue 12: the map with bounce took over a second); same values as kick_off
    for kick in (False, True):
        for receiving in ("right", "left"):
            for bounce in (False, True):
                m = landing_map(edition, kick, receiving, bounce)
                xs = range(13, 26) if receiving == "right" else range(0, 13)
                assert set(m) == {(x, y) for x in xs for y in range(15)}
                for sq, p in m.items():
                    assert p == kick_off(sq, edition, kick, receiving, bounce).touchback, (kick, receiving, bounce, sq)


def test_a_touchback_never_bounces_back_into_play():
    # FFB StepKickoffScatterRoll (bb2016, bb2020, bb2025) and BBBase "TOUCHBACKS": a kick that deviates into the
    # kicking half or off the pitch is a touchback; only a ball landing in the receiving half bounces.
    # From (13, 7), no Kick: directions 1, 4, 6 (3/8) land in the kicking half: touchback.  Directions 2, 7
    # (2/8) land on x = 13 and bounce west (3/8) into the kicking half: another 2/8 · 3/8.  Directions 3, 5, 8
    # land on x >= 14 and no bounce leaves the half (y stays within 1..13 before the bounce).
    k = kick_off((13, 7), bounce=True)
    assert k.touchback == F(3, 8) + F(2, 8) * F(3, 8) == F(15, 32)
    # the ball that deviated one square west, to (12, 7) (1/48), stays there; two bounces from the receiving
    # half also end there, from (13, 6) and (13, 8) (1/48 each, then 1/8)
    assert k.landing[(12, 7)] == F(1, 48) + 2 * F(1, 48) * F(1, 8) == F(5, 192)
    for receiving in ("right", "left"):
        with_bounce = landing_map("classic", receiving=receiving, bounce=True)
        without = landing_map("classic", receiving=receiving)
        assert all(with_bounce[sq] >= without[sq] for sq in without)  # a bounce never undoes a touchback
