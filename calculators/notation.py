"""Compact text notation for chains of rolls: parse and format (round-trip).

Grammar (spaces are ignored)::

    chain   = player { "/" player } { ";" option }
    player  = [ "[" flag { "," flag } "]" ] step { "," step }
    step    = test | block | armour | injury
    test    = LETTER DIGIT [ SKILL ]
    block   = "B" [ "-" ] DIGIT { ATTACKER } [ ":" { DEFENDER } ] [ "=s" ]
    armour  = ( "A" | "F" ) NUMBER [ ( "+" | "-" ) NUMBER ] { MARK [ DIGIT ] }
    injury  = "J" ( "K" | "C" | NUMBER ) [ ( "+" | "-" ) NUMBER ] { INJURY_MARK }
    flag    = "pro" | "loner=" DIGIT          (Loner X+, X in 2..6)
    option  = "tr=" NUMBER                    (team re-rolls available, 0..8)

**D6 tests.**  Letters: ``D`` dodge, ``R`` rush, ``P`` pick-up, ``T`` pass (throw), ``C``
catch, ``H`` hand-off (the receiver's catch), ``L`` landing, ``I`` an opponent's
interception attempt (the digit is what the *interceptor* needs), ``N`` a plain N+ test.
The digit is the die face needed, 2..6, modifiers included.  Skill marks (the acting
player has the skill that re-rolls that step): ``d`` Dodge on ``D``, ``f`` Sure Feet on
``R``, ``h`` Sure Hands on ``P``, ``c`` Catch on ``C`` or ``H``, ``p`` Pass on ``T``.

**Blocks.**  ``B`` and the number of block dice as the block calculator's ``dice`` field
has it: ``B1``, ``B2``, ``B3`` (the attacker chooses), ``B-2``, ``B-3`` (the defender
chooses).  Then the attacker's skills (:data:`BLOCK_ATTACKER_MARKS`): ``b`` Block, ``t``
Tackle, ``r`` Brawler (BB2020/BB2025, on a Block action: that player may then have only
armour rolls besides the block), ``j`` Juggernaut (the block is a Blitz's: Both Down may be
taken as a Push, and the defender's Wrestle does not work; not with ``r``); after ``:`` the defender's (:data:`BLOCK_DEFENDER_MARKS`):
``b`` Block, ``d`` Dodge, ``w`` Wrestle.  The step succeeds when the defender is Knocked
Down and the attacker stays standing; with ``=s`` when the attacker merely stays standing
(no turnover).  ``B2bt:bd`` is a two-dice block by a player with Block and Tackle on one
with Block and Dodge; ``B-2:w=s`` a block where the defender picks from two dice, has
Wrestle, and the attacker only needs to stay on its feet.

**Armour rolls and fouls.**  ``A`` an armour roll after a block, ``F`` a Foul's armour
roll; the number is the victim's AV as the armour calculator's ``av`` field has it
(classic AV 3..12, broken when the roll exceeds it; BB2020/BB2025 the AV target 3..13,
``A9`` is 9+); an optional signed modifier (``A9+1``; for a foul the net assists,
``F9+2``, -8..8; after a block -5..5); then marks (:data:`ARMOUR_MARKS`): on ``A`` ``m``
Mighty Blow, ``c`` Claws, ``i`` the victim's Iron Hard Skin (BB2020, BB2025), ``k`` a Stab
(the roll replaces the block and cannot be modified), ``w`` a Chainsaw (+3; its kick-back
D6 is a test such as ``N2`` before it), ``p`` Piling On (classic: re-rolls the armour or the
injury roll that follows, and ends the player's action); on ``F`` ``d`` Dirty Player, ``s``
Sneaky Git, ``l`` Lone Fouler (BB2025; nobody assists, so no modifier), ``i`` Iron Hard Skin,
``w`` a Chainsaw.  ``m`` and ``d`` may carry the X of the skill's (+X) (:data:`VALUED_MARKS`):
``A9m2`` is Mighty Blow (+2) (BB2020 and BB2025; Dirty Player (+2) in BB2020 only, see
:data:`calculators.armour.SKILL_VALUES`); a bare ``m`` is +1, and ``m1`` reads as ``m``.
The canonical order of marks is the order of :data:`ARMOUR_MARKS`.

**Injury rolls.**  ``J`` then what the roll must reach: ``K`` KO or worse, ``C`` a casualty
(Badly Hurt or worse), or a number n: a total of n or more on 2D6 plus modifiers
(BloodBowlDave's "Injury n+", 2..16); an optional signed modifier (-5..5); marks
(:data:`INJURY_MARKS`) ``s`` Stunty and ``t`` Thick Skull (with ``K`` or ``C`` only).  Written
right after an armour roll or foul of the same player, it is that roll's injury roll: it is
made only if the armour broke, and takes the Mighty Blow or Dirty Player the armour roll did
not use (:class:`calculators.chain.InjuryStep`).  ``B2b,A9m,JK`` is a block, its armour roll
with Mighty Blow, then an injury roll that must reach KO.

``/`` starts the next player (a catcher after a thrower); each player may carry
``[pro]`` and ``[loner=4]`` flags.

Examples: ``D3,R2,P3`` (dodge 3+, rush 2+, pick-up 3+); ``D3d,R2f;tr=2`` (with Dodge
and Sure Feet, two team re-rolls); ``[pro]P3h,T4/[loner=4]C3c``; ``R2,B2b:d,D3`` (a
Blitz); ``B2b,A9m`` (a block, then its armour roll with Mighty Blow); ``D3,F9+1d``.

**Limits.**  A notation has at most :data:`MAX_LENGTH` characters, :data:`MAX_STEPS` steps and
:data:`MAX_PLAYERS` players (reasons ``too-long``, ``too-many-steps``, ``too-many-players``, with
``allowed`` the range), and ``tr=`` is 0..8: with these, the slowest chain accepted is solved in
under a second in CPython (``benchmarks/bench_worst_notation.py``; the solver remembers only
what later steps can use, so its work grows linearly with the steps).

The BB2025 reading of the Loner ruling is not part of the notation: it is given
beside it (``parse_chain(text, "bb2025", reading)``, the ``reading`` field of the
``chain`` request).

Errors are :class:`~calculators.errors.CalcError` with field ``chain`` and a message
giving the 1-based token number, the character position and the token (field
``reading`` for a bad reading).  The same facts come as ``details`` for a page to say
in its own language: ``{"reason", "token", "position", "text"}``, where ``reason`` is
one of :data:`REASONS`, ``token`` the 1-based token number, ``position`` the 1-based
character, ``text`` the token as written (all three null for ``empty`` and ``no-steps``,
which are about the whole chain).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .chain import ArmourStep, BlockStep, Chain, InjuryStep, Player, Step
from .errors import CalcError

__all__ = ["ARMOUR_MARKS", "BLOCK_ATTACKER_MARKS", "BLOCK_DEFENDER_MARKS", "INJURY_MARKS", "INJURY_NEEDS_LETTERS",
           "LETTERS", "MAX_LENGTH", "MAX_PLAYERS", "MAX_STEPS", "REASONS", "SKILL_MARKS", "VALUED_MARKS",
           "Parsed", "format_chain", "format_step", "parse_chain"]

LETTERS: dict[str, str] = {
    "D": "dodge", "R": "rush", "P": "pick-up", "T": "pass", "C": "catch",
    "H": "hand-off", "L": "landing", "I": "interception", "N": "test",
    "B": "block", "A": "armour", "F": "foul", "J": "injury",
}
_KIND_LETTER = {v: k for k, v in LETTERS.items()}
#: step kind -> skill mark letter (D6 tests)
SKILL_MARKS: dict[str, str] = {"dodge": "d", "rush": "f", "pick-up": "h", "pass": "p", "catch": "c", "hand-off": "c"}
#: block step: the attacker's mark -> skill (before ':'), in canonical order
BLOCK_ATTACKER_MARKS: dict[str, str] = {"b": "block", "t": "tackle", "r": "brawler", "j": "juggernaut"}
#: block step: the defender's mark -> skill (after ':'), in canonical order
BLOCK_DEFENDER_MARKS: dict[str, str] = {"b": "block", "d": "dodge", "w": "wrestle"}
#: armour step kind -> {mark: (ArmourStep field, skill id)}, in canonical order
ARMOUR_MARKS: dict[str, dict[str, tuple[str, str]]] = {
    "armour": {"m": ("mighty_blow", "mighty-blow"), "c": ("claws", "claws"), "i": ("iron_hard_skin", "iron-hard-skin"),
               "k": ("stab", "stab"), "w": ("chainsaw", "chainsaw"), "p": ("piling_on", "piling-on")},
    "foul": {"d": ("dirty_player", "dirty-player"), "s": ("sneaky_git", "sneaky-git"), "l": ("lone_fouler", "lone-fouler"),
             "i": ("iron_hard_skin", "iron-hard-skin"), "w": ("chainsaw", "chainsaw")},
}
#: armour marks that may carry a value, the X of the skill's (+X): ``m2`` is Mighty Blow (+2); ``m`` alone is +1
VALUED_MARKS: frozenset[str] = frozenset({"m", "d"})
#: injury step: the result it needs, written after ``J`` (a number instead is a total n+)
INJURY_NEEDS_LETTERS: dict[str, str] = {"K": "ko", "C": "casualty"}
#: injury step: mark -> (InjuryStep field, skill id), in canonical order
INJURY_MARKS: dict[str, tuple[str, str]] = {"s": ("stunty", "stunty"), "t": ("thick_skull", "thick-skull")}
_STEP = re.compile(r"([A-Za-z])([0-9]+)([a-z]?)\Z")
_BLOCK = re.compile(r"B(-?[0-9]+)([a-z]*)(?::([a-z]*))?(?:=([a-z]*))?\Z")
_ARMOUR = re.compile(r"([AF])([0-9]+)([+-][0-9]+)?([a-z0-9]*)\Z")
_INJURY = re.compile(r"J(K|C|[0-9]+)([+-][0-9]+)?([a-z]*)\Z")
#: the most steps a chain may have
MAX_STEPS = 30
#: the most players a chain may have (a team has at most 11 players on the pitch)
MAX_PLAYERS = 11
#: the longest notation text, in characters (spaces included)
MAX_LENGTH = 200
#: ``details["reason"]`` of a notation error -> what is wrong
REASONS: dict[str, str] = {
    "empty": "the chain is empty",
    "no-steps": "the chain has options but no step",
    "empty-step": "two separators with nothing between them",
    "leading-separator": "the chain starts with a separator",
    "trailing-separator": "the chain ends with a separator",
    "unclosed-flags": "'[' without a closing ']'",
    "misplaced-flags": "player flags not before the player's first step",
    "bad-flag": "an unknown or repeated player flag",
    "unreadable": "not a step (a letter, the die face needed, an optional skill mark)",
    "unknown-letter": "an unknown roll letter",
    "bad-target": "a die face needed outside 2..6",
    "bad-mark": "a skill mark that does not apply to the step",
    "too-many-steps": f"more than {MAX_STEPS} steps",
    "too-many-players": f"more than {MAX_PLAYERS} players",
    "too-long": f"a notation longer than {MAX_LENGTH} characters",
    "bad-option": "an option other than tr=N",
    "team-rerolls-range": "tr=N with N outside 0..8",
    "option-not-last": "a step or player after the options",
    "repeated-option": "an option given twice",
    "bad-block": "a block step that cannot be read",
    "block-dice": "block dice other than 1, 2, 3, -2, -3",
    "block-goal": "a block goal other than =s",
    "bad-armour": "an armour roll or foul that cannot be read",
    "bad-injury": "an injury roll that cannot be read",
    "bad-step-mark": "an unknown or repeated skill mark on a block, armour roll or foul",
    "step-rule": "a step the edition or the steps around it do not allow (AV range, Brawler outside a Block action)",
}


@dataclass(frozen=True)
class Parsed:
    """A parsed notation: the chain and the ``tr=`` option (None when absent)."""

    chain: Chain
    team_rerolls: int | None


def _fail(index: int, pos: int, token: str, message: str, allowed: object = None, *,
          reason: str = "unreadable") -> CalcError:
    details = {"reason": reason, "token": index, "position": pos + 1, "text": token}
    return CalcError("chain", f"token {index} at character {pos + 1} ({token!r}): {message}", allowed, details)


def _whole(reason: str, message: str, allowed: object = None) -> CalcError:
    """An error about the whole chain, not one token."""
    return CalcError("chain", message, allowed, {"reason": reason, "token": None, "position": None, "text": None})


def _tokens(text: str):
    """Yield (index, position, separator_before, token) with positions in the original text."""
    index = 0
    sep = ""
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c in ",/;":
            if sep:
                raise _fail(index + 1, i, text[i - 1:i + 1], "empty step between two separators", reason="empty-step")
            sep = c
            i += 1
            continue
        start = i
        if c == "[":
            j = text.find("]", i)
            if j < 0:
                index += 1
                raise _fail(index, start, text[start:], "'[' without a closing ']'", reason="unclosed-flags")
            i = j + 1
            # a flag group is glued to the first step of the player
            while i < n and text[i].isspace():
                i += 1
            k = i
            while k < n and text[k] not in ",/;":
                k += 1
            index += 1
            yield index, start, sep, text[start:k].replace(" ", "")
            i = k
        else:
            while i < n and text[i] not in ",/;":
                i += 1
            index += 1
            yield index, start, sep, text[start:i].strip().replace(" ", "")
        sep = ""
    if sep:
        raise _fail(index + 1, n - 1, sep, "the chain ends with a separator", reason="trailing-separator")


def parse_chain(text: str, edition: str = "classic", reading: str | None = None) -> Parsed:
    """Parse chain notation (grammar in the module docstring) for ``edition`` and, in BB2025, ``reading``.

    Returns:
        :class:`Parsed` with the validated :class:`~calculators.chain.Chain`.

    Raises:
        CalcError: field ``chain``; the message names the token number and position.
        Field ``reading`` for a reading outside BB2025 or not in
        :data:`calculators.rerolls.LONER_READINGS`.
    """
    if not isinstance(text, str) or not text.strip():
        raise _whole("empty", "the chain is empty; write steps such as D3,R2,P3")
    if len(text) > MAX_LENGTH:
        raise _whole("too-long", f"the chain has {len(text)} characters; at most {MAX_LENGTH}", [1, MAX_LENGTH])
    players: list[Player] = []
    steps: list[Step | BlockStep | ArmourStep] = []
    where: list[tuple[int, int, str]] = []  # each step's token: (number, position, text)
    tr: int | None = None
    in_options = False
    for index, pos, sep, tok in _tokens(text):
        if sep == ";":
            in_options = True
        if in_options:
            if sep not in (";", ","):
                raise _fail(index, pos, tok, "options come last, after ';'", reason="option-not-last")
            m = re.fullmatch(r"tr=([0-9]+)", tok)
            if not m or not 0 <= int(m.group(1)) <= 8:
                raise _fail(index, pos, tok, "unknown option; use tr=N with N from 0 to 8", ["tr=0", "tr=8"],
                            reason="team-rerolls-range" if m else "bad-option")
            if tr is not None:
                raise _fail(index, pos, tok, "tr= given twice", reason="repeated-option")
            tr = int(m.group(1))
            continue
        shown = tok
        if not players and sep:
            raise _fail(index, pos, tok, "the chain starts with a separator", reason="leading-separator")
        if sep == "/" or not players:
            flags = Player()
            if tok.startswith("["):
                close = tok.index("]")
                flags = _flags(index, pos, tok[1:close])
                tok = tok[close + 1:]
            players.append(flags)
            if len(players) > MAX_PLAYERS:
                raise _fail(index, pos, shown, f"a chain has at most {MAX_PLAYERS} players", [1, MAX_PLAYERS],
                            reason="too-many-players")
        elif tok.startswith("["):
            raise _fail(index, pos, tok, "player flags go before the player's first step, after '/'",
                        reason="misplaced-flags")
        steps.append(_step(index, pos, tok, len(players) - 1, shown))
        where.append((index, pos, shown))
        if len(steps) > MAX_STEPS:
            raise _fail(index, pos, shown, f"a chain has at most {MAX_STEPS} steps", [1, MAX_STEPS],
                        reason="too-many-steps")
    if not steps:
        raise _whole("no-steps", "the chain has no steps; write steps such as D3,R2,P3")
    chain = Chain(tuple(steps), tuple(players), edition, reading)
    try:
        chain.validate()
    except CalcError as e:
        # what depends on the edition (AV range, Brawler) or on other steps: name the step's token
        m = re.match(r"steps\[(\d+)\]", e.field)
        if m is None:
            raise
        raise _fail(*where[int(m.group(1))], e.message, e.allowed, reason="step-rule") from None
    return Parsed(chain, tr)


def _flags(index: int, pos: int, body: str) -> Player:
    pro = False
    loner = None
    for flag in [f for f in body.replace(" ", "").split(",") if f]:
        if flag == "pro" and not pro:
            pro = True
        elif re.fullmatch(r"loner=[2-6]", flag) and loner is None:
            loner = int(flag[-1])
        else:
            raise _fail(index, pos, f"[{body}]", f"unknown or repeated player flag {flag!r}; use pro and/or loner=X (X 2..6)",
                        ["pro", "loner=2", "loner=6"], reason="bad-flag")
    return Player(pro, loner)


def _marks(index: int, pos: int, shown: str, marks: str, known: dict, what: str) -> list:
    """The skills of a run of mark letters, each known and given once."""
    out = []
    for c in marks:
        if c not in known:
            listed = ", ".join(f"{k} {v}" for k, v in known.items())
            raise _fail(index, pos, shown, f"unknown {what} mark {c!r}; known: {listed}", list(known),
                        reason="bad-step-mark")
        if known[c] in out:
            raise _fail(index, pos, shown, f"{what} mark {c!r} given twice", reason="bad-step-mark")
        out.append(known[c])
    return out


def _block(index: int, pos: int, tok: str, player: int, shown: str) -> BlockStep:
    m = _BLOCK.match(tok)
    if not m:
        raise _fail(index, pos, shown, "expected a block such as B2, B-2, B2bt:d or B2b:dw=s: the dice (negative when the "
                                       "defender chooses), the attacker's skill marks, ':' and the defender's, '=s' "
                                       "when the attacker only needs to stay standing", reason="bad-block")
    dice_text, att, dfd, goal = m.groups()
    dice = int(dice_text)
    if dice not in (1, 2, 3, -2, -3):
        raise _fail(index, pos, shown, f"block dice must be 1, 2 or 3 (the attacker chooses) or -2, -3 (the defender "
                                       f"chooses), got {dice_text}", [1, 2, 3, -2, -3], reason="block-dice")
    if goal is not None and goal != "s":
        raise _fail(index, pos, shown, f"unknown block goal '={goal}'; write =s when the attacker only needs to stay "
                                       "standing, nothing when the defender must be Knocked Down", ["s"],
                    reason="block-goal")
    attacker = _marks(index, pos, shown, att, BLOCK_ATTACKER_MARKS, "attacker's skill")
    defender = _marks(index, pos, shown, dfd or "", BLOCK_DEFENDER_MARKS, "defender's skill")
    return BlockStep(dice, frozenset(attacker), frozenset(defender), "standing" if goal else "down", player)


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
            raise _fail(index, pos, shown, f"unknown {kind} skill mark {(mark or digits)!r}; known: {listed}", list(table),
                        reason="bad-step-mark")
        field = table[mark][0]
        if field in fields:
            raise _fail(index, pos, shown, f"{kind} skill mark {mark!r} given twice", reason="bad-step-mark")
        if digits and mark not in VALUED_MARKS:
            raise _fail(index, pos, shown, f"{kind} skill mark {mark!r} takes no value", reason="bad-step-mark")
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


def _step(index: int, pos: int, tok: str, player: int, shown: str) -> Step | BlockStep | ArmourStep:
    if tok[:1] == "B":
        return _block(index, pos, tok, player, shown)
    if tok[:1] in ("A", "F"):
        return _armour(index, pos, tok, player, shown)
    if tok[:1] == "J":
        return _injury(index, pos, tok, player, shown)
    m = _STEP.match(tok)
    if not m:
        raise _fail(index, pos, shown, "expected a step such as D3 or D3d: a roll letter, the die face needed, an optional skill mark",
                    reason="unreadable")
    letter, digits, mark = m.groups()
    if letter not in LETTERS:
        known = ", ".join(f"{k} {v}" for k, v in LETTERS.items())
        raise _fail(index, pos, shown, f"unknown roll letter {letter!r}; known: {known}", list(LETTERS),
                    reason="unknown-letter")
    kind = LETTERS[letter]
    target = int(digits)
    if not 2 <= target <= 6:
        raise _fail(index, pos, shown, f"the die face needed must be 2..6, got {target}", [2, 6],
                    reason="bad-target")
    skill = False
    if mark:
        want = SKILL_MARKS.get(kind)
        if want != mark:
            hint = f"use {want!r}" if want else "no skill re-rolls this step"
            raise _fail(index, pos, shown, f"skill mark {mark!r} does not apply to a {kind} step; {hint}", [want] if want else [],
                        reason="bad-mark")
        skill = True
    return Step(kind, target, skill, player)


def format_step(step: Step | BlockStep | ArmourStep) -> str:
    """Return the canonical notation of one step (without its player's flags)."""
    if isinstance(step, BlockStep):
        att = "".join(k for k, v in BLOCK_ATTACKER_MARKS.items() if v in step.attacker)
        dfd = "".join(k for k, v in BLOCK_DEFENDER_MARKS.items() if v in step.defender)
        return f"B{step.dice}{att}{':' + dfd if dfd else ''}{'=s' if step.goal == 'standing' else ''}"
    if isinstance(step, ArmourStep):
        marks = "".join(k + (str(int(getattr(step, f))) if k in VALUED_MARKS and int(getattr(step, f)) > 1 else "")
                        for k, (f, _) in ARMOUR_MARKS[step.kind].items() if getattr(step, f))
        return f"{_KIND_LETTER[step.kind]}{step.av}{f'{step.modifier:+d}' if step.modifier else ''}{marks}"
    if isinstance(step, InjuryStep):
        need = {v: k for k, v in INJURY_NEEDS_LETTERS.items()}.get(step.need, str(step.need))
        marks = "".join(k for k, (f, _) in INJURY_MARKS.items() if getattr(step, f))
        return f"J{need}{f'{step.modifier:+d}' if step.modifier else ''}{marks}"
    return f"{_KIND_LETTER[step.kind]}{step.target}{SKILL_MARKS[step.kind] if step.skill else ''}"


def format_chain(chain: Chain, team_rerolls: int | None = None) -> str:
    """Return the canonical notation of ``chain`` (and ``;tr=N`` when given).

    ``parse_chain(format_chain(c, n), c.edition, c.reading)`` gives back ``Parsed(c, n)``
    (the reading is not part of the notation).
    """
    parts: list[str] = []
    current = -1
    for s in chain.steps:
        tok = format_step(s)
        if s.player != current:
            pl = chain.players[s.player]
            flags = (["pro"] if pl.pro else []) + ([f"loner={pl.loner}"] if pl.loner is not None else [])
            prefix = f"[{','.join(flags)}]" if flags else ""
            parts.append(("/" if parts else "") + prefix + tok)
            current = s.player
        else:
            parts.append("," + tok)
    out = "".join(parts)
    if team_rerolls is not None:
        out += f";tr={team_rerolls}"
    return out
