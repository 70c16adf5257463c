"""The rule numbers, as exported from ``data/`` by the build.

The calculators never hard-code the classic AG table, modifier values or table
ranges: the site's build exports them from ``data/targets/*.yml`` and
``data/rolls/*.yml`` as a plain dict, and :meth:`RuleBook.from_dict` validates it::

    {"targets": {"agility-classic": {"characteristic": "ag",
                                     "rows": [{"value": 1, "target": 6}, ...,
                                              {"value": 6, "target": 1, "or_more": true}]}},
     "rolls": {"pass-classic": {"editions": ["classic"], "target": "agility-classic",
                                "natural_one": "fumble", "natural_six": "success",
                                "fumble_at_or_below": 1,
                                "modifiers": [{"key": "quick", "value": 1, "group": "range"},
                                              {"key": "tackle-zone", "value": -1, "per": "tackle_zones"}]}}}

Shape (see ``data/README.md``, kinds *target* and *roll*):

* ``targets.<slug>``: ``characteristic`` (str), ``rows`` (non-empty list of
  ``{value: int, target: int 1..6, or_more?: bool}``, values strictly increasing,
  ``or_more`` only on the last row).
* ``rolls.<slug>``: ``editions`` (non-empty list of edition ids), ``target`` (a target
  slug, or absent / null when the characteristic is itself the "N+" target, as in
  BB2020 and BB2025), optional ``characteristic`` (``ag`` | ``pa``: that characteristic is the N+),
  optional ``target_number`` (int 2..6: a fixed N+ whatever the player, the Rush's 2+), optional
  ``no_reroll`` (bool: no re-roll may be used on it, such as a KO recovery), ``natural_one`` (``fail`` | ``fumble``), ``natural_six``
  (``success``), optional ``fumble_at_or_below`` (int), ``modifiers`` (list of
  ``{key, value: int, group?: str, per?: str, skill?: str, only?: [str], cancels?: [str], eases?: [str]}``).
  Modifiers sharing a ``group`` are exclusive (the reader picks one); a ``per`` modifier is
  multiplied by a count the reader gives; a ``skill`` modifier (a skill slug, issue 9) applies
  only when the player has that skill, and then only with one of the group choices it lists in
  ``only`` (when given), and it removes the modifiers whose keys it lists in ``cancels`` (Nerves
  of Steel, Big Hand), or with ``eases`` adds up to ``value`` to the sum of the listed modifiers
  but never above -1 (BB2020 Leap and Very Long Legs on a Jump); a modifier with none of these
  always applies.

* ``tables.<slug>`` (optional section): a dice table whose rows carry a machine
  ``outcome`` (``data/tables/``: injury, casualty, lasting injury): ``editions``, ``dice``
  (``d3`` | ``d6`` | ``d8`` | ``2d6`` | ``d16`` | ``d68``), ``rows`` (non-empty list of
  ``{key, roll: int | [low, high], outcome}``; every result of the dice covered exactly
  once), and optionally ``skills`` (a non-empty list of skill slugs: the table replaces the edition's
  plain one for a player with exactly those skills, the injury variants for Stunty and Thick Skull), and
  ``modifiers`` (a list of ``{key, value: int -5..5, per?: "niggling", skill?: str}``: what the roll adds,
  once per Niggling Injury or when the player has the skill; the casualty table's), and ``draws`` (a table
  rolled several times, Prayers to Nuffle: ``{duplicates: "reroll" | "stand", per_value_difference?: int,
  most?: int 1..16, exhibition_faces?: int 1..16}``, :class:`Draws`).
  :meth:`RuleBook.dice_table` finds one per edition, :meth:`RuleBook.variant_table` one per edition and
  skill set.

Text fields the data also carries (``name``, ``summary``, ``label``, ``notes``,
``title``, ``sources``) are accepted and ignored.  Any other key is an error, so a
typo in the exporter is caught.  Unknown top-level sections are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .editions import EDITIONS
from .errors import RulesError, shown

__all__ = ["DICE_FACES", "DiceTable", "Draws", "Modifier", "RollSpec", "RuleBook", "TableModifier", "TableRow", "TargetRow",
           "TargetTable"]

_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
_DIGITS = frozenset("0123456789")


def _is_key(x: Any) -> bool:
    """An ASCII kebab-case key or slug (``pass-bb2025``): a lower-case letter or digit, then those or ``-``.
    Set tests rather than a regex: under MicroPython the package's ``re`` is a matcher written in Python
    (plugins/calc/mpshim/re.py), and the worker checks every key of the rules data when it starts."""
    return (isinstance(x, str) and x != "" and (x[0] in _LOWER or x[0] in _DIGITS)
            and all(c in _LOWER or c in _DIGITS or c == "-" for c in x))


def _is_count(x: Any) -> bool:
    """A lower-case count or group name (``tackle_zones``): a letter, then letters, digits or ``_``."""
    return (isinstance(x, str) and x != "" and x[0] in _LOWER
            and all(c in _LOWER or c in _DIGITS or c == "_" for c in x))


_TEXT_KEYS = frozenset({"name", "summary", "label", "notes", "title", "sources", "review"})


@dataclass(frozen=True)
class TargetRow:
    """One row of a target table: characteristic ``value`` needs ``target``+ on a D6."""

    value: int
    target: int
    or_more: bool = False


@dataclass(frozen=True)
class TargetTable:
    """A characteristic -> target-number table (the classic Agility table)."""

    slug: str
    characteristic: str
    rows: tuple[TargetRow, ...]

    @property
    def values(self) -> tuple[int, int]:
        """Return the (lowest, highest) characteristic value listed."""
        return self.rows[0].value, self.rows[-1].value

    def target_for(self, value: int) -> int | None:
        """Return the target for characteristic ``value``, or None if the table has no row for it.

        A value above the last row is covered when that row is ``or_more``.
        """
        for row in self.rows:
            if row.value == value:
                return row.target
        last = self.rows[-1]
        if last.or_more and value > last.value:
            return last.target
        return None


@dataclass(frozen=True)
class Modifier:
    """One modifier of a roll: ``value`` added to the die.

    ``group``: modifiers in one group are exclusive (one is chosen).  ``per``: the name
    of a count (``tackle_zones``) the value is multiplied by.  ``skill``: applies only for a
    player with that skill (a skill slug), and only with a group choice in ``only`` when that
    is not empty; it removes the applied modifiers whose keys are in ``cancels``; with ``eases``
    it adds at most ``value`` to the sum of those modifiers, never raising it above -1.  None of
    these: always applies.
    """

    key: str
    value: int
    group: str | None = None
    per: str | None = None
    skill: str | None = None
    only: tuple[str, ...] = ()
    cancels: tuple[str, ...] = ()
    eases: tuple[str, ...] = ()


@dataclass(frozen=True)
class RollSpec:
    """A kind of D6 test (pass, catch, ...): its target table, natural 1/6 rules, modifiers."""

    slug: str
    editions: tuple[str, ...]
    target: str | None
    natural_one: str
    natural_six: str
    fumble_at_or_below: int | None
    modifiers: tuple[Modifier, ...]
    characteristic: str | None = None  # "ag" or "pa" when there is no target table (BB2020+)
    fixed: int | None = None  # a fixed N+ whatever the player (``target_number``: the Rush's 2+)
    no_reroll: bool = False  # nothing re-rolls it (``no_reroll``: KO recovery, classic Regeneration)
    #: rolled before the casualty roll, not after it and the apothecary (``before_casualty_roll``: BB2025 Regeneration)
    before_casualty_roll: bool = False

    def groups(self) -> dict[str, tuple[Modifier, ...]]:
        """Return ``{group: modifiers}`` in data order."""
        out: dict[str, list[Modifier]] = {}
        for m in self.modifiers:
            if m.group is not None and m.skill is None:
                out.setdefault(m.group, []).append(m)
        return {g: tuple(ms) for g, ms in out.items()}

    def counts(self) -> tuple[str, ...]:
        """Return the names of the ``per`` counts, in data order, without repeats."""
        seen: list[str] = []
        for m in self.modifiers:
            if m.per is not None and m.skill is None and m.per not in seen:
                seen.append(m.per)
        return tuple(seen)

    def always(self) -> tuple[Modifier, ...]:
        """Return the modifiers that always apply (no group, no per)."""
        return tuple(m for m in self.modifiers if m.group is None and m.per is None and m.skill is None)

    def skills(self) -> tuple[str, ...]:
        """Return the skill slugs of the ``skill`` modifiers, in data order, without repeats."""
        return tuple(dict.fromkeys(m.skill for m in self.modifiers if m.skill is not None))


#: the results each dice expression of a table can show (the classic D68: a D6 for tens, a D8 for units)
DICE_FACES: dict[str, tuple[int, ...]] = {
    "d3": tuple(range(1, 4)), "d6": tuple(range(1, 7)), "d8": tuple(range(1, 9)), "2d6": tuple(range(2, 13)),
    "d16": tuple(range(1, 17)), "d68": tuple(10 * t + u for t in range(1, 7) for u in range(1, 9))}


@dataclass(frozen=True)
class TableRow:
    """One row of a dice table: results ``low..high`` give ``outcome`` (a machine code from the data)."""

    key: str
    low: int
    high: int
    outcome: str


@dataclass(frozen=True)
class TableModifier:
    """What a table's roll adds: ``value`` once per ``per`` counted (``niggling``), or when the player has ``skill``."""

    key: str
    value: int
    per: str | None = None
    skill: str | None = None


