"""The roll-by-roll form of the action-sequence calculator: plain choices that write chain notation.

The reader adds rolls one by one (dodge, rush, pick-up, jump, pass, catch, …), each with the characteristic,
the roll's modifiers from ``data/rolls/`` and the skill that re-rolls it, then the team re-rolls, Pro and
Loner. ``roll-form.js`` writes the notation into the calculator's ``chain`` field, so the chain resolver
computes the result; the reader sees the notation (and learns it). Die faces come from
:func:`calculators.builder.menu` (Python, from the rules data), embedded here as JSON with the page's labels.
"""
from __future__ import annotations

import json

from calculators.armour import SKILL_VALUES
from calculators.builder import menu
from calculators.chain import (ARMOUR_FIELD_CLASHES, ARMOUR_FIELD_EDITIONS, BLOCK_ATTACKER_EDITIONS, BLOCK_DEFENDER_EDITIONS,
                               DIVING_TACKLE_KINDS, KIND_EDITIONS, argue_numbers)
from calculators.editions import family
from calculators.notation.marks import (ARMOUR_MARKS, BLOCK_ATTACKER_MARKS, BLOCK_DEFENDER_MARKS, INJURY_MARKS, LETTERS,
                                        SKILL_FLAGS, SKILL_MARKS)
from calculators.rerolls import BREAK_TACKLE_BONUSES, STAR_RULE_EDITIONS, STAR_RULES
from calculators.rules import RuleBook

from .calcchoices import annotated
from .calclabels import choice_label, star_rule_label
from .calculator import field_label, signed
from .context import PageContext
from .templating import render

#: the order a coach meets the rolls in a move: movement first, then the ball; then the rolls made on declaring
#: an action (Bone Head and the like), before a throw (Always Hungry), after a Casualty or at the end of a drive
FORM_ORDER = ("dodge", "rush", "pick-up", "jump", "leap", "pass", "hand-off", "catch", "throw-team-mate", "landing",
              "bone-head", "really-stupid", "wild-animal", "animal-savagery", "unchannelled-fury", "bloodlust",
              "take-root", "always-hungry", "regeneration", "ko-recovery")
#: roll kind -> the skill that re-rolls it (its mark in the notation)
REROLL_SKILLS = {"dodge": "dodge", "rush": "sure-feet", "pick-up": "sure-hands", "pass": "pass", "catch": "catch",
                 "hand-off": "catch"}


def _skill(ctx: PageContext, slug: str) -> str:
    entity = ctx.repo.get(f"skill:{slug}")
    return ctx.plain(entity["name"]) if entity is not None else slug


def roll_choices(ctx: PageContext, rules: RuleBook, editions: list[str]) -> dict:
    """Per edition, the rolls the form offers with the page's labels: ``{edition: [roll, …]}``.

    Each roll is :func:`calculators.builder.menu`'s dict plus ``name`` (the roll's name), ``label`` of the
    characteristic, ``value_labels`` (``"3"`` or ``"3+"`` as on the tables), each group's and option's
    ``label``, each count's ``label`` and ``skill`` (the re-rolling skill's name, or null).
    """
    out: dict[str, list] = {}
    for edition in editions:
        rolls = []
        for roll in menu(rules, edition):
            entity = ctx.repo[f"roll:{roll['slug']}"]
            labels = {m["key"]: ctx.plain(m["label"]) for m in entity.get("modifiers") or []}
            target = ctx.repo.get(f"target:{entity.get('target')}")
            or_more = {r["value"] for r in target["rows"] if r.get("or_more")} if target else set()
            roll = {**roll, "name": ctx.plain(entity["name"]),
                    "label": field_label(ctx, roll["characteristic"]) if roll["characteristic"] else None,
                    "value_labels": {str(v): f"{v}+" if (target is None or v in or_more) else str(v)
                                     for v in roll["values"]},
                    "skill": _skill(ctx, REROLL_SKILLS[roll["action"]]) if roll["mark"] else None}
            for group in roll["groups"]:
                group["label"] = field_label(ctx, group["name"])
                for option in group["options"]:
                    option["label"] = annotated(ctx, labels[option['key']], signed(option['value']))
            roll.update(_roll_marks(ctx, edition, roll))
            for count in roll["counts"]:
                key = next(m["key"] for m in entity["modifiers"] if m.get("per") == count["name"])
                count["label"] = labels[key]
            rolls.append(roll)
        rolls.sort(key=lambda r: FORM_ORDER.index(r["action"]) if r["action"] in FORM_ORDER else len(FORM_ORDER))
        out[edition] = rolls + contact_steps(ctx, edition, rules)
    return out


