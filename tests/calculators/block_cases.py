"""Block requests for the block tests: skill sets, the API's exact values, and the resolver's Block for
strengths (what the oracle of block_oracle.py is compared with)."""

from __future__ import annotations

from fractions import Fraction as F

from calculators.block import Block, strength_dice

NONE = frozenset()


def fs(*names):
    """The skills `names` as a Block takes them (a frozenset)."""
    return frozenset(names)


def exact(d):
    """{name: Fraction} from the API's {name: {"exact": "p/q", ...}}."""
    return {k: F(v["exact"]) for k, v in d.items()}


def block_of(edition, att_st, def_st, att_as=0, def_as=0, blitz=False, horns=False, dauntless=True, **kw):
    """The resolver's Block for strengths (through strength_dice)."""
    s = strength_dice(edition, att_st, def_st, att_as, def_as, horns=horns and blitz, dauntless=dauntless)
    roll = s.dauntless
    return Block(edition, s.dice, blitz, dauntless_needed=roll.needed if roll else None,
                 dauntless_dice=roll.dice if roll else None, **kw)
