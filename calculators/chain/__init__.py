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
  and the player can go on).  Which faces succeed comes from the block calculator's own
  face model (:func:`calculators.block.face_value`), Juggernaut on a Blitz included.  A defender with BB2025 Steady
  Footing who is Knocked Down stays standing on a 6, an opponent's roll (:mod:`calculators.chain.footing`).
* **Armour rolls and fouls** (:class:`ArmourStep`): a 2D6 armour roll that must break
  the armour, after a block (Mighty Blow, Claws) or in a Foul (assists, Dirty Player).
  Nobody may re-roll an armour roll: no team re-roll (BB2020 and BB2025: rules-facts §8
  "Team re-rolls", ``data/glossary/team-re-roll.yml``; classic is played the same way, though
  rules-facts has no classic line on it), no Pro (``data/skills/pro.yml``; BB2020
  Designer's Commentary, BB2025 Pro text: ``data/rulings/pro-restrictions.yml``), no skill.  A
  fouler is sent off on a natural double on the armour roll, or on the injury roll after
  a break (:func:`calculators.armour.armour_break`); a send-off is a turnover in every
  edition (rules-facts §8 "Turnover triggers"), so any later step is never taken, unless a
  Bribe written after the foul cancels it (**Bribes and Argue the Call** below).
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


A step that fails after every re-roll ends the chain, unless the failure is a non-critical one
with a branch (see **Branches** below; for the full outcome tree of a
pass use :mod:`calculators.passing`, of a block :mod:`calculators.block`).  The chain
*succeeds* when every step succeeds in order; a send-off on a foul that is the chain's
last step (its send-off group aside) does not undo that foul's broken armour, so it still counts as a success.


The package, one job a module:

* :mod:`~calculators.chain.kinds`: the step kinds and their per-edition tables (the other D6 kinds' rules);
* :mod:`~calculators.chain.steps`: the step classes, and walking a tree of steps;
* :mod:`~calculators.chain.model`: :class:`Chain`, :class:`Player` and every check of :meth:`Chain.validate`;
* :mod:`~calculators.chain.appeals`: a foul's send-off group (Bribes and Argue the Call);
* :mod:`~calculators.chain.outcomes`: the armour, foul and injury rolls' outcomes;
* :mod:`~calculators.chain.tree`: the solver's nodes (branches, block dice cases);
* :mod:`~calculators.chain.footing`: Steady Footing's rolls (the player's own and a block's defender's), as nodes;
* :mod:`~calculators.chain.bonuses`: Break Tackle and BB2025 Consummate Professional's +1 on one dodge;
* :mod:`~calculators.chain.solver`: the dynamic programme (re-roll sources, send-offs);
* :mod:`~calculators.chain.results`: :func:`solve`, :func:`policy`, :func:`summary` and the others read it.

Every name other modules use is importable from ``calculators.chain`` itself.
"""

from __future__ import annotations

from .appeals import appeal_chances, appeal_group, argue_numbers, with_argue_the_call
from .kinds import (APPEAL_KINDS, APPEAL_TARGETS, ARGUE_FIRST, ARGUE_SUCCESS, ARMOUR_FIELD_CLASHES,
                    ARMOUR_FIELD_EDITIONS, ARMOUR_KINDS, BLOCK_ATTACKER,
                    BLOCK_ATTACKER_EDITIONS, BLOCK_CASES, BLOCK_DEFENDER, BLOCK_DEFENDER_EDITIONS, BLOCK_DICE, BLOCK_GOALS, BRIBE_AFTER_EJECTION,
                    D6_KINDS, DIVING_TACKLE_AFTER_REROLLS, DIVING_TACKLE_KINDS, KIND_EDITIONS, KINDS, LOWEST_BAND_ONE, MAX_PAIR_DODGES,
                    ONE_DIE_SKILLS, ROLL_KINDS, highest_face)
from .model import Chain, Player
from .outcomes import rolls_2d6, step_singles
from .results import Row, policy, sent_off_by_rerolls, solve, success_by_rerolls, summary
from .solver import _solver  # noqa: F401  # the tests read its memo
from .steps import (Alternatives, AnyStep, ArmourStep, BlockStep, Dauntless, InjuryStep, Step, children, linked_armour,
                    map_steps, walk, with_injury_tables)

__all__ = ["AnyStep", "ARMOUR_FIELD_CLASHES", "ARMOUR_FIELD_EDITIONS", "BLOCK_ATTACKER_EDITIONS", "BLOCK_DEFENDER_EDITIONS", "DIVING_TACKLE_AFTER_REROLLS", "ONE_DIE_SKILLS", "step_singles",
           "ARMOUR_KINDS", "BLOCK_ATTACKER", "BLOCK_CASES", "BLOCK_DEFENDER", "BLOCK_DICE", "BLOCK_GOALS",
           "APPEAL_KINDS", "APPEAL_TARGETS", "ARGUE_FIRST", "ARGUE_SUCCESS", "BRIBE_AFTER_EJECTION", "D6_KINDS", "DIVING_TACKLE_KINDS", "KIND_EDITIONS",
           "KINDS", "LOWEST_BAND_ONE", "MAX_PAIR_DODGES", "ROLL_KINDS", "Alternatives", "ArmourStep", "BlockStep", "Chain", "Dauntless",
           "InjuryStep", "Player", "Row", "Step", "appeal_chances", "appeal_group", "argue_numbers", "children",
           "highest_face", "linked_armour", "map_steps", "policy", "with_argue_the_call", "with_injury_tables",
           "rolls_2d6", "sent_off_by_rerolls", "solve", "success_by_rerolls", "summary", "walk"]