def _roll_marks(ctx: PageContext, edition: str, roll: dict) -> dict:
    """What the notation may add after a D6 roll's face, offered by the form too (issue 23): ``more_fields`` (Break
    Tackle's bonus on a dodge, ``b1``…, :data:`calculators.rerolls.BREAK_TACKLE_BONUSES`) and ``marks`` (``'`` no team
    re-roll on a roll that may be re-rolled; ``^`` an opponent's Diving Tackle where
    :data:`calculators.chain.DIVING_TACKLE_KINDS` lets it act) as ``more_marks``, in the order the notation writes
    them; roll-form.js shows them after the roll's own fields."""
    fam, kind = family(edition), LETTERS.get(roll["letter"])
    bonuses = BREAK_TACKLE_BONUSES[fam] if kind == "dodge" else ()
    fields = [_choice("break_tackle", ctx.t("{skill} bonus", skill=_skill(ctx, "break-tackle")),
                      [("", ctx.t("none"))] + [(f"b{b}", signed(b)) for b in bonuses], "")] if bonuses else []
    marks = [] if roll["suffix"] else [{"mark": "'", "label": ctx.t("No team re-roll on this roll")}]
    if kind in DIVING_TACKLE_KINDS[fam]:
        marks.append({"mark": "^", "label": ctx.t("An opponent may use {skill}", skill=_skill(ctx, "diving-tackle"))})
    if not roll["suffix"]:  # issue 23: '!' the coach will not re-roll it (roll-form.js then leaves "'" out)
        marks.append({"mark": "!", "label": ctx.t("Do not re-roll this roll")})
    return {"more_fields": fields, "more_marks": marks}


def _reroll_field(ctx: PageContext) -> dict:
    """Issue 23: the notation's re-roll marks on a step with fields of its own (a block, Argue the Call, a Hail Mary
    Pass, a Hypnotic Gaze): ``'`` no team re-roll, ``!`` no re-roll at all (:data:`calculators.notation.ROLL_MARKS`;
    never both, so one select)."""
    return _choice("reroll", ctx.t("Re-rolls on this roll"),
                   [("", ctx.t("as the coach sees fit")), ("'", ctx.t("No team re-roll on this roll")),
                    ("!", ctx.t("Do not re-roll this roll"))], "")


def _term(ctx: PageContext, slug: str, fallback: str) -> str:
    entity = ctx.repo.get(f"term:{slug}")
    return entity.title(ctx.lang) if entity is not None else fallback


def _choice(name: str, label: str, values: list[tuple[str, str]], default: str) -> dict:
    return {"name": name, "label": label, "default": default,
            "options": [{"value": value, "label": text} for value, text in values]}


def contact_steps(ctx: PageContext, edition: str, rules: RuleBook) -> list[dict]:
    """The steps the notation writes without a die face to look up (issue 26, item 5): a Block (``B2``, ``B-2``
    when the defender chooses), an armour roll after it (``A9``) and a Foul (``F9+1``), each with its own
    fields: ``kind`` (block, armour, foul), ``letter``, ``fields`` (selects: name, label, default, options) and
    ``marks`` (skill boxes: mark, label). roll-form.js writes the step from them; the notation is
    :mod:`calculators.notation`'s (an AV as each edition's card prints it: classic 8, BB2020 and later 9+)."""
    modern = edition not in ("classic", "bb2016")
    av = _choice("av", field_label(ctx, "av", edition),
                 [(str(v), f"{v}+" if modern else str(v)) for v in range(5, 12)], "9" if modern else "8")
    # none of a d6 roll's parts (roll-form.js reads them on every row)
    plain = {"characteristic": None, "groups": [], "counts": [], "skill": None, "mark": None, "receiver": False}
    return [{**plain, **step} for step in [
        {"action": "block", "kind": "block", "letter": "B", "name": _term(ctx, "block", "Block"),
         "fields": [_choice("dice", ctx.t("Block dice"), [(str(n), ctx.t.number(n)) for n in (1, 2, 3)], "2"),
                    _choice("chooser", ctx.t("Who chooses the die"),
                            [("attacker", ctx.t("The attacker")), ("defender", ctx.t("The defender"))], "attacker"),
                    # issue 23: Frenzy's second block, after a Push, with its own dice (the notation's B2{B1})
                    _choice("frenzy", ctx.t("{skill}: second block after a Push", skill=_skill(ctx, "frenzy")),
                            [("", ctx.t("none"))] + [(str(n), choice_label(ctx, "frenzy_dice", n))
                                                     for n in (1, 2, 3, -2, -3)], ""), _reroll_field(ctx)],
         "marks": block_marks(ctx, edition)},
        {"action": "armour", "kind": "armour", "letter": "A", "name": _term(ctx, "armour", "Armour"),
         "fields": [av, *_valued_fields(ctx, edition, "armour")], "marks": armour_marks(ctx, edition, "armour")},
        {"action": "foul", "kind": "foul", "letter": "F", "name": _term(ctx, "foul", "Foul"),
         "fields": [av, _choice("assists", ctx.t("Net assists (yours minus theirs)"),
                                [(str(n), signed(n)) for n in range(-3, 4)], "0"), *_valued_fields(ctx, edition, "foul")],
         "marks": armour_marks(ctx, edition, "foul")},
        injury_step(ctx),
    ]] + [{**plain, **step} for step in opponent_and_coach_steps(ctx, edition, rules) + face_steps(ctx, edition)]


