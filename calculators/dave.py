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
``DP2`` +2; ``SG`` Sneaky Git; ``LF`` Lone Fouler; the star player rules ``CP`` Consummate Professional and
``TB`` The Ballista, ``OP`` Old Pro, ``SB`` Savage Blow, our player flags ``[consummate]``, ``[ballista]``,
``[pro,oldpro]`` and ``[savageblow]``
(Old Pro uses Pro: their ``OP`` alone gives Pro to armour rolls only, ours to every roll, see
``dave_differences.yml``), each the rule of the edition, see :mod:`calculators.rerolls`), then its actions separated by ``,``.  A
Mighty Blow or Dirty Player value the edition does not allow is refused (``skill-value``:
BB2025 Dirty Player is +1 only, :data:`calculators.armour.SKILL_VALUES`).  Actions, with what
each becomes here:

========================  ===========================================================
theirs                    ours
========================  ===========================================================
``3`` (a re-rollable      ``N3`` (a plain 3+ test)
3+ roll)
``D3`` dodge              ``D3`` (``D3d`` with the Dodge skill ``D``; ``D3b2`` when the player
                          has Break Tackle ``BT2``, ``BT`` alone being +1 as theirs reads it)
``R2`` rush               ``R2`` (``R2f`` with Sure Feet ``SF``)
``U3`` pick-up            ``P3`` (``P3h`` with Sure Hands ``SH``)
``C3`` catch              ``C3`` (``C3c`` with Catch ``C``)
``G4`` landing            ``L4``
``E3`` Leap               ``V3`` (issue 9's jump or leap: a team re-roll or Pro, no skill;
                          their strategy resolves only its success, like ours)
``P3`` pass (``P4-2``:    ``T3`` (``T3p`` with Pass ``PA``; ``P4-2`` needs a natural 6:
target, then the          ``T6``); the faces that are neither accurate nor a fumble (the die
modifier on the die)      plus the modifier 2 or more) are our inaccurate band: ``P4-2`` is
                          ``T6~4``, and the next player's catch may still follow
                          (:func:`_scattered`)
``M2`` Hail Mary Pass     ``M2`` (``M2p`` with Pass), never accurate: the next player's
                          catch follows only a scattered ball (:func:`_scattered`)
``I6`` interference       ``I6`` (the opponent's roll; the sequence goes on when it fails;
                          after an inaccurate pass ``I5``)
``N+3`` Tentacles, ``S+2``  our opponent's roll ``E3``, ``S4``: the opponent needs 6 minus their
Shadowing (their ST or    difference (their ``TentaclesStrategy``, ``ShadowingStrategy``: a hold
MA minus ours)            on d + 1 faces of six); BB2025 Shadowing is a flat 4+, so only ``S+2``
                          there.  A Shadowing that ends the sequence succeeds either way there
                          (their ``Calculator.Resolve`` fails only Tentacles, blocks, Stabs and
                          Chainsaws on a final non-critical failure): ``(1/2:|1/2:)``
