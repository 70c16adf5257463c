"""The 2D6 steps' outcomes as the solver uses them: an armour roll and its injury roll as one joint roll.
"""

from __future__ import annotations

from fractions import Fraction

from ..armour import armour_break, armour_then_injury
from .model import Chain
from .steps import ArmourStep, InjuryStep, _places, linked_armour

_ZERO = Fraction(0)
_ONE = Fraction(1)


def _linked_pairs(chain: Chain):
    """Yield ``(pre-order index, step, its injury step or None / its armour step or None)`` for every 2D6 step of
    ``chain``, branches included: an armour step with the injury step right after it in the same sequence, an
    injury step with the armour step right before it."""
    for j, (path, seq, i) in enumerate(_places(chain.steps)):
        s = seq[i]
        if isinstance(s, ArmourStep):
            yield j, s, seq[i + 1] if i + 1 < len(seq) and linked_armour(seq, i + 1) is s else None
        elif isinstance(s, InjuryStep):
            yield j, s, linked_armour(seq, i)


def rolls_2d6(chain: Chain) -> dict[int, dict[str, Fraction]]:
    """Return, for each armour, foul and injury step (keyed by its index in pre-order, as :func:`walk` yields the
    steps), its outcomes (``break``, ``break_sent_off``, ``hold``, ``hold_sent_off``) as the solver uses them: an
    armour step followed by its injury step carries the pair's joint outcome (:meth:`ArmourStep.rolls`), and that
    injury step then passes for sure (``break`` 1).
    """
    out: dict[int, dict[str, Fraction]] = {}
    for j, s, other in _linked_pairs(chain):
        if isinstance(s, ArmourStep):
            out[j] = s.rolls(chain.edition, other)
        elif other is not None:
            out[j] = {"break": _ONE, "break_sent_off": _ZERO, "hold": _ZERO, "hold_sent_off": _ZERO}
        else:
            p = s.single(chain.edition)
            out[j] = {"break": p, "break_sent_off": _ZERO, "hold": _ONE - p, "hold_sent_off": _ZERO}
    return out


def star_reroll_gain(step: ArmourStep, injury: InjuryStep | None, edition: str, roll: str) -> Fraction:
    """P(the armour roll ``step`` (with its ``injury`` roll, if any) fails the chain, and a re-roll of its ``roll``
    then succeeds): ``armour``, the armour held and the whole armour roll (its injury roll after it) is made again;
    ``injury``, the armour broke, the injury roll fell short and is made again (0 without an injury roll).
    The star rules of :data:`calculators.rerolls.STAR_2D6_REROLLS`; a Fraction in [0, 1]."""
    broke = step.single(edition)
    joint = step.rolls(edition, injury)["break"]
    if roll == "armour":
        return (_ONE - broke) * joint
    if injury is None or not broke:
        return _ZERO
    return (broke - joint) * joint / broke


def step_singles(chain: Chain) -> dict[int, Fraction]:
    """Return the ``single`` the ``chain`` request lists for each injury step that follows its armour roll (keyed
    by pre-order index): P(the injury meets its need | the armour broke), the +X carried over included."""
    chain.validate()
    out = {}
    for j, s, armour in _linked_pairs(chain):
        if isinstance(s, InjuryStep) and armour is not None:
            joint = armour.rolls(chain.edition, s)
            broke = armour.single(chain.edition)
            out[j] = (joint["break"] + joint["break_sent_off"]) / broke if broke else _ZERO
    return out


def mauling_rescues(chain: Chain) -> dict[int, Fraction]:
    """Savage Mauling (Wilhelm Chaney, BB2020 and BB2025: once per game he may re-roll an Injury roll against an
    opposition player; BBBase ``docs/bb2020|bb2025/starplayers/Wilhelm_Chaney.md`` at ``87cb594``): for each node of
    ``chain`` (pre-order index) where a player with the rule rolls an injury, P(the armour roll before it breaks, the
    injury roll misses its need and the re-rolled injury roll meets it).  The node is the armour step of a block's
    armour-and-injury pair (the joint roll) or an injury step alone.  The +X (Mighty Blow) stays where the armour roll
    put it: on the injury when the armour broke without it, else spent (:func:`calculators.armour.armour_then_injury`).
    Not on a foul's injury roll, whose send-off on a double is not modelled with it.
    """
    out: dict[int, Fraction] = {}
    for j, s, other in _linked_pairs(chain):
        injury, armour = (other, s) if isinstance(s, ArmourStep) else (s, other)
        if injury is None or not chain.players[s.player].savagemauling or (armour is not None and armour.foul):
            continue
        if isinstance(s, InjuryStep) and armour is not None:
            continue  # its armour step's node carries the pair

        def reaches(modifier: int) -> Fraction:
            return armour_then_injury(chain.edition, None, 0, modifier, need=injury.need, table=injury.table())["break"]

        if armour is None:
            q = reaches(injury.modifier)
            out[j] = q * (_ONE - q)
            continue
        rolls = [armour_break(chain.edition, armour.av, armour.total_modifier(), plus_one=b, claws=armour.claws,
                              iron_hard_skin=armour.iron_hard_skin) for b in (0, armour.bonus())]
        clean, any_break = (r["break"] + r["break_sent_off"] for r in rolls)
        kept = reaches(injury.modifier + (0 if armour.chainsaw else armour.bonus()))
        spent = reaches(injury.modifier)
        out[j] = clean * kept * (_ONE - kept) + (any_break - clean) * spent * (_ONE - spent)
    return out
