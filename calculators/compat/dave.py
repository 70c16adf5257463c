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
``TB`` The Ballista, ``OP`` Old Pro, ``SB`` Savage Blow, ``HL`` Halfling Luck and ``TMT`` Thinking Man's Troll,
``MA`` Master Assassin, ``KS`` Krump and Smash, ``WF`` Woodland Fury, ``BL`` Bounding Leap, our player flags
``[consummate]``, ``[ballista]``, ``[pro,oldpro]``, ``[savageblow]``, ``[luck]``, ``[assassin]``, ``[krump]``,
``[woodland]``, ``[leap]``; ``WIT`` Working in Tandem our block mark ``n``; ``WD`` Whirling Dervish re-rolls
Fungus's weighted roll ``a/6``, which becomes our weighted alternative ``(w:)``; ``BR`` Blind Rage, ``LC``
Lord of Chaos, ``MD`` Mesmerising Dance, ``SM`` Savage Mauling, our flags ``[blindrage]``, ``[lordofchaos]``,
``[mesmerising]``, ``[savagemauling]``
(Old Pro uses Pro: their ``OP`` alone gives Pro to armour rolls only, ours to every roll, see
``dave_differences.yml``), each the rule of the edition, see :mod:`calculators.rerolls`), then its actions separated by ``,``.  A
Mighty Blow or Dirty Player value neither edition allows is refused (``skill-value``); one that only
the other edition allows is read as this edition's highest (``DP2`` in Season 3 is our ``d``: BB2025 Dirty
Player is +1 only, :data:`calculators.armour.SKILL_VALUES`), a difference listed in ``dave_differences.yml``.  Actions, with what
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
                          after an inaccurate pass ``I5``); with the passer's Cloud Burster ``CB``
                          ``I6c`` in BB2020 (a success re-rolled), none in BB2025 (no interception)
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
                          where theirs goes on (``dave_differences.yml``); their Argue the
                          Call after a Bribe is written before it, as the rules order them
                          (BB2020 FAQ, BB2025 Bribes, FFB's ``StepBribes``: the call is argued
                          first); a second one is refused (``action``)
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
  the Dauntless roll stops the team re-roll only (Pro may still re-roll it, ``*`` makes it): our ``'`` (no team
  re-roll) for a player with Pro or with ``'*``, else our ``!``;
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
``(…)(…)`` we cannot place (``alternatives``), a weighted roll ``a/b`` that is not a chance (``weighted``; one that
is becomes our ``(a/b:)``, :func:`calculators.compat.pieces._weighted`), "do not re-roll" marks ``'`` on D6 rolls, Diving Tackle on
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
catch of the scattered ball needs what each edition adds (:mod:`calculators.compat.scattered`: BB2020 1,
BB2025 none by the rulebook where theirs and FFB take 1 off, a difference listed in ``dave_differences.yml``); after the
bounce 1 more in both.  A receiver with Diving Catch ``DC`` catches the ball that scattered into its square or Tackle Zone
(``scattered_pass_weights(diving_catch=True)``, 15/32) at 1 more than their number, which holds the skill's +1 for an
accurate pass, and never a bounced one: ``P4-2;DC:C2`` is ``T6~4{/C2|(15/32:/C3)}`` in BB2025.  Barik's Blast It!
``BI`` on a Hail Mary Pass re-rolls the scatter dice at best and adds 1 to the catch (:mod:`calculators.compat.blastit`).  Their injury ``Jn``, Stab ``Tn`` and Chainsaw ``Wn`` become 2D6 steps
(:func:`_roll_2d6`).  A star player's short name in place of the skills (``Zug:2D3,K8``) stands for the
skills that star brings (:mod:`calculators.compat.stars`); it is refused (``star-skill``, ``star-rule``,
``star-edition``) when a skill or special rule of the star that our chain lacks changes a roll of the
sequence, and a name that is none of their stars is ``star-player``.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .stars import edition_for, find as _star, star_bonus
from ..errors import CalcError
from ..notation import parse_chain
from .pieces import (ACTIONS, REASONS, SKILLS, Translation, _Entry, _Player, _action, _balanced, _block, _pass_faces,
                     _read_player, _refuse, _structure, _weight)
from .blastit import blast_it_weights, catch_worth
from .branched import _NEEDS_BRANCHED, _Branched, _branched
from .scattered import _SCATTERED_CATCH, scattered_pass_weights

__all__ = ["ACTIONS", "REASONS", "SKILLS", "Translation", "scattered_pass_weights", "translate"]


_PASS_TOKEN = re.compile(r"(?:P\d[+-]\d|P\d|M\d)['*]*\Z")


