"""One token of the chain notation read as a step (a D6 test, a block, an armour roll or foul, an injury roll)
or as a player's flags.
"""

from __future__ import annotations

import re

from ..chain import LOWEST_BAND_ONE, ArmourStep, BlockStep, Dauntless, InjuryStep, Player, Step, highest_face
from ..errors import shown as _shown  # the parameter "shown" below is the token text
from ..rerolls import OPPONENT_KINDS
from .marks import (ARMOUR_MARKS, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, BREAK_TACKLE_MARK, INJURY_MARKS,
                    INJURY_NEEDS_LETTERS, LETTERS, ROLL_MARKS, SKILL_FLAGS, SKILL_MARKS, STAR_FLAGS, VALUED_MARKS, _ARMOUR, _BLOCK,
                    _INJURY, _STEP)
from .tokens import _fail


def _flags(index: int, pos: int, body: str) -> Player:
    pro = False
    loner = None
    stars: dict[str, bool] = {}
    for flag in [f for f in body.replace(" ", "").split(",") if f]:
        if flag == "pro" and not pro:
            pro = True
        elif re.fullmatch(r"loner=[2-6]", flag) and loner is None:
            loner = int(flag[-1])
        elif flag in (*STAR_FLAGS, *SKILL_FLAGS) and flag not in stars:
            stars[flag] = True
        else:
            raise _fail(index, pos, f"[{body}]", f"unknown or repeated player flag {_shown(flag)}; use pro, loner=X (X 2..6), "
                        f"{', '.join(STAR_FLAGS)} and {' and '.join(SKILL_FLAGS)}",
                        ["pro", "loner=2", "loner=6", *STAR_FLAGS, *SKILL_FLAGS], reason="bad-flag")
    return Player(pro, loner, **stars)


def _marks(index: int, pos: int, shown: str, marks: str, known: dict, what: str) -> list:
    """The skills of a run of mark letters, each known and given once."""
    out = []
    for c in marks:
        if c not in known:
            listed = ", ".join(f"{k} {v}" for k, v in known.items())
            raise _fail(index, pos, shown, f"unknown {what} mark {_shown(c)}; known: {listed}", list(known),
                        reason="bad-step-mark")
        if known[c] in out:
            raise _fail(index, pos, shown, f"{what} mark {_shown(c)} given twice", reason="bad-step-mark")
        out.append(known[c])
    return out


def _roll_marks(index: int, pos: int, shown: str, marks: str, allowed: str) -> dict[str, bool]:
    """The fields set by a run of ``!``/``'``/``^`` marks, each given once and allowed on this step (``!`` and ``'``
    not together: no re-roll at all already spends no team re-roll)."""
    out: dict[str, bool] = {}
    for c in marks:
        both = {ROLL_MARKS[c], "no_reroll", "no_team_reroll"} <= set(out) | {ROLL_MARKS[c]}
        if c not in allowed or ROLL_MARKS[c] in out or both:
            what = ("given twice" if ROLL_MARKS[c] in out else "goes with neither '!' nor \"'\" twice" if both
                    else "does not apply to this step")
            hint = ("'!' (do not re-roll) or \"'\" (no team re-roll) on a roll of ours, '^' (Diving Tackle) on a "
                    "dodge or a jump")
            raise _fail(index, pos, shown, f"mark {_shown(c)} {what}; {hint}", list(allowed), reason="bad-roll-mark")
        out[ROLL_MARKS[c]] = True
    return out


def _block(index: int, pos: int, tok: str, player: int, shown: str) -> BlockStep:
    m = _BLOCK.match(tok)
    if not m:
        raise _fail(index, pos, shown, "expected a block such as B2, B-2, B2bt:d or B2b:dw=s: the dice (negative when the "
                                       "defender chooses), the attacker's skill marks, ':' and the defender's, '=s' "
                                       "when the attacker only needs to stay standing", reason="bad-block")
    dice_text, att, dfd, goal, marks = m.groups()
    dice = int(dice_text)
    if dice not in (1, 2, 3, -2, -3):
        raise _fail(index, pos, shown, f"block dice must be 1, 2 or 3 (the attacker chooses) or -2, -3 (the defender "
                                       f"chooses), got {dice_text}", [1, 2, 3, -2, -3], reason="block-dice")
    faces = int(goal) if goal and goal.isdigit() else None
    if faces is not None:
        goal = None
    elif goal is not None and goal != "s":
        raise _fail(index, pos, shown, f"unknown block goal '={goal}'; write =s when the attacker only needs to stay "
                                       "standing, nothing when the defender must be Knocked Down", ["s"],
                    reason="block-goal")
    attacker = _marks(index, pos, shown, att, BLOCK_ATTACKER_MARKS, "attacker's skill")
    defender = _marks(index, pos, shown, dfd or "", BLOCK_DEFENDER_MARKS, "defender's skill")
    fields = _roll_marks(index, pos, shown, marks, "!'")
    if faces is not None:
        fields["faces"] = faces
    return BlockStep(dice, frozenset(attacker), frozenset(defender), "standing" if goal else "down", player, **fields)


