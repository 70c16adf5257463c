"""A brute-force oracle for ``calculators.block``, written from the rules, for the block tests.

The oracle shares nothing with ``calculators.block`` but the comparison key (``preference_key``, the definition
of each goal) and the outcome names: it enumerates ordered dice tuples, every die a Pro or Brawler re-roll could
hit, every Pro D6, every face of the Dauntless D6 (and of its re-roll), and plays both coaches' choices by
explicit minimax over the game tree, written from the rules in the module docstring of ``calculators.block``.
The Dauntless roll is given to it as the dice each D6 face leads to, worked out from the rule texts by
:func:`dauntless_faces` (not by ``strength_dice``).

The oracle memoises equal game states (the dice on the table, which block of a Frenzy pair, the re-rolls left):
the same tree is still walked in full, each distinct state only once.  One method per rule: the faces of a
die, Both Down, each re-roll source, the Dauntless roll.
"""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

from block_cases import NONE

from calculators.block import OUTCOMES, preference_key


def count_dice(attacker, defender):
    """Block dice from two totals, as the rulebooks word it (not dice_for_strength)."""
    if attacker == defender:
        return 1
    if attacker > defender:
        return 3 if attacker > defender * 2 else 2
    return -3 if defender > attacker * 2 else -2


def dauntless_faces(edition, att_st, def_st, att_as=0, def_as=0, blitz=False, horns=False, dauntless=True):
    """(dice without Dauntless, {D6 face: dice} or None): the Dauntless roll face by face, from the rule texts.

    BB2025 (rulebook p. 127): compare unmodified ST; D6 + ST higher than the target's ST -> the unmodified ST
    becomes the target's, then Horns (+1 on a Blitz) is added.  BB2020 (Dauntless): compare after Horns, before
    assists; on a success the ST equals the target's.  Classic: played as BB2020 (no classic text in the data).
    """
    bonus = 1 if (horns and blitz) else 0
    plain = count_dice(att_st + bonus + att_as, def_st + def_as)
    modern = edition == "bb2025"
    compared = att_st if modern else att_st + bonus
    if not dauntless or compared >= def_st:
        return plain, None
    after = (def_st + bonus if modern else def_st) + att_as
    return plain, {face: count_dice(after, def_st + def_as) if face + compared > def_st else plain
                   for face in range(1, 7)}


def mix(parts):
    """The distribution of a chance node: parts are (probability, {outcome: probability})."""
    out = {}
    for p, d in parts:
        for k, v in d.items():
            out[k] = out.get(k, F(0)) + p * v
    return out


def all_rolls(n):
    """Every ordered roll of n block dice, with its probability."""
    return [(F(1, 6 ** n), r) for r in product(range(1, 7), repeat=n)]


def _memo(method):
    """Remember a method's value per argument tuple (all hashable game state); results are never mutated."""
    def wrapped(self, *args):
        key = (method.__name__, args)
        if key not in self.seen:
            self.seen[key] = method(self, *args)
        return self.seen[key]
    return wrapped