#: the armour marks named after a star player's rule (``data/star-rules/``), not a skill
_ARMOUR_STAR_RULES = frozenset({"ram", "slayer", "crushing-blow"})


def armour_marks(ctx: PageContext, edition: str, kind: str) -> list[dict]:
    """The skill boxes of an armour roll (``kind`` ``armour``) or a Foul (``foul``): every mark of
    :data:`calculators.notation.marks.ARMOUR_MARKS` the edition has, in the notation's order, each ``{mark, label,
    field, order, key, needs}`` (``field``: the chain answer's name for it); a mark that may carry a value (Mighty Blow, Dirty Player) names its select in ``value_field``.

    Which marks an edition has, and which pairs one roll may not carry, are the chain's own tables
    (:data:`calculators.chain.ARMOUR_FIELD_EDITIONS`, ``ARMOUR_FIELD_CLASHES``): of a clashing pair the first is not
    offered while the second is ticked (``needs``: ``["!armour:w"]``, as roll-form.js reads a block's boxes), so the
    form never writes a pair the resolver refuses (Mighty Blow with a Chainsaw before BB2025)."""
    fam, out = family(edition), []
    mark_of = {field: mark for mark, (field, _) in ARMOUR_MARKS[kind].items()}
    for order, (mark, (field, slug)) in enumerate(ARMOUR_MARKS[kind].items()):
        if fam not in ARMOUR_FIELD_EDITIONS.get(field, (fam,)):
            continue
        label = star_rule_label(ctx, slug) if slug in _ARMOUR_STAR_RULES else _skill(ctx, slug)
        needs = [f"!{kind}:{mark_of[other]}" for (first, other), where in ARMOUR_FIELD_CLASHES.items()
                 if first == field and other in mark_of and fam in where]
        box = {"mark": mark, "field": field, "label": label, "order": order, "key": f"{kind}:{mark}", "needs": needs}
        if field in SKILL_VALUES and SKILL_VALUES[field][fam] > 1:
            box["value_field"] = mark
        out.append(box)
    return out


def _valued_fields(ctx: PageContext, edition: str, kind: str) -> list[dict]:
    """Issue 23: the X of Mighty Blow (+X) or Dirty Player (+X) where the edition lets it be above 1
    (:data:`calculators.armour.SKILL_VALUES`): a select named after the mark, whose value (``m2``) roll-form.js
    writes instead of the bare mark when the skill's box is ticked."""
    fam, out = family(edition), []
    for mark, (field, slug) in ARMOUR_MARKS[kind].items():
        top = SKILL_VALUES.get(field, {}).get(fam, 1)
        if top > 1:
            out.append(_choice(mark, ctx.t("{skill}: its bonus", skill=_skill(ctx, slug)),
                               [("", signed(1))] + [(f"{mark}{x}", signed(x)) for x in range(2, top + 1)], ""))
    return out


