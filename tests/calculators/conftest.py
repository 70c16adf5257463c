"""Fixtures for the calculator tests.

``classic_rules`` has exactly the shape the build exports from ``data/targets`` and
``data/rolls`` (see ``calculators/rules.py``).  Its numbers are the classic (LRB6/CRP)
ones listed in ``shared/reference/rules-facts.md`` §5a and §6a: AG table 7 − AG,
pass +1/0/−1/−2 by range, −1 per tackle zone, catch +1 accurate, interception −2,
hand-off catch +1, landing −1 per tackle zone.

``modern_rules`` gives BB2020 and BB2025 rolls with no target table (the
characteristic is the N+ target), numbers from rules-facts §5b and §6a: pass 0/−1/−2/−3
by range and −1 per marker; BB2025 interception −3 accurate / −2 inaccurate and −1 per
marker.  The data team may shape these differently; only tests use this fixture.
"""

from __future__ import annotations

import copy

import pytest

CLASSIC_RULES = {
    "targets": {
        "agility-classic": {
            "characteristic": "ag",
            "rows": [
                {"value": 1, "target": 6},
                {"value": 2, "target": 5},
                {"value": 3, "target": 4},
                {"value": 4, "target": 3},
                {"value": 5, "target": 2},
                {"value": 6, "target": 1, "or_more": True},
            ],
        }
    },
    "rolls": {
        "pass-classic": {
            "editions": ["classic"],
            "target": "agility-classic",
            "natural_one": "fumble",
            "natural_six": "success",
            "fumble_at_or_below": 1,
            "modifiers": [
                {"key": "quick", "value": 1, "group": "range"},
                {"key": "short", "value": 0, "group": "range"},
                {"key": "long", "value": -1, "group": "range"},
                {"key": "long-bomb", "value": -2, "group": "range"},
                {"key": "tackle-zone", "value": -1, "per": "tackle_zones"},
            ],
        },
        "catch-classic": {
            "editions": ["classic"],
            "target": "agility-classic",
            "natural_one": "fail",
            "natural_six": "success",
            "modifiers": [
                {"key": "accurate", "value": 1, "group": "delivery"},
                {"key": "inaccurate", "value": 0, "group": "delivery"},
                {"key": "tackle-zone", "value": -1, "per": "tackle_zones"},
            ],
        },
        "interception-classic": {
            "editions": ["classic"],
            "target": "agility-classic",
            "natural_one": "fail",
            "natural_six": "success",
            "modifiers": [
                {"key": "interception", "value": -2},
                {"key": "tackle-zone", "value": -1, "per": "tackle_zones"},
            ],
        },
        "hand-off-classic": {
            "editions": ["classic"],
            "target": "agility-classic",
            "natural_one": "fail",
            "natural_six": "success",
            "modifiers": [
                {"key": "hand-off", "value": 1},
                {"key": "tackle-zone", "value": -1, "per": "tackle_zones"},
            ],
        },
        "landing-classic": {
            "editions": ["classic"],
            "target": "agility-classic",
            "natural_one": "fail",
            "natural_six": "success",
            "modifiers": [
                {"key": "tackle-zone", "value": -1, "per": "tackle_zones"},
            ],
        },
    },
}

_RANGE_MODERN = [
    {"key": "quick", "value": 0, "group": "range"},
    {"key": "short", "value": -1, "group": "range"},
    {"key": "long", "value": -2, "group": "range"},
    {"key": "long-bomb", "value": -3, "group": "range"},
    {"key": "marker", "value": -1, "per": "markers"},
]

MODERN_RULES = {
    "targets": {},
    "rolls": {
        "pass-bb2020": {"editions": ["bb2020"], "target": None, "natural_one": "fumble", "natural_six": "success",
                        "modifiers": _RANGE_MODERN},
        "pass-bb2025": {"editions": ["bb2025"], "target": None, "natural_one": "fumble", "natural_six": "success",
                        "fumble_at_or_below": 1, "modifiers": _RANGE_MODERN},
        "catch-bb2025": {"editions": ["bb2025"], "natural_one": "fail", "natural_six": "success",
                         "modifiers": [{"key": "marker", "value": -1, "per": "markers"}]},
        "interception-bb2025": {"editions": ["bb2025"], "natural_one": "fail", "natural_six": "success",
                                "modifiers": [{"key": "accurate", "value": -3, "group": "delivery"},
                                              {"key": "inaccurate", "value": -2, "group": "delivery"},
                                              {"key": "marker", "value": -1, "per": "markers"}]},
    },
}


@pytest.fixture
def classic_rules() -> dict:
    """The exported rules dict for classic (a fresh deep copy per test)."""
    return copy.deepcopy(CLASSIC_RULES)


@pytest.fixture
def modern_rules() -> dict:
    """Exported-shape rules for BB2020/BB2025 rolls (a fresh deep copy per test)."""
    return copy.deepcopy(MODERN_RULES)
