"""BloodBowlDave's notation, piece by piece: the tables of their codes, and the translation of one player's
skills and one action token into our chain notation (:mod:`calculators.compat.dave` puts the pieces together).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from .stars import REASONS as _STAR_REASONS, expand as _star_skills, find as _star
from ..armour import SKILL_VALUES
from ..chain import highest_face
from ..editions import family
from ..errors import CalcError
from ..notation import LETTERS, SKILL_FLAGS, STAR_FLAGS, parse_chain


#: ``details["reason"]`` of a refused sequence -> what is wrong (the English reference text)
REASONS: dict[str, str] = {
    "empty": "the sequence is empty",
    "unreadable": "not an action of that notation",
    "empty-action": "two separators with no action between them, or a separator that ends the sequence",
    "unbalanced": "a bracket without its partner: '{' and '}', '[' and ']', '(' and ')' come in pairs",
    "branch": "a branch not translated (back to a player who rolled before it, or after a roll our chain cannot "
              "branch on)",
    "alternatives": "alternative outcomes (w,...)(w,...) inside another bracket, followed by another player or "
                    "right after a pass or throw that may be inaccurate: not translated (ours writes (w:...|w:...))",
    "dauntless": "a Dauntless split not translated (its branches must be blocks, right after the Dauntless roll L)",
    "non-critical": "a block's non-critical faces (!k) that our face model does not give for those marks",
    "weighted": "a weighted or non-re-rollable roll that is not a chance a/b with 0 <= a <= b, b > 0",
    "no-reroll": "a 'do not re-roll' mark not translated (on a D6 roll; or on the Dauntless roll of a player with Pro "
                 "and Blind Rage, whose Blind Rage theirs stops there but not Pro)",
    "diving-tackle": "Diving Tackle on a roll other than a dodge or a leap: the skill acts on those only",
    "hatred": "a block marked % (Hatred) by a player without Hatred (H)",
    "action": "an action our chain has no step for",
    "skill": "a skill our chain does not model",
    "skill-value": "a skill value our chain does not model",
    "star-player": "a name that is not one of that notation's star players",
    **_STAR_REASONS,  # a known star refused: calculators/compat/stars.py
    "inaccurate-pass": "a pass that may be inaccurate, or a Hail Mary Pass, in a sequence with branches or followed "
                       "by the passer's actions other than interceptions: not translated",
    "target": "a roll target our notation cannot write",
    "block-faces": "a block whose number of succeeding faces no skills of ours give",
    "our-rules": "our chain refuses the translated sequence",
}


#: their player skill code -> our use of it (None: read and not needed, e.g. Pro is a flag)
SKILLS: dict[str, str] = {
    "D": "dodge", "SF": "sure-feet", "SH": "sure-hands", "C": "catch", "PA": "pass", "B": "brawler",
    "CL": "claws", "MB": "mighty-blow", "P": "pro", "L": "loner", "DP": "dirty-player", "BT": "break-tackle",
    "SG": "sneaky-git", "LF": "lone-fouler", "CP": "consummate", "TB": "ballista", "OP": "oldpro",
    "H": "hatred", "UM": "unstoppable-momentum", "WIT": "working-in-tandem", "SB": "savageblow", "HL": "luck", "TMT": "luck",
    "WD": "whirling-dervish", "MA": "assassin", "KS": "krump", "WF": "woodland", "BL": "leap",
    "strong": "strong", "swift": "swift",  # Strong Passing Game, Swift as the Breeze: ours (stars.json writes them)
    "steady": "steady",  # Steady Footing (BB2025): ours, as stars.json writes it; their notation has no code for it
    # star players' once-per-game +1s after a block (BB2020, BB2025): our armour marks r, s, b
    "R": "ram", "S": "slayer", "CR": "crushing-blow",
    "BR": "blindrage", "LC": "lordofchaos", "MD": "mesmerising", "CB": "cloud-burster",
    "DC": "diving-catch", "SM": "savagemauling", "BI": "blastit",
}


#: their skill codes we know but do not model, with the skill's name
_UNMODELLED: dict[str, str] = {
    "DT": "Diving Tackle", "BB": "Brutal Block",
    "ASP": "A Sneaky Pair", "DS": "Dwarven Scourge", "TC": "Toxin Connoisseur",
}


#: their action letter -> (our letter, the skill that gives our skill mark, that mark); None: refused
ACTIONS: dict[str, tuple[str, str | None, str] | None] = {
    "D": ("D", "dodge", "d"), "R": ("R", "sure-feet", "f"), "U": ("P", "sure-hands", "h"),
    "C": ("C", "catch", "c"), "G": ("L", None, ""), "I": ("I", "cloud-burster", "c"), "E": ("V", None, ""),
    "P": ("T", "pass", "p"), "K": ("A", None, ""), "F": ("F", None, ""), "M": ("M", "pass", "p"),
}


#: their action letters our chain has no step for -> the action's name
_NO_STEP: dict[str, str] = {
    "L": "Dauntless",
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


_PAIRS = {"{": "}", "[": "]", "(": ")"}


def _balanced(text: str) -> None:
    """Refuse a bracket left open or closed without an opening one (before reading any branch), naming it."""
    opened: list[tuple[int, str]] = []
    for i, c in enumerate(text):
        if c in _PAIRS:
            opened.append((i, c))
        elif c in _PAIRS.values():
            if not opened or _PAIRS[opened[-1][1]] != c:
                raise _refuse("unbalanced", c, i + 1, f"'{c}' without its opening bracket")
            opened.pop()
    if opened:
        i, c = opened[-1]
        raise _refuse("unbalanced", c, i + 1, f"'{c}' without its closing '{_PAIRS[c]}'")


def _structure(text: str) -> None:
    """Refuse the constructs that make a sequence branch, naming the token that holds the first one."""
    _balanced(text)
    checks = (("(", "alternatives"), (")", "alternatives"), ("[", "branch"), ("]", "branch"))
    first = min(((text.find(c), reason) for c, reason in checks if c in text), default=None)
    if first is None:
        return
    at, reason = first
    for pos, tok in _tokens(text):
        if pos <= at <= pos + len(tok):
            raise _refuse(reason, tok, pos + 1, REASONS[reason])


def _skills(prefix: str, pos: int, edition: str = "bb2025",
            values: dict[str, int] | None = None) -> tuple[set[str], int | None, int]:
    """Our skills, the Loner target and the Break Tackle bonus (0 without it) of a player's ``skills:`` prefix;
    ``values`` (when given) gets the X of Mighty Blow (+X) and Dirty Player (+X), refused above what ``edition``
    allows."""
    values = {} if values is None else values
    skills: set[str] = set()
    loner = None
    break_tackle = 0
    offset = 0
    for part in prefix.split(","):
        at = pos + offset + 1
        offset += len(part) + 1
        if not part:
            continue
        m = re.fullmatch(r"([A-Z]+|strong|swift|steady)([1-6]?)", part)  # ours, as stars.json writes them
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
            # a value another edition of theirs has (DP2 in Season 3: BB2020 only) is read as this edition's
            # highest, the rule's own (dave_differences.yml: their Season 2 gives their number)
            if top < int(value or 1) <= max(SKILL_VALUES[field][f] for f in ("bb2020", "bb2025")):
                value = str(top)
            if not 1 <= int(value or 1) <= top:
                # e.g. Dirty Player (+2): BB2020's Dirty Player (+X) only; BB2025's is a flat +1 (BBBase bb2025
                # skills_and_traits DIRTY PLAYER; FFB skill/bb2025/DirtyPlayer has no value): calculators.armour
                name = skill.replace("-", " ").title()
                in_2020 = int(value or 1) <= SKILL_VALUES[field]["bb2020"]
                raise _refuse("skill-value", part, at, f"{part}: {name} (+{int(value or 1)}) does not exist in {edition}, "
                              "which allows +1" + (f" to +{top}" if top > 1 else " only")
                              + ("; their Season 2 (~S2, our bb2020) has it" if in_2020 else ""))
            values[skill] = int(value or 1)
        elif skill == "break-tackle":
            break_tackle = int(value or 1)  # their player's Break Tackle value defaults to 1
            if not 1 <= break_tackle <= 3:
                raise _refuse("skill-value", part, at, "Break Tackle is +1 to +3")
        if skill not in ("loner", "pro", "mighty-blow", "dirty-player", "break-tackle") and value:
            raise _refuse("unreadable", part, at, "this skill takes no value")
        skills.add(skill)
    return skills, loner, break_tackle


def _block(tok: str, pos: int, skills: set[str]) -> str:
    head, brace, branch = tok.partition("{")
    if brace and not branch.endswith("}"):
        raise _refuse("branch", tok, pos, REASONS["branch"])
    body = head.replace("*", "").replace("^", "").replace("'", "").replace("%", "")
    m = _BLOCK.match(body)
    if not m:
        raise _refuse("unreadable", tok, pos, "a block is written as the dice, D, the succeeding faces, as 2D3")
    dice, faces, non_critical = int(m.group(1)), int(m.group(2)), m.group(3)
    if brace and non_critical is None:
        raise _refuse("branch", tok, pos, REASONS["branch"])
    if dice not in (1, 2, 3, -2, -3):
        raise _refuse("target", tok, pos, "block dice other than 1, 2, 3, -2, -3")
    if not 1 <= faces <= 5:
        raise _refuse("block-faces", tok, pos, REASONS["block-faces"] + " (1 to 5 of six)")
    att, dfd, goal = _BLOCK_FACES.get(faces, ("", "", f"={faces}"))
    if "brawler" in skills:  # theirs counts Both Down among the failing faces, for Brawler to re-roll it
        if "b" in att:  # Block would make Both Down succeed: their count instead (BlockStep.faces, same order)
            att, dfd, goal = "", "", f"={faces}"
        att += "r"
    if "%" in head:  # their % : the block is against the keyword of the attacker's Hatred (our mark h, BB2025)
        if "hatred" not in skills:
            raise _refuse("hatred", tok, pos, REASONS["hatred"])
        att += "h"
    if "unstoppable-momentum" in skills:  # H'thark: theirs uses it on every block (ours: a Blitz's, mark u)
        att += "u"
    if "working-in-tandem" in skills:  # Lucien (BB2025): theirs uses it on every block, as if Valen Marks the target
        att += "n"
    ours = f"B{dice}{att}{':' + dfd if dfd else ''}{goal}"
    if non_critical is None:
        return ours
    # their !k: k of the six faces are non-critical failures (the attacker standing, the defender not down); ours
    # are the faces our face model gives for those marks (BlockStep: the "standing" goal's faces minus these)
    step = parse_chain(ours, "bb2025").chain.steps[0]
    ours_k = len(replace(step, goal="standing").good_faces() - step.good_faces())
    if goal or ours_k != int(non_critical):  # a counted block (=N) has no non-critical faces of ours
        raise _refuse("non-critical", tok, pos, f"{non_critical} non-critical faces where our marks give {ours_k}: "
                                                + REASONS["non-critical"])
    inner = branch[:-1]
    steps = [_action(part, pos, skills) for part in inner.split(",")] if inner else []
    return ours + "{" + ",".join(steps) + "}"


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


def _action(tok: str, pos: int, skills: set[str], break_tackle: int = 0, values: dict[str, int] | None = None,
            scatter: bool = False) -> str:
    """Our step for one of their actions (``pos`` 1-based); ``break_tackle``: the player's bonus, marked on dodges;
    ``values``: the X of Mighty Blow / Dirty Player; ``scatter``: a pass that may be inaccurate (written with its
    band ``~N``) or a Hail Mary Pass is read, as :func:`_scattered` does (else refused as ``inaccurate-pass``)."""
    values = values or {}
    if "/" in tok:
        return _weighted(tok, pos, skills)
    if tok == "B" or re.fullmatch(r"A\d+", tok):  # a Bribe, Argue the Call: our foul's send-off group
        if tok != "B" and not 2 <= int(tok[1:]) <= 6:
            raise _refuse("target", tok, pos, f"Argue the Call needing {tok[1:]}+: ours go from 2+ to 6+")
        return "K2" if tok == "B" else f"Q{tok[1:]}"
    if tok[:1] in _NO_STEP and "D" not in tok[1:]:  # the missing action first: it is what the marks are on
        raise _refuse("action", tok, pos, f"{REASONS['action']}: {_NO_STEP[tok[0]]}")
    head = tok.partition("{")[0]
    if "D" in head[1:]:
        return _block(tok, pos, skills)
    if "{" in tok or "}" in tok or "|" in tok:
        raise _refuse("branch", tok, pos, REASONS["branch"])
    for mark, reason in (("'", "no-reroll"), ("%", "hatred")):
        if mark in tok:
            raise _refuse(reason, tok, pos, REASONS[reason])
    if tok[:1] in _ROLLS_2D6:
        return _roll_2d6(tok, pos)
    diving = tok.count('"')
    if diving and (tok[:1] not in "DE" or diving > 1):  # a dodge, or their Leap E (our V: BB2020 and BB2025 only)
        raise _refuse("diving-tackle", tok, pos, REASONS["diving-tackle"])
    body = tok.replace("*", "").replace("¬", "").replace('"', "")
    m = _TEST.match(body)
    if not m or (m.group(1) and m.group(1) not in ACTIONS) or (m.group(3) and m.group(1) != "P"):
        raise _refuse("unreadable", tok, pos, REASONS["unreadable"])
    letter, target = m.group(1), int(m.group(2))
    if letter == "":
        ours, skill, mark = "N", None, ""
    else:
        ours, skill, mark = ACTIONS[letter]
    if letter in ("K", "F"):
        marks = {"K": (("mighty-blow", "m"), ("claws", "c"), ("ram", "r"), ("slayer", "s"), ("crushing-blow", "b")),
                 "F": (("dirty-player", "d"), ("sneaky-git", "s"), ("lone-fouler", "l"))}[letter]
        return f"{ours}{target}" + "".join(k + (str(values[s]) if values.get(s, 1) > 1 else "")
                                           for s, k in marks if s in skills)
    band = ""
    if letter == "P":  # the modifier applies to the die: accurate on target - modifier, 6 always
        target, partial = _pass_faces(target, int(m.group(3) + m.group(4)) if m.group(3) else 0)
        if partial is not None and not scatter:
            raise _refuse("inaccurate-pass", tok, pos, REASONS["inaccurate-pass"])
        band = f"~{partial}" if partial is not None else ""
    elif letter == "M" and not scatter:
        raise _refuse("inaccurate-pass", tok, pos, REASONS["inaccurate-pass"])
    bt = f"b{break_tackle}" if break_tackle and ours == "D" else ""
    top = highest_face(LETTERS.get(ours, ""), break_tackle)  # a dodge with Break Tackle may need 7+
    if not 2 <= target <= top:
        raise _refuse("target", tok, pos, f"a D6 target of {target}+: ours go from 2+ to {top}+")
    return f"{ours}{target}{mark if skill in skills else ''}{band}{bt}{'^' if diving else ''}"


def _weighted(tok: str, pos: int, skills: set[str]) -> str:
    """Their non-re-rollable roll ``a/b`` (their ``NonRerollableStrategy``: it succeeds with chance a/b, or a 2D6 total
    of a or more when b is 12, and nothing re-rolls it) as our weighted alternative ``(w:)``: the rest of the
    sequence follows with chance w, the rest fails.  Whirling Dervish (Fungus the Loon; their ``WD``) re-rolls the
    direction die of his Ball & Chain move once per activation (BBBase ``docs/bb2020|bb2025/starplayers/
    Fungus_the_Loon.md`` at ``87cb594``; FFB ``christerk/ffb`` ``skill/bb2020|bb2025/special/WhirlingDervish``):
    a roll of sixths by him is then w + (1 - w) w, as theirs counts it.

    Raises:
        CalcError: ``weighted`` when ``tok`` is not ``a/b`` with 0 <= a <= b, b > 0 (``'``, ``*`` and other
            marks included).
    """
    m = re.fullmatch(r"(\d+)/(\d+)", tok)
    if not m or int(m.group(2)) == 0 or int(m.group(1)) > int(m.group(2)):
        raise _refuse("weighted", tok, pos, REASONS["weighted"])
    a, b = int(m.group(1)), int(m.group(2))
    w = (Fraction(sum(1 for x in range(1, 7) for y in range(1, 7) if x + y >= a), 36) if b == 12
         else Fraction(a, b))
    if "whirling-dervish" in skills and b == 6:
        w += (1 - w) * w
    return f"({_weight(w)}:)"


def _pass_faces(target: int, modifier: int) -> tuple[int, int | None]:
    """Their pass ``Pn±m`` (their ``PassStrategy``): the face that makes it accurate (n - m, a natural 6 always,
    a 2 at best) and the lowest inaccurate face, None when none is (every missed face from 2 is a fumble: the
    die plus the modifier 1 or less)."""
    accurate = max(2, min(6, target - modifier))
    inaccurate = [roll for roll in range(2, accurate) if roll + modifier > 1]
    return accurate, (inaccurate[0] if inaccurate else None)


@dataclass
class _Player:
    """One of their players: our skills, flags, Break Tackle bonus, Mighty Blow / Dirty Player values, a star's
    bonuses to rolls (:func:`calculators.compat.stars.star_bonus`)."""

    skills: set
    flags: list
    break_tackle: int = 0
    values: dict | None = None
    bonus: dict = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        """The player's flags as our notation writes them before the first roll (``[pro,loner=4]``), or ""."""
        return f"[{','.join(self.flags)}]" if self.flags else ""