_CATCH_TOKEN = re.compile(r"C(\d)(\**)\Z")


_INTERCEPTION_TOKEN = re.compile(r"I(\d)\Z")


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
    and the catch needing what each edition adds (:mod:`calculators.compat.scattered`), or 1 more after the
    Bounce; a Hail Mary Pass ``M2`` is never accurate: ``M2,(3/64:/C2|27/512:/C3)``.  The receiver's other actions are copied into each
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
    if "cloud-burster" in player.skills:  # BB2020: the interception re-rolled on a success; BB2025: none (_no_interception)
        interceptions = [] if edition == "bb2025" else interceptions
    mark = "c" if "cloud-burster" in player.skills else ""
    accurate = [f"I{_d6_face(n)}{mark}" for n in interceptions]
    inaccurate = [f"I{_d6_face(n - 1)}{mark}" for n in interceptions]
    after = start + len(chunks[k]) + 1  # the next player's offset
    receiver = chunks[k + 1] if k + 1 < len(chunks) else None
    later = chunks[k + 2:]
    r_prefix, r_sep, r_rest = (receiver or "").rpartition(":")
    catch = _CATCH_TOKEN.match(r_rest.split(",")[0]) if receiver is not None else None
    if catch:
        star = _star(r_prefix) if r_sep else None
        diving = "DC" in ((star.codes.get(edition) or ()) if star is not None else r_prefix.split(","))
        direct, bounced = scattered_pass_weights(diving)
        n, marks = int(catch.group(1)), catch.group(2)
        # their number holds Diving Catch's +1, which is for an accurate pass only (BBBase DIVING CATCH; FFB
        # skill/common/DivingCatch): the scattered ball's catch is 1 harder (their CatchInaccuratePassStrategy too)
        scattered = n + (1 if diving else 0)
        if tok[0] == "M" and "blastit" in player.skills:  # Blast It! (calculators/compat/blastit.py): a team-mate's
            scattered -= 1  # catch +1, and the scatter dice re-rolled at best
            codes = (star.codes.get(edition) or ()) if star is not None else r_prefix.split(",")
            direct, bounced = blast_it_weights(catch_worth(scattered + _SCATTERED_CATCH[edition], scattered + 1,
                                                           "C" in codes), diving)
        r_actions = r_rest.split(",")[1:]

        def catcher(face: int) -> str:
            actions = ",".join([f"C{_d6_face(face)}{marks}"] + r_actions)
            return "/" + _sub(r_prefix + r_sep + actions, after, edition)

        accurate.append(catcher(n))
        inaccurate.append(f"({_weight(direct)}:{catcher(scattered + _SCATTERED_CATCH[edition])}"
                          + (f"|{_weight(bounced)}:{catcher(scattered + 1)})" if bounced else ")"))
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


_WEIGHT_TOKEN = re.compile(r"(\d+)/(\d+)\Z")


def _inaccurate_before(tok: str) -> bool:
    """Whether their action ``tok`` may end inaccurate and go on, changing the roll after it (a pass with
    inaccurate faces, a Hail Mary Pass, a throw of a team-mate): their weights pass that on into a group."""
    if re.match(r"H\d", tok) or re.fullmatch(r"M\d['*]*", tok):
        return True
    m = re.fullmatch(r"P(\d)(?:([+-])(\d))?['*]*", tok)
    return bool(m) and _pass_faces(int(m.group(1)), int((m.group(2) or "+") + (m.group(3) or "0")))[1] is not None


def _branch_weights(branches: list[str], offset: int) -> tuple[list[str], list[tuple[str, int]]]:
    """``(weights, actions)`` of their branches ``a/b,actions`` (the first starting at character ``offset``, 0-based):
    each weight in our notation, each branch's actions with the 0-based position where they start.

    Raises:
        CalcError: ``alternatives``, on a weight that is not ``a/b`` with b > 0.
    """
    weights, actions = [], []
    for branch in branches:
        weight, _, acts = branch.partition(",")
        m = _WEIGHT_TOKEN.match(weight)
        if not m or int(m.group(2)) == 0:
            raise _refuse("alternatives", weight, offset + 1, "a weight written a/b: " + REASONS["alternatives"])
        weights.append(_weight(Fraction(int(m.group(1)), int(m.group(2)))))
        actions.append((acts, offset + len(weight) + 1))
        offset += len(branch) + 2
    return weights, actions


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
    weights, actions = _branch_weights(branches, a + 1)

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


