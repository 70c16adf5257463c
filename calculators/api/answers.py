"""The JSON form of probabilities, shared by every request kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any



def prob(p: Fraction) -> dict[str, Any]:
    """Return the JSON form of probability ``p``: ``{"exact": "n/d", "float": n/d}``."""
    return {"exact": str(p), "float": float(p)}


def probs(dist: Mapping[str, Fraction]) -> dict[str, Any]:
    """Return ``{outcome: prob(p)}``."""
    return {k: prob(v) for k, v in dist.items()}