@dataclass(frozen=True)
class Draws:
    """How a table rolled several times is rolled (``data/tables/prayers-to-nuffle-*.yml``, ``draws``).

    ``duplicates``: ``"reroll"`` (a result the team already has is rolled again) or ``"stand"`` (the roll is
    spent). ``per_value_difference``: one roll per full that many gold pieces of team value difference, or None
    when the count is not read from team values. ``most``: the most rolls a team may have (None: no limit but
    the table's size). ``exhibition_faces``: in exhibition play only the first that many rows are rolled (a
    smaller die), or None.
    """

    duplicates: str
    per_value_difference: int | None = None
    most: int | None = None
    exhibition_faces: int | None = None


@dataclass(frozen=True)
class DiceTable:
    """A dice table with machine outcomes (injury, casualty, lasting injury), as exported from ``data/tables/``."""

    slug: str
    editions: tuple[str, ...]
    dice: str
    rows: tuple[TableRow, ...]
    skills: frozenset[str] = frozenset()
    modifiers: tuple[TableModifier, ...] = ()
    draws: Draws | None = None

    def row_for(self, result: int) -> TableRow:
        """Return the row covering ``result`` (a value of :data:`DICE_FACES` for this table's dice).

        Raises:
            RulesError: when no row covers it (the exporter's data check prevents this).
        """
        for row in self.rows:
            if row.low <= result <= row.high:
                return row
        raise RulesError(f"rules.tables.{self.slug}.rows", f"no row covers {result}")


