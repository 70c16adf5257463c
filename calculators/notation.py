"""Compact text notation for chains of rolls: parse and format (round-trip).

Grammar (spaces are ignored)::

    chain   = sequence { ";" option }
    sequence= item { ( "," | "/" ) item }    ("/": the next item is a new player's)
    item    = [ flags ] step | [ flags ] alternatives
    flags   = "[" flag { "," flag } "]"       (only on a player's first item)
    step    = test [ "{" sequence [ "|" [ sequence ] ] "}" ] | block [ "{" [ sequence ] "}" ] | armour | injury
            | "U" DIGIT [ "!" ] "{" [ sequence ] "|" [ sequence ] "}"
    test    = LETTER DIGIT [ SKILL ] [ "b" DIGIT ] [ "~" DIGIT ] [ "!" ] [ "^" ]
    block   = "B" [ "-" ] DIGIT { ATTACKER } [ ":" { DEFENDER } ] [ "=s" ] [ "!" ]
    armour  = ( "A" | "F" ) NUMBER [ ( "+" | "-" ) NUMBER ] { MARK [ DIGIT ] }
    injury  = "J" ( "K" | "C" | NUMBER ) [ ( "+" | "-" ) NUMBER ] { INJURY_MARK }
    alternatives = "(" WEIGHT ":" [ sequence ] { "|" WEIGHT ":" [ sequence ] } ")"
    flag    = "pro" | "loner=" DIGIT          (Loner X+, X in 2..6)
            | "consummate" | "ballista" | "oldpro" | "savageblow"   (star player rules, BB2020 and BB2025)
    option  = "tr=" NUMBER                    (team re-rolls available, 0..8)

**D6 tests.**  Letters: ``D`` dodge, ``R`` rush, ``P`` pick-up, ``T`` pass (throw), ``C``
catch, ``H`` hand-off (the receiver's catch), ``L`` landing, ``I`` an opponent's
interception attempt (the digit is what the *interceptor* needs), ``N`` a plain N+ test,
and (issue 9, :mod:`calculators.chain` gives each one's rules per edition):

* ``V`` a jump (V for vault) over a Prone or Stunned player, or a Leap (classic: the Leap skill's roll);
* ``M`` a Hail Mary Pass's roll (re-rolled by the Pass skill: mark ``p``);
* ``W`` a throw of a team-mate (the thrower's roll; ``L`` is the landing);
* ``G`` a Hypnotic Gaze;
* ``E`` an opponent's tEntacles roll and ``S`` an opponent's Shadowing roll (BB2020
  and BB2025; like ``I``, the digit is what the *opponent* needs, and the chain goes on if it fails);
* ``K`` a Bribe (a kickback to the referee, always ``K2``) and ``Q`` Argue the Call (question the call,
  ``Q6``; ``Q5`` with Friends with the Ref or a Biased Referee), the coach's rolls that nothing re-rolls
  (Argue the Call: not in ``classic``).  They are written only right after a foul (after its injury roll
  when one is written), by the fouler, as the foul's *send-off group*: rolled only when that foul sends the
  fouler off, in the order written (``F9,Q6,K2`` in BB2020/BB2025, where the call is argued first; ``F9,K2,Q6``
  in FUMBBL's BB2016; ``K2,K2`` a second Bribe after a failed one).  A Bribe that succeeds keeps the fouler
  with no turnover, so the chain goes on; Argue the Call keeps the fouler but the turnover ends the chain
  (:mod:`calculators.chain`, "Bribes and Argue the Call").  Anywhere else they are refused (``step-rule``).

The digit is the die face needed, 2..6, modifiers included.  Skill marks (the acting
player has the skill that re-rolls that step): ``d`` Dodge on ``D``, ``f`` Sure Feet on
``R``, ``h`` Sure Hands on ``P``, ``c`` Catch on ``C`` or ``H``, ``p`` Pass on ``T`` or ``M``.
**Break Tackle** (BB2020, BB2025) follows the skill mark on a dodge: ``b`` and the bonus, ``D4b1`` (BB2020
+1 or +2, BB2025 +1 to +3 by ST), ``D4db2`` with Dodge too; used at most once per turn, when a
failed die falls short by no more than the bonus, if the coach chooses.

**Blocks.**  ``B`` and the number of block dice as the block calculator's ``dice`` field
has it: ``B1``, ``B2``, ``B3`` (the attacker chooses), ``B-2``, ``B-3`` (the defender
chooses).  Then the attacker's skills (:data:`BLOCK_ATTACKER_MARKS`): ``b`` Block, ``t``
Tackle, ``r`` Brawler (BB2020/BB2025, on a Block action: that player may then have only
armour rolls besides the block), ``j`` Juggernaut (the block is a Blitz's: Both Down may be
taken as a Push, and the defender's Wrestle does not work; not with ``r``), ``h`` Hatred (BB2025, against a
player with the hated keyword: one Player Down die may be re-rolled), ``u`` Unstoppable Momentum (H'thark, BB2020
and BB2025, on a Blitz: any one block die may be re-rolled; not with ``r``); after ``:`` the defender's (:data:`BLOCK_DEFENDER_MARKS`):
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
``[pro]`` and ``[loner=4]`` flags, and two star player rules used at most once in a chain (once per game;
refused in classic; at most one per player, as every star has one special rule; :mod:`calculators.rerolls`
gives each rule and its sources): ``[consummate]``
Consummate Professional (Griff Oberwald: in BB2020 a free re-roll of one die of his, a single block die
included; in BB2025 +1 on one of his Agility tests, dodge, jump, pick-up, catch or landing, after the
roll), ``[ballista]`` The Ballista (Morg 'n' Thorg: a free re-roll of a failed pass, Hail Mary Pass or
throw of a team-mate in BB2020, of a throw of a team-mate ``W`` in BB2025), ``[oldpro]`` Old Pro (Helmut Wulf,
with ``pro``: Pro may re-roll one die of an armour roll ``A`` after a block) and ``[savageblow]`` Savage Blow
(Anqi Panqi: any number of the dice of a Block action's block, not a Blitz's, without a branch).  ``[loner=3,consummate]D3,R2f``
is Griff dodging then rushing; ``[loner=4,ballista]W5~2{/L4|/L5}`` Morg throwing a team-mate.

**Branches** (:mod:`calculators.chain`, "Branches").  ``~N`` after a D6 test's face (and skill mark)
makes faces N..target-1 a *non-critical* failure (N from 2 to target-1): ``T4~2`` is a 4+ pass whose 2-3
is inaccurate but not fumbled (on a gaze ``G`` N may be 1: ``G3~1{…}``, since a failed Hypnotic Gaze, even a
natural 1, ends only the gazer's activation); the chain then goes on with the steps in ``{…}`` written right after
the step (``T4~2{C3}``), then the main line; without braces it goes straight on.  Two sequences in the
braces split the roll, like a Dauntless roll: ``T4~2{/C3|/C5}`` is a catch on 3+ after an accurate pass
and on 5+ after an inaccurate one, then the main line (the success sequence first).  A block followed by
``{…}`` goes on with those steps after a non-critical result (a Push, a Stumble against Dodge, Both
Down when both have Block): ``B2b{B2b}`` is Frenzy's second block; ``B2b{}`` goes straight on.  ``U`` is
a Dauntless roll (the face needed, 2..6) followed by its two branches, success then failure:
``U4{B2b|B-2b}``.  Weighted alternatives ``(1/2:R2|1/3:R3,P4)``: each weight an exact fraction (``a/b``
or ``1``), their sum at most 1 (the rest fails), each alternative's steps (possibly none) then the main
line.  Alternatives may be a player's first item, at the chain's start or right after ``/``, with the
player's flags before them: ``D3/[pro](1/3:R2|2/3:D4,R2)`` (an opponent's roll against the second player
decides its path); the steps in them are that player's, in every alternative, and so is the main line
after them.  Inside a group ``/`` starts a new player as anywhere else (``T4~2{/C5}``); after the group the
main line goes on with the player of the step (or the alternatives) before it.  Groups nest at most
:data:`MAX_DEPTH` deep.  Marks after a step (:data:`ROLL_MARKS`): ``!`` the coach will not re-roll it
(``D3!``, ``B2b!``, ``U4!{…|…}``); ``^`` on a dodge, an opponent with Diving Tackle may dive
(``D3d^``); in BB2020 and BB2025 on a jump or leap too (``V3^``), refused in classic, where the skill acts
on dodges only.  Canonical order: skill mark, ``~N``, ``!``, ``^``.

Examples: ``D3,R2,P3`` (dodge 3+, rush 2+, pick-up 3+); ``D3d,R2f;tr=2`` (with Dodge
and Sure Feet, two team re-rolls); ``[pro]P3h,T4/[loner=4]C3c``; ``R2,B2b:d,D3`` (a
Blitz); ``B2b,A9m`` (a block, then its armour roll with Mighty Blow); ``D3,F9+1d``;
``F9,K2/N3`` (a foul whose send-off a Bribe may cancel, then another player's roll);
``T4~2{/C5}`` (an inaccurate pass may still be caught, on a 5+; the main line goes on after the
braces too, so ``T4~2{/C5}/C3`` asks for both catches after an inaccurate pass: write
``T4~2{/C3|/C5}`` for one catch or the other); ``U4{B2b|B-2b},A9m``.

**Limits.**  A notation has at most :data:`MAX_LENGTH` characters, :data:`MAX_STEPS` steps (every step
of every branch, and each group of alternatives, counts one) and
:data:`MAX_PLAYERS` players (reasons ``too-long``, ``too-many-steps``, ``too-many-players``, with
``allowed`` the range), groups nest at most :data:`MAX_DEPTH` deep (``too-deep``), and ``tr=`` is
0..8: with these, the slowest chain accepted is solved in under a second of CPU time in CPython
and the slowest branching one (branches nested to the limit, heavy steps in each) in about
0.6 s, under the 2 s target; a star player flag is a resource more in the state, and a player has at most one
(every star has a single special rule), so the slowest straight chain found with one
(``[pro,loner=4,consummate]`` and 25 heavy steps, BB2025, 8 team re-rolls) takes about 0.65 s (four flags on one
player would take about 3.7 s) (``benchmarks/bench_worst_notation.py``; the solver remembers only
what a node's descendants can use, so its work grows linearly with the steps).

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
import unicodedata
from dataclasses import dataclass, replace
from fractions import Fraction

from .chain import (LOWEST_BAND_ONE, Alternatives, ArmourStep, BlockStep, Chain, Dauntless, InjuryStep, Player, Step,
                    highest_face)
from .errors import CalcError
from .rerolls import OPPONENT_KINDS, STAR_RULES

__all__ = ["ARMOUR_MARKS", "BLOCK_ATTACKER_MARKS", "BLOCK_DEFENDER_MARKS", "BREAK_TACKLE_MARK", "INJURY_MARKS",
           "INJURY_NEEDS_LETTERS", "LETTERS", "MAX_DEPTH", "MAX_LENGTH", "MAX_PLAYERS", "MAX_STEPS", "REASONS",
           "ROLL_MARKS", "SKILL_MARKS", "STAR_FLAGS", "VALUED_MARKS",
           "Parsed", "format_chain", "format_step", "parse_chain"]

LETTERS: dict[str, str] = {
    "D": "dodge", "R": "rush", "P": "pick-up", "T": "pass", "C": "catch",
    "H": "hand-off", "L": "landing", "I": "interception", "N": "test",
    "V": "jump", "M": "hail-mary", "W": "throw-team-mate", "G": "hypnotic-gaze", "E": "tentacles",
    "S": "shadowing", "K": "bribe", "Q": "argue-the-call",
    "B": "block", "A": "armour", "F": "foul", "U": "dauntless", "J": "injury",
}
_KIND_LETTER = {v: k for k, v in LETTERS.items()}
#: step kind -> skill mark letter (D6 tests)
SKILL_MARKS: dict[str, str] = {"dodge": "d", "rush": "f", "pick-up": "h", "pass": "p", "catch": "c", "hand-off": "c",
                               "hail-mary": "p"}
#: player flags for star player rules, once per game (:data:`calculators.rerolls.STAR_RULES`), in canonical order
STAR_FLAGS: tuple[str, ...] = tuple(STAR_RULES)
#: the Break Tackle mark on a dodge, followed by the bonus (``D4b2``)
BREAK_TACKLE_MARK = "b"
#: block step: the attacker's mark -> skill (before ':'), in canonical order
BLOCK_ATTACKER_MARKS: dict[str, str] = {"b": "block", "t": "tackle", "r": "brawler", "j": "juggernaut", "h": "hatred",
                                        "u": "unstoppable-momentum"}
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
_STEP = re.compile(r"([A-Za-z])([0-9]+)([a-z]?)(?:b([0-9]+))?(?:~([0-9]+))?([!^]*)\Z")
_BLOCK = re.compile(r"B(-?[0-9]+)([a-z]*)(?::([a-z]*))?(?:=([a-z]*))?([!^]*)\Z")
#: the marks after a step: ``!`` the coach will not re-roll it, ``^`` an opponent's Diving Tackle (dodges; jumps in
#: BB2020 and BB2025)
ROLL_MARKS: dict[str, str] = {"!": "no_reroll", "^": "diving_tackle"}
_GROUP = "{}()|"
_ENDS = ",/;" + _GROUP
_WEIGHT = re.compile(r"\s*([0-9]+(?:\s*/\s*[0-9]+)?\s*:)")
_WEIGHT_TOKEN = re.compile(r"[0-9]+(?:/[0-9]+)?:")
_ARMOUR = re.compile(r"([AF])([0-9]+)([+-][0-9]+)?([a-z0-9]*)\Z")
_INJURY = re.compile(r"J(K|C|[0-9]+)([+-][0-9]+)?([a-z]*)\Z")
#: the most steps a chain may have
MAX_STEPS = 30
#: the most players a chain may have (a team has at most 11 players on the pitch)
MAX_PLAYERS = 11
#: the longest notation text, in characters (spaces included)
MAX_LENGTH = 200
#: the deepest nesting of branches and alternatives (``{…}`` and ``(…)`` inside one another)
MAX_DEPTH = 3
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
    "step-rule": "a step the edition or the steps around it do not allow (AV range, Brawler outside a Block action, "
                 "a roll or Break Tackle bonus the edition does not have)",
    "bad-partial": "a non-critical band ~N outside 2..target-1, or on a roll that cannot have one",
    "bad-roll-mark": "a '!' (do not re-roll) or '^' (Diving Tackle, dodges and jumps) repeated or where it does not apply",
    "misplaced-branch": "a '{' that does not follow a step that can branch (~N test, block, Dauntless U)",
    "branch-shape": "a Dauntless roll without its two branches {success|failure}, more than two branches, or a "
                    "'|' in a block's branch",
    "unclosed-branch": "a '{' or '(' without its closing '}' or ')'",
    "unexpected-close": "a '}', ')' or '|' with no group open",
    "missing-separator": "two steps or groups with no ',' or '/' between them",
    "bad-alternatives": "alternatives not written (weight:steps|weight:steps)",
    "bad-weight": "a weight outside (0, 1], or weights adding up to more than 1",
    "too-deep": f"branches and alternatives nested more than {MAX_DEPTH} deep",
}


@dataclass(frozen=True)
class Parsed:
    """A parsed notation: the chain and the ``tr=`` option (None when absent)."""

    chain: Chain
    team_rerolls: int | None


def _fail(index: int, pos: int, token: str, message: str, allowed: object = None, *,
          reason: str = "unreadable", rule: str | None = None) -> CalcError:
    details = {"reason": reason, "token": index, "position": pos + 1, "text": token}
    if rule is not None:  # a step-rule's own reason (calculators.errors.REASONS), for a more precise message
        details["rule"] = rule
    return CalcError("chain", f"token {index} at character {pos + 1} ({token!r}): {message}", allowed, details)


def _whole(reason: str, message: str, allowed: object = None) -> CalcError:
    """An error about the whole chain, not one token."""
    return CalcError("chain", message, allowed, {"reason": reason, "token": None, "position": None, "text": None})


def _tokens(text: str):
    """Yield (index, position, separator_before, token) with positions in the original text.

    ``{``, ``}``, ``(``, ``)`` and ``|`` are tokens of their own; a weight ``a/b:`` right after ``(`` or
    ``|`` is one token (its ``/`` is not a player separator).
    """
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
        if c in _GROUP:
            tok, i = c, i + 1
        elif c == "[":
            j = text.find("]", i)
            if j < 0:
                index += 1
                raise _fail(index, start, text[start:], "'[' without a closing ']'", reason="unclosed-flags")
            i = j + 1
            # a flag group is glued to the first step of the player, or to the '(' of its first alternatives
            while i < n and text[i].isspace():
                i += 1
            k = i
            while k < n and text[k] not in _ENDS:
                k += 1
            k += k == i and i < n and text[i] == "("
            tok, i = text[start:k].replace(" ", ""), k
        else:
            while i < n and text[i] not in _ENDS:
                i += 1
            tok = text[start:i].strip().replace(" ", "")
        index += 1
        yield index, start, sep, tok
        sep = ""
        if tok.endswith("(") or tok == "|":  # a weight a/b: right after is a token of its own
            m = _WEIGHT.match(text, i)
            if m:
                index += 1
                yield index, m.start(1), "", re.sub(r"\s", "", m.group(1))
                i = m.end()
    if sep:
        raise _fail(index + 1, n - 1, sep, "the chain ends with a separator", reason="trailing-separator")


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
    text = _as_typed(text)
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


def _flags(index: int, pos: int, body: str) -> Player:
    pro = False
    loner = None
    stars: dict[str, bool] = {}
    for flag in [f for f in body.replace(" ", "").split(",") if f]:
        if flag == "pro" and not pro:
            pro = True
        elif re.fullmatch(r"loner=[2-6]", flag) and loner is None:
            loner = int(flag[-1])
        elif flag in STAR_FLAGS and flag not in stars:
            stars[flag] = True
        else:
            raise _fail(index, pos, f"[{body}]", f"unknown or repeated player flag {flag!r}; use pro, loner=X (X 2..6), "
                        f"{' and '.join(STAR_FLAGS)}", ["pro", "loner=2", "loner=6", *STAR_FLAGS], reason="bad-flag")
    return Player(pro, loner, **stars)


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


def _roll_marks(index: int, pos: int, shown: str, marks: str, allowed: str) -> dict[str, bool]:
    """The fields set by a run of ``!``/``^`` marks, each given once and allowed on this step."""
    out: dict[str, bool] = {}
    for c in marks:
        if c not in allowed or ROLL_MARKS[c] in out:
            what = "given twice" if ROLL_MARKS[c] in out else "does not apply to this step"
            hint = "'!' (do not re-roll) on a roll of ours, '^' (Diving Tackle) on a dodge or a jump"
            raise _fail(index, pos, shown, f"mark {c!r} {what}; {hint}", list(allowed), reason="bad-roll-mark")
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
    if goal is not None and goal != "s":
        raise _fail(index, pos, shown, f"unknown block goal '={goal}'; write =s when the attacker only needs to stay "
                                       "standing, nothing when the defender must be Knocked Down", ["s"],
                    reason="block-goal")
    attacker = _marks(index, pos, shown, att, BLOCK_ATTACKER_MARKS, "attacker's skill")
    defender = _marks(index, pos, shown, dfd or "", BLOCK_DEFENDER_MARKS, "defender's skill")
    fields = _roll_marks(index, pos, shown, marks, "!")
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


#: what a phone's keyboard types for our punctuation that NFKC leaves alone (Japanese commas, wave dashes, minus)
_TYPED = str.maketrans({"、": ",", "，": ",", "〜": "~", "−": "-", "‐": "-"})


def _as_typed(text: str) -> str:
    """``text`` as our notation reads it: full-width letters, digits and marks (a Japanese keyboard) become
    ASCII (NFKC), and the commas, wave dash and minus signs keyboards put in their place become ours."""
    return unicodedata.normalize("NFKC", text).translate(_TYPED)


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
        raise _fail(index, pos, shown, f"unknown roll letter {letter!r}; known: {known}", list(LETTERS),
                    reason="unknown-letter")
    kind = LETTERS[letter]
    target = int(digits)
    top = highest_face(kind, int(bt or 0))  # above 6 only where Break Tackle's bonus reaches it
    if not 2 <= target <= top:
        raise _fail(index, pos, shown, f"the die face needed must be 2..{top}, got {target}"
                    + (" (above 6 only on a dodge with Break Tackle, up to 6 + its bonus)" if target > top else ""),
                    [2, top], reason="bad-target")
    skill = False
    if mark == BREAK_TACKLE_MARK and kind == "dodge":
        raise _fail(index, pos, shown, "Break Tackle's mark b takes its bonus, as in D4b1 or D4db2", ["b1", "b2", "b3"],
                    reason="bad-mark")
    if mark:
        want = SKILL_MARKS.get(kind)
        if want != mark:
            hint = f"use {want!r}" if want else "no skill re-rolls this step"
            raise _fail(index, pos, shown, f"skill mark {mark!r} does not apply to a {kind} step; {hint}", [want] if want else [],
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
        return Dauntless(target, player=player, **_roll_marks(index, pos, shown, marks, "!"))
    # '^' on a dodge, or a jump or leap (the edition decides whether a diver may act there: chain.DIVING_TACKLE_KINDS)
    fields = _roll_marks(index, pos, shown, marks, ("" if opponent else "!") + ("^" if kind in ("dodge", "jump") else ""))
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


def format_step(step: Step | BlockStep | ArmourStep | Dauntless) -> str:
    """Return the canonical notation of one step, without its player's flags and its branches."""
    if isinstance(step, BlockStep):
        att = "".join(k for k, v in BLOCK_ATTACKER_MARKS.items() if v in step.attacker)
        dfd = "".join(k for k, v in BLOCK_DEFENDER_MARKS.items() if v in step.defender)
        return (f"B{step.dice}{att}{':' + dfd if dfd else ''}{'=s' if step.goal == 'standing' else ''}"
                f"{'!' if step.no_reroll else ''}")
    if isinstance(step, ArmourStep):
        marks = "".join(k + (str(int(getattr(step, f))) if k in VALUED_MARKS and int(getattr(step, f)) > 1 else "")
                        for k, (f, _) in ARMOUR_MARKS[step.kind].items() if getattr(step, f))
        return f"{_KIND_LETTER[step.kind]}{step.av}{f'{step.modifier:+d}' if step.modifier else ''}{marks}"
    if isinstance(step, InjuryStep):
        need = {v: k for k, v in INJURY_NEEDS_LETTERS.items()}.get(step.need, str(step.need))
        marks = "".join(k for k, (f, _) in INJURY_MARKS.items() if getattr(step, f))
        return f"J{need}{f'{step.modifier:+d}' if step.modifier else ''}{marks}"
    if isinstance(step, Dauntless):
        return f"U{step.target}{'!' if step.no_reroll else ''}"
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
                         + [f for f in STAR_FLAGS if getattr(pl, f)])
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
