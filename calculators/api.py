"""The one JSON entry point of the calculators (used by Pyodide in the browser and by tests).

Functions:

* ``handle(request: dict, rules: dict | RuleBook | None = None) -> dict``
* ``handle_json(request_json: str, rules_json: str | None = None) -> str``: the same,
  JSON in and out; the parsed :class:`~calculators.rules.RuleBook` is memoised per
  ``rules_json`` string (a pure-function cache, a few entries), so the browser may
  pass the same exported rules string on every call.

``rules`` is the dict the build exports from ``data/`` (see :mod:`calculators.rules`).
Kinds that need no rule numbers accept ``rules=None``.

Responses
---------
Success: ``{"ok": true, "kind": <kind>, "result": {...}}``.  Every probability is an
object ``{"exact": "35/36", "float": 0.9722222222222222}`` (exact fraction as a
string, float for display only).

Error (never raised, whatever the request or the rules): ``{"ok": false, "error": {"field":
"ag", "message": "...", "allowed": [1, 6]}}``.  Every answer is strict JSON: finite numbers
only, valid Unicode (a lone surrogate of the request comes back as U+FFFD); ``handle_json``
refuses ``NaN``, ``Infinity``, numbers of more than 4,300 digits, requests longer than
100,000 characters or nested more than 20 deep (field ``request``).  An exception no check
foresaw (a bug) is answered with ``"details": {"reason": "internal"}``.  ``allowed`` is a list of values, an inclusive ``[low, high]``
range, or null.  An unknown field is an error naming that field.  The message is
English; every error adds ``"details"`` with at least a ``"reason"`` (one of
``calculators.errors.REASONS``, e.g. ``"edge-square"`` for a throw-in from a square not on the
edge), the same facts as data, so that a page can say them in its own language; the ``chain``
notation errors and the ``dave`` refusals add the token (see those kinds below).

Request kinds
-------------
``"agility"``: one D6 test of a roll defined in the rules data.
    * ``edition``: ``"classic"`` | ``"bb2016"`` | ``"bb2020"`` | ``"bb2025"``; default ``"classic"``.
    * ``action``: the roll, looked up as ``f"{action}-{edition}"`` (or a roll whose
      ``editions`` include the edition): ``dodge`` | ``rush`` | ``pick-up`` | ``leap``
      (classic) or ``jump`` (BB2020+) | ``pass`` | ``interception`` | ``catch`` |
      ``landing`` | ``hand-off`` (and any other roll the data defines). Required.
    * the characteristic: field named after the roll's target table (``ag``: integer
      in the table's range, classic 1..6 where 6 means 6 or more).  For a roll with
      no target table (BB2020+, the characteristic is the ``N+``): ``pa`` for a pass,
      ``ag`` otherwise, integer 1..6.  A roll with a fixed ``target_number`` (the Rush,
      2+) has no characteristic field.
    * one field per modifier group of the roll, e.g. ``range``: ``quick`` | ``short`` |
      ``long`` | ``long-bomb``; ``delivery``: ``accurate`` | ``inaccurate``. Required, but for
      ``weather`` (``other-weather`` | ``very-sunny``, ``pouring-rain`` or ``blizzard``, the one that
      changes the roll), whose default is its first choice, the weather that changes nothing.
    * one integer field per ``per`` count, e.g. ``tackle_zones``: 0..8, default 0.
    * one boolean field per skill that changes the roll in that edition (the roll's ``skill``
      modifiers in ``data/rolls/``, issue 9), named after the skill with ``_``: ``accurate``,
      ``strong_arm``, ``cannoneer``, ``nerves_of_steel`` (pass, catch, interception), ``big_hand``
      and ``extra_arms`` (pick-up, catch, interception), ``very_long_legs`` (leap, jump,
      interception), ``leap`` (BB2020/BB2025 jump: the penalty lessened by 1, to no less than -1),
      as each edition has them; default false.  An applied one is listed in
      ``modifiers`` (a skill that removes modifiers takes them off that list).
    * ``reroll``: boolean, default false: which distribution ``probabilities`` shows; absent for a roll
      nothing may re-roll (``no_reroll`` in the data: a KO recovery), where giving it is an error.
    * ``pass_reading`` (a BB2025 pass only; given elsewhere it is an error naming it): the
      reading of a total of 1 that reaches a PA 1+ thrower's PA
      (``data/rulings/pa-one-plus-modified-one.yml``): ``"rulebook"`` (default: a fumble) |
      ``"fumbbl"`` (an accurate pass); see :mod:`calculators.rolls`.
    * ``below_one_reading`` (a BB2025 pass only, likewise): the reading of a total of 0 or less
      (``data/rulings/pass-total-below-one-bb2025.yml``): ``"fumbbl"`` (default: a fumble) |
      ``"rulebook"`` (as written: an inaccurate pass).
    Result: ``roll``, ``edition``, ``pass_reading`` and ``below_one_reading`` (BB2025 pass only: the readings used),
    ``target`` (N+ before modifiers),
    ``modifiers`` (list of ``{"key", "value"}`` applied), ``modifier_total``,
    ``needed`` (die face 2..6, or null if impossible), ``needed_label`` (``"4+"``,
    ``"6+ (natural 6 only)"``, ``"impossible"``), ``natural_six_only``, ``impossible``,
    ``without_reroll`` / ``with_reroll`` (``{outcome: probability}`` for
    ``success``, ``failure``, ``fumble`` and, for a BB2020 pass, ``wildly_inaccurate``),
    ``probabilities`` (one of the two, by ``reroll``).

``"test"``: a plain N+ test, no rules data needed.
    * ``edition``: as above; default ``"classic"``.
    * ``target``: integer 2..6 (the modified result needed). Required.
    * ``modifier``: integer -10..10, default 0.
    * ``pass``: boolean, default false: use the edition's pass outcomes
      (classic/BB2025: natural 1 or modified <= 1 fumble; BB2020: natural 1 fumble,
      modified <= 1 wildly inaccurate).
    * ``reroll``: boolean, default false.
    Result: as for ``agility`` without ``roll`` and ``modifiers``.

``"chain"``: a chain of rolls that must all succeed (D6 tests, blocks, armour rolls,
fouls), with optimal re-roll use (see :mod:`calculators.chain`).
    * ``chain``: notation text (see :mod:`calculators.notation`), at most 200
      characters, e.g. ``"D3d,R2f,P3;tr=2"``, ``"R2,B2b:d,D3"``, ``"D3,F9+1d"``. Required.
    * ``edition``: as above; default ``"classic"`` (one team re-roll per turn; Pro 4+).
    * ``reading`` (BB2025 only; any value in another edition is an error naming it):
      may a team re-roll re-roll a failed Loner roll (``data/rulings/loner-team-re-roll.yml``)?
      ``"rulebook"`` (default: the BB2025 rulebook as written, yes) |
      ``"designers-commentary"`` (BB2020's answer carried over, no); see
      :mod:`calculators.rerolls`.
    * ``max_team_rerolls``: integer 0..8; default the notation's ``tr=`` or 3.
    * ``weather``: ``other-weather`` (default: no modifier) or a weather that changes one of
      the chain's D6 tests in that edition (``blizzard``, ``pouring-rain``, ``very-sunny``;
      :func:`calculators.weather.weather_keys`); the notation's faces are written without it
      and each roll the weather changes takes its data's modifier (:mod:`calculators.weather`).
      Needs the rules data for any value but the default.
    Result: ``notation`` (canonical, as written: without the weather), ``edition``, ``reading`` (BB2025
    only: the reading used), ``weather`` (the weather used), ``weathered`` (only when the weather moved a
    face: the notation of the rolls as computed, e.g. ``R3`` for ``R2`` in a Blizzard), ``team_reroll_on_pro_roll`` (a team re-roll may re-roll a failed Pro roll:
    classic), ``team_reroll_on_loner_roll`` (a second team re-roll may re-roll a failed
    Loner roll: BB2025 read as written), ``steps`` (list, one object per step, each
    with ``kind``, ``player`` and ``single``: a D6 test ``{"kind", "target", "skill",
    "player", "single"}`` (a dodge adds ``break_tackle``, its bonus or 0) where ``target`` is the face
    needed after the weather, ``weather_modifier`` (only when the weather changed it) the modifier
    applied, and ``single`` P(one die passes), for an opponent's roll (an interception, Tentacles,
    Shadowing) P(the opponent succeeds); a block ``{"kind": "block", "dice": 1..3,
    "chooser": "attacker" | "defender", "attacker": [skills], "defender": [skills],
    "goal": "down" | "standing", "player", "single"}`` where ``single`` is P(one
    roll of the dice succeeds); an armour roll ``{"kind": "armour", "av", "modifier",
    "mighty_blow", "claws", "stab", "piling_on", "chainsaw", "iron_hard_skin", "player", "single"}``
    and a foul ``{"kind": "foul", "av", "modifier", "dirty_player", "sneaky_git", "lone_fouler",
    "chainsaw", "iron_hard_skin", "player", "single", "sent_off"}`` where ``mighty_blow`` and
    ``dirty_player`` are the X of the skill's (+X) (0 without), ``single`` is P(the armour breaks)
    and ``sent_off`` P(that foul sends its fouler off); an injury roll ``{"kind": "injury",
    "need": "ko" | "casualty" | n, "modifier", "stunty", "thick_skull", "player", "single"}``
    where ``single`` is P(the injury meets its need), after the armour step just before it
    given that the armour broke; with branches
    (:mod:`calculators.notation`): a D6 test adds ``partial`` and ``branch`` (its steps) when it
    has a non-critical band, and ``success`` (its steps) when a success has its own, ``no_reroll`` and
    ``diving_tackle`` when marked, a block ``branch`` and ``no_reroll``; ``{"kind": "dauntless", "target",
    "player", "single", "success": [steps], "failure": [steps]}``; ``{"kind": "alternatives", "options":
    [{"weight": prob, "steps"}]}``, with ``player`` when the group opens that player),
    ``players`` (list of ``{"pro", "loner"}``, with ``consummate``, ``ballista``, ``oldpro`` or ``savageblow``
    true when the player has that star player rule), ``team_rerolls`` (the ``tr=`` value or
    null), ``by_team_rerolls`` (list, index k = k team re-rolls available:
    ``{"team_rerolls": k, "success": prob, "sent_off": prob (only in a chain with a
    foul: P(a fouler is sent off), a turnover), "policy": [choice per step]}``, choice
    ``none`` | ``break-tackle`` | ``skill`` | ``consummate`` | ``ballista`` | ``savageblow`` | ``pro`` |
    ``pro+team`` | ``team`` | ``team+team`` |
    ``opponent``: what to use if that step's first roll fails while all earlier rolls
    passed, or for a block whose best choice depends on the failed roll an object
    ``{case: choice}`` over ``both_down`` | ``one_die`` | ``all_dice`` (``skill_die`` with Hatred or
    Unstoppable Momentum, ``all_dice/2`` | ``all_dice/3`` with Savage Blow; with branches also
    ``critical``, ``non_critical``, ``dived`` and a branching block's ``critical/…`` and
    ``non_critical/…`` cases; a dodge with Break Tackle ``within_bonus`` | ``beyond_bonus``; one
    choice per main-line step, ``none`` for weighted alternatives; see
    :func:`calculators.chain.policy`); armour rolls and fouls are never re-rolled:
    ``none``), ``success`` (at ``tr=`` when given, else at 0) and, with a foul,
    ``sent_off`` (the same).
    Error: a notation that cannot be read is an error on field ``chain`` whose
    ``details`` are ``{"reason", "token", "position", "text"}``: ``reason`` one of
    :data:`calculators.notation.REASONS` (``"unknown-letter"``, ``"bad-target"``,
    ``"team-rerolls-range"``, …), ``token`` the 1-based number of the token at fault,
    ``position`` its 1-based character in ``chain``, ``text`` the token as written
    (the last three null for ``"empty"`` and ``"no-steps"``).  E.g. ``"D3,X9"``:
    ``{"reason": "unknown-letter", "token": 2, "position": 4, "text": "X9"}``.

``"dave"``: a sequence in BloodBowlDave's Action Calculator notation, translated by
:mod:`calculators.dave` into ours and answered as ``chain``.
    * ``dave``: their text, at most 200 characters, e.g. ``"D:D3,2D2;C3"`` (``~S2`` at
      the end: their Season 2, our ``bb2020``; otherwise Season 3, our ``bb2025``). Required.
    * ``team_rerolls``: integer 0..8, default 1 (their re-rolls setting), written as ``;tr=N``.
    * ``reading``: as for ``chain`` (BB2025 only; their calculator never re-rolls a
      failed Loner roll, the ``"designers-commentary"`` reading). Default ``"rulebook"``.
    Result: ``dave`` (their text as given) and the whole ``chain`` result, whose
    ``notation`` is the sequence in ours (a link to the chain calculator).
    Error: a sequence our chain cannot express is an error on field ``dave`` whose
    ``details`` are ``{"reason", "token", "position", "text"}``: ``reason`` one of
    :data:`calculators.dave.REASONS`, ``token`` the 1-based number of their piece at
    fault, ``position`` its 1-based character, ``text`` the piece (null for ``"empty"``;
    for ``"our-rules"`` ``text`` is our notation and the others null).

``"pass"``: a whole Pass action (see :mod:`calculators.passing`), numbers from the
rules rolls ``pass-<edition>``, ``catch-<edition>``, ``interception-<edition>``.
    * ``edition``: default ``"classic"``.
    * thrower: ``ag`` (classic, the AG table range) or ``pa`` (1..6, N+) as for
      ``agility``; ``range`` (the pass roll's range group); one integer field
      ``thrower_<count>`` per ``per`` count of the pass roll (``thrower_tackle_zones``
      classic, ``thrower_markers`` BB2020+), 0..8, default 0; ``thrower_<skill>`` booleans for the
      pass roll's skill modifiers (``thrower_accurate``, ``thrower_strong_arm``, ``thrower_cannoneer``,
      ``thrower_nerves_of_steel``, as the edition has them), default false.
    * receiver (optional; absent = empty target square): ``receiver_ag``,
      ``receiver_<count>`` and ``receiver_<skill>`` (``receiver_extra_arms``, ``receiver_nerves_of_steel``); the catch uses the ``accurate`` key of the catch roll's
      ``delivery`` group when it has one.
    * interceptor (optional): ``interceptor_ag``, ``interceptor_<count>`` and ``interceptor_<skill>``
      (``interceptor_extra_arms``, ``interceptor_very_long_legs``, …, as the edition's interception roll has them).  When
      the interception roll has a ``delivery`` group, its ``accurate``,
      ``inaccurate`` and ``wildly-inaccurate`` keys give one target per pass quality.
      BB2020 deflections are converted with the catch roll's ``deflection`` key.
    * ``weather`` (when a roll has a ``weather`` group): one choice for the whole action, among the
      keys of the pass, catch and interception rolls' ``weather`` groups (``other-weather``,
      ``very-sunny``, ``pouring-rain``), default the first.  Each roll applies it when its own group
      has that key and its first choice (no weather modifier) otherwise: Very Sunny is the thrower's,
      Pouring Rain the receiver's and the interceptor's.
    * ``pass_skill``, ``safe`` (Safe Throw / Safe Pass), ``catch_skill``: booleans,
      default false.  ``team_rerolls``: 0..8, default 0.
    * ``pass_reading``, ``below_one_reading`` (BB2025 only): as for ``agility``; the result names them.
    Result: ``outcomes`` (``{outcome: prob}`` for ``complete``, ``intercepted``,
    ``fumble``, ``fumble_saved``, ``dropped``, ``inaccurate``, ``wildly_inaccurate``,
    ``deflected``; they sum to 1), ``totals`` (``completion``, ``lost_to_opponent``,
    ``turnover``, ``loose``, ``kept``), ``pass_needed`` (label), ``catch_needed`` (die
    face or null), ``intercept_needed`` (``{quality: face}`` or null).

``"armour"``: armour and injury for a Knocked Down player (see :mod:`calculators.armour`).
    * ``edition``: default ``"classic"``.  ``av``: classic AV 3..12 (breaks when
      exceeded); BB2020+ AV target 3..13 (``9`` means 9+). Required.
    * ``armour_modifier``, ``injury_modifier``: integers -5..5, default 0.
    * ``mighty_blow``, ``claws``, ``stunty``, ``thick_skull``: booleans, default false.
    * ``mighty_blow_value`` (BB2020, BB2025): the X of Mighty Blow (+X), 1..2, default 1 (used with
      ``mighty_blow``); classic allows +1 only (given there, anything but 1 is refused).
    * ``iron_hard_skin`` (BB2020, BB2025; refused in classic): the target's Iron Hard Skin, boolean:
      the armour roll is read on the natural dice (``armour_modifier`` and Claws do not apply) and
      Mighty Blow goes on the injury roll.
    * ``claws_reading`` (classic and BB2016 only; given elsewhere it is an error naming it):
      the reading of Claw with Mighty Blow (``data/rulings/claws-mighty-blow-stacking.yml``),
      ``"rulebook"`` (default: 8+ after modifiers) or ``"fumbbl"`` (8+ on the unmodified dice).
    Result: ``claws_reading`` (classic and BB2016 with Claws: the reading used), ``outcomes`` (``no_break``, ``stunned``, ``ko``, ``badly_hurt``,
    ``casualty``), ``casualty`` (the casualty roll's results, each as an overall
    probability: the outcomes of the ``casualty`` kind, read on the data's casualty table
    when rules are given), ``armour_broken``.  With rules, the injury bands are the data's
    (``data/tables/injury-<edition>.yml``, and for ``stunty`` / ``thick_skull`` the edition's variant table,
    ``injury-stunty-…``, ``injury-thick-skull-…``, ``injury-stunty-thick-skull-…``, through
    :func:`calculators.injury.injury_table`); without rules only the plain table is known and ``stunty`` or
    ``thick_skull`` is refused (field ``rules``).

``"casualty"``: the casualty roll, and in BB2020/BB2025 the lasting-injury roll, read on the
data's tables (``data/tables/casualty-<edition>.yml``, ``lasting-injury-<edition>.yml``, through the
exported rules; see :mod:`calculators.casualty`).  Needs the rules.
    * ``edition``: default ``"classic"`` (D68), ``"bb2020"`` / ``"bb2025"`` (D16; the bands differ).
    * ``niggling`` (BB2020/BB2025 only; an unknown field in classic): Niggling Injuries of the
      player, 0..5, default 0: +1 each on the D16.
    Result: ``edition``, ``table`` (slug), ``dice`` (``"d68"`` | ``"d16"``), ``niggling``,
    ``rows`` (list of ``{"key", "roll": [low, high], "outcome", "p"}``, the table's rows),
    ``outcomes`` (``{outcome: p}``: classic ``badly_hurt``, ``miss_next_game``,
    ``niggling_injury``, ``characteristic_loss``, ``dead``; BB2020/BB2025 ``badly_hurt``,
    ``seriously_hurt``, ``serious_injury``, ``lasting_injury``, ``dead``),
    ``characteristics`` (``{ma|st|ag|pa|av: p}``: the overall chance the roll reduces it; no
    ``pa`` in classic), ``lasting_injury`` (null in classic, else ``{"table", "rows"}``: the D6
    lasting-injury table, each row's ``p`` given a Lasting Injury result).

``"foul"``: a Foul.
    * ``edition``, ``av`` as above; ``assists``: net assists -8..8, default 0;
      ``dirty_player``, ``sneaky_git``, ``stunty``, ``thick_skull``: booleans.
      ``sneaky_git`` follows the edition's text (see :func:`calculators.armour.foul`):
      classic and BB2025 forgive a double on the armour roll only when the armour
      holds, BB2020 forgives every armour double; an injury double always sends off.
      ``dirty_player_value`` (BB2020 only: 1..2, default 1): the X of Dirty Player (+X).
      ``lone_fouler`` (BB2025 only; needs ``assists`` 0): a held armour roll is re-rolled.
      ``iron_hard_skin`` (BB2020, BB2025): the victim's Iron Hard Skin.
    Result: ``outcomes`` as for ``armour``, ``armour_broken``, ``sent_off``.

``"kick"``: the kick-off (see :mod:`calculators.ballmove`; squares are ``[x, y]``,
x 0..25, y 0..14).
    * ``edition``: default ``"classic"``.  ``target``: ``[x, y]`` in the receiving half
      (required unless ``map`` is true).  ``kick``: boolean (Kick skill).
      ``receiving``: ``"right"`` (x 13..25, default) or ``"left"``.  ``bounce``:
      boolean, also bounce once from a landing square in the receiving half (a ball
      that deviated into the kicking half or off the pitch is a touchback and does not
      bounce).  ``map``: boolean, default
      false: return the touchback chance for every target square instead.
    Result: ``touchback`` and ``landing`` (list of ``{"square": [x, y] or "out", "p"}``),
    or with ``map``: ``map`` (list of ``{"square": [x, y], "touchback": p}``).

``"scatter"``: where a ball ends after N one-square D8 moves (Scatter (N); a bounce is N = 1;
see :mod:`calculators.ballmove`).
    * ``square``: ``[x, y]`` (x 0..25, y 0..14), where it starts. Required.
    * ``n``: integer 1..6, default 1.
    Result: ``square``, ``n``, ``landing`` (list of ``{"square": [x, y] or "out", "p"}``, summing
    to 1; ``"out"`` once the ball left the pitch: a throw-in follows), ``out`` (P(off the
    pitch)), ``distance`` (``{"<d>": p}``: the distance in squares, counted as a king moves,
    of the squares on the pitch; leaving out ``"out"``).

``"deviate"``: a deviating ball: D8 direction, then D6 squares (the kick-off, BB2020's
wildly inaccurate pass; see :mod:`calculators.ballmove`).
    * ``edition``: default ``"classic"``.  ``square``: ``[x, y]``. Required.  ``kick``:
      boolean, default false: the Kick skill (classic/BB2020 half the D6 rounded down,
      BB2025 a D3).
    Result: ``edition``, ``square``, ``landing``, ``out`` and ``distance`` as for ``scatter``.

``"fields"``: describe the fields of an ``agility`` request (to build a form; kept for
the agility page, the same as ``form`` with ``for: "agility"`` minus ``edition`` and
``action``).
    * ``edition``, ``action`` as for ``agility``.
    Result: ``roll``, ``fields``: list of field descriptions as for ``form``.

``"dice-total"``: the exact distribution of a dice total (e.g. each 2D6 table row).
    * ``dice``: ``"NdM"`` with N 1..4 and M 3, 6, 8 or 16, ``"dM"`` for one die
      (``"2d6"``, ``"d6"``, ``"d8"``, ``"d3"``, ``"d16"``, ``"3d6"``); case and a
      leading ``1`` are ignored (``"2D6"``, ``"1d6"``). Required.
    Result: ``dice`` (canonical), ``min``, ``max``, ``distribution`` (``{"<total>":
    prob}``, totals as strings, ascending), ``at_least`` (``{"<total>": P(total >=
    it)}``), ``mean`` (same ``{"exact", "float"}`` shape; not a probability).

``"block"``: one block, or a Frenzy pair (see :mod:`calculators.block`).
    * ``edition``: default ``"classic"``.
    * ``attacker_st``, ``defender_st``: integers 1..10, default 3; ``attacker_assists``,
      ``defender_assists``: 0..8, default 0.  Equal totals: 1 die; one side stronger:
      2 dice, that side chooses; more than twice as strong: 3 dice.
    * ``dice``: instead of the strengths, ``1`` | ``2`` | ``3`` (attacker chooses) |
      ``-2`` | ``-3`` (defender chooses); giving it with a strength or assist field,
      or with ``attacker_dauntless`` or ``attacker_horns`` true, is an error naming
      that field.
    * ``blitz``: boolean (Juggernaut and Horns work only on a Blitz, Brawler only off one).
    * booleans, default false: ``attacker_block``, ``attacker_wrestle``,
      ``attacker_tackle``, ``attacker_juggernaut``, ``attacker_frenzy``,
      ``attacker_pro``, ``attacker_brawler`` (BB2020/BB2025 only: an unknown field in
      classic and BB2016), ``attacker_dauntless``, ``attacker_horns`` (+1 ST on a
      Blitz), ``defender_block``, ``defender_dodge``, ``defender_wrestle``,
      ``defender_stand_firm``, ``defender_fend``.
    * ``team_rerolls``: 0..8, default 0 (classic uses at most one per turn).
    * ``goal``: ``"knock_down"`` (default) | ``"safe"``: what both coaches play for
      (the attacker maximises it, the defender minimises it).
    Result: ``dice`` (1..3; without Dauntless, or after a failed Dauntless roll),
    ``chooser`` (``"attacker"`` | ``"defender"``), ``strength`` (``{"attacker",
    "defender"}`` totals with Horns and assists, or null with ``dice``),
    ``dauntless`` (null when no Dauntless roll is made, else ``{"needed"`` (``"4+"`` or
    ``"impossible"``), ``"single"`` (P(one D6 succeeds)), ``"dice"``, ``"chooser"``,
    ``"strength"}`` after a success), ``push_effect`` (what a Push result does to the
    defender: ``"pushed"`` | ``"fend"`` | ``"stand_firm"`` | ``"stand_firm_or_fend"``),
    ``goal``, ``outcomes`` (``defender_down``, ``both_down``, ``both_prone``,
    ``push``, ``nothing``, ``attacker_down``; they sum to 1, over the Dauntless roll
    too), ``totals`` (``defender_knocked_down``, ``attacker_knocked_down`` (the
    turnover), ``defender_on_ground``).

``"range"``: the Range Ruler (see :mod:`calculators.geometry`).
    * ``edition``: default ``"classic"``.  ``thrower``, ``target``: squares ``[x, y]``
      (x 0..25, y 0..14), different. Required (``target`` not with ``map``).
    * ``landing`` (BB2020/BB2025 only): the square where the ball lands, default the
      target: the ruler for interceptions runs to it.
    * ``map``: boolean, default false: return the band of every square instead.
    Result: ``band`` (``quick`` | ``short`` | ``long`` | ``long-bomb`` |
    ``out_of_range``), ``modifier`` (the band's pass modifier, null out of range),
    ``modifiers`` (``{band: modifier}``), ``modifier_source`` (``"rules"``: the rules
    data's pass roll ``range`` group; ``"default"``: classic +1/0/−1/−2, BB2020/BB2025
    0/−1/−2/−3), ``dx``, ``dy``, ``ruler_end``, ``interception_squares`` (list of
    ``[x, y]``, sorted; empty out of range).  With ``map``: ``map`` (list of
    ``{"square", "band"}`` for the squares in range).

``"throw-in"``: where a thrown-in ball lands (see :mod:`calculators.ballmove`).
    * ``edition``: default ``"classic"``.  ``square``: ``[x, y]``, the last square the
      ball was in, on the edge of the pitch (x 0 or 25, or y 0 or 14). Required.
    Result: ``landing`` (list of ``{"square", "p"}``, summing to 1, after any repeated
    throw-ins), ``out_again`` (P the first throw leaves the pitch), ``rethrows`` (the
    expected number of further throw-ins; same shape, not a probability).

``"form"``: the input fields of a request kind, derived from the code that validates
it (see :mod:`calculators.fields`, describe mode); the site renders every calculator
form from it.
    * ``for``: a request kind of :data:`KINDS` other than ``form``. Required.
    * any field of that kind (``edition``, ``action``, ``map``, …): checked as usual,
      and the form is the one for that value (e.g. ``attacker_brawler`` appears only
      for BB2020/BB2025; ``agility`` needs ``action`` and the rules).
    Result: ``for``, ``given`` (the fields passed), ``fields``: ordered list of
    ``{"name", "type", "required", "default", "allowed"}`` plus ``min``/``max``
    (``int``; ``[x, y]`` corners for ``square``), ``choices`` (``choice``, ``bool``) or
    ``max_length`` (``text``); ``type`` is ``int`` | ``bool`` | ``choice`` | ``text`` |
    ``square``.  A field with default null and ``required`` false is optional (absent
    means "none", e.g. ``receiver_ag`` of ``pass``; ``max_team_rerolls`` of ``chain``
    defaults to the notation's ``tr=`` or 3).  Fields that only exist for another
    value of a given field (``target`` when ``map`` is true) follow that value.

Command line: ``python -m calculators`` (see :mod:`calculators.__main__`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .armour import (CLAWS_READINGS, SKILL_VALUES, InjuryTable, armour_injury, casualty, check_claws_reading,
                     check_lone_fouler, foul, injury_table)
from .ballmove import deviate, kick_off, landing_map, scatter, throw_in
from .chain import (BLOCK_ATTACKER, BLOCK_DEFENDER, Alternatives, ArmourStep, BlockStep, Dauntless, InjuryStep, Step,
                     step_singles, summary, walk, with_injury_tables)
from .editions import EDITIONS, family, mechanics
from .errors import CalcError, shown
from .casualty import MAX_NIGGLING, casualty_roll, grouped, table_roll
from .block import DEFENDER_SKILLS, GOALS, Block, push_effect, resolve_block, strength_dice
from .block import totals as block_totals
from .dice import DICE_EXPRESSIONS, dice_total, normalise_dice
from .fields import REQUIRED, Reader, describe
from .geometry import band_modifiers, interception_squares, pass_band, range_map
from .passing import PassAction, resolve_pass
from .passing import totals as pass_totals
from .notation import format_chain, parse_chain
from .dave import translate as dave_translate
from .rerolls import LONER_READINGS, STAR_RULES, check_reading, reroll_rules
from .rolls import (BELOW_ONE_READINGS, FAILURE, FUMBLE, PASS_READINGS, SUCCESS, WILD, D6Test, characteristic_test,
                    check_below_one_reading, check_pass_reading,
                    test_from_rules)
from .rules import RollSpec, RuleBook
from .weather import NO_WEATHER, move_faces, weather_keys, weather_modifiers

__all__ = ["KINDS", "handle", "handle_json", "prob"]

#: the modifier group of the weather: its first choice changes nothing, and is the default
WEATHER = "weather"
RESERVED = frozenset({"kind", "edition", "action", "reroll", "ag", "pa"})


def prob(p: Fraction) -> dict[str, Any]:
    """Return the JSON form of probability ``p``: ``{"exact": "n/d", "float": n/d}``."""
    return {"exact": str(p), "float": float(p)}


def probs(dist: Mapping[str, Fraction]) -> dict[str, Any]:
    """Return ``{outcome: prob(p)}``."""
    return {k: prob(v) for k, v in dist.items()}


# ---------------------------------------------------------------- agility / test


def _find_roll(rules: RuleBook, action: str, edition: str) -> RollSpec:
    spec = rules.roll_of(action, edition)
    if spec is not None:
        return spec
    actions = sorted({s.slug.rsplit("-", 1)[0] for s in rules.rolls.values() if edition in s.editions})
    raise CalcError("action", f"action must be one of {', '.join(actions) or '(none)'} for {edition}, got {action!r}", actions, reason="choice")


def _actions(rules: RuleBook, edition: str) -> list[str]:
    return sorted({s.slug.rsplit("-", 1)[0] for s in rules.rolls.values() if edition in s.editions})


def _characteristic_field(rules: RuleBook, spec: RollSpec, action: str) -> tuple[str, int, int] | None:
    """The characteristic field (name, low, high) of a roll, or None for a fixed N+ (the Rush)."""
    if spec.fixed is not None:
        return None
    table = rules.table_for(spec)
    if table is None:
        # the data names the characteristic; older rules without it: PA for a pass, AG otherwise
        return (spec.characteristic or ("pa" if action == "pass" else "ag")), 1, 6
    lo, hi = table.values
    return table.characteristic, lo, hi


def _roll_fields(rules: RuleBook, spec: RollSpec, action: str, edition: str) -> list[dict[str, Any]]:
    char = _characteristic_field(rules, spec, action)
    out: list[dict[str, Any]] = [{"name": char[0], "type": "int", "allowed": [char[1], char[2]], "default": None,
                                  "required": True}] if char else []
    for group, mods in spec.groups().items():
        weather = group == WEATHER  # the weather that changes nothing unless told (see the module docstring)
        out.append({"name": group, "type": "choice", "allowed": [m.key for m in mods],
                    "default": mods[0].key if weather else None, "required": not weather})
    for count in spec.counts():
        out.append({"name": count, "type": "int", "allowed": [0, 8], "default": 0, "required": False})
    for skill in spec.skills():
        out.append({"name": _skill_field(skill), "type": "bool", "allowed": [True, False], "default": False,
                    "required": False})
    for f in out[1 if char else 0:]:
        if f["name"] in RESERVED:
            raise CalcError("rules", f"roll {spec.slug} uses the reserved field name {f['name']!r}", reason="rules")
    if not spec.no_reroll:  # a roll nothing may re-roll (a KO recovery) has no re-roll box
        out.append({"name": "reroll", "type": "bool", "allowed": [True, False], "default": False, "required": False})
    return out


def _skill_field(skill: str, who: str = "") -> str:
    """The boolean field of a skill that changes a roll (``nerves-of-steel`` -> ``nerves_of_steel``, with
    ``<who>_`` before it for the pass request's players)."""
    return (f"{who}_" if who else "") + skill.replace("-", "_")


def _read_skills(rd: Reader, spec: RollSpec, who: str = "") -> list[str]:
    """The skills of ``spec.skills()`` the request ticks (boolean fields, default false)."""
    return [skill for skill in spec.skills() if rd.bool(_skill_field(skill, who), False)]


def _test_result(test: D6Test, reroll: bool, pass_like: bool, wild: bool) -> dict[str, Any]:
    keys = [SUCCESS, FAILURE] + ([WILD] if wild else []) + ([FUMBLE] if pass_like or test.natural_one == "fumble" else [])
    base = test.distribution()
    rr = test.with_reroll()
    need = test.needed()

    def full(d: Mapping[str, Fraction]) -> dict[str, Fraction]:
        return {k: d.get(k, Fraction(0)) for k in keys}

    without, with_ = probs(full(base)), probs(full(rr))
    return {
        "target": test.target,
        "modifier_total": test.modifier,
        "needed": need.face,
        "needed_label": need.label(),
        "natural_six_only": need.natural_six_only,
        "impossible": need.impossible,
        "without_reroll": without,
        "with_reroll": with_,
        "probabilities": with_ if reroll else without,
    }


def _reader_needing_rules(req: Mapping[str, Any], rules: RuleBook | None) -> tuple[Reader, str]:
    """The request reader and its edition, for kinds that need the rules exported from data/.

    Raises:
        CalcError: on field ``rules`` when no rules were given.
    """
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    if rules is None:
        raise CalcError("rules", "this request kind needs the rules data exported from data/", reason="rules")
    return rd, edition


def _bb2025_pass_reading(rd: Reader, edition: str, is_pass: bool, field: str, readings: tuple[str, ...],
                         check: Callable[[str, Any], Any]) -> str | None:
    """Read ``field``, the reading of a disputed BB2025 pass rule (``readings``, the first the default): a
    BB2025 pass has it, any other roll or edition must not (None there).

    Raises:
        CalcError: on ``field`` when it is given where it does not apply (``check(edition, value)`` raises,
        naming the edition) or is not one of ``readings``.
    """
    if is_pass and family(edition) == "bb2025":
        return rd.choice(field, readings, readings[0])
    if rd.given(field):
        if not is_pass:
            raise CalcError(field, f"{field} applies to BB2025 passes only", None, reason="bb2025-only")
        check(edition, rd.request[field])
    return None


def _pass_reading(rd: Reader, edition: str, is_pass: bool) -> str | None:
    """``pass_reading``: a BB2025 pass's reading of a modified 1 that reaches the PA (None elsewhere)."""
    return _bb2025_pass_reading(rd, edition, is_pass, "pass_reading", PASS_READINGS, check_pass_reading)


def _below_one_reading(rd: Reader, edition: str, is_pass: bool) -> str | None:
    """``below_one_reading``: a BB2025 pass's reading of a total of 0 or less (None elsewhere)."""
    return _bb2025_pass_reading(rd, edition, is_pass, "below_one_reading", BELOW_ONE_READINGS,
                                check_below_one_reading)


def _agility(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, edition = _reader_needing_rules(req, rules)
    action = rd.str("action", max_len=40)
    spec = _find_roll(rules, action, edition)
    _roll_fields(rules, spec, action, edition)  # rejects data whose field names clash with ours
    char = _characteristic_field(rules, spec, action)
    table = rules.table_for(spec)
    value = None
    if char is not None:
        name, lo, hi = char
        rd.context = f" ({edition} {action}" + (f"; {hi} means {hi} or more)" if table and table.rows[-1].or_more else ")")
        value = rd.int(name, lo, hi)
    choices = {g: rd.choice(g, [m.key for m in ms], ms[0].key if g == WEATHER else REQUIRED)
               for g, ms in spec.groups().items()}
    counts = {c: rd.int(c, 0, 8, 0) for c in spec.counts()}
    skills = _read_skills(rd, spec)
    reroll = False if spec.no_reroll else rd.bool("reroll", False)  # then a "reroll" field is an unknown one
    pass_reading = _pass_reading(rd, edition, spec.slug.startswith("pass-"))
    below_one = _below_one_reading(rd, edition, spec.slug.startswith("pass-"))
    rd.finish()
    test, applied = test_from_rules(rules, spec.slug, value, choices, counts, edition, pass_reading, below_one, skills)
    out = {"roll": spec.slug, "edition": edition}
    if pass_reading is not None:
        out["pass_reading"] = pass_reading
    if below_one is not None:
        out["below_one_reading"] = below_one
    out.update(_test_result(test, reroll, spec.slug.startswith("pass-"), test.wild_at_or_below is not None))
    out["modifiers"] = [{"key": k, "value": v} for k, v in applied]
    return out


def _test(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    target = rd.int("target", 2, 6)
    modifier = rd.int("modifier", -10, 10, 0)
    pass_roll = rd.bool("pass", False)
    reroll = rd.bool("reroll", False)
    rd.finish()
    test = characteristic_test(edition, target, modifier, pass_roll=pass_roll)
    out = {"edition": edition}
    out.update(_test_result(test, reroll, pass_roll, pass_roll and family(edition) == "bb2020"))
    return out


def _fields(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, edition = _reader_needing_rules(req, rules)
    action = rd.choice("action", _actions(rules, edition))
    rd.finish()
    spec = _find_roll(rules, action, edition)
    _roll_fields(rules, spec, action, edition)  # rejects data whose field names clash with ours
    fields = describe(_agility, {"kind": "agility", "edition": edition, "action": action}, rules)
    return {"roll": spec.slug, "fields": [f for f in fields if f["name"] not in ("edition", "action")]}


def _chain(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    text = rd.str("chain", max_len=200, example="D3,R2,P3")
    reading = None
    if family(edition) == "bb2025":
        reading = rd.choice("reading", LONER_READINGS, LONER_READINGS[0])
    elif rd.given("reading"):
        check_reading(edition, req["reading"])  # raises: a clear error rather than "unknown field"
    k_given = rd.int("max_team_rerolls", 0, 8, None)
    # the weather needs each roll's data; without rules only the weather that changes nothing is known
    weather = rd.choice("weather", weather_keys(rules, edition) if rules is not None else [NO_WEATHER], NO_WEATHER)
    rd.finish()
    parsed = parse_chain(text, edition, reading)
    default_max = parsed.team_rerolls if parsed.team_rerolls is not None else 3
    k_max = k_given if k_given is not None else max(default_max, parsed.team_rerolls or 0)
    weathered = weather_modifiers(rules, edition, weather) if weather != NO_WEATHER else {}
    chain = with_injury_tables(move_faces(parsed.chain, weathered), rules)
    rr = reroll_rules(edition, reading)
    rows = summary(chain, max(k_max, parsed.team_rerolls or 0))
    by = []
    for r in rows:
        row: dict[str, Any] = {"team_rerolls": r.team_rerolls, "success": prob(r.success)}
        if r.sent_off is not None:
            row["sent_off"] = prob(r.sent_off)
        row["policy"] = list(r.policy)
        by.append(row)
    at = rows[parsed.team_rerolls or 0]
    out: dict[str, Any] = {"notation": format_chain(parsed.chain, parsed.team_rerolls), "edition": edition}
    if reading is not None:
        out["reading"] = reading
    out["weather"] = weather
    if chain != parsed.chain:  # the weather moved some face: the rolls as computed
        out["weathered"] = format_chain(chain, parsed.team_rerolls)
    linked = step_singles(chain)
    singles = {id(s): linked[j] for j, (_, s) in enumerate(walk(chain.steps)) if j in linked}
    steps = [_chain_step(s, edition, weathered, singles) for s in chain.steps]
    out.update({
        "steps": steps,
        "players": [{"pro": p.pro, "loner": p.loner, **{f: True for f in STAR_RULES if getattr(p, f)}}
                    for p in chain.players],
        "team_reroll_on_pro_roll": rr.team_reroll_on_pro_roll,
        "team_reroll_on_loner_roll": rr.team_reroll_on_loner_roll,
        "team_rerolls": parsed.team_rerolls,
        "by_team_rerolls": by[: k_max + 1],
        "success": prob(at.success),
    })
    if at.sent_off is not None:
        out["sent_off"] = prob(at.sent_off)
    return out


def _dave(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    text = rd.str("dave", max_len=200, example="D:D3,2D2;C3")
    k = rd.int("team_rerolls", 0, 8, 1)
    given = rd.given("reading")
    reading = rd.choice("reading", LONER_READINGS, LONER_READINGS[0])
    rd.finish()
    t = dave_translate(text, k)
    chain_req = {"kind": "chain", "chain": t.notation, "edition": t.edition}
    if given or t.edition == "bb2025":  # a reading given for a BB2020 sequence is refused by the chain kind
        chain_req["reading"] = reading
    out = _chain(chain_req, rules)
    return {"dave": text, **out}


def _chain_step(s: Step | BlockStep | ArmourStep | InjuryStep | Dauntless | Alternatives, edition: str,
                weathered: Mapping[str, int], singles: Mapping[int, Fraction]) -> dict[str, Any]:
    """A chain step as the ``chain`` result lists it (see the module docstring); branches nest. ``weathered``:
    the weather's modifier by D6 kind (:func:`calculators.weather.weather_modifiers`), named on each step it moved;
    ``singles``: by ``id`` of an injury step after its armour roll, its ``single``
    (:func:`calculators.chain.step_singles`)."""
    def steps(branch: tuple) -> list[dict[str, Any]]:
        return [_chain_step(t, edition, weathered, singles) for t in branch]

    if isinstance(s, Alternatives):
        out = {"kind": "alternatives", "options": [{"weight": prob(w), "steps": steps(b)} for w, b in s.options]}
        if s.player is not None:  # the group opens that player (its steps and the main line after are theirs)
            out["player"] = s.player
        return out
    if isinstance(s, Dauntless):
        out = {"kind": "dauntless", "target": s.target, "player": s.player, "single": prob(s.p()),
               "success": steps(s.success), "failure": steps(s.failure)}
        if s.no_reroll:
            out["no_reroll"] = True
        return out
    if isinstance(s, BlockStep):
        out = {"kind": "block", "dice": abs(s.dice), "chooser": "defender" if s.dice < 0 else "attacker",
               "attacker": [k for k in BLOCK_ATTACKER if k in s.attacker],
               "defender": [k for k in BLOCK_DEFENDER if k in s.defender], "goal": s.goal, "player": s.player,
               "single": prob(s.single(edition))}
        if s.no_reroll:
            out["no_reroll"] = True
        if s.branch is not None:
            out["branch"] = steps(s.branch)
        return out
    if isinstance(s, ArmourStep):
        out: dict[str, Any] = {"kind": s.kind, "av": s.av, "modifier": s.modifier}
        if s.foul:
            out.update({"dirty_player": int(s.dirty_player), "sneaky_git": s.sneaky_git, "lone_fouler": s.lone_fouler})
        else:
            out.update({"mighty_blow": int(s.mighty_blow), "claws": s.claws, "stab": s.stab, "piling_on": s.piling_on})
        out.update({"chainsaw": s.chainsaw, "iron_hard_skin": s.iron_hard_skin, "player": s.player,
                    "single": prob(s.single(edition))})
        if s.foul:
            o = s.outcomes(edition)
            out["sent_off"] = prob(o["break_sent_off"] + o["hold_sent_off"])
        return out
    if isinstance(s, InjuryStep):
        return {"kind": "injury", "need": s.need, "modifier": s.modifier, "stunty": s.stunty,
                "thick_skull": s.thick_skull, "player": s.player,
                "single": prob(singles.get(id(s), s.single(edition)))}
    out = {"kind": s.kind, "target": s.target, "skill": s.skill, "player": s.player, "single": prob(s.p())}
    if weathered.get(s.kind):
        out["weather_modifier"] = weathered[s.kind]
    if s.partial is not None:
        out.update({"partial": s.partial, "branch": steps(s.branch)})
    if s.success:
        out["success"] = steps(s.success)
    if s.no_reroll:
        out["no_reroll"] = True
    if s.diving_tackle:
        out["diving_tackle"] = True
    if s.kind == "dodge":
        out["break_tackle"] = s.break_tackle
    return out


def _needed(test: D6Test) -> int | None:
    return test.needed().face


def _player_roll(rd: Reader, rules: RuleBook, action: str, edition: str, who: str, choices: dict[str, str],
                 required: bool) -> D6Test | None:
    """Read ``<who>_ag`` and ``<who>_<count>`` and build the player's test, or None when absent."""
    spec = _find_roll(rules, action, edition)
    name, lo, hi = _characteristic_field(rules, spec, action)
    field = f"{who}_{name}" if who else name
    value = rd.int(field, lo, hi, REQUIRED if required else None)
    # Groups the caller does not fix (e.g. BB2020's flat "marked" for an interceptor) are this player's
    # own inputs, `<who>_<group>`, defaulting to the group's first choice.
    own = {g: ms for g, ms in spec.groups().items() if g not in choices}
    if value is None:
        for name_ in [*spec.counts(), *own, *map(_skill_field, spec.skills())]:
            rd.read.add(f"{who}_{name_}")
        return None
    counts = {c: rd.int(f"{who}_{c}", 0, 8, 0) for c in spec.counts()}
    choices = {**choices, **{g: rd.choice(f"{who}_{g}", [m.key for m in ms], ms[0].key) for g, ms in own.items()}}
    skills = _read_skills(rd, spec, who)
    test, _ = test_from_rules(rules, spec.slug, value, choices, counts, edition, skills=skills)
    return test


def _weather_keys(*specs: RollSpec) -> list[str]:
    """The keys of the rolls' ``weather`` groups, each once, in the order first met."""
    return list(dict.fromkeys(m.key for s in specs for m in s.groups().get(WEATHER, ())))


def _weather_for(spec: RollSpec, weather: str | None) -> dict[str, str]:
    """The ``weather`` choice of one roll for the action's weather: its own key, else its first choice."""
    mods = spec.groups().get(WEATHER)
    if not mods:
        return {}
    keys = [m.key for m in mods]
    return {WEATHER: weather if weather in keys else keys[0]}


def _pass(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, edition = _reader_needing_rules(req, rules)
    rd.context = f" ({edition} pass)"
    spec = _find_roll(rules, "pass", edition)
    name, lo, hi = _characteristic_field(rules, spec, "pass")
    value = rd.int(name, lo, hi)
    catch_spec = _find_roll(rules, "catch", edition)
    ispec = _find_roll(rules, "interception", edition)
    choices = {g: rd.choice(g, [m.key for m in ms]) for g, ms in spec.groups().items() if g != WEATHER}
    # The weather is the game's, not one player's: one field for the three rolls (see the module docstring).
    weathers = _weather_keys(spec, catch_spec, ispec)
    weather = rd.choice(WEATHER, weathers, weathers[0]) if weathers else None
    choices.update(_weather_for(spec, weather))
    counts = {c: rd.int(f"thrower_{c}", 0, 8, 0) for c in spec.counts()}
    thrower_skills = _read_skills(rd, spec, "thrower")
    pass_reading = _pass_reading(rd, edition, True)
    below_one = _below_one_reading(rd, edition, True)
    test, _ = test_from_rules(rules, spec.slug, value, choices, counts, edition, skills=thrower_skills)
    fam = family(edition)
    pass_test = characteristic_test(edition, test.target, test.modifier, pass_roll=True, pass_reading=pass_reading,
                                    below_one_reading=below_one)
    delivery = [m.key for m in catch_spec.groups().get("delivery", ())]
    catch_weather = _weather_for(catch_spec, weather)
    catch_choice = {**({"delivery": "accurate"} if "accurate" in delivery else {}), **catch_weather}
    receiver = _player_roll(rd, rules, "catch", edition, "receiver", catch_choice, False)
    intercept_needed: dict[str, int] | None = None
    deflection = None
    if rd.given("interceptor_ag") or rd.describing:
        _, ilo, ihi = _characteristic_field(rules, ispec, "interception")
        rd.int("interceptor_ag", ilo, ihi, None)  # optional: absent = no interceptor
        qualities = [m.key for m in ispec.groups().get("delivery", ())]
        intercept_needed = {}
        if qualities:
            for q in qualities:
                t = _player_roll(rd, rules, "interception", edition, "interceptor",
                                 {"delivery": q, **_weather_for(ispec, weather)}, True)
                intercept_needed[q.replace("-", "_")] = _needed(t)
        else:
            t = _player_roll(rd, rules, "interception", edition, "interceptor", _weather_for(ispec, weather), True)
            intercept_needed["any"] = _needed(t)
        if fam == "bb2020" and not rd.describing:
            if "deflection" not in delivery:
                raise CalcError("rules", "BB2020 deflections need a 'deflection' key in the catch roll's delivery group", reason="rules")
            ag = rd.int("interceptor_ag", 1, 6)
            deflection = _needed(test_from_rules(rules, catch_spec.slug, ag, {"delivery": "deflection", **catch_weather},
                                                 {}, edition)[0])
    else:
        # No interceptor: its other fields may be sent and are ignored, as for an absent receiver.
        for name_ in [*ispec.counts(), *(g for g in ispec.groups() if g not in ("delivery", WEATHER)),
                      *map(_skill_field, ispec.skills())]:
            rd.read.add(f"interceptor_{name_}")
    pass_skill = rd.bool("pass_skill", False)
    safe = rd.bool("safe", False)
    catch_skill = rd.bool("catch_skill", False)
    team_rerolls = rd.int("team_rerolls", 0, 8, 0)
    rd.finish()
    safe_needed = None
    if fam == "classic" and safe:
        safe_needed = max(2, rules.table_for(spec).target_for(value)) if rules.table_for(spec) else value
    action = PassAction(edition, pass_test, _needed(receiver) if receiver else None, intercept_needed, deflection,
                        pass_skill, safe, safe_needed, catch_skill, team_rerolls)
    dist = resolve_pass(action)
    return {
        "edition": edition,
        **({"pass_reading": pass_reading} if pass_reading is not None else {}),
        **({"below_one_reading": below_one} if below_one is not None else {}),
        "outcomes": probs(dist),
        "totals": probs(pass_totals(dist)),
        "pass_needed": pass_test.needed().label(),
        "catch_needed": action.catch_needed,
        "intercept_needed": intercept_needed,
    }


def _injury_reader(rd: Reader, rules: RuleBook | None = None, edition: str = "classic") -> InjuryTable:
    """The victim's injury table: the data's, per edition and Stunty / Thick Skull (:func:`calculators.injury.injury_table`)."""
    return injury_table(rules, edition, rd.bool("stunty", False), rd.bool("thick_skull", False))


def _skill_value(rd: Reader, edition: str, field: str) -> int:
    """The X of Mighty Blow (+X) or Dirty Player (+X) given the skill: field ``<field>_value``, read only in an
    edition that allows more than +1 (:data:`calculators.armour.SKILL_VALUES`); elsewhere 1, and the field given
    anyway is refused (reason ``skill-value``) rather than called unknown."""
    top = SKILL_VALUES[field][family(edition)]
    name = f"{field}_value"
    if top > 1:
        value = rd.int(name, 1, top, 1)
        rd.only_with(name, field)
        return value
    if rd.given(name):
        value = rd.request[name]
        if value != 1 or isinstance(value, bool):
            raise CalcError(name, f"{name} must be 1 in {edition} (+1 only), got {value!r}", [1, 1],
                            reason="skill-value")
        rd.read.add(name)
    return 1


def _iron_hard_skin(rd: Reader, edition: str) -> bool:
    """The target's Iron Hard Skin: read in BB2020 and BB2025; given in classic it is refused (``edition-skill``)."""
    if family(edition) != "classic":
        return rd.bool("iron_hard_skin", False)
    if rd.given("iron_hard_skin") and rd.request["iron_hard_skin"] is not False:
        raise CalcError("iron_hard_skin", f"Iron Hard Skin exists in BB2020 and BB2025 only, not {edition}", [False],
                        reason="edition-skill")
    rd.read.add("iron_hard_skin")
    return False


def _edition_and_av(rd: Reader) -> tuple[str, int]:
    """Read ``edition`` and the target's ``av``: classic AV 3..12 (the roll must exceed it), BB2020+ AV
    3+..13+ (the roll must reach it)."""
    edition = rd.choice("edition", EDITIONS, "classic")
    rd.context = f" ({edition})"
    hi = 12 if mechanics(edition).armour_rule == "exceeds" else 13
    return edition, rd.int("av", 3, hi)


def _armour(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition, av = _edition_and_av(rd)
    am = rd.int("armour_modifier", -5, 5, 0)
    im = rd.int("injury_modifier", -5, 5, 0)
    mb = rd.bool("mighty_blow", False)
    mb = _skill_value(rd, edition, "mighty_blow") if mb else (_skill_value(rd, edition, "mighty_blow") and 0)
    claws = rd.bool("claws", False)
    claws_reading = None
    if family(edition) == "classic":  # the disputed classic Claw + Mighty Blow (BB2020+ has no dispute)
        claws_reading = rd.choice("claws_reading", CLAWS_READINGS, CLAWS_READINGS[0])
        rd.only_with("claws_reading", "claws")  # with Claws any modifier (Mighty Blow or another) tells them apart
    elif rd.given("claws_reading"):
        check_claws_reading(edition, rd.request["claws_reading"])  # raises: a clear error, not "unknown field"
    ihs = _iron_hard_skin(rd, edition)
    table = _injury_reader(rd, rules, edition)
    rd.finish()
    out = armour_injury(edition, av, am, im, mighty_blow=mb, claws=claws, claws_reading=claws_reading, table=table,
                        iron_hard_skin=ihs)
    if rules is not None and any(slug.startswith("casualty-") for slug in rules.tables):
        data_table = rules.dice_table("casualty", edition)  # the data's table, as the casualty kind reads it
        cas = grouped(data_table, table_roll(data_table))
    else:
        cas = casualty(edition)
    answer = {"edition": edition, "outcomes": probs(out), "armour_broken": prob(1 - out["no_break"]),
              "casualty": probs({k: out["casualty"] * v for k, v in cas.items()})}
    if claws_reading is not None and claws:  # the reading is named where it was used
        answer["claws_reading"] = claws_reading
    return answer


def _foul(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition, av = _edition_and_av(rd)
    assists = rd.int("assists", -8, 8, 0)
    dp = rd.bool("dirty_player", False)
    dp = _skill_value(rd, edition, "dirty_player") if dp else (_skill_value(rd, edition, "dirty_player") and 0)
    sg = rd.bool("sneaky_git", False)
    lf = False
    if family(edition) == "bb2025":
        lf = rd.bool("lone_fouler", False)
    elif rd.given("lone_fouler"):
        check_lone_fouler(edition, rd.request["lone_fouler"], 0)  # raises: a clear error, not "unknown field"
    ihs = _iron_hard_skin(rd, edition)
    table = _injury_reader(rd, rules, edition)
    rd.finish()
    out, sent = foul(edition, av, assists, dirty_player=dp, sneaky_git=sg, table=table, lone_fouler=lf,
                     iron_hard_skin=ihs)
    return {"edition": edition, "outcomes": probs(out), "armour_broken": prob(1 - out["no_break"]), "sent_off": prob(sent)}


def _kick(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    kick = rd.bool("kick", False)
    receiving = rd.choice("receiving", ["right", "left"], "right")
    bounce = rd.bool("bounce", False)
    whole = rd.bool("map", False)
    if whole:
        rd.finish()
        m = landing_map(edition, kick, receiving, bounce)
        return {"edition": edition, "map": [{"square": list(sq), "touchback": prob(p)} for sq, p in m.items()]}
    target = rd.square("target")
    rd.finish()
    k = kick_off(target, edition, kick, receiving, bounce)
    landing = [{"square": sq if sq == "out" else list(sq), "p": prob(p)}
               for sq, p in sorted(k.landing.items(), key=lambda kv: (kv[0] == "out", str(kv[0])))]
    return {"edition": edition, "touchback": prob(k.touchback), "landing": landing}


def _casualty(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd, edition = _reader_needing_rules(req, rules)
    rd.context = f" ({edition})"
    niggling = 0 if family(edition) == "classic" else rd.int("niggling", 0, MAX_NIGGLING, 0)
    rd.finish()
    c = casualty_roll(rules, edition, niggling)

    def rows(table, by_key):
        return [{"key": r.key, "roll": [r.low, r.high], "outcome": r.outcome.replace("-", "_"), "p": prob(by_key[r.key])}
                for r in table.rows]

    return {
        "edition": edition, "table": c.table.slug, "dice": c.table.dice, "niggling": niggling,
        "rows": rows(c.table, c.rows), "outcomes": probs(c.outcomes), "characteristics": probs(c.characteristics),
        "lasting_injury": None if c.lasting is None else {"table": c.lasting.slug,
                                                          "rows": rows(c.lasting, c.lasting_rows)},
    }


def _landing(dist: Mapping[Any, Fraction], start: tuple[int, int]) -> dict[str, Any]:
    """The ``landing``, ``out`` and ``distance`` of a ``scatter`` or ``deviate`` result."""
    landing = [{"square": sq if sq == "out" else list(sq), "p": prob(p)}
               for sq, p in sorted(dist.items(), key=lambda kv: (kv[0] == "out", str(kv[0])))]
    distance: dict[int, Fraction] = {}
    for sq, p in dist.items():
        if sq != "out":
            d = max(abs(sq[0] - start[0]), abs(sq[1] - start[1]))
            distance[d] = distance.get(d, Fraction(0)) + p
    return {"landing": landing, "out": prob(dist.get("out", Fraction(0))),
            "distance": {str(d): prob(distance[d]) for d in sorted(distance)}}


def _scatter(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    square = rd.square("square")
    n = rd.int("n", 1, 6, 1)
    rd.finish()
    return {"square": list(square), "n": n, **_landing(scatter(square, n), square)}


def _deviate(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    rd.context = f" ({edition})"
    square = rd.square("square")
    kick = rd.bool("kick", False)
    rd.finish()
    return {"edition": edition, "square": list(square), "kick": kick,
            **_landing(deviate(square, edition, kick), square)}


def _dice_total(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    expr = rd.choice("dice", DICE_EXPRESSIONS, normalise=normalise_dice)
    rd.finish()
    dist = dice_total(expr)
    at_least: dict[str, Any] = {}
    acc = Fraction(0)
    for total in sorted(dist, reverse=True):
        acc += dist[total]
        at_least[str(total)] = acc
    return {
        "dice": expr,
        "min": min(dist),
        "max": max(dist),
        "distribution": {str(t): prob(p) for t, p in dist.items()},
        "at_least": {t: prob(at_least[t]) for t in (str(x) for x in sorted(dist))},
        "mean": prob(sum((t * p for t, p in dist.items()), Fraction(0))),
    }


_BLOCK_ATTACKER = ("block", "wrestle", "tackle", "juggernaut", "frenzy", "pro")
_STRENGTH_FIELDS = ("attacker_st", "defender_st", "attacker_assists", "defender_assists")


def _block(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    rd.context = f" ({edition})"
    att_st = rd.int("attacker_st", 1, 10, 3)
    def_st = rd.int("defender_st", 1, 10, 3)
    att_as = rd.int("attacker_assists", 0, 8, 0)
    def_as = rd.int("defender_assists", 0, 8, 0)
    dice = rd.choice("dice", [1, 2, 3, -2, -3], None)
    blitz = rd.bool("blitz", False)
    att_skills = list(_BLOCK_ATTACKER) + ([] if family(edition) == "classic" else ["brawler"])
    attacker = frozenset(k for k in att_skills if rd.bool(f"attacker_{k}", False))
    dauntless = rd.bool("attacker_dauntless", False)
    horns = rd.bool("attacker_horns", False)
    defender = frozenset(k for k in DEFENDER_SKILLS if rd.bool(f"defender_{k}", False))
    team = rd.int("team_rerolls", 0, 8, 0)
    goal = rd.choice("goal", list(GOALS), "knock_down")
    rd.finish()
    if rd.given("dice"):
        for f in _STRENGTH_FIELDS:
            if rd.given(f):
                raise CalcError(f, f"give either dice or the strengths and assists, not both ({f} and dice){rd.context}", reason="dice-or-strengths")
        for f, on in (("attacker_dauntless", dauntless), ("attacker_horns", horns)):
            if on:
                raise CalcError(f, f"{f} changes the strengths: give attacker_st and defender_st instead of dice"
                                f"{rd.context}", [False], reason="dice-or-strengths")
    strength = roll = None
    if not rd.given("dice"):
        s = strength_dice(edition, att_st, def_st, att_as, def_as, horns=horns and blitz, dauntless=dauntless)
        dice, roll = s.dice, s.dauntless
        strength = {"attacker": s.attacker, "defender": s.defender}
    dist = resolve_block(Block(edition, dice, blitz, attacker, defender, team, goal,
                               roll.needed if roll else None, roll.dice if roll else None))
    chooser = lambda n: "defender" if n < 0 else "attacker"  # noqa: E731
    return {
        "edition": edition,
        "dice": abs(dice),
        "chooser": chooser(dice),
        "strength": strength,
        "dauntless": None if roll is None else {
            "needed": f"{roll.needed}+" if roll.needed <= 6 else "impossible", "single": prob(roll.chance),
            "dice": abs(roll.dice), "chooser": chooser(roll.dice),
            "strength": {"attacker": roll.attacker, "defender": strength["defender"]}},
        "push_effect": push_effect(attacker, defender, blitz),
        "goal": goal,
        "outcomes": probs(dist),
        "totals": probs(block_totals(dist)),
    }


def _range_modifiers(rules: RuleBook | None, edition: str) -> tuple[dict[str, int], str]:
    if rules is not None:
        try:
            spec = _find_roll(rules, "pass", edition)
        except CalcError:
            spec = None
        group = spec.groups().get("range") if spec else None
        if group:
            return band_modifiers(edition, {m.key: m.value for m in group}), "rules"
    return band_modifiers(edition), "default"


def _range(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    rd.context = f" ({edition})"
    thrower = rd.square("thrower")
    whole = rd.bool("map", False)
    modifiers, source = _range_modifiers(rules, edition)
    if whole:
        rd.finish()
        m = range_map(thrower, edition)
        return {"edition": edition, "thrower": list(thrower), "modifiers": modifiers, "modifier_source": source,
                "map": [{"square": list(sq), "band": b} for sq, b in m.items()]}
    target = rd.square("target")
    landing = rd.square("landing", None) if family(edition) != "classic" else None
    rd.finish()
    band = pass_band(thrower, target, edition)
    end = landing if landing is not None else target
    squares = [] if band == "out_of_range" or end == thrower else interception_squares(thrower, end)
    return {
        "edition": edition,
        "thrower": list(thrower),
        "target": list(target),
        "dx": abs(target[0] - thrower[0]),
        "dy": abs(target[1] - thrower[1]),
        "band": band,
        "modifier": modifiers.get(band),
        "modifiers": modifiers,
        "modifier_source": source,
        "ruler_end": list(end),
        "interception_squares": [list(sq) for sq in squares],
    }


def _throw_in(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    edition = rd.choice("edition", EDITIONS, "classic")
    rd.context = f" ({edition})"
    square = rd.square("square")
    rd.finish()
    t = throw_in(square, edition)
    landing = [{"square": list(sq), "p": prob(p)} for sq, p in sorted(t.landing.items())]
    return {"edition": edition, "square": list(square), "landing": landing, "out_again": prob(t.out_again),
            "rethrows": prob(t.rethrows)}


def _form(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    target = rd.choice("for", [k for k in KINDS if k != "form"])  # a form's own fields are no calculator
    given = {k: v for k, v in req.items() if k not in ("kind", "for")}
    rd.read.update(given)  # the described kind checks them
    rd.finish()
    fields = describe(KINDS[target], {"kind": target, **given}, rules)
    return {"for": target, "given": given, "fields": fields}


Handler = Callable[[Mapping[str, Any], "RuleBook | None"], dict[str, Any]]

KINDS: dict[str, Handler] = {
    "agility": _agility,
    "test": _test,
    "chain": _chain,
    "dave": _dave,
    "pass": _pass,
    "armour": _armour,
    "foul": _foul,
    "kick": _kick,
    "fields": _fields,
    "dice-total": _dice_total,
    "block": _block,
    "range": _range,
    "throw-in": _throw_in,
    "casualty": _casualty,
    "scatter": _scatter,
    "deviate": _deviate,
    "form": _form,
}


# ---------------------------------------------------------------- entry points


def _rulebook(rules: dict | RuleBook | None) -> RuleBook | None:
    if rules is None or isinstance(rules, RuleBook):
        return rules
    try:
        return RuleBook.from_dict(rules)
    except CalcError:
        raise
    except (Exception, RecursionError) as e:  # noqa: BLE001  (a shape no check foresaw)
        raise CalcError("rules", f"the rules do not have the expected shape ({type(e).__name__})", reason="rules") from None


#: the longest request ``handle_json`` reads, in characters (a real request has a few hundred)
MAX_REQUEST_CHARS = 100_000
#: the deepest nesting of lists and objects ``handle_json`` reads (a real request has 2: a square)
MAX_DEPTH = 20
_SURROGATE = re.compile("[\ud800-\udfff]")


def _internal(e: BaseException, rules_given: bool) -> CalcError:
    """The error answered for an exception no check foresaw (a bug, or rules data of an unforeseen shape)."""
    what = "the rules given or the calculator" if rules_given else "the calculator"
    return CalcError("rules" if rules_given else "request",
                     f"{what} could not answer this request ({type(e).__name__})", None, reason="internal")


def handle(request: dict, rules: dict | RuleBook | None = None) -> dict:
    """Answer one calculator request (kinds and fields in the module docstring).

    Args:
        request: ``{"kind": ..., <fields>}``.
        rules: the exported rules dict, an already built RuleBook, or None.

    Returns:
        ``{"ok": true, "kind", "result"}`` or ``{"ok": false, "error": {"field", "message", "allowed"}}``
        (plus ``details`` for some errors).  Never raises, whatever the request and the rules:
        invalid rules data is reported with a ``rules.…`` field; an exception no check foresaw
        (a bug) with field ``request`` (or ``rules`` when rules were given) and ``details``
        ``{"reason": "internal"}``.  Every text in the answer is valid Unicode (a lone surrogate
        of the request is replaced by U+FFFD) and every number finite, so the answer is strict JSON.
    """
    try:
        try:
            if not isinstance(request, dict):
                raise CalcError("request", f"the request must be an object, got {type(request).__name__}", reason="request")
            kind = request.get("kind")
            if not (isinstance(kind, str) and kind in KINDS):
                raise CalcError("kind", f"kind must be one of {', '.join(KINDS)}, got {shown(kind)}", list(KINDS), reason="choice")
            book = _rulebook(rules)
            answer = {"ok": True, "kind": kind, "result": KINDS[kind](request, book)}
        except CalcError as e:
            answer = {"ok": False, "error": e.as_dict()}
        return _strict(answer)
    except (Exception, RecursionError, MemoryError) as e:  # noqa: BLE001  (the contract: never raise)
        return {"ok": False, "error": _internal(e, rules is not None).as_dict()}


def _strict(value: Any, depth: int = 0) -> Any:
    """``value`` (an answer) made strict JSON: lone surrogates replaced, non-finite floats refused.

    Raises:
        ValueError: on a float that is not finite, or a value JSON cannot hold (a bug: ``handle``
        answers it as an internal error).
    """
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("a number in the answer is not finite")
        return value
    if depth > MAX_DEPTH:
        raise ValueError("the answer is nested too deeply")
    if isinstance(value, dict):
        return {_strict(k, depth + 1) if isinstance(k, str) else k: _strict(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_strict(v, depth + 1) for v in value]
    raise ValueError(f"the answer holds a {type(value).__name__}")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _too_deep(text: str) -> bool:
    """True if ``text`` (JSON) nests lists and objects more than :data:`MAX_DEPTH` deep (strings skipped)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif c in "]}":
            depth -= 1
    return False


def _dump(answer: dict) -> str:
    return json.dumps(answer, ensure_ascii=False, allow_nan=False)


@lru_cache(maxsize=4)
def _parse_rules(rules_json: str) -> RuleBook | CalcError:
    try:
        return RuleBook.from_dict(json.loads(rules_json, parse_constant=_refuse_constant))
    except CalcError as e:
        return e
    except (ValueError, TypeError, RecursionError) as e:  # not JSON, NaN, a number too long, too deep
        return CalcError("rules", f"the rules are not valid JSON: {_clip(str(e))}", reason="rules")
    except Exception as e:  # noqa: BLE001
        return _internal(e, True)


def _clip(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _request_error(message: str) -> str:
    return _dump({"ok": False, "error": CalcError("request", message, reason="request").as_dict()})


def handle_json(request_json: str, rules_json: str | None = None) -> str:
    """JSON wrapper of :func:`handle`: parse the request (and the rules, memoised per string), answer, dump.

    Returns strict JSON text (``allow_nan=False``, valid Unicode) and never raises: malformed JSON, ``NaN``
    or ``Infinity``, a number of more than 4,300 digits, a request longer than :data:`MAX_REQUEST_CHARS`
    characters or nested more than :data:`MAX_DEPTH` deep give an error with field ``request`` (or
    ``rules``).
    """
    try:
        if isinstance(request_json, (bytes, bytearray)):
            request_json = request_json.decode("utf-8", "replace")
        if not isinstance(request_json, str):
            return _request_error(f"the request is not valid JSON: expected a text, got {type(request_json).__name__}")
        if len(request_json) > MAX_REQUEST_CHARS:
            return _request_error(f"the request has {len(request_json)} characters; at most {MAX_REQUEST_CHARS}")
        if _too_deep(request_json):
            return _request_error(f"the request nests lists or objects more than {MAX_DEPTH} deep")
        try:
            request = json.loads(request_json, parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError; so is a number too long
            return _request_error(f"the request is not valid JSON: {_clip(str(e))}")
        book: RuleBook | None = None
        if rules_json is not None:
            parsed = _parse_rules(rules_json) if isinstance(rules_json, str) else CalcError(
                "rules", f"the rules must be a JSON text, got {type(rules_json).__name__}", reason="rules")
            if isinstance(parsed, CalcError):
                return _dump({"ok": False, "error": parsed.as_dict()})
            book = parsed
        return _dump(handle(request, book))
    except (Exception, RecursionError, MemoryError) as e:  # noqa: BLE001  (the contract: never raise)
        return json.dumps({"ok": False, "error": _internal(e, rules_json is not None).as_dict()})
