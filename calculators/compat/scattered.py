"""Where a pass that scatters ends, for BloodBowlDave's inaccurate passes: the weights of a catch after it.

:mod:`calculators.compat.dave` writes their pass that may be inaccurate (``P4-2;C2``) as our inaccurate band followed
by weighted alternatives: the receiver catches the ball that scattered back into its square, or that bounced into it.
This module computes those weights (:func:`scattered_pass_weights`) and says what each edition adds to the catch of a
scattered ball (:data:`_SCATTERED_CATCH`).
"""
from __future__ import annotations

from fractions import Fraction

from ..ballmove import scatter

__all__ = ["scattered_pass_weights"]


#: the square the pass aims at in :func:`scattered_pass_weights`: 4 squares from every edge or more, so the
#: ball's three scatters and its bounce stay on the pitch (ballmove's x 0..25, y 0..14)
_TARGET_SQUARE = (12, 7)


def scattered_pass_weights(diving_catch: bool = False) -> tuple[Fraction, Fraction]:
    """The chances that a pass which Scatters (3) from the receiver's square ends back in it: ``(direct,
    bounced)``.  ``direct``: the third scatter ends on that square; ``bounced``: it ends on another square
    (empty: no player there to catch it) and the ball's Bounce then comes into that square.  Both are Fractions
    in [0, 1], computed by :func:`calculators.ballmove.scatter` (one-square D8 moves) from a square far enough
    from every edge that no move leaves the pitch.  ``diving_catch``: the receiver has Diving Catch, so
    ``direct`` counts the third scatter ending on that square or in its Tackle Zone (the eight squares around),
    where it may try to catch the ball; it may not catch a Bounce into its Tackle Zone, and a failed catch bounces
    from its own square, so ``bounced`` is 0 (BBBase ``docs/bb2020|bb2025/core_rules/skills_and_traits.md``
    DIVING CATCH; FFB ``skill/common/DivingCatch``: "a failed catch will bounce from the Diving Catch player's
    square").

    Rules: BB2020, an inaccurate pass scatters three times from the target square, the ball bouncing where it
    lands if no standing player is there (BBBase ``docs/bb2020/core_rules/rules_and_regulations.md`` SCATTER,
    ``the_rules_of_blood_bowl.md`` INACCURATE PASSES); BB2025, Scatter (3) from the target square, then a
    Bounce, Scatter (1), from an empty square (BBBase ``docs/bb2025/core_rules/the_game_of_blood_bowl.md``
    INACCURATE PASS and RESOLVE PASS ACTION, ``rules_and_regulations.md`` SCATTER, BOUNCING BALLS); a Hail
    Mary Pass that is not fumbled is such an inaccurate pass in both (BBBase ``skills_and_traits.md``).  FFB
    moves the missed pass three one-square D8 steps in both (``ffb-server/.../step/bb2020/pass/StepMissedPass``
    and ``bb2025/pass/StepMissedPass``).  BloodBowlDave's ``CatchInaccuratePassStrategy`` types the same
    numbers, 24/512 and (240 - 24)/512/8.
    """
    landing = scatter(_TARGET_SQUARE, 3)
    if diving_catch:
        x, y = _TARGET_SQUARE
        return sum((landing.get((x + dx, y + dy), Fraction(0)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)),
                   Fraction(0)), Fraction(0)
    direct = landing.get(_TARGET_SQUARE, Fraction(0))
    bounced = sum((p * scatter(square, 1).get(_TARGET_SQUARE, Fraction(0))
                   for square, p in landing.items() if square not in (_TARGET_SQUARE, "out")), Fraction(0))
    return direct, bounced


#: edition -> what catching a ball that scattered into the receiver's square adds to the face needed (the
#: bounced ball adds 1 in both: BBBase "CATCHING THE BALL", FFB ``modifiers/bb20xx/CatchModifierCollection``).
#: BB2020 1: "scattered or deviated into the square they occupy", -1 (BBBase bb2020 CATCHING THE BALL; FFB
#: bb2020 "Inaccurate Pass, Deviated Ball or Scatter").  BB2025 0: the rulebook's list, as BBBase transcribes it,
#: has no such modifier, the reading ``data/rolls/catch-bb2025.yml`` (note ``inaccurate-pass``) encodes; FFB's
#: bb2025 ruleset and BloodBowlDave's Season 3 take 1 off, as BB2020 (``dave_differences.yml``).
_SCATTERED_CATCH: dict[str, int] = {"bb2020": 1, "bb2025": 0}