def _armour(index: int, pos: int, tok: str, player: int, shown: str) -> ArmourStep:
    m = _ARMOUR.match(tok)
    if not m:
        raise _fail(index, pos, shown, "expected an armour roll such as A9, A9+1mc, A9m2 or F8+2d: A (after a block) or F "
                                       "(a foul), the AV, an optional modifier, skill marks", reason="bad-armour")
    letter, av, modifier, marks = m.groups()
    kind = LETTERS[letter]
    table = ARMOUR_MARKS[kind]
    fields: dict[str, bool | int] = {}
    for k, (mark, digits) in enumerate(re.findall(r"([a-z]?)([0-9]*)", marks)[:-1]):
        if not mark or mark not in table:
            listed = ", ".join(f"{c} {slug}" for c, (_, slug) in table.items())
            raise _fail(index, pos, shown, f"unknown {kind} skill mark {_shown(mark or digits)}; known: {listed}", list(table),
                        reason="bad-step-mark")
        field = table[mark][0]
        if field in fields:
            raise _fail(index, pos, shown, f"{kind} skill mark {_shown(mark)} given twice", reason="bad-step-mark")
        if digits and mark not in VALUED_MARKS:
            raise _fail(index, pos, shown, f"{kind} skill mark {_shown(mark)} takes no value", reason="bad-step-mark")
        fields[field] = int(digits) if digits else True
    if "mighty_blow" in fields or "dirty_player" in fields:  # a value: 1 for a bare mark
        fields = {f: (int(v) if f in ("mighty_blow", "dirty_player") else v) for f, v in fields.items()}
    return ArmourStep(int(av), int(modifier or 0), kind == "foul", player=player, **fields)


def _injury(index: int, pos: int, tok: str, player: int, shown: str) -> InjuryStep:
    m = _INJURY.match(tok)
    if not m:
        raise _fail(index, pos, shown, "expected an injury roll such as JK (KO or worse), JC (a casualty) or J8 (a total "
                                       "of 8+): J, what it needs, an optional modifier, marks s Stunty, t Thick Skull",
                    reason="bad-injury")
    need_text, modifier, marks = m.groups()
    need: str | int = INJURY_NEEDS_LETTERS[need_text] if need_text in INJURY_NEEDS_LETTERS else int(need_text)
    skills = _marks(index, pos, shown, marks, {k: slug for k, (_, slug) in INJURY_MARKS.items()}, "injury skill")
    fields = {f: True for f, slug in INJURY_MARKS.values() if slug in skills}
    return InjuryStep(need, int(modifier or 0), player=player, **fields)


def _step(index: int, pos: int, tok: str, player: int, shown: str) -> Step | BlockStep | ArmourStep | Dauntless:
    # a phone writes the roll letter in lower case (d3, jk): the letter is the token's first character, a
    # mark never is, so it reads as the capital (and so does an injury roll's K or C)
    if tok[:1].islower() and tok[:1].upper() in LETTERS:
        tok = tok[:1].upper() + tok[1:]
        if tok[:1] == "J" and tok[1:2] in ("k", "c"):
            tok = "J" + tok[1].upper() + tok[2:]
    if tok[:1] == "B":
        return _block(index, pos, tok, player, shown)
    if tok[:1] in ("A", "F"):
        return _armour(index, pos, tok, player, shown)
    if tok[:1] == "J":
        return _injury(index, pos, tok, player, shown)
    m = _STEP.match(tok)
    if not m:
        raise _fail(index, pos, shown, "expected a step such as D3, D3d or D3db1: a roll letter, the die face needed, an "
                                       "optional skill mark, and on a dodge b and a Break Tackle bonus",
                    reason="unreadable")
    letter, digits, mark, bt, partial, marks = m.groups()
    if letter not in LETTERS:
        known = ", ".join(f"{k} {v}" for k, v in LETTERS.items())
        raise _fail(index, pos, shown, f"unknown roll letter {_shown(letter)}; known: {known}", list(LETTERS),
                    reason="unknown-letter")
    kind = LETTERS[letter]
    target = int(digits)
    top = highest_face(kind, int(bt or 0))  # above 6 only where Break Tackle's bonus reaches it
    if not 2 <= target <= top:
        raise _fail(index, pos, shown, f"the die face needed must be 2..{top}, got {_shown(target)}"
                    + (" (above 6 only on a dodge with Break Tackle, up to 6 + its bonus)" if target > top else ""),
                    [2, top], reason="bad-target")
    skill = False
    if mark == BREAK_TACKLE_MARK and kind == "dodge":
        raise _fail(index, pos, shown, "Break Tackle's mark b takes its bonus, as in D4b1 or D4db2", ["b1", "b2", "b3"],
                    reason="bad-mark")
    if mark:
        want = SKILL_MARKS.get(kind)
        if want != mark:
            hint = f"use {_shown(want)}" if want else "no skill re-rolls this step"
            raise _fail(index, pos, shown, f"skill mark {_shown(mark)} does not apply to a {kind} step; {hint}", [want] if want else [],
                        reason="bad-mark")
        skill = True
    if bt is not None and kind != "dodge":
        raise _fail(index, pos, shown, f"Break Tackle (b{bt}) helps a dodge only, not a {kind} step", ["D"],
                    reason="bad-mark")
    opponent = kind in OPPONENT_KINDS
    if kind == "dauntless":
        if partial is not None:
            raise _fail(index, pos, shown, "a Dauntless roll has no non-critical band: its failure is a branch",
                        reason="bad-partial")
        return Dauntless(target, player=player, **_roll_marks(index, pos, shown, marks, "!'"))
    # '^' on a dodge, or a jump or leap (the edition decides whether a diver may act there: chain.DIVING_TACKLE_KINDS)
    fields = _roll_marks(index, pos, shown, marks, ("" if opponent else "!'") + ("^" if kind in ("dodge", "jump") else ""))
    if partial is not None:
        low, least = int(partial), 1 if kind in LOWEST_BAND_ONE else 2  # a gaze's every failure may go on
        if opponent or fields.get("diving_tackle") or not least <= low < target:
            raise _fail(index, pos, shown, f"a non-critical band ~N needs N from {least} to {target - 1} (below the face "
                                           "needed), on a roll of ours without Diving Tackle", [least, target - 1],
                        reason="bad-partial")
        fields["partial"] = low
    if bt is not None:
        fields["break_tackle"] = int(bt)
    return Step(kind, target, skill, player, **fields)
