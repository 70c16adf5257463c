"""Translate BloodBowlDave's Action Calculator notation into this project's chain notation.

BloodBowlDave's Action Calculator (public repository ``BloodBowlDave/BloodBowlActionCalculator``,
read at commit ``745c978``) writes an action sequence as text.  This module reads that text,
as its public documentation and test vectors use it, and writes the same sequence in the
notation of :mod:`calculators.notation`, or refuses it with an error that names the token
and why our chain cannot express it.  No code of that calculator is used.

**Editions.**  That calculator has a *season* setting: Season 3 (its default), the current
rules, is our ``bb2025``; a sequence ending in ``~S2`` is Season 2, our ``bb2020``.  It has no
classic (LRB6) rules, so a translation is never classic.

**Their notation, as read here.**  ``;`` starts the next player (our ``/``).  A player may
begin with its skills before ``:`` (``D,SF:`` Dodge and Sure Feet; ``L4:`` Loner 4+, ``L``
alone is Loner 4+; ``P`` Pro, 3+; ``MB1`` Mighty Blow +1, ``MB2`` +2; ``DP1`` Dirty Player +1,
``DP2`` +2; ``SG`` Sneaky Git; ``LF`` Lone Fouler), then its actions separated by ``,``.  A
Mighty Blow or Dirty Player value the edition does not allow is refused (``skill-value``:
BB2025 Dirty Player is +1 only, :data:`calculators.armour.SKILL_VALUES`).  Actions, with what
each becomes here:

========================  ===========================================================
theirs                    ours
========================  ===========================================================
``3`` (a re-rollable      ``N3`` (a plain 3+ test)
3+ roll)
``D3`` dodge              ``D3`` (``D3d`` with the Dodge skill ``D``)
``R2`` rush               ``R2`` (``R2f`` with Sure Feet ``SF``)
``U3`` pick-up            ``P3`` (``P3h`` with Sure Hands ``SH``)
``C3`` catch              ``C3`` (``C3c`` with Catch ``C``)
``G4`` landing            ``L4``
``P3`` pass (``P4-2``:    ``T3`` (``T3p`` with Pass ``PA``; ``P4-2`` needs a natural 6:
target, then the          ``T6``), only when no roll can be an inaccurate pass: the
modifier on the die)      target is 2+, or every missed roll from 2 is a fumble (the
                          die plus the modifier 1 or less)
``I6`` interference       ``I6`` (the opponent's roll; the sequence goes on when it fails)
``K9`` armour break       ``A9`` (``m`` Mighty Blow +1 ``MB``/``MB1``, ``m2`` ``MB2``, ``c``
                          Claws ``CL``)
``F8`` foul               ``F8`` (``d`` Dirty Player ``DP``/``DP1``, ``d2`` ``DP2``; ``s``
                          Sneaky Git ``SG``; ``l`` Lone Fouler ``LF``)
``J8`` injury 8+          ``J8`` (after an armour roll, with the Mighty Blow or Dirty
                          Player the armour roll did not use, as theirs does)
``T8`` Stab               ``A8k`` (an unmodified armour roll)
``W8`` Chainsaw (2D6      ``A11w`` (the AV is their number + 3, ours adds the +3; their
needing 8+)               kick-back D6 is not in the action, so none is written)
``2D3`` block: dice       ``B2`` with the marks whose face model gives that many
(negative: the defender   succeeding faces: 1 ``:d`` (POW only), 2 none (POW,
chooses), then how many   Stumbles), 3 ``b`` (and Both Down), 4 ``=s`` (the attacker
of the six faces succeed  stays standing: POW, Stumbles, two Pushes), 5 ``b=s``;
                          ``r`` when the player has Brawler ``B`` (theirs then counts
                          Both Down as failing: 3 or 5 faces are refused)
========================  ===========================================================

Their marks ``*`` (use Pro on this roll), ``^`` (use Brawler) and ``¬`` (do not use
Break Tackle) are choices the coach makes there; our resolver takes the best use of every
re-roll itself and has no Break Tackle, so they are read and dropped.

Refused, with ``details["reason"]`` one of :data:`REASONS`: branches (``{…}`` after a
non-critical failure, ``[…]`` that ends the sequence, alternative outcomes ``(…)(…)``,
Dauntless ``|``, a block's non-critical failures ``!k``), weighted or non-re-rollable rolls
(``1/2``), "do not re-roll" marks ``'``, Diving Tackle ``"``, Hatred ``%``, actions our chain
has no step for (Leap, Throw Team-mate, Hail Mary Pass, Dauntless, Tentacles, Shadowing,
Hypnotic Gaze, Bribe, Argue the Call), skills it does not model (Break Tackle, Diving Catch,
…), skill values the edition does not allow, star players, and an inaccurate pass that may
still be caught.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .armour import SKILL_VALUES
from .editions import family
from .errors import CalcError
from .notation import parse_chain

__all__ = ["ACTIONS", "REASONS", "SKILLS", "Translation", "translate"]

#: ``details["reason"]`` of a refused sequence -> what is wrong (the English reference text)
REASONS: dict[str, str] = {
    "empty": "the sequence is empty",
    "unreadable": "not an action of that notation",
    "branch": "a branch (the sequence going on after a non-critical failure, or ending early): our chain is a straight line",
    "alternatives": "alternative outcomes with their weights: our chain cannot weigh outcomes",
    "dauntless": "a Dauntless roll splitting the sequence: our chain cannot branch",
    "non-critical": "a block's non-critical failures (a Push that lets the sequence go on): our chain cannot branch",
    "weighted": "a weighted or non-re-rollable roll: our chain has no such step",
    "no-reroll": "a 'do not re-roll' mark: our resolver always takes the best re-roll",
    "diving-tackle": "Diving Tackle (the opponent's choice): our chain does not model it",
    "hatred": "Hatred: our chain does not model it",
    "action": "an action our chain has no step for",
    "skill": "a skill our chain does not model",
    "skill-value": "a skill value our chain does not model",
    "star-player": "a star player's special rules: our chain does not model them",
    "inaccurate-pass": "a pass that may be inaccurate and still be caught: our chain cannot go on after a failed roll",
    "target": "a roll target our notation cannot write",
    "block-faces": "a block whose number of succeeding faces no skills of ours give",
    "our-rules": "our chain refuses the translated sequence",
}

#: their player skill code -> our use of it (None: read and not needed, e.g. Pro is a flag)
SKILLS: dict[str, str] = {
    "D": "dodge", "SF": "sure-feet", "SH": "sure-hands", "C": "catch", "PA": "pass", "B": "brawler",
    "CL": "claws", "MB": "mighty-blow", "P": "pro", "L": "loner", "DP": "dirty-player", "SG": "sneaky-git",
    "LF": "lone-fouler",
}
#: their skill codes we know but do not model, with the skill's name
_UNMODELLED: dict[str, str] = {
    "BT": "Break Tackle", "CB": "Cloud Burster", "DC": "Diving Catch", "DT": "Diving Tackle",
    "CP": "Consummate Professional", "OP": "Old Pro", "TB": "The Ballista", "MD": "Mesmerising Dance",
    "R": "Ram", "BB": "Brutal Block", "SM": "Savage Mauling", "CR": "Crushing Blow", "S": "Slayer",
    "BR": "Blind Rage", "BI": "Blast It!", "WD": "Whirling Dervish", "H": "Hatred",
    "SB": "Savage Blow", "ASP": "A Sneaky Pair", "UM": "Unstoppable Momentum", "DS": "Dwarven Scourge",
    "LC": "Lord of Chaos", "HL": "Halfling Luck", "TC": "Toxin Connoisseur", "TMT": "Thinking Man's Troll",
    "BL": "Bounding Leap", "MA": "Master Assassin", "WIT": "Working in Tandem", "KS": "Krump and Smash",
    "WF": "Woodland Fury",
}
#: their action letter -> (our letter, the skill that gives our skill mark, that mark); None: refused
ACTIONS: dict[str, tuple[str, str | None, str] | None] = {
    "D": ("D", "dodge", "d"), "R": ("R", "sure-feet", "f"), "U": ("P", "sure-hands", "h"),
    "C": ("C", "catch", "c"), "G": ("L", None, ""), "I": ("I", None, ""),
    "P": ("T", "pass", "p"), "K": ("A", None, ""), "F": ("F", None, ""),
}
#: their action letters our chain has no step for -> the action's name
_NO_STEP: dict[str, str] = {
    "A": "Argue the Call", "B": "Bribe", "E": "Leap", "H": "Throw Team-mate",
    "L": "Dauntless", "M": "Hail Mary Pass", "N": "Tentacles", "S": "Shadowing", "Y": "Hypnotic Gaze",
}
#: their 2D6 action letters that become our armour or injury steps: injury ``J``, Stab ``T``, Chainsaw ``W``
_ROLLS_2D6 = ("J", "T", "W")
#: succeeding block faces (of six) -> our block marks giving that many (attacker, defender, goal)
_BLOCK_FACES: dict[int, tuple[str, str, str]] = {1: ("", "d", ""), 2: ("", "", ""), 3: ("b", "", ""),
                                                 4: ("", "", "=s"), 5: ("b", "", "=s")}
_BLOCK = re.compile(r"(-?\d)D(\d)(?:!(\d))?\Z")
_TEST = re.compile(r"([A-Z]?)(\d+)(?:([+-])(\d))?\Z")


@dataclass(frozen=True)
class Translation:
    """A translated sequence: ``notation`` (ours, canonical, with ``;tr=N`` when team re-rolls are
    given), ``edition`` (``"bb2025"`` or ``"bb2020"``) and ``source`` (their text as given)."""

    notation: str
    edition: str
    source: str


def _refuse(reason: str, token: str | None, position: int | None, message: str) -> CalcError:
    where = f"{token!r} at character {position}: " if token is not None else ""
    return CalcError("dave", where + message, None,
                     {"reason": reason, "token": None, "position": position, "text": token})


def _tokens(text: str):
    """Yield (position (0-based), token) for each piece between ``:`` ``;`` ``,``."""
    start = 0
    for i, c in enumerate(text + ","):
        if c in ":;,":
            yield start, text[start:i]
            start = i + 1


def _structure(text: str) -> None:
    """Refuse the constructs that make a sequence branch, naming the token that holds the first one."""
    checks = (("(", "alternatives"), (")", "alternatives"), ("{", "branch"), ("}", "branch"), ("[", "branch"),
              ("]", "branch"), ("|", "dauntless"))
    first = min(((text.find(c), reason) for c, reason in checks if c in text), default=None)
    if first is None:
        return
    at, reason = first
    for pos, tok in _tokens(text):
        if pos <= at <= pos + len(tok):
            raise _refuse(reason, tok, pos + 1, REASONS[reason])


def _skills(prefix: str, pos: int, edition: str, values: dict[str, int]) -> tuple[set[str], int | None]:
    """Our skills and the Loner target of a player's ``skills:`` prefix; ``values`` gets the X of
    Mighty Blow (+X) and Dirty Player (+X), refused above what ``edition`` allows."""
    skills: set[str] = set()
    loner = None
    offset = 0
    for part in prefix.split(","):
        at = pos + offset + 1
        offset += len(part) + 1
        if not part:
            continue
        m = re.fullmatch(r"([A-Z]+)([1-6]?)", part)
        code, value = (m.group(1), m.group(2)) if m else (part, "")
        if code in _UNMODELLED:
            raise _refuse("skill", part, at, f"{_UNMODELLED[code]}: {REASONS['skill']}")
        if m is None or code not in SKILLS:
            if re.match(r"[A-Z][a-z']", part):
                raise _refuse("star-player", part, at, REASONS["star-player"])
            raise _refuse("unreadable", part, at, "not a skill code of that notation")
        skill = SKILLS[code]
        if skill == "loner":
            loner = int(value or 4)
            if not 2 <= loner <= 6:
                raise _refuse("skill-value", part, at, "Loner needs 2+ to 6+")
        elif skill == "pro" and value not in ("", "3"):
            raise _refuse("skill-value", part, at, "Pro other than 3+: " + REASONS["skill-value"])
        elif skill in ("mighty-blow", "dirty-player"):
            field = skill.replace("-", "_")
            top = SKILL_VALUES[field][family(edition)]
            if not 1 <= int(value or 1) <= top:
                raise _refuse("skill-value", part, at, f"{part}: {edition} allows +1" + (f" to +{top}" if top > 1 else
                                                                                         " only"))
            values[skill] = int(value or 1)
        if skill not in ("loner", "pro", "mighty-blow", "dirty-player") and value:
            raise _refuse("unreadable", part, at, "this skill takes no value")
        skills.add(skill)
    return skills, loner


def _block(tok: str, pos: int, skills: set[str]) -> str:
    body = tok.replace("*", "").replace("^", "")
    m = _BLOCK.match(body)
    if not m:
        raise _refuse("unreadable", tok, pos, "a block is written as the dice, D, the succeeding faces, as 2D3")
    dice, faces, non_critical = int(m.group(1)), int(m.group(2)), m.group(3)
    if non_critical is not None:
        raise _refuse("non-critical", tok, pos, REASONS["non-critical"])
    if dice not in (1, 2, 3, -2, -3):
        raise _refuse("target", tok, pos, "block dice other than 1, 2, 3, -2, -3")
    if faces not in _BLOCK_FACES:
        raise _refuse("block-faces", tok, pos, REASONS["block-faces"] + " (1 to 5 of six)")
    att, dfd, goal = _BLOCK_FACES[faces]
    if "brawler" in skills:  # theirs counts Both Down among the failing faces, for Brawler to re-roll it
        if "b" in att:
            raise _refuse("block-faces", tok, pos, f"{faces} succeeding faces with Both Down failing (Brawler): "
                                                   "no skills of ours give that")
        att += "r"
    return f"B{dice}{att}{':' + dfd if dfd else ''}{goal}"


def _roll_2d6(tok: str, pos: int) -> str:
    """Their injury ``Jn``, Stab ``Tn`` and Chainsaw ``Wn``: a 2D6 roll needing n+ (natural dice plus what
    their calculator adds itself), never re-rolled there nor here.

    * ``Jn`` -> ``Jn``, our injury step needing a total of n+; after an armour roll it takes the Mighty Blow the
      armour roll did not use, as theirs does (their ``InjuryStrategy`` adds the Mighty Blow value when the
      previous action is an armour break and Mighty Blow was not used on it).
    * ``Tn`` -> ``Ank``: a Stab's unmodified armour roll needing n+ on the dice.
    * ``Wn`` -> ``A(n+3)w``: their Chainsaw is a 2D6 roll needing n+ with the +3 inside n (their
      ``ChainsawStrategy``: two dice against n); ours writes the AV and adds +3.  Their kick-back D6 is not
      part of it, so none is written here either.
    """
    m = re.fullmatch(r"([JTW])(\d+)", tok)
    if not m:
        raise _refuse("unreadable", tok, pos, REASONS["unreadable"])
    letter, n = m.group(1), int(m.group(2))
    if letter == "J":
        if not 2 <= n <= 16:
            raise _refuse("target", tok, pos, f"an injury total of {n}+: ours go from 2+ to 16+")
        return f"J{n}"
    av = n + 3 if letter == "W" else n
    if not 3 <= av <= 13:
        raise _refuse("target", tok, pos, f"an armour roll needing {n}+ on the dice: ours go from 3+ to 13+"
                      + (" with the Chainsaw's +3" if letter == "W" else ""))
    return f"A{av}{'w' if letter == 'W' else 'k'}"


def _action(tok: str, pos: int, skills: set[str], values: dict[str, int] | None = None) -> str:
    """Our step for one of their actions (``pos`` 1-based); ``values``: the X of Mighty Blow / Dirty Player."""
    values = values or {}
    if "/" in tok:
        raise _refuse("weighted", tok, pos, REASONS["weighted"])
    if tok[:1] in _NO_STEP and "D" not in tok[1:]:  # the missing action first: it is what the marks are on
        raise _refuse("action", tok, pos, f"{_NO_STEP[tok[0]]}: {REASONS['action']}")
    for mark, reason in (("'", "no-reroll"), ('"', "diving-tackle"), ("%", "hatred")):
        if mark in tok:
            raise _refuse(reason, tok, pos, REASONS[reason])
    if "D" in tok[1:]:
        return _block(tok, pos, skills)
    if tok[:1] in _ROLLS_2D6:
        return _roll_2d6(tok, pos)
    body = tok.replace("*", "").replace("¬", "")
    m = _TEST.match(body)
    if not m or (m.group(1) and m.group(1) not in ACTIONS) or (m.group(3) and m.group(1) != "P"):
        raise _refuse("unreadable", tok, pos, REASONS["unreadable"])
    letter, target = m.group(1), int(m.group(2))
    if letter == "":
        ours, skill, mark = "N", None, ""
    else:
        ours, skill, mark = ACTIONS[letter]
    if letter in ("K", "F"):
        marks = {"K": (("mighty-blow", "m"), ("claws", "c")),
                 "F": (("dirty-player", "d"), ("sneaky-git", "s"), ("lone-fouler", "l"))}[letter]
        return f"{ours}{target}" + "".join(k + (str(values[s]) if values.get(s, 1) > 1 else "")
                                           for s, k in marks if s in skills)
    if letter == "P":  # the modifier applies to the die: accurate on target - modifier, 6 always
        modifier = int(m.group(3) + m.group(4)) if m.group(3) else 0
        target = max(2, min(6, target - modifier))
        if any(1 < roll + modifier for roll in range(2, target)):
            raise _refuse("inaccurate-pass", tok, pos, REASONS["inaccurate-pass"])
    if not 2 <= target <= 6:
        raise _refuse("target", tok, pos, f"a D6 target of {target}+: ours go from 2+ to 6+")
    return f"{ours}{target}{mark if skill in skills else ''}"


def translate(text: str, team_rerolls: int | None = None) -> Translation:
    """Translate one sequence in BloodBowlDave's notation (module docstring) into ours.

    Args:
        text: their sequence, e.g. ``"D:D3,2D2;C3~S2"``; spaces are ignored (positions count without them).
        team_rerolls: their "rerolls" setting (0..8), written as ``;tr=N``; None writes none.

    Returns:
        a :class:`Translation`; ``parse_chain(t.notation, t.edition)`` reads it.

    Raises:
        CalcError: field ``dave``; ``details`` ``{"reason", "token", "position", "text"}`` with ``reason``
        one of :data:`REASONS`, ``token`` the 1-based number of the piece at fault (pieces are what
        ``:``, ``;`` and ``,`` separate), ``position`` its 1-based character, ``text`` the piece as written
        (all three null for ``empty``); ``our-rules`` when our chain refuses the translation (e.g.
        Brawler outside a Block action): our error's message, ``text`` our notation, the others null.
    """
    if not isinstance(text, str) or not text.strip():
        raise _refuse("empty", None, None, REASONS["empty"])
    compact = re.sub(r"\s+", "", text)  # positions count the characters without spaces
    try:
        return _translate(compact, text, team_rerolls)
    except CalcError as e:
        at = e.details.get("position") if e.details else None
        if at is not None:  # the 1-based number of the token, counting every piece between : ; ,
            e.details["token"] = 1 + sum(compact[:at - 1].count(c) for c in ":;,")
            e.message = f"token {e.details['token']}, {e.message}"
            e.args = (f"{e.field}: {e.message}",)
        raise


def _translate(text: str, source: str, team_rerolls: int | None) -> Translation:
    edition = "bb2025"
    if text.endswith("~S2"):
        edition, text = "bb2020", text[:-3]
    _structure(text)
    players: list[str] = []
    start = 0
    for chunk in text.split(";"):
        prefix, sep, rest = chunk.rpartition(":")
        values: dict[str, int] = {}
        skills, loner = _skills(prefix, start, edition, values) if sep else (set(), None)
        flags = (["pro"] if "pro" in skills else []) + ([f"loner={loner}"] if loner is not None else [])
        steps = []
        offset = start + len(prefix) + len(sep)
        for part in rest.split(","):
            if not part:
                raise _refuse("unreadable", part, offset + 1, "an empty action")
            steps.append(_action(part, offset + 1, skills, values))
            offset += len(part) + 1
        players.append((f"[{','.join(flags)}]" if flags else "") + ",".join(steps))
        start += len(chunk) + 1
    notation = "/".join(players) + (f";tr={team_rerolls}" if team_rerolls is not None else "")
    try:
        parse_chain(notation, edition)
    except CalcError as e:
        raise CalcError("dave", f"{REASONS['our-rules']}: {e.message}", e.allowed,
                        {"reason": "our-rules", "token": None, "position": None, "text": notation}) from None
    return Translation(notation, edition, source)
