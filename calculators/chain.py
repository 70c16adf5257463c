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
  face model (:func:`calculators.block.face_value`), Juggernaut on a Blitz included.
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
  A Kick Team-mate (BB2020, BB2025) is this same step: it follows the Throw Team-mate rules (BBBase
  ``skills_and_traits.md`` KICK TEAM-MATE, both editions; FFB ``KickTeamMateLikeThrowLogicModule``), only
  its fumble's injury roll differs, which a chain that needs the landing never reaches.
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
* ``bribe`` and ``argue-the-call``: the coach's rolls after a foul's send-off, written right after the
  foul (see **Bribes and Argue the Call** below).  Nothing re-rolls them.
* ``interception`` (``I``): BB2025 calls it Interception again ("Interceptions", BBBase BB2025:
  an Agility test at -3 against an accurate pass, -2 against an inaccurate one); BB2020's Passing
  Interference is the same D6 step for the chain (its deflection and the catch that turns it into
  an interception are in :mod:`calculators.passing`).  No new kind.

**Bribes and Argue the Call** (a send-off group).  ``bribe`` and ``argue-the-call`` steps are rolled
only when a foul sends its fouler off: they are written right after that foul (after its injury roll when
one is written), by the same player, and are nothing else (:func:`appeal_group`; elsewhere the chain is
refused).  When the foul sends nobody off they are not rolled and the chain goes on.  Per edition (sources:
FUMBBL ``ffb-server/.../step/bb2016|bb2020|bb2025/foul/StepBribes.java``, ``step/bb2016/foul/StepEjectPlayer``,
``step/mixed/foul/StepEjectPlayer``, ``DiceInterpreter``; BBBase ``docs/bb2020/core_rules/the_rules_of_blood_bowl.md``
"Arguing the Call", ``inducements_in_detail.md`` "0-3 Bribes", ``faq_290525.md`` (p.63 & 91);
``docs/bb2025/core_rules/the_game_of_blood_bowl.md`` "Argue the Call", ``inducements.md`` "0-3 Bribes",
``latest_faq.md``; botbowl ``core/procedure.py`` ``Ejection`` for BB2016; Jervis
``rules/bb2020/procedures/actions/foul/FoulStep.kt``):

* a **Bribe** (``K2``: a D6, 2+ in every edition, a 1 fails; FFB ``isBribesSuccessful``): on a success the
  fouler is not sent off and *no turnover* is caused, so the chain goes on (every edition: BBBase BB2020 and
  BB2025 Bribes; FFB goes to the end of the foul without ending the turn; botbowl returns before its
  Turnover).  A failed Bribe may be followed by another (BB2020 FAQ "additional Bribes"; FFB asks again
  unless its ``onlyOneBribePerSendOff`` option is on; botbowl too): ``K2,K2``.
