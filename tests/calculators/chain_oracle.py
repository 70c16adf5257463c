"""A brute-force oracle for straight chains (``calculators.chain``), written from the rules, for the chain tests.

:func:`oracle_full` plays every die of a chain without branches; the rules tables and the value algebra here
are shared with the branching chains' oracle (tree_oracle.py).  Neither imports the solver: they take a parsed
``Chain`` (its steps and players) and enumerate.
"""

from __future__ import annotations

from fractions import Fraction as F
from functools import lru_cache
from itertools import product

from calculators.chain import Chain

FAMILY = {"classic": "classic", "bb2016": "classic", "bb2020": "bb2020", "bb2025": "bb2025"}
PRO_NEEDS = {"classic": 4, "bb2020": 3, "bb2025": 3}  # LRB6 Pro 4+; BB2020 / BB2025 Pro 3+
TEAM_CAP = {"classic": 1, "bb2020": 99, "bb2025": 99}  # classic: one team re-roll per turn
# LRB6/CRP Pro: a failed Pro roll may itself be re-rolled with a team re-roll; BB2020 and BB2025 Pro: once
# Pro was tried, no other re-roll for that die (and no such permission)
TEAM_ON_PRO_ROLL = {"classic": True, "bb2020": False, "bb2025": False}
ONCE = {"dodge", "rush"}  # Dodge and Sure Feet: once per turn
OPPONENT = {"interception", "tentacles", "shadowing"}  # an opponent rolls: we go on when it fails (issue 9)
COACH_ONLY = {"bribe", "argue-the-call"}  # the coach's rolls: no team re-roll, no Pro, no skill (issue 9)
FACES = range(1, 7)

# a value is a pair (P(success), P(a fouler is sent off)); the coach plays for success, then for no send-off
NOTHING = (F(0), F(0))


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def _times(c, a):
    return (c * a[0], c * a[1])


def _mean(values):
    values = list(values)
    total = NOTHING
    for v in values:
        total = _add(total, v)
    return _times(F(1, len(values)), total)


def _best(*values):
    return max(values, key=lambda v: (v[0], -v[1]))


def passes(face: int, target: int) -> bool:
    """A D6 test passes on a 6, or on anything but a 1 that reaches the target."""
    return face == 6 or (face != 1 and face >= target)


def armour_breaks(fam: str, s, a: int, b: int) -> bool:
    """Whether armour dice a and b break step `s`'s armour: LRB6 exceeds AV, BB2020+ reaches it; Mighty Blow or
    Dirty Player +1 where it helps; Claws on 8+ (LRB6 Claw after modifiers, BB2020+ unmodified)."""
    natural = a + b
    for bonus in ([0, 1] if (s.mighty_blow or s.dirty_player) else [0]):  # +1 where it helps
        total = natural + s.modifier + bonus
        if (total > s.av) if fam == "classic" else (total >= s.av):  # LRB6 exceeds AV; BB2020+ AV target
            return True
        if s.claws and (total if fam == "classic" else natural) >= 8:  # LRB6 Claw after modifiers
            return True
    return False


def block_face_ok(face: int, step, goal_down: bool) -> bool:
    """Whether block die face `face` (1 Attacker Down, 2 Both Down, 3-4 Push, 5 Defender Stumbles, 6 POW) meets
    the step's goal, from the rules (LRB6, BB2020, BB2025 block results): the defender uses Wrestle on Both Down
    when that is worse for us."""
    att, dfd = step.attacker, step.defender

    def meets(attacker_standing, defender_knocked_down):
        return attacker_standing and (defender_knocked_down or not goal_down)

    if face == 1:
        return meets(False, False)
    if face == 2:
        results = [meets("block" in att, "block" not in dfd)]  # whoever lacks Block is Knocked Down
        if "wrestle" in dfd:
            results.append(meets(False, False))  # both Placed Prone: nobody Knocked Down, the attacker on the ground
        return min(results)
    if face in (3, 4):
        return meets(True, False)
    if face == 5:
        return meets(True, not ("dodge" in dfd and "tackle" not in att))
    return meets(True, True)


def oracle(chain: Chain, team_rerolls: int) -> F:
    """P(success) by :func:`oracle_full`."""
    return oracle_full(chain, team_rerolls)[0]


