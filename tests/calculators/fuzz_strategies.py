"""Hypothesis strategies and checks for fuzzing the calculators (issue 12, defect 7).

Used by ``test_fuzz_api.py`` (a short, derandomized run in CI) and ``benchmarks/fuzz_calculators.py`` (a
longer run that prints its counts).  Values are *plausible* (near each field's range, its choices, squares)
or *hostile* (any JSON type, integers of thousands of digits, NaN, lone surrogates, deep nesting, unknown
fields); every answer must be strict JSON of the documented shape, and every exact distribution of a
result must sum to 1.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

from hypothesis import strategies as st

from calculators.api import KINDS
from calculators.errors import REASONS as ERROR_REASONS
from calculators.notation import REASONS

#: a valid request of each kind (classic rules), the start of each fuzzed request
VALID: dict[str, dict[str, Any]] = {
    "agility": {"action": "pass", "ag": 3, "range": "long"},
    "test": {"target": 3},
    "chain": {"chain": "D3,R2"},
    "pass": {"ag": 3, "range": "short", "receiver_ag": 3, "interceptor_ag": 3},
    "armour": {"av": 8},
    "foul": {"av": 8},
    "kick": {"target": [18, 7]},
    "fields": {"action": "pass"},
    "dice-total": {"dice": "2d6"},
    "block": {},
    "range": {"thrower": [5, 5], "target": [8, 9]},
    "throw-in": {"square": [0, 5]},
    "casualty": {},
    "scatter": {"square": [5, 5]},
    "deviate": {"square": [13, 7]},
    "ball-path": {"move": "scatter", "square": [5, 5], "d8": "3,5,1"},
    "dave": {"dave": "D3"},
    "prayers": {"edition": "bb2020", "wanted": "iron-man"},
    "form": {"for": "block"},
}

#: every field name a request kind reads (and a few it does not)
FIELDS: dict[str, list[str]] = {
    "agility": ["edition", "action", "ag", "pa", "range", "tackle_zones", "markers", "delivery", "reroll",
                "pass_reading"],
    "test": ["edition", "target", "modifier", "pass", "reroll"],
    "chain": ["edition", "chain", "reading", "max_team_rerolls"],
    "pass": ["edition", "ag", "pa", "range", "thrower_tackle_zones", "thrower_markers", "receiver_ag",
             "receiver_tackle_zones", "interceptor_ag", "interceptor_tackle_zones", "interceptor_marked",
             "pass_skill", "safe", "catch_skill", "team_rerolls", "pass_reading"],
    "armour": ["edition", "av", "armour_modifier", "injury_modifier", "mighty_blow", "claws", "stunty",
               "thick_skull", "mighty_blow_value", "iron_hard_skin", "apothecary"],
    "foul": ["edition", "av", "assists", "dirty_player", "sneaky_git", "stunty", "thick_skull", "dirty_player_value",
             "lone_fouler", "iron_hard_skin"],
    "kick": ["edition", "target", "kick", "receiving", "bounce", "map"],
    "fields": ["edition", "action"],
    "dice-total": ["dice"],
    "block": ["edition", "attacker_st", "defender_st", "attacker_assists", "defender_assists", "dice", "blitz",
              "attacker_block", "attacker_wrestle", "attacker_tackle", "attacker_juggernaut", "attacker_frenzy",
              "attacker_pro", "attacker_brawler", "attacker_dauntless", "attacker_horns", "defender_block",
              "defender_dodge", "defender_wrestle", "defender_stand_firm", "defender_fend", "team_rerolls",
              "goal"],
    "range": ["edition", "thrower", "target", "landing", "map"],
    "throw-in": ["edition", "square"],
    "casualty": ["edition", "niggling"],
    "scatter": ["square", "n", "d8_numbering"],
    "deviate": ["edition", "square", "kick", "d8_numbering"],
    "ball-path": ["edition", "move", "square", "d8", "kick", "distance_roll", "d8_numbering", "context", "receiving"],
    "dave": ["dave", "team_rerolls", "reading"],
    "prayers": ["edition", "play", "prayers", "team_value", "opponent_value", "wanted", "already"],
    "form": ["for", "edition", "action", "map", "chain", "av", "attacker_brawler"],
}
OTHER_FIELDS = ["kind", "", "x", "__proto__", "constructor", "\ud800", "a" * 300]

#: integers past JSON's safe range and Python's 4,300-digit str() limit (built when drawn: Hypothesis shows a
#: strategy's values in its repr, which such an integer would break)
huge_integers = st.one_of(st.builds(lambda e: 10 ** e, st.integers(4300, 5000)),
                          st.builds(lambda e: -(10 ** e) + 1, st.integers(4300, 5000)),
                          st.sampled_from([2 ** 64, -(2 ** 63) - 1, 2 ** 53 + 1]))
CHOICES = ["classic", "bb2016", "bb2020", "bb2025", "bb2099", "pass", "catch", "interception", "landing",
           "hand-off", "quick", "short", "long", "long-bomb", "accurate", "inaccurate", "wildly-inaccurate",
           "yes", "no", "right", "left", "knock_down", "safe", "rulebook", "designers-commentary", "2d6", "d8",
           "3D6", "1d16", "d0", "0d6", "99d6", "block", "chain", "form", "fields", "agility", "kick", "range"]
NOTATION_ALPHABET = "DRPTCHLINBAFX0123456789-+:=,/;[] prolner=tr.dfhcpbtwmsqz\u00a0\u3000\u0663\uff13"

#: lone surrogates, control and odd characters among ordinary ones
odd_text = st.text(st.one_of(st.characters(), st.sampled_from(["\ud800", "\udfff", "\x00", "\u202e", "\ufeff"])),
                   max_size=40)


@cache  # built (and validated by Hypothesis) once, not on every draw of requests()
def notation_text() -> st.SearchStrategy[str]:
    """Strings that look like chain notation (and some that only nearly do)."""
    token = st.one_of(
        st.builds(lambda l, d, m: f"{l}{d}{m}", st.sampled_from("DRPTCHLINX"), st.integers(0, 9),
                  st.sampled_from(["", "d", "f", "h", "c", "p", "x"])),
        st.builds(lambda d, a, dd, g: f"B{d}{a}{':' + dd if dd else ''}{g}", st.sampled_from(["1", "2", "3", "-2", "-3",
                                                                                            "4", "0"]),
                  st.sampled_from(["", "b", "bt", "r", "btr", "x"]), st.sampled_from(["", "b", "dw", "bdw", "q"]),
                  st.sampled_from(["", "=s", "=x"])),
        st.builds(lambda l, av, mod, m: f"{l}{av}{mod}{m}", st.sampled_from("AF"), st.integers(1, 14),
                  st.sampled_from(["", "+1", "-2", "+8", "+9"]), st.sampled_from(["", "m", "c", "mc", "d", "dd"])),
    )
    flags = st.sampled_from(["", "", "[pro]", "[loner=4]", "[pro,loner=2]", "[loner=7]", "[pro", "[x]"])
    player = st.builds(lambda f, ts: f + ",".join(ts), flags, st.lists(token, min_size=1, max_size=3))
    chain = st.builds(lambda ps, o: "/".join(ps) + o, st.lists(player, min_size=1, max_size=3),
                      st.sampled_from(["", ";tr=0", ";tr=3", ";tr=9", ";tr=1,tr=2", ";x", ";"]))
    return st.one_of(chain, st.text(st.sampled_from(NOTATION_ALPHABET), max_size=60), odd_text)


@cache
def hostile_values() -> st.SearchStrategy[Any]:
    """Any JSON-like value, the extremes of each type, and nested lists and objects."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-20, 30), st.integers(), huge_integers,
        st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([3.0, -0.0, 1e308, 2.5]),
        odd_text, st.sampled_from(CHOICES), notation_text(),
    )
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                        max_leaves=8)