``Y2`` Hypnotic Gaze      ``G2`` (``G2!`` with ``'``); one that ends the sequence succeeds either
                          way there, as Shadowing
``H5``, ``H4-1`` Throw    ``W5~2``: accurate on the target minus the modifier, fumbled on 1 minus
Team-mate, then the       the modifier or less, inaccurate between (their
thrown player's ``;G4``   ``ThrowTeamMateStrategy``); the next player's landing ``G4`` needs one
                          more after an inaccurate throw (``LandingStrategy``):
                          ``W5~2{/L4|/L5}``; ``'`` becomes ``!``
``K9`` armour break       ``A9`` (``m`` Mighty Blow +1 ``MB``/``MB1``, ``m2`` ``MB2``, ``c``
                          Claws ``CL``)
``F8`` foul               ``F8`` (``d`` Dirty Player ``DP``/``DP1``, ``d2`` ``DP2``; ``s``
                          Sneaky Git ``SG``; ``l`` Lone Fouler ``LF``)
``J8`` injury 8+          ``J8`` (after an armour roll, with the Mighty Blow or Dirty
                          Player the armour roll did not use, as theirs does)
``B`` Bribe, ``A6`` Argue   ``K2``, ``Q6``: right after a foul (or its injury roll), rolled only
the Call (succeeding on   when the foul sends the fouler off (their ``BribeStrategy``,
6)                        ``ArgueTheCallStrategy``; our send-off group).  A successful Argue
                          the Call ends the chain here (the turnover stands: BB2020, BB2025),
                          where theirs goes on (``dave_differences.yml``); an Argue the Call
                          after a Bribe, or a second one, is refused (``action``: the call is
                          argued first, BB2020 FAQ and FFB's ``StepBribes``)
``T8`` Stab               ``A8k`` (an unmodified armour roll)
``W8`` Chainsaw (2D6      ``A11w`` (the AV is their number + 3, ours adds the +3; their
needing 8+)               kick-back D6 is not in the action, so none is written)
``2D3`` block: dice       ``B2`` with the marks whose face model gives that many
(negative: the defender   succeeding faces: 1 ``:d`` (POW only), 2 none (POW,
chooses), then how many   Stumbles), 3 ``b`` (and Both Down), 4 ``=s`` (the attacker
of the six faces succeed  stays standing: POW, Stumbles, two Pushes), 5 ``b=s``;
                          ``r`` when the player has Brawler ``B`` (theirs then counts
                          Both Down as failing: 3 or 5 faces are refused); ``h`` with
                          Hatred ``H`` on a block marked ``%``; ``u`` with Unstoppable
                          Momentum ``UM`` on every block
========================  ===========================================================

Their marks ``*`` (use Pro on this roll), ``^`` (use Brawler) and ``¬`` (use Break Tackle
before any re-roll) are choices the coach makes there; our resolver takes the best use of every
re-roll and of Break Tackle itself, so they are read and dropped.  So is ``'`` on a block
(their CLAUDE.md: do not re-roll its non-critical failures), another plan choice.  Their Break
Tackle is used on the first die when no re-roll is left (or on ``¬``), else on the re-rolled die;
ours chooses at every failed die, so a sequence with it may come out higher here
(``dave_differences.yml``).

**Branches** (issue 9), as their ``CLAUDE.md`` describes them:

* a block ``kDn!m{…}`` (Frenzy: ``m`` of the six faces are non-critical, the steps in braces
  follow one): ours is the block with a failure branch, ``B2{B1}``, when our face model gives
  the same ``m`` for the marks that give ``n`` (else ``non-critical``);
* Dauntless: their ``L<n>`` then ``block|block`` (success | failure): ours ``U<n>{…|…}``; ``'`` on
  the Dauntless roll becomes our ``!`` (refused for a player with Pro, ``'*`` or ``'`` alone: their ``'`` stops
  the team re-roll only, Pro may still re-roll the roll, ``*`` makes it; our ``!`` stops Pro too);
* Diving Tackle ``"`` on a dodge or on their Leap ``E``: our ``^`` (``E3"`` -> ``V3^``; BB2020 and BB2025
  Diving Tackle acts on a Dodge, Jump or Leap, :data:`calculators.chain.DIVING_TACKLE_KINDS`).  Their
  Season 3 lets the roll be re-rolled after the dive (BB2020's timing); ours dives after every re-roll in
  BB2025: see
  ``tests/calculators/dave_differences.yml``.

**Their branches after other rolls** (their ``PlayerActionsBuilder`` and ``Calculator``): ``X{…}`` runs the
steps in braces when ``X`` fails without ending the sequence (a non-critical failure), then the main line;
``X[…]`` runs them and the sequence ends there; a ``:`` inside starts a player with the skills listed (none
when nothing is listed).  When nobody of ours re-rolls ``X`` (an opponent's Tentacles or Shadowing, a Stab
or Chainsaw, a gaze marked ``'`` by a player without Pro), its outcome has fixed weights, so ours writes our
weighted alternatives: the success with the rest of the sequence, the failure with the branch (and the
rest after ``{…}``), ``D3,S+2{D3}D2`` -> ``D3,(1/2:D2|1/2:D3,D2)``.  Theirs lets the moving team re-roll
a Tentacles or Shadowing hold with a team re-roll or Pro (unless marked ``'``); ours never re-rolls an
opponent's roll (:mod:`calculators.chain`), a difference listed in ``dave_differences.yml`` where it
shows.  A split roll that is a player's first item becomes alternatives that open that player
(``N+2[:D3]`` -> ``(1/2:|1/2:/D3)``).  A gaze we may re-roll whose failure goes on is our gaze with every
failure non-critical, ``~1`` (a failed Hypnotic Gaze, a natural 1 too, ends only the gazer's activation:
:data:`calculators.chain.LOWEST_BAND_ONE`), the rest after a success and the branch (then the rest, unless
``[…]``) after a failure: ``Y2[D2]`` -> ``G2~1{D2}``.  Refused as ``branch``: a branch that returns to an
earlier player (ours starts a new player at each ``/``), and a branch after any other roll than a block's
non-critical faces ``!k``.

**Alternative outcomes** ``(w,…)(w,…)`` (:func:`_alternatives`): our weighted alternatives after the step
before the group, ``2(1/2)(1/4)(1/4)2`` -> ``N2,(1/2:|1/4:|1/4:),N2``, or opening the player whose first
item the group is.

Refused, with ``details["reason"]`` one of :data:`REASONS`: those branches, alternative outcomes
``(…)(…)`` we cannot place (``alternatives``), weighted or
non-re-rollable rolls (``1/2``), "do not re-roll" marks ``'`` on D6 rolls, Diving Tackle on
anything but a dodge or a leap, Hatred ``%``, actions our chain
does not read from theirs (``action``: a Bribe ``B`` or Argue the Call ``A`` that is not in a foul's send-off
group as ours has it, above; a throw of a team-mate not followed by the thrown player's landing),
skills it does not model (Diving Catch, …), skill values the edition does not allow, and a pass that
may be inaccurate or a Hail Mary Pass in a sequence with branches or followed by the passer's other
actions (``inaccurate-pass``).

**Inaccurate passes and Hail Mary Passes** (:func:`_scattered`): theirs lets the next player's catch
``Cn`` follow a pass that was inaccurate (or a Hail Mary Pass) when the scattered ball comes back to that
player, with their chances for it typed in (``CatchInaccuratePassStrategy``: 24/512 that the three scatters
end on the receiver, (240 - 24)/512/8 that they end next to it and the bounce brings it in).  Ours computes
them (:func:`scattered_pass_weights`, from :func:`calculators.ballmove.scatter`) and writes them as
weighted alternatives after the pass: ``P4-2;C2`` is ``T6~4{/C2|(3/64:/C2|27/512:/C3)}`` in BB2025.  The
catch of the scattered ball needs what each edition adds (:data:`_SCATTERED_CATCH`: BB2020 1, BB2025 none by
the rulebook where theirs and FFB take 1 off, a difference listed in ``dave_differences.yml``); after the
bounce 1 more in both.  Their injury ``Jn``, Stab ``Tn`` and Chainsaw ``Wn`` become 2D6 steps
(:func:`_roll_2d6`).  A star player's short name in place of the skills (``Zug:2D3,K8``) stands for the
skills that star brings (:mod:`calculators.dave_stars`); it is refused (``star-skill``, ``star-rule``,
``star-edition``) when a skill or special rule of the star that our chain lacks changes a roll of the
sequence, and a name that is none of their stars is ``star-player``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from .dave_stars import REASONS as _STAR_REASONS, armour_bonus, expand as _star_skills, find as _star
from .armour import SKILL_VALUES
from .ballmove import scatter
from .chain import highest_face
from .dice import two_d6
from .editions import family
from .errors import CalcError
from .notation import LETTERS, STAR_FLAGS, parse_chain
from .rolls import face_chance

__all__ = ["ACTIONS", "REASONS", "SKILLS", "Translation", "translate"]

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
    "weighted": "a weighted or non-re-rollable roll: our chain has no such step",
    "no-reroll": "a 'do not re-roll' mark not translated (on a D6 roll; or by a player with Pro, whose Pro theirs "
                 "still lets re-roll that roll, where our '!' forbids Pro too)",
    "diving-tackle": "Diving Tackle on a roll other than a dodge or a leap: the skill acts on those only",
    "hatred": "a block marked % (Hatred) by a player without Hatred (H)",
    "action": "an action our chain has no step for",
    "skill": "a skill our chain does not model",
    "skill-value": "a skill value our chain does not model",
    "star-player": "a name that is not one of that notation's star players",
    **_STAR_REASONS,  # a known star refused: calculators/dave_stars.py
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
    "H": "hatred", "UM": "unstoppable-momentum", "SB": "savageblow",
}
#: their skill codes we know but do not model, with the skill's name
_UNMODELLED: dict[str, str] = {
    "CB": "Cloud Burster", "DC": "Diving Catch", "DT": "Diving Tackle",
    "MD": "Mesmerising Dance",
    "R": "Ram", "BB": "Brutal Block", "SM": "Savage Mauling", "CR": "Crushing Blow", "S": "Slayer",
    "BR": "Blind Rage", "BI": "Blast It!", "WD": "Whirling Dervish",
    "ASP": "A Sneaky Pair", "DS": "Dwarven Scourge",
    "LC": "Lord of Chaos", "HL": "Halfling Luck", "TC": "Toxin Connoisseur", "TMT": "Thinking Man's Troll",
    "BL": "Bounding Leap", "MA": "Master Assassin", "WIT": "Working in Tandem", "KS": "Krump and Smash",
    "WF": "Woodland Fury",
}
#: their action letter -> (our letter, the skill that gives our skill mark, that mark); None: refused
ACTIONS: dict[str, tuple[str, str | None, str] | None] = {
    "D": ("D", "dodge", "d"), "R": ("R", "sure-feet", "f"), "U": ("P", "sure-hands", "h"),
    "C": ("C", "catch", "c"), "G": ("L", None, ""), "I": ("I", None, ""), "E": ("V", None, ""),
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
    if faces not in _BLOCK_FACES:
        raise _refuse("block-faces", tok, pos, REASONS["block-faces"] + " (1 to 5 of six)")
    att, dfd, goal = _BLOCK_FACES[faces]
    if "brawler" in skills:  # theirs counts Both Down among the failing faces, for Brawler to re-roll it
        if "b" in att:
            raise _refuse("block-faces", tok, pos, f"{faces} succeeding faces with Both Down failing (Brawler): "
                                                   "no skills of ours give that")
        att += "r"
    if "%" in head:  # their % : the block is against the keyword of the attacker's Hatred (our mark h, BB2025)
        if "hatred" not in skills:
            raise _refuse("hatred", tok, pos, REASONS["hatred"])
        att += "h"
    if "unstoppable-momentum" in skills:  # H'thark: theirs uses it on every block (ours: a Blitz's, mark u)
        att += "u"
    ours = f"B{dice}{att}{':' + dfd if dfd else ''}{goal}"
    if non_critical is None:
        return ours
    # their !k: k of the six faces are non-critical failures (the attacker standing, the defender not down); ours
    # are the faces our face model gives for those marks (BlockStep: the "standing" goal's faces minus these)
    step = parse_chain(ours, "bb2025").chain.steps[0]
    ours_k = len(replace(step, goal="standing").good_faces() - step.good_faces())
    if goal or ours_k != int(non_critical):
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
        raise _refuse("weighted", tok, pos, REASONS["weighted"])
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
    if diving and break_tackle and tok[:1] == "D":  # our chain does not weigh the two modifiers on one dodge
        raise _refuse("skill", tok, pos, f"Break Tackle against Diving Tackle on one dodge: {REASONS['skill']}")
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
        marks = {"K": (("mighty-blow", "m"), ("claws", "c")),
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


def _pass_faces(target: int, modifier: int) -> tuple[int, int | None]:
    """Their pass ``Pn±m`` (their ``PassStrategy``): the face that makes it accurate (n - m, a natural 6 always,
    a 2 at best) and the lowest inaccurate face, None when none is (every missed face from 2 is a fumble: the
    die plus the modifier 1 or less)."""
    accurate = max(2, min(6, target - modifier))
    inaccurate = [roll for roll in range(2, accurate) if roll + modifier > 1]
    return accurate, (inaccurate[0] if inaccurate else None)


# --- an inaccurate pass or a Hail Mary Pass that the next player may still catch ---

#: the square the pass aims at in :func:`scattered_pass_weights`: 4 squares from every edge or more, so the
#: ball's three scatters and its bounce stay on the pitch (ballmove's x 0..25, y 0..14)
_TARGET_SQUARE = (12, 7)
_PASS_TOKEN = re.compile(r"(?:P\d[+-]\d|P\d|M\d)['*]*\Z")
_CATCH_TOKEN = re.compile(r"C(\d)(\**)\Z")
_INTERCEPTION_TOKEN = re.compile(r"I(\d)\Z")


def scattered_pass_weights() -> tuple[Fraction, Fraction]:
    """The chances that a pass which Scatters (3) from the receiver's square ends back in it: ``(direct,
    bounced)``.  ``direct``: the third scatter ends on that square; ``bounced``: it ends on another square
    (empty: no player there to catch it) and the ball's Bounce then comes into that square.  Both are Fractions
    in [0, 1], computed by :func:`calculators.ballmove.scatter` (one-square D8 moves) from a square far enough
    from every edge that no move leaves the pitch.

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


def _sub(text: str, offset: int, edition: str) -> str:
    """Our notation for a piece of their sequence starting at 0-based ``offset`` of the whole (errors point
    into the whole)."""
    try:
        return _translate(text + ("~S2" if edition == "bb2020" else ""), text, None).notation
    except CalcError as e:
        old = e.details.get("position") if e.details else None
        if old is not None and offset:
            e.details["position"] = old + offset
            e.message = e.message.replace(f" at character {old}: ", f" at character {old + offset}: ", 1)
            e.args = (f"{e.field}: {e.message}",)
        raise


def _head(text: str, edition: str, chunks: list[str], k: int, j: int, at: int, player: _Player) -> str:
    """Our notation for their sequence before ``chunks[k]``'s action ``j`` (at 0-based ``at``, taken by
    ``player``), ending where that action's step is written: after ``,``, or ``/`` and the player's flags."""
    if j:  # the player's actions before it
        return _sub(text[:at - 1], 0, edition) + ","
    return (_sub(";".join(chunks[:k]), 0, edition) + "/" if k else "") + player.prefix


def _d6_face(n: int) -> int:
    """Their D6 target as they roll it (``NormaliseD6``: 2 to 6), which is the rule too: a natural 1 fails
    and a natural 6 passes an Agility test (catch, interception) in BB2020 and BB2025."""
    return max(2, min(6, n))


def _scattered(text: str, edition: str) -> str | None:
    """Our notation for a sequence (no brackets) with a pass that may be inaccurate or a Hail Mary Pass, or
    None when it has none.

    Theirs (``PassStrategy``, ``HailMaryPassStrategy``, ``InterferenceStrategy``,
    ``CatchInaccuratePassStrategy``): an inaccurate pass (a Hail Mary Pass that is not fumbled) goes on; an
    interception ``In`` after it needs one less (-2 against an inaccurate pass, -3 against an accurate one:
    BBBase bb2025 INTERCEPTIONS, bb2020 PASSING INTERFERENCE); the next player's catch ``Cn`` then happens only
    when the scattered ball reaches that player.  Ours: the pass ``T`` with its inaccurate band, the two
    outcomes split, ``T6~4{I6/C2|I5,(3/64:/C2|27/512:/C3)}``, the weights from :func:`scattered_pass_weights`
    and the catch needing what :data:`_SCATTERED_CATCH` adds, or 1 more after the Bounce; a Hail Mary Pass
    ``M2`` is never accurate: ``M2,(3/64:/C2|27/512:/C3)``.  The receiver's other actions are copied into each
    outcome; the players after the receiver follow the group.  Refused (``inaccurate-pass``): actions of the
    passer after the pass other than interceptions.  As theirs: the receiver stands far enough from the
    edges that no scatter leaves the pitch, nobody else is where the ball lands, and a BB2020 wildly
    inaccurate pass (the die plus the modifier is 1: the ball deviates from the thrower, BBBase bb2020
    WILDLY INACCURATE PASSES, FFB ``step/bb2020/pass/StepMissedPass``) fails, as theirs counts that face a
    fumble.  FFB's Hail Mary Pass (``skillbehaviour/bb2020|bb2025/PassBehaviour``, ``StepHailMaryPass``)
    is fumbled or inaccurate, the latter scattering as any missed pass.
    """
    chunks = text.split(";")
    start = 0
    for k, chunk in enumerate(chunks):
        prefix, sep, rest = chunk.rpartition(":")
        at = start + len(prefix) + len(sep)
        parts = rest.split(",")
        for j, part in enumerate(parts):
            if _PASS_TOKEN.match(part) and _inaccurate_before(part):
                return _scattered_at(text, edition, chunks, k, j, start, at)
            at += len(part) + 1
        start += len(chunk) + 1
    return None


def _scattered_at(text: str, edition: str, chunks: list[str], k: int, j: int, start: int, at: int) -> str:
    """:func:`_scattered` for the pass at ``chunks[k]``'s action ``j`` (``start``: the chunk's 0-based offset,
    ``at``: the pass's)."""
    prefix, sep, rest = chunks[k].rpartition(":")
    parts = rest.split(",")
    tok, tail = parts[j], parts[j + 1:]
    player = _read_player(prefix, start, rest, edition) if sep else _Player(set(), [])
    ours = _action(tok, at + 1, player.skills, scatter=True)
    head = _head(text, edition, chunks, k, j, at, player)
    interceptions = []
    offset = at + len(tok) + 1
    for part in tail:
        m = _INTERCEPTION_TOKEN.match(part)
        if not m:
            raise _refuse("inaccurate-pass", part, offset + 1, "an action of the passer after its pass other than "
                          "an interception: " + REASONS["inaccurate-pass"])
        interceptions.append(int(m.group(1)))
        offset += len(part) + 1
    accurate = [f"I{_d6_face(n)}" for n in interceptions]
    inaccurate = [f"I{_d6_face(n - 1)}" for n in interceptions]
    after = start + len(chunks[k]) + 1  # the next player's offset
    receiver = chunks[k + 1] if k + 1 < len(chunks) else None
    later = chunks[k + 2:]
    r_prefix, r_sep, r_rest = (receiver or "").rpartition(":")
    catch = _CATCH_TOKEN.match(r_rest.split(",")[0]) if receiver is not None else None
    if catch:
        star = _star(r_prefix) if r_sep else None
        if star is not None and "DC" in (star.codes.get(edition) or ()):
            raise _refuse("star-skill", r_prefix, after + 1, f"{star.name}: Diving Catch ({edition}) changes the "
                          f"catch of a ball that scattered: our chain does not model that skill")
        direct, bounced = scattered_pass_weights()
        n, marks = int(catch.group(1)), catch.group(2)
        r_actions = r_rest.split(",")[1:]

        def catcher(face: int) -> str:
            actions = ",".join([f"C{_d6_face(face)}{marks}"] + r_actions)
            return "/" + _sub(r_prefix + r_sep + actions, after, edition)

        accurate.append(catcher(n))
        inaccurate.append(f"({_weight(direct)}:{catcher(n + _SCATTERED_CATCH[edition])}"
                          f"|{_weight(bounced)}:{catcher(n + 1)})")
    else:
        later = chunks[k + 1:]
    seq = ["".join(("" if i == 0 or item.startswith("/") else ",") + item for i, item in enumerate(items))
           for items in (accurate, inaccurate)]
    if tok[0] == "M":
        body = ours + ("," + seq[1] if seq[1] else "")
    else:
        body = ours + ("{" + seq[0] + "|" + seq[1] + "}" if seq[0] or seq[1] else "")
    tail_text = ";".join(later)
    more = "/" + _sub(tail_text, len(text) - len(tail_text), edition) if later else ""
    return head + body + more


# --- their alternative outcomes (w,...)(w,...) ---

_WEIGHT_TOKEN = re.compile(r"(\d+)/(\d+)\Z")


def _inaccurate_before(tok: str) -> bool:
    """Whether their action ``tok`` may end inaccurate and go on, changing the roll after it (a pass with
    inaccurate faces, a Hail Mary Pass, a throw of a team-mate): their weights pass that on into a group."""
    if re.match(r"H\d", tok) or re.fullmatch(r"M\d['*]*", tok):
        return True
    m = re.fullmatch(r"P(\d)(?:([+-])(\d))?['*]*", tok)
    return bool(m) and _pass_faces(int(m.group(1)), int((m.group(2) or "+") + (m.group(3) or "0")))[1] is not None


def _alternatives(text: str, edition: str) -> str:
    """Our notation for a sequence with their alternative outcomes ``X(w1,…)(w2,…)Y``, read as their
    ``PlayerActionsBuilder.BuildPlayerActionsWithAlternateBranches`` does: the actions before the first ``(``,
    then one of the branches (split at ``)(``, each a weight ``a/b`` their ``NonRerollableStrategy`` takes as
    that chance, then the branch's actions), then the actions after the last ``)``, all of the player the
    group is in (a ``;`` inside a branch starts another player).  Ours: weighted alternatives ``(w1:…|w2:…)``
    after the step before the group, ``2(1/2)(1/4)(1/4)2`` -> ``N2,(1/2:|1/4:|1/4:),N2``, or opening the
    player when the group is its first item (``D3;(1/2,C3)(1/2)`` -> ``D3/(1/2:C3|1/2:)``).  After a throw of
    a team-mate (their ``Hn``) the throw's inaccurate faces make the first landing ``G`` of each branch need
    one more (their ``LandingStrategy``, reached through the weight): ours splits the throw, each outcome
    holding the alternatives, each alternative starting the thrown player with ``/`` and taking its actions
    after the group.  Refused (``alternatives``): a group inside another bracket or followed by another
    player, right after a pass or Hail Mary Pass that may be inaccurate (their weights pass that on to the
    roll after them), a weight other than ``a/b``, a branch after a throw that does not start with the
    landing.
    """
    a, b = text.find("("), text.rfind(")")
    before, after = text[:a], text[b + 1:]
    branches = text[a + 1:b].split(")(")
    if any(c in piece for piece in branches + [before, after] for c in "()[]{}") or any(c in after for c in ";:"):
        raise _refuse("alternatives", text[a:b + 1], a + 1, "a group of alternatives inside another bracket, or "
                      "followed by another player: " + REASONS["alternatives"])
    k = before.count(";")
    chunks = before.split(";")
    start = len(before) - len(chunks[-1])
    prefix, sep, own = chunks[-1].rpartition(":")
    player = _read_player(prefix, start, own + after, edition) if sep else _Player(set(), [])
    lead = prefix + sep
    weights, actions = [], []
    offset = a + 1
    for branch in branches:
        weight, _, acts = branch.partition(",")
        m = _WEIGHT_TOKEN.match(weight)
        if not m or int(m.group(2)) == 0:
            raise _refuse("alternatives", weight, offset + 1, "a weight written a/b: " + REASONS["alternatives"])
        weights.append(_weight(Fraction(int(m.group(1)), int(m.group(2)))))
        actions.append((acts, offset + len(weight) + 1))
        offset += len(branch) + 2

    def steps(acts: str, at: int, first: bool) -> str:
        """A branch's actions (and, for a player's first item, the actions after the group) in ours."""
        acts = ",".join(x for x in (acts, after if first else "") if x)
        if not acts:  # nothing rolled in this outcome
            return ""
        ours = _sub(lead + acts, at - len(lead), edition)
        return "/" + ours if first else ours[len(player.prefix):]

    previous = own.rstrip(",").split(",")[-1] if own else (chunks[k - 1].rpartition(":")[2].split(",")[-1]
                                                                if k else "")
    thrown = not own and bool(re.match(r"H\d", previous))
    if not thrown and _inaccurate_before(previous):
        raise _refuse("alternatives", text[a:b + 1], a + 1, "a group right after a pass whose inaccurate result "
                      "changes the roll after it: " + REASONS["alternatives"])
    if not thrown:  # after a step of its player, or opening it; the main line goes on with that player
        if own:
            head = _sub(before[:-1] if before.endswith(",") else before, 0, edition) + ","
        else:
            head = (_sub(";".join(chunks[:k]), 0, edition) + "/" if k else "") + player.prefix
        body = "|".join(f"{w}:{steps(acts, at, False)}" for w, (acts, at) in zip(weights, actions))
        return head + "(" + body + ")" + ("," + steps(after, b + 1, False) if after else "")
    options = [(w, steps(acts, at, True)) for w, (acts, at) in zip(weights, actions)]
    p_prefix, p_sep, p_own = chunks[k - 1].rpartition(":")
    p_start = len(";".join(chunks[:k - 1])) + (1 if k > 1 else 0)
    last = previous
    # after a throw of a team-mate: our throw, its accurate and inaccurate faces split when it has both
    thrower = _read_player(p_prefix, p_start, p_own, edition) if p_sep else _Player(set(), [])
    j = p_own.count(",")
    at = p_start + len(p_prefix) + len(p_sep) + len(p_own) - len(last)
    reader = _Branched(edition)
    reader.players.append(thrower)
    ours = reader.throw(_Entry(last, at + 1, 0, 0), [], [])
    head = _head(text, edition, chunks[:k] + [""], k - 1, j, at, thrower) + ours
    worse = []
    for w, (acts, at_b) in zip(weights, actions):
        land = re.match(r"G(\d)(?=,|\Z)", acts)
        if not land:
            raise _refuse("alternatives", acts or w, at_b + 1, "a branch after a throw of a team-mate that does "
                          "not start with the landing G: " + REASONS["alternatives"])
        worse.append((w, steps(f"G{int(land.group(1)) + 1}" + acts[land.end():], at_b, True)))
    group = "(" + "|".join(f"{w}:{o}" for w, o in options) + ")"
    if "~" not in ours:
        return head + "," + group
    return head + "{" + group + "|(" + "|".join(f"{w}:{o}" for w, o in worse) + ")}"


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


@dataclass
class _Player:
    """One of their players: our skills, flags, Break Tackle bonus, Mighty Blow / Dirty Player values, armour
    bonus of a star."""

    skills: set
    flags: list
    break_tackle: int = 0
    values: dict | None = None
    bonus: int = 0

    @property
    def prefix(self) -> str:
        """The player's flags as our notation writes them before the first roll (``[pro,loner=4]``), or ""."""
        return f"[{','.join(self.flags)}]" if self.flags else ""


def _read_player(prefix: str, pos: int, actions: str, edition: str) -> _Player:
    """Their player ``prefix`` (skill codes, or a star player's short name for the skills that star brings in
    ``edition``) before the ``actions`` it takes; ``pos``: the prefix's 0-based position, for errors."""
    star, codes, bonus = _star(prefix), prefix, 0
    if star is not None:  # a star's name for its skills (calculators/dave_stars.py)
        codes, bonus = _star_skills(star, actions, edition, pos + 1, lambda listed, at: _skills(listed, at, edition, {}))
    values: dict[str, int] = {}
    skills, loner, break_tackle = _skills(codes, pos, edition, values)
    # Old Pro uses the Pro skill (Helmut has both): their OP alone is read as our [pro,oldpro]
    flags = ((["pro"] if skills & {"pro", "oldpro"} else []) + ([f"loner={loner}"] if loner is not None else [])
             + [f for f in STAR_FLAGS if f in skills])  # Consummate Professional, The Ballista
    return _Player(skills, flags, break_tackle, values, bonus)


def _translate(text: str, source: str, team_rerolls: int | None) -> Translation:
    edition = "bb2025"
    if text.endswith("~S2"):
        edition, text = "bb2020", text[:-3]
    if "(" in text:
        _balanced(text)
        return _finish(_alternatives(text, edition), edition, source, team_rerolls)
    if _NEEDS_BRANCHED.search(text):
        _balanced(text)
        return _finish(_branched(text, edition), edition, source, team_rerolls)
    _structure(text)
    scattered = _scattered(text, edition)
    if scattered is not None:
        return _finish(scattered, edition, source, team_rerolls)
    players: list[str] = []
    start = 0
    for chunk in text.split(";"):
        prefix, sep, rest = chunk.rpartition(":")
        player = _read_player(prefix, start, rest, edition) if sep else _Player(set(), [])
        skills = player.skills
        steps = []
        offset = start + len(prefix) + len(sep)
        parts = rest.split(",")
        k = 0
        while k < len(parts):
            part = parts[k]
            if not part:  # named by its separators, as ",," or a final ","
                raise _refuse("empty-action", text[max(offset - 1, 0):offset + 1], offset + 1,
                              REASONS["empty-action"])
            if "|" in part:
                raise _refuse("dauntless", part, offset + 1, REASONS["dauntless"])
            if re.fullmatch(r"L\d['*]*", part) and k + 1 < len(parts) and parts[k + 1].count("|") == 1:
                if "'" in part and ("*" in part or "pro" in skills):
                    # their ' stops the team re-roll only (DauntlessStrategy: Pro may still re-roll, * forces it);
                    # our ! stops Pro too, and ours has no mark for "Pro but no team re-roll"
                    raise _refuse("no-reroll", part, offset + 1, "their ' on a Dauntless roll stops the team re-roll "
                                  "but not Pro (with * Pro must be used): our '!' stops Pro too, and ours has no "
                                  "mark for a roll only Pro may re-roll")
                # Dauntless: their L<n> (the face needed) then the block on a success | on a failure
                yes, no = parts[k + 1].split("|")
                at = offset + len(part) + 2
                if not all("D" in b[1:] for b in (yes, no)):
                    raise _refuse("dauntless", parts[k + 1], at, "a Dauntless branch other than a block: "
                                  + REASONS["dauntless"])
                blocks = [_block(b, at, skills) for b in (yes, no)]
                steps.append(f"U{part[1]}{'!' if chr(39) in part else ''}{{{blocks[0]}|{blocks[1]}}}")
                offset += len(part) + len(parts[k + 1]) + 2
                k += 2
                continue
            if part == "B" or re.fullmatch(r"A\d+", part):
                _send_off_group(part, offset + 1, parts[:k])
            steps.append(_action(part, offset + 1, skills, player.break_tackle, player.values))
            offset += len(part) + 1
            k += 1
        steps = [armour_bonus(step, player.bonus) for step in steps]
        players.append(player.prefix + ",".join(steps))
        start += len(chunk) + 1
    return _finish("/".join(players), edition, source, team_rerolls)


def _send_off_group(tok: str, pos: int, before: list[str]) -> None:
    """Refuse (``action``) their Bribe ``B`` or Argue the Call ``A<n>`` unless it is in a foul's send-off group as
    ours writes it: right after that player's foul ``F`` (or its injury ``J``) and the group's earlier rolls, the call
    argued once and before any Bribe (BB2020 FAQ "Argue the Call will always happen first"; FFB ``StepBribes``)."""
    k = len(before)
    while k and (before[k - 1] == "B" or re.fullmatch(r"A\d+", before[k - 1])):
        k -= 1
    group = before[k:]
    if k and before[k - 1][:1] == "J":
        k -= 1
    if not (k and before[k - 1][:1] == "F"):
        raise _refuse("action", tok, pos, f"{REASONS['action']}: a Bribe or Argue the Call not right after a foul "
                      "(ours rolls them only when that foul sends the fouler off)")
    if tok != "B" and "B" in group:
        raise _refuse("action", tok, pos, f"{REASONS['action']}: Argue the Call after a Bribe (in BB2020 and BB2025 "
                      "the call is argued first, and a failed Bribe ends the chance to argue)")
    if tok != "B" and any(t != "B" for t in group):
        raise _refuse("action", tok, pos, f"{REASONS['action']}: a second Argue the Call for one send-off")


def _finish(body: str, edition: str, source: str, team_rerolls: int | None) -> Translation:
    """The translation of ``body`` (our sequence), checked by our parser."""
    notation = body + (f";tr={team_rerolls}" if team_rerolls is not None else "")
    try:
        parse_chain(notation, edition)
    except CalcError as e:
        raise CalcError("dave", f"{REASONS['our-rules']}: {e.message}", e.allowed,
                        {"reason": "our-rules", "token": None, "position": None, "text": notation}) from None
    return Translation(notation, edition, source)


# --- issue 9, second part: their opponents' rolls, Hypnotic Gaze, Throw Team-mate and branches [...] / {...} ---

_OPPONENT = {"N": "E", "S": "S"}  # their Tentacles / Shadowing -> our opponent's roll letter
_NEEDS_BRANCHED = re.compile(r"\[|(?:^|[,;:{}\]])[NSYH][+-]?\d|(?:^|[;:,])\{|[TW]\d+['*]*[{\[]")


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
        return armour_bonus(_action(e.tok, e.pos, p.skills, p.break_tackle, p.values), p.bonus)

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
