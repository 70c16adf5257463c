"""A brute-force oracle for branching chains (``calculators.chain``), written from the rules, for the chain tests.

:func:`oracle_tree` plays every die of a chain with branches, Dauntless, weighted alternatives, Diving Tackle,
"do not re-roll" marks and the star player rules; it takes a parsed ``Chain`` and never calls the solver.  The
rules tables, the value algebra and the re-roll sources (team re-roll with its Loner roll, Pro) are those of
chain_oracle.py.  One method per step kind (alternatives, armour, interception, block, D6 roll) and per rule.
"""

from __future__ import annotations

from fractions import Fraction as F
from functools import lru_cache
from itertools import product

from chain_oracle import (FACES, NOTHING, ONCE, PRO_NEEDS, RerollSources, _add, _best, _mean, _times, armour_breaks,
                          block_face_ok, passes)

from calculators.chain import Alternatives, ArmourStep, BlockStep, Chain, Dauntless, Step, walk

AGILITY = {"dodge", "jump", "pick-up", "catch", "hand-off", "landing"}  # BB2025 Agility tests (BBBase)
BALLISTA = {"bb2020": {"pass", "hail-mary", "throw-team-mate"}, "bb2025": {"throw-team-mate"}}
STOPS_BLOCK_ACTION_STARS = {"juggernaut", "unstoppable-momentum"}  # no Savage Blow, no Lord of Chaos with these


def oracle_tree(chain: Chain, team_rerolls: int) -> tuple[F, F]:
    """Expectimax over every die face of a branching chain, written from the rules independently of
    calculators.chain: a stack of sequences still to play (a branch pushes its steps before the main line's
    rest); every die (test, re-roll, Pro roll and its classic team re-roll, Loner roll and BB2025's team
    re-roll of it, every block die and each die Pro or Brawler may re-roll, armour and injury dice) is
    enumerated; the coach takes the best of keeping the roll (a non-critical failure goes on by its branch,
    a critical one ends the chain) and each re-roll left; the opponent dives (Diving Tackle) when it lowers
    our chance (on a tie too), at the time its edition says.  Star player rules, each once per game (a mark in
    ``skills``): BB2020 Consummate Professional re-rolls any one failed die of the player (a single block die),
    BB2025 it adds +1 to a failed Agility test's die (not a 1) when the coach wants, even a re-rolled one; The
    Ballista re-rolls a failed pass, Hail Mary Pass or throw of a team-mate (BB2020), a throw of a team-mate (BB2025);
    Halfling Luck / Thinking Man's Troll (``luck``) re-rolls any one failed die of the player (a single block die);
    Woodland Fury (``woodland``) one die of a failed block roll that leaves the attacker Knocked Down; Strong Passing
    Game adds 3 to a failed pass's die (not a 1) when the coach wants; Bounding Leap re-rolls a failed jump or leap;
    Swift as the Breeze passes a failed dodge, jump or rush whose die shows 2 or more, when the coach wants;
    Old Pro lets Pro (its roll, and Pro then used) re-roll one die of a held armour roll after a block; Savage Blow
    re-rolls any set of the dice of a Block action's block roll without a branch; BB2025 Lord of Chaos one die of a
    Block action's block roll; Mesmerising Dance a failed Hypnotic Gaze; Blind Rage (no limit) a Dauntless roll.
    Values are (P(success), P(sent off))."""
    return TreeChain(chain).go((chain.steps,), team_rerolls, 0, frozenset(), frozenset())


def worst(*values):
    """The opponent's choice; the first (the dive) on a tie."""
    return min(values, key=lambda v: v[0])


