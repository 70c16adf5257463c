"""The chain's step kinds and their per-edition tables (constants only).

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
"""

from __future__ import annotations

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
#: Bribe target, and the calculator help states these numbers from here (the foul request reads BB2020's and BB2025's
#: Argue the Call target from data/tables/argue-the-call-*.yml, calculators.arguing; a test keeps this one equal)
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
#: armour and foul fields (:class:`calculators.chain.ArmourStep`, each a notation mark) that exist in some edition
#: families only -> those families; the others exist in every edition.  Iron Hard Skin from BB2020, Piling On in
#: classic only (BB2020 and BB2025 have Pile Driver, a foul step), Lone Fouler in BB2025, the star players' Ram,
#: Slayer and Crushing Blow in BB2020 and BB2025.  The chain's checks (:meth:`Chain.validate`) and the roll form
#: (``plugins/site/render/rollform.py``) both read it.
ARMOUR_FIELD_EDITIONS: dict[str, tuple[str, ...]] = {
    "iron_hard_skin": ("bb2020", "bb2025"), "piling_on": ("classic",), "lone_fouler": ("bb2025",),
    "ram": ("bb2020", "bb2025"), "slayer": ("bb2020", "bb2025"), "crushing_blow": ("bb2020", "bb2025")}
#: pairs of armour and foul fields one roll may not carry together -> the edition families where the chain refuses
#: them (:meth:`Chain.validate`, each with its own message): a Stab's roll takes no Mighty Blow, Claws, Chainsaw,
#: Piling On or star player's +1; a Chainsaw's no Piling On or star player's +1, and no Mighty Blow in classic and
#: BB2020 (both rule texts), which BB2025 allows on the armour roll (FFB ``skill/bb2025/MightyBlow``); the victim's
#: Iron Hard Skin stops Claws and a Chainsaw.  Each pair is written (field the form stops offering, field whose tick
#: stops it): the roll form (``plugins/site/render/rollform.py``) never writes a pair the chain refuses, and the
#: model reads the Mighty Blow and Chainsaw pair's editions from here; a site test checks the table against the
#: chain's refusals, pair by pair and edition by edition.
_EVERY = ("classic", "bb2020", "bb2025")
ARMOUR_FIELD_CLASHES: dict[tuple[str, str], tuple[str, ...]] = {
    **{(field, "stab"): _EVERY for field in ("mighty_blow", "claws", "chainsaw", "piling_on", "ram", "slayer",
                                             "crushing_blow")},
    **{(field, "chainsaw"): _EVERY for field in ("piling_on", "ram", "slayer", "crushing_blow")},
    ("mighty_blow", "chainsaw"): ("classic", "bb2020"),
    ("claws", "iron_hard_skin"): _EVERY, ("chainsaw", "iron_hard_skin"): _EVERY,
}
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
#: the most dodges one player may have with both Break Tackle and BB2025 Consummate Professional's +1
#: (:mod:`calculators.chain.bonuses`): each such dodge weighs both bonuses in every state, and chains of more took
#: over the 2 s of CPU the worst accepted input may take (``benchmarks/bench_worst_notation.py``: 3 of them with
#: heavy steps 1.4-1.7 s, every dodge of a 30-step chain 2.3-3.4 s on the shared machine).  Break Tackle is used
#: once per turn anyway, so a real turn rarely writes more than one.
MAX_PAIR_DODGES = 2
#: block dice: 1, 2, 3 (the attacker chooses) or -2, -3 (the defender chooses), as :class:`calculators.block.Block`
BLOCK_DICE: tuple[int, ...] = (1, 2, 3, -2, -3)
#: the attacker's skills a block step models (Block, Tackle, Juggernaut; Brawler in BB2020/BB2025)
BLOCK_ATTACKER: tuple[str, ...] = ("block", "tackle", "brawler", "juggernaut", "hatred", "unstoppable-momentum",
                                   "working-in-tandem")
#: attacker skills of a block that exist in some editions only -> those edition families (the module docstring)
BLOCK_ATTACKER_EDITIONS: dict[str, tuple[str, ...]] = {"brawler": ("bb2020", "bb2025"), "hatred": ("bb2025",),
                                                       "unstoppable-momentum": ("bb2020", "bb2025"),
                                                       "working-in-tandem": ("bb2025",)}
#: attacker skills that re-roll one die of a failed block roll, free and every time -> the faces that die may show
#: (None: any die)
ONE_DIE_SKILLS: dict[str, tuple[str, ...] | None] = {"brawler": ("both_down",), "hatred": ("attacker_down",),
                                                     "unstoppable-momentum": None, "working-in-tandem": None}
#: the defender's skills a block step models; ``steady-footing`` (BB2025) changes no face, only whether a defender
#: Knocked Down stays standing (:mod:`calculators.chain.footing`)
BLOCK_DEFENDER: tuple[str, ...] = ("block", "dodge", "wrestle", "steady-footing")
#: defender skills of a block that exist in some editions only -> those edition families
BLOCK_DEFENDER_EDITIONS: dict[str, tuple[str, ...]] = {"steady-footing": ("bb2025",)}
#: a block step's goals: ``down`` (the defender Knocked Down, the attacker standing) or ``standing``
BLOCK_GOALS: tuple[str, ...] = ("down", "standing")
#: a failed block roll, by what one re-rolled die can do: ``both_down`` (one die can save it and a failing
#: die shows Both Down: Brawler may re-roll it), ``one_die`` (one die can save it, none shows Both Down),
#: ``all_dice`` (only re-rolling every die can: the defender's choice with two or more failing dice)
BLOCK_CASES: tuple[str, ...] = ("both_down", "one_die", "all_dice")

def highest_face(kind: str, break_tackle: int = 0) -> int:
    """Return the highest die face a D6 step of ``kind`` may need: 6, but on a dodge with Break Tackle 6 plus its
    bonus, which the bonus reaches (a 7+ dodge with +3 passes on 4, 5, 6; BB2020/BB2025 Break Tackle)."""
    return 6 + break_tackle if kind == "dodge" else 6