def _translate(text: str, source: str, team_rerolls: int | None) -> Translation:
    edition = "bb2025"
    if text.endswith("~S2"):
        edition, text = "bb2020", text[:-3]
    # a star with a page in one edition only (Frank 'n' Stein, BB2020) is read in the rules that have him
    edition = edition_for(re.findall(r"([^:;,{}\[\]|()]+):", text), edition)
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
                pro = "'" in part and ("*" in part or "pro" in skills)
                if pro and "blindrage" in skills:
                    # their ' stops the team re-roll and Blind Rage but not Pro (DauntlessStrategy); our ' leaves both
                    raise _refuse("no-reroll", part, offset + 1, "their ' on a Dauntless roll stops the team re-roll "
                                  "and Blind Rage but not Pro: ours has no mark for a roll only Pro may re-roll")
                # Dauntless: their L<n> (the face needed) then the block on a success | on a failure
                yes, no = parts[k + 1].split("|")
                at = offset + len(part) + 2
                if not all("D" in b[1:] for b in (yes, no)):
                    raise _refuse("dauntless", parts[k + 1], at, "a Dauntless branch other than a block: "
                                  + REASONS["dauntless"])
                blocks = [_block(b, at, skills) for b in (yes, no)]
                # their ' stops the team re-roll, Pro may still re-roll (* forces it: ours takes the best plan): our ';
                # without Pro nothing else may, our !
                mark = ("'" if pro else "!") if "'" in part else ""
                steps.append(f"U{part[1]}{mark}{{{blocks[0]}|{blocks[1]}}}")
                offset += len(part) + len(parts[k + 1]) + 2
                k += 2
                continue
            bribes = 0
            if part == "B" or re.fullmatch(r"A\d+", part):
                bribes = _send_off_group(part, offset + 1, parts[:k])
            # Argue the Call after their Bribes goes before them, the order of the rules (BB2020, BB2025)
            steps.insert(len(steps) - bribes, _action(part, offset + 1, skills, player.break_tackle, player.values))
            offset += len(part) + 1
            k += 1
        steps = _no_interception(star_bonus(steps, player.bonus), edition)
        players.append(player.prefix + ",".join(steps))
        start += len(chunk) + 1
    return _finish("/".join(players), edition, source, team_rerolls)


def _no_interception(steps: list[str], edition: str) -> list[str]:
    """A passer's steps without the interceptions its Cloud Burster forbids: in BB2025 opposition players may not
    attempt to Intercept its pass (BBBase bb2025 CLOUD BURSTER (ACTIVE); :mod:`calculators.rerolls`), so their
    ``I6`` is written nowhere; in BB2020 the interception stays, marked ``c`` (the opponent re-rolls a success)."""
    if edition != "bb2025":
        return steps
    return [step for step in steps if not re.fullmatch(r"I\d+c", step)]


def _send_off_group(tok: str, pos: int, before: list[str]) -> int:
    """Refuse (``action``) their Bribe ``B`` or Argue the Call ``A<n>`` unless it is in a foul's send-off group:
    right after that player's foul ``F`` (or its injury ``J``) and the group's earlier rolls, the call argued once.
    Return how many Bribes come before an Argue the Call in their group (0 for a Bribe): ours argues first, as the
    rules of both their seasons say (BB2020 FAQ "Argue the Call will always happen first", a failed Bribe ending the
    chance to argue; BB2025 Bribes "after any attempt to Argue the Call"; FFB ``StepBribes``), so the caller puts it
    before them (a difference listed in ``dave_differences.yml``)."""
    k = len(before)
    while k and (before[k - 1] == "B" or re.fullmatch(r"A\d+", before[k - 1])):
        k -= 1
    group = before[k:]
    if k and before[k - 1][:1] == "J":
        k -= 1
    if not (k and before[k - 1][:1] == "F"):
        raise _refuse("action", tok, pos, f"{REASONS['action']}: a Bribe or Argue the Call not right after a foul "
                      "(ours rolls them only when that foul sends the fouler off)")
    if tok != "B" and any(t != "B" for t in group):
        raise _refuse("action", tok, pos, f"{REASONS['action']}: a second Argue the Call for one send-off")
    return 0 if tok == "B" else len(group)


def _finish(body: str, edition: str, source: str, team_rerolls: int | None) -> Translation:
    """The translation of ``body`` (our sequence), checked by our parser."""
    notation = body + (f";tr={team_rerolls}" if team_rerolls is not None else "")
    try:
        parse_chain(notation, edition)
    except CalcError as e:
        raise CalcError("dave", f"{REASONS['our-rules']}: {e.message}", e.allowed,
                        {"reason": "our-rules", "token": None, "position": None, "text": notation}) from None
    return Translation(notation, edition, source)