def _of_edition(items: dict, name: str, edition: str):
    """The item (a roll or a dice table) ``f"{name}-{edition}"``, or one named ``name-…`` whose editions include
    ``edition`` (``rush-classic`` for BB2016); None when there is none."""
    slug = f"{name}-{edition}"
    if slug in items:
        return items[slug]
    for item in items.values():
        if item.slug.rsplit("-", 1)[0] == name and edition in item.editions:
            return item
    return None


@dataclass(frozen=True)
class RuleBook:
    """Validated rule numbers: target tables, roll specifications and dice tables, keyed by slug."""

    targets: dict[str, TargetTable]
    rolls: dict[str, RollSpec]
    tables: dict[str, DiceTable] = field(default_factory=dict)

    def __hash__(self) -> int:  # dict fields: hash by identity (a RuleBook is never mutated)
        return id(self)

    def roll(self, slug: str) -> RollSpec:
        """Return the roll ``slug``.

        Raises:
            RulesError: if the rules have no such roll (field ``rules.rolls``).
        """
        try:
            return self.rolls[slug]
        except KeyError:
            raise RulesError("rules.rolls", f"the rules data has no roll {slug!r}", sorted(self.rolls)) from None

    def roll_of(self, action: str, edition: str) -> RollSpec | None:
        """Return the roll of ``action`` (``"rush"``, ``"catch"``…) in ``edition``: ``f"{action}-{edition}"``, or a
        roll named ``action-…`` whose editions include it (``rush-classic`` for BB2016); None when there is none."""
        return _of_edition(self.rolls, action, edition)

    def dice_table(self, name: str, edition: str) -> DiceTable:
        """Return the dice table ``name`` of ``edition``: ``f"{name}-{edition}"``, or a table named ``name-…`` whose
        editions include it (``injury-classic`` for BB2016).

        Raises:
            RulesError: on field ``rules.tables`` when the rules have no such table for that edition.
        """
        table = _of_edition(self.tables, name, edition)
        if table is None:
            raise RulesError("rules.tables", f"the rules data has no {name} table for {edition}", sorted(self.tables))
        return table

    def variant_table(self, name: str, edition: str, skills: frozenset[str]) -> DiceTable:
        """Return the table of ``edition`` named ``name`` or ``name-…`` whose ``skills`` are exactly ``skills``
        (an empty set: the plain table, :meth:`dice_table`): the injury table read for a Stunty player is the
        one whose skills are ``{"stunty"}``.

        Raises:
            RulesError: on field ``rules.tables`` when the rules have no such table.
        """
        if not skills:
            return self.dice_table(name, edition)
        for table in self.tables.values():
            if table.slug.startswith(name + "-") and edition in table.editions and table.skills == skills:
                return table
        raise RulesError("rules.tables", f"the rules data has no {name} table for {edition} and "
                         f"{' + '.join(sorted(skills))}", sorted(self.tables))

    def table_for(self, roll: RollSpec) -> TargetTable | None:
        """Return the target table of ``roll``, or None when its characteristic is the target."""
        return None if roll.target is None else self.targets[roll.target]

    @classmethod
    def from_dict(cls, d: Any) -> RuleBook:
        """Validate the exported rules dict (shape in the module docstring) and build a RuleBook.

        Raises:
            RulesError: with ``field`` the path of the first problem
                (``rules.rolls.pass-classic.modifiers[1].value``) and a message saying
                what was expected.
        """
        if not isinstance(d, dict):
            raise _invalid("rules", "expected an object with 'targets' and 'rolls'", d)
        targets_raw = d.get("targets", {})
        rolls_raw = d.get("rolls")
        if not isinstance(targets_raw, dict):
            raise _invalid("rules.targets", "expected an object keyed by target slug", targets_raw)
        if not isinstance(rolls_raw, dict):
            raise _invalid("rules.rolls", "expected an object keyed by roll slug", rolls_raw)
        targets = {slug: _target(slug, raw) for slug, raw in targets_raw.items()}
        rolls = {slug: _roll(slug, raw, targets) for slug, raw in rolls_raw.items()}
        tables_raw = d.get("tables", {})
        if not isinstance(tables_raw, dict):
            raise _invalid("rules.tables", "expected an object keyed by table slug", tables_raw)
        tables = {slug: _dice_table(slug, raw) for slug, raw in tables_raw.items()}
        return cls(targets=targets, rolls=rolls, tables=tables)