@cache
def plausible_values() -> st.SearchStrategy[Any]:
    """Values near what the fields accept: small integers, booleans, choices, squares, chains."""
    return st.one_of(
        st.integers(-3, 15), st.booleans(), st.sampled_from(CHOICES), st.none(),
        st.lists(st.integers(-2, 27), min_size=2, max_size=2), notation_text(),
    )


@st.composite
def requests(draw, kinds=tuple(VALID)) -> dict:
    """A request: a valid one of some kind with a few fields changed to plausible or hostile values."""
    kind = draw(st.sampled_from(kinds))
    request = {"kind": kind, **VALID[kind]}
    for _ in range(draw(st.integers(0, 4))):
        name = draw(st.one_of(st.sampled_from(FIELDS[kind]), st.sampled_from(OTHER_FIELDS)))
        value = draw(st.one_of(plausible_values(), hostile_values()))
        if draw(st.integers(0, 9)) == 0:
            request.pop(name, None)
        else:
            request[name] = value
    return request


# ---------------------------------------------------------------- checks


def _refuse(name: str):
    raise ValueError(f"{name} in an answer")


def strict_json(answer: dict) -> dict:
    """``answer`` dumped and parsed back as a strict JSON parser would (raises on NaN, a lone surrogate...)."""
    text = json.dumps(answer, ensure_ascii=False, allow_nan=False)
    text.encode("utf-8")
    return json.loads(text, parse_constant=_refuse)


