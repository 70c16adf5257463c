"""A chain of rolls that must all succeed, with the best use of re-rolls (exact DP).

A *chain* is what a player (or a few players) must pass in one team turn, in order:

* **D6 tests** (:class:`Step`): dodges, rushes, a pick-up, a pass, a catch, a landing,
  plain N+ tests, opponents' interception attempts, and the rolls of :data:`D6_KINDS`
  listed below (jumps and leaps, a Hail Mary Pass, a team-mate's throw, Hypnotic Gaze,
  Tentacles, Shadowing, a Bribe, Argue the Call).  Each needs ``target``+ on the die (2..6,
  already including every modifier; a natural 1 always fails, a natural 6 always
  succeeds).  An opponent's roll (:data:`calculators.rerolls.OPPONENT_KINDS`: an
  interception, Tentacles, Shadowing) goes the other way: the chain goes on only if it
  *fails*, and our re-rolls never apply to it.  A dodge may carry Break Tackle (BB2020,
  BB2025; :attr:`Step.break_tackle`).
* **Blocks** (:class:`BlockStep`): 1 to 3 block dice, chosen by the attacker or (2 or 3
  dice) the defender, with the faces of :mod:`calculators.block`.  The step succeeds when
  the defender is Knocked Down and the attacker stays standing (goal ``down``, the
  default) or merely when the attacker stays standing (goal ``standing``: no turnover,
  and the player can go on).
* **Armour rolls and fouls** (:class:`ArmourStep`): a 2D6 armour roll that must break
  the armour, after a block (Mighty Blow, Claws) or in a Foul (assists, Dirty Player).
  Nobody may re-roll an armour roll: no team re-roll (BB2020 and BB2025: rules-facts §8
  "Team re-rolls", ``data/glossary/team-re-roll.yml``; classic is played the same way, though
  rules-facts has no classic line on it), no Pro (``data/skills/pro.yml``; BB2020
  Designer's Commentary, BB2025 Pro text: ``data/rulings/pro-restrictions.yml``), no skill.  A
  fouler is sent off on a natural double on the armour roll, or on the injury roll after
  a break (:func:`calculators.armour.armour_break`); a send-off is a turnover in every
  edition (rules-facts §8 "Turnover triggers"), so any later step is never taken.

**The other D6 kinds, per edition** (who rolls, the target, what re-rolls it; sources are
``christerk/ffb`` (FUMBBL, ``ffb-common/.../skill/<ruleset>/`` and ``ffb-server/.../step/<ruleset>/``),
BBBase's transcriptions (``docs/bb2020/core_rules/``, ``docs/bb2025/core_rules/``), botbowl for
BB2016 and ``/work/shared/reference/rules-facts.md``):

* ``jump``: classic, the Leap skill's Agility roll, no modifier but Very Long Legs' +1 (FFB
  ``skill/bb2016/Leap``, ``VeryLongLegs``; botbowl ``procedure.Leap`` and
  ``Game.get_leap_modifiers``); BB2020 and BB2025, the Agility test to Jump over a Prone or
  Stunned player, or to Leap with the skill, at minus the greater number of markers of the two
  squares (BBBase BB2025 "Jumping over players"; FFB ``step/bb2020|bb2025/move/StepJump``).  Our
  roll; a team re-roll or Pro, no skill (FFB offers only a star player's Bounding Leap).
* ``hail-mary``: the thrower's roll for a Hail Mary Pass, in every edition.  Classic: a 1
  fumbles, anything else throws (FFB ``skill/common/HailMaryPass``; rules-facts §Hail Mary,
  which has it in LRB6 too, against this issue's brief that supposed it absent from classic);
  BB2020: a Passing Ability test that is never accurate, failing only as wildly inaccurate or a
  fumble; BB2025: the test as a Long Bomb, an accurate result counting as inaccurate (BBBase
  skills pages).  The digit is what avoids the failure the reader counts.  Re-rolled by the Pass
  skill ("re-rolled as normal", BBBase BB2020 Hail Mary Pass), a team re-roll or Pro.
* ``throw-team-mate``: the thrower's roll of a Throw Team-mate action (the landing is ``landing``),
  every edition (FFB ``skill/bb2016/ThrowTeamMate``, ``skill/mixed/ThrowTeamMate``;
  ``data/rolls/throw-team-mate-*.yml``).  Team re-roll or Pro; the Pass skill does not apply (FFB
  re-rolls it as its own action, ``THROW_TEAM_MATE``, which only a star player's rule re-rolls).
* ``hypnotic-gaze``: our gazer's roll, every edition.  Classic and BB2020: an Agility roll or test,
  -1 per opponent marking the gazer besides the victim (FFB ``step/bb2016|bb2020/move/StepHypnoticGaze``;
  BBBase BB2020 Hypnotic Gaze); BB2025: a flat 3+ (BBBase BB2025 Hypnotic Gaze).  Team re-roll or
  Pro; no skill.
* ``tentacles`` (an opponent's roll): BB2020 and BB2025 only, D6 + their ST - ours, 6 or more holds
  the mover (BBBase Tentacles; FFB ``skillbehaviour/bb2020|bb2025/TentaclesBehaviour``).  Classic is a
  2D6 roll by the *moving* player (FFB ``skill/common/Tentacles`` doc comment), not a D6 step: refused.
* ``shadowing`` (an opponent's roll): BB2020, D6 + their MA - ours, 6 or more; BB2025, a flat 4+
  (BBBase Shadowing both editions; FFB ``skillbehaviour/bb2020|bb2025/ShadowingBehaviour``).  Classic
  is a 2D6 roll by the moving player (FFB ``skill/bb2016/Shadowing``): refused.
* ``bribe``: every edition, 2+ (FFB ``DiceInterpreter.isBribesSuccessful``; BBBase BB2020 and BB2025
  inducements; rules-facts §kick-off "A Bribe succeeds on D6 2+").  Nothing re-rolls it.
* ``argue-the-call``: a 6 (5+ with Friends with the Ref or a Biased Referee's +1).  BB2020 and
  BB2025 (BBBase "Argue the Call"), and BB2016 as FUMBBL plays it (``step/bb2016/foul/StepBribes``);
  not in LRB6/CRP (``classic``), and botbowl's BB2016 has no such roll: the sources disagree on
  BB2016, we follow FUMBBL.  Even a 6 leaves the turnover in BB2020 and BB2025 (BBBase), so the step
  belongs at the end of a chain.  Nothing re-rolls it (Bribery and Corruption is not modelled).
* ``interception`` (``I``): BB2025 calls it Interception again ("Interceptions", BBBase BB2025:
  an Agility test at -3 against an accurate pass, -2 against an inaccurate one); BB2020's Passing
  Interference is the same D6 step for the chain (its deflection and the catch that turns it into
  an interception are in :mod:`calculators.passing`).  No new kind.

A step that fails after every re-roll ends the chain (for the full outcome tree of a
pass use :mod:`calculators.passing`, of a block :mod:`calculators.block`).  The chain
*succeeds* when every step succeeds in order; a send-off on a foul that is the chain's
last step does not undo that foul's broken armour, so it still counts as a success.

Re-roll sources and their limits per edition (and, in BB2025, per reading of the Loner
ruling) are those of :mod:`calculators.rerolls`.  On a block:

* a **team re-roll** re-rolls all the block dice (behind the Loner roll; in classic the
  turn's only one);
* **Pro** re-rolls the whole block roll in classic (4+; LRB6 "any one dice roll"; a failed
  Pro roll may be team re-rolled, as for any die) and one block die in BB2020 and BB2025
  (3+; BB2020/BB2025 Pro), as :mod:`calculators.block` models it;
* **Brawler** (BB2020 and BB2025 only) re-rolls one die showing Both Down, on a Block
  action only (BB2025 p. 126; the May 2026 Designer's Commentary and BB2020's answer:
  not in a Blitz; ``data/rulings/brawler-blitz.yml``);
* at most one re-roll per block roll, as in :mod:`calculators.block` (a team re-roll
  re-rolls every die, and no die is re-rolled twice).

:func:`solve` returns the exact probability that the whole chain succeeds when the
coach uses re-rolls optimally: a dynamic programme over the states (step, team re-rolls
left, team re-rolls used this turn, once-per-turn skills used, Pro used), taking at each
failed die or block roll the best of:

* ``none``: accept the failure (the chain ends);
* ``break-tackle`` (a dodge whose die fell short by no more than the bonus, once per turn): add
  the bonus, and the dodge passes;
* ``skill``: the step's skill re-rolls the die (for a block: Brawler);
* ``pro``: the Pro roll, then the die (or block roll, or one block die) is re-rolled if
  it passes;
* ``pro+team`` (classic only): the same, and if the Pro roll fails, a team re-roll
  re-rolls the Pro roll (behind the Loner roll for a Loner player; the turn's only
  team re-roll);
* ``team``: a team re-roll, behind the Loner roll for a Loner player;
* ``team+team`` (BB2025, reading ``"rulebook"``, a Loner player, a second team
  re-roll usable): the same, and if the Loner roll fails, a second team re-roll
  re-rolls the Loner die (no Loner roll of its own; see :mod:`calculators.rerolls`).

After a failed Pro or Loner roll, accepting is worth 0 (the chain ends), so the
follow-up team re-roll is always taken when the rules allow it and one is left: the
``+team`` choices are the whole plan at that die.

**Block dice, exactly.**  Which faces let the step succeed depends only on the skills and
the goal (:meth:`BlockStep.good_faces`): the attacker picks a succeeding face if it has
one, the defender a failing one; so a roll succeeds when any die (attacker's choice) or
every die (defender's choice) shows a succeeding face.  A failed roll's re-roll options
depend only on whether re-rolling *one* die can save it (the attacker's choice, or the
defender's with a single failing die) and whether such a die shows Both Down (Brawler):
three cases, :data:`BLOCK_CASES`.  Every face of every die is enumerated to weigh the
cases; which failing die Pro or Brawler re-rolls makes no further difference, since no
other re-roll may follow on that block.

**Send-offs.**  A chain with a foul also reports the probability that a fouler is sent
off (:func:`sent_off_by_rerolls`).  The coach plays for the greatest chance of success
and, among equally good choices, for the smallest chance of a send-off; both are exact.

Values are Fractions; states are memoised per call (no global state).  A state keeps only
what a later step can use: a once-per-turn skill's use while its player still has a step
that skill re-rolls, Pro's while its player still has a step Pro may re-roll (players roll
in turn, so that is the current player's alone), and of the team re-rolls left and used this
turn only how many may still be used.  So the number of states grows linearly with the steps, not
exponentially with the players.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import ClassVar, Union

from .armour import armour_break
from .block import FACES
from .editions import check_edition, family, mechanics
from .errors import CalcError
from .rerolls import (BREAK_TACKLE_BONUSES, NOT_REROLLED_KINDS, ONCE_PER_TURN, OPPONENT_KINDS, SKILL_FOR_KIND,
                      check_reading, d6_at_least, reroll_rules)
from .rolls import face_chance

__all__ = ["ARMOUR_KINDS", "BLOCK_ATTACKER", "BLOCK_CASES", "BLOCK_DEFENDER", "BLOCK_DICE", "BLOCK_GOALS",
           "D6_KINDS", "KIND_EDITIONS", "KINDS", "ArmourStep", "BlockStep", "Chain", "Player", "Row", "Step", "policy",
           "sent_off_by_rerolls", "solve", "success_by_rerolls", "summary"]

#: D6-test step kinds (the notation letter is in :mod:`calculators.notation`)
D6_KINDS: tuple[str, ...] = ("dodge", "rush", "pick-up", "pass", "catch", "hand-off", "landing", "interception", "test",
                             "jump", "hail-mary", "throw-team-mate", "hypnotic-gaze", "tentacles", "shadowing",
                             "bribe", "argue-the-call")
#: D6 kinds that exist in some editions only -> those editions (module docstring); the others exist in all
KIND_EDITIONS: dict[str, tuple[str, ...]] = {
    "tentacles": ("bb2020", "bb2025"),
    "shadowing": ("bb2020", "bb2025"),
    "argue-the-call": ("bb2016", "bb2020", "bb2025"),
}
#: why a kind is refused outside :data:`KIND_EDITIONS` (said in the error)
_KIND_ABSENT: dict[str, str] = {
    "tentacles": "classic Tentacles is a 2D6 roll by the moving player, not a D6 step",
    "shadowing": "classic Shadowing is a 2D6 roll by the moving player, not a D6 step",
    "argue-the-call": "LRB6 and the CRP have no Argue the Call roll",
}
#: armour-roll step kinds: after a block, and a Foul's
ARMOUR_KINDS: tuple[str, ...] = ("armour", "foul")
#: every step kind
KINDS: tuple[str, ...] = D6_KINDS + ("block",) + ARMOUR_KINDS
#: block dice: 1, 2, 3 (the attacker chooses) or -2, -3 (the defender chooses), as :class:`calculators.block.Block`
BLOCK_DICE: tuple[int, ...] = (1, 2, 3, -2, -3)
#: the attacker's skills a block step models (Block, Tackle; Brawler in BB2020/BB2025)
BLOCK_ATTACKER: tuple[str, ...] = ("block", "tackle", "brawler")
#: the defender's skills a block step models
BLOCK_DEFENDER: tuple[str, ...] = ("block", "dodge", "wrestle")
#: a block step's goals: ``down`` (the defender Knocked Down, the attacker standing) or ``standing``
BLOCK_GOALS: tuple[str, ...] = ("down", "standing")
#: a failed block roll, by what one re-rolled die can do: ``both_down`` (one die can save it and a failing
#: die shows Both Down: Brawler may re-roll it), ``one_die`` (one die can save it, none shows Both Down),
#: ``all_dice`` (only re-rolling every die can: the defender's choice with two or more failing dice)
BLOCK_CASES: tuple[str, ...] = ("both_down", "one_die", "all_dice")

_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True)
class Step:
    """One D6 test of a chain.

    Attributes:
        kind: one of :data:`D6_KINDS`.
        target: the die face needed, 2..6 (modifiers already applied).
        skill: the acting player has the skill that re-rolls this kind of step
            (Dodge, Sure Feet, Sure Hands, Catch, Pass; see ``rerolls.SKILL_FOR_KIND``).
        player: index into :attr:`Chain.players` of the player who rolls.
        break_tackle: a dodge only, BB2020 and BB2025: the player's Break Tackle bonus (an entry
            of :data:`calculators.rerolls.BREAK_TACKLE_BONUSES` for the edition), 0 without it.
    """

    kind: str
    target: int
    skill: bool = False
    player: int = 0
    break_tackle: int = 0

    def within_bonus(self) -> Fraction:
        """Return P(one die fails but Break Tackle's bonus would make it pass): a face from
        ``target - break_tackle`` to ``target - 1``, never a natural 1 (0 without Break Tackle)."""
        if not self.break_tackle:
            return _ZERO
        return Fraction(len([f for f in range(2, 6) if self.target - self.break_tackle <= f < self.target]), 6)

    def p(self) -> Fraction:
        """Return P(one die passes): faces ``target..6``, never a 1, always a 6 (:func:`calculators.rolls.face_chance`)."""
        return face_chance(self.target)

    def single(self, edition: str) -> Fraction:
        """Return P(one die passes) (the same in every edition)."""
        return self.p()


@dataclass(frozen=True)
class BlockStep:
    """One block of a chain (a Block action, or the block of a Blitz).

    Attributes:
        dice: an entry of :data:`BLOCK_DICE`: the number of dice after strength, assists and any skill
            that changes it; negative when the defender chooses.
        attacker: the attacker's skills, a subset of :data:`BLOCK_ATTACKER`.  ``brawler`` also says
            the block is a Block action (Brawler does nothing in a Blitz).
        defender: the defender's skills, a subset of :data:`BLOCK_DEFENDER`.
        goal: ``down`` (default) or ``standing`` (:data:`BLOCK_GOALS`).
        player: index into :attr:`Chain.players` of the attacker.
    """

    dice: int = 1
    attacker: frozenset = frozenset()
    defender: frozenset = frozenset()
    goal: str = "down"
    player: int = 0

    kind: ClassVar[str] = "block"

    def good_faces(self) -> frozenset[int]:
        """Return the block die faces (1..6, :data:`calculators.block.FACES`) on which the step succeeds.

        The face model of :mod:`calculators.block` (rules-facts §8, LRB6, BB2020, BB2025):
        Attacker Down never; Both Down when the attacker has Block and the defender has
        no Wrestle (with Wrestle the defender Places both players Prone, and it will, since
        that leaves the attacker on the ground), and for ``down`` the defender also lacks
        Block; Push only for ``standing``; Defender Stumbles for ``standing``, and for
        ``down`` unless the defender has Dodge and the attacker lacks Tackle; Defender
        Down (POW) always.
        """
        att, dfd, down = self.attacker, self.defender, self.goal == "down"
        good = set()
        for number, face in FACES.items():
            if face == "attacker_down":
                ok = False
            elif face == "both_down":
                ok = "block" in att and "wrestle" not in dfd and not (down and "block" in dfd)
            elif face == "push":
                ok = not down
            elif face == "stumble":
                ok = not down or not ("dodge" in dfd and "tackle" not in att)
            else:  # pow
                ok = True
            if ok:
                good.add(number)
        return frozenset(good)

    def table(self) -> tuple[Fraction, tuple[tuple[str, Fraction], ...], Fraction]:
        """Return ``(P(one roll succeeds), ((case, P(a first roll fails so)), ...), P(one re-rolled die succeeds))``.

        Cases are :data:`BLOCK_CASES` with a positive probability, in that order; every
        ordered roll of the dice is enumerated.
        """
        good = self.good_faces()
        n, attacker_chooses = abs(self.dice), self.dice > 0
        w = Fraction(1, 6 ** n)
        p = _ZERO
        cases: dict[str, Fraction] = {}
        for faces in product(FACES, repeat=n):
            bad = [f for f in faces if f not in good]
            if (len(bad) < n) if attacker_chooses else not bad:
                p += w
                continue
            one = attacker_chooses or len(bad) == 1
            case = ("both_down" if any(FACES[f] == "both_down" for f in bad) else "one_die") if one else "all_dice"
            cases[case] = cases.get(case, _ZERO) + w
        return p, tuple((c, cases[c]) for c in BLOCK_CASES if c in cases), Fraction(len(good), 6)

    def p(self) -> Fraction:
        """Return P(one block roll succeeds, with no re-roll)."""
        return self.table()[0]

    def single(self, edition: str) -> Fraction:
        """Return P(one block roll succeeds, with no re-roll) (the same in every edition)."""
        return self.p()


@dataclass(frozen=True)
class ArmourStep:
    """An armour roll that must break the armour: after a block (``foul`` False) or in a Foul.

    Attributes:
        av: classic AV 3..12 (the roll must exceed it), BB2020/BB2025 AV target 3..13 (``9`` is 9+).
        modifier: after a block, -5..5 (e.g. Chainsaw); in a Foul, the net assists (and any other
            modifier), -8..8.
        foul: the roll is a Foul's (its fouler may be sent off).
        mighty_blow: (after a block) +1 where it breaks the armour.
        claws: (after a block) classic: 8+ after modifiers breaks; BB2020/BB2025: an unmodified 8+.
        dirty_player: (a Foul) +1 where it breaks the armour.
        player: index into :attr:`Chain.players` of the player whose action it is.
    """

    av: int
    modifier: int = 0
    foul: bool = False
    mighty_blow: bool = False
    claws: bool = False
    dirty_player: bool = False
    player: int = 0

    @property
    def kind(self) -> str:
        """``"foul"`` or ``"armour"``."""
        return "foul" if self.foul else "armour"

    def outcomes(self, edition: str) -> dict[str, Fraction]:
        """Return :func:`calculators.armour.armour_break` for this roll: ``break``, ``break_sent_off``, ``hold``, ``hold_sent_off``."""
        return armour_break(edition, self.av, self.modifier, plus_one=self.mighty_blow or self.dirty_player,
                            claws=self.claws, foul=self.foul)

    def single(self, edition: str) -> Fraction:
        """Return P(the armour breaks)."""
        o = self.outcomes(edition)
        return o["break"] + o["break_sent_off"]


AnyStep = Union[Step, BlockStep, ArmourStep]


@dataclass(frozen=True)
class Player:
    """A player's re-roll traits: ``pro`` (has Pro), ``loner`` (X of Loner (X+), or None)."""

    pro: bool = False
    loner: int | None = None


@dataclass(frozen=True)
class Chain:
    """Steps (:class:`Step`, :class:`BlockStep`, :class:`ArmourStep`), the players who roll them, and the edition
    whose re-roll rules apply.

    ``reading``: BB2025 only, the reading of the disputed Loner ruling, an entry of
    :data:`calculators.rerolls.LONER_READINGS` (None: the default, ``"rulebook"``); must
    be None in the other editions.
    """

    steps: tuple[AnyStep, ...]
    players: tuple[Player, ...] = (Player(),)
    edition: str = "classic"
    reading: str | None = None

    def validate(self) -> Chain:
        """Return self if consistent.

        Raises:
            CalcError: naming ``steps[i].<field>``, ``players[i].loner``, ``edition`` or
            ``reading``.
        """
        check_edition(self.edition)
        check_reading(self.edition, self.reading)
        if not self.players:
            raise CalcError("players", "a chain needs at least one player", reason="chain-shape")
        for i, pl in enumerate(self.players):
            if pl.loner is not None and not (isinstance(pl.loner, int) and 2 <= pl.loner <= 6):
                raise CalcError(f"players[{i}].loner", f"Loner must be 2..6 (X of X+), got {pl.loner!r}", [2, 6], reason="range")
        if not self.steps:
            raise CalcError("steps", "a chain needs at least one step", reason="chain-shape")
        for i, s in enumerate(self.steps):
            if isinstance(s, BlockStep):
                self._check_block(i, s)
            elif isinstance(s, ArmourStep):
                self._check_armour(i, s)
            elif isinstance(s, Step):
                if s.kind not in D6_KINDS:
                    raise CalcError(f"steps[{i}].kind", f"unknown step kind {s.kind!r}", list(KINDS), reason="choice")
                if not (isinstance(s.target, int) and 2 <= s.target <= 6):
                    raise CalcError(f"steps[{i}].target", f"the die face needed must be 2..6, got {s.target!r}", [2, 6], reason="range")
                if s.skill and s.kind not in SKILL_FOR_KIND:
                    raise CalcError(f"steps[{i}].skill", f"no skill re-rolls a {s.kind} step", sorted(SKILL_FOR_KIND), reason="choice")
                self._check_d6_edition(i, s)
            else:
                raise CalcError(f"steps[{i}].kind", f"not a chain step: {s!r}", list(KINDS), reason="choice")
            if not (isinstance(s.player, int) and 0 <= s.player < len(self.players)):
                raise CalcError(f"steps[{i}].player", f"player index {s.player} out of range", [0, len(self.players) - 1], reason="range")
            previous = self.steps[i - 1].player if i else 0
            if s.player not in (previous, previous + 1):
                raise CalcError(f"steps[{i}].player", "each player's steps are consecutive: players are numbered 0, 1, ... in order", reason="chain-shape")
        if self.steps[-1].player != len(self.players) - 1:
            raise CalcError("players", "every player must roll at least one step", reason="chain-shape")
        return self

    def _check_d6_edition(self, i: int, s: Step) -> None:
        """A D6 kind that exists in the edition, and Break Tackle only where and as it exists."""
        where = KIND_EDITIONS.get(s.kind)
        if where is not None and self.edition not in where:
            raise CalcError(f"steps[{i}].kind", f"no {s.kind} roll in {self.edition}: {_KIND_ABSENT[s.kind]}; it exists "
                                                f"in {', '.join(where)}", list(where), reason="not-in-edition")
        bt = s.break_tackle
        if bt == 0 and not isinstance(bt, bool):
            return
        bonuses = BREAK_TACKLE_BONUSES[family(self.edition)]
        if not bonuses:
            raise CalcError(f"steps[{i}].break_tackle", f"no Break Tackle bonus in {self.edition}: classic Break "
                                                        "Tackle uses ST instead of AG, already in the dodge's target; it "
                                                        "is a bonus in bb2020 and bb2025", ["bb2020", "bb2025"],
                            reason="not-in-edition")
        if s.kind != "dodge":
            raise CalcError(f"steps[{i}].break_tackle", f"Break Tackle helps a dodge only, not a {s.kind} step",
                            ["dodge"], reason="choice")
        if isinstance(bt, bool) or bt not in bonuses:
            raise CalcError(f"steps[{i}].break_tackle", f"Break Tackle's bonus in {self.edition} is one of "
                                                        f"{', '.join(map(str, bonuses))}, got {bt!r}", list(bonuses),
                            reason="choice")

    def _check_block(self, i: int, s: BlockStep) -> None:
        if s.dice not in BLOCK_DICE or isinstance(s.dice, bool):
            raise CalcError(f"steps[{i}].dice", f"block dice must be one of 1, 2, 3 (the attacker chooses) or -2, -3 "
                                                f"(the defender chooses), got {s.dice!r}", list(BLOCK_DICE), reason="choice")
        allowed = [k for k in BLOCK_ATTACKER if k != "brawler" or family(self.edition) != "classic"]
        for name, skills, ok in ((f"steps[{i}].attacker", s.attacker, allowed),
                                 (f"steps[{i}].defender", s.defender, list(BLOCK_DEFENDER))):
            bad = sorted(set(skills) - set(ok))
            if bad:
                extra = " (Brawler exists in BB2020 and BB2025 only)" if bad[0] == "brawler" else ""
                raise CalcError(name, f"unknown skill {bad[0]!r} for {self.edition}{extra}; allowed: {', '.join(ok)}", ok, reason="skills")
        if s.goal not in BLOCK_GOALS:
            raise CalcError(f"steps[{i}].goal", f"goal must be one of {', '.join(BLOCK_GOALS)}, got {s.goal!r}",
                            list(BLOCK_GOALS), reason="choice")
        if "brawler" in s.attacker:
            others = [t for t in self.steps if t is not s and t.player == s.player]
            if any(not (isinstance(t, ArmourStep) and not t.foul) for t in others):
                raise CalcError(f"steps[{i}].attacker", "Brawler works only on a Block action, not in a Blitz: "
                                "besides that block, its player may only have armour rolls", reason="brawler-blitz")

    def _check_armour(self, i: int, s: ArmourStep) -> None:
        hi = 12 if mechanics(self.edition).armour_rule == "exceeds" else 13
        if not (isinstance(s.av, int) and not isinstance(s.av, bool) and 3 <= s.av <= hi):
            raise CalcError(f"steps[{i}].av", f"av must be an integer from 3 to {hi} ({self.edition}), got {s.av!r}",
                            [3, hi], reason="range")
        lim = 8 if s.foul else 5
        if not (isinstance(s.modifier, int) and not isinstance(s.modifier, bool) and -lim <= s.modifier <= lim):
            what = "a foul's modifier (net assists)" if s.foul else "an armour roll's modifier"
            raise CalcError(f"steps[{i}].modifier", f"{what} must be an integer from {-lim} to {lim}, got {s.modifier!r}",
                            [-lim, lim], reason="range")
        if s.foul and (s.mighty_blow or s.claws):
            raise CalcError(f"steps[{i}].{'mighty_blow' if s.mighty_blow else 'claws'}",
                            "Mighty Blow and Claws act after a block, not on a foul", reason="claws-foul")
        if not s.foul and s.dirty_player:
            raise CalcError(f"steps[{i}].dirty_player", "Dirty Player acts on a foul's armour roll only", reason="dirty-player-armour")


#: step kinds Pro never re-rolls: armour rolls, an opponent's roll, the coach's Bribe and Argue the Call
_NO_PRO = frozenset(ARMOUR_KINDS) | OPPONENT_KINDS | NOT_REROLLED_KINDS


def _d6_cases(p: Fraction, within: Fraction) -> tuple:
    """((P(the first roll fails so), case), ...) of a D6 step: one case, None; with Break Tackle,
    ``within_bonus`` (the bonus would save it) and ``beyond_bonus``, those that can occur."""
    if not within:
        return ((_ONE - p, None),)
    rest = _ONE - p - within
    return ((within, "within_bonus"),) + (((rest, "beyond_bonus"),) if rest else ())


def _scale(c: Fraction, terms: tuple) -> tuple:
    return tuple((c * k, st) for k, st in terms)


def _solver(chain: Chain):
    """Return (value, sent_off, choose, fail_cases) functions over states, memoised for this chain only.

    A *state* is ``(i, tr, team_used, skills_used, pro_used)``: before step ``i``.  An option
    after a failure is a tuple of *terms* ``(coefficient, (tr, team_used, skills_used,
    pro_used))``: the chance that the chain reaches step ``i + 1`` in that state.
    """
    chain.validate()
    rr = reroll_rules(chain.edition, chain.reading)
    steps, players = chain.steps, chain.players
    n = len(steps)
    cap = rr.team_rerolls_per_turn
    pro_q = d6_at_least(rr.pro_target)
    pro_whole_roll = family(chain.edition) == "classic"  # classic Pro re-rolls the whole block roll
    blocks = {i: s.table() for i, s in enumerate(steps) if s.kind == "block"}
    armour = {i: s.outcomes(chain.edition) for i, s in enumerate(steps) if s.kind in ARMOUR_KINDS}
    fouls = any(s.kind == "foul" for s in steps)

    def team_left(tr: int, team_used: int) -> bool:
        return tr > 0 and (cap is None or team_used < cap)

    def loner_reroll(pl: Player, tr: int, team_used: int) -> bool:
        """After a failed Loner roll (its team re-roll spent): may a second team re-roll re-roll that die?"""
        return pl.loner is not None and rr.team_reroll_on_loner_roll and team_left(tr, team_used)

    def via_team(pl: Player, tr: int, team_used: int, then) -> tuple:
        """Terms of spending a team re-roll on some roll of player ``pl`` (``team_left`` must hold).

        ``then(tr', used')`` gives the terms once the team re-roll goes ahead, with the
        resources left.  A Loner player rolls first; a failed Loner roll loses the team
        re-roll (it counts as used) and, when :func:`loner_reroll` allows, a second team
        re-roll re-rolls the Loner die (no Loner roll of its own, never re-rolled again).
        """
        if pl.loner is None:
            return then(tr - 1, team_used + 1)
        q = d6_at_least(pl.loner)
        terms = _scale(q, then(tr - 1, team_used + 1))
        if loner_reroll(pl, tr - 1, team_used + 1):
            terms += _scale((_ONE - q) * q, then(tr - 2, team_used + 2))
        return terms

    # What a later step can use, from step i on (the memo keeps nothing else, so its size stays
    # linear in the steps): a once-per-turn skill of a player who still has a step that skill
    # re-rolls, the Pro of a player who still has a step Pro may re-roll, and how many team re-rolls
    # may still be used (with a per-turn cap, classic: the fewer of those left and the cap's rest;
    # every use takes one from both, so that number alone decides what is allowed).
    keep_skills: list[frozenset] = [frozenset()] * (n + 1)
    keep_pro: list[frozenset] = [frozenset()] * (n + 1)
    for i in range(n - 1, -1, -1):
        s = steps[i]
        ks, kp = keep_skills[i + 1], keep_pro[i + 1]
        if isinstance(s, Step) and s.skill and SKILL_FOR_KIND[s.kind] in ONCE_PER_TURN:
            ks = ks | {(s.player, SKILL_FOR_KIND[s.kind])}
        if isinstance(s, Step) and s.break_tackle:
            ks = ks | {(s.player, "break-tackle")}
        if players[s.player].pro and s.kind not in _NO_PRO:
            kp = kp | {s.player}
        keep_skills[i], keep_pro[i] = ks, kp

    def bounded(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> tuple:
        """The state before step i with what no step from i on can use forgotten (same values)."""
        return (tr if cap is None else max(0, min(tr, cap - team_used)), 0,
                skills_used & keep_skills[i] if skills_used else skills_used,
                pro_used & keep_pro[i] if pro_used else pro_used)

    single = [blocks[i][0] if s.kind == "block" else (s.p() if s.kind in D6_KINDS else None)
              for i, s in enumerate(steps)]
    # Break Tackle: P(a die falls short by no more than the bonus), per step (0 without it)
    within = [s.within_bonus() if isinstance(s, Step) else _ZERO for s in steps]
    failing = [tuple((p, case) for case, p in blocks[i][1]) if s.kind == "block"
               else _d6_cases(single[i], within[i]) if s.kind in D6_KINDS else ()
               for i, s in enumerate(steps)]

    def options(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case: str | None):
        """Return ((name, terms), ...): the choices after step i's roll fails (``case``: a block's, else None)."""
        return _options(i, *bounded(i, tr, team_used, skills_used, pro_used), case)

    @lru_cache(maxsize=None)
    def _options(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case: str | None):
        s = steps[i]
        if s.kind in NOT_REROLLED_KINDS:  # a Bribe, Argue the Call: nothing re-rolls the coach's roll
            return (("none", ()),)
        pl = players[s.player]
        p_team = single[i]
        p_skill = _ZERO
        skill_after = skills_used
        bt_key = (s.player, "break-tackle")
        bt_free = bool(within[i]) and bt_key not in skills_used

        def landed(p: Fraction, tr2: int, used2: int, skills: frozenset, pros: frozenset) -> tuple:
            """Terms of a re-rolled die that passes with ``p``; an unused Break Tackle also saves a die within its bonus."""
            terms = ((p, (tr2, used2, skills, pros)),)
            if bt_free and bt_key not in skills:
                terms += ((within[i], (tr2, used2, skills | {bt_key}, pros)),)
            return terms
        if s.kind == "block":
            q1 = blocks[i][2]
            p_pro = p_team if pro_whole_roll else (q1 if case in ("both_down", "one_die") else _ZERO)
            if "brawler" in s.attacker and case == "both_down":
                p_skill = q1
        else:
            p_pro = p_team
            if s.skill:
                name = SKILL_FOR_KIND[s.kind]
                key = (s.player, name)
                if name not in ONCE_PER_TURN:
                    p_skill = p_team
                elif key not in skills_used:
                    p_skill, skill_after = p_team, skills_used | {key}
        opts: list[tuple[str, tuple]] = [("none", ())]
        if bt_free and case == "within_bonus":
            opts.append(("break-tackle", ((_ONE, (tr, team_used, skills_used | {bt_key}, pro_used)),)))
        if p_skill:
            opts.append(("skill", landed(p_skill, tr, team_used, skill_after, pro_used)))
        if pl.pro and s.player not in pro_used and p_pro:
            after = pro_used | {s.player}

            def rerolled(tr2: int, used2: int) -> tuple:  # the Pro roll passed: re-roll the die
                return landed(p_pro, tr2, used2, skills_used, after)

            terms = _scale(pro_q, rerolled(tr, team_used))
            name = "pro"
            if rr.team_reroll_on_pro_roll and team_left(tr, team_used):
                # classic: a team re-roll re-rolls the failed Pro roll
                terms += _scale(_ONE - pro_q, via_team(pl, tr, team_used, lambda tr2, u2: _scale(pro_q, rerolled(tr2, u2))))
                name = "pro+team"
            opts.append((name, terms))
        if team_left(tr, team_used):
            terms = via_team(pl, tr, team_used, lambda tr2, u2: landed(p_team, tr2, u2, skills_used, pro_used))
            opts.append(("team+team" if loner_reroll(pl, tr - 1, team_used + 1) else "team", terms))
        return tuple(opts)

    def ev(fn, i: int, terms: tuple) -> Fraction:
        """Sum of coefficient x fn(step i + 1, state) over the terms."""
        total = None
        for c, st in terms:
            x = c * fn(i + 1, *st)
            total = x if total is None else total + x
        return _ZERO if total is None else total

    def choose(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case: str | None):
        """Return (name, terms, value) of the best choice after step i's roll fails.

        The greatest chance of success; among equals (chains with a foul) the smallest
        chance of a send-off; then the cheapest source, in the order of :func:`options`.
        """
        return _choose(i, *bounded(i, tr, team_used, skills_used, pro_used), case)

    @lru_cache(maxsize=None)
    def _choose(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case: str | None):
        opts = options(i, tr, team_used, skills_used, pro_used, case)
        values = [ev(value, i, terms) for _, terms in opts]
        best = max(values)
        tied = [k for k, v in enumerate(values) if v == best]
        if fouls and len(tied) > 1:
            sent = {k: ev(sent_off, i, opts[k][1]) for k in tied}
            low = min(sent.values())
            tied = [k for k in tied if sent[k] == low]
        name, terms = opts[tied[0]]
        return name, terms, best

    def fail_cases(i: int):
        """((P(the first roll fails so), case), ...) of step i (a D6 test: one case, None)."""
        return failing[i]

    def value(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        """P(steps i.. all succeed) from this state, with optimal play."""
        return _value(i, *bounded(i, tr, team_used, skills_used, pro_used))

    @lru_cache(maxsize=None)
    def _value(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        if i == n:
            return _ONE
        s = steps[i]
        state = (tr, team_used, skills_used, pro_used)
        if s.kind in OPPONENT_KINDS:  # the opponent rolls; we go on only if it fails
            return (_ONE - single[i]) * value(i + 1, *state)
        if s.kind in ARMOUR_KINDS:
            o = armour[i]
            v = o["break"] * value(i + 1, *state)
            return v + o["break_sent_off"] if i == n - 1 else v
        v = single[i] * value(i + 1, *state)
        for p, case in failing[i]:
            best = _ZERO
            for _, terms in options(i, tr, team_used, skills_used, pro_used, case):
                if terms:
                    x = ev(value, i, terms)
                    if x > best:
                        best = x
            if best:
                v += p * best
        return v

    def sent_off(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        """P(a fouler is sent off from step i on), playing as :func:`choose` does."""
        return _sent_off(i, *bounded(i, tr, team_used, skills_used, pro_used))

    @lru_cache(maxsize=None)
    def _sent_off(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        if i == n:
            return _ZERO
        s = steps[i]
        state = (tr, team_used, skills_used, pro_used)
        if s.kind in OPPONENT_KINDS:
            return (_ONE - single[i]) * sent_off(i + 1, *state)
        if s.kind in ARMOUR_KINDS:
            o = armour[i]
            return o["break_sent_off"] + o["hold_sent_off"] + o["break"] * sent_off(i + 1, *state)
        x = single[i] * sent_off(i + 1, *state)
        for p, case in failing[i]:
            x += p * ev(sent_off, i, choose(i, *state, case)[1])
        return x

    value.cache_info = _value.cache_info  # type: ignore[attr-defined]  # the memo's size, for tests
    return value, sent_off, choose, fail_cases


def _check_team_rerolls(name: str, k: object) -> None:
    if not (isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= 8):
        raise CalcError(name, f"{name.replace('_', ' ')} must be 0..8, got {k!r}", [0, 8], reason="range")


def solve(chain: Chain, team_rerolls: int = 0) -> Fraction:
    """Return P(every step succeeds) with ``team_rerolls`` team re-rolls and optimal re-roll use.

    Args:
        chain: the steps, players, edition and (BB2025) Loner reading.
        team_rerolls: team re-rolls left at the start, 0..8.

    Raises:
        CalcError: on an invalid chain or re-roll count.
    """
    _check_team_rerolls("team_rerolls", team_rerolls)
    value = _solver(chain)[0]
    return value(0, team_rerolls, 0, frozenset(), frozenset())


def success_by_rerolls(chain: Chain, max_team_rerolls: int = 3) -> tuple[Fraction, ...]:
    """Return ``(P with 0 team re-rolls, P with 1, ..., P with max_team_rerolls)``.

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("max_team_rerolls", max_team_rerolls)
    value = _solver(chain)[0]
    return tuple(value(0, k, 0, frozenset(), frozenset()) for k in range(max_team_rerolls + 1))


def sent_off_by_rerolls(chain: Chain, max_team_rerolls: int = 3) -> tuple[Fraction, ...]:
    """Return P(a fouler is sent off) for 0..max_team_rerolls team re-rolls (all 0 without a foul step).

    The coach plays for the greatest chance of success, then (among equally good choices)
    for the smallest chance of a send-off.  A send-off on a foul whose armour held counts.

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("max_team_rerolls", max_team_rerolls)
    sent = _solver(chain)[1]
    return tuple(sent(0, k, 0, frozenset(), frozenset()) for k in range(max_team_rerolls + 1))


def _policy(chain: Chain, choose, fail_cases, team_rerolls: int) -> tuple[str | dict[str, str], ...]:
    state = (team_rerolls, 0, frozenset(), frozenset())
    out: list[str | dict[str, str]] = []
    for i, s in enumerate(chain.steps):
        if s.kind in OPPONENT_KINDS:
            out.append("opponent")
        elif s.kind in ARMOUR_KINDS:
            out.append("none")
        else:
            names = {case: choose(i, *state, case)[0] for _, case in fail_cases(i)}
            distinct = set(names.values())
            out.append(distinct.pop() if len(distinct) == 1 else names)
    return tuple(out)


def policy(chain: Chain, team_rerolls: int = 0) -> tuple[str | dict[str, str], ...]:
    """Return, for each step, the optimal choice if its roll fails, on the path where all earlier rolls passed.

    Choices: ``"none"`` (accept the failure; always so for an armour roll, a foul, a
    Bribe or Argue the Call, which nothing re-rolls), ``"break-tackle"`` (a dodge whose die
    fell short by no more than the bonus), ``"skill"`` (for a block: Brawler), ``"pro"``,
    ``"pro+team"`` (Pro, and a team re-roll on the Pro roll if it fails: classic),
    ``"team"``, ``"team+team"`` (a team re-roll, and a second one on the Loner roll if
    it fails: BB2025 as written), or ``"opponent"`` for an opponent's roll (an interception,
    Tentacles, Shadowing: not ours to re-roll).  For a block step whose best choice depends on
    the failed roll, a dict ``{case: choice}`` over the :data:`BLOCK_CASES` that can occur; for a
    dodge with Break Tackle likewise over ``within_bonus`` and ``beyond_bonus``.  Later failures
    change the state; the DP handles them, this is the summary shown to readers.  Among
    equal values the cheapest source is named, in the order none, skill, Pro, team
    (after the smaller chance of a send-off, in a chain with a foul).

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("team_rerolls", team_rerolls)
    _, _, choose, fail_cases = _solver(chain)
    return _policy(chain, choose, fail_cases, team_rerolls)


@dataclass(frozen=True)
class Row:
    """One line of :func:`summary`: with ``team_rerolls`` team re-rolls, P(success), P(a fouler is sent
    off) (None in a chain without a foul) and :func:`policy`."""

    team_rerolls: int
    success: Fraction
    sent_off: Fraction | None
    policy: tuple[str | dict[str, str], ...]


def summary(chain: Chain, max_team_rerolls: int = 3) -> tuple[Row, ...]:
    """Return a :class:`Row` for 0..max_team_rerolls team re-rolls, from one solver (what the ``chain`` request shows).

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("max_team_rerolls", max_team_rerolls)
    value, sent_off, choose, fail_cases = _solver(chain)
    fouls = any(s.kind == "foul" for s in chain.steps)
    start = (0, frozenset(), frozenset())
    return tuple(Row(k, value(0, k, *start), sent_off(0, k, *start) if fouls else None,
                     _policy(chain, choose, fail_cases, k)) for k in range(max_team_rerolls + 1))