def _read_player(prefix: str, pos: int, actions: str, edition: str) -> _Player:
    """Their player ``prefix`` (skill codes, or a star player's short name for the skills that star brings in
    ``edition``) before the ``actions`` it takes; ``pos``: the prefix's 0-based position, for errors."""
    star, codes, bonus = _star(prefix), prefix, {}
    if star is not None:  # a star's name for its skills (calculators/compat/stars.py)
        codes, bonus = _star_skills(star, actions, edition, pos + 1, lambda listed, at: _skills(listed, at, edition, {}))
    values: dict[str, int] = {}
    skills, loner, break_tackle = _skills(codes, pos, edition, values)
    # Old Pro uses the Pro skill (Helmut has both): their OP alone is read as our [pro,oldpro]
    flags = ((["pro"] if skills & {"pro", "oldpro"} else []) + ([f"loner={loner}"] if loner is not None else [])
             + [f for f in (*STAR_FLAGS, *SKILL_FLAGS) if f in skills])  # Consummate Professional, ..., Steady Footing
    return _Player(skills, flags, break_tackle, values, bonus)


@dataclass(frozen=True)
class _Entry:
    """One action of their flat list, as their parser builds it (``PlayerActionsBuilder``): the token, its
    1-based position, the player's number (in order of appearance), its branch depth, whether it opens a
    branch (``RequiresNonCriticalFailure``) and whether the sequence ends after it (``TerminatesCalculation``,
    the last action of a ``[...]``)."""

    tok: str
    pos: int
    player: int
    depth: int
    opens: bool = False
    ends: bool = False


def _weight(w: Fraction) -> str:
    return str(w.numerator) if w.denominator == 1 else f"{w.numerator}/{w.denominator}"
