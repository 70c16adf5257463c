"""A chain of rolls that must all succeed, with the best use of re-rolls (exact DP).

A *chain* is what a player (or a few players) must pass in one team turn, in order:

* **D6 tests** (:class:`Step`): dodges, rushes, a pick-up, a pass, a catch, a landing,
  plain N+ tests, and opponents' interception attempts.  Each needs ``target``+ on the
  die (2..6, already including every modifier; a natural 1 always fails, a natural 6
  always succeeds).  An interception step is an opponent's roll: the chain goes on only
  if the interceptor *fails*, and our re-rolls never apply to it.
* **Blocks** (:class:`BlockStep`): 1 to 3 block dice, chosen by the attacker or (2 or 3
  dice) the defender, with the faces of :mod:`calculators.block`.  The step succeeds when
  the defender is Knocked Down and the attacker stays standing (goal ``down``, the
  default) or merely when the attacker stays standing (goal ``standing``: no turnover,
  and the player can go on).  Which faces succeed comes from the block calculator's own
  face model (:func:`calculators.block.face_value`), Juggernaut on a Blitz included.
* **Armour rolls and fouls** (:class:`ArmourStep`): a 2D6 armour roll that must break
  the armour, after a block (Mighty Blow, Claws) or in a Foul (assists, Dirty Player).
  Nobody may re-roll an armour roll: no team re-roll (BB2020 and BB2025: rules-facts §8
  "Team re-rolls", ``data/glossary/team-re-roll.yml``; classic is played the same way, though
  rules-facts has no classic line on it), no Pro (``data/skills/pro.yml``; BB2020
  Designer's Commentary, BB2025 Pro text: ``data/rulings/pro-restrictions.yml``), no skill.  A
  fouler is sent off on a natural double on the armour roll, or on the injury roll after
  a break (:func:`calculators.armour.armour_break`); a send-off is a turnover in every
  edition (rules-facts §8 "Turnover triggers"), so any later step is never taken.
  Mighty Blow and Dirty Player may carry a value (+X); the victim's Iron Hard Skin, a Stab,
  a Chainsaw, Piling On (classic), Sneaky Git and Lone Fouler (BB2025) are fields of the
  step, each checked per edition (:class:`ArmourStep`).
* **Injury rolls** (:class:`InjuryStep`): a 2D6 injury roll that must reach KO or worse, a
  casualty, or a total n+.  Right after an armour step of the same player it is that roll's
  injury roll: the solver takes the two as one joint roll (the armour must break, the +X the
  armour did not use goes on the injury, a foul's injury double sends the fouler off:
  :func:`calculators.armour.armour_then_injury`).  Nothing re-rolls it but classic Piling On.
* **Pile Driver** (BB2020, BB2025: a free Foul after a block that Knocked the target Down, the
  player then Placed Prone; FFB ``skill/bb2020/PileDriver``, ``skill/bb2025/PileDriver``, BBBase
  "PILE DRIVER") is written as a foul step after the block's armour roll (``B2,A9,F9``):
  a foul's rolls in every respect; that the player is then Placed Prone only means no later
  step of that player follows.  **Projectile Vomit** (BB2020, BB2025: a D6 2+, then an armour
  roll nobody may modify, BBBase "PROJECTILE VOMIT"; FFB ``skill/bb2020|bb2025/ProjectileVomit``)
  is a test ``N2`` then an unmodified armour step ``A9`` (nothing marks it: on a 1 the vomiter
  rolls against its own armour, which the chain does not ask).  Whether a team re-roll may
  re-roll the Vomit or Chainsaw D6 is not settled by the sources checked: the test step
  allows it as any test of the acting player.

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

from .armour import (INJURY_NEEDS, SKILL_VALUES, InjuryTable, armour_break, armour_then_injury,
                     injury_table, skill_value)
from .block import FACES, face_value
from .editions import check_edition, family, mechanics
from .errors import CalcError
from .rerolls import ONCE_PER_TURN, SKILL_FOR_KIND, check_reading, d6_at_least, reroll_rules
from .rolls import face_chance

__all__ = ["ARMOUR_KINDS", "BLOCK_ATTACKER", "BLOCK_CASES", "BLOCK_DEFENDER", "BLOCK_DICE", "BLOCK_GOALS",
           "D6_KINDS", "KINDS", "ROLL_KINDS", "ArmourStep", "BlockStep", "Chain", "InjuryStep", "Player", "Row", "Step",
           "linked_armour", "policy", "rolls_2d6", "step_singles",
           "sent_off_by_rerolls", "solve", "success_by_rerolls", "summary"]

#: D6-test step kinds (the notation letter is in :mod:`calculators.notation`)
D6_KINDS: tuple[str, ...] = ("dodge", "rush", "pick-up", "pass", "catch", "hand-off", "landing", "interception", "test")
#: armour-roll step kinds: after a block, and a Foul's
ARMOUR_KINDS: tuple[str, ...] = ("armour", "foul")
#: 2D6 roll step kinds that no re-roll source of the chain touches: armour rolls, fouls, injury rolls
ROLL_KINDS: tuple[str, ...] = ARMOUR_KINDS + ("injury",)
#: every step kind
KINDS: tuple[str, ...] = D6_KINDS + ("block",) + ROLL_KINDS
#: block dice: 1, 2, 3 (the attacker chooses) or -2, -3 (the defender chooses), as :class:`calculators.block.Block`
BLOCK_DICE: tuple[int, ...] = (1, 2, 3, -2, -3)
#: the attacker's skills a block step models (Block, Tackle, Juggernaut; Brawler in BB2020/BB2025)
BLOCK_ATTACKER: tuple[str, ...] = ("block", "tackle", "brawler", "juggernaut")
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
    """

    kind: str
    target: int
    skill: bool = False
    player: int = 0

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
            the block is a Block action (Brawler does nothing in a Blitz); ``juggernaut`` says it is
            a Blitz's block (Juggernaut does nothing otherwise), so the two exclude each other.
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

        The face model is :func:`calculators.block.face_value`, the block calculator's own:
        a face succeeds when the outcome the coaches pick on it (the attacker's Juggernaut,
        the defender's Wrestle) is the defender Knocked Down with the attacker standing
        (goal ``down``), or for ``standing`` any outcome that leaves the attacker on its
        feet (defender down, a push, or Both Down with Block on both sides).  Juggernaut
        (``juggernaut``) says the block is a Blitz's: it may turn Both Down into a Push
        and the defender may not use Wrestle.
        """
        ok = {"defender_down"} if self.goal == "down" else {"defender_down", "push", "nothing"}
        blitz = "juggernaut" in self.attacker

        def pick(options: list[bool], attacker_decides: bool) -> bool:
            return max(options) if attacker_decides else min(options)

        return frozenset(number for number, face in FACES.items()
                         if face_value(face, self.attacker, self.defender, blitz, lambda o: o in ok, pick))

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
        mighty_blow: (after a block) True or 1 for +1, an integer X for Mighty Blow (+X) (allowed
            values per edition: :data:`calculators.armour.SKILL_VALUES`), on the armour roll where it
            breaks the armour, else on the injury step that follows.
        claws: (after a block) classic: 8+ after modifiers breaks; BB2020/BB2025: an unmodified 8+.
        dirty_player: (a Foul) as ``mighty_blow``, for Dirty Player (+X).
        player: index into :attr:`Chain.players` of the player whose action it is.
        sneaky_git: (a Foul) the fouler's Sneaky Git, per edition (:func:`calculators.armour.foul`).
        lone_fouler: (a Foul, BB2025) Lone Fouler: nobody assists (``modifier`` 0) and a held armour
            roll is re-rolled (:mod:`calculators.armour`).
        iron_hard_skin: (BB2020, BB2025) the victim's Iron Hard Skin: no modifier, no Claws, and the
            +X goes on the injury roll.
        stab: (not a Foul) the roll is a Stab's, made instead of a block: unmodified in every edition
            (FFB ``skill/bb2016/Stab``, ``bb2020/Stab``, ``bb2025/Stab``; BBBase BB2020 "STAB", BB2025
            "STAB (ACTIVE)"), so no modifier, Mighty Blow or Claws.
        chainsaw: the roll is a Chainsaw's (instead of a block, or in a Foul): +3 (FFB
            ``skill/bb2016|bb2020|bb2025/Chainsaw``, BBBase BB2020 "CHAINSAW", BB2025 "CHAINSAW*
            (ACTIVE)"); the kick-back D6 (2+) is a test step of its own written before it.  Mighty
            Blow: refused in classic and BB2020 (both rule texts: not with Chainsaw); in BB2025 FFB
            lets it add to the armour roll only (``skill/bb2025/MightyBlow``: not on the injury of a
            chainsaw), and so does this step.
        piling_on: (after a block, classic) Piling On: the armour roll, or else the injury roll
            that follows, is re-rolled if it falls short, and the player is Placed Prone: its
            activation ends, so no later step of that player may follow (FFB ``skill/bb2016/PilingOn``).
            Whether it also costs a team re-roll is disputed (``data/rulings/piling-on-team-re-roll.yml``):
            the LRB6 text asks for none, FUMBBL's default option asks for one; this step follows the
            rulebook (no team re-roll spent).  FUMBBL's other Piling On options (armour only, injury
            only, ``data/engine-options/piling-on-*.yml``) are house rules, off by default.
    """

    av: int
    modifier: int = 0
    foul: bool = False
    mighty_blow: bool | int = False
    claws: bool = False
    dirty_player: bool | int = False
    player: int = 0
    sneaky_git: bool = False
    lone_fouler: bool = False
    iron_hard_skin: bool = False
    stab: bool = False
    chainsaw: bool = False
    piling_on: bool = False

    @property
    def kind(self) -> str:
        """``"foul"`` or ``"armour"``."""
        return "foul" if self.foul else "armour"

    def bonus(self) -> int:
        """The +X of Mighty Blow or Dirty Player (0 without), as an integer."""
        return int(self.dirty_player if self.foul else self.mighty_blow)

    def total_modifier(self) -> int:
        """The armour roll's fixed modifier: ``modifier``, and +3 for a Chainsaw."""
        return self.modifier + (3 if self.chainsaw else 0)

    def rolls(self, edition: str, injury: InjuryStep | None = None) -> dict[str, Fraction]:
        """Return ``break``, ``break_sent_off``, ``hold``, ``hold_sent_off`` for this roll, or, with the
        ``injury`` step that follows it, for the pair (both must succeed; :func:`calculators.armour.armour_then_injury`).
        """
        if injury is None and not self.piling_on:
            return armour_break(edition, self.av, self.total_modifier(), plus_one=self.bonus(), claws=self.claws,
                                foul=self.foul, sneaky_git=self.sneaky_git, lone_fouler=self.lone_fouler,
                                iron_hard_skin=self.iron_hard_skin)
        return armour_then_injury(edition, self.av, self.total_modifier(), 0 if injury is None else injury.modifier,
                                  need=2 if injury is None else injury.need, bonus=self.bonus(),
                                  claws=self.claws, foul=self.foul, sneaky_git=self.sneaky_git,
                                  lone_fouler=self.lone_fouler, iron_hard_skin=self.iron_hard_skin,
                                  table=None if injury is None else injury.table(),
                                  bonus_on_injury=not self.chainsaw, piling_on=self.piling_on)

    def outcomes(self, edition: str) -> dict[str, Fraction]:
        """Return the armour roll alone: ``break``, ``break_sent_off``, ``hold``, ``hold_sent_off``."""
        return self.rolls(edition)

    def single(self, edition: str) -> Fraction:
        """Return P(the armour breaks)."""
        o = self.outcomes(edition)
        return o["break"] + o["break_sent_off"]


@dataclass(frozen=True)
class InjuryStep:
    """An injury roll (2D6) that must reach a result.

    After an armour step of the same player (the step just before), the two are one joint roll: the
    injury is made only if the armour broke, and that step's Mighty Blow or Dirty Player (+X), when the
    armour roll did not use it, is added here (classic "only one of the dice rolls", BB2020/BB2025 "may
    be applied after the roll has been made"), and a Foul's fouler is sent off on a double here.  Without
    an armour step before, the roll stands alone (e.g. a player pushed into the crowd).

    Attributes:
        need: ``"ko"`` (KO or worse), ``"casualty"`` (Badly Hurt or worse: the player goes to the
            Casualty box), or an integer 2..16: the total (2D6 + ``modifier`` + any +X) must be that
            or more (BloodBowlDave's "Injury n+"; no table is read).
        modifier: other fixed modifiers, -5..5.  After a Stab it must be 0 in classic and BB2020
            ("an unmodified Injury roll": FFB ``skill/bb2016/Stab``, BBBase BB2020 "STAB"); BB2025's
            Stab text (BBBase "STAB (ACTIVE)") forbids modifying the armour roll only, while FFB's
            ``skill/bb2025/Stab`` javadoc keeps the older sentence: the sources disagree, and the step
            follows the BB2025 rule text.
        stunty: the victim's Stunty: 2-6 Stunned, 7-8 KO, 9 Badly Hurt, 10+ Casualty (every edition:
            FFB ``skill/bb2016/Stunty``, ``skill/mixed/Stunty``; BBBase BB2020 and BB2025 Stunty injury
            table; :func:`calculators.armour.injury_table`).
        thick_skull: the victim's Thick Skull: an 8 is Stunned (with Stunty a 7), every edition (FFB
            ``skill/common/ThickSkull``; BBBase BB2020 and BB2025 "THICK SKULL").
        player: index into :attr:`Chain.players` of the player whose action it is.
    """

    need: str | int = "ko"
    modifier: int = 0
    stunty: bool = False
    thick_skull: bool = False
    player: int = 0

    kind: ClassVar[str] = "injury"

    def table(self) -> InjuryTable:
        """The injury thresholds for the victim (:func:`calculators.armour.injury_table`)."""
        return injury_table(self.stunty, self.thick_skull)

    def single(self, edition: str) -> Fraction:
        """Return P(the roll alone meets ``need``), with ``modifier`` and no +X."""
        o = armour_then_injury(edition, None, 0, self.modifier, need=self.need, table=self.table())
        return o["break"]


AnyStep = Union[Step, BlockStep, ArmourStep, InjuryStep]


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
            elif isinstance(s, InjuryStep):
                self._check_injury(i, s)
            elif isinstance(s, Step):
                if s.kind not in D6_KINDS:
                    raise CalcError(f"steps[{i}].kind", f"unknown step kind {s.kind!r}", list(KINDS), reason="choice")
                if not (isinstance(s.target, int) and 2 <= s.target <= 6):
                    raise CalcError(f"steps[{i}].target", f"the die face needed must be 2..6, got {s.target!r}", [2, 6], reason="range")
                if s.skill and s.kind not in SKILL_FOR_KIND:
                    raise CalcError(f"steps[{i}].skill", f"no skill re-rolls a {s.kind} step", sorted(SKILL_FOR_KIND), reason="choice")
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
        if "brawler" in s.attacker and "juggernaut" in s.attacker:
            raise CalcError(f"steps[{i}].attacker", "Brawler works on a Block action, Juggernaut on a Blitz: one block "
                            "cannot use both", ["brawler", "juggernaut"], reason="step-skill")
        if "brawler" in s.attacker:
            others = [t for t in self.steps if t is not s and t.player == s.player]
            if any(not (isinstance(t, (ArmourStep, InjuryStep)) and t.kind != "foul") for t in others):
                raise CalcError(f"steps[{i}].attacker", "Brawler works only on a Block action, not in a Blitz: "
                                "besides that block, its player may only have armour and injury rolls", reason="brawler-blitz")

    def _check_armour(self, i: int, s: ArmourStep) -> None:
        hi = 12 if mechanics(self.edition).armour_rule == "exceeds" else 13
        if not (isinstance(s.av, int) and not isinstance(s.av, bool) and 3 <= s.av <= hi):
            raise CalcError(f"steps[{i}].av", f"av must be an integer from 3 to {hi} ({self.edition}), got {s.av!r}",
                            [3, hi], reason="range")
        lim = 8 if s.foul and not s.chainsaw else 5  # a Chainsaw foul: its +3 on top, 8 in all
        if not (isinstance(s.modifier, int) and not isinstance(s.modifier, bool) and -lim <= s.modifier <= lim):
            what = "a foul's modifier (net assists)" if s.foul else "an armour roll's modifier"
            raise CalcError(f"steps[{i}].modifier", f"{what} must be an integer from {-lim} to {lim}, got {s.modifier!r}",
                            [-lim, lim], reason="range")
        if s.foul and (s.mighty_blow or s.claws):
            raise CalcError(f"steps[{i}].{'mighty_blow' if s.mighty_blow else 'claws'}",
                            "Mighty Blow and Claws act after a block, not on a foul", reason="claws-foul")
        if not s.foul and s.dirty_player:
            raise CalcError(f"steps[{i}].dirty_player", "Dirty Player acts on a foul's armour roll only", reason="dirty-player-armour")
        fam = family(self.edition)
        for name in ("mighty_blow", "dirty_player"):
            try:
                skill_value(self.edition, name, getattr(s, name))
            except CalcError as e:
                raise CalcError(f"steps[{i}].{name}", e.message, e.allowed, reason="skill-value") from None

        def refuse(name: str, message: str, allowed: object = None, reason: str = "step-skill") -> CalcError:
            if reason == "edition-skill":
                return CalcError(f"steps[{i}].{name}", message, allowed, reason="edition-skill")
            return CalcError(f"steps[{i}].{name}", message, allowed, reason="step-skill")

        if not s.foul and (s.sneaky_git or s.lone_fouler):
            name = "sneaky_git" if s.sneaky_git else "lone_fouler"
            raise refuse(name, f"{name.replace('_', ' ').title()} acts on a foul only", [False])
        if s.lone_fouler:
            if fam != "bb2025":
                raise refuse("lone_fouler", f"Lone Fouler exists in BB2025 only, not {self.edition}", [False], "edition-skill")
            if s.modifier:
                raise refuse("lone_fouler", "Lone Fouler works only when nobody assists the foul: the modifier must be 0",
                             [0], "step-skill")
            if any(isinstance(t, ArmourStep) and t.lone_fouler and t.player == s.player for t in self.steps[:i]):
                raise refuse("lone_fouler", "Lone Fouler is used once per turn", [False], "step-skill")
        if s.iron_hard_skin:
            if fam == "classic":
                raise refuse("iron_hard_skin", f"Iron Hard Skin exists in BB2020 and BB2025 only, not {self.edition}",
                             [False], "edition-skill")
            if s.modifier or s.claws or s.chainsaw:
                name = "modifier" if s.modifier else "claws" if s.claws else "chainsaw"
                raise refuse(name, "Iron Hard Skin: opponents may not modify the armour roll and Claws does not work; "
                             "write no modifier, Claws or Chainsaw", [0] if name == "modifier" else [False])
        if s.stab:
            if s.foul or s.modifier or s.mighty_blow or s.claws or s.chainsaw:
                name = next(n for n in ("foul", "modifier", "mighty_blow", "claws", "chainsaw") if getattr(s, n))
                raise refuse(name, "a Stab's armour roll is made instead of a block and cannot be modified (every "
                             "edition): no foul, modifier, Mighty Blow, Claws or Chainsaw", [0] if name == "modifier" else [False])
        if s.chainsaw and s.mighty_blow and fam != "bb2025":
            raise refuse("mighty_blow", f"Mighty Blow cannot be used with a Chainsaw in {self.edition}", [False])
        if s.piling_on:
            if fam != "classic":
                raise refuse("piling_on", f"Piling On re-rolls armour or injury in classic only; in {self.edition} "
                             "write Pile Driver as a foul step after the block", [False], "edition-skill")
            if s.foul or s.stab or s.chainsaw:
                raise refuse("piling_on", "Piling On follows a block, not a foul, Stab or Chainsaw", [False])
            later = [t for t in self.steps[i + 1:] if t.player == s.player]
            if later and not (len(later) == 1 and isinstance(later[0], InjuryStep) and self.steps[i + 1] is later[0]):
                raise refuse("piling_on", "a Piling On player is Placed Prone: only the injury roll may follow its "
                             "armour roll", reason="step-skill")

    def _check_injury(self, i: int, s: InjuryStep) -> None:
        need_ok = s.need in INJURY_NEEDS if isinstance(s.need, str) else (
            isinstance(s.need, int) and not isinstance(s.need, bool) and 2 <= s.need <= 16)
        if not need_ok:
            raise CalcError(f"steps[{i}].need", f"an injury step needs ko, casualty or a total from 2 to 16, got "
                            f"{s.need!r}", list(INJURY_NEEDS) + [2, 16], reason="choice")
        if not (isinstance(s.modifier, int) and not isinstance(s.modifier, bool) and -5 <= s.modifier <= 5):
            raise CalcError(f"steps[{i}].modifier", f"an injury roll's modifier must be an integer from -5 to 5, got "
                            f"{s.modifier!r}", [-5, 5], reason="range")
        if isinstance(s.need, int) and (s.stunty or s.thick_skull):
            raise CalcError(f"steps[{i}].{'stunty' if s.stunty else 'thick_skull'}", "Stunty and Thick Skull move the "
                            "injury table's bands: they apply to ko or casualty, not to a total n+", [False],
                            reason="step-skill")
        armour = linked_armour(self.steps, i)
        if armour is not None and armour.stab and s.modifier and family(self.edition) != "bb2025":
            raise CalcError(f"steps[{i}].modifier", f"the injury roll after a Stab cannot be modified in "
                            f"{self.edition}", [0], reason="step-skill")


def linked_armour(steps: tuple, i: int) -> ArmourStep | None:
    """The armour step whose injury roll step ``i`` is (the step just before, same player), or None."""
    s = steps[i]
    if isinstance(s, InjuryStep) and i > 0 and isinstance(steps[i - 1], ArmourStep) and steps[i - 1].player == s.player:
        return steps[i - 1]
    return None


def rolls_2d6(chain: Chain) -> dict[int, dict[str, Fraction]]:
    """Return, for each armour, foul and injury step, its outcomes (``break``, ``break_sent_off``, ``hold``,
    ``hold_sent_off``) as the solver uses them: an armour step followed by its injury step carries the pair's
    joint outcome (:meth:`ArmourStep.rolls`), and that injury step then passes for sure (``break`` 1).
    """
    out: dict[int, dict[str, Fraction]] = {}
    steps = chain.steps
    for i, s in enumerate(steps):
        if isinstance(s, ArmourStep):
            nxt = i + 1 < len(steps) and linked_armour(steps, i + 1) is s
            out[i] = s.rolls(chain.edition, steps[i + 1] if nxt else None)
        elif isinstance(s, InjuryStep):
            if linked_armour(steps, i) is not None:
                out[i] = {"break": _ONE, "break_sent_off": _ZERO, "hold": _ZERO, "hold_sent_off": _ZERO}
            else:
                p = s.single(chain.edition)
                out[i] = {"break": p, "break_sent_off": _ZERO, "hold": _ONE - p, "hold_sent_off": _ZERO}
    return out


def step_singles(chain: Chain) -> tuple[Fraction, ...]:
    """Return each step's ``single`` as the ``chain`` request lists it; for an injury step after its armour
    roll, P(the injury meets its need | the armour broke), the +X carried over included."""
    chain.validate()
    out = []
    for i, s in enumerate(chain.steps):
        armour = linked_armour(chain.steps, i)
        if armour is None:
            out.append(s.single(chain.edition))
            continue
        j = armour.rolls(chain.edition, s)
        broke = armour.single(chain.edition)
        out.append((j["break"] + j["break_sent_off"]) / broke if broke else _ZERO)
    return tuple(out)


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
    armour = rolls_2d6(chain)
    # the last roll whose send-off still counts as the chain's success: the last step, or an armour step
    # whose injury step is the last
    last = n - 2 if n > 1 and linked_armour(steps, n - 1) is not None else n - 1
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
        if players[s.player].pro and s.kind not in ROLL_KINDS and s.kind != "interception":
            kp = kp | {s.player}
        keep_skills[i], keep_pro[i] = ks, kp

    def bounded(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> tuple:
        """The state before step i with what no step from i on can use forgotten (same values)."""
        return (tr if cap is None else max(0, min(tr, cap - team_used)), 0,
                skills_used & keep_skills[i] if skills_used else skills_used,
                pro_used & keep_pro[i] if pro_used else pro_used)

    single = [blocks[i][0] if s.kind == "block" else (s.p() if s.kind in D6_KINDS else None)
              for i, s in enumerate(steps)]
    failing = [tuple((p, case) for case, p in blocks[i][1]) if s.kind == "block"
               else (((_ONE - single[i]), None),) if s.kind in D6_KINDS else ()
               for i, s in enumerate(steps)]

    def options(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case: str | None):
        """Return ((name, terms), ...): the choices after step i's roll fails (``case``: a block's, else None)."""
        return _options(i, *bounded(i, tr, team_used, skills_used, pro_used), case)

    @lru_cache(maxsize=None)
    def _options(i: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case: str | None):
        s = steps[i]
        pl = players[s.player]
        p_team = single[i]
        p_skill = _ZERO
        skill_after = skills_used
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
        if p_skill:
            opts.append(("skill", ((p_skill, (tr, team_used, skill_after, pro_used)),)))
        if pl.pro and s.player not in pro_used and p_pro:
            after = pro_used | {s.player}

            def rerolled(tr2: int, used2: int) -> tuple:  # the Pro roll passed: re-roll the die
                return ((p_pro, (tr2, used2, skills_used, after)),)

            terms = _scale(pro_q, rerolled(tr, team_used))
            name = "pro"
            if rr.team_reroll_on_pro_roll and team_left(tr, team_used):
                # classic: a team re-roll re-rolls the failed Pro roll
                terms += _scale(_ONE - pro_q, via_team(pl, tr, team_used, lambda tr2, u2: _scale(pro_q, rerolled(tr2, u2))))
                name = "pro+team"
            opts.append((name, terms))
        if team_left(tr, team_used):
            terms = via_team(pl, tr, team_used, lambda tr2, u2: ((p_team, (tr2, u2, skills_used, pro_used)),))
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
        if s.kind == "interception":  # the opponent rolls; we go on only if it fails
            return (_ONE - single[i]) * value(i + 1, *state)
        if s.kind in ROLL_KINDS:
            o = armour[i]
            v = o["break"] * value(i + 1, *state)
            return v + o["break_sent_off"] if i == last else v
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
        if s.kind == "interception":
            return (_ONE - single[i]) * sent_off(i + 1, *state)
        if s.kind in ROLL_KINDS:
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
        if s.kind == "interception":
            out.append("opponent")
        elif s.kind in ROLL_KINDS:
            out.append("none")
        else:
            names = {case: choose(i, *state, case)[0] for _, case in fail_cases(i)}
            distinct = set(names.values())
            out.append(distinct.pop() if len(distinct) == 1 else names)
    return tuple(out)


def policy(chain: Chain, team_rerolls: int = 0) -> tuple[str | dict[str, str], ...]:
    """Return, for each step, the optimal choice if its roll fails, on the path where all earlier rolls passed.

    Choices: ``"none"`` (accept the failure; always so for an armour roll or a foul,
    which nothing re-rolls), ``"skill"`` (for a block: Brawler), ``"pro"``,
    ``"pro+team"`` (Pro, and a team re-roll on the Pro roll if it fails: classic),
    ``"team"``, ``"team+team"`` (a team re-roll, and a second one on the Loner roll if
    it fails: BB2025 as written), or ``"opponent"`` for an interception step (not ours
    to re-roll).  For a block step whose best choice depends on the failed roll, a dict
    ``{case: choice}`` over the :data:`BLOCK_CASES` that can occur.  Later failures
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