def _invalid(field: str, message: str, got: Any = None) -> RulesError:
    """The error for a value of the rules data that is not what `message` expects at `field`. The checks call it
    only once they failed (``if not ...: raise _invalid(...)``), so a valid book builds no field path or message:
    under MicroPython, formatting them for every row cost as much as importing the package (issue 26, item 11)."""
    return RulesError(field, f"{message}, got {shown(got)}")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _keys(raw: dict, field: str, required: set[str], optional: set[str]) -> None:
    missing = [k for k in required if k not in raw]
    if missing:
        raise _invalid(f"{field}.{min(missing)}", "missing required key", None)
    extra = set(raw) - required - optional - _TEXT_KEYS
    if extra:
        k = sorted(extra)[0]
        raise RulesError(f"{field}.{k}", f"unknown key (allowed: {', '.join(sorted(required | optional))})")


def _target(slug: Any, raw: Any) -> TargetTable:
    field = f"rules.targets.{slug}"
    if not _is_key(slug):
        raise _invalid(field, "target slugs are ASCII kebab-case", slug)
    if not isinstance(raw, dict):
        raise _invalid(field, "expected an object", raw)
    _keys(raw, field, {"characteristic", "rows"}, set())
    if not (isinstance(raw["characteristic"], str) and raw["characteristic"] != ""):
        raise _invalid(f"{field}.characteristic", "expected a characteristic name such as 'ag'", raw["characteristic"])
    rows_raw = raw["rows"]
    if not (isinstance(rows_raw, list) and len(rows_raw) > 0):
        raise _invalid(f"{field}.rows", "expected a non-empty list", rows_raw)
    rows: list[TargetRow] = []
    for i, r in enumerate(rows_raw):
        rf = f"{field}.rows[{i}]"
        if not isinstance(r, dict):
            raise _invalid(rf, "expected {value, target}", r)
        _keys(r, rf, {"value", "target"}, {"or_more"})
        if not _is_int(r["value"]):
            raise _invalid(f"{rf}.value", "expected an integer", r["value"])
        if not (_is_int(r["target"]) and 1 <= r["target"] <= 6):
            raise _invalid(f"{rf}.target", "expected an integer from 1 to 6", r["target"])
        or_more = r.get("or_more", False)
        if not isinstance(or_more, bool):
            raise _invalid(f"{rf}.or_more", "expected true or false", or_more)
        if or_more and i != len(rows_raw) - 1:
            raise _invalid(f"{rf}.or_more", "only the last row may be 'or_more'", or_more)
        if rows:
            if r["value"] <= rows[-1].value:
                raise _invalid(f"{rf}.value", "values must increase strictly", r["value"])
        rows.append(TargetRow(r["value"], r["target"], or_more))
    return TargetTable(slug, raw["characteristic"], tuple(rows))