def oracle_full(chain: Chain, team_rerolls: int) -> tuple[F, F]:
    """Expectimax over every die face, written from the rules independently of calculators.chain.

    Every die (the test die, its re-roll, the Pro roll and its team re-roll, the Loner roll and, in
    BB2025 read as written, its team re-roll; every block die, ordered, and each die Pro or Brawler might
    re-roll; both dice of an armour roll and of a foul's injury roll; after a send-off, the die of each Bribe
    and Argue the Call written after the foul) is enumerated face by face, and at every choice the coach takes
    the best of accepting (the chain ends) and each re-roll the rules leave; a D6 test passes on "6, or not 1
    and at least the target".  Values are pairs (P(success), P(a fouler is sent off)), compared on success
    first, then on fewer send-offs.  States are memoised only for speed.
    """
    return StraightChain(chain).go(0, team_rerolls, 0, frozenset(), frozenset())


class RerollSources:
    """What both oracles share: the edition's re-roll rules, the team re-roll (with its Loner roll) and the Pro roll.
    `team_used`: team re-rolls used this turn (classic allows one)."""

    def __init__(self, chain: Chain):
        self.chain = chain
        self.fam = FAMILY[chain.edition]
        # BB2025 as written (the default reading): a team re-roll may re-roll a failed Loner roll
        self.team_on_loner_roll = self.fam == "bb2025" and chain.reading in (None, "rulebook")

    def team_available(self, tr, team_used):
        """Whether a team re-roll is left and the edition allows one more this turn."""
        return tr > 0 and team_used < TEAM_CAP[self.fam]

    def team_reroll(self, pl, tr, team_used, goes_ahead, stands=None, cp=None):
        """Spend a team re-roll for player `pl`: the Loner roll face by face, and on a failed one the best of
        accepting (nothing) and, where allowed, a second team re-roll on that Loner die (no Loner roll for it, and
        that die is never re-rolled again).  `goes_ahead(tr, team_used)`: the value once the re-roll happens;
        `stands(tr, team_used)`: the value of the failed die left as it is (Break Tackle may still save it);
        ``cp``: None, or (goes_ahead, stands) with BB2020 Consummate Professional spent, when it may re-roll a
        failed Loner roll (one of Griff's dice)."""
        stands = stands or (lambda tr2, used2: NOTHING)
        tr, team_used = tr - 1, team_used + 1  # spent, even if the Loner roll fails
        if pl.loner is None:
            return goes_ahead(tr, team_used)
        total = NOTHING
        for g in FACES:
            if g >= pl.loner:
                v = goes_ahead(tr, team_used)
            else:
                v = stands(tr, team_used)
                if cp is not None:
                    v = _best(v, _mean(cp[0](tr, team_used) if h >= pl.loner else cp[1](tr, team_used) for h in FACES))
                if self.team_on_loner_roll and self.team_available(tr, team_used):
                    again = _mean(goes_ahead(tr - 1, team_used + 1) if h >= pl.loner else stands(tr - 1, team_used + 1)
                                  for h in FACES)
                    v = _best(v, again)
            total = _add(total, _times(F(1, 6), v))
        return total

    def pro_attempt(self, pl, tr, team_used, reroll, stands=None, team_ok=True):
        """The Pro roll face by face; `reroll(tr, team_used)`: the value once it passes; `stands(tr, team_used)`:
        the value of the failed die left as it is (Break Tackle may still save it); `team_ok`: whether a team
        re-roll may re-roll the Pro roll here (classic), false under the mark ' (no team re-roll)."""
        fam = self.fam
        stands = stands or (lambda tr2, used2: NOTHING)
        total = NOTHING
        for g in FACES:
            if g >= PRO_NEEDS[fam]:
                v = reroll(tr, team_used)
            else:
                v = stands(tr, team_used)  # the die stands
                if TEAM_ON_PRO_ROLL[fam] and self.team_available(tr, team_used) and team_ok:
                    def pro_again(tr2, used2):  # the Pro roll re-rolled by the team re-roll
                        return _mean(reroll(tr2, used2) if h >= PRO_NEEDS[fam] else stands(tr2, used2) for h in FACES)
                    v = _best(v, self.team_reroll(pl, tr, team_used, pro_again, stands))
            total = _add(total, _times(F(1, 6), v))
        return total