def injury_step(ctx: PageContext) -> dict:
    """Issue 23: an injury roll (``JK`` a KO or worse, ``JC`` a casualty; :data:`calculators.notation.marks.
    INJURY_NEEDS_LETTERS`), with the victim's Stunty and Thick Skull boxes (``INJURY_MARKS``), every edition."""
    needs = [("K", ctx.t("{result} or worse", result=_term(ctx, "ko", "KO"))), ("C", _term(ctx, "casualty", "Casualty"))]
    return {"action": "injury", "kind": "injury", "letter": "J", "name": _term(ctx, "injury", "Injury roll"),
            "fields": [_choice("need", ctx.t("The result needed"), needs, "K")],
            "marks": [{"mark": mark, "field": field, "order": i,
                       "label": ctx.t("The victim has {skill}", skill=_skill(ctx, slug))}
                      for i, (mark, (field, slug)) in enumerate(INJURY_MARKS.items())]}


#: issue 23: the D6 rolls with no characteristic to look up, their face chosen outright: kind -> (skill named, whose
#: roll: ``ours`` or ``theirs``); each only in the editions the chain has it (:data:`calculators.chain.KIND_EDITIONS`)
_FACE_KINDS = {"hail-mary": ("hail-mary-pass", "ours"), "hypnotic-gaze": ("hypnotic-gaze", "ours"),
               "tentacles": ("tentacles", "theirs"), "shadowing": ("shadowing", "theirs")}


def face_steps(ctx: PageContext, edition: str) -> list[dict]:
    """Issue 23: a Hail Mary Pass (``M``, its Pass re-roll ``p``), a Hypnotic Gaze (``G``), an opponent's Tentacles
    (``E``) or Shadowing (``S``) and a Bribe after the foul's send-off (``K2``, 2+ in every edition): rows with a
    ``target`` field (the face needed), the skill box of :data:`calculators.notation.marks.SKILL_MARKS` and, on our
    own rolls, the re-roll select; the chain resolver's rules are :mod:`calculators.chain.kinds`'."""
    letter_of = {kind: letter for letter, kind in LETTERS.items()}
    steps = []
    for kind, (slug, whose) in _FACE_KINDS.items():
        if edition not in KIND_EDITIONS.get(kind, (edition,)):
            continue
        need = ctx.t("Face needed") if whose == "ours" else ctx.t("Face the opponent needs")
        fields = [_choice("target", need, [(str(f), f"{f}+") for f in range(2, 7)], "4")]
        marks = [{"mark": SKILL_MARKS[kind], "label": ctx.t("Has {skill}", skill=_skill(ctx, "pass")), "order": 0}] \
            if kind in SKILL_MARKS else []
        name = _skill(ctx, slug) if whose == "ours" else ctx.t("An opponent's {skill}", skill=_skill(ctx, slug))
        steps.append({"action": kind, "kind": kind, "letter": letter_of[kind], "name": name,
                      "fields": fields + ([_reroll_field(ctx)] if whose == "ours" else []), "marks": marks})
    steps.append({"action": "bribe", "kind": "bribe", "letter": "K", "name": ctx.t("{roll} (after the foul's send-off)", roll=_term(ctx, "bribe", "Bribe")),
                  "fields": [_choice("target", ctx.t("Face needed"), [("2", "2+")], "2")], "marks": []})
    return steps


def opponent_and_coach_steps(ctx: PageContext, edition: str, rules: RuleBook) -> list[dict]:
    """Issue 23: the rolls that are no test of the moving player's, with the face needed chosen outright, as
    :func:`contact_steps`: an opponent's interception of the pass (``I6``; BB2020 ``I6c`` when the passer has Cloud
    Burster, which makes the interceptor re-roll a success; BB2025's Cloud Burster forbids the attempt, so there is
    no box) and Argue the Call after a foul's send-off (``Q6``; ``Q5`` with a +1; BB2020 ``Q5r`` with a Biased
    Referee, whose +1 means a natural 1 never ejects the coach), its target read from the edition's table
    (:func:`calculators.chain.argue_numbers`; FFB's 6 where the data has none). Each only in the editions the
    chain has it (:data:`calculators.chain.KIND_EDITIONS`); the chain resolver's rules and sources are
    :mod:`calculators.chain`'s (``kinds.py``, ``appeals.py``)."""
    fam = family(edition)
    cloud = [{"mark": "c", "label": ctx.t("The passer has {skill}", skill=_skill(ctx, "cloud-burster"))}]
    steps = [{"action": "interception", "kind": "interception", "letter": "I", "name": _term(ctx, "interception",
                                                                                              "Interception"),
              "fields": [_choice("target", ctx.t("Face the interceptor needs"),
                                 [(str(f), f"{f}+") for f in range(2, 7)], "6")],
              "marks": cloud if fam == "bb2020" else []}]
    if edition in KIND_EDITIONS["argue-the-call"]:
        biased = [{"mark": "r", "label": ctx.t("Biased Referee: a natural 1 does not eject the coach")}]
        target = argue_numbers(rules, edition)[0]
        steps.append({"action": "argue-the-call", "kind": "argue-the-call", "letter": "Q",
                      "name": ctx.t("Argue the Call (after the foul's send-off)"),
                      "fields": [_choice("target", ctx.t("Bonus to the roll"),
                                         [(str(target), signed(0)), (str(target - 1), signed(1))], str(target)),
                                 _reroll_field(ctx)],
                      "marks": biased if fam == "bb2020" else []})
    return steps


