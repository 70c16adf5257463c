"""BloodBowlDave's branches (``[...]``) and split rolls (Tentacles, Shadowing, a Hypnotic Gaze, ...) read into our
branches (see the ``branches`` section of :mod:`calculators.compat.dave`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from .stars import star_bonus
from ..dice import two_d6
from ..rolls import face_chance
from .pieces import REASONS, _Entry, _Player, _action, _block, _read_player, _refuse, _roll_2d6, _weight


_OPPONENT = {"N": "E", "S": "S"}  # their Tentacles / Shadowing -> our opponent's roll letter


_NEEDS_BRANCHED = re.compile(r"\[|(?:^|[,;:{}\]])[NSYH][+-]?\d|(?:^|[;:,])\{|[TW]\d+['*]*[{\[]")


class _Branched:
    """The reader of a sequence with their branches or their split rolls (see :func:`_branched`)."""

    def __init__(self, edition: str):
        self.edition = edition
        self.players: list[_Player] = []
        self.entries: list[_Entry] = []

    # their parser, read: BuildPlayerActions in ActionCalculator/PlayerActionsBuilder.cs
    def player(self, prefix: str, pos: int, actions: str) -> int:
        self.players.append(_read_player(prefix, pos, actions, self.edition))
        return len(self.players) - 1

    def actions(self, text: str, pos: int, player: int, depth: int) -> None:
        if not text:
            return
        offset = pos
        for part in text.split(","):
            if not part:
                raise _refuse("empty-action", text, offset, REASONS["empty-action"])
            if "|" in part:
                raise _refuse("dauntless", part, offset, REASONS["dauntless"])
            self.entries.append(_Entry(part, offset, player, depth))
            offset += len(part) + 1

    def read(self, text: str, pos: int, player: int, depth: int) -> None:
        at = next((i for i, c in enumerate(text) if c in ":;{[("), None)
        if at is None:
            return self.actions(text, pos, player, depth)
        c = text[at]
        if c == ":":
            return self.read(text[at + 1:], pos + at + 1, self.player(text[:at], pos - 1, text[at + 1:]), depth)
        self.actions(text[:at], pos, player, depth)
        if c == ";":
            self.players.append(_Player(set(), []))
            return self.read(text[at + 1:], pos + at + 1, len(self.players) - 1, depth)
        if c == "(":
            raise _refuse("alternatives", text[at:], pos + at, REASONS["alternatives"])
        close = text.rfind("}" if c == "{" else "]")
        first = len(self.entries)
        self.read(text[at + 1:close], pos + at + 1, player, depth + 1)
        if len(self.entries) > first:
            e = self.entries
            e[first] = replace(e[first], opens=True)
            if c == "[":
                e[-1] = replace(e[-1], ends=True)
        after = text[close + 1:]
        if any(ch in after for ch in ":;{[("):
            raise _refuse("branch", after, pos + close + 1, "actions after a closing bracket are read by theirs as "
                          "one player's plain actions: " + REASONS["branch"])
        self.actions(after, pos + close + 1, player, depth)

    # our notation, written from the flat list
    def write(self, entries: list[_Entry], cur: int | None) -> str:
        """Our sequence for ``entries`` (a path of their flat list: what follows a branch is copied into
        it), the player ``cur`` having rolled just before (None: the chain's start)."""
        out = ""
        i = 0
        while i < len(entries):
            e = entries[i]
            k = i + 1
            while k < len(entries) and entries[k].depth > e.depth and (k > i + 1 or entries[k].opens):
                k += 1
            branch, rest = entries[i + 1:k], entries[k:]
            p = self.players[e.player]
            if cur is not None and e.player < cur:
                raise _refuse("branch", e.tok, e.pos, "a branch that goes back to a player who rolled before it: "
                              "ours starts a new player at each '/'")
            sep = ("," if out else "") if e.player == cur else ("/" if cur is not None else "") + p.prefix
            cur = e.player
            letter = e.tok[:1]
            if letter in _OPPONENT or (letter in "YTW" and branch) or (letter == "Y" and not rest):
                split = self.split(e, branch, rest, sep)
                if split is not None:
                    return out + split
                # an opponent's roll with no branch that ends the chain on a hold: our E or S step
                return self.write_rest(out + sep + self.opponent(e)[0], rest, cur)
            if letter == "H":
                return out + sep + self.throw(e, branch, rest)
            if branch:
                if "D" not in e.tok[1:] or "!" not in e.tok or entries[k - 1].ends:
                    raise _refuse("branch", e.tok, e.pos, REASONS["branch"])
                block = _block(e.tok + "{}", e.pos, p.skills)
                out += sep + block[:-1] + self.write(branch, cur) + "}"
                i = k
                continue
            out += sep + self.step(e)
            i += 1
        return out

    def write_rest(self, out: str, rest: list[_Entry], cur: int) -> str:
        more = self.write(rest, cur)
        return out + ("" if not more else more if more.startswith("/") else "," + more)

    def step(self, e: _Entry) -> str:
        p = self.players[e.player]
        if e.tok[:1] in "L" and re.fullmatch(r"L\d['*]*", e.tok):
            raise _refuse("dauntless", e.tok, e.pos, REASONS["dauntless"])
        if e.tok[:1] == "Y":
            return self.gaze(e)
        if e.tok[:1] == "J" and any(kind.endswith("-injury") for kind in p.bonus):
            raise _refuse("branch", e.tok, e.pos, "an injury roll with a star's bonus in a sequence with branches: "
                          + REASONS["branch"])
        return star_bonus([_action(e.tok, e.pos, p.skills, p.break_tackle, p.values)], p.bonus)[0]

    def opponent(self, e: _Entry) -> tuple[str, Fraction]:
        """Our step for their Tentacles ``N±d`` or Shadowing ``S±d`` (d: their ST or MA minus ours) and the chance
        that the opponent fails (the mover goes on)."""
        m = re.fullmatch(r"([NS])([+-]?\d)['*]*", e.tok)
        if not m:
            raise _refuse("unreadable", e.tok, e.pos, REASONS["unreadable"])
        d = int(m.group(2))
        if m.group(1) == "S" and self.edition == "bb2025" and d != 2:
            raise _refuse("target", e.tok, e.pos, "Shadowing with an MA difference other than +2: BB2025 Shadowing "
                          "is a flat 4+ (ours), theirs adds the difference")
        target = min(6, 6 - d)  # the opponent's D6 + d needs 6, a natural 6 always does
        if target < 2:
            raise _refuse("target", e.tok, e.pos, f"the opponent needing {target}+: a natural 1 fails, ours go "
                          "from 2+ to 6+")
        return f"{_OPPONENT[m.group(1)]}{target}", 1 - face_chance(target)

    def gaze(self, e: _Entry, mark: bool = True) -> str:
        m = re.fullmatch(r"Y(\d)(['*]*)", e.tok)
        if not m or not 2 <= int(m.group(1)) <= 6:
            raise _refuse("target", e.tok, e.pos, "a Hypnotic Gaze needing 2+ to 6+")
        if "'" in m.group(2) and "pro" in self.players[e.player].skills:
            raise _refuse("no-reroll", e.tok, e.pos, REASONS["no-reroll"])
        return f"G{m.group(1)}" + ("!" if mark and "'" in m.group(2) else "")

    def split(self, e: _Entry, branch: list[_Entry], rest: list[_Entry], lead: str) -> str | None:
        """Weighted alternatives for a roll nobody of ours re-rolls whose failure goes on: an opponent's roll
        (ours never re-rolls it), a Stab or Chainsaw (2D6), a gaze marked ``'`` by a player without Pro; the
        success goes on with ``rest``, the failure with ``branch`` (then ``rest`` unless ``[...]``).  ``lead``:
        what comes before the group (``,``, or ``/`` and the flags when the split is the player's first item:
        our alternatives then open that player, whose steps they hold).  A
        Shadowing or gaze that ends the sequence succeeds either way (theirs counts only Tentacles, blocks,
        Stabs and Chainsaws as failing there).  None: an opponent's roll ending the chain on a hold."""
        letter = e.tok[:1]
        either = not branch and not rest and letter in "SY"  # the sequence succeeds on both faces
        if letter in _OPPONENT:
            go_on = self.opponent(e)[1]
        elif letter == "Y":
            if not either and ("'" not in e.tok or "pro" in self.players[e.player].skills):
                return lead + self.gaze_branch(e, branch, rest)
            go_on = face_chance(int(self.gaze(e, False)[1:]))
        else:
            if self.players[e.player].bonus:  # a star's bonus on this roll: not in the weights below
                raise _refuse("branch", e.tok, e.pos, "a Stab or Chainsaw with a star's bonus before a branch: "
                              + REASONS["branch"])
            n = _roll_2d6(e.tok.replace("*", "").replace("'", ""), e.pos)
            need = int(re.match(r"A(\d+)", n).group(1)) - (3 if letter == "W" else 0)
            go_on = sum((p for total, p in two_d6().items() if total >= need), Fraction(0))
        if not branch and letter in "NTW":
            if letter == "N":
                return None
            raise _refuse("branch", e.tok, e.pos, REASONS["branch"])
        if not branch and rest and letter == "S":
            return None
        ends = bool(branch) and branch[-1].ends
        options = [(go_on, rest), (1 - go_on, branch + ([] if ends else rest))]
        cur = e.player
        return lead + "(" + "|".join(f"{_weight(w)}:{self.write(list(steps), cur)}" for w, steps in options if w) + ")"

    def gaze_branch(self, e: _Entry, branch: list[_Entry], rest: list[_Entry]) -> str:
        """A gaze we may re-roll whose every failure goes on (their ``HypnogazeStrategy``: any failed roll, once
        the re-rolls are done, takes the branch): our gaze with the band ``~1``, ``rest`` after a success and
        ``branch`` (then ``rest`` unless ``[...]``) after a failure, both in braces so each keeps its players."""
        ends = bool(branch) and branch[-1].ends
        success = self.write(rest, e.player)
        failure = self.write(branch + ([] if ends else rest), e.player)
        return self.gaze(e) + "~1{" + (success + "|" if success else "") + failure + "}"

    def throw(self, e: _Entry, branch: list[_Entry], rest: list[_Entry]) -> str:
        """Their Throw Team-mate ``Hn`` or ``Hn±m`` (``ThrowTeamMateStrategy``): accurate on n - m, fumbled at
        1 - m or less, inaccurate between, the next player's landing ``G`` then needing one more.  Ours: the
        throw ``W`` with the inaccurate faces as a non-critical band and the landing split after it."""
        m = re.fullmatch(r"H(\d)(?:([+-])(\d))?(['*]*)", e.tok)
        if not m:
            raise _refuse("unreadable", e.tok, e.pos, REASONS["unreadable"])
        if branch:
            raise _refuse("branch", e.tok, e.pos, REASONS["branch"])
        mod = int((m.group(2) or "+") + (m.group(3) or "0"))
        successes = max(1, min(5, 7 - (int(m.group(1)) - mod)))
        fumbles = max(1, min(5, 1 - mod))
        target, partial = 7 - successes, fumbles + 1
        no_reroll = "'" in m.group(4)
        if no_reroll and "pro" in self.players[e.player].skills:
            raise _refuse("no-reroll", e.tok, e.pos, REASONS["no-reroll"])
        ours = f"W{target}" + (f"~{partial}" if partial < target else "") + ("!" if no_reroll else "")
        if not rest:
            return ours
        land = rest[0]
        if land.player == e.player or land.depth != e.depth or not re.fullmatch(r"G\d", land.tok):
            raise _refuse("action", e.tok, e.pos, "a throw of a team-mate not followed by the thrown player's "
                          "landing G: " + REASONS["action"])
        if partial >= target:
            return self.write_rest(ours, rest, e.player)
        worse = replace(land, tok=f"G{int(land.tok[1:]) + 1}")  # their LandingStrategy: +1 after an inaccurate throw
        return ours + "{" + self.write(rest, e.player) + "|" + self.write([worse] + rest[1:], e.player) + "}"


def _branched(text: str, edition: str) -> str:
    """Our notation for a sequence with their branches ``X{…}`` / ``X[…]`` or their split rolls, read as their
    ``PlayerActionsBuilder`` and ``Calculator`` do (``ActionCalculator/PlayerActionsBuilder.cs``,
    ``ActionCalculator/Calculator.cs``): the steps in brackets follow the roll before them when it fails
    without ending the sequence, then (``{…}``) the main line goes on or (``[…]``) the sequence ends; a ``:``
    inside starts a player with the skills listed (none when nothing is).  See the module docstring."""
    reader = _Branched(edition)
    reader.players.append(_Player(set(), []))
    reader.read(text, 1, 0, 0)
    if not reader.entries:
        raise _refuse("empty", None, None, REASONS["empty"])
    return reader.write(reader.entries, None)