* **Argue the Call** (``Q6``; ``Q5`` with Friends with the Ref or a Biased Referee's +1): not in LRB6/CRP
  (``classic``); BB2016 as FUMBBL plays it, BB2020, BB2025.  On a success the fouler is not sent off but
  a turnover is still caused (BB2020 and BB2025 tables; Jervis "a turn-over still happens"; FFB BB2016
  puts the player in the Reserves box and ends the turn: :data:`ARGUE_SUCCESS`), so the chain ends there: it succeeds only if
  nothing follows the group, as for a send-off.  A natural 1 ejects the coach.  One per send-off, and one
  per chain (the ejection lasts the game; the chain does not follow it across fouls).  A BB2020 Biased
  Referee's +1 that spares the coach on a natural 1 (FAQ p.95) is not modelled.
* **Order**: BB2020 and BB2025 argue first, then Bribe (BB2020 FAQ: Argue the Call always first; a failed
  Bribe ends the chance to argue; BB2025 Bribes "after any attempt to Argue the Call"; FFB's BB2020 and
  BB2025 steps): ``Q6,K2``.  FUMBBL's BB2016 asks for Bribes first, then Argue the Call: ``K2,Q6``.  The
  other order is refused.
* **After a 1 on Argue the Call**: BB2020 allows no Bribe for that send-off (BBBase Bribes; FAQ "just for
  that particular sending off"; FFB BB2020 sets no Bribe); BB2025's text does not forbid it and FFB's BB2025
  step still offers one (its BB2020 line is gone): the Bribe is rolled (:data:`BRIBE_AFTER_EJECTION`).

:func:`appeal_chances` gives, for a group, P(a Bribe lets the chain go on) and P(Argue the Call succeeds,
its turnover ending the chain); the rest of a send-off stays one.  The solver folds the group into the foul's
outcomes; its steps then pass straight on (policy ``"none"``).  BloodBowlDave's calculator goes on after a
successful Argue the Call too (their ``ArgueTheCallStrategy``), where ours ends the chain at the turnover
(``tests/calculators/dave_differences.yml``).

A step that fails after every re-roll ends the chain, unless the failure is a non-critical one
with a branch (see **Branches** below; for the full outcome tree of a
pass use :mod:`calculators.passing`, of a block :mod:`calculators.block`).  The chain
*succeeds* when every step succeeds in order; a send-off on a foul that is the chain's
last step (its send-off group aside) does not undo that foul's broken armour, so it still counts as a success.

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
* **Hatred (X)** (BB2025 only; mark ``h``: the block is against a player with the keyword X) re-rolls one
  die showing Player Down, every time (BBBase ``docs/bb2025/core_rules/skills_and_traits.md`` "HATRED (X)";
  FFB ``skill/bb2025/Hatred``; ``data/skills/hatred.yml``);
* **Unstoppable Momentum** (H'thark the Unstoppable, BB2020 and BB2025; mark ``u``, so the block is a Blitz's)
  re-rolls any one block die, every Blitz (BBBase ``docs/bb2020|bb2025/starplayers/H'thark_the_Unstoppable.md``;
  FFB ``skill/mixed/special/UnstoppableMomentum``); not with Brawler (a Block action);
* at most one re-roll per block roll, as in :mod:`calculators.block` (a team re-roll
  re-rolls every die, and no die is re-rolled twice), so Brawler, Hatred and Unstoppable Momentum together
  are one free re-roll of the best die any of them may re-roll.  Savage Blow (Anqi Panqi, once per game,
  any number of the dice) is not modelled.

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
* ``consummate``: BB2020, Consummate Professional re-rolls the die (or one block die), once per game;
  BB2025, its +1 saves an Agility test's die that fell one short (never a natural 1), once per game;
* ``ballista``: The Ballista re-rolls a failed pass or throw (BB2020), a throw of a team-mate (BB2025),
  once per game;
* ``savageblow``: Savage Blow re-rolls the best dice of a Block action's block roll, once per game;
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

**Branches.**  A chain need not be a straight line (issue 9):

* a D6 test may have a band of **non-critical failures** (:attr:`Step.partial`: faces
  ``partial..target-1``, e.g. a pass that is inaccurate but not fumbled; a natural 1 and lower
  faces are critical).  After any failure the coach may re-roll as usual; a *final* non-critical
  failure goes on with the step's :attr:`Step.branch`, then the main line; a critical one ends
  the chain.  A block may likewise have non-critical results (:attr:`BlockStep.branch`, goal
  ``down``): the faces that leave the attacker standing but the defender up (a Push, a Stumble
  against Dodge, Both Down when both have Block), e.g. Frenzy's second block.  With a branch,
  accepting a failed roll is no longer worth 0, so a failed Pro or Loner roll leaves the roll
  as it was (the coach then weighs a further team re-roll against keeping it: the options
  ``pro``/``pro+team`` and ``team``/``team+team`` are both offered);
* a :class:`Dauntless` roll splits the chain: its success and failure branches (typically the
  block with different dice), then the main line; the roll may be re-rolled as any own D6;
* :class:`Alternatives`: exact weights, each alternative's steps then the main line, the rest
  of the probability a failure; they may be a player's first item (:attr:`Alternatives.player`, e.g.
  an opponent's roll against that player decides which steps it takes): the solver needs no change
  for it, since every step names its player, so that player's Pro, Loner and once-per-turn skills are
  the same in every alternative;
* a failed **Hypnotic Gaze** ends only the gazer's activation, with no turnover, whatever the face (BBBase
  ``docs/bb2020/core_rules/skills_and_traits.md`` and ``docs/bb2025/core_rules/skills_and_traits.md``
  HYPNOTIC GAZE: on a failure nothing happens and the activation ends; FFB
  ``step/bb2016|bb2020|bb2025/move/StepHypnoticGaze.java``: a failed roll, once no re-roll is taken, ends the
  player's action and publishes no turnover): so its band may start at 1 (:data:`LOWEST_BAND_ONE`, ``G3~1``),
  every failure then going on by the branch once the re-rolls are decided;
* a **Diving Tackle** on a dodge (:attr:`Step.diving_tackle`; in BB2020 and BB2025 on a jump or leap too, at
  the same moment, :data:`DIVING_TACKLE_KINDS`), an opponent's choice made to lower our chance: the
  diver takes 2 off a dodge it can turn from a pass into a failure (a natural 6 still passes).  When it
  is decided, per edition (sources: FUMBBL ``christerk/ffb``
  ``skill/bb2016/DivingTackle.java`` and ``skill/mixed/DivingTackle.java`` (BB2020, BB2025) with their
  ``skillbehaviour/bb20xx/DivingTackleBehaviour.java``; BBBase ``docs/bb2020/core_rules/faq_290525.md``,
  ``docs/bb2020/core_rules/skills_and_traits.md``, ``docs/bb2025/core_rules/skills_and_traits.md`` and
  ``latest_faq.md``; ``data/skills/diving-tackle.yml``; rules-facts "Diving Tackle / Timing"):

  - BB2025: once the test is rolled and every re-roll and modifier applied (skill text; the
    FAQ's dodge order: roll and re-rolls, then Diving Tackle).  A roll it fails is never
    re-rolled: the dodge passes only on ``target + 2`` (or a 6), and a failure below ``target``
    may still be re-rolled (needing ``target + 2``).
  - BB2020: declared once our test has passed (skill text), before our re-roll decision; the
    May 2025 FAQ lets it come on a re-rolled dodge too, and lets a dive on the first roll be
    re-rolled, the -2 still applying.  So every roll of that dodge needs ``target + 2``: the
    dodge is played as a dodge at ``min(target + 2, 6)``.
  - classic (LRB6/CRP as the FFB BB2016 class quotes it, ``data/skills/diving-tackle.yml``): the
    skill is used "after" the dodge roll, with no condition that the roll passed; if not used on
    the first roll it may be used on the re-roll, and once used its -2 stays for the re-roll.
    FFB offers it only when it turns a pass into a failure; ``njustesen/botbowl``
    (``core/procedure.py`` ``Dodge``) has the diver decide *before* the roll, which can only be
    worse for the diver.  Either way a re-rolled dodge needs ``target + 2``, so classic plays as
    BB2020.  The diver's own fate (Placed Prone, its tackle zone) is not part of the chain.

  The opponent dives whenever that lowers our chance (it never raises it);
* a **"do not re-roll" mark** (``no_reroll`` on :class:`Step`, :class:`BlockStep`, :class:`Dauntless`):
  no team re-roll, Pro or skill on that roll.

The solver keeps one implementation: the steps and their branches become nodes in pre-order
(:func:`_tree`), each with explicit next nodes (success, non-critical failure, alternatives), so
a straight chain's step i is node i; the states are (node, re-roll resources), and what a state
remembers is cut to what the node's descendants can use.

Values are Fractions; states are memoised per call (no global state).  A state keeps only
what a later step can use: a once-per-turn skill's use while its player still has a step
that skill re-rolls, Pro's while its player still has a step Pro may re-roll (players roll
in turn, so that is the current player's alone), and of the team re-rolls left and used this
turn only how many may still be used.  So the number of states grows linearly with the steps, not
exponentially with the players.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import ClassVar, Union

from .armour import (INJURY_NEEDS, SKILL_VALUES, InjuryTable, armour_break, armour_then_injury,
                     injury_table, old_pro_rescue, skill_value)
from .block import FACES, face_value
from .editions import check_edition, family, mechanics
from .errors import CalcError
from .rerolls import (AGILITY_KINDS, BALLISTA_KINDS, BREAK_TACKLE_BONUSES, NOT_REROLLED_KINDS, ONCE_PER_TURN,
                      OPPONENT_KINDS, SKILL_FOR_KIND, STAR_RULE_EDITIONS, STAR_RULES, check_reading, d6_at_least,
                      reroll_rules)
from .rolls import face_chance
from .rules import RuleBook

__all__ = ["ARMOUR_KINDS", "BLOCK_ATTACKER", "BLOCK_CASES", "BLOCK_DEFENDER", "BLOCK_DICE", "BLOCK_GOALS",
           "APPEAL_KINDS", "APPEAL_TARGETS", "ARGUE_FIRST", "ARGUE_SUCCESS", "BRIBE_AFTER_EJECTION", "D6_KINDS", "DIVING_TACKLE_KINDS", "KIND_EDITIONS",
           "KINDS", "LOWEST_BAND_ONE", "ROLL_KINDS", "Alternatives", "ArmourStep", "BlockStep", "Chain", "Dauntless",
           "InjuryStep", "Player", "Row", "Step", "appeal_chances", "appeal_group", "children", "highest_face",
           "linked_armour", "map_steps", "policy", "with_injury_tables",
           "rolls_2d6", "sent_off_by_rerolls", "solve", "success_by_rerolls", "summary", "walk"]

#: D6-test step kinds (the notation letter is in :mod:`calculators.notation`)
D6_KINDS: tuple[str, ...] = ("dodge", "rush", "pick-up", "pass", "catch", "hand-off", "landing", "interception", "test",
                             "jump", "hail-mary", "throw-team-mate", "hypnotic-gaze", "tentacles", "shadowing",
                             "bribe", "argue-the-call")
#: D6 kinds that exist in some editions only -> those editions (module docstring); the others exist in all
KIND_EDITIONS: dict[str, tuple[str, ...]] = {
    "tentacles": ("bb2020", "bb2025"),
    "shadowing": ("bb2020", "bb2025"),
    "argue-the-call": ("bb2016", "bb2020", "bb2025"),  # the editions of ARGUE_SUCCESS (a test keeps them equal)
}
#: why a kind is refused outside :data:`KIND_EDITIONS` (said in the error)
_KIND_ABSENT: dict[str, str] = {
    "tentacles": "classic Tentacles is a 2D6 roll by the moving player, not a D6 step",
    "shadowing": "classic Shadowing is a 2D6 roll by the moving player, not a D6 step",
    "argue-the-call": "LRB6 and the CRP have no Argue the Call roll",
}
#: the coach's rolls after a foul's send-off: a Bribe, Argue the Call (module docstring, "Bribes and Argue the Call")
APPEAL_KINDS: tuple[str, ...] = ("bribe", "argue-the-call")
#: the face a Bribe and Argue the Call succeed on without modifiers (a Bribe: 2+ in every edition, FFB
#: ``DiceInterpreter.isBribesSuccessful``; Argue the Call: a 6, ``isArgueTheCallSuccessful``); the chain refuses another
#: Bribe target, and the calculator help states these numbers from here
APPEAL_TARGETS: dict[str, int] = {"bribe": 2, "argue-the-call": 6}
#: a successful Argue the Call, per edition that has the roll: where the fouler goes instead of being sent off, and
#: whether the turnover still stands.  BB2016 (FUMBBL): the Reserves box, turnover (FFB
#: ``skillbehaviour/bb2016/SneakyGitBehaviour``, the ``StepEjectPlayer`` hook: ``PlayerState.RESERVE``; the step still
#: ends the turn).  BB2020 and BB2025: the player is not Sent-off and a Turnover is still caused (BBBase "ARGUE THE
#: CALL" tables; ``data/tables/argue-the-call-bb2020.yml``, ``-bb2025.yml``).  :func:`appeal_chances` reads the
#: turnover from here, and the chain calculator's help says both from here.
ARGUE_SUCCESS: dict[str, dict[str, object]] = {
    "bb2016": {"fouler": "reserves", "turnover": True},
    "bb2020": {"fouler": "not-sent-off", "turnover": True},
    "bb2025": {"fouler": "not-sent-off", "turnover": True},
}
#: by edition family: Argue the Call comes before the Bribes (BB2020, BB2025), or after them (FUMBBL's BB2016)
ARGUE_FIRST: dict[str, bool] = {"classic": False, "bb2020": True, "bb2025": True}
#: by edition family: may a Bribe follow a natural 1 on Argue the Call (the coach ejected)?  Not in BB2020
BRIBE_AFTER_EJECTION: dict[str, bool] = {"classic": True, "bb2020": False, "bb2025": True}
#: armour-roll step kinds: after a block, and a Foul's
ARMOUR_KINDS: tuple[str, ...] = ("armour", "foul")
#: 2D6 roll step kinds that no re-roll source of the chain touches: armour rolls, fouls, injury rolls
ROLL_KINDS: tuple[str, ...] = ARMOUR_KINDS + ("injury",)
#: every step kind
KINDS: tuple[str, ...] = D6_KINDS + ("block",) + ROLL_KINDS
#: D6 kinds whose every failure may go on (a band ``partial`` from 1): a failed Hypnotic Gaze ends the gazer's
#: activation with no turnover, in every edition (module docstring, "Branches")
LOWEST_BAND_ONE: frozenset[str] = frozenset({"hypnotic-gaze"})
#: when an opponent's Diving Tackle is decided, by edition family: True after every re-roll of the dodge
#: (BB2025), False after each roll, before the coach's re-roll (classic, BB2020); see the module docstring
DIVING_TACKLE_AFTER_REROLLS: dict[str, bool] = {"classic": False, "bb2020": False, "bb2025": True}
#: the D6 kinds an opponent's Diving Tackle may act on, by edition family: a dodge in classic (LRB6/CRP text as FFB
#: ``skill/bb2016/DivingTackle`` quotes it: a player dodging out of the diver's tackle zone); a dodge, a jump or a
#: Leap in BB2020 and BB2025 (BBBase ``docs/bb2020|bb2025/core_rules/skills_and_traits.md`` DIVING TACKLE; FFB
#: ``skill/mixed/DivingTackle`` adds a jump modifier, used by ``step/bb2020|bb2025/move/StepJump``), at the same
#: moment as on a dodge (:data:`DIVING_TACKLE_AFTER_REROLLS`)
DIVING_TACKLE_KINDS: dict[str, frozenset[str]] = {"classic": frozenset({"dodge"}),
                                                  "bb2020": frozenset({"dodge", "jump"}),
                                                  "bb2025": frozenset({"dodge", "jump"})}
#: block dice: 1, 2, 3 (the attacker chooses) or -2, -3 (the defender chooses), as :class:`calculators.block.Block`
BLOCK_DICE: tuple[int, ...] = (1, 2, 3, -2, -3)
#: the attacker's skills a block step models (Block, Tackle, Juggernaut; Brawler in BB2020/BB2025)
BLOCK_ATTACKER: tuple[str, ...] = ("block", "tackle", "brawler", "juggernaut", "hatred", "unstoppable-momentum")
#: attacker skills of a block that exist in some editions only -> those edition families (the module docstring)
BLOCK_ATTACKER_EDITIONS: dict[str, tuple[str, ...]] = {"brawler": ("bb2020", "bb2025"), "hatred": ("bb2025",),
                                                       "unstoppable-momentum": ("bb2020", "bb2025")}
#: attacker skills that re-roll one die of a failed block roll, free and every time -> the faces that die may show
#: (None: any die)
ONE_DIE_SKILLS: dict[str, tuple[str, ...] | None] = {"brawler": ("both_down",), "hatred": ("attacker_down",),
                                                     "unstoppable-momentum": None}
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


def highest_face(kind: str, break_tackle: int = 0) -> int:
    """Return the highest die face a D6 step of ``kind`` may need: 6, but on a dodge with Break Tackle 6 plus its
    bonus, which the bonus reaches (a 7+ dodge with +3 passes on 4, 5, 6; BB2020/BB2025 Break Tackle)."""
    return 6 + break_tackle if kind == "dodge" else 6


@dataclass(frozen=True)
class Step:
    """One D6 test of a chain.

    Attributes:
        kind: one of :data:`D6_KINDS`.
        target: the die face needed, 2..6 (modifiers already applied); on a dodge with Break Tackle up to
            6 + ``break_tackle`` (a 7+ dodge with +3 passes on 4, 5, 6).
        skill: the acting player has the skill that re-rolls this kind of step
            (Dodge, Sure Feet, Sure Hands, Catch, Pass; see ``rerolls.SKILL_FOR_KIND``).
        player: index into :attr:`Chain.players` of the player who rolls.
        partial: None (every failure is critical), or the lowest face, 2..target-1, of a band of
            *non-critical* failures: faces ``partial..target-1`` fail without ending the chain (a pass
            that is inaccurate but not fumbled); a natural 1 and faces below ``partial`` end it.  On a
            kind of :data:`LOWEST_BAND_ONE` it may be 1: every failure goes on (a failed Hypnotic Gaze).
        branch: steps taken after a non-critical failure (once every re-roll is decided), before the
            main line goes on; empty: the main line goes straight on.  Needs ``partial``.
        no_reroll: the coach will not re-roll this step (no team re-roll, Pro or skill).
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
    """

    dice: int = 1
    attacker: frozenset = frozenset()
    defender: frozenset = frozenset()
    goal: str = "down"
    player: int = 0
    branch: tuple | None = None
    no_reroll: bool = False

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
    """

    target: int
    success: tuple = ()
    failure: tuple = ()
    player: int = 0
    no_reroll: bool = False

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


@dataclass(frozen=True)
class Player:
    """A player's re-roll traits: ``pro`` (has Pro), ``loner`` (X of Loner (X+), or None), and the star player
    rules :data:`calculators.rerolls.STAR_RULES`, each once per game, so at most once in a chain (BB2020 and
    BB2025 only; see :mod:`calculators.rerolls`): ``consummate`` (Consummate Professional: BB2020 a free
    re-roll of one die, BB2025 +1 on an Agility test after the roll), ``ballista`` (The Ballista: a free
    re-roll of a failed pass or throw, BB2020; of a throw of a team-mate, BB2025), ``oldpro`` (Old Pro: Pro
    may re-roll one die of an armour roll after a block; needs ``pro``), ``savageblow`` (Savage Blow: any number of
    the dice of a Block action's block roll re-rolled)."""

    pro: bool = False
    loner: int | None = None
    consummate: bool = False
    ballista: bool = False
    oldpro: bool = False
    savageblow: bool = False


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
            self._check_star_rules(i, pl)
        if not self.steps:
            raise CalcError("steps", "a chain needs at least one step", reason="chain-shape")
        places = list(_places(self.steps))
        everything = [(path, seq[i]) for path, seq, i in places]
        for position, (path, seq, i) in enumerate(places):
            s = seq[i]
            if isinstance(s, BlockStep):
                self._check_block(path, s, everything)
            elif isinstance(s, ArmourStep):
                self._check_armour(path, s, seq, i, everything, position)
            elif isinstance(s, InjuryStep):
                self._check_injury(path, s, seq, i)
            elif isinstance(s, Step):
                self._check_d6(path, s)
                if s.kind == "interception" and i > 0 and isinstance(seq[i - 1], Step) and seq[i - 1].kind == "hail-mary":
                    # every edition: FFB skill/common/HailMaryPass ("may not be intercepted"); BBBase BB2020
                    # "cannot be interfered with", BB2025 "cannot be Intercepted"
                    raise CalcError(f"{path}.kind", "a Hail Mary Pass cannot be intercepted (or interfered with)",
                                    reason="hail-mary-interception")
                if s.kind in APPEAL_KINDS:
                    self._check_appeal(path, s, seq, i, everything[:position])
            elif isinstance(s, Dauntless):
                if not (isinstance(s.target, int) and not isinstance(s.target, bool) and 2 <= s.target <= 6):
                    raise CalcError(f"{path}.target", f"the Dauntless face needed must be 2..6, got {s.target!r}", [2, 6],
                                    reason="range")
                self._check_branches(path, s)
            elif isinstance(s, Alternatives):
                self._check_alternatives(path, s)
            else:
                raise CalcError(f"{path}.kind", f"not a chain step: {s!r}", list(KINDS), reason="choice")
            if (not isinstance(s, Alternatives) or s.player is not None) and not (
                    isinstance(s.player, int) and not isinstance(s.player, bool) and 0 <= s.player < len(self.players)):
                raise CalcError(f"{path}.player", f"player index {s.player} out of range", [0, len(self.players) - 1], reason="range")
        top = self._check_players(self.steps, "steps", 0, -1)
        if top != len(self.players) - 1:
            raise CalcError("players", "every player must roll at least one step", reason="chain-shape")
        return self

    def _check_star_rules(self, i: int, pl: Player) -> None:
        """A player's star rules (:data:`calculators.rerolls.STAR_RULES`): booleans, in an edition that has them."""
        for name, where in STAR_RULE_EDITIONS.items():
            on = getattr(pl, name)
            if not isinstance(on, bool):
                raise CalcError(f"players[{i}].{name}", f"{name} is true or false, got {on!r}", [False, True],
                                reason="choice")
            if on and family(self.edition) not in where:
                raise CalcError(f"players[{i}].{name}", f"{STAR_RULES[name]} is a star player rule of "
                                f"{' and '.join(where)} only, not of {self.edition}", list(where), reason="not-in-edition")
        rules = [name for name in STAR_RULE_EDITIONS if getattr(pl, name)]
        if len(rules) > 1:  # every star player has one special rule (BBBase star player pages, BB2020 and BB2025)
            raise CalcError(f"players[{i}].{rules[1]}", f"a star player has a single special rule: "
                            f"{' and '.join(STAR_RULES[r] for r in rules)} on one player", [rules[0]],
                            reason="one-star-rule")
        if pl.oldpro and not pl.pro:
            raise CalcError(f"players[{i}].oldpro", "Old Pro uses the Pro skill: the player needs pro too", [True],
                            reason="old-pro-needs-pro")

    def _check_players(self, steps: tuple, prefix: str, previous: int, top: int) -> int:
        """Check the players' order in ``steps`` (after a step of player ``previous``; ``top`` the highest
        player so far) and return the highest player afterwards.

        Within a sequence each step's player is the previous step's or a new one (the next number); a branch
        starts from its step's player; after a branch the main line goes on from the step that owns it.
        Alternatives that open a player (:attr:`Alternatives.player`) count as that player's first item.
        """
        for i, s in enumerate(steps):
            path = f"{prefix}[{i}]"
            if isinstance(s, Alternatives) and s.player is None:
                for sub, branch in children(s):
                    top = self._check_players(branch, path + sub, previous, top)
                continue
            if s.player != previous and s.player != top + 1 and not (top < 0 and s.player == 0):
                raise CalcError(f"{path}.player", "each player's steps are consecutive: players are numbered 0, 1, ... in order",
                                reason="chain-shape")
            previous, top = s.player, max(top, s.player)
            for sub, branch in children(s):
                top = self._check_players(branch, path + sub, previous, top)
        return top

    def _check_d6(self, path: str, s: Step) -> None:
        if s.kind not in D6_KINDS:
            raise CalcError(f"{path}.kind", f"unknown step kind {s.kind!r}", list(KINDS), reason="choice")
        top = highest_face(s.kind, s.break_tackle if isinstance(s.break_tackle, int) else 0)
        if not (isinstance(s.target, int) and 2 <= s.target <= top):
            raise CalcError(f"{path}.target", f"the die face needed must be 2..{top}, got {s.target!r}", [2, top],
                            reason="range")
        if s.skill and s.kind not in SKILL_FOR_KIND:
            raise CalcError(f"{path}.skill", f"no skill re-rolls a {s.kind} step", sorted(SKILL_FOR_KIND), reason="choice")
        if s.partial is not None:
            low = 1 if s.kind in LOWEST_BAND_ONE else 2
            if not (isinstance(s.partial, int) and not isinstance(s.partial, bool) and low <= s.partial < s.target):
                raise CalcError(f"{path}.partial", f"the lowest non-critical face must be {low}..{s.target - 1} (below "
                                f"the target {s.target}), got {s.partial!r}", [low, s.target - 1], reason="range")
            if s.kind in OPPONENT_KINDS or s.diving_tackle:
                raise CalcError(f"{path}.partial", "an opponent's roll or a dodge against Diving Tackle has no "
                                "non-critical failure here", reason="chain-shape")
        if s.branch and s.partial is None:
            raise CalcError(f"{path}.branch", "a failure branch needs a band of non-critical failures (partial)",
                            reason="chain-shape")
        if s.success and s.partial is None:
            raise CalcError(f"{path}.success", "a success branch goes with a band of non-critical failures "
                            "(partial): without one, write its steps after the roll", reason="chain-shape")
        dives = DIVING_TACKLE_KINDS[family(self.edition)]
        if s.diving_tackle and s.kind not in dives:
            if s.kind == "jump":
                raise CalcError(f"{path}.diving_tackle", f"no Diving Tackle on a jump or leap in {self.edition}: there "
                                "it acts on a dodge only; on a jump or leap in bb2020 and bb2025", ["bb2020", "bb2025"],
                                reason="not-in-edition")
            raise CalcError(f"{path}.diving_tackle", "Diving Tackle acts on a dodge (and in bb2020 and bb2025 on a jump "
                            "or leap) only", sorted(dives), reason="diving-tackle-roll")
        if s.no_reroll and s.kind in OPPONENT_KINDS:
            raise CalcError(f"{path}.no_reroll", "an opponent's roll is never ours to re-roll", reason="chain-shape")
        self._check_d6_edition(path, s)
        if (s.break_tackle and family(self.edition) == "bb2025" and s.kind in AGILITY_KINDS
                and isinstance(s.player, int) and 0 <= s.player < len(self.players) and self.players[s.player].consummate):
            raise CalcError(f"{path}.break_tackle", "Break Tackle and Consummate Professional's +1 on one dodge are not "
                            "modelled together", reason="not-modelled")
        if s.break_tackle and (s.partial is not None or s.diving_tackle):
            raise CalcError(f"{path}.break_tackle", "Break Tackle on a dodge with a non-critical band or against Diving "
                            "Tackle is not modelled", reason="not-modelled")
        self._check_branches(path, s)

    def _check_appeal(self, path: str, s: Step, seq: tuple, i: int, before: list) -> None:
        """A Bribe or Argue the Call: in a foul's send-off group, at its target, in the edition's order."""
        start = _appeal_start(seq, i)
        if start is None:
            name = "a Bribe" if s.kind == "bribe" else "Argue the Call"
            raise CalcError(f"{path}.kind", f"{name} is rolled only when a foul sends its fouler off: write it right "
                            "after that foul (or its injury roll), by the same player", reason="send-off-group")
        bribe = APPEAL_TARGETS["bribe"]
        if s.kind == "bribe" and s.target != bribe:
            raise CalcError(f"{path}.target", f"a Bribe succeeds on {bribe}+ in every edition, got {s.target}",
                            [bribe, bribe], reason="range")
        mine = seq[start:i]  # the group's steps before s
        if s.kind == "argue-the-call":
            if any(t.kind == "argue-the-call" for _, t in before if isinstance(t, Step)):
                raise CalcError(f"{path}.kind", "one Argue the Call per chain: a natural 1 ejects the coach for the "
                                "rest of the game", reason="send-off-group")
            if ARGUE_FIRST[family(self.edition)] and mine:
                raise CalcError(f"{path}.kind", f"in {self.edition} the call is argued before any Bribe: write Q "
                                "before K", reason="send-off-group")
        elif not ARGUE_FIRST[family(self.edition)] and any(t.kind == "argue-the-call" for t in mine):
            raise CalcError(f"{path}.kind", f"in {self.edition} (FUMBBL) the Bribes come before Argue the Call: write "
                            "K before Q", reason="send-off-group")

    def _check_branches(self, path: str, s: AnyStep) -> None:
        for sub, branch in children(s):
            if not isinstance(branch, tuple):
                raise CalcError(f"{path}{sub}", "a branch is a tuple of steps", reason="chain-shape")

    def _check_alternatives(self, path: str, s: Alternatives) -> None:
        if not isinstance(s.options, tuple) or not s.options:
            raise CalcError(f"{path}.options", "alternatives need at least one (weight, steps) pair", reason="chain-shape")
        total = _ZERO
        for k, o in enumerate(s.options):
            if not (isinstance(o, tuple) and len(o) == 2 and isinstance(o[1], tuple)):
                raise CalcError(f"{path}.options[{k}]", "each alternative is a (weight, steps) pair", reason="chain-shape")
            w = o[0]
            if isinstance(w, bool) or not isinstance(w, (int, Fraction)) or not 0 < w <= 1:
                raise CalcError(f"{path}.options[{k}]", f"a weight is an exact fraction in (0, 1], got {w!r}", [0, 1],
                                reason="range")
            total += w
        if total > 1:
            raise CalcError(f"{path}.options", f"the weights add up to {total}, more than 1", [0, 1], reason="range")

    def _check_d6_edition(self, path: str, s: Step) -> None:
        """A D6 kind that exists in the edition, and Break Tackle only where and as it exists."""
        where = KIND_EDITIONS.get(s.kind)
        if where is not None and self.edition not in where:
            raise CalcError(f"{path}.kind", f"no {s.kind} roll in {self.edition}: {_KIND_ABSENT[s.kind]}; it exists "
                                                f"in {', '.join(where)}", list(where), reason="not-in-edition")
        bt = s.break_tackle
        if bt == 0 and not isinstance(bt, bool):
            return
        bonuses = BREAK_TACKLE_BONUSES[family(self.edition)]
        if not bonuses:
            raise CalcError(f"{path}.break_tackle", f"no Break Tackle bonus in {self.edition}: classic Break "
                                                        "Tackle uses ST instead of AG, already in the dodge's target; it "
                                                        "is a bonus in bb2020 and bb2025", ["bb2020", "bb2025"],
                            reason="not-in-edition")
        if s.kind != "dodge":
            raise CalcError(f"{path}.break_tackle", f"Break Tackle helps a dodge only, not a {s.kind} step",
                            ["dodge"], reason="choice")
        if isinstance(bt, bool) or bt not in bonuses:
            raise CalcError(f"{path}.break_tackle", f"Break Tackle's bonus in {self.edition} is one of "
                                                        f"{', '.join(map(str, bonuses))}, got {bt!r}",
                            [bonuses[0], bonuses[-1]], reason="skill-value")

    def _check_block(self, path: str, s: BlockStep, everything: list | None = None) -> None:
        if s.dice not in BLOCK_DICE or isinstance(s.dice, bool):
            raise CalcError(f"{path}.dice", f"block dice must be one of 1, 2, 3 (the attacker chooses) or -2, -3 "
                                            f"(the defender chooses), got {s.dice!r}", list(BLOCK_DICE), reason="choice")
        allowed = [k for k in BLOCK_ATTACKER if family(self.edition) in BLOCK_ATTACKER_EDITIONS.get(k, (family(self.edition),))]
        for name, skills, ok in ((f"{path}.attacker", s.attacker, allowed),
                                 (f"{path}.defender", s.defender, list(BLOCK_DEFENDER))):
            bad = sorted(set(skills) - set(ok))
            if bad:
                where = BLOCK_ATTACKER_EDITIONS.get(bad[0])
                named = {"bb2020": "BB2020", "bb2025": "BB2025"}
                extra = (f" ({bad[0].replace('-', ' ').title()} exists in {' and '.join(named[e] for e in where)} only)"
                         if where else "")
                raise CalcError(name, f"unknown skill {bad[0]!r} for {self.edition}{extra}; allowed: {', '.join(ok)}", ok, reason="skills")
        if s.goal not in BLOCK_GOALS:
            raise CalcError(f"{path}.goal", f"goal must be one of {', '.join(BLOCK_GOALS)}, got {s.goal!r}",
                            list(BLOCK_GOALS), reason="choice")
        if "brawler" in s.attacker and "juggernaut" in s.attacker:
            raise CalcError(f"{path}.attacker", "Brawler works on a Block action, Juggernaut on a Blitz: one block "
                            "cannot use both", ["brawler", "juggernaut"], reason="step-skill")
        if "brawler" in s.attacker and "unstoppable-momentum" in s.attacker:
            raise CalcError(f"{path}.attacker", "Brawler works on a Block action, Unstoppable Momentum on a Blitz: one "
                            "block cannot use both", ["brawler", "unstoppable-momentum"], reason="step-skill")
        if s.branch is not None and s.goal != "down":
            raise CalcError(f"{path}.branch", "only a knock-down block (goal down) has non-critical results", reason="chain-shape")
        self._check_branches(path, s)
        if "brawler" in s.attacker:
            # a Block action: besides its blocks (Frenzy's second, a Dauntless roll) only armour rolls
            others = [t for _, t in (everything if everything is not None else walk(self.steps))
                      if t is not s and not isinstance(t, Alternatives) and t.player == s.player]
            if any(not ((isinstance(t, (ArmourStep, InjuryStep)) and t.kind != "foul") or isinstance(t, (BlockStep, Dauntless)))
                   for t in others):
                raise CalcError(f"{path}.attacker", "Brawler works only on a Block action, not in a Blitz: "
                                "besides that block, its player may only have armour and injury rolls", reason="brawler-blitz")

    def _check_armour(self, path: str, s: ArmourStep, seq: tuple, i: int, everything: list, position: int) -> None:
        """``seq``, ``i``: the sequence that holds ``s`` and its index there; ``everything[:position]``: the steps before."""
        hi = 12 if mechanics(self.edition).armour_rule == "exceeds" else 13
        if not (isinstance(s.av, int) and not isinstance(s.av, bool) and 3 <= s.av <= hi):
            raise CalcError(f"{path}.av", f"av must be an integer from 3 to {hi} ({self.edition}), got {s.av!r}",
                            [3, hi], reason="range")
        lim = 8 if s.foul and not s.chainsaw else 5  # a Chainsaw foul: its +3 on top, 8 in all
        if not (isinstance(s.modifier, int) and not isinstance(s.modifier, bool) and -lim <= s.modifier <= lim):
            what = "a foul's modifier (net assists)" if s.foul else "an armour roll's modifier"
            raise CalcError(f"{path}.modifier", f"{what} must be an integer from {-lim} to {lim}, got {s.modifier!r}",
                            [-lim, lim], reason="range")
        if s.foul and (s.mighty_blow or s.claws):
            raise CalcError(f"{path}.{'mighty_blow' if s.mighty_blow else 'claws'}",
                            "Mighty Blow and Claws act after a block, not on a foul", reason="claws-foul")
        if not s.foul and s.dirty_player:
            raise CalcError(f"{path}.dirty_player", "Dirty Player acts on a foul's armour roll only", reason="dirty-player-armour")
        fam = family(self.edition)
        for name in ("mighty_blow", "dirty_player"):
            try:
                skill_value(self.edition, name, getattr(s, name))
            except CalcError as e:
                raise CalcError(f"{path}.{name}", e.message, e.allowed, reason="skill-value") from None

        def refuse(name: str, message: str, allowed: object = None, reason: str = "step-skill") -> CalcError:
            if reason == "edition-skill":
                return CalcError(f"{path}.{name}", message, allowed, reason="edition-skill")
            return CalcError(f"{path}.{name}", message, allowed, reason="step-skill")

        if not s.foul and (s.sneaky_git or s.lone_fouler):
            name = "sneaky_git" if s.sneaky_git else "lone_fouler"
            raise refuse(name, f"{name.replace('_', ' ').title()} acts on a foul only", [False])
        if s.lone_fouler:
            if fam != "bb2025":
                raise refuse("lone_fouler", f"Lone Fouler exists in BB2025 only, not {self.edition}", [False], "edition-skill")
            if s.modifier:
                raise CalcError(f"{path}.lone_fouler", "Lone Fouler works only when nobody assists the foul: the "
                                "modifier must be 0", [0], reason="lone-fouler-assists")
            if any(isinstance(t, ArmourStep) and t.lone_fouler and t.player == s.player for _, t in everything[:position]):
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
            later = [t for t in seq[i + 1:] if not isinstance(t, Alternatives) and t.player == s.player]
            if later and not (len(later) == 1 and isinstance(later[0], InjuryStep) and seq[i + 1] is later[0]):
                raise refuse("piling_on", "a Piling On player is Placed Prone: only the injury roll may follow its "
                             "armour roll", reason="step-skill")

    def _check_injury(self, path: str, s: InjuryStep, seq: tuple, i: int) -> None:
        need_ok = s.need in INJURY_NEEDS if isinstance(s.need, str) else (
            isinstance(s.need, int) and not isinstance(s.need, bool) and 2 <= s.need <= 16)
        if not need_ok:
            raise CalcError(f"{path}.need", f"an injury step needs ko, casualty or a total from 2 to 16, got "
                            f"{s.need!r}", list(INJURY_NEEDS) + [2, 16], reason="choice")
        if not (isinstance(s.modifier, int) and not isinstance(s.modifier, bool) and -5 <= s.modifier <= 5):
            raise CalcError(f"{path}.modifier", f"an injury roll's modifier must be an integer from -5 to 5, got "
                            f"{s.modifier!r}", [-5, 5], reason="range")
        if isinstance(s.need, int) and (s.stunty or s.thick_skull):
            raise CalcError(f"{path}.{'stunty' if s.stunty else 'thick_skull'}", "Stunty and Thick Skull move the "
                            "injury table's bands: they apply to ko or casualty, not to a total n+", [False],
                            reason="step-skill")
        armour = linked_armour(seq, i)
        if armour is not None and armour.stab and s.modifier and family(self.edition) != "bb2025":
            raise CalcError(f"{path}.modifier", f"the injury roll after a Stab cannot be modified in "
                            f"{self.edition}", [0], reason="step-skill")


def appeal_group(steps: tuple, i: int) -> tuple[Step, ...]:
    """The send-off group of the foul ``steps[i]``: the Bribe and Argue the Call steps of its player written right
    after it (after its injury roll when one follows it), in order; empty for any other step."""
    s = steps[i]
    if not (isinstance(s, ArmourStep) and s.foul):
        return ()
    k = i + 2 if i + 1 < len(steps) and linked_armour(steps, i + 1) is s else i + 1
    group = []
    while k < len(steps) and isinstance(steps[k], Step) and steps[k].kind in APPEAL_KINDS and steps[k].player == s.player:
        group.append(steps[k])
        k += 1
    return tuple(group)


def _appeal_start(steps: tuple, i: int) -> int | None:
    """For the Bribe or Argue the Call ``steps[i]``: the index of the first step of its send-off group, or None when
    no foul of that player comes right before the group (or its injury roll)."""
    who = steps[i].player
    k = i
    while k > 0 and isinstance(steps[k - 1], Step) and steps[k - 1].kind in APPEAL_KINDS and steps[k - 1].player == who:
        k -= 1
    f = k - 2 if k > 1 and isinstance(steps[k - 1], InjuryStep) and linked_armour(steps, k - 1) is not None else k - 1
    if f >= 0 and isinstance(steps[f], ArmourStep) and steps[f].foul and steps[f].player == who:
        return k
    return None


def appeal_chances(edition: str, group: tuple) -> tuple[Fraction, Fraction]:
    """Return ``(go_on, kept)`` for a foul's send-off group (:func:`appeal_group`) in ``edition``, each a Fraction in
    [0, 1]: P(a Bribe succeeds, so the fouler stays and no turnover is caused: the chain goes on) and P(Argue the
    Call succeeds: the fouler is not sent off (BB2016: to the Reserves box) but the turnover still ends the chain,
    :data:`ARGUE_SUCCESS`); the rest, ``1 - go_on - kept``, is
    still a send-off.  The steps are rolled in order until one succeeds: a Bribe on its target (2+), Argue the
    Call on its target, a natural 1 on it ejecting the coach (then no Bribe in BB2020, :data:`BRIBE_AFTER_EJECTION`).
    """
    go_on = kept = _ZERO
    free, ejected = _ONE, _ZERO  # P(still sent off, the coach still arguing / ejected)
    after_ejection = BRIBE_AFTER_EJECTION[family(edition)]
    for s in group:
        p = s.p()
        if s.kind == "argue-the-call":
            if ARGUE_SUCCESS[edition]["turnover"]:
                kept += free * p
            else:
                go_on += free * p
            free, ejected = free * (_ONE - p - Fraction(1, 6)), ejected + free * Fraction(1, 6)
        else:
            go_on += free * p + (ejected * p if after_ejection else _ZERO)
            free, ejected = free * (_ONE - p), ejected * (_ONE - p) if after_ejection else ejected
    return go_on, kept


def linked_armour(steps: tuple, i: int) -> ArmourStep | None:
    """The armour step whose injury roll step ``i`` is (the step just before, same player), or None."""
    s = steps[i]
    if isinstance(s, InjuryStep) and i > 0 and isinstance(steps[i - 1], ArmourStep) and steps[i - 1].player == s.player:
        return steps[i - 1]
    return None


def _linked_pairs(chain: Chain):
    """Yield ``(pre-order index, step, its injury step or None / its armour step or None)`` for every 2D6 step of
    ``chain``, branches included: an armour step with the injury step right after it in the same sequence, an
    injury step with the armour step right before it."""
    for j, (path, seq, i) in enumerate(_places(chain.steps)):
        s = seq[i]
        if isinstance(s, ArmourStep):
            yield j, s, seq[i + 1] if i + 1 < len(seq) and linked_armour(seq, i + 1) is s else None
        elif isinstance(s, InjuryStep):
            yield j, s, linked_armour(seq, i)


def rolls_2d6(chain: Chain) -> dict[int, dict[str, Fraction]]:
    """Return, for each armour, foul and injury step (keyed by its index in pre-order, as :func:`walk` yields the
    steps), its outcomes (``break``, ``break_sent_off``, ``hold``, ``hold_sent_off``) as the solver uses them: an
    armour step followed by its injury step carries the pair's joint outcome (:meth:`ArmourStep.rolls`), and that
    injury step then passes for sure (``break`` 1).
    """
    out: dict[int, dict[str, Fraction]] = {}
    for j, s, other in _linked_pairs(chain):
        if isinstance(s, ArmourStep):
            out[j] = s.rolls(chain.edition, other)
        elif other is not None:
            out[j] = {"break": _ONE, "break_sent_off": _ZERO, "hold": _ZERO, "hold_sent_off": _ZERO}
        else:
            p = s.single(chain.edition)
            out[j] = {"break": p, "break_sent_off": _ZERO, "hold": _ONE - p, "hold_sent_off": _ZERO}
    return out


def step_singles(chain: Chain) -> dict[int, Fraction]:
    """Return the ``single`` the ``chain`` request lists for each injury step that follows its armour roll (keyed
    by pre-order index): P(the injury meets its need | the armour broke), the +X carried over included."""
    chain.validate()
    out = {}
    for j, s, armour in _linked_pairs(chain):
        if isinstance(s, InjuryStep) and armour is not None:
            joint = armour.rolls(chain.edition, s)
            broke = armour.single(chain.edition)
            out[j] = (joint["break"] + joint["break_sent_off"]) / broke if broke else _ZERO
    return out


def _scale(c: Fraction, terms: tuple) -> tuple:
    return tuple((c * k, j, st) for k, j, st in terms)


#: a roll's outcome classes: a success, a non-critical failure (the chain goes on by the step's branch),
#: a critical failure (the chain ends)
_S, _N, _C = 2, 1, 0


def _one_die(att: bool, others: str, q: tuple) -> tuple:
    """(P(S), P(N)) of a block roll once one die is re-rolled (``q``: that die's (P(S), P(N))), the others
    standing for ``others``: ``new`` (they cannot help: the new die decides), ``push`` (their best, or for the
    defender's choice their worst, is a non-critical face) or ``none`` (the defender keeps a critical one)."""
    if others == "new":
        return q
    if others == "none":
        return (_ZERO, _ZERO)
    return (q[0], _ONE - q[0]) if att else (_ZERO, q[0] + q[1])


def _block_cases(s: BlockStep, with_nc: bool, split: bool = False) -> tuple:
    """Return ``(P(S), P(N), {case: (P, accept class, one-die others, Brawler others or None)})`` of a block roll.

    Every ordered roll is enumerated; a die's class is S (a face of :meth:`BlockStep.good_faces`), N (with
    ``with_nc``: a face where the attacker stays standing but the step is not a success: the ``standing``
    goal's good faces minus these) or C.  The attacker keeps the best die, the defender gives the worst.
    A failed roll's case says what accepting it gives and what re-rolling one die (Pro in BB2020/BB2025,
    or Brawler on a Both Down die) can give; ``split`` (Savage Blow) names the defender's ``all_dice`` rolls by
    their number of failing dice, ``all_dice/2``, ``all_dice/3``: the best die to re-roll is always one of the lowest class, so
    the others' class does not depend on values.  Without ``with_nc`` the cases are :data:`BLOCK_CASES`.
    """
    good = s.good_faces()
    nc = (replace(s, goal="standing", branch=None).good_faces() - good) if with_nc else frozenset()
    cls = {f: (_S if f in good else _N if f in nc else _C) for f in FACES}
    n, att = abs(s.dice), s.dice > 0
    w = Fraction(1, 6 ** n)
    p_s = p_n = _ZERO
    cases: dict = {}

    def others(rest: list) -> str:
        if not rest:
            return "new"
        o = max(rest) if att else min(rest)
        if att:
            return "push" if o == _N else "new"
        return "new" if o == _S else "push" if o == _N else "none"

    rank = {"new": 2, "push": 1, "none": 0}
    # the dice a free one-die skill may re-roll: Brawler's Both Down (always weighed, used only with Brawler), or
    # with Hatred or Unstoppable Momentum the faces of every one-die skill the attacker has (ONE_DIE_SKILLS)
    special = bool(s.attacker & {"hatred", "unstoppable-momentum"})

    def eligible(face: str) -> bool:
        if not special:
            return face == "both_down"
        return any(k in s.attacker and (f is None or face in f) for k, f in ONE_DIE_SKILLS.items())

    for faces in product(FACES, repeat=n):
        c = [cls[f] for f in faces]
        res = max(c) if att else min(c)
        if res == _S:
            p_s += w
            continue
        if res == _N:
            p_n += w
        outs = [others(c[:j] + c[j + 1:]) for j in range(n)]
        pro = max(outs, key=rank.__getitem__)
        bd = [outs[j] for j in range(n) if eligible(FACES[faces[j]])]
        brawl = max(bd, key=rank.__getitem__) if bd else None
        skill_case = "skill_die" if special else "both_down"
        if with_nc:
            name = (f"{'non_critical' if res == _N else 'critical'}/{pro}"
                    + (f"/{'skill' if special else 'brawler'}-{brawl}" if brawl else ""))
        else:
            name = "all_dice" if pro == "none" else skill_case if bd else "one_die"
            if split and name == "all_dice":
                name += f"/{sum(1 for x in c if x != _S)}"
        old = cases.get(name)
        cases[name] = ((old[0] if old else _ZERO) + w, res, pro, brawl)
    order = list(BLOCK_CASES) + sorted(k for k in cases if k not in BLOCK_CASES)
    return p_s, p_n, {k: cases[k] for k in order if k in cases}


class _Node:
    """One node of the solver's tree (internal): a step, where each outcome leads, and its numbers.

    ``kind``: ``roll`` (ours to re-roll: a D6 test, a block, a Dauntless roll), ``opp`` (an opponent's
    roll), ``armour``, ``alt`` (weighted alternatives) or ``end``.  ``succ``: the next node on a success
    (or the only next node); ``nc``: the next node on a non-critical failure (None: there is none);
    ``alts``: ``((weight, node), ...)``.  A roll node has ``p_ok`` (P(first roll succeeds)), ``cases``
    ``{case: (P(the first roll fails so), accepted class, may be re-rolled, one-die dist, Brawler dist)}``
    and ``again`` ((P(S), P(N)) of a re-roll of the whole roll); ``bonus``: None, or for a D6 test with a bonus
    added after the roll (Break Tackle, BB2025 Consummate Professional) ``(P(one die fails within it), the
    resource's name)``.
    """

    __slots__ = ("kind", "step", "succ", "nc", "alts", "p_ok", "cases", "again", "bonus")

    def __init__(self, kind: str, step: object = None) -> None:
        self.kind, self.step = kind, step
        self.succ, self.nc, self.alts = 0, None, ()
        self.p_ok, self.cases, self.again = _ZERO, {}, (_ZERO, _ZERO)
        self.bonus: tuple | None = None


def _tree(chain: Chain) -> tuple[list, list]:
    """Return ``(nodes, main)``: the steps of ``chain`` and of every branch as nodes in pre-order (a straight
    chain's step i is node i; the last node is ``end``), and the node index of each main-line step."""
    nodes: list[_Node] = []
    kids: dict[int, list] = {}

    def number(seq: tuple) -> list[int]:
        out = []
        for s in seq:
            j = len(nodes)
            nodes.append(_Node("", s))
            out.append(j)
            kids[j] = [number(branch) for _, branch in children(s)]
        return out

    def entry(idxs: list, cont: int) -> int:
        return idxs[0] if idxs else cont

    def link(seq: tuple, idxs: list, cont: int) -> None:
        for k, (s, j) in enumerate(zip(seq, idxs)):
            nxt = idxs[k + 1] if k + 1 < len(idxs) else cont
            node = nodes[j]
            node.succ = nxt
            for (_, branch), b in zip(children(s), kids[j]):
                link(branch, b, nxt)
            _fill(chain.edition, node, s, [entry(b, nxt) for b in kids[j]], _plus_one(chain, s),
                  _savage(chain, s))

    main = number(chain.steps)
    nodes.append(_Node("end"))
    link(chain.steps, main, len(nodes) - 1)
    return nodes, main


def _plus_one(chain: Chain, s: AnyStep) -> bool:
    """True when BB2025 Consummate Professional's +1 may save a die of step ``s``: an Agility test
    (:data:`calculators.rerolls.AGILITY_KINDS`) of a player with the rule, without a non-critical band or Diving
    Tackle (not modelled there; :mod:`calculators.rerolls`)."""
    return (family(chain.edition) == "bb2025" and isinstance(s, Step) and s.kind in AGILITY_KINDS
            and chain.players[s.player].consummate and s.partial is None and not s.diving_tackle)


def _savage(chain: Chain, s: AnyStep) -> bool:
    """True when Savage Blow may re-roll the dice of block ``s``: a player with the rule, a Block action's block (no
    Juggernaut, no Unstoppable Momentum: those say a Blitz) without a non-critical branch (:mod:`calculators.rerolls`)."""
    return (isinstance(s, BlockStep) and chain.players[s.player].savageblow and s.branch is None
            and not s.attacker & {"juggernaut", "unstoppable-momentum"})


def _savage_dist(s: BlockStep, case: str) -> tuple:
    """(P(S), P(N)) of Savage Blow's best re-roll of a failed block roll of ``case`` (no branch, so P(N) is 0): every
    die when the attacker chooses, the failing dice when the defender does (one in ``one_die``, ``both_down``,
    ``skill_die``; two in ``all_dice`` of two dice; the number after ``all_dice/``)."""
    q = Fraction(len(s.good_faces()), 6)
    if s.dice > 0:
        return (1 - (1 - q) ** s.dice, _ZERO)
    k = 1 if not case.startswith("all_dice") else int(case.split("/")[1]) if "/" in case else 2
    return (q ** k, _ZERO)


def _within(target: int, bonus: int) -> Fraction:
    """P(one die fails a ``target``+ test but passes with ``bonus`` added): faces ``target - bonus`` to
    ``target - 1``, never a natural 1."""
    return Fraction(len([f for f in range(2, 6) if target - bonus <= f < target]), 6)


def _fill(edition: str, node: _Node, s: AnyStep, entries: list[int], plus_one: bool = False,
          savage: bool = False) -> None:
    """Set a node's kind, branches and numbers (``entries``: each branch's first node, as :func:`children`;
    ``plus_one``: BB2025 Consummate Professional's +1 applies, :func:`_plus_one`)."""
    if isinstance(s, Alternatives):
        node.kind = "alt"
        node.alts = tuple((Fraction(w), e) for (w, _), e in zip(s.options, entries))
        return
    if isinstance(s, (ArmourStep, InjuryStep)):  # 2D6 rolls nothing of the chain re-rolls
        node.kind = "armour"
        return
    if s.kind in APPEAL_KINDS:  # rolled only after its foul's send-off: folded into that foul's node
        node.kind = "appeal"
        return
    if s.kind in OPPONENT_KINDS:
        node.kind = "opp"
        node.p_ok = _ONE - s.p()
        return
    node.kind = "roll"
    if isinstance(s, Dauntless):
        # a success leads to one branch, any failure to the other: every failure is "non-critical"
        p = s.p()
        node.succ, node.nc = entries
        node.p_ok, node.again = p, (p, _ONE - p)
        node.cases = {None: (_ONE - p, _N, True, None, None)}
        return
    if isinstance(s, BlockStep):
        with_nc = s.branch is not None
        if with_nc:
            node.nc = entries[0] if s.branch else node.succ
        p_s, p_n, cases = _block_cases(s, with_nc, savage)  # Savage Blow: cases by failing dice
        q = (Fraction(len(s.good_faces()), 6), _ZERO)
        if with_nc:
            standing = replace(s, goal="standing", branch=None).good_faces()
            q = (q[0], Fraction(len(standing - s.good_faces()), 6))
        att = s.dice > 0
        node.p_ok, node.again = p_s, (p_s, p_n)
        node.cases = {k: (p, res, True, _one_die(att, pro, q), _one_die(att, brawl, q) if brawl else None)
                      for k, (p, res, pro, brawl) in cases.items()}
        return
    p = s.p()
    if s.diving_tackle:
        # the dodger needs 2 more when the diver acts (a natural 6 still passes: face_chance caps at 6)
        q = face_chance(s.target + 2)
        node.p_ok, node.again = q, (q, _ZERO)
        if DIVING_TACKLE_AFTER_REROLLS[family(edition)]:
            # BB2025: the dive comes once every re-roll is done: a roll it fails is not re-rolled
            node.cases = {None: (_ONE - p, _C, True, None, None), "dived": (p - q, _C, False, None, None)}
        else:
            # classic, BB2020: the dive comes before the coach's re-roll, and its -2 stays for the re-roll
            node.cases = {None: (_ONE - q, _C, True, None, None)}
        return
    node.p_ok = p
    rerollable = s.kind not in NOT_REROLLED_KINDS  # a Bribe, Argue the Call: the coach's roll, never re-rolled
    if s.partial is not None:
        node.nc = entries[-1] if s.branch else node.succ
        if s.success:  # a success goes on by its own branch (entries: the success branch's first)
            node.succ = entries[0]
        p_n = Fraction(s.target - s.partial, 6)
        node.again = (p, p_n)
        node.cases = {"non_critical": (p_n, _N, rerollable, None, None),
                      None: (_ONE - p - p_n, _C, rerollable, None, None)}
        return
    node.again = (p, _ZERO)
    within = s.within_bonus() if s.break_tackle else _within(s.target, 1) if plus_one else _ZERO
    if within:  # Break Tackle (once per turn), Consummate Professional's +1 (once per game): a die short by
        # no more than the bonus may be saved
        node.bonus = (within, "break-tackle" if s.break_tackle else "consummate")
        node.cases = {"within_bonus": (within, _C, rerollable, None, None)}
        if _ONE - p - within:
            node.cases["beyond_bonus"] = (_ONE - p - within, _C, rerollable, None, None)
    else:
        node.cases = {None: (_ONE - p, _C, rerollable, None, None)}


def _solver(chain: Chain):
    """Return (value, sent_off, choose, fail_cases, main) functions over states, memoised for this chain only.

    A *state* is ``(j, tr, team_used, skills_used, pro_used)``: before node ``j`` of :func:`_tree` (a straight
    chain's step j).  An option after a failure is a tuple of *terms* ``(coefficient, node, (tr, team_used,
    skills_used, pro_used))``: the chance that the chain reaches that node in that state.  ``main``: the node
    of each main-line step.
    """
    chain.validate()
    rr = reroll_rules(chain.edition, chain.reading)
    players = chain.players
    nodes, main = _tree(chain)
    end = len(nodes) - 1
    cap = rr.team_rerolls_per_turn
    pro_q = d6_at_least(rr.pro_target)
    pro_whole_roll = family(chain.edition) == "classic"  # classic Pro re-rolls the whole block roll
    # a 2D6 node's outcomes (node j is the j-th step in pre-order); an armour roll with its injury roll is one
    # joint roll, and its send-off counts as the chain's success when that injury roll is the last step
    armour = rolls_2d6(chain)
    linked = {j for j, step, other in _linked_pairs(chain) if isinstance(step, ArmourStep) and other is not None}

    def beyond(k: int) -> int:
        """The first node from k on that is not a Bribe or Argue the Call (those pass straight on)."""
        while nodes[k].kind == "appeal":
            k = nodes[k].succ
        return k

    last = {j for j, nd in enumerate(nodes)
            if nd.kind == "armour" and (beyond(nd.succ) == end or (j in linked and beyond(nodes[nd.succ].succ) == end))}
    # a foul's send-off group: (P(a Bribe lets the chain go on), P(Argue the Call keeps the fouler, turnover))
    appeals = {j: appeal_chances(chain.edition, group)
               for j, (_, seq, i) in enumerate(_places(chain.steps)) if (group := appeal_group(seq, i))}
    fouls = any(s.kind == "foul" for _, s in walk(chain.steps))
    fam = family(chain.edition)
    # Old Pro (calculators/rerolls.py): an armour roll after a block of a player with it may be saved by one die
    rescue = {j: old_pro_rescue(chain.edition, s.av, s.total_modifier(), bonus=s.bonus(), claws=s.claws,
                                iron_hard_skin=s.iron_hard_skin, injury_modifier=inj.modifier if inj else 0,
                                need=inj.need if inj else None, table=inj.table() if inj else None,
                                bonus_on_injury=not s.chainsaw)
              for j, s, inj in _linked_pairs(chain)
              if isinstance(s, ArmourStep) and not s.foul and not s.piling_on and players[s.player].oldpro}

    def old_pro(j: int, skills_used: frozenset, pro_used: frozenset) -> tuple | None:
        """(skills_used, pro_used) after Old Pro at armour node j, or None when it cannot be used there."""
        if j not in rescue:
            return None
        p = nodes[j].step.player
        if p in pro_used or (p, "oldpro") in skills_used:
            return None
        return skills_used | {(p, "oldpro")}, pro_used | {p}

    def star_rerolls(s: AnyStep) -> tuple[str, ...]:
        """The star rules that may re-roll a failed roll of step ``s`` (a roll node's): BB2020 Consummate
        Professional (any die of the player), The Ballista (:data:`calculators.rerolls.BALLISTA_KINDS`)."""
        pl = players[s.player]
        out: tuple[str, ...] = ()
        if pl.consummate and fam == "bb2020":
            out += ("consummate",)
        if pl.ballista and isinstance(s, Step) and s.kind in BALLISTA_KINDS.get(fam, ()):
            out += ("ballista",)
        if _savage(chain, s):
            out += ("savageblow",)
        return out

    def team_left(tr: int, team_used: int) -> bool:
        return tr > 0 and (cap is None or team_used < cap)

    def loner_reroll(pl: Player, tr: int, team_used: int) -> bool:
        """After a failed Loner roll (its team re-roll spent): may a second team re-roll re-roll that die?"""
        return pl.loner is not None and rr.team_reroll_on_loner_roll and team_left(tr, team_used)

    def via_team(pl: Player, tr: int, team_used: int, then, stands, second: bool) -> tuple:
        """Terms of spending a team re-roll on some roll of player ``pl`` (``team_left`` must hold).

        ``then(tr', used')`` gives the terms once the team re-roll goes ahead, ``stands(tr', used')`` those
        of keeping the roll as it is, with the resources left.  A Loner player rolls first; a failed Loner
        roll loses the team re-roll (it counts as used) and the roll stands, or (``second``, when
        :func:`loner_reroll` allows) a second team re-roll re-rolls the Loner die (no Loner roll of its own,
        never re-rolled again).
        """
        if pl.loner is None:
            return then(tr - 1, team_used + 1)
        q = d6_at_least(pl.loner)
        terms = _scale(q, then(tr - 1, team_used + 1))
        if second:
            terms += _scale((_ONE - q) * q, then(tr - 2, team_used + 2))
            terms += _scale((_ONE - q) * (_ONE - q), stands(tr - 2, team_used + 2))
        else:
            terms += _scale(_ONE - q, stands(tr - 1, team_used + 1))
        return terms

    # What a later step can use, from node j on (the memo keeps nothing else, so its size stays linear in
    # the nodes): a once-per-turn skill of a player who still has a step that skill re-rolls, the Pro of a
    # player who still has a step Pro may re-roll, each over the node's descendants (its branches
    # included), and how many team re-rolls may still be used (with a per-turn cap, classic: the fewer of
    # those left and the cap's rest; every use takes one from both, so that number alone decides).
    n = len(nodes)
    keep_skills: list[frozenset] = [frozenset()] * n
    keep_pro: list[frozenset] = [frozenset()] * n
    for j in range(n - 2, -1, -1):  # every successor comes later in pre-order
        nd = nodes[j]
        ks, kp = frozenset(), frozenset()
        for k in (nd.succ, nd.nc, *(e for _, e in nd.alts)):
            if k is not None:
                ks, kp = ks | keep_skills[k], kp | keep_pro[k]
        s = nd.step
        if j in rescue:  # Old Pro on this armour roll uses Pro and itself
            ks, kp = ks | {(s.player, "oldpro")}, kp | {s.player}
        if nd.kind == "roll" and nd.bonus:  # not a re-roll: "!" leaves it
            ks = ks | {(s.player, nd.bonus[1])}
        if nd.kind == "roll" and not s.no_reroll and s.kind not in NOT_REROLLED_KINDS:
            if isinstance(s, Step) and s.skill and SKILL_FOR_KIND[s.kind] in ONCE_PER_TURN:
                ks = ks | {(s.player, SKILL_FOR_KIND[s.kind])}
            ks = ks | frozenset((s.player, name) for name in star_rerolls(s))
            if players[s.player].pro:
                kp = kp | {s.player}
        keep_skills[j], keep_pro[j] = ks, kp

    def bounded(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> tuple:
        """The state before node j with what no step from j on can use forgotten (same values)."""
        return (tr if cap is None else max(0, min(tr, cap - team_used)), 0,
                skills_used & keep_skills[j] if skills_used else skills_used,
                pro_used & keep_pro[j] if pro_used else pro_used)

    def dist_terms(nd: _Node, dist: tuple, st: tuple) -> tuple:
        out = ()
        if dist[0]:
            out += ((dist[0], nd.succ, st),)
        if dist[1]:
            out += ((dist[1], nd.nc, st),)
        return out

    def options(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        """Return ((name, terms), ...): the choices after node j's roll fails so (``case``)."""
        return _options(j, *bounded(j, tr, team_used, skills_used, pro_used), case)

    @lru_cache(maxsize=None)
    def _options(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        nd = nodes[j]
        s = nd.step
        pl = players[s.player]
        _, res, rerollable, one, brawl = nd.cases[case]

        within, bonus_name = nd.bonus if nd.bonus else (_ZERO, "break-tackle")
        bt_key = (s.player, bonus_name)  # Break Tackle's or (BB2025) Consummate Professional's bonus
        bt_free = bool(within) and bt_key not in skills_used

        def stands(tr2: int, u2: int, sk: frozenset = skills_used, pr: frozenset = pro_used) -> tuple:
            """Terms of keeping the failed roll (after a failed Pro or Loner roll too): a non-critical failure goes
            on by the branch; a die within Break Tackle's bonus is saved by it if still unused."""
            if res == _N:
                return ((_ONE, nd.nc, (tr2, u2, sk, pr)),)
            if bt_free and case == "within_bonus" and bt_key not in sk:
                return ((_ONE, nd.succ, (tr2, u2, sk | {bt_key}, pr)),)
            return ()

        # keeping the roll is worth something (a branch, Break Tackle): then a failed Pro or Loner roll may be
        # left standing rather than followed by a further team re-roll
        keeps = res == _N or (bt_free and case == "within_bonus")
        opts: list[tuple[str, tuple]] = [("none", ())]
        if res == _N:
            opts[0] = ("none", stands(tr, team_used))
        elif bt_free and case == "within_bonus":  # the bonus turns this die into a pass
            opts.append((bonus_name, stands(tr, team_used)))
        if s.no_reroll or not rerollable:
            return tuple(opts)

        def landed(dist: tuple, st: tuple) -> tuple:
            """Terms of a re-roll giving ``dist``; a still unused Break Tackle also saves a die within its bonus."""
            terms = dist_terms(nd, dist, st)
            if bt_free and bt_key not in st[2]:
                terms += ((within, nd.succ, (st[0], st[1], st[2] | {bt_key}, st[3])),)
            return terms

        again = nd.again
        skill, skill_after, pro = None, skills_used, again
        if isinstance(s, BlockStep):
            if not pro_whole_roll:
                pro = one
            if s.attacker & set(ONE_DIE_SKILLS):  # Brawler, Hatred, Unstoppable Momentum: one die, free
                skill = brawl
        elif isinstance(s, Step) and s.skill:
            name = SKILL_FOR_KIND[s.kind]
            key = (s.player, name)
            if name not in ONCE_PER_TURN:
                skill = again
            elif key not in skills_used:
                skill, skill_after = again, skills_used | {key}
        if skill and any(skill):
            opts.append(("skill", landed(skill, (tr, team_used, skill_after, pro_used))))
        for name in star_rerolls(s):  # free, once per game: the die (or one block die) is re-rolled
            if (s.player, name) not in skills_used:
                dist = (_savage_dist(s, case) if name == "savageblow" else one if isinstance(s, BlockStep)
                        else again)
                if dist and any(dist):
                    opts.append((name, landed(dist, (tr, team_used, skills_used | {(s.player, name)}, pro_used))))
        if pl.pro and s.player not in pro_used and pro and any(pro):
            after = pro_used | {s.player}

            def rerolled(tr2: int, u2: int) -> tuple:  # the Pro roll: if it passes the roll is re-rolled
                return (_scale(pro_q, landed(pro, (tr2, u2, skills_used, after)))
                        + _scale(_ONE - pro_q, stands(tr2, u2, pr=after)))

            if rr.team_reroll_on_pro_roll and team_left(tr, team_used):
                # classic: a team re-roll may re-roll the failed Pro roll (or the coach keeps the roll)
                if keeps:
                    opts.append(("pro", rerolled(tr, team_used)))
                again_pro = via_team(pl, tr, team_used, rerolled, lambda t2, u2: stands(t2, u2, pr=after), False)
                opts.append(("pro+team", _scale(pro_q, landed(pro, (tr, team_used, skills_used, after)))
                             + _scale(_ONE - pro_q, again_pro)))
            else:
                opts.append(("pro", rerolled(tr, team_used)))
        if team_left(tr, team_used):
            def then(tr2: int, u2: int) -> tuple:
                return landed(again, (tr2, u2, skills_used, pro_used))

            if loner_reroll(pl, tr - 1, team_used + 1):
                if keeps:
                    opts.append(("team", via_team(pl, tr, team_used, then, stands, False)))
                opts.append(("team+team", via_team(pl, tr, team_used, then, stands, True)))
            else:
                opts.append(("team", via_team(pl, tr, team_used, then, stands, False)))
        return tuple(opts)

    def ev(fn, terms: tuple) -> Fraction:
        """Sum of coefficient x fn(node, state) over the terms."""
        total = _ZERO
        for c, k, st in terms:
            total += c * fn(k, *st)
        return total

    def choose(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        """Return (name, terms, value) of the best choice after node j's roll fails so (``case``).

        The greatest chance of success; among equals (chains with a foul) the smallest
        chance of a send-off; then the cheapest source, in the order of :func:`options`.
        """
        return _choose(j, *bounded(j, tr, team_used, skills_used, pro_used), case)

    @lru_cache(maxsize=None)
    def _choose(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset, case):
        opts = options(j, tr, team_used, skills_used, pro_used, case)
        values = [ev(value, terms) for _, terms in opts]
        best = max(values)
        tied = [k for k, v in enumerate(values) if v == best]
        if fouls and len(tied) > 1:
            sent = {k: ev(sent_off, opts[k][1]) for k in tied}
            low = min(sent.values())
            tied = [k for k in tied if sent[k] == low]
        name, terms = opts[tied[0]]
        return name, terms, best

    def fail_cases(j: int):
        """((P(the first roll fails so), case), ...) of node j (a roll node; a plain D6 test: one case, None)."""
        return tuple((c[0], case) for case, c in nodes[j].cases.items() if c[0])

    def value(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        """P(the chain succeeds from node j on) from this state, with optimal play."""
        return _value(j, *bounded(j, tr, team_used, skills_used, pro_used))

    @lru_cache(maxsize=None)
    def _value(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        nd = nodes[j]
        state = (tr, team_used, skills_used, pro_used)
        if nd.kind == "end":
            return _ONE
        if nd.kind == "alt":
            return sum((w * value(k, *state) for w, k in nd.alts), _ZERO)
        if nd.kind == "opp":  # the opponent rolls; we go on only if it fails
            return nd.p_ok * value(nd.succ, *state)
        if nd.kind == "appeal":
            return value(nd.succ, *state)
        if nd.kind == "armour":
            o = armour[j]
            go_on = appeals[j][0] if j in appeals else _ZERO  # a Bribe cancels the send-off and its turnover
            v = (o["break"] + o["break_sent_off"] * go_on) * value(nd.succ, *state)
            after = old_pro(j, skills_used, pro_used)
            if after:  # the armour held: Old Pro (the Pro roll, then one die) is always tried
                v += pro_q * rescue[j] * value(nd.succ, tr, team_used, *after)
            return v + o["break_sent_off"] * (_ONE - go_on) if j in last else v
        v = nd.p_ok * value(nd.succ, *state)
        for p, case in fail_cases(j):
            best = _ZERO
            for _, terms in options(j, tr, team_used, skills_used, pro_used, case):
                if terms:
                    x = ev(value, terms)
                    if x > best:
                        best = x
            if best:
                v += p * best
        return v

    def sent_off(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        """P(a fouler is sent off from node j on), playing as :func:`choose` does."""
        return _sent_off(j, *bounded(j, tr, team_used, skills_used, pro_used))

    @lru_cache(maxsize=None)
    def _sent_off(j: int, tr: int, team_used: int, skills_used: frozenset, pro_used: frozenset) -> Fraction:
        nd = nodes[j]
        state = (tr, team_used, skills_used, pro_used)
        if nd.kind == "end":
            return _ZERO
        if nd.kind == "alt":
            return sum((w * sent_off(k, *state) for w, k in nd.alts), _ZERO)
        if nd.kind == "opp":
            return nd.p_ok * sent_off(nd.succ, *state)
        if nd.kind == "appeal":
            return sent_off(nd.succ, *state)
        if nd.kind == "armour":
            o = armour[j]
            go_on, kept = appeals.get(j, (_ZERO, _ZERO))
            on = o["break"] + o["break_sent_off"] * go_on
            after = old_pro(j, skills_used, pro_used)
            extra = pro_q * rescue[j] * sent_off(nd.succ, tr, team_used, *after) if after else _ZERO
            return (o["break_sent_off"] + o["hold_sent_off"]) * (_ONE - go_on - kept) + on * sent_off(nd.succ, *state) + extra
        x = nd.p_ok * sent_off(nd.succ, *state)
        for p, case in fail_cases(j):
            x += p * ev(sent_off, choose(j, *state, case)[1])
        return x

    value.cache_info = _value.cache_info  # type: ignore[attr-defined]  # the memo's size, for tests
    return value, sent_off, choose, fail_cases, (nodes, main)


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
    for the smallest chance of a send-off.  A send-off on a foul whose armour held counts; one that a
    Bribe or Argue the Call of the foul's send-off group cancels does not (:func:`appeal_chances`).

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("max_team_rerolls", max_team_rerolls)
    sent = _solver(chain)[1]
    return tuple(sent(0, k, 0, frozenset(), frozenset()) for k in range(max_team_rerolls + 1))


def _policy(chain: Chain, choose, fail_cases, team_rerolls: int, tree: tuple) -> tuple[str | dict[str, str], ...]:
    nodes, main = tree
    state = (team_rerolls, 0, frozenset(), frozenset())
    out: list[str | dict[str, str]] = []
    for j in main:
        kind = nodes[j].kind
        if kind == "opp":
            out.append("opponent")
        elif kind != "roll":  # armour rolls, fouls, weighted alternatives: nothing to re-roll
            out.append("none")
        else:
            names = {"critical" if case is None else case: choose(j, *state, case)[0] for _, case in fail_cases(j)}
            distinct = set(names.values())
            out.append(distinct.pop() if len(distinct) == 1 else names if names else "none")
    return tuple(out)


def policy(chain: Chain, team_rerolls: int = 0) -> tuple[str | dict[str, str], ...]:
    """Return, for each step, the optimal choice if its roll fails, on the path where all earlier rolls passed.

    Choices: ``"none"`` (accept the failure; always so for an armour roll, a foul, a
    Bribe or Argue the Call, which nothing re-rolls), ``"break-tackle"`` (a dodge whose die
    fell short by no more than the bonus), ``"skill"`` (for a block: Brawler), ``"consummate"``
    (Consummate Professional: BB2020 its re-roll, BB2025 its +1), ``"ballista"`` (The Ballista),
    ``"savageblow"`` (Savage Blow; Old Pro on an armour roll is always used, so not a choice), ``"pro"``,
    ``"pro+team"`` (Pro, and a team re-roll on the Pro roll if it fails: classic),
    ``"team"``, ``"team+team"`` (a team re-roll, and a second one on the Loner roll if
    it fails: BB2025 as written), or ``"opponent"`` for an interception step (not ours
    to re-roll).  For a block step whose best choice depends on the failed roll, a dict
    ``{case: choice}`` over the :data:`BLOCK_CASES` that can occur (a block with a branch:
    ``"critical/…"`` and ``"non_critical/…"`` cases, what one re-rolled die can give after it:
    ``new``, ``push``, ``none``); for a D6 test with a non-critical band or against Diving Tackle
    in BB2025, a dict over ``"critical"``, ``"non_critical"``, ``"dived"`` when they differ.  Main-line
    steps only: a Dauntless roll has its own entry; weighted alternatives ``"none"``.  Later failures
    change the state; the DP handles them, this is the summary shown to readers.  Among
    equal values the cheapest source is named, in the order none, skill, Pro, team
    (after the smaller chance of a send-off, in a chain with a foul).

    Raises:
        CalcError: as :func:`solve`.
    """
    _check_team_rerolls("team_rerolls", team_rerolls)
    _, _, choose, fail_cases, tree = _solver(chain)
    return _policy(chain, choose, fail_cases, team_rerolls, tree)


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
    value, sent_off, choose, fail_cases, tree = _solver(chain)
    fouls = any(s.kind == "foul" for _, s in walk(chain.steps))
    start = (0, frozenset(), frozenset())
    return tuple(Row(k, value(0, k, *start), sent_off(0, k, *start) if fouls else None,
                     _policy(chain, choose, fail_cases, k, tree)) for k in range(max_team_rerolls + 1))