#: the star players' rules among the block's attacker marks (labelled from ``data/star-rules/``, not skills)
_BLOCK_STAR_RULES = frozenset({"unstoppable-momentum", "working-in-tandem"})
#: when an attacker's mark is offered: only on a Blitz's block (Juggernaut, Unstoppable Momentum), only on a Block
#: action's (Brawler: :mod:`calculators.chain` refuses it with a move before), only when the defender has Dodge
#: (Tackle cancels the defender's Dodge and nothing else, so alone it cannot change the result)
_ATTACKER_NEEDS = {"juggernaut": ["blitz"], "unstoppable-momentum": ["blitz"], "brawler": ["!blitz"],
                   "tackle": ["defender:d"]}


def block_marks(ctx: PageContext, edition: str) -> list[dict]:
    """The skill boxes of a Block row (D1 of review 3): the attacker's and the defender's block skills the notation
    writes (:data:`calculators.notation.marks.BLOCK_ATTACKER_MARKS` and ``BLOCK_DEFENDER_MARKS``), each only in the
    editions where the chain models it (:data:`calculators.chain.BLOCK_ATTACKER_EDITIONS`, ``BLOCK_DEFENDER_EDITIONS``:
    the defender's Steady Footing in BB2025), and a Blitz box that
    writes nothing but decides which attacker skills apply.

    Each box: ``mark`` (its letter, ``""`` for the Blitz box), ``side`` (``attacker``, ``defender``, ``action``),
    ``skill`` (the skill's slug, as the chain resolver's answer names it; absent on the Blitz box), ``key`` (``side:mark``, what ``needs`` names), ``label``, ``order`` (its place in the notation's canonical
    order) and ``needs`` (keys that must be ticked, ``!key`` not ticked, for the box to be offered). Listed in
    the order a coach reads them: the attacker's Block, the Blitz, the attacker's other skills, the defender's,
    then Tackle (offered once the defender has Dodge)."""
    fam = family(edition)
    attacker = [(i, m, slug) for i, (m, slug) in enumerate(BLOCK_ATTACKER_MARKS.items())
                if fam in BLOCK_ATTACKER_EDITIONS.get(slug, (fam,))]

    def box(side: str, order: int, mark: str, slug: str) -> dict:
        name = star_rule_label(ctx, slug) if slug in _BLOCK_STAR_RULES else _skill(ctx, slug)
        label = ctx.t("Attacker: {skill}", skill=name) if side == "attacker" else ctx.t("Defender: {skill}", skill=name)
        return {"mark": mark, "side": side, "key": f"{side}:{mark}", "skill": slug, "label": label, "order": order,
                "needs": _ATTACKER_NEEDS.get(slug, []) if side == "attacker" else []}

    first = [box("attacker", i, m, slug) for i, m, slug in attacker if slug == "block"]
    blitz = {"mark": "", "side": "action", "key": "blitz", "label": ctx.t("This block is a Blitz's"), "order": 0,
             "needs": []}
    others = [box("attacker", i, m, slug) for i, m, slug in attacker if slug not in ("block", "tackle")]
    defender = [box("defender", i, m, slug) for i, (m, slug) in enumerate(BLOCK_DEFENDER_MARKS.items())
                if fam in BLOCK_DEFENDER_EDITIONS.get(slug, (fam,))]
    tackle = [box("attacker", i, m, slug) for i, m, slug in attacker if slug == "tackle"]
    return first + [blitz] + others + defender + tackle


