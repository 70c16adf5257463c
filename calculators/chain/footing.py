"""Steady Footing (BB2025): a roll of 6 that keeps a player on their feet, as nodes of the solver's tree.

**The rule.**  BB2025 only (a trait of the BB2025 rules; Jordell Freshbreeze has it there and not in BB2020).
When a player with it would Fall Over or be Knocked Down, the coach rolls a D6; on a 6 the player stays
standing, goes on with their activation and no Turnover is caused.  Sources: BBBase
``BBBase-EHeresy-PPPub/BBBase`` at ``87cb594``, ``docs/bb2025/core_rules/skills_and_traits.md`` (STEADY FOOTING)
and ``docs/bb2025/core_rules/latest_faq.md`` (the two Steady Footing questions: it comes when a rule says the
player is Knocked Down or Falls Over, e.g. a failed dodge or a 1 on a Rush; a dodger saved ends in the square
they moved to; the roll may take a team re-roll, and may be made any number of times in a turn); FUMBBL
``christerk/ffb`` at ``ac2f6d3``: ``ffb-common/.../skill/bb2025/SteadyFooting.java`` (the trait) and
``ffb-server/.../step/bb2025/shared/StepSteadyFooting.java`` (its roll, a 6 needed, offered a re-roll through
``UtilServerReRoll.askForReRollIfAvailable`` like any of the player's rolls: a team re-roll, Pro), reached from
``step/bb2025/move/StepMoveDodge``, ``StepGoForIt``, ``StepJump`` and ``ttm/StepRightStuff`` once the failed
roll stands (its re-rolls decided first).  Jervis (``cmelchior/jervis-ffb`` at ``64b4b14``) has no such skill.

**In the chain.**  The player flag ``steady`` (notation ``[steady]``).  A failed dodge, rush, jump or landing
(:data:`FALL_KINDS`) of that player whose failure stands (every re-roll, Break Tackle and star rule decided, or
declined) goes to a roll node of its own: a 6+ test of the same player, which the coach may re-roll with a team
re-roll (behind the Loner roll) or Pro as any of that player's rolls; its success goes on with the main line as
the passed step would, its failure ends the chain.  A non-critical failure (a band ``~N``) is not a fall and goes
on by its branch as before.

**Blocks.**  The chain's block step succeeds when its goal is met.  A face whose result knocks the attacker down
but would meet the goal with the attacker standing (:func:`block_fall_faces`) becomes a fall: a Both Down that also
knocks the defender down (no Block on either side, no Juggernaut, no Wrestle for the defender to take instead: Wrestle
places both players prone, which Steady Footing does not prevent, BB2025 FAQ above), and with the goal ``standing``
(``=s``) a Player Down too.  The solver handles such a face as the block's non-critical class, whose branch is the
6+ roll (the attacker keeps such a die over a plain failure; the defender, choosing, gives a plain failure first).  A
Player Down saved under the goal ``down`` leaves the defender up: the step still fails.  Refused
(:func:`check_footing`): a block with a non-critical branch (Frenzy) or Savage Blow by a player with the flag, when
a face falls; a block whose succeeding faces are given outright (``=N``) is taken as stated.

**The defender's own Steady Footing** (defender mark ``f``, ``B2:f``; BB2025).  The BB2025 FAQ above names it: the
target of a Block action on whom a Stumble or POW is rolled is Knocked Down, so rolls; on a 6 no Armour roll is made
and the player stays standing (so does a defender without Block on a Both Down that the attacker's Block leaves
standing).  FFB rolls it in the block sequence after the falling players drop (``step/generator/bb2025/Block``:
``STEADY_FOOTING`` with ``ApothecaryMode.DEFENDER``, ``StepSteadyFooting``).  It is the opponent's roll, made once
our block roll stands, and nobody re-rolls it: our re-rolls never touch an opposing coach's dice, and the defender's
coach has none to use in our turn (BBBase ``docs/bb2025/core_rules/rules_and_regulations.md`` TEAM RE-ROLLS: only when
the team is active, never an opposing coach's dice; PRO: during the player's own activation).  Whether FFB offers
the defender's coach a re-roll there (``UtilServerReRoll.askForReRollIfAvailable``) was not checked.  In the chain
(:func:`add_defender_footing`): a block of goal ``down`` whose roll succeeds (the defender Knocked Down) goes on
only when the defender's D6 is not a 6; on a 6 the defender stands where the push left them, a non-critical result
(Frenzy's second block, the block's branch) or, without a branch, the end of the chain.  With the goal ``standing``
the defender's fate changes nothing.  The defender's roll is the same whoever falls first: after the attacker's own
saved Both Down it is rolled as after any other success.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import CalcError
from .steps import BlockStep, Step, walk

__all__ = ["DEFENDER_FOOTING", "FALL_KINDS", "FOOTING_TARGET", "add_defender_footing", "add_footing",
           "block_fall_faces", "check_footing"]

#: D6 step kinds whose failure makes the roller Fall Over (BBBase BB2025 core rules; FFB steps named above)
FALL_KINDS: frozenset[str] = frozenset({"dodge", "rush", "jump", "landing"})

#: the Steady Footing roll's target (FFB ``StepSteadyFooting``: a 6; BBBase STEADY FOOTING)
FOOTING_TARGET = 6

#: the defender's Steady Footing in a block step's ``defender`` (:data:`calculators.chain.BLOCK_DEFENDER`)
DEFENDER_FOOTING = "steady-footing"


def block_fall_faces(chain, s) -> frozenset[int]:
    """The block die faces (:data:`calculators.block.FACES` numbers) of block step ``s`` that Steady Footing turns
    from a failure into a success of its goal, when its attacker has the flag (empty otherwise, and for a block whose
    faces are given outright)."""
    if not isinstance(s, BlockStep) or not chain.players[s.player].steady or s.faces is not None:
        return frozenset()
    juggernaut = "juggernaut" in s.attacker
    wrestle = "wrestle" in s.defender and not juggernaut  # a Blitz's Juggernaut stops Wrestle
    both_down_falls = not (s.attacker & {"block", "juggernaut"}) and not wrestle
    faces = {1} if s.goal == "standing" else set()
    if both_down_falls and (s.goal == "standing" or "block" not in s.defender):
        faces.add(2)
    return frozenset(faces) - s.good_faces()


def check_footing(chain) -> None:
    """Check the ``steady`` flags of ``chain`` (a :class:`calculators.chain.Chain`).

    Raises:
        CalcError: ``players[i].steady`` not a bool (``choice``), in an edition other than BB2025
            (``not-in-edition``), or on a player with a block whose result the save could change (``not-modelled``).
    """
    for i, pl in enumerate(chain.players):
        on = pl.steady
        if not isinstance(on, bool):
            raise CalcError(f"players[{i}].steady", f"steady is true or false, got {on!r}", [False, True],
                            reason="choice")
        if not on:
            continue
        if not chain.ed.bb2025:
            raise CalcError(f"players[{i}].steady", f"Steady Footing is a skill of bb2025 only, not of {chain.edition}",
                            ["bb2025"], reason="not-in-edition")
        for _, s in walk(chain.steps):
            if isinstance(s, BlockStep) and s.player == i and block_fall_faces(chain, s) and (
                    s.branch is not None or pl.savageblow):
                raise CalcError(f"players[{i}].steady", "Steady Footing on a block with a non-critical branch or Savage "
                                "Blow, where a knocked-down attacker saved could still meet the goal: not modelled",
                                reason="not-modelled")


def add_footing(chain, nodes: list, make, fill) -> dict[int, int]:
    """Append a Steady Footing node after the end node for every roll node of a fall (:data:`FALL_KINDS`) by a
    player with the flag, and return ``{that node's index: its Steady Footing node's index}``; a block with falling
    faces (:func:`block_fall_faces`) gets one too, as its non-critical successor ``nc`` (not in the map).

    ``make(kind, step)`` builds a node and ``fill(edition, node, step, entries)`` sets its numbers (the tree's
    ``_Node`` and ``_fill``).  Each new node rolls a 6+ test of the falling player (a plain ``test`` step: no skill
    re-rolls it) and leads, on a success, where the passed step leads.  Appended nodes come after the end node, so
    node indices of the steps (pre-order) are unchanged.
    """
    falls: dict[int, int] = {}
    if not any(pl.steady for pl in chain.players):
        return falls
    for j in range(len(nodes)):
        nd = nodes[j]
        s = nd.step
        block = isinstance(s, BlockStep) and bool(block_fall_faces(chain, s))
        falls_over = isinstance(s, Step) and s.kind in FALL_KINDS
        if nd.kind != "roll" or not (block or falls_over) or not chain.players[s.player].steady:
            continue
        roll = Step("test", FOOTING_TARGET, player=s.player)
        node = make("", roll)
        fill(chain.edition, node, roll, [])
        node.succ = nd.succ
        if block:  # the falling faces are the block's non-critical class (tree._fill): its branch is the roll
            nd.nc = len(nodes)
        else:
            falls[j] = len(nodes)
        nodes.append(node)
    return falls


def add_defender_footing(nodes: list, make) -> None:
    """Put the defender's Steady Footing roll after every block node of goal ``down`` whose defender has it (module
    docstring): an opponent's node (``opp``) appended after the end node, which the block's success now leads to.

    The new node's ``p_ok`` is P(the defender's D6 is not a 6), its ``succ`` the block's old successor, its ``nc`` the
    block's non-critical successor when the block has a branch (the defender stands, pushed: Frenzy blocks again),
    else None (the chain ends).  ``make(kind, step)`` builds a node (the tree's ``_Node``).  Call it before
    :func:`add_footing`, so that the attacker's saved Both Down leads to the defender's roll too.
    """
    for j in range(len(nodes)):
        nd = nodes[j]
        s = nd.step
        if nd.kind != "roll" or not isinstance(s, BlockStep) or DEFENDER_FOOTING not in s.defender or s.goal != "down":
            continue
        node = make("opp", s)
        node.p_ok = 1 - Fraction(7 - FOOTING_TARGET, 6)
        node.succ, node.nc = nd.succ, nd.nc if s.branch is not None else None
        nd.succ = len(nodes)
        nodes.append(node)
