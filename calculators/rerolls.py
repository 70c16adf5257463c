"""Re-roll sources for a chain of D6 tests, and the per-edition limits on them.

What each source may re-roll (one re-roll per die: no die is ever re-rolled twice,
LRB6 and BB2020/BB2025 "never re-roll a re-roll"):

====================  ===============================  ===========================================
source                re-rolls                          limit (edition, source)
====================  ===============================  ===========================================
team re-roll          any of the chain's D6 tests      classic: one per team turn (LRB6);
                      except an opponent's              BB2020, BB2025: any number per turn, one
                      interception attempt; also the    per roll (rules-facts §8, team re-rolls)
                      Pro roll (classic) and the
                      Loner roll (BB2025 as written),
                      see below
Dodge                 a failed dodge                    once per team turn in every edition (LRB6
                                                        Dodge; BB2020 Dodge; BB2025 Dodge p.~"Once
                                                        per Turn")
Sure Feet             a failed rush (Go For It)         once per team turn in every edition
Sure Hands            a failed pick-up                  no limit (LRB6, BB2020, BB2025 text)
Catch                 a failed catch, including the     no limit
                      catch of a hand-off
Pass                  a failed pass roll, and a Hail    no limit (one Pass action per turn anyway)
                      Mary Pass's roll                  (LRB6 Pass: a fumble too; BB2020 Hail Mary
                                                        Pass: "re-rolled as normal")
Pro                   any one die of the player         classic: 4+ on a D6, once per turn;
                                                        BB2020: 3+, once per turn; BB2025: 3+, once
                                                        per activation.  If the Pro roll fails the
                                                        die stands: no other source may re-roll it
                                                        (classic LRB6 Pro; BB2020 and BB2025 Pro).
Loner (X+)            gates the player's team           roll a D6 before using a team re-roll; below
                      re-rolls                          X the team re-roll is lost (it counts as
                                                        used) and the die stands (classic Loner is
                                                        4+; BB2020/BB2025 Loner (X+))
====================  ===============================  ===========================================

**A team re-roll on the Pro roll** (:attr:`RerollRules.team_reroll_on_pro_roll`).  Classic
(LRB6/CRP Pro): a failed Pro roll leaves the die as it is, but the Pro roll itself may be
re-rolled with a team re-roll; that team re-roll is the turn's only one, and a Loner
player rolls for it first like for any other.  BB2020 and BB2025 (Pro, both texts): once
Pro has been tried on a die, no re-roll from another source may be used on that die, and
the classic permission to re-roll the Pro roll was not carried over; no source found
says otherwise (rules-facts §9, ``data/rulings/pro-restrictions.yml``), so a failed Pro
roll is final there.  This is stated on the calculator's page rather than offered as a
reading.

**A team re-roll on the Loner roll** (:attr:`RerollRules.team_reroll_on_loner_roll`,
``data/rulings/loner-team-re-roll.yml``).  Classic: impossible anyway, the lost team
re-roll was the turn's only one.  BB2020: not allowed (Designer's Commentary, May 2025,
p. 85).  BB2025 is disputed and the reader picks a :data:`LONER_READINGS` entry, named
after the ruling's positions:

* ``"rulebook"`` (the default, this site's recommendation): the BB2025 Loner trait
  (p. 131) no longer forbids it, so it is allowed.  Our interpretation of what follows:
  the failed Loner roll loses the first team re-roll (it counts as used); the coach may
  then spend a *second* team re-roll on the Loner die.  That second team re-roll needs
  **no Loner roll of its own**: Loner is the check made before a team re-roll re-rolls
  one of the player's dice, and the second re-roll only repeats that check; asking a
  Loner roll for it would let that roll be re-rolled in turn, then that one, a regress
  the trait never describes.  The re-rolled Loner die is not re-rolled again (no die is
  re-rolled twice), and each team re-roll applies to a different roll (the test die,
  then the Loner die), so "one team re-roll per roll" holds.  If the re-rolled Loner
  die passes, the first team re-roll goes ahead on the test die; if not, both team
  re-rolls are spent and the die stands.
* ``"designers-commentary"``: BB2020's answer carried over (Jervis expects an errata to
  restore it): a failed Loner roll is never re-rolled.

Either way a die whose team re-roll was lost to the Loner roll is not then re-rolled
by Pro or a skill: a re-roll was spent on it, and the original result stands.

**Rolls nobody of ours re-rolls** (:data:`OPPONENT_KINDS`, :data:`NOT_REROLLED_KINDS`).  An
opponent's roll made in our turn (an interception attempt, Tentacles, Shadowing) is theirs: our
team re-rolls, Pro and skills never apply to it, and our chain goes on only if it *fails*.  A
Bribe and an Argue the Call roll are the coach's, not a player's: no team re-roll (rules-facts
§8, BB2025 team re-rolls: never on a Bribe or Argue the Call roll), no Pro, no skill; FUMBBL's
engine offers none either (``christerk/ffb`` ``server/step/bb2016|bb2020|bb2025/foul/StepBribes``:
a bribe is one roll, and Argue the Call is re-rolled only by the Bribery and Corruption team rule,
which is not modelled).

**Cloud Burster** (the passer's skill, mark ``c`` on the interception step ``I6c``) is the one skill of ours that acts
on an opponent's roll.  BB2020: when the player makes a Long Pass or Long Bomb, the coach may make the opposing coach
re-roll a successful attempt to interfere with the pass (BBBase ``docs/bb2020/core_rules/skills_and_traits.md``
CLOUD BURSTER at ``87cb594``), so the chain goes on unless both rolls succeed; that the pass is long is the reader's
to say.  BB2025: opposition players may not attempt to Intercept the pass at all (BBBase
``docs/bb2025/core_rules/skills_and_traits.md`` CLOUD BURSTER (ACTIVE)): no interception step is written, so the
mark is refused there; classic has no such skill (FFB has ``skill/bb2020/CloudBurster``, with
``skillbehaviour/bb2020/CloudBursterBehaviour`` re-rolling the interference, and ``skill/bb2025/CloudBurster`` only).

**Break Tackle** (:data:`BREAK_TACKLE_BONUSES`) is not a re-roll: after a failed dodge whose die
fell short by no more than the bonus (never a natural 1), the player may add the bonus, once per
team turn, so the dodge passes.  BB2020: +1 with ST 4 or less, +2 with ST 5 or more, "once during
their activation" (BBBase ``docs/bb2020/core_rules/skills_and_traits.md``); FUMBBL applies it after
the roll, only when it turns a failure into a success (``ffb-common skill/bb2020/BreakTackle``,
``server/step/bb2020/move/StepMoveDodge``).  BB2025: +1 with ST 3 or less, +2 with ST 4, +3 with ST
5 or more, "once per Turn" (BBBase ``docs/bb2025/core_rules/skills_and_traits.md``, ``ffb-common
skill/bb2025/BreakTackle``).  Classic (LRB6, BB2016): the player uses ST instead of AG for the dodge,
decided before the die is rolled (``ffb-common skill/bb2016/BreakTackle``), so it is already in the
dodge's target and is no mark.  It may also turn a *re-rolled* die into a success, if still unused.

**Star player rules, once per game** (:data:`STAR_RULES`; a chain is one team turn, so "once per game"
means at most once in the chain, and a player flag says the player has the rule):

* **Consummate Professional** (Griff Oberwald; flag ``consummate``).  BB2020: once per game, re-roll one
  die Griff rolled, alone, in a multiple-dice roll or in a pool, but never a die of an Armour, Injury or
  Casualty roll (BBBase ``docs/bb2020/starplayers/Griff_Oberwald.md``; FFB ``ffb-common
  skill/bb2020/special/ConsummateProfessional``: a single-die re-roll source, once per game; the FAQ of
  May 2025, BBBase ``docs/bb2020/core_rules/faq_290525.md``: only Griff's own dice).  It needs no roll of
  its own, so in the chain it re-rolls any failed D6 test, Dauntless roll, or *one* block die of his, and
  like every re-roll it is never used on a die already re-rolled nor followed by another re-roll.  The Loner
  roll is one of Griff's dice too (Griff has Loner (3+)): after a failed one, Consummate Professional may re-roll
  it, and the team re-roll goes ahead if it passes (the solver's choice ``team+consummate``), as the card reads;
  FFB does not offer it (``server/mechanic/bb2020/RollMechanic`` rolls the Loner die with no re-roll).  BB2025: no re-roll any more; once per
  game Griff may add +1 to an Agility test he made, after seeing the die (BBBase
  ``docs/bb2025/starplayers/Griff_Oberwald.md``).  The Agility tests of the chain are
  :data:`AGILITY_KINDS` (BBBase BB2025 "The Game of Blood Bowl": dodging, jumping, picking up, catching,
  landing); the +1 never saves a natural 1, and being a modifier it may also help a re-rolled die.  As
  with Break Tackle, it is not offered on a test with a non-critical band or against Diving Tackle; on a dodge
  with Break Tackle the two bonuses are weighed together (:mod:`calculators.chain.bonuses`; refused against
  Diving Tackle, not modelled).  Not in classic (no such star rule in LRB6/BB2016; FFB has no
  bb2016 class).
* **The Ballista** (Morg 'n' Thorg; flag ``ballista``).  BB2020: once per game, re-roll a failed Passing
  Ability test of a Pass action or a Throw Team-mate action (BBBase ``docs/bb2020/starplayers/
  Morg_'n'_Thorg.md``; FFB ``skill/bb2020/special/TheBallista``: re-roll source for ``PASS`` and
  ``THROW_TEAM_MATE``; FFB ``server/step/bb2020/pass/StepPass`` re-rolls a Hail Mary Pass as a ``PASS``,
  so the Hail Mary roll is one).  BB2025: once per game, re-roll the Passing Ability test of a Throw
  Team-mate action (BBBase ``docs/bb2025/starplayers/Morg_'n'_Thorg.md``); FFB's
  ``skill/bb2025/special/TheBallista`` still lists ``PASS`` too (and Kick Team-mate): the sources disagree,
  and we follow the rule text.  Free (no roll), on any failure of that test, critical or not.  Not in
  classic.
* **Old Pro** (Helmut Wulf; flag ``oldpro``, with ``pro``: Helmut has Pro).  BB2020 and BB2025: once per game,
  Helmut may use Pro to re-roll one die of an armour roll (BBBase ``docs/bb2020|bb2025/starplayers/
  Helmut_Wulf.md``).  The Pro roll (3+) is still made, and a failed one does not spend Old Pro, only Pro
  (BB2020 FAQ, BBBase ``docs/bb2020/core_rules/faq_290525.md``); Pro's once per turn (activation) applies.
  FFB (``ffb-server .../injury/modification/OldProModification``, skill ``skill/mixed/special/OldPro``)
  offers it when the armour held, and re-rolls one die.  In the chain: an armour roll after a block that held
  is re-rolled, if Pro and Old Pro are unused, on the die whose re-roll gives the better chance, the injury roll
  that follows it included (:func:`calculators.oldpro.old_pro_rescue`); failing ends the chain, so it is always
  tried.  On a foul (issue 23), where FFB also offers it on a double that would send the fouler off, the coach
  keeps the dice or re-rolls one, whichever serves the rest of the chain best (:mod:`calculators.oldpro`; not
  with Lone Fouler's re-roll).  Not in classic.
* **Savage Blow** (Anqi Panqi; flag ``savageblow``).  BB2020 and BB2025: once per game, on a Block action
  against an opponent, re-roll any number of the block dice (BBBase ``docs/bb2020|bb2025/starplayers/
  Anqi_Panqi.md``; FFB ``skill/mixed/special/SavageBlow``).  Free.  The sources differ on a Blitz's block
  (:data:`SAVAGE_BLOW_READINGS`, the chain's ``savage_reading``, the ``chain`` request's ``savage_blow_reading``,
  which BB2025 Lord of Chaos follows too, below):
  ``"rulebook"`` (the default, the rule text's "Block Action"): a block that is not a Blitz's, i.e. with no
  Juggernaut ``j`` or Unstoppable Momentum ``u`` and by a player whose other steps are only blocks, Dauntless rolls,
  armour and injury rolls (a move before the block makes it a Blitz, as for Brawler); ``"fumbbl"``: any block, as
  FFB's ``step/bb2020|bb2025/block/StepBlockRoll`` offers it without checking the action (it does check for
  Unstoppable Momentum).  Without a branch the best dice to re-roll are every die when the
  attacker chooses (as a team re-roll) and exactly the failing dice when the defender chooses; on a block with a
  non-critical branch (Frenzy's first block, issue 23) each set of dice is weighed, since a Push may be worth
  keeping (:func:`calculators.chain.tree._savage_dists`).
* **Halfling Luck** (Puggy Baconbreath) and **Thinking Man's Troll** (Ripper Bolgrot); flag ``luck``, one rule
  for both.  BB2020 and BB2025: once per game (Thinking Man's Troll: once per half, which a chain of one team
  turn cannot tell apart), re-roll one die the player rolled, alone, in a multiple-dice roll or in a pool, never
  a die of an Armour, Injury or Casualty roll (BBBase ``docs/bb2020|bb2025/starplayers/Puggy_Baconbreath.md``
  and ``Ripper_Bolgrot.md`` at ``87cb594``; FFB ``christerk/ffb`` at ``ac2f6d3``, ``ffb-common
  skill/mixed/special/HalflingLuck`` and ``ThinkingMansTroll``: a single-die re-roll source, once per game or
  half).  That is BB2020 Consummate Professional's re-roll, in both editions: the chain's one implementation of
  it serves the three rules (a free re-roll of any failed D6 test, Dauntless roll, or one block die of his).

* **Master Assassin** (Skitter Stab-Stab; flag ``assassin``).  BB2020: once per game, when Skitter breaks an
  opponent's armour with a Stab, he may re-roll the injury roll (BBBase ``docs/bb2020/starplayers/Skitter_Stab-stab.md``;
  FFB ``server/injury/modification/MasterAssassinModification``: a new injury roll).  BB2025: once per game, when he
  performs a Stab, he may re-roll the armour roll (BBBase ``docs/bb2025/starplayers/Skitter_Stab-stab.md``; FFB
  ``server/injury/modification/bb2025/MasterAssassinModification``, a ``RerollArmourModification`` of a Stab).
* **Krump and Smash** (Varag Ghoul-Chewer, BB2025; flag ``krump``): once per game, when an opponent is Knocked Down
  by his Block action, he may re-roll the armour roll (BBBase ``docs/bb2025/starplayers/Varag_Ghoul-Chewer.md``;
  FFB ``server/injury/modification/bb2025/KrumpAndSmashModification``).  BB2020's Varag has Crushing Blow instead.
  Both (:data:`STAR_2D6_REROLLS`) re-roll the whole 2D6 roll, free, only when the chain would end otherwise (the
  armour held, or the injury roll right after a broken armour fell short), so the solver always uses them then
  (:func:`calculators.chain.outcomes.star_reroll_gain`).  Sources: BBBase at ``87cb594``, FFB ``christerk/ffb``
  at ``ac2f6d3``.

* **Woodland Fury** (Willow Rosebark, BB2025; flag ``woodland``): once per game, when her block would leave her
  Knocked Down, she may re-roll one block die (BBBase ``docs/bb2025/starplayers/Willow_Rosebark.md`` at ``87cb594``;
  FFB ``skill/bb2025/special/WoodlandFury``, offered by ``server/step/bb2025/block/StepBlockRoll`` when
  ``UtilPlayer.blockWouldKnockDownAttacker``: every die knocks her down when she chooses, any die when the
  defender does; a die knocks her down on Player Down, or on Both Down unless she has Block, or Juggernaut on a
  Blitz).  In the chain: a free re-roll of one die of such a failed block roll (:func:`calculators.chain.tree.
  _block_cases` names those rolls ``…/down``).  BB2020's Willow has Indomitable instead.

* **Strong Passing Game** (Skrull Halfheight; flag ``strong``).  BB2020: once per game, after his Passing Ability
  test for a Pass action, he may add his Strength to the roll; BB2025: once per game, on a Pass action, he may add his
  ST to the result of the test, to a maximum of 6 (BBBase ``docs/bb2020|bb2025/starplayers/Skrull_Halfheight.md`` at
  ``87cb594``: ST 3; FFB ``skill/mixed/special/StrongPassingGame``).  In the chain: a pass ``T`` that failed by 3
  or less (never a natural 1, a fumble in both editions) is saved, once per game, as BB2025 Consummate
  Professional's +1 is (:data:`STRONG_PASS_BONUS`); not offered on a pass with an inaccurate band ``~N``
  (not modelled there).
* **Bounding Leap** (Rowana Forestfoot; flag ``leap``).  BB2020 and BB2025: once per game, declared before the dice
  of a Leap are rolled, she suffers no negative modifiers to its Agility test and may re-roll it (BBBase
  ``docs/bb2020|bb2025/starplayers/Rowana_Forestfoot.md``; FFB ``skill/mixed/special/BoundingLeap``).  In the chain:
  a free re-roll of her failed jump or leap ``V``, whose written target is then without negative modifiers; being
  declared before the roll, it goes to her one jump or leap of the chain (a player with the flag and two of them
  is refused, ``not-modelled``: which one takes it is decided before rolling).

* **Swift as the Breeze** (Jordell Freshbreeze; flag ``swift``).  BB2020 and BB2025: once per game, he may pass a
  single Dodge, Leap or Rush test on a 2+, whatever the modifiers (BBBase ``docs/bb2020|bb2025/starplayers/
  Jordell_Freshbreeze.md`` at ``87cb594``); FFB lets him choose it after the roll (``skill/mixed/special/
  SwiftAsTheBreeze``: ``canChooseToIgnore{Dodge,Rush,Jump}ModifierAfterRoll``), which we follow: a failed dodge,
  jump or rush ``D``, ``V``, ``R`` whose die shows 2 or more passes, once per game, as BB2025 Consummate
  Professional's +1 does (:data:`SWIFT_KINDS`); not on a roll with a band, Diving Tackle or Break Tackle, which
  are refused with it (not modelled).
* **Blind Rage** (Akhorne the Squirrel; flag ``blindrage``), the one rule of this list with no limit per game:
  BB2020 and BB2025, Akhorne may re-roll the D6 of his Dauntless roll (BBBase ``docs/bb2020|bb2025/starplayers/
  Akhorne_The_Squirrel.md`` at ``87cb594``; FFB ``skill/mixed/special/BlindRage``).  Free, as a skill re-roll of
  that roll, on every Dauntless roll of his; like every re-roll never followed by another on that die.
* **Lord of Chaos** (Lord Borak the Despoiler; flag ``lordofchaos``).  BB2025: once per game, on a Block action,
  Borak may re-roll a single block die (BBBase ``docs/bb2025/starplayers/Lord_Borak_the_Despoiler.md`` at
  ``87cb594``): free, one die.  "Block Action" is read as Savage Blow's, by the same reading
  (:data:`SAVAGE_BLOW_READINGS`, the request's ``savage_blow_reading``): ``"rulebook"`` a Block action's block only
  (not after a move of his, nor marked ``j`` or ``u``), ``"fumbbl"`` any block, since FFB's BB2025
  ``server/step/bb2025/block/StepBlockRoll`` (``christerk/ffb`` at ``ac2f6d3``) offers its single-die re-roll
  (``canRerollSingleBlockDieOncePerPeriod``) without checking the action, as for Savage Blow (it checks the
  Blitz only for Unstoppable Momentum's re-roll, which it offers first).  BB2020's Lord of Chaos is an extra team re-roll for the first half
  (BBBase ``docs/bb2020/starplayers/Lord_Borak_the_Despoiler.md``), which the chain counts in ``tr``: the flag is
  refused there.
* **Mesmerising Dance** (Eldril Sidewinder; flag ``mesmerising``).  BB2020 *Mesmerizing Gaze*: once per game, re-roll
  a failed Agility test of Hypnotic Gaze; BB2025 *Mesmerising Dance*: once per half, re-roll the dice of a
  Hypnotic Gaze (BBBase ``docs/bb2020|bb2025/starplayers/Eldril_Sidewinder.md`` at ``87cb594``).  Free, on a
  failed ``hypnotic-gaze`` step, at most once in a chain in both editions (a chain is one team turn).
* **Savage Mauling** (Wilhelm Chaney; flag ``savagemauling``).  BB2020 and BB2025: once per game, Wilhelm may re-roll
  an Injury roll he makes against an opposition player (BBBase ``docs/bb2020|bb2025/starplayers/Wilhelm_Chaney.md``
  at ``87cb594``).  In the chain: an injury step ``J`` of his that missed its need, after a block's armour roll or
  alone, not a foul's (:func:`calculators.chain.outcomes.mauling_rescues`); failing ends the chain, so it is always
  tried.

In a chain every player has a single activation, so "once per activation" (BB2025
Pro) and "once per team turn" coincide; the difference is documented, not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .editions import Edition, resolve
from .errors import CalcError, shown

__all__ = ["AGILITY_KINDS", "BALLISTA_KINDS", "BREAK_TACKLE_BONUSES", "STAR_REROLL_KINDS", "STAR_RULES", "STAR_RULE_EDITIONS", "LONER_READINGS", "NOT_REROLLED_KINDS", "ONCE_PER_TURN", "OPPONENT_KINDS",
           "SAVAGE_BLOW_READINGS", "SKILL_FOR_KIND", "SKILLS", "RerollRules", "check_reading", "d6_at_least", "reroll_rules"]

#: skill id -> display name
SKILLS: dict[str, str] = {
    "dodge": "Dodge",
    "sure-feet": "Sure Feet",
    "sure-hands": "Sure Hands",
    "catch": "Catch",
    "pass": "Pass",
    "break-tackle": "Break Tackle",
    "cloud-burster": "Cloud Burster",
    "biased-referee": "Biased Referee",
}

#: chain step kind -> the skill that re-rolls it
SKILL_FOR_KIND: dict[str, str] = {
    "dodge": "dodge",
    "rush": "sure-feet",
    "pick-up": "sure-hands",
    "catch": "catch",
    "hand-off": "catch",
    "pass": "pass",
    "hail-mary": "pass",
    "interception": "cloud-burster",  # the passer's: the opponent re-rolls a successful interception (BB2020)
    "argue-the-call": "biased-referee",  # BB2020: the inducement's +1 spares the coach on a natural 1 (chain.appeals)
}

#: skills limited to one use per team turn, in every edition (Break Tackle: BB2020 and BB2025, see above)
ONCE_PER_TURN: frozenset[str] = frozenset({"dodge", "sure-feet", "break-tackle"})

#: chain step kinds an opponent rolls in our turn: never our re-roll; our chain goes on only if they fail
OPPONENT_KINDS: frozenset[str] = frozenset({"interception", "tentacles", "shadowing"})

#: chain step kinds our coach rolls that nothing re-rolls (no team re-roll, no Pro, no skill)
NOT_REROLLED_KINDS: frozenset[str] = frozenset({"bribe", "argue-the-call"})

#: edition family -> the Break Tackle bonuses a dodge may take (by the player's ST; see the module docstring)
BREAK_TACKLE_BONUSES: dict[str, tuple[int, ...]] = {"classic": (), "bb2020": (1, 2), "bb2025": (1, 2, 3)}

#: star player rules a chain models (player flag -> display name), once per game (module docstring)
STAR_RULES: dict[str, str] = {"consummate": "Consummate Professional", "ballista": "The Ballista", "oldpro": "Old Pro",
                              "savageblow": "Savage Blow", "luck": "Halfling Luck / Thinking Man's Troll",
                              "assassin": "Master Assassin", "krump": "Krump and Smash", "woodland": "Woodland Fury",
                              "strong": "Strong Passing Game", "leap": "Bounding Leap",
                              "swift": "Swift as the Breeze", "blindrage": "Blind Rage", "lordofchaos": "Lord of Chaos",
                              "mesmerising": "Mesmerising Dance", "savagemauling": "Savage Mauling"}
#: star rule -> the edition families that have it (module docstring: neither exists in classic)
STAR_RULE_EDITIONS: dict[str, tuple[str, ...]] = {"consummate": ("bb2020", "bb2025"), "ballista": ("bb2020", "bb2025"),
                                                   "oldpro": ("bb2020", "bb2025"), "savageblow": ("bb2020", "bb2025"),
                                                   "luck": ("bb2020", "bb2025"), "assassin": ("bb2020", "bb2025"),
                                                   "krump": ("bb2025",), "woodland": ("bb2025",),
                                                   "strong": ("bb2020", "bb2025"), "leap": ("bb2020", "bb2025"),
                                                   "swift": ("bb2020", "bb2025"),
                                                   "blindrage": ("bb2020", "bb2025"), "lordofchaos": ("bb2025",),
                                                   "mesmerising": ("bb2020", "bb2025"),
                                                   "savagemauling": ("bb2020", "bb2025")}
#: Swift as the Breeze: the chain step kinds it passes on a 2+ (a dodge, a jump or leap, a rush)
SWIFT_KINDS: frozenset[str] = frozenset({"dodge", "jump", "rush"})
#: Strong Passing Game: what Skrull Halfheight adds to his pass's die (his ST, 3 on both editions' pages)
STRONG_PASS_BONUS = 3
#: star rules that re-roll a whole 2D6 roll once per game -> (the armour rolls they follow: ``stab`` a Stab's,
#: ``block`` one after a block), edition family -> the roll re-rolled (``armour`` when it held, ``injury`` when
#: the armour broke and the injury roll right after it fell short)
STAR_2D6_REROLLS: dict[str, tuple[str, dict[str, str]]] = {"assassin": ("stab", {"bb2020": "injury", "bb2025": "armour"}),
                                                          "krump": ("block", {"bb2025": "armour"})}
#: BB2025: the chain step kinds that are Agility tests of the acting player (Consummate Professional's +1)
AGILITY_KINDS: frozenset[str] = frozenset({"dodge", "jump", "pick-up", "catch", "hand-off", "landing"})
#: star rule -> its once-per-game re-roll's D6 step kinds, every edition that has the rule (Mesmerising Dance)
STAR_REROLL_KINDS: dict[str, frozenset[str]] = {"mesmerising": frozenset({"hypnotic-gaze"})}
#: edition family -> the chain step kinds The Ballista re-rolls
BALLISTA_KINDS: dict[str, frozenset[str]] = {"bb2020": frozenset({"pass", "hail-mary", "throw-team-mate"}),
                                             "bb2025": frozenset({"throw-team-mate"})}

#: readings of Savage Blow's "Block Action" (module docstring): ``rulebook`` (the default: no Savage Blow on a Blitz's
#: block) or ``fumbbl`` (FFB offers it on any block)
SAVAGE_BLOW_READINGS: tuple[str, ...] = ("rulebook", "fumbbl")

#: BB2025 readings of the Loner ruling (may a team re-roll re-roll a failed Loner roll?),
#: named after the ruling's positions (``data/rulings/loner-team-re-roll.yml``); the
#: first is the default: the rulebook as written, this site's recommendation
LONER_READINGS: tuple[str, ...] = ("rulebook", "designers-commentary")


def d6_at_least(n: int) -> Fraction:
    """Return P(D6 >= n) for n in 1..7 (an unmodified roll: the Pro and Loner rolls)."""
    return Fraction(max(0, min(6, 7 - n)), 6)


@dataclass(frozen=True)
class RerollRules:
    """Re-roll limits of one edition and reading (see the module docstring).

    Attributes:
        edition: the edition id.
        team_rerolls_per_turn: 1 (classic) or None (BB2020, BB2025: no limit, one per roll).
        pro_target: the D6 needed on the Pro roll (4 classic, 3 BB2020/BB2025).
        pro_per: ``"turn"`` or ``"activation"`` (:class:`~calculators.editions.Mechanics`).
        team_reroll_on_pro_roll: a team re-roll may re-roll a failed Pro roll (classic only).
        team_reroll_on_loner_roll: a second team re-roll may re-roll a failed Loner roll
            (BB2025, reading ``"rulebook"`` only).
        reading: the BB2025 Loner reading used (an entry of :data:`LONER_READINGS`), None
            in the other editions, which have no disputed reading here.
    """

    edition: str
    team_rerolls_per_turn: int | None
    pro_target: int
    pro_per: str
    team_reroll_on_pro_roll: bool = False
    team_reroll_on_loner_roll: bool = False
    reading: str | None = None


def check_reading(edition: str | Edition, reading: object, field: str = "reading") -> str | None:
    """Return the Loner reading that applies in ``edition``: ``reading``, or the default when None.

    Returns:
        an entry of :data:`LONER_READINGS` for BB2025 (``"rulebook"`` when ``reading`` is
        None); None for classic, BB2016 and BB2020.

    Raises:
        CalcError: naming ``field``: a value outside :data:`LONER_READINGS`, or any reading
        given for an edition other than BB2025 (allowed: none); an unknown edition names
        ``edition``.
    """
    ed = resolve(edition)
    if not ed.bb2025:
        if reading is not None:
            raise CalcError(field, f"{field} applies only to BB2025 (the Loner ruling); {ed.name} has no disputed "
                                   f"reading here, got {shown(reading)}", [], reason="bb2025-only")
        return None
    if reading is None:
        return LONER_READINGS[0]
    if not isinstance(reading, str) or reading not in LONER_READINGS:
        raise CalcError(field, f"{field} must be one of {', '.join(LONER_READINGS)}, got {shown(reading)}",
                        list(LONER_READINGS), reason="choice")
    return reading


def reroll_rules(edition: str | Edition, reading: str | None = None) -> RerollRules:
    """Return the :class:`RerollRules` of ``edition`` under the Loner ``reading`` (BB2025 only).

    Raises:
        CalcError: on an unknown edition (``edition``) or a bad reading (``reading``, see
        :func:`check_reading`).
    """
    ed = resolve(edition)
    m = ed.mechanics
    used = check_reading(ed, reading)
    return RerollRules(ed.name, m.team_rerolls_per_turn, m.pro_target, m.pro_per,
                       team_reroll_on_pro_roll=ed.classic,
                       team_reroll_on_loner_roll=used == "rulebook",
                       reading=used)
