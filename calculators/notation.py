"""Compact text notation for chains of rolls: parse and format (round-trip).

Grammar (spaces are ignored)::

    chain   = player { "/" player } { ";" option }
    player  = [ "[" flag { "," flag } "]" ] step { "," step }
    step    = LETTER DIGIT [ SKILL ]
    flag    = "pro" | "loner=" DIGIT          (Loner X+, X in 2..6)
    option  = "tr=" NUMBER                    (team re-rolls available, 0..8)

Step letters: ``D`` dodge, ``R`` rush, ``P`` pick-up, ``T`` pass (throw), ``C`` catch,
``H`` hand-off (the receiver's catch), ``L`` landing, ``I`` an opponent's interception
attempt (the digit is what the *interceptor* needs), ``N`` a plain N+ test.  The digit
is the die face needed, 2..6, modifiers included.

Skill marks (the acting player has the skill that re-rolls that step): ``d`` Dodge on
``D``, ``f`` Sure Feet on ``R``, ``h`` Sure Hands on ``P``, ``c`` Catch on ``C`` or
``H``, ``p`` Pass on ``T``.

``/`` starts the next player (a catcher after a thrower); each player may carry
``[pro]`` and ``[loner=4]`` flags.

Examples: ``D3,R2,P3`` (dodge 3+, rush 2+, pick-up 3+); ``D3d,R2f;tr=2`` (with Dodge
and Sure Feet, two team re-rolls); ``[pro]P3h,T4/[loner=4]C3c``.

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

from .chain import Chain, Player, Step
from .errors import CalcError

__all__ = ["LETTERS", "REASONS", "SKILL_MARKS", "Parsed", "format_chain", "parse_chain"]

LETTERS: dict[str, str] = {
    "D": "dodge", "R": "rush", "P": "pick-up", "T": "pass", "C": "catch",
    "H": "hand-off", "L": "landing", "I": "interception", "N": "test",
}
_KIND_LETTER = {v: k for k, v in LETTERS.items()}
#: step kind -> skill mark letter
SKILL_MARKS: dict[str, str] = {"dodge": "d", "rush": "f", "pick-up": "h", "pass": "p", "catch": "c", "hand-off": "c"}
_STEP = re.compile(r"([A-Za-z])(\d+)([a-z]?)\Z")
MAX_STEPS = 30
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
    "bad-option": "an option other than tr=N",
    "team-rerolls-range": "tr=N with N outside 0..8",
    "option-not-last": "a step or player after the options",
    "repeated-option": "an option given twice",
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


def _whole(reason: str, message: str) -> CalcError:
    """An error about the whole chain, not one token."""
    return CalcError("chain", message, None, {"reason": reason, "token": None, "position": None, "text": None})


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
    players: list[Player] = []
    steps: list[Step] = []
    tr: int | None = None
    in_options = False
    for index, pos, sep, tok in _tokens(text):
        if sep == ";":
            in_options = True
        if in_options:
            if sep not in (";", ","):
                raise _fail(index, pos, tok, "options come last, after ';'", reason="option-not-last")
            m = re.fullmatch(r"tr=(\d+)", tok)
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
        elif tok.startswith("["):
            raise _fail(index, pos, tok, "player flags go before the player's first step, after '/'",
                        reason="misplaced-flags")
        steps.append(_step(index, pos, tok, len(players) - 1, shown))
        if len(steps) > MAX_STEPS:
            raise _fail(index, pos, tok, f"a chain has at most {MAX_STEPS} steps", reason="too-many-steps")
    if not steps:
        raise _whole("no-steps", "the chain has no steps; write steps such as D3,R2,P3")
    chain = Chain(tuple(steps), tuple(players), edition, reading)
    chain.validate()
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


def _step(index: int, pos: int, tok: str, player: int, shown: str) -> Step:
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


def format_chain(chain: Chain, team_rerolls: int | None = None) -> str:
    """Return the canonical notation of ``chain`` (and ``;tr=N`` when given).

    ``parse_chain(format_chain(c, n), c.edition, c.reading)`` gives back ``Parsed(c, n)``
    (the reading is not part of the notation).
    """
    parts: list[str] = []
    current = -1
    for s in chain.steps:
        tok = f"{_KIND_LETTER[s.kind]}{s.target}{SKILL_MARKS[s.kind] if s.skill else ''}"
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