def _roll(slug: Any, raw: Any, targets: dict[str, TargetTable]) -> RollSpec:
    field = f"rules.rolls.{slug}"
    if not _is_key(slug):
        raise _invalid(field, "roll slugs are ASCII kebab-case", slug)
    if not isinstance(raw, dict):
        raise _invalid(field, "expected an object", raw)
    _keys(raw, field, {"editions", "natural_one", "natural_six", "modifiers"},
          {"target", "fumble_at_or_below", "characteristic", "target_number", "no_reroll", "before_casualty_roll"})
    characteristic = raw.get("characteristic")
    if characteristic not in (None, "ag", "pa"):
        raise _invalid(f"{field}.characteristic", "expected 'ag', 'pa' or null", characteristic)
    eds = raw["editions"]
    if not (isinstance(eds, list) and len(eds) > 0):
        raise _invalid(f"{field}.editions", "expected a non-empty list of edition ids", eds)
    for i, e in enumerate(eds):
        if e not in EDITIONS:
            raise _invalid(f"{field}.editions[{i}]", f"expected one of {', '.join(EDITIONS)}", e)
    target = raw.get("target")
    if not (target is None or (isinstance(target, str) and target in targets)):
        raise _invalid(f"{field}.target", f"expected a target slug ({', '.join(sorted(targets)) or 'none defined'}) or null",
                       target)
    if raw["natural_one"] not in ("fail", "fumble"):
        raise _invalid(f"{field}.natural_one", "expected 'fail' or 'fumble'", raw["natural_one"])
    if raw["natural_six"] != "success":
        raise _invalid(f"{field}.natural_six", "expected 'success'", raw["natural_six"])
    fixed = raw.get("target_number")
    if not (fixed is None or (_is_int(fixed) and 2 <= fixed <= 6)):
        raise _invalid(f"{field}.target_number", "expected an integer from 2 to 6 or null", fixed)
    if not (fixed is None or (target is None and characteristic is None)):
        raise _invalid(f"{field}.target_number", "a fixed target number goes without a target table or characteristic",
                       fixed)
    no_reroll = raw.get("no_reroll", False)
    if not isinstance(no_reroll, bool):
        raise _invalid(f"{field}.no_reroll", "expected true or false", no_reroll)
    before = raw.get("before_casualty_roll", False)
    if not isinstance(before, bool):
        raise _invalid(f"{field}.before_casualty_roll", "expected true or false", before)
    fab = raw.get("fumble_at_or_below")
    if not (fab is None or (_is_int(fab) and -10 <= fab <= 6)):
        raise _invalid(f"{field}.fumble_at_or_below", "expected an integer from -10 to 6 or null", fab)
    mods_raw = raw["modifiers"]
    if not isinstance(mods_raw, list):
        raise _invalid(f"{field}.modifiers", "expected a list", mods_raw)
    mods: list[Modifier] = []
    seen: set[str] = set()
    for i, m in enumerate(mods_raw):
        mf = f"{field}.modifiers[{i}]"
        if not isinstance(m, dict):
            raise _invalid(mf, "expected {key, value, group?, per?}", m)
        _keys(m, mf, {"key", "value"}, {"group", "per", "skill", "only", "cancels", "eases"})
        key = m["key"]
        if not _is_key(key):
            raise _invalid(f"{mf}.key", "expected an ASCII kebab-case key", key)
        if key in seen:
            raise _invalid(f"{mf}.key", "duplicate modifier key", key)
        seen.add(key)
        if not (_is_int(m["value"]) and -10 <= m["value"] <= 10):
            raise _invalid(f"{mf}.value", "expected an integer from -10 to 10", m["value"])
        group, per = m.get("group"), m.get("per")
        if group is not None and not _is_count(group):
            raise _invalid(f"{mf}.group", "expected a lower-case name such as 'range'", group)
        if per is not None and not _is_count(per):
            raise _invalid(f"{mf}.per", "expected a lower-case count name such as 'tackle_zones'", per)
        if not (group is None or per is None):
            raise _invalid(mf, "a modifier has a group or a per count, not both", m)
        skill, only, cancels, eases = m.get("skill"), m.get("only", []), m.get("cancels", []), m.get("eases", [])
        if skill is not None and not _is_key(skill):
            raise _invalid(f"{mf}.skill", "expected a skill slug", skill)
        if not (skill is None or (group is None and per is None)):
            raise _invalid(mf, "a skill modifier has no group or per count", m)
        for name, keys in (("only", only), ("cancels", cancels), ("eases", eases)):
            if not (isinstance(keys, list) and all(_is_key(k) for k in keys)):
                raise _invalid(f"{mf}.{name}", "expected a list of modifier keys", keys)
            if keys and skill is None:
                raise _invalid(f"{mf}.{name}", f"{name} goes with a skill modifier", keys)
        mods.append(Modifier(key, m["value"], group, per, skill, tuple(only), tuple(cancels), tuple(eases)))
    keys = {m.key for m in mods}
    for i, m in enumerate(mods):
        for name, listed in (("only", m.only), ("cancels", m.cancels), ("eases", m.eases)):
            bad = [k for k in listed if k not in keys]
            if bad:
                raise _invalid(f"{field}.modifiers[{i}].{name}", "expected keys of this roll's modifiers", bad)
    return RollSpec(slug, tuple(eds), target, raw["natural_one"], raw["natural_six"], fab, tuple(mods), characteristic, fixed,
                    no_reroll, before)


