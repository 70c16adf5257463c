"""A chain written back in the notation (the canonical form :func:`~calculators.notation.parse_chain` reads).
"""

from __future__ import annotations

from fractions import Fraction

from ..chain import Alternatives, ArmourStep, BlockStep, Chain, Dauntless, InjuryStep, Step
from .marks import (ARMOUR_MARKS, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, BREAK_TACKLE_MARK, INJURY_MARKS,
                    INJURY_NEEDS_LETTERS, ROLL_MARKS, SKILL_MARKS, SKILL_FLAGS, STAR_FLAGS, VALUED_MARKS, _KIND_LETTER)


def format_step(step: Step | BlockStep | ArmourStep | Dauntless) -> str:
    """Return the canonical notation of one step, without its player's flags and its branches."""
    if isinstance(step, BlockStep):
        att = "".join(k for k, v in BLOCK_ATTACKER_MARKS.items() if v in step.attacker)
        dfd = "".join(k for k, v in BLOCK_DEFENDER_MARKS.items() if v in step.defender)
        goal = f"={step.faces}" if step.faces is not None else "=s" if step.goal == "standing" else ""
        return (f"B{step.dice}{att}{':' + dfd if dfd else ''}{goal}"
                f"{'!' if step.no_reroll else ''}{chr(39) if step.no_team_reroll else ''}")
    if isinstance(step, ArmourStep):
        marks = "".join(k + (str(int(getattr(step, f))) if k in VALUED_MARKS and int(getattr(step, f)) > 1 else "")
                        for k, (f, _) in ARMOUR_MARKS[step.kind].items() if getattr(step, f))
        return f"{_KIND_LETTER[step.kind]}{step.av}{f'{step.modifier:+d}' if step.modifier else ''}{marks}"
    if isinstance(step, InjuryStep):
        need = {v: k for k, v in INJURY_NEEDS_LETTERS.items()}.get(step.need, str(step.need))
        marks = "".join(k for k, (f, _) in INJURY_MARKS.items() if getattr(step, f))
        return f"J{need}{f'{step.modifier:+d}' if step.modifier else ''}{marks}"
    if isinstance(step, Dauntless):
        return f"U{step.target}{'!' if step.no_reroll else ''}{chr(39) if step.no_team_reroll else ''}"
    marks = "".join(k for k, f in ROLL_MARKS.items() if getattr(step, f))
    bt = f"{BREAK_TACKLE_MARK}{step.break_tackle}" if step.break_tackle else ""
    return (f"{_KIND_LETTER[step.kind]}{step.target}{SKILL_MARKS[step.kind] if step.skill else ''}{bt}"
            f"{f'~{step.partial}' if step.partial is not None else ''}{marks}")


def _weight(w: Fraction) -> str:
    w = Fraction(w)
    return str(w.numerator) if w.denominator == 1 else f"{w.numerator}/{w.denominator}"


def format_chain(chain: Chain, team_rerolls: int | None = None) -> str:
    """Return the canonical notation of ``chain`` (and ``;tr=N`` when given).

    ``parse_chain(format_chain(c, n), c.edition, c.reading)`` gives back ``Parsed(c, n)``
    (the reading is not part of the notation).
    """
    seen: set[int] = set()

    def sequence(steps: tuple, current: int) -> str:
        parts: list[str] = []
        for s in steps:
            tok = format_step(s) if not isinstance(s, Alternatives) else "("
            if s.player is not None and s.player not in seen:  # the player's first item: '/' and its flags
                seen.add(s.player)
                pl = chain.players[s.player]
                flags = ((["pro"] if pl.pro else []) + ([f"loner={pl.loner}"] if pl.loner is not None else [])
                         + [f for f in (*STAR_FLAGS, *SKILL_FLAGS) if getattr(pl, f)])
                prefix = f"[{','.join(flags)}]" if flags else ""
                parts.append(("/" if parts or s.player else "") + prefix + tok)
                current = s.player
            else:
                parts.append(("," if parts else "") + tok)
            if isinstance(s, Alternatives):
                parts.append("|".join(f"{_weight(w)}:{sequence(branch, current)}" for w, branch in s.options) + ")")
                continue
            if isinstance(s, Dauntless):
                parts.append("{" + sequence(s.success, current) + "|" + sequence(s.failure, current) + "}")
            elif isinstance(s, BlockStep) and s.branch is not None:
                parts.append("{" + sequence(s.branch, current) + "}")
            elif isinstance(s, Step) and s.success:
                parts.append("{" + sequence(s.success, current) + "|" + sequence(s.branch, current) + "}")
            elif isinstance(s, Step) and s.branch:
                parts.append("{" + sequence(s.branch, current) + "}")
        return "".join(parts)

    out = sequence(chain.steps, 0)
    if team_rerolls is not None:
        out += f";tr={team_rerolls}"
    return out