class TreeChain(RerollSources):
    """The game of one branching chain.  A state is (the stack of sequences still to play, team re-rolls left,
    team re-rolls used this turn, the once-per-turn and once-per-game marks used, the players whose Pro is spent)."""

    def __init__(self, chain: Chain):
        super().__init__(chain)
        self.ballista = BALLISTA.get(self.fam, set())
        self.go = lru_cache(maxsize=None)(self.go)  # this game's memo, for speed only

    def go(self, stack, tr, used, skills, pros):
        """The value of the stack: its first step by its kind, then the rest."""
        stack = tuple(seq for seq in stack if seq)
        if not stack:
            return (F(1), F(0))
        s = stack[0][0]
        rest = (stack[0][1:],) + stack[1:]
        if isinstance(s, Alternatives):
            total = NOTHING
            for w, steps in s.options:
                total = _add(total, _times(w, self.go((steps,) + rest, tr, used, skills, pros)))
            return total
        if isinstance(s, ArmourStep):
            last = not any(rest)
            return _mean(self.armour(s, a, b, last, lambda sk=skills, pr=pros: self.go(rest, tr, used, sk, pr),
                                     skills, pros)
                         for a in FACES for b in FACES)
        if s.kind == "interception":
            return self.interception(s, rest, tr, used, skills, pros)
        if isinstance(s, BlockStep):
            return BlockRoll(self, s, rest, (tr, used, skills, pros)).value()
        return D6Roll(self, s, rest).value(tr, used, skills, pros)

    def interception(self, s, rest, tr, used, skills, pros):
        """The opponent's roll: we go on when it fails."""
        going_on = self.go(rest, tr, used, skills, pros)
        if s.skill:  # the passer's Cloud Burster (BB2020): the opponent re-rolls a successful interception
            return _mean(NOTHING if passes(f, s.target) and passes(g, s.target) else going_on
                         for f in FACES for g in FACES)
        return _mean(NOTHING if passes(f, s.target) else going_on for f in FACES)

    def armour(self, s, a, b, last, going_on, skills=frozenset(), pros=frozenset()):
        """Armour dice a, b, never re-rolled but by Old Pro; a foul sends off on a double (armour or injury roll)."""
        breaks = armour_breaks(self.fam, s, a, b)
        sent = (F(1) if last else F(0), F(1))
        if not s.foul:
            if breaks:
                return going_on(skills, pros)
            mark = (s.player, "oldpro")
            if self.chain.players[s.player].oldpro and s.player not in pros and mark not in skills:
                # Old Pro: the Pro roll (3+), then one die of the held armour roll re-rolled, the better one
                sk, pr = skills | {mark}, pros | {s.player}
                keep_a = _mean(self.armour(s, a, c, last, going_on, sk, pr) for c in FACES)
                keep_b = _mean(self.armour(s, c, b, last, going_on, sk, pr) for c in FACES)
                return _mean(_best(keep_a, keep_b) if g >= PRO_NEEDS[self.fam] else NOTHING for g in FACES)
            return NOTHING
        if a == b:
            return sent if breaks else (F(0), F(1))
        if not breaks:
            return NOTHING
        on = going_on()
        return _mean(sent if c == d else on for c in FACES for d in FACES)