def _dice_table(slug: Any, raw: Any) -> DiceTable:
    field_ = f"rules.tables.{slug}"
    if not _is_key(slug):
        raise _invalid(field_, "table slugs are ASCII kebab-case", slug)
    if not isinstance(raw, dict):
        raise _invalid(field_, "expected an object", raw)
    _keys(raw, field_, {"editions", "dice", "rows"}, {"skills", "modifiers", "draws"})
    skills = raw.get("skills", [])
    if not (isinstance(skills, list) and all(_is_key(x) for x in skills)
            and ("skills" not in raw or skills)):
        raise _invalid(f"{field_}.skills", "expected a non-empty list of skill slugs", skills)
    eds = raw["editions"]
    if not (isinstance(eds, list) and len(eds) > 0 and all(e in EDITIONS for e in eds)):
        raise _invalid(f"{field_}.editions", f"expected a non-empty list of {', '.join(EDITIONS)}", eds)
    dice = raw["dice"]
    if dice not in DICE_FACES:
        raise _invalid(f"{field_}.dice", f"expected one of {', '.join(DICE_FACES)}", dice)
    rows_raw = raw["rows"]
    if not (isinstance(rows_raw, list) and len(rows_raw) > 0):
        raise _invalid(f"{field_}.rows", "expected a non-empty list", rows_raw)
    rows: list[TableRow] = []
    covered: dict[int, str] = {}
    for i, r in enumerate(rows_raw):
        rf = f"{field_}.rows[{i}]"
        if not isinstance(r, dict):
            raise _invalid(rf, "expected {key, roll, outcome}", r)
        _keys(r, rf, {"key", "roll", "outcome"}, {"effect"})
        for k in ("key", "outcome"):
            if not _is_key(r[k]):
                raise _invalid(f"{rf}.{k}", "expected an ASCII kebab-case code", r[k])
        roll = r["roll"]
        if _is_int(roll):
            low = high = roll
        else:
            if not (isinstance(roll, list) and len(roll) == 2 and all(_is_int(x) for x in roll) and roll[0] <= roll[1]):
                raise _invalid(f"{rf}.roll", "expected an integer or [low, high]", roll)
            low, high = roll
        for v in (v for v in DICE_FACES[dice] if low <= v <= high):
            if v in covered:
                raise _invalid(f"{rf}.roll", f"{v} is already covered by row {covered.get(v)!r}", roll)
            covered[v] = r["key"]
        rows.append(TableRow(r["key"], low, high, r["outcome"]))
    missing = [v for v in DICE_FACES[dice] if v not in covered]
    if missing:
        raise _invalid(f"{field_}.rows", f"every result of {dice} must be covered; missing {missing[:5]}", None)
    return DiceTable(slug, tuple(eds), dice, tuple(rows), frozenset(skills), _table_modifiers(field_, raw),
                     _draws(field_, raw, len(rows)))