class StraightChain(RerollSources):
    """The game of one straight chain.  A state is (step index, team re-rolls left, team re-rolls used this turn,
    the once-per-turn skills used, the players whose Pro is spent)."""

    _MEMO = ("go", "sent_off", "block_ok", "all_dice_again", "block_rolled", "reroll_value", "after_fail")

    def __init__(self, chain: Chain):
        super().__init__(chain)
        self.steps = chain.steps
        for name in self._MEMO:  # each game its own memo, for speed only
            setattr(self, name, lru_cache(maxsize=None)(getattr(self, name)))

    def go(self, i, tr, team_used, used, pros):
        """The value from steps[i] on: one rule per step kind."""
        if i == len(self.steps):
            return (F(1), F(0))
        s = self.steps[i]
        if s.kind == "block":
            n = abs(s.dice)
            return _mean(self.block_rolled(i, faces, tr, team_used, used, pros) for faces in product(FACES, repeat=n))
        if s.kind in ("armour", "foul"):
            return _mean(self.armour_rolled(i, a, b, tr, team_used, used, pros) for a in FACES for b in FACES)
        if s.kind in COACH_ONLY:  # a Bribe or Argue the Call is rolled only when the foul before sends off
            return self.go(i + 1, tr, team_used, used, pros)
        return self.d6_test(i, tr, team_used, used, pros)

    # ---- D6 tests

    def d6_test(self, i, tr, team_used, used, pros):
        """A D6 test face by face: ours goes on when it passes, an opponent's when it fails."""
        s = self.steps[i]
        total = NOTHING
        for face in FACES:
            if s.kind in OPPONENT:
                v = NOTHING if passes(face, s.target) else self.go(i + 1, tr, team_used, used, pros)
            elif passes(face, s.target):
                v = self.go(i + 1, tr, team_used, used, pros)
            else:
                v = _best(self.after_fail(i, face, tr, team_used, used, pros),
                          self.break_tackle(i, face, tr, team_used, used, pros))
            total = _add(total, _times(F(1, 6), v))
        return total

    def break_tackle(self, i, face, tr, team_used, used, pros):
        """Break Tackle on a failed die (BB2020/BB2025 dodge): the bonus added once per turn, if it makes the die
        pass (a natural 1 still fails); NOTHING when it cannot."""
        s = self.steps[i]
        bonus = getattr(s, "break_tackle", 0)
        mark = (s.player, "break-tackle")
        if bonus and mark not in used and face != 1 and face + bonus >= s.target:
            return self.go(i + 1, tr, team_used, used | {mark}, pros)
        return NOTHING

    def reroll_value(self, i, tr, team_used, used, pros):
        """The failed test's die rolled again."""
        s = self.steps[i]
        return _mean(self.go(i + 1, tr, team_used, used, pros) if passes(f, s.target)
                     else self.break_tackle(i, f, tr, team_used, used, pros) for f in FACES)

    def after_fail(self, i, face, tr, team_used, used, pros):
        """The best re-roll of a failed test: its skill (Dodge, Sure Feet once per turn), Pro, a team re-roll."""
        s = self.steps[i]
        pl = self.chain.players[s.player]
        best = NOTHING
        if s.kind in COACH_ONLY:
            return best
        if s.skill:
            mark = (s.player, s.kind if s.kind in ONCE else None)
            if s.kind not in ONCE or mark not in used:
                best = _best(best, self.reroll_value(i, tr, team_used, used | {mark} if s.kind in ONCE else used,
                                                     pros))
        if pl.pro and s.player not in pros:
            after = pros | {s.player}
            best = _best(best, self.pro_attempt(pl, tr, team_used,
                                                lambda tr2, used2: self.reroll_value(i, tr2, used2, used, after),
                                                lambda tr2, used2: self.break_tackle(i, face, tr2, used2, used, after)))
        if self.team_available(tr, team_used):
            best = _best(best, self.team_reroll(pl, tr, team_used,
                                                lambda tr2, used2: self.reroll_value(i, tr2, used2, used, pros),
                                                lambda tr2, used2: self.break_tackle(i, face, tr2, used2, used, pros)))
        return best

    # ---- armour rolls and fouls: never re-rolled (no team re-roll, Pro or skill on an armour roll)

    def armour_rolled(self, i, a, b, tr, team_used, used, pros):
        """Armour dice a, b: an armour roll goes on if it breaks; a foul also sends off on a double (armour or
        injury roll)."""
        s = self.steps[i]
        going_on = self.go(i + 1, tr, team_used, used, pros)
        breaks = armour_breaks(self.fam, s, a, b)
        if not s.foul:
            return going_on if breaks else NOTHING
        if a == b:  # a double on the armour roll
            return self.sent_off(i, breaks, tr, team_used, used, pros)
        if not breaks:
            return NOTHING
        sent = self.sent_off(i, True, tr, team_used, used, pros)
        return _mean(sent if c == d else going_on for c in FACES for d in FACES)  # the injury roll

    def sent_off(self, i, broke, tr, team_used, used, pros):
        """The fouler of steps[i] sent off (``broke``: the armour broke): the Bribes and Argue the Call written
        right after the foul, each die face by face, in the order written.  A send-off, or a turnover with the
        fouler kept (Argue the Call), ends the chain: it counts as a success only when nothing follows and the
        armour broke.  A Bribe on 2+ keeps the fouler and the turn goes on; a natural 1 on Argue the Call ejects
        the coach, and in BB2020 no Bribe may follow it."""
        steps = self.steps
        group = []
        while i + 1 + len(group) < len(steps) and steps[i + 1 + len(group)].kind in COACH_ONLY:
            group.append(steps[i + 1 + len(group)])
        after = i + 1 + len(group)
        ends = F(1) if broke and after == len(steps) else F(0)  # a send-off is a turnover: later steps never come

        def appeal(g, ejected):
            if g == len(group):
                return (ends, F(1))
            s = group[g]
            if s.kind == "bribe" and ejected and self.fam == "bb2020":
                return appeal(g + 1, ejected)
            total = NOTHING
            for face in FACES:
                if s.kind == "bribe":
                    ok = self.go(after, tr, team_used, used, pros) if broke else NOTHING
                    v = ok if passes(face, s.target) else appeal(g + 1, ejected)
                else:
                    # a natural 1 ejects the coach, except with a BB2020 Biased Referee (the mark r)
                    v = (ends, F(0)) if passes(face, s.target) else appeal(g + 1, ejected or (face == 1 and not s.skill))
                total = _add(total, _times(F(1, 6), v))
            return total

        return appeal(0, False)

    # ---- blocks

    def block_ok(self, s, faces):
        """Whether the roll meets the goal: the choosing coach picks the die."""
        ok = [block_face_ok(f, s, s.goal == "down") for f in faces]
        return any(ok) if s.dice > 0 else all(ok)

    def block_final(self, i, faces, tr, team_used, used, pros):
        """The block roll showing `faces` kept: on if it meets the goal, else nothing."""
        return self.go(i + 1, tr, team_used, used, pros) if self.block_ok(self.steps[i], faces) else NOTHING

    def one_die_again(self, i, faces, j, tr, team_used, used, pros):
        """Die j of the block roll rolled again."""
        return _mean(self.block_final(i, faces[:j] + (f,) + faces[j + 1:], tr, team_used, used, pros) for f in FACES)

    def all_dice_again(self, i, tr, team_used, used, pros):
        """Every die of the block roll rolled again."""
        n = abs(self.steps[i].dice)
        return _mean(self.block_final(i, faces, tr, team_used, used, pros) for faces in product(FACES, repeat=n))

    def block_rolled(self, i, faces, tr, team_used, used, pros):
        """A block roll showing `faces`: kept, or Brawler on a Both Down die, Pro, a team re-roll of every die."""
        s = self.steps[i]
        pl = self.chain.players[s.player]
        if self.block_ok(s, faces):
            return self.go(i + 1, tr, team_used, used, pros)
        best = NOTHING
        if "brawler" in s.attacker and self.fam != "classic":  # one Both Down die, BB2020/BB2025
            for j, f in enumerate(faces):
                if f == 2:
                    best = _best(best, self.one_die_again(i, faces, j, tr, team_used, used, pros))
        if pl.pro and s.player not in pros:
            after = pros | {s.player}

            def pro_reroll(tr2, used2):
                if self.fam == "classic":  # LRB6 Pro: the whole roll
                    return self.all_dice_again(i, tr2, used2, used, after)
                return _best(*(self.one_die_again(i, faces, j, tr2, used2, used, after) for j in range(len(faces))))

            best = _best(best, self.pro_attempt(pl, tr, team_used, pro_reroll))
        if self.team_available(tr, team_used):
            best = _best(best, self.team_reroll(pl, tr, team_used,
                                                lambda tr2, used2: self.all_dice_again(i, tr2, used2, used, pros)))
        return best
