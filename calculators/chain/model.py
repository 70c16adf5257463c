"""A chain: its steps, players, edition and reading, and every check of :meth:`Chain.validate`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..armour import INJURY_NEEDS, skill_value
from ..editions import Edition, resolve
from ..errors import CalcError
from ..rerolls import (AGILITY_KINDS, BREAK_TACKLE_BONUSES, OPPONENT_KINDS, SKILL_FOR_KIND, STAR_RULE_EDITIONS,
                       STAR_RULES, SWIFT_KINDS, SAVAGE_BLOW_READINGS, check_reading)
from .appeals import _appeal_start
from .footing import check_footing
from .kinds import (APPEAL_KINDS, APPEAL_TARGETS, ARGUE_FIRST, ARMOUR_FIELD_CLASHES, ARMOUR_FIELD_EDITIONS,
                    BLOCK_ATTACKER, BLOCK_ATTACKER_EDITIONS, BLOCK_DEFENDER, BLOCK_DEFENDER_EDITIONS, BLOCK_DICE, BLOCK_GOALS, D6_KINDS, DIVING_TACKLE_KINDS, KIND_EDITIONS,
                    KINDS, LOWEST_BAND_ONE, MAX_PAIR_DODGES, _KIND_ABSENT, highest_face)
from .steps import (AnyStep, Alternatives, ArmourStep, BlockStep, Dauntless, InjuryStep, Step, _places, children,
                    linked_armour, walk)

_ZERO = Fraction(0)


@dataclass(frozen=True)
class Player:
    """A player's re-roll traits: ``pro`` (has Pro), ``loner`` (X of Loner (X+), or None), and the star player
    rules :data:`calculators.rerolls.STAR_RULES`, each once per game, so at most once in a chain (BB2020 and
    BB2025 only; see :mod:`calculators.rerolls`): ``consummate`` (Consummate Professional: BB2020 a free
    re-roll of one die, BB2025 +1 on an Agility test after the roll), ``ballista`` (The Ballista: a free
    re-roll of a failed pass or throw, BB2020; of a throw of a team-mate, BB2025), ``oldpro`` (Old Pro: Pro
    may re-roll one die of an armour roll after a block; needs ``pro``), ``savageblow`` (Savage Blow: any number of
    the dice of a Block action's block roll re-rolled), ``luck`` (Halfling Luck or Thinking Man's Troll: a free
    re-roll of one die, as BB2020 Consummate Professional, in BB2020 and BB2025), ``assassin`` (Master Assassin:
    BB2020 a Stab's injury roll, BB2025 a Stab's armour roll re-rolled) and ``krump`` (Krump and Smash, BB2025: the
    armour roll after a block re-rolled), ``woodland`` (Woodland Fury, BB2025: one die of a block roll that would
    knock her down re-rolled), ``strong`` (Strong Passing Game: +3 on a failed pass's die, after the roll) and
    ``leap`` (Bounding Leap: a free re-roll of her one jump or leap), ``swift`` (Swift as the Breeze: a failed
    dodge, jump or rush whose die shows 2 or more passes),
    ``blindrage`` (Blind Rage: a free re-roll of every Dauntless
    roll of the player, no limit per game), ``lordofchaos`` (Lord of Chaos, BB2025: one block die of a Block action
    re-rolled), ``mesmerising`` (Mesmerising Dance: a failed Hypnotic Gaze re-rolled), ``savagemauling`` (Savage
    Mauling: an injury roll re-rolled).  ``steady`` is a skill, not a star rule: Steady Footing (BB2025), a 6 keeps
    the player standing after a fall, any number of times (:mod:`calculators.chain.footing`)."""

    pro: bool = False
    loner: int | None = None
    consummate: bool = False
    ballista: bool = False
    oldpro: bool = False
    savageblow: bool = False
    luck: bool = False
    assassin: bool = False
    krump: bool = False
    woodland: bool = False
    strong: bool = False
    leap: bool = False
    swift: bool = False
    blindrage: bool = False
    lordofchaos: bool = False
    mesmerising: bool = False
    savagemauling: bool = False
    steady: bool = False


@dataclass(frozen=True)
class Chain:
    """Steps (:class:`Step`, :class:`BlockStep`, :class:`ArmourStep`), the players who roll them, and the edition
    whose re-roll rules apply.

    ``reading``: BB2025 only, the reading of the disputed Loner ruling, an entry of
    :data:`calculators.rerolls.LONER_READINGS` (None: the default, ``"rulebook"``); must
    be None in the other editions.

    ``savage_reading``: the reading of Savage Blow's "Block Action", an entry of
    :data:`calculators.rerolls.SAVAGE_BLOW_READINGS` (None: the default, ``"rulebook"``: not on a Blitz's block).

    ``appeal_ejects``: the chance one Argue the Call ejects the coach, a Fraction in [0, 1] read from the edition's
    table (:func:`calculators.chain.with_argue_the_call`); None: a natural 1 (no table for the edition, no rules).
    """

    steps: tuple[AnyStep, ...]
    players: tuple[Player, ...] = (Player(),)
    edition: str = "classic"
    reading: str | None = None
    appeal_ejects: Fraction | None = None
    savage_reading: str | None = None

    @property
    def ed(self) -> Edition:
        """The chain's edition resolved (:func:`calculators.editions.resolve`; made once per edition).

        Raises:
            CalcError: on an unknown edition (field ``edition``).
        """
        return resolve(self.edition)

    def validate(self) -> Chain:
        """Return self if consistent.

        Raises:
            CalcError: naming ``steps[i].<field>``, ``players[i].loner``, ``edition`` or
            ``reading``.
        """
        self.ed  # resolves (and checks) the edition
        check_reading(self.edition, self.reading)
        if self.savage_reading is not None and self.savage_reading not in SAVAGE_BLOW_READINGS:
            raise CalcError("savage_reading", f"savage_reading must be one of {', '.join(SAVAGE_BLOW_READINGS)}, got "
                            f"{self.savage_reading!r}", list(SAVAGE_BLOW_READINGS), reason="choice")
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
        self._check_pair_dodges()
        top = self._check_players(self.steps, "steps", 0, -1)
        if top != len(self.players) - 1:
            raise CalcError("players", "every player must roll at least one step", reason="chain-shape")
        check_footing(self)
        return self

    def _check_pair_dodges(self) -> None:
        """At most :data:`MAX_PAIR_DODGES` dodges per player with Break Tackle and BB2025 Consummate Professional's
        +1 (a bound on the solver's time, :mod:`calculators.chain.bonuses`)."""
        if not self.ed.bb2025:
            return
        count: dict[int, int] = {}
        for path, s in walk(self.steps):
            if isinstance(s, Step) and s.kind == "dodge" and s.break_tackle and self.players[s.player].consummate:
                count[s.player] = count.get(s.player, 0) + 1
                if count[s.player] > MAX_PAIR_DODGES:
                    raise CalcError(f"{path}.break_tackle", f"at most {MAX_PAIR_DODGES} dodges of one player may carry "
                                    "both Break Tackle and Consummate Professional's +1 (Break Tackle is used once "
                                    "per turn anyway): more take too long to compute", [0, MAX_PAIR_DODGES],
                                    reason="pair-dodges")

    def _check_star_rules(self, i: int, pl: Player) -> None:
        """A player's star rules (:data:`calculators.rerolls.STAR_RULES`): booleans, in an edition that has them."""
        for name, where in STAR_RULE_EDITIONS.items():
            on = getattr(pl, name)
            if not isinstance(on, bool):
                raise CalcError(f"players[{i}].{name}", f"{name} is true or false, got {on!r}", [False, True],
                                reason="choice")
            if on and self.ed.family not in where:
                extra = ("; BB2020's Lord of Chaos is an extra team re-roll: count it in tr" if name == "lordofchaos"
                         and self.ed.bb2020 else "")
                raise CalcError(f"players[{i}].{name}", f"{STAR_RULES[name]} is a star player rule of "
                                f"{' and '.join(where)} only, not of {self.edition}{extra}", list(where),
                                reason="not-in-edition")
        rules = [name for name in STAR_RULE_EDITIONS if getattr(pl, name)]
        if len(rules) > 1:  # every star player has one special rule (BBBase star player pages, BB2020 and BB2025)
            raise CalcError(f"players[{i}].{rules[1]}", f"a star player has a single special rule: "
                            f"{' and '.join(STAR_RULES[r] for r in rules)} on one player", [rules[0]],
                            reason="one-star-rule")
        if pl.leap:  # Bounding Leap is declared before the roll: the chain's one leap of hers takes it
            leaps = [s for _, s in walk(self.steps) if isinstance(s, Step) and s.kind == "jump" and s.player == i]
            if len(leaps) > 1:
                raise CalcError(f"players[{i}].leap", "Bounding Leap is declared before a leap is rolled: with two leaps "
                                "of that player, which one takes it is not modelled", reason="not-modelled")
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
        if s.skill and s.kind == "interception" and not self.ed.bb2020:
            # Cloud Burster (calculators.rerolls): BB2025 forbids the interception itself; classic has no such skill
            why = ("in bb2025 Cloud Burster forbids any attempt to intercept: write no interception step"
                   if self.ed.bb2025 else f"no Cloud Burster in {self.edition}")
            raise CalcError(f"{path}.skill", why, ["bb2020"], reason="not-in-edition")
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
        dives = DIVING_TACKLE_KINDS[self.ed.family]
        if s.diving_tackle and s.kind not in dives:
            if s.kind == "jump":
                raise CalcError(f"{path}.diving_tackle", f"no Diving Tackle on a jump or leap in {self.edition}: there "
                                "it acts on a dodge only; on a jump or leap in bb2020 and bb2025", ["bb2020", "bb2025"],
                                reason="not-in-edition")
            raise CalcError(f"{path}.diving_tackle", "Diving Tackle acts on a dodge (and in bb2020 and bb2025 on a jump "
                            "or leap) only", sorted(dives), reason="diving-tackle-roll")
        if (s.no_reroll or s.no_team_reroll) and s.kind in OPPONENT_KINDS:
            name = "no_reroll" if s.no_reroll else "no_team_reroll"
            raise CalcError(f"{path}.{name}", "an opponent's roll is never ours to re-roll", reason="chain-shape")
        self._check_d6_edition(path, s)
        if (s.break_tackle and s.diving_tackle and self.ed.bb2025 and s.kind in AGILITY_KINDS
                and isinstance(s.player, int) and 0 <= s.player < len(self.players) and self.players[s.player].consummate):
            # without the dive, both bonuses are weighed together (calculators.chain.bonuses)
            raise CalcError(f"{path}.break_tackle", "Break Tackle and Consummate Professional's +1 on one dodge against "
                            "Diving Tackle are not modelled together", reason="not-modelled")
        pl = self.players[s.player] if isinstance(s.player, int) and 0 <= s.player < len(self.players) else None
        if pl is not None and s.kind == "pass" and s.partial is not None and pl.strong:
            raise CalcError(f"{path}.partial", "Strong Passing Game on a pass with an inaccurate band is not modelled (its "
                            "+3 may turn an inaccurate pass accurate)", reason="not-modelled")
        if (pl is not None and pl.swift and s.kind in SWIFT_KINDS
                and (s.partial is not None or s.diving_tackle or s.break_tackle)):
            raise CalcError(f"{path}.kind", "Swift as the Breeze on a roll with a band, Diving Tackle or Break Tackle is "
                            "not modelled", reason="not-modelled")
        if s.break_tackle and s.partial is not None:
            raise CalcError(f"{path}.break_tackle", "Break Tackle on a dodge with a non-critical band is not modelled",
                            reason="not-modelled")
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
        if s.skill and not (self.ed.bb2020 and s.target <= APPEAL_TARGETS["argue-the-call"] - 1):
            # the Biased Referee mark r (chain.appeals): BB2020 only, and its +1 is in the target
            if self.ed.bb2020:
                raise CalcError(f"{path}.skill", "a BB2020 Biased Referee's +1 is always applied: the target is 5 or "
                                "less", ["bb2020"], reason="range")
            raise CalcError(f"{path}.skill", f"no Biased Referee sparing the coach in {self.edition}: BB2025's Dodgy "
                            "League Rep adds +1 (Q5) but a natural 1 still ejects", ["bb2020"], reason="not-in-edition")
        mine = seq[start:i]  # the group's steps before s
        if s.kind == "argue-the-call":
            # an earlier call that may have ejected the coach (not a BB2020 Biased Referee's, mark r)
            if any(t.kind == "argue-the-call" and not t.skill for _, t in before if isinstance(t, Step)):
                raise CalcError(f"{path}.kind", "one Argue the Call per chain: a natural 1 ejects the coach for the "
                                "rest of the game (but with a BB2020 Biased Referee, Q5r)", reason="send-off-group")
            if ARGUE_FIRST[self.ed.family] and mine:
                raise CalcError(f"{path}.kind", f"in {self.edition} the call is argued before any Bribe: write Q "
                                "before K", reason="send-off-group")
        elif not ARGUE_FIRST[self.ed.family] and any(t.kind == "argue-the-call" for t in mine):
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
        bonuses = BREAK_TACKLE_BONUSES[self.ed.family]
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
        fam = self.ed.family
        editions = {**BLOCK_ATTACKER_EDITIONS, **BLOCK_DEFENDER_EDITIONS}
        for name, skills, known in ((f"{path}.attacker", s.attacker, BLOCK_ATTACKER),
                                    (f"{path}.defender", s.defender, BLOCK_DEFENDER)):
            ok = [k for k in known if fam in editions.get(k, (fam,))]
            bad = sorted(set(skills) - set(ok))
            if bad:
                where = editions.get(bad[0])
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
        if s.faces is not None:
            self._check_face_count(path, s)
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

    def _check_face_count(self, path: str, s: BlockStep) -> None:
        """A block with its succeeding faces counted (:attr:`BlockStep.faces`): 1..5, no skill that changes the faces,
        the goal ``down``, no branch."""
        if not (isinstance(s.faces, int) and not isinstance(s.faces, bool) and 1 <= s.faces <= 5):
            raise CalcError(f"{path}.faces", f"a block's succeeding faces must be 1 to 5 of six, got {s.faces!r}",
                            [1, 5], reason="range")
        changing = sorted(s.attacker & {"block", "tackle", "juggernaut"}) + sorted(s.defender)
        if changing or s.goal != "down" or s.branch is not None:
            what = changing[0] if changing else "goal" if s.goal != "down" else "branch"
            raise CalcError(f"{path}.faces", f"a block with its succeeding faces counted takes no skill that changes "
                            f"the faces, no goal standing and no branch ({what})", reason="step-skill")

    def _check_armour(self, path: str, s: ArmourStep, seq: tuple, i: int, everything: list, position: int) -> None:
        """``seq``, ``i``: the sequence that holds ``s`` and its index there; ``everything[:position]``: the steps before."""
        ed = self.ed
        hi = 12 if ed.mechanics.armour_rule == "exceeds" else 13
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
            if ed.family not in ARMOUR_FIELD_EDITIONS["lone_fouler"]:
                raise refuse("lone_fouler", f"Lone Fouler exists in BB2025 only, not {self.edition}", [False], "edition-skill")
            if s.modifier:
                raise CalcError(f"{path}.lone_fouler", "Lone Fouler works only when nobody assists the foul: the "
                                "modifier must be 0", [0], reason="lone-fouler-assists")
            if any(isinstance(t, ArmourStep) and t.lone_fouler and t.player == s.player for _, t in everything[:position]):
                raise refuse("lone_fouler", "Lone Fouler is used once per turn", [False], "step-skill")
        if s.iron_hard_skin:
            if ed.family not in ARMOUR_FIELD_EDITIONS["iron_hard_skin"]:
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
        self._check_star_bonuses(s, refuse, everything[:position])
        if s.chainsaw and s.mighty_blow and ed.family in ARMOUR_FIELD_CLASHES[("mighty_blow", "chainsaw")]:
            raise refuse("mighty_blow", f"Mighty Blow cannot be used with a Chainsaw in {self.edition}", [False])
        if s.piling_on:
            if ed.family not in ARMOUR_FIELD_EDITIONS["piling_on"]:
                raise refuse("piling_on", f"Piling On re-rolls armour or injury in classic only; in {self.edition} "
                             "write Pile Driver as a foul step after the block", [False], "edition-skill")
            if s.foul or s.stab or s.chainsaw:
                raise refuse("piling_on", "Piling On follows a block, not a foul, Stab or Chainsaw", [False])
            later = [t for t in seq[i + 1:] if not isinstance(t, Alternatives) and t.player == s.player]
            if later and not (len(later) == 1 and isinstance(later[0], InjuryStep) and seq[i + 1] is later[0]):
                raise refuse("piling_on", "a Piling On player is Placed Prone: only the injury roll may follow its "
                             "armour roll", reason="step-skill")

    def _check_star_bonuses(self, s: ArmourStep, refuse, before: list) -> None:
        """Ram, Slayer and Crushing Blow (:class:`ArmourStep`): star player rules of BB2020 and BB2025, on the armour
        roll of a block (not a foul, a Stab or a Chainsaw), once per game (one armour roll of the player each)."""
        for name, rule in (("ram", "Ram"), ("slayer", "Slayer"), ("crushing_blow", "Crushing Blow")):
            if not getattr(s, name):
                continue
            if self.ed.family not in ARMOUR_FIELD_EDITIONS[name]:
                raise refuse(name, f"{rule} is a star player rule of BB2020 and BB2025 only, not {self.edition}",
                             [False], "edition-skill")
            if s.foul or s.stab or s.chainsaw:
                raise refuse(name, f"{rule} acts on the armour roll of a block, not a foul, Stab or Chainsaw", [False])
            if any(isinstance(t, ArmourStep) and getattr(t, name) and t.player == s.player for _, t in before):
                raise refuse(name, f"{rule} is used once per game: on one armour roll of its player", [False])

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
        if armour is not None and armour.stab and s.modifier and not self.ed.bb2025:
            raise CalcError(f"{path}.modifier", f"the injury roll after a Stab cannot be modified in "
                            f"{self.edition}", [0], reason="step-skill")