def _draws(field_: str, raw: dict, rows: int) -> Draws | None:
    """A dice table's ``draws`` (module docstring), validated; None when the table has none."""
    if "draws" not in raw:
        return None
    d, df = raw["draws"], f"{field_}.draws"
    if not isinstance(d, dict):
        raise _invalid(df, "expected {duplicates, per_value_difference?, most?, exhibition_faces?}", d)
    _keys(d, df, {"duplicates"}, {"per_value_difference", "most", "exhibition_faces"})
    if d["duplicates"] not in ("reroll", "stand"):
        raise _invalid(f"{df}.duplicates", "expected 'reroll' or 'stand'", d["duplicates"])
    per, most, faces = d.get("per_value_difference"), d.get("most"), d.get("exhibition_faces")
    if not (per is None or (_is_int(per) and per > 0)):
        raise _invalid(f"{df}.per_value_difference", "expected a positive integer", per)
    for name, v in (("most", most), ("exhibition_faces", faces)):
        if not (v is None or (_is_int(v) and 1 <= v <= rows)):
            raise _invalid(f"{df}.{name}", f"expected an integer from 1 to {rows}", v)
    return Draws(d["duplicates"], per, most, faces)


def _table_modifiers(field_: str, raw: dict) -> tuple[TableModifier, ...]:
    """A dice table's ``modifiers`` (module docstring), validated."""
    mods_raw = raw.get("modifiers", [])
    if not isinstance(mods_raw, list):
        raise _invalid(f"{field_}.modifiers", "expected a list", mods_raw)
    mods: list[TableModifier] = []
    for i, m in enumerate(mods_raw):
        mf = f"{field_}.modifiers[{i}]"
        if not isinstance(m, dict):
            raise _invalid(mf, "expected {key, value, per?, skill?}", m)
        _keys(m, mf, {"key", "value"}, {"per", "skill"})
        if not _is_key(m["key"]):
            raise _invalid(f"{mf}.key", "expected an ASCII kebab-case code", m["key"])
        if not (_is_int(m["value"]) and -5 <= m["value"] <= 5):
            raise _invalid(f"{mf}.value", "expected an integer from -5 to 5", m["value"])
        if m.get("per") not in (None, "niggling"):
            raise _invalid(f"{mf}.per", "expected niggling", m.get("per"))
        skill = m.get("skill")
        if skill is not None and not _is_key(skill):
            raise _invalid(f"{mf}.skill", "expected a skill slug", skill)
        if skill and m.get("per"):
            raise _invalid(mf, "a modifier is per Niggling Injury or a skill's, not both", m)
        if m["key"] in {x.key for x in mods}:
            raise _invalid(f"{mf}.key", "modifier keys are unique", m["key"])
        mods.append(TableModifier(m["key"], m["value"], m.get("per"), skill))
    return tuple(mods)
