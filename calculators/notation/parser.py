"""The chain notation's parser: tokens into a validated :class:`~calculators.chain.Chain` (recursive descent).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from ..chain import Alternatives, BlockStep, Chain, Dauntless, Player, Step
from ..errors import CalcError
from .marks import MAX_DEPTH, MAX_LENGTH, MAX_PLAYERS, MAX_STEPS, _WEIGHT_TOKEN
from .tokens import _as_typed, _as_written, _fail, _tokens, _whole
from .steps import _flags, _step


@dataclass(frozen=True)
class Parsed:
    """A parsed notation: the chain and the ``tr=`` option (None when absent)."""

    chain: Chain
    team_rerolls: int | None


class _Parser:
    """Recursive descent over :func:`_tokens` (grammar in the module docstring)."""

    def __init__(self, text: str) -> None:
        self.toks = list(_tokens(text))
        self.k = 0
        self.players: list[Player] = []
        self.where: dict[str, tuple[int, int, str]] = {}  # each step's path -> its token (number, position, text)
        self.count = 0
        self.tr: int | None = None

    def peek(self):
        return self.toks[self.k] if self.k < len(self.toks) else None

    def counted(self, index: int, pos: int, shown: str) -> None:
        self.count += 1
        if self.count > MAX_STEPS:
            raise _fail(index, pos, shown, f"a chain has at most {MAX_STEPS} steps", [1, MAX_STEPS],
                        reason="too-many-steps")

    def new_player(self, index: int, pos: int, shown: str, flags: Player) -> int:
        self.players.append(flags)
        self.where[f"players[{len(self.players) - 1}]"] = (index, pos, shown)  # a flag refused by the edition
        if len(self.players) > MAX_PLAYERS:
            raise _fail(index, pos, shown, f"a chain has at most {MAX_PLAYERS} players", [1, MAX_PLAYERS],
                        reason="too-many-players")
        return len(self.players) - 1

    def sequence(self, prefix: str, current: int | None, depth: int) -> tuple:
        """Steps up to a closing ``}``, ``)``, ``|``, the options or the end; ``current``: the player going on
        (None at the start of the chain)."""
        out: list = []
        top = current is None
        while True:
            t = self.peek()
            if t is None:
                break
            index, pos, sep, tok = t
            if tok in ("}", ")", "|"):
                if sep:
                    raise _fail(index, pos, tok, f"a separator before '{tok}'", reason="empty-step")
                if top:
                    raise _fail(index, pos, tok, f"'{tok}' with no group open", reason="unexpected-close")
                break
            if sep == ";":
                if not top:
                    raise _fail(index, pos, tok, "options come last, after ';', outside any group",
                                reason="option-not-last")
                break
            if not out:
                if sep and (top or sep != "/"):
                    raise _fail(index, pos, tok, "the chain starts with a separator" if top else
                                "a group starts with a separator (only '/' may start one: a new player)",
                                reason="leading-separator")
            elif not sep:
                raise _fail(index, pos, tok, "a separator (',' or '/') is missing before this", reason="missing-separator")
            self.k += 1
            path = f"{prefix}[{len(out)}]"
            if tok == "{":
                raise _fail(index, pos, tok, "'{' comes right after a step that can branch (a D6 test with ~N, a "
                                             "block, a Dauntless roll U)", reason="misplaced-branch")
            shown = tok
            opens = sep == "/" or current is None  # this item is a new player's first
            if opens:
                flags = Player()
                if tok.startswith("["):
                    close = tok.index("]")
                    flags = _flags(index, pos, tok[1:close])
                    tok = tok[close + 1:]
                current = self.new_player(index, pos, shown, flags)
            elif tok.startswith("["):
                raise _fail(index, pos, tok, "player flags go before the player's first step, after '/'",
                            reason="misplaced-flags")
            if tok == "(":
                self.counted(index, pos, shown)
                self.where[path] = (index, pos, shown)
                group = self.alternatives(index, pos, path, current, depth + 1)
                # a new player's first item: the alternatives name it (its steps are that player's in each)
                out.append(replace(group, player=current) if opens else group)
                continue
            step = _step(index, pos, tok, current, shown)
            self.counted(index, pos, shown)
            self.where[path] = (index, pos, shown)
            out.append(self.branches(index, pos, shown, step, path, current, depth + 1))
        return tuple(out)

    def group(self, index: int, pos: int, shown: str, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise _fail(index, pos, shown, f"groups nest at most {MAX_DEPTH} deep", [1, MAX_DEPTH], reason="too-deep")

    def closing(self, index: int, pos: int, opener: str, wanted: str) -> str:
        t = self.peek()
        if t is None:
            raise _fail(index, pos, opener, f"'{opener}' without a closing '{wanted}'", reason="unclosed-branch")
        self.k += 1
        return t[3]

    def branches(self, index: int, pos: int, shown: str, step, path: str, player: int, depth: int):
        """The ``{…}`` after a step, if any: its failure branch, or a Dauntless roll's two."""
        t = self.peek()
        if t is None or t[3] != "{" or t[2]:
            if isinstance(step, Dauntless):
                raise _fail(index, pos, shown, "a Dauntless roll needs its two branches: U4{success|failure}",
                            reason="branch-shape")
            return step
        self.group(t[0], t[1], "{", depth)
        self.k += 1
        if isinstance(step, Dauntless):
            yes = self.sequence(path + ".success", player, depth)
            end = self.closing(t[0], t[1], "{", "}")
            if end != "|":
                raise _fail(t[0], t[1], "{", "a Dauntless roll needs two branches: U4{success|failure}",
                            reason="branch-shape")
            no = self.sequence(path + ".failure", player, depth)
            if self.closing(t[0], t[1], "{", "}") != "}":
                raise _fail(t[0], t[1], "{", "a Dauntless roll has two branches, not more", reason="branch-shape")
            return replace(step, success=yes, failure=no)
        if not (isinstance(step, BlockStep) or (isinstance(step, Step) and step.partial is not None)):
            raise _fail(t[0], t[1], "{", "only a D6 test with a non-critical band (~N), a block or a Dauntless roll "
                                         "may be followed by '{'", reason="misplaced-branch")
        branch = self.sequence(path + ".branch", player, depth)
        end = self.closing(t[0], t[1], "{", "}")
        if end == "|" and isinstance(step, Step):
            # T4~2{success|non-critical}: the first sequence follows a success, the second the non-critical failure
            other = self.sequence(path + ".branch", player, depth)
            if self.closing(t[0], t[1], "{", "}") != "}":
                raise _fail(t[0], t[1], "{", "a roll with a band ~N has at most two branches: {success|non-critical}",
                            reason="branch-shape")
            return replace(step, success=branch, branch=other)
        if end != "}":
            raise _fail(t[0], t[1], "{", "a block's branch has one sequence: '|' belongs to a Dauntless roll or a "
                                         "roll with a band ~N", reason="branch-shape")
        return replace(step, branch=branch)

    def alternatives(self, index: int, pos: int, path: str, player: int, depth: int) -> Alternatives:
        self.group(index, pos, "(", depth)
        options = []
        total = Fraction(0)
        while True:
            t = self.peek()
            if t is None or not _WEIGHT_TOKEN.fullmatch(t[3]):
                where = t if t is not None else (index, pos, "", "(")
                raise _fail(where[0], where[1], where[3], "each alternative starts with its weight: (1/2:D3|1/3:R2)",
                            reason="bad-alternatives")
            self.k += 1
            a, b = t[3][:-1].partition("/")[::2]
            w = Fraction(int(a), int(b or 1)) if int(b or 1) else Fraction(0)
            total += w
            if not 0 < w <= 1 or total > 1:
                raise _fail(t[0], t[1], t[3], "a weight is a fraction in (0, 1], the weights adding up to at most 1",
                            ["1/6", "1"], reason="bad-weight")
            steps = self.sequence(f"{path}.options[{len(options)}]", player, depth)
            options.append((w, steps))
            end = self.closing(index, pos, "(", ")")
            if end == ")":
                return Alternatives(tuple(options))
            if end != "|":
                raise _fail(index, pos, "(", "alternatives are written (w:steps|w:steps)", reason="bad-alternatives")

    def options(self) -> None:
        for index, pos, sep, tok in self.toks[self.k:]:
            if sep not in (";", ","):
                raise _fail(index, pos, tok, "options come last, after ';'", reason="option-not-last")
            m = re.fullmatch(r"tr=([0-9]+)", tok)
            if not m or not 0 <= int(m.group(1)) <= 8:
                raise _fail(index, pos, tok, "unknown option; use tr=N with N from 0 to 8", ["tr=0", "tr=8"],
                            reason="team-rerolls-range" if m else "bad-option")
            if self.tr is not None:
                raise _fail(index, pos, tok, "tr= given twice", reason="repeated-option")
            self.tr = int(m.group(1))


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
    raw, text = text, _as_typed(text)
    try:
        return _parse(text, edition, reading)
    except CalcError as e:  # quote the token as the reader typed it, spaces and full-width characters kept
        raise _as_written(e, raw, text) from None


def _parse(text: str, edition: str, reading: str | None) -> Parsed:
    """:func:`parse_chain` of ``text``, already read as typed (:func:`~calculators.notation.tokens._as_typed`)."""
    if len(text) > MAX_LENGTH:
        raise _whole("too-long", f"the chain has {len(text)} characters; at most {MAX_LENGTH}", [1, MAX_LENGTH])
    p = _Parser(text)
    steps = p.sequence("steps", None, 0)
    p.options()
    if not steps:
        raise _whole("no-steps", "the chain has no steps; write steps such as D3,R2,P3")
    chain = Chain(steps, tuple(p.players), edition, reading)
    try:
        chain.validate()
    except CalcError as e:
        # what depends on the edition (AV range, Brawler) or on other steps: name the step's token
        m = re.match(r"steps\[[^ ]*\]|players\[[0-9]+\]", e.field)
        if m is None:
            raise
        path = m.group(0)
        while path not in p.where and "]" in path:
            path = path[:path.rindex("[")] if path.endswith("]") else path[:path.rindex(".")]
        if path not in p.where:
            raise
        raise _fail(*p.where[path], e.message, e.allowed, reason="step-rule",
                    rule=(e.details or {}).get("reason")) from None
    return Parsed(chain, p.tr)