def star_choices(editions: list[str]) -> dict[str, list[list[str]]]:
    """Per edition, the star player rules the moving player may have (:data:`calculators.rerolls.STAR_RULE_EDITIONS`),
    as ``[flag, name]`` pairs in the notation's order: the form writes the flag (``[luck]``). The names are the
    rules' own, English in every language, as the notation's help shows them; none in classic."""
    return {edition: [[flag, STAR_RULES[flag]] for flag, where in STAR_RULE_EDITIONS.items() if family(edition) in where]
            for edition in editions}


#: issue 23: the player flags of :data:`calculators.notation.marks.SKILL_FLAGS` -> the skill each writes
SKILL_FLAG_SKILLS = {"steady": "steady-footing"}


def skill_flag_choices(ctx: PageContext, editions: list[str]) -> dict[str, list[list[str]]]:
    """Per edition, the skills the moving player may have that the notation writes as player flags (``[steady]``,
    :data:`calculators.notation.marks.SKILL_FLAGS`), as ``[flag, label]`` pairs: each in the editions its skill's
    data lists (``data/skills/``; Steady Footing is BB2025's, as :func:`calculators.chain.footing.check_footing`
    checks). roll-form.js shows a box for each."""
    out: dict[str, list[list[str]]] = {}
    for edition in editions:
        out[edition] = []
        for flag in SKILL_FLAGS:
            entity = ctx.repo.get(f"skill:{SKILL_FLAG_SKILLS[flag]}")
            if entity is not None and edition in (entity.get("editions") or ()):
                out[edition].append([flag, ctx.t("The moving player has {skill}", skill=ctx.plain(entity["name"]))])
    return out


def roll_form(ctx: PageContext, rules: RuleBook, editions: list[str]) -> str:
    """The form's HTML (template `calc/rollform.html`, hidden until ``roll-form.js`` mounts it), to put in the
    chain calculator's form."""
    strings = {
        "remove": ctx.t("Remove this roll"), "skill": ctx.t("Has {skill}"),
        "empty": ctx.t("No roll yet: add the first one."),
        "impossible": ctx.t("No die face succeeds for this roll."),
        "receiver": ctx.t("made by another player (the receiver)"),
        "replaced": ctx.t("The form replaced the sequence written in the field: {chain}"),
        "restore": ctx.t("Put it back"),
        "kept": ctx.t("Rolls the form cannot show, kept as written:"),
        "kept_help": ctx.t("The rolls you add are written after them; the player's skills above are then set in "
                           "the notation."),
        "remove_kept": ctx.t("Remove these rolls"),
        # review 8, m7: one step of a sequence the form cannot show as a row, kept as written in its place
        "kept_step": ctx.t("A roll the form cannot show, kept as written:"),
        "kept_receiver": ctx.t("In the form, this roll is always another player's (the receiver of a pass or a hand-off, "
                               "or a thrown team-mate), written after “/”: here it is not."),
        "kept_player": ctx.t("This roll is another player's: the form starts another player only with a catch, a "
                             "hand-off or a landing."),
        # review 6 finding 4: the field's sequence, shown whole until Python has read it into rows
        "pending": ctx.t("The rolls of the notation, shown one by one once Python has read them:"),
    }
    data = {"rolls": roll_choices(ctx, rules, editions), "strings": strings, "stars": star_choices(editions),
            "skill_flags": skill_flag_choices(ctx, editions),
            "letters": {kind: letter for letter, kind in LETTERS.items()}}
    return render("calc/rollform.html", t=ctx.t, data=json.dumps(data, ensure_ascii=False),
                  pro=_skill(ctx, "pro"), loner=_skill(ctx, "loner"))


#: what the notation writes and the form leaves to it, per edition (``"*"``: every edition): item -> why
#: (tests/site/test_roll_form_covers_notation.py reads it)
NOTATION_ONLY: dict[str, dict[str, str]] = {
    "*": {"letter:U": "a Dauntless roll needs its two branches, the block on a success and on a failure "
                      "(U4{B2|B-2}); the form's rows are one line of steps, with no branches to hold them",
          "roll-mark:K:!": "nothing re-rolls a Bribe (calculators/chain/kinds.py): the mark changes no result",
          "roll-mark:K:'": "nothing re-rolls a Bribe (calculators/chain/kinds.py): the mark changes no result"},
}
