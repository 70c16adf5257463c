"""Request kinds ``kick``, ``scatter``, ``deviate``, ``throw-in`` and ``ball-path``: where the ball lands.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..ballmove import D8_NUMBERINGS, deviate, direction_template, kick_distance, kick_off, landing_map, scatter, throw_in
from ..ballpath import CONTEXTS, MOVES, ball_path, parse_d8
from ..fields import Reader
from ..rules import RuleBook
from .edition import read_edition
from .answers import prob


def answer_kick(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd)
    edition = ed.name
    kick = rd.bool("kick", False)
    receiving = rd.choice("receiving", ["right", "left"], "right")
    bounce = rd.bool("bounce", False)
    whole = rd.bool("map", False)
    if whole:
        rd.finish()
        m = landing_map(ed, kick, receiving, bounce)
        return {"edition": edition, "map": [{"square": list(sq), "touchback": prob(p)} for sq, p in m.items()]}
    target = rd.square("target")
    rd.finish()
    k = kick_off(target, ed, kick, receiving, bounce)
    landing = [{"square": sq if sq == "out" else list(sq), "p": prob(p)}
               for sq, p in sorted(k.landing.items(), key=lambda kv: (kv[0] == "out", str(kv[0])))]
    return {"edition": edition, "touchback": prob(k.touchback), "landing": landing}


def _landing(dist: Mapping[Any, Fraction], start: tuple[int, int]) -> dict[str, Any]:
    """The ``landing``, ``out`` and ``distance`` of a ``scatter`` or ``deviate`` result."""
    landing = [{"square": sq if sq == "out" else list(sq), "p": prob(p)}
               for sq, p in sorted(dist.items(), key=lambda kv: (kv[0] == "out", str(kv[0])))]
    distance: dict[int, Fraction] = {}
    for sq, p in dist.items():
        if sq != "out":
            d = max(abs(sq[0] - start[0]), abs(sq[1] - start[1]))
            distance[d] = distance.get(d, Fraction(0)) + p
    return {"landing": landing, "out": prob(dist.get("out", Fraction(0))),
            "distance": {str(d): prob(distance[d]) for d in sorted(distance)}}


def _template(rd: Reader) -> dict[str, Any]:
    """Read ``d8_numbering`` and return the JSON form of :func:`~calculators.ballmove.direction_template`."""
    t = direction_template(rd.choice("d8_numbering", list(D8_NUMBERINGS), "template"))
    return {**t, "faces": {str(f): list(d) for f, d in t["faces"].items()}}


def answer_scatter(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    square = rd.square("square")
    n = rd.int("n", 1, 6, 1)
    template = _template(rd)
    rd.finish()
    return {"square": list(square), "n": n, **_landing(scatter(square, n), square), "template": template}


def answer_deviate(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd, in_messages=True)
    edition = ed.name
    square = rd.square("square")
    kick = rd.bool("kick", False)
    template = _template(rd)
    rd.finish()
    return {"edition": edition, "square": list(square), "kick": kick,
            **_landing(deviate(square, ed, kick), square), "template": template}


def answer_ball_path(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd, in_messages=True)
    edition = ed.name
    move = rd.choice("move", list(MOVES))
    square = rd.square("square")
    d8 = parse_d8(rd.str("d8", max_len=40, example="3"), move)
    distance_roll, kick = None, False
    if move == "deviate":
        kick = rd.bool("kick", False)
        distance_roll = rd.int("distance_roll", 1, kick_distance(ed, kick))
    template = _template(rd)
    context = rd.choice("context", list(CONTEXTS), "in-play")
    receiving = rd.choice("receiving", ["right", "left"], "right") if context == "kick-off" else "right"
    rd.finish()
    p = ball_path(square, move, d8, edition=ed, distance_roll=distance_roll, kick=kick,
                  numbering=template["numbering"], context=context, receiving=receiving)
    return {
        "edition": edition, "move": move, "square": list(square), "context": context,
        **({"receiving": receiving} if context == "kick-off" else {}),
        "rolls": [{"d8": f, "direction": list(d)} for f, d in zip(d8, p.directions)],
        "d8_used": p.d8_used,
        **({"kick": kick, "distance_roll": distance_roll, "squares_moved": p.squares_moved} if move == "deviate" else {}),
        "path": [list(sq) for sq in p.path],
        "end": list(p.end) if p.end is not None else "out",
        "last_on_pitch": list(p.last_on_pitch),
        "then": p.then,
        "template": template,
    }


def answer_throw_in(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd, in_messages=True)
    edition = ed.name
    square = rd.square("square")
    rd.finish()
    t = throw_in(square, ed)
    landing = [{"square": list(sq), "p": prob(p)} for sq, p in sorted(t.landing.items())]
    return {"edition": edition, "square": list(square), "landing": landing, "out_again": prob(t.out_again),
            "rethrows": prob(t.rethrows)}