class D6Roll:
    """One D6 roll of ours (a test or a Dauntless roll) at the top of the stack, face by face, with its re-rolls."""

    def __init__(self, game: TreeChain, s, rest):
        self.game, self.s, self.rest = game, s, rest
        self.pl = game.chain.players[s.player]
        self.dauntless = isinstance(s, Dauntless)
        self.dt = getattr(s, "diving_tackle", False)
        self.again = lru_cache(maxsize=None)(self.again)  # one re-rolled die, whatever the failed face was

    def value(self, tr, used, skills, pros):
        """The roll face by face: kept when it passes (or the diver lets it), else the best choice after a failure."""
        s, dt = self.s, self.dt
        total = NOTHING
        for face in FACES:
            kept_at = (lambda f: lambda t2, u2, sk, pr: self.outcome(f, t2, u2, sk, pr, True))(face)
            if self.dauntless:
                ok = face >= s.target
            else:
                ok = passes(face, s.target + 2 if dt else s.target)
            if ok:
                v = kept_at(tr, used, skills, pros)
            elif dt and passes(face, s.target):
                v = kept_at(tr, used, skills, pros)  # the diver's call (and in classic/BB2020 the re-roll)
            else:
                v = self.fails(tr, used, skills, pros, kept_at)
            total = _add(total, _times(F(1, 6), v))
        return total

    def outcome(self, face, tr, used, skills, pros, first):
        """The value of a roll showing `face` if it is kept (the diver acting as its edition allows)."""
        s, rest, go = self.s, self.rest, self.game.go
        if self.dauntless:
            seq = s.success if face >= s.target else s.failure
            return go((seq,) + rest, tr, used, skills, pros)
        ok = go(((s.success,) if getattr(s, "success", ()) else ()) + rest, tr, used, skills, pros)
        if passes(face, s.target + 2 if self.dt else s.target):
            return ok
        if passes(face, s.target):  # only Diving Tackle fails it
            if first and self.game.fam != "bb2025":  # dived before the re-roll: the -2 stays for it
                return worst(self.fails(tr, used, skills, pros, lambda t2, u2, sk, pr: NOTHING), ok)
            return worst(NOTHING, ok)
        if s.partial is not None and face >= s.partial:
            return go((s.branch,) + rest, tr, used, skills, pros)
        return self.star_pass(face, tr, used, skills, pros)

    def star_pass(self, face, tr, used, skills, pros):
        """A failed die turned into a pass by a star's once-per-game bonus, if the coach wants; NOTHING else."""
        s, pl, fam = self.s, self.pl, self.game.fam
        plain = s.partial is None and not self.dt
        going_on = (lambda mark: _best(NOTHING, self.game.go(self.rest, tr, used, skills | {mark}, pros)))
        cp = (s.player, "consummate")
        if (fam == "bb2025" and pl.consummate and cp not in skills and s.kind in AGILITY and plain
                and face != 1 and face + 1 >= s.target):  # Consummate Professional's +1, if wanted
            return going_on(cp)
        sw = (s.player, "swift")
        if (pl.swift and sw not in skills and s.kind in ("dodge", "jump", "rush") and plain
                and face >= 2):  # Swift as the Breeze: any die from 2 passes, if wanted
            return going_on(sw)
        sp = (s.player, "strong")
        if (pl.strong and sp not in skills and s.kind == "pass" and s.partial is None and face != 1
                and face + 3 >= s.target):  # Strong Passing Game: Skrull's ST 3 added, if wanted
            return going_on(sp)
        return NOTHING

    def again(self, tr, used, skills, pros):
        """The die rolled again."""
        return _mean(self.outcome(g, tr, used, skills, pros, False) for g in FACES)

    def free_rerolls(self, tr, used, skills, pros):
        """The re-rolls that cost no team re-roll: Blind Rage, the roll's skill, the stars' once-per-game ones."""
        s, pl, fam = self.s, self.pl, self.game.fam
        options = []
        if self.dauntless and pl.blindrage:  # Blind Rage: a free re-roll of every Dauntless roll
            options.append(self.again(tr, used, skills, pros))
        if getattr(s, "skill", False):
            mark = (s.player, s.kind)
            if s.kind not in ONCE or mark not in skills:
                options.append(self.again(tr, used, skills | {mark} if s.kind in ONCE else skills, pros))
        for name, on in (("consummate", pl.consummate and fam == "bb2020"), ("luck", pl.luck),
                         ("ballista", pl.ballista and s.kind in self.game.ballista),
                         ("leap", pl.leap and s.kind == "jump"),
                         ("mesmerising", pl.mesmerising and s.kind == "hypnotic-gaze")):
            if on and (s.player, name) not in skills:  # free, once per game
                options.append(self.again(tr, used, skills | {(s.player, name)}, pros))
        return options

    def fails(self, tr, used, skills, pros, kept_at):
        """Best choice after a failed roll; `kept_at(tr, used, skills, pros)`: the value of keeping it (the
        re-roll's outcome carries the diver's -2 when it dives)."""
        s, pl, game = self.s, self.pl, self.game
        best = kept_at(tr, used, skills, pros)
        team_ok = not getattr(s, "no_team_reroll", False)
        if getattr(s, "no_reroll", False):
            return best
        best = _best(best, *self.free_rerolls(tr, used, skills, pros))
        if pl.pro and s.player not in pros:
            after = pros | {s.player}
            best = _best(best, game.pro_attempt(pl, tr, used, lambda t2, u2: self.again(t2, u2, skills, after),
                                                lambda t2, u2: kept_at(t2, u2, skills, after), team_ok))
        if game.team_available(tr, used) and team_ok:  # the mark ': no team re-roll on this roll
            cp = (s.player, "consummate")
            spent = skills | {cp}
            on_loner = ((lambda t2, u2: self.again(t2, u2, spent, pros), lambda t2, u2: kept_at(t2, u2, spent, pros))
                        if pl.consummate and game.fam == "bb2020" and cp not in skills else None)
            best = _best(best, game.team_reroll(pl, tr, used, lambda t2, u2: self.again(t2, u2, skills, pros),
                                                lambda t2, u2: kept_at(t2, u2, skills, pros), on_loner))
        return best