class BlockGame:
    """The game tree of one block (or Frenzy pair); states are (second block?, team re-rolls left, Pro unused?)."""

    def __init__(self, edition, dice, blitz, att, dfd, goal, faces, second_dice):
        self.classic = edition in ("classic", "bb2016")
        self.pro_target = 4 if self.classic else 3
        self.att, self.dfd, self.goal = att, dfd, goal
        self.frenzy = "frenzy" in att
        self.brawler = "brawler" in att and not blitz
        self.jugg = "juggernaut" in att and blitz
        self.fend = "fend" in dfd and not self.jugg
        self.dice, self.faces, self.second_dice = dice, faces, second_dice
        self.seen = {}

    def pick(self, options, attacker):
        """The attacker takes the best option for the goal, the defender the worst."""
        return (max if attacker else min)(options, key=lambda d: preference_key(d, self.goal))

    # ---- the faces of a die

    def pushed(self, second, tr, pro):
        """A push: Frenzy's first block follows up into a second block (unless Fend keeps the target away)."""
        if self.frenzy and not second:
            d = dict(self.start(True, tr, pro))
            d["push"] = d.get("push", F(0)) + d.pop("nothing", F(0))
            # Fend: no follow-up, the target is out of reach; the defender decides
            return self.pick([d, {"push": F(1)}], False) if self.fend else d
        return {"push": F(1)}

    def both_down_standard(self, defender_may_wrestle):
        """Both Down without Juggernaut's choice: Block on either side, then the attacker's, the defender's Wrestle."""
        att, dfd = self.att, self.dfd
        if "block" in att and "block" in dfd:
            base = {"nothing": F(1)}
        elif "block" in att:
            base = {"defender_down": F(1)}
        elif "block" in dfd:
            base = {"attacker_down": F(1)}
        else:
            base = {"both_down": F(1)}
        prone = {"both_prone": F(1)}
        after_attacker_declines = self.pick([base, prone], False) if defender_may_wrestle else base
        return self.pick([prone, after_attacker_declines], True) if "wrestle" in att else after_attacker_declines

    def both_down(self, second, tr, pro):
        """Both Down, as a game: Juggernaut's choice (a push), then the attacker's Wrestle, then the defender's."""
        if self.jugg:
            return self.pick([self.pushed(second, tr, pro), self.both_down_standard(False)], True)
        return self.both_down_standard("wrestle" in self.dfd)

    def apply(self, face, second, tr, pro):
        """The result of the chosen die face (1 Attacker Down, 2 Both Down, 3-4 Push, 5 Stumbles, 6 POW)."""
        if face == 1:
            return {"attacker_down": F(1)}
        if face in (3, 4):
            return self.pushed(second, tr, pro)
        if face == 5:
            if "dodge" in self.dfd and "tackle" not in self.att:
                return self.pushed(second, tr, pro)
            return {"defender_down": F(1)}
        if face == 6:
            return {"defender_down": F(1)}
        return self.both_down(second, tr, pro)

    @_memo
    def final(self, roll, n_dice, second, tr, pro):
        """The roll kept: the choosing coach picks its face."""
        return self.pick([self.apply(f, second, tr, pro) for f in roll], n_dice > 0)

    # ---- re-roll sources

    def pro_d6(self, tr, success, fail):
        """The Pro roll face by face; classic (LRB6/CRP Pro): a failed one may take the team re-roll."""
        def failed():
            options = [fail(tr)]
            if self.classic and tr:
                options.append(mix([(F(1, 6), success(tr - 1) if again >= self.pro_target else fail(tr - 1))
                                    for again in range(1, 7)]))
            return self.pick(options, True)
        return mix([(F(1, 6), success(tr) if d6 >= self.pro_target else failed()) for d6 in range(1, 7)])

    @_memo
    def whole_reroll(self, n_dice, second, tr, pro):
        """Every die rolled again, nothing left to decide but the chosen face."""
        return mix([(p, self.final(r, n_dice, second, tr, pro)) for p, r in all_rolls(abs(n_dice))])

    def one_die(self, roll, i, n_dice, second, tr, pro):
        """Die i of the roll rolled again."""
        return mix([(F(1, 6), self.final(roll[:i] + (f,) + roll[i + 1:], n_dice, second, tr, pro))
                    for f in range(1, 7)])

    def pro_option(self, roll, n_dice, second, tr):
        """Pro on the roll: BB2020/BB2025 one die (3+), classic the whole roll (4+)."""
        def success(t):
            if self.classic:
                return self.whole_reroll(n_dice, second, t, False)
            return self.pick([self.one_die(roll, i, n_dice, second, t, False) for i in range(abs(n_dice))], True)
        return self.pro_d6(tr, success, lambda t: self.final(roll, n_dice, second, t, False))

    @_memo
    def decide(self, roll, n_dice, second, tr, pro):
        """The attacker's choice on a roll: keep it, Brawler on a Both Down die, Pro, or a team re-roll."""
        options = [self.final(roll, n_dice, second, tr, pro)]
        if self.brawler:
            options += [self.one_die(roll, i, n_dice, second, tr, pro) for i, f in enumerate(roll) if f == 2]
        if pro:
            options.append(self.pro_option(roll, n_dice, second, tr))
        if tr:
            options.append(self.whole_reroll(n_dice, second, tr - 1, pro))
        return self.pick(options, True)

    @_memo
    def block(self, n_dice, second, tr, pro):
        """One roll of n_dice block dice, every ordered roll."""
        return mix([(p, self.decide(r, n_dice, second, tr, pro)) for p, r in all_rolls(abs(n_dice))])

    # ---- the Dauntless roll

    def dauntless_face(self, face, second, tr, pro):
        """The Dauntless D6 showing `face`: keep it, re-roll it with a team re-roll, or with Pro."""
        def settled(f, tr_left, pro_left):
            return self.block(self.faces[f], second, tr_left, pro_left)

        options = [settled(face, tr, pro)]
        if tr:
            options.append(mix([(F(1, 6), settled(f, tr - 1, pro)) for f in range(1, 7)]))
        if pro:
            options.append(self.pro_d6(tr, lambda t: mix([(F(1, 6), settled(f, t, False)) for f in range(1, 7)]),
                                       lambda t: settled(face, t, False)))
        return self.pick(options, True)

    @_memo
    def start(self, second, tr, pro):
        """One block: the Dauntless D6 (any face may be re-rolled with a team re-roll or Pro), then the dice."""
        if self.faces is None:  # Frenzy's second block may have dice of its own (second_dice)
            own = second and self.second_dice is not None
            return self.block(self.second_dice if own else self.dice, second, tr, pro)
        return mix([(F(1, 6), self.dauntless_face(face, second, tr, pro)) for face in range(1, 7)])


def oracle(edition, dice, blitz=False, att=NONE, dfd=NONE, team=0, goal="knock_down", faces=None, second_dice=None):
    """{outcome: Fraction} of a block (a Frenzy pair), both coaches playing their best, every die enumerated.

    `faces`: the Dauntless roll as {D6 face: dice} (see :func:`dauntless_faces`), or None; `second_dice`: the
    dice of Frenzy's second block when they differ.  Classic and BB2016: one team re-roll per turn."""
    classic = edition in ("classic", "bb2016")
    team = min(team, 1) if classic else team
    d = BlockGame(edition, dice, blitz, att, dfd, goal, faces, second_dice).start(False, team, "pro" in att)
    return {o: d.get(o, F(0)) for o in OUTCOMES}