def check_answer(answer: Any, request: Any) -> str:
    """Assert ``answer`` is a well-formed answer to ``request``; return ``"ok"`` or the error's field.

    Well-formed: strict JSON; ``{"ok": true, "kind", "result"}`` or ``{"ok": false, "error": {"field",
    "message", "allowed"[, "details"]}}``; no internal error (a bug); every probability object's exact
    value in 0..1 and its float close to it; every exact distribution of the result sums to 1.
    """
    assert isinstance(answer, dict), answer
    strict_json(answer)
    if answer["ok"] is not True:
        assert answer["ok"] is False and set(answer) == {"ok", "error"}, answer
        error = answer["error"]
        assert set(error) in ({"field", "message", "allowed"}, {"field", "message", "allowed", "details"}), error
        assert isinstance(error["field"], str) and isinstance(error["message"], str) and error["message"], error
        assert len(error["message"]) < 2000, error
        details = error.get("details")
        assert not (isinstance(details, dict) and details.get("reason") == "internal"), (request, error)
        if error["field"] == "chain" and details is not None:
            # the notation's own reasons, or a general one (a missing or non-text chain)
            assert details["reason"] in {*REASONS, *ERROR_REASONS}, error
        return error["field"]
    assert set(answer) == {"ok", "kind", "result"} and answer["kind"] == request["kind"], answer
    result = answer["result"]
    assert isinstance(result, dict), answer
    _check_probabilities(result)
    for path in DISTRIBUTIONS.get(request["kind"], ()):
        for dist in _at(result, path):
            total = sum((Fraction(p["exact"]) for p in _probs(dist)), Fraction(0))
            assert total == 1, (request, path, total)
    return "ok"


#: per kind, the paths of the result's exact distributions (``*``: every item of a list)
DISTRIBUTIONS: dict[str, list[tuple]] = {
    "agility": [("without_reroll",), ("with_reroll",), ("probabilities",)],
    "test": [("without_reroll",), ("with_reroll",), ("probabilities",)],
    "pass": [("outcomes",)],
    "armour": [("outcomes",)],
    "foul": [("outcomes",)],
    "block": [("outcomes",)],
    "dice-total": [("distribution",)],
    "throw-in": [("landing",)],
    "kick": [("landing",)],
}


def _at(value: Any, path: tuple) -> list:
    if not path:
        return [value]
    if not isinstance(value, dict) or path[0] not in value:
        return []
    return _at(value[path[0]], path[1:])


def _probs(dist: Any) -> list[dict]:
    """The probability objects of a distribution: ``{outcome: prob}`` or ``[{"square", "p"}]``."""
    if isinstance(dist, dict):
        return list(dist.values())
    return [item["p"] for item in dist]


def _is_prob(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"exact", "float"}


def _check_probabilities(value: Any, key: str = "") -> None:
    if _is_prob(value):
        exact = Fraction(value["exact"])
        assert abs(float(exact) - value["float"]) <= 1e-12 * max(1.0, abs(float(exact))), value
        if key not in ("mean", "rethrows"):  # expectations, not probabilities
            assert 0 <= exact <= 1, (key, value)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            _check_probabilities(v, k)
    elif isinstance(value, list):
        for v in value:
            _check_probabilities(v, key)


def every_kind_covered() -> bool:
    """True when :data:`VALID` and :data:`FIELDS` name every request kind of the API."""
    return set(VALID) == set(KINDS) == set(FIELDS)
