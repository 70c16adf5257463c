"""The steps of a chain (D6 tests, blocks, armour and injury rolls, Dauntless, alternatives) and how
to walk a tree of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, ClassVar, Union

from ..armour import InjuryTable, armour_break, armour_then_injury, injury_table
from ..block import FACES, face_value
from ..rerolls import d6_at_least
from ..rolls import face_chance
from ..rules import RuleBook
from .kinds import BLOCK_CASES

if TYPE_CHECKING:  # the chain holds its steps; steps only name it in annotations
    from .model import Chain

_ZERO = Fraction(0)
_ONE = Fraction(1)

#: block die faces (:data:`calculators.block.FACES` numbers) from the best for the attacker to the worst: POW,
#: Stumble, the two Pushes, Both Down, Player Down (:attr:`BlockStep.faces` counts from the first)
FACE_ORDER: tuple[int, ...] = (6, 5, 4, 3, 2, 1)


@dataclass(frozen=True)
class Step:
    """One D6 test of a chain.

    Attributes:
        kind: one of :data:`D6_KINDS`.
        target: the die face needed, 2..6 (modifiers already applied); on a dodge with Break Tackle up to
            6 + ``break_tackle`` (a 7+ dodge with +3 passes on 4, 5, 6).
        skill: the acting player has the skill that re-rolls this kind of step
            (Dodge, Sure Feet, Sure Hands, Catch, Pass; see ``rerolls.SKILL_FOR_KIND``); on an interception, the
            passer's Cloud Burster (BB2020: the opponent re-rolls a successful interception).
        player: index into :attr:`Chain.players` of the player who rolls.
        partial: None (every failure is critical), or the lowest face, 2..target-1, of a band of
            *non-critical* failures: faces ``partial..target-1`` fail without ending the chain (a pass
            that is inaccurate but not fumbled); a natural 1 and faces below ``partial`` end it.  On a
            kind of :data:`LOWEST_BAND_ONE` it may be 1: every failure goes on (a failed Hypnotic Gaze).
        branch: steps taken after a non-critical failure (once every re-roll is decided), before the
            main line goes on; empty: the main line goes straight on.  Needs ``partial``.
        no_reroll: the coach will not re-roll this step (no team re-roll, Pro or skill).
        no_team_reroll: the coach will not spend a team re-roll on this step (Pro, a skill or a star rule may
            still re-roll it).
        diving_tackle: (a dodge; in BB2020 and BB2025 a jump or leap too, :data:`DIVING_TACKLE_KINDS`) an
            opponent with Diving Tackle may take 2 off the result when that turns a pass into a failure (see the
            module docstring for each edition's timing).
        break_tackle: a dodge only, BB2020 and BB2025: the player's Break Tackle bonus (an entry
            of :data:`calculators.rerolls.BREAK_TACKLE_BONUSES` for the edition), 0 without it.
        success: with a non-critical band, steps taken after a success only, before the main line goes on
            (an accurate pass's catch, while ``branch`` holds the inaccurate pass's); empty: none.
    """

    kind: str
    target: int
    skill: bool = False
    player: int = 0
    partial: int | None = None
    branch: tuple = ()
    no_reroll: bool = False
    no_team_reroll: bool = False
    diving_tackle: bool = False
    break_tackle: int = 0
    success: tuple = ()

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
            the block is a Block action (Brawler does nothing in a Blitz); ``juggernaut`` says it is
            a Blitz's block (Juggernaut does nothing otherwise), so the two exclude each other.
        defender: the defender's skills, a subset of :data:`BLOCK_DEFENDER`.
        goal: ``down`` (default) or ``standing`` (:data:`BLOCK_GOALS`).
        player: index into :attr:`Chain.players` of the attacker.
        branch: None (a roll that is not a success ends the chain, as always before), or the steps
            taken after a *non-critical* result (goal ``down`` only): a face that leaves the attacker
            standing and the defender up (a Push; a Stumble against Dodge; Both Down when both have
            Block), e.g. Frenzy's second block; empty: the main line goes straight on.
        no_reroll: the coach will not re-roll this block (no team re-roll, Pro or Brawler).
        faces: None (the face model decides, from the skills and the goal), or 1..5: that many of the six faces
            succeed, the first in the order POW, Stumble, Push, Push, Both Down (a Player Down never does), for a
            block whose succeeding faces no skill of ours gives (BloodBowlDave's ``2D3``, their ``BlockDice``
            order at 745c978).  Brawler still re-rolls a failing Both Down die, Hatred a Player Down one.  No
            face-changing skill (Block, Tackle, Juggernaut, the defender's), no goal ``standing``, no branch.
        no_team_reroll: the coach will not spend a team re-roll on this block (Pro or Brawler may still).
    """

    dice: int = 1
    attacker: frozenset = frozenset()
    defender: frozenset = frozenset()
    goal: str = "down"
    player: int = 0
    branch: tuple | None = None
    no_reroll: bool = False
    faces: int | None = None
    no_team_reroll: bool = False

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
        if self.faces is not None:  # a count given outright: the first faces of FACE_ORDER
            return frozenset(FACE_ORDER[:self.faces])
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
        ram, slayer: (after a block, BB2020 and BB2025) a star player's once-per-game +1 to the armour or the
            injury roll, chosen after the roll (Rumbelow Sheepskin's Ram; Grim Ironjaw's Slayer, against an
            opponent with ST 5+ in BB2020, a Big Guy in BB2025: BBBase ``docs/bb2020|bb2025/starplayers/
            Rumbelow_Sheepskin.md``, ``Grim_Ironjaw.md``); it adds to Mighty Blow (+X), each going whole on one
            roll (:func:`calculators.armour.armour_roll`, ``either``).
        crushing_blow: (after a block, BB2020 and BB2025) Mighty Zug's once-per-game +1 to the armour roll only,
            after the roll (BBBase ``docs/bb2020/starplayers/Mighty_Zug.md``, ``docs/bb2025/starplayers/
            The_Mighty_Zug.md``; :func:`calculators.armour.armour_roll`, ``armour_only``).
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
    ram: bool = False
    slayer: bool = False
    crushing_blow: bool = False

    @property
    def kind(self) -> str:
        """``"foul"`` or ``"armour"``."""
        return "foul" if self.foul else "armour"

    def bonus(self) -> int:
        """The +X of Mighty Blow or Dirty Player (0 without), as an integer."""
        return int(self.dirty_player if self.foul else self.mighty_blow)

    def star_bonuses(self) -> dict[str, int]:
        """The star players' once-per-game +1s of this roll as :func:`calculators.armour.armour_roll` takes them:
        ``{"either": Ram and Slayer, "armour_only": Crushing Blow}``."""
        return {"either": int(self.ram) + int(self.slayer), "armour_only": int(self.crushing_blow)}

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
                                iron_hard_skin=self.iron_hard_skin, **self.star_bonuses())
        return armour_then_injury(edition, self.av, self.total_modifier(), 0 if injury is None else injury.modifier,
                                  need=2 if injury is None else injury.need, bonus=self.bonus(),
                                  claws=self.claws, foul=self.foul, sneaky_git=self.sneaky_git,
                                  lone_fouler=self.lone_fouler, iron_hard_skin=self.iron_hard_skin,
                                  table=None if injury is None else injury.table(),
                                  bonus_on_injury=not self.chainsaw, piling_on=self.piling_on, **self.star_bonuses())

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
        stunty, thick_skull: the victim's Stunty and Thick Skull: the roll is read on the edition's variant
            table from the data (:mod:`calculators.injury`), which :func:`with_injury_tables` sets in ``bands``.
        player: index into :attr:`Chain.players` of the player whose action it is.
        bands: the injury table read (:func:`calculators.injury.injury_table`); None: the plain table, and
            Stunty or Thick Skull are refused (their tables need the rules data).
    """

    need: str | int = "ko"
    modifier: int = 0
    stunty: bool = False
    thick_skull: bool = False
    player: int = 0
    bands: InjuryTable | None = field(default=None, compare=False, repr=False)

    kind: ClassVar[str] = "injury"

    def table(self) -> InjuryTable:
        """The injury table for the victim: ``bands``, or the plain one (:func:`calculators.injury.injury_table`)."""
        return self.bands if self.bands is not None else injury_table(None, "classic", self.stunty, self.thick_skull)

    def single(self, edition: str) -> Fraction:
        """Return P(the roll alone meets ``need``), with ``modifier`` and no +X."""
        o = armour_then_injury(edition, None, 0, self.modifier, need=self.need, table=self.table())
        return o["break"]



@dataclass(frozen=True)
class Dauntless:
    """A Dauntless roll that splits the chain: ``success`` steps if the D6 reaches ``target``, else ``failure``
    steps, then the main line goes on (each branch typically the block with its own dice).

    The roll is the attacker's own D6 (:mod:`calculators.block`: no edition forbids re-rolling it, so a
    team re-roll or Pro may re-roll a failure; no skill does).  A failure is not the end of the chain.

    Attributes:
        target: the face needed, 2..6 (the defender's ST minus the attacker's compared ST, plus one).
        success: steps after a success (a tuple of steps, possibly empty).
        failure: steps after a failure.
        player: index into :attr:`Chain.players` of the attacker.
        no_reroll: the coach will not re-roll the Dauntless roll.
        no_team_reroll: the coach will not spend a team re-roll on it (Pro or Blind Rage may still).
    """

    target: int
    success: tuple = ()
    failure: tuple = ()
    player: int = 0
    no_reroll: bool = False
    no_team_reroll: bool = False

    kind: ClassVar[str] = "dauntless"

    def p(self) -> Fraction:
        """Return P(the D6 reaches the target)."""
        return d6_at_least(self.target)

    def single(self, edition: str) -> Fraction:
        """Return P(the D6 reaches the target) (every edition)."""
        return self.p()


@dataclass(frozen=True)
class Alternatives:
    """Weighted alternatives: with probability ``weight`` the chain goes on with that alternative's steps,
    then the main line; with ``1 - sum(weights)`` it fails (e.g. where a bouncing ball ends up).

    Attributes:
        options: ``((weight, steps), ...)``: each weight an exact Fraction in (0, 1], their sum at most 1;
            ``steps`` a tuple of steps, possibly empty.
        player: None when the alternatives follow a step of the player going on (their steps are that
            player's); the index of a new player when they are that player's first item (the split comes before
            any roll of it, e.g. an opponent's roll against it): the steps of every alternative are then that
            player's (its Pro, Loner and once-per-turn skills are the same player's in each), and so is the main
            line after the group.  The solver does not need it (every step names its player); it fixes the
            players' order and the notation's ``/`` and flags.
    """

    options: tuple
    player: int | None = None

    kind: ClassVar[str] = "alternatives"


AnyStep = Union[Step, BlockStep, ArmourStep, InjuryStep, Dauntless, Alternatives]


def children(s: AnyStep) -> tuple[tuple[str, tuple], ...]:
    """Return ``((field path, steps), ...)``: the branches of step ``s`` (empty for a straight step).

    Paths are as :meth:`Chain.validate` names them after the step's own: ``.branch``, ``.success``,
    ``.failure``, ``.options[k]``.
    """
    if isinstance(s, Step):  # as written: the success branch first, then the failure one
        return (((".success", s.success),) if s.success else ()) + (((".branch", s.branch),) if s.branch else ())
    if isinstance(s, BlockStep):
        return ((".branch", s.branch),) if s.branch else ()
    if isinstance(s, Dauntless):
        return ((".success", s.success), (".failure", s.failure))
    if isinstance(s, Alternatives):
        return tuple((f".options[{k}]", o[1]) for k, o in enumerate(s.options))
    return ()


def _places(steps: tuple, prefix: str = "steps"):
    """Yield ``(path, sequence, index)`` for every step of ``steps`` and of their branches, in pre-order."""
    for i, s in enumerate(steps):
        path = f"{prefix}[{i}]"
        yield path, steps, i
        for sub, branch in children(s):
            yield from _places(branch, path + sub)


def walk(steps: tuple, prefix: str = "steps"):
    """Yield ``(path, step)`` for every step of ``steps`` and of their branches, in pre-order."""
    for path, seq, i in _places(steps, prefix):
        yield path, seq[i]


def map_steps(steps: tuple, fn) -> tuple:
    """Return ``steps`` with ``fn(step)`` in place of every step, branches included (each step's branches are
    mapped first, then the step itself); the tree's shape is kept."""
    out = []
    for s in steps:
        if isinstance(s, (Step, BlockStep)) and s.branch:
            s = replace(s, branch=map_steps(s.branch, fn))
        if isinstance(s, Step) and s.success:
            s = replace(s, success=map_steps(s.success, fn))
        elif isinstance(s, Dauntless):
            s = replace(s, success=map_steps(s.success, fn), failure=map_steps(s.failure, fn))
        elif isinstance(s, Alternatives):
            s = replace(s, options=tuple((w, map_steps(b, fn)) for w, b in s.options))
        out.append(fn(s))
    return tuple(out)


def with_injury_tables(chain: Chain, rules: RuleBook | None) -> Chain:
    """Return ``chain`` with every injury step's table read from ``rules`` for its edition and the victim's
    Stunty / Thick Skull (:func:`calculators.injury.injury_table`); unchanged without rules.

    Raises:
        CalcError: on field ``rules`` or ``rules.tables`` when a Stunty or Thick Skull table is missing.
    """
    if rules is None:
        return chain

    def bands(s):
        if not isinstance(s, InjuryStep):
            return s
        return replace(s, bands=injury_table(rules, chain.edition, s.stunty, s.thick_skull))
    return replace(chain, steps=map_steps(chain.steps, bands))


def linked_armour(steps: tuple, i: int) -> ArmourStep | None:
    """The armour step whose injury roll step ``i`` is (the step just before, same player), or None."""
    s = steps[i]
    if isinstance(s, InjuryStep) and i > 0 and isinstance(steps[i - 1], ArmourStep) and steps[i - 1].player == s.player:
        return steps[i - 1]
    return None
