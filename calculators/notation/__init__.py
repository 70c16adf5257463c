"""Compact text notation for chains of rolls: parse and format (round-trip).

Grammar (spaces are ignored)::

    chain   = sequence { ";" option }
    sequence= item { ( "," | "/" ) item }    ("/": the next item is a new player's)
    item    = [ flags ] step | [ flags ] alternatives
    flags   = "[" flag { "," flag } "]"       (only on a player's first item)
    step    = test [ "{" sequence [ "|" [ sequence ] ] "}" ] | block [ "{" [ sequence ] "}" ] | armour | injury
            | "U" DIGIT [ "!" | "'" ] "{" [ sequence ] "|" [ sequence ] "}"
    test    = LETTER DIGIT [ SKILL ] [ "b" DIGIT ] [ "~" DIGIT ] [ "!" | "'" ] [ "^" ]
    block   = "B" [ "-" ] DIGIT { ATTACKER } [ ":" { DEFENDER } ] [ "=s" | "=" DIGIT ] [ "!" | "'" ]
    armour  = ( "A" | "F" ) NUMBER [ ( "+" | "-" ) NUMBER ] { MARK [ DIGIT ] }
    injury  = "J" ( "K" | "C" | NUMBER ) [ ( "+" | "-" ) NUMBER ] { INJURY_MARK }
    alternatives = "(" WEIGHT ":" [ sequence ] { "|" WEIGHT ":" [ sequence ] } ")"
    flag    = "pro" | "loner=" DIGIT          (Loner X+, X in 2..6)
            | "consummate" | "ballista" | "oldpro" | "savageblow" | "luck"
            | "assassin" | "krump" | "woodland" | "strong" | "leap" | "swift"
            | "blindrage" | "lordofchaos" | "mesmerising"
                                      (star player rules, BB2020 and BB2025; krump, woodland, lordofchaos BB2025 only)
            | "steady"                (Steady Footing, BB2025: a 6 keeps the player standing after a fall)
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
and BB2025, on a Blitz: any one block die may be re-rolled; not with ``r``), ``n`` Working in Tandem (Lucien Swift,
BB2025, against a player Valen Swift also Marks: any one block die may be re-rolled); after ``:`` the defender's (:data:`BLOCK_DEFENDER_MARKS`):
``b`` Block, ``d`` Dodge, ``w`` Wrestle, ``f`` Steady Footing (BB2025: on a 6 a defender Knocked Down stays
standing, :mod:`calculators.chain.footing`).  The step succeeds when the defender is Knocked
Down and the attacker stays standing; with ``=s`` when the attacker merely stays standing
(no turnover).  ``B2bt:bd`` is a two-dice block by a player with Block and Tackle on one
with Block and Dodge; ``B-2:w=s`` a block where the defender picks from two dice, has
Wrestle, and the attacker only needs to stay on its feet.  ``=N`` (1..5) instead says outright that N of the
six faces succeed, counted in the order POW, Stumble, Push, Push, Both Down (:attr:`calculators.chain.BlockStep.faces`:
a block whose faces no skill of ours gives, as BloodBowlDave's ``2D3`` with Brawler); then only the marks
``r``, ``h``, ``u`` and ``!``, and no branch: ``B2r=3`` is a two-dice block by a player with Brawler where POW,
Stumble and one Push succeed and a Both Down may be re-rolled.

**Armour rolls and fouls.**  ``A`` an armour roll after a block, ``F`` a Foul's armour
roll; the number is the victim's AV as the armour calculator's ``av`` field has it
(classic AV 3..12, broken when the roll exceeds it; BB2020/BB2025 the AV target 3..13,
``A9`` is 9+); an optional signed modifier (``A9+1``; for a foul the net assists,
``F9+2``, -8..8; after a block -5..5); then marks (:data:`ARMOUR_MARKS`): on ``A`` ``m``
Mighty Blow, ``c`` Claws, ``i`` the victim's Iron Hard Skin (BB2020, BB2025), ``k`` a Stab
(the roll replaces the block and cannot be modified), ``w`` a Chainsaw (+3; its kick-back
D6 is a test such as ``N2`` before it), ``p`` Piling On (classic: re-rolls the armour or the
injury roll that follows, and ends the player's action), and the star players' once-per-game +1s after a
block (BB2020, BB2025; :class:`calculators.chain.ArmourStep`): ``r`` Ram and ``s`` Slayer (on the armour or the
injury roll, chosen after the roll), ``b`` Crushing Blow (on the armour roll only), so ``B2,A8mr,J8``; on ``F`` ``d`` Dirty Player, ``s``
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
with ``pro``: Pro may re-roll one die of an armour roll ``A`` after a block, or of his foul ``F``) and ``[savageblow]`` Savage Blow
(Anqi Panqi: any number of the dice of a Block action's block, not a Blitz's, a Frenzy block included); ``[luck]`` Halfling
Luck or Thinking Man's Troll (Puggy Baconbreath, Ripper Bolgrot: BB2020 Consummate Professional's free re-roll of
one die, in BB2020 and BB2025), ``[assassin]`` Master Assassin (Skitter Stab-Stab: BB2020 the injury roll after his
Stab, BB2025 his Stab's armour roll ``A..k``, re-rolled) and ``[krump]`` Krump and Smash (Varag Ghoul-Chewer,
BB2025: an armour roll ``A`` after his block re-rolled), ``[woodland]`` Woodland Fury (Willow Rosebark, BB2025: one
die of a block roll that would knock her down re-rolled), ``[strong]`` Strong Passing Game (Skrull Halfheight: +3
on a failed pass ``T``'s die after the roll, not on a pass with a band ``~N``) and ``[leap]`` Bounding Leap (Rowana
Forestfoot: a free re-roll of her one jump or leap ``V``), ``[swift]`` Swift as the Breeze (Jordell Freshbreeze: a
failed dodge, jump or rush whose die shows 2 or more passes, once),
``[blindrage]`` Blind Rage (Akhorne the Squirrel: a free re-roll of each of his Dauntless rolls ``U``),
``[lordofchaos]`` Lord of Chaos (Lord Borak, BB2025: one block die of a Block action re-rolled, once) and
``[mesmerising]`` Mesmerising Dance (Eldril Sidewinder: a failed Hypnotic Gaze ``G`` re-rolled, once).  ``[loner=3,consummate]D3,R2f``
is Griff dodging then rushing; ``[loner=4,ballista]W5~2{/L4|/L5}`` Morg throwing a team-mate.  ``[steady]``, after the
star flags, is the skill Steady Footing (BB2025 only; any number of times): the player's failed dodge, rush, jump or
landing that stands, or a block face that knocks them down where standing would meet the block's goal, is followed
by a 6+ roll that a team re-roll or Pro may re-roll, and a 6 goes on as a success (:mod:`calculators.chain.footing`):
``[loner=4,swift,steady]D3d,B2`` is Jordell Freshbreeze dodging then blocking.

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
(``D3!``, ``B2b!``, ``U4!{…|…}``); ``'`` the coach will spend no team re-roll on it, Pro, a skill or a star rule
still may (``[pro]D3'``); ``^`` on a dodge, an opponent with Diving Tackle may dive
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
and the slowest branching one (branches nested to the limit, heavy steps in each, Savage Blow weighing every set
of dice on Frenzy blocks) in about 1.0–1.2 s, under the 2 s target; a star player flag is a resource more in the state, and a player has at most one
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

The package: :mod:`~calculators.notation.marks` (letters, marks, limits, reasons), :mod:`~calculators.notation.tokens`
(the text cut into tokens), :mod:`~calculators.notation.steps` (one token read as a step),
:mod:`~calculators.notation.parser` (:func:`parse_chain`), :mod:`~calculators.notation.format` (:func:`format_chain`).
"""

from __future__ import annotations

from .format import format_chain, format_step
from .marks import (ARMOUR_MARKS, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, BREAK_TACKLE_MARK, INJURY_MARKS,
                    INJURY_NEEDS_LETTERS, LETTERS, MAX_DEPTH, MAX_LENGTH, MAX_PLAYERS, MAX_STEPS, REASONS, ROLL_MARKS,
                    SKILL_FLAGS, SKILL_MARKS, STAR_FLAGS, VALUED_MARKS)
from .parser import Parsed, parse_chain

__all__ = ["ARMOUR_MARKS", "BLOCK_ATTACKER_MARKS", "BLOCK_DEFENDER_MARKS", "BREAK_TACKLE_MARK", "INJURY_MARKS",
           "INJURY_NEEDS_LETTERS", "LETTERS", "MAX_DEPTH", "MAX_LENGTH", "MAX_PLAYERS", "MAX_STEPS", "REASONS",
           "ROLL_MARKS", "SKILL_FLAGS", "SKILL_MARKS", "STAR_FLAGS", "VALUED_MARKS",
           "Parsed", "format_chain", "format_step", "parse_chain"]