class BlockRoll:
    """One block roll at the top of the stack, every ordered roll of its dice, with every re-roll the rules leave.
    `state`: (team re-rolls left, used this turn, marks used, players whose Pro is spent) when it is rolled."""

    def __init__(self, game: TreeChain, s, rest, state):
        self.game, self.s, self.rest = game, s, rest
        self.tr, self.used, self.skills, self.pros = state
        self.pl = game.chain.players[s.player]
        self.n = abs(s.dice)
        # equal dice and re-rolls left: the same choice, worked out once; every die again: the same for whatever
        # roll it replaces
        self.chosen = lru_cache(maxsize=None)(self.chosen)
        self.all_again = lru_cache(maxsize=None)(self.all_again)

    def value(self):
        """Every ordered roll: kept when it meets the goal, else the best of keeping it and each re-roll."""
        s, n = self.s, self.n
        total = NOTHING
        for faces in product(FACES, repeat=n):
            kept = self.chosen(faces, self.tr, self.used, self.skills, self.pros)
            ok = [block_face_ok(f, s, True) for f in faces]
            if any(ok) if s.dice > 0 else all(ok):
                total = _add(total, kept)
            elif s.no_reroll:
                total = _add(total, kept)
            else:
                total = _add(total, _best(kept, *self.rerolls(faces)))
        return _times(F(1, 6 ** n), total)

    def die_value(self, f, tr, used, skills, pros):
        """A die kept: the goal met goes on, a push with a branch (Frenzy) goes on by it, anything else ends it."""
        s, go = self.s, self.game.go
        if block_face_ok(f, s, True):
            return go(self.rest, tr, used, skills, pros)
        if s.branch is not None and block_face_ok(f, s, False):
            return go((s.branch,) + self.rest, tr, used, skills, pros)
        return NOTHING

    def chosen(self, faces, tr, used, skills, pros):
        """The roll kept: the choosing coach picks the die."""
        values = [self.die_value(f, tr, used, skills, pros) for f in faces]
        return _best(*values) if self.s.dice > 0 else min(values, key=lambda v: (v[0], -v[1]))

    def all_again(self, tr, used, skills, pros):
        """Every die rolled again."""
        return _mean(self.chosen(fs, tr, used, skills, pros) for fs in product(FACES, repeat=self.n))

    def one_again(self, faces, j, tr, used, skills, pros):
        """Die j of the roll rolled again."""
        return _mean(self.chosen(faces[:j] + (f,) + faces[j + 1:], tr, used, skills, pros) for f in FACES)

    def rerolls(self, faces):
        """Every re-roll of a failed roll: dice skills, Savage Blow, the stars' dice, Pro, a team re-roll."""
        return (self.skill_dice(faces) + self.savage_blow(faces) + self.star_dice(faces) + self.pro(faces)
                + self.team(faces))

    def skill_dice(self, faces):
        """Brawler (BB2020/BB2025) a Both Down die; Hatred (BB2025) a Player Down die; Unstoppable Momentum and
        Working in Tandem any die."""
        s, tr, used, skills, pros = self.s, self.tr, self.used, self.skills, self.pros
        options = []
        if "brawler" in s.attacker and self.game.fam != "classic":
            options += [self.one_again(faces, j, tr, used, skills, pros) for j, f in enumerate(faces) if f == 2]
        for j, f in enumerate(faces):
            if ("hatred" in s.attacker and f == 1) or s.attacker & {"unstoppable-momentum", "working-in-tandem"}:
                options.append(self.one_again(faces, j, tr, used, skills, pros))
        return options

    def savage_blow(self, faces):
        """Savage Blow, once per game, on a Block action: any number of the dice, each set tried.  A Block action (the
        rule text, the chain's default reading): no Juggernaut or Unstoppable Momentum, and its player makes no roll
        but blocks, Dauntless, armour and injury rolls (a move makes the action a Blitz)."""
        s, n, skills = self.s, self.n, self.skills
        sb = (s.player, "savageblow")
        if not self.pl.savageblow or sb in skills or s.branch is not None or s.attacker & STOPS_BLOCK_ACTION_STARS:
            return []
        if self.game.chain.savage_reading != "fumbbl" and any(
                isinstance(t, Step) and t.player == s.player for _, t in walk(self.game.chain.steps)):
            return []
        options = []
        for picked in product((False, True), repeat=n):
            if any(picked):
                options.append(_mean(self.chosen(tuple(g if pick else f for f, g, pick in zip(faces, new, picked)),
                                                 self.tr, self.used, skills | {sb}, self.pros)
                                     for new in product(FACES, repeat=n)))
        return options

    def star_dice(self, faces):
        """One die, once per game: BB2020 Consummate Professional, Halfling Luck, Woodland Fury (only when the roll
        leaves her Knocked Down: a Player Down, or a Both Down without Block or Juggernaut; every die when she
        chooses, any die when the defender does), BB2025 Lord of Chaos (a Block action's block, by the chain's reading)."""
        s, pl, skills = self.s, self.pl, self.skills
        down = [f == 1 or (f == 2 and not s.attacker & {"block", "juggernaut"}) for f in faces]
        knocked = all(down) if s.dice > 0 else any(down)
        # Lord of Chaos: a Block action's block as Savage Blow reads it (rulebook: no Juggernaut or Unstoppable
        # Momentum and no roll of his but blocks; fumbbl: any block)
        lord = pl.lordofchaos and (self.game.chain.savage_reading == "fumbbl" or (
            not s.attacker & STOPS_BLOCK_ACTION_STARS
            and not any(isinstance(t, Step) and t.player == s.player for _, t in walk(self.game.chain.steps))))
        options = []
        for name, on in (("consummate", pl.consummate and self.game.fam == "bb2020"), ("luck", pl.luck),
                         ("woodland", pl.woodland and knocked), ("lordofchaos", lord)):
            once = (s.player, name)
            if on and once not in skills:
                options += [self.one_again(faces, j, self.tr, self.used, skills | {once}, self.pros)
                            for j in range(self.n)]
        return options

    def pro(self, faces):
        """Pro: classic the whole roll, BB2020/BB2025 one die."""
        s, pl, game, skills = self.s, self.pl, self.game, self.skills
        if not pl.pro or s.player in self.pros:
            return []
        after = self.pros | {s.player}

        def pro_reroll(t2, u2):
            if game.fam == "classic":
                return self.all_again(t2, u2, skills, after)
            return _best(*(self.one_again(faces, j, t2, u2, skills, after) for j in range(self.n)))

        return [game.pro_attempt(pl, self.tr, self.used, pro_reroll,
                                 lambda t2, u2: self.chosen(faces, t2, u2, skills, after), not s.no_team_reroll)]

    def team(self, faces):
        """A team re-roll of every die (BB2020 Consummate Professional may re-roll a failed Loner roll)."""
        s, pl, game, skills, pros = self.s, self.pl, self.game, self.skills, self.pros
        if not game.team_available(self.tr, self.used) or s.no_team_reroll:
            return []
        cp = (s.player, "consummate")
        spent = skills | {cp}
        on_loner = ((lambda t2, u2: self.all_again(t2, u2, spent, pros),
                     lambda t2, u2: self.chosen(faces, t2, u2, spent, pros))
                    if pl.consummate and game.fam == "bb2020" and cp not in skills else None)
        return [game.team_reroll(pl, self.tr, self.used, lambda t2, u2: self.all_again(t2, u2, skills, pros),
                                 lambda t2, u2: self.chosen(faces, t2, u2, skills, pros), on_loner)]
