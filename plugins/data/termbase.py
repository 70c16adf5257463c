"""The termbase (`data/termbase.yml`): one preferred name per language for every skill, glossary term,
weather and kick-off result and block-die face, the variants that must not appear in prose, and the aliases
players type.

Most of it is derived, so nothing is written twice: the preferred name of a skill, a glossary term or a table
row is its `name` in that language (for a glossary name such as "Tackle Zone (TZ)" or "Sortie ; Élimination",
the first form without the parenthesis; the abbreviation in parentheses becomes an alias); a skill's Japanese
katakana is its glossary twin's Japanese name (same slug: leap → リープ) unless the termbase gives one. The
file only adds what cannot be derived, per entity id (`skill:diving-tackle`, `term:re-roll`,
`table:weather-bb2020#row-pouring-rain` for a row) under `entries:`, and, under `words:`, the house words
that are no entity of their own (a block-die face, "ball carrier", "chain push"), each with its `see:`
entity.

Per language (`en`, `fr`, `ja`), every field optional:

    preferred: Tacle plongeant        # the name used in running text (default: derived, see above)
    case: name | common | lower       # name: always written with the capitals of `preferred`
                                      # (default for skills and block-die faces); common: a common noun,
                                      # lower case inside a sentence (« une relance d'équipe »), its first
                                      # letter a capital only at the start of a sentence; lower: not checked
                                      # (the default for the others)
    variants: [Tacle Plongeant]       # forms that must not appear in prose (the terminology check)
    aliases: [TP]                     # what players type: search finds the entry with them
    forms: [zones de tacle]           # other forms allowed in prose (plural…): linked to the entry too
    running_text: english | katakana  # ja only: which name Japanese prose uses (skills: english)
    katakana: ダイビングタックル        # ja only: the katakana form (an alias when prose uses English)
    reading: てんこう                  # ja only: the hiragana reading of a name with kanji (list order)

Under `stars:`, each star player's katakana (`Griff Oberwald: グリフ・オーバーワルド`), for every star that a star
player rule names in its `stars`: what search and the rulings filter find the star by in Japanese; Japanese prose
keeps the English name, as for a skill.

Under `readings:`, the Japanese reading of a table's, sequence's or roll's title that has a kanji
(`table:weather-bb2020: てんこうひょう`), for the lists sorted by name (the rulings index's groups).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .model import LANGUAGES, Entity, Problem, Repository
from .schema import Bool, Context, Enum, List, Obj, Ref, Str
from .yamlio import YamlSyntaxError, parse_with_lines

FILE = "termbase.yml"
KATAKANA = re.compile(r"^[\u30a0-\u30ff・ー]+$")
HIRAGANA = re.compile(r"^[\u3041-\u309fー]+$")
ENTRY_ID = re.compile(r"^(skill|term|table):([0-9a-z][0-9a-z-]*)(?:#(row-[0-9a-z][0-9a-z-]*))?$")
WORD_KEY = re.compile(r"^[0-9a-z][0-9a-z-]*$")

_COMMON = {"preferred": Str(), "case": Enum("name", "common", "lower"), "variants": List(Str()),
           "aliases": List(Str()), "forms": List(Str())}
LANG_SPEC = {"en": Obj({}, _COMMON), "fr": Obj({}, _COMMON),
             "ja": Obj({}, {**_COMMON, "running_text": Enum("english", "katakana"),
                            "katakana": Str(KATAKANA, "katakana word"),
                            "everyday_word": Bool(),
                            "reading": Str(HIRAGANA, "hiragana reading")})}
ENTRY_SPEC = Obj({}, LANG_SPEC)
WORD_SPEC = Obj({"en": LANG_SPEC["en"]},
                {"see": Ref("skill", "term", "table", "sequence"), "group": Enum("block-die"),
                 "fr": LANG_SPEC["fr"], "ja": LANG_SPEC["ja"]})
FILE_SPEC = Obj({}, {"entries": None, "words": None})  # keys are ids: checked one by one below


@dataclass
class Names:
    """One language of one entry."""

    preferred: str
    case: str = "lower"
    variants: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    running_text: str = "english"  # ja only
    katakana: str | None = None    # ja only
    # ja only: the katakana is also an everyday word (キック a kick, タックル to tackle), so prose may use it in
    # that sense and the check does not refuse it; the phrases that name the skill by it are listed `variants`
    everyday_word: bool = False
    reading: str | None = None     # ja only: hiragana, for dictionary order (plugins/site/collation.py)


@dataclass
class Entry:
    """A thing with names: `id` (`skill:leap`, `term:re-roll`, `table:weather-bb2020#row-x`, `word:both-down`),
    `target` (the entity whose entry a search for it must find) and `anchor` (its HTML id, or None)."""

    id: str
    kind: str          # skill | term | row | word
    target: str        # entity id
    anchor: str | None
    group: str | None
    names: dict[str, Names]

    @property
    def english_in_prose(self) -> bool:
        """Whether the English name may stand in French and Japanese prose: not for a skill or a block-die
        face whose name there differs (checked per language by the terminology check)."""
        return not (self.kind == "skill" or self.group == "block-die")


@dataclass
class Termbase:
    entries: list[Entry] = field(default_factory=list)
    file: str = "data/termbase.yml"
    allowed: set[str] = field(default_factory=set)  # "<entity id> <field>": texts that name a variant on purpose
    # Japanese reading (hiragana) of a titled page whose title has a kanji (a table, a sequence, a roll), for
    # the lists that sort those pages by name (the rulings index groups): {entity id: reading}.
    readings: dict[str, str] = field(default_factory=dict)
    # a star player's katakana, by his English name as the star player rules print it (`stars:`)
    stars: dict[str, str] = field(default_factory=dict)

    def get(self, entry_id: str) -> Entry | None:
        """The entry of an id (`skill:leap`, `word:both-down`), or None."""
        if len(getattr(self, "_by_id", ())) != len(self.entries):
            self._by_id = {e.id: e for e in self.entries}
        return self._by_id.get(entry_id)


def split_name(name: str) -> tuple[str, list[str]]:
    """'Tackle Zone (TZ)' -> ('Tackle Zone', ['TZ']); 'Sortie (classique) ; Élimination (BB2020+)' ->
    ('Sortie', ['Élimination']); 'AG テスト（クラシックでは AG ロール）' -> ('AG テスト', [])."""
    parts = [p for p in re.split(r"\s+/\s+|\s*;\s*", name) if p.strip()]
    abbreviations = [a for p in parts for a in re.findall(r"\(([^)\s]{2,5})\)", p) if a[0].isupper()]
    bare = [re.sub(r"\s*[（(][^)）]*[)）]", "", p).strip() for p in parts]
    bare = [b for b in bare if b]
    return (bare[0] if bare else name.strip()), bare[1:] + abbreviations


def _names(lang: str, given: dict, default_name: str, *, kind: str, twin_katakana: str | None) -> Names:
    preferred, others = split_name(default_name)
    names = Names(preferred=given.get("preferred", preferred),
                  case=given.get("case", "name" if kind in ("skill", "block-die") else "lower"),
                  variants=list(given.get("variants", [])),
                  aliases=list(given.get("aliases", [])) + [o for o in others if o != given.get("preferred")],
                  forms=list(given.get("forms", [])))
    if lang == "ja":
        latin = re.search(r"[A-Za-z]", names.preferred) is not None
        names.running_text = given.get("running_text", "english" if latin else "katakana")
        names.katakana = given.get("katakana", twin_katakana)
        names.everyday_word = bool(given.get("everyday_word", False))
        names.reading = given.get("reading")
        if names.katakana and names.katakana != names.preferred and names.katakana not in names.aliases:
            names.aliases.append(names.katakana)
    return names


def load_termbase(data_dir: str | Path, repo: Repository, problems: list[Problem], rel: str) -> Termbase:
    """Read and validate `<data_dir>/termbase.yml` against `repo`; append each problem (file:line: field:
    message) to `problems`; return the termbase of every skill, glossary term, weather and kick-off row
    (derived where the file says nothing) and word."""
    return _TermbaseReader(Path(data_dir) / FILE, repo, problems, rel).read()


class _TermbaseReader:
    """One reading of the termbase file: each section checked, then every entry derived from the data."""

    def __init__(self, path: Path, repo: Repository, problems: list[Problem], rel: str):
        self.repo, self.problems, self.rel = repo, problems, rel
        self.raw, self.lines = {}, {}
        if path.is_file():
            try:
                self.raw, self.lines = parse_with_lines(path.read_text(encoding="utf-8"))
            except YamlSyntaxError as exc:
                problems.append(Problem(rel, exc.line, "", str(exc)))
                self.raw = {}
        self.raw = self.raw if isinstance(self.raw, dict) else {}
        self.rows: dict[str, tuple[Entity, dict]] = {}
        for table in repo.of_kind("table"):
            for row in table.get("rows") or []:
                self.rows[f"table:{table.slug}#row-{row['key']}"] = (table, row)
        self.base = Termbase(file=rel)

    def line(self, p: tuple) -> int:
        while p and p not in self.lines:
            p = p[:-1]
        return self.lines.get(p, 1)

    def report(self, p: tuple, message: str) -> None:
        self.problems.append(Problem(self.rel, self.line(p), ".".join(str(x) for x in p), message))

    def section(self, name: str, kind: type, expected: str):
        """The section `name` of the file, or an empty one (reported) when it is not a `kind`."""
        value = self.raw.get(name) or kind()
        if not isinstance(value, kind):
            self.report((name,), expected)
            return kind()
        return value

    def read(self) -> Termbase:
        for key in self.raw:
            if key not in ("entries", "words", "allow", "readings", "stars"):
                self.report((key,), "unknown field (allowed: allow, entries, readings, stars, words)")
        self.given = self.section("entries", dict, "expected a mapping of ids")
        self.words = self.section("words", dict, "expected a mapping of ids")
        self.check_entries()
        self.check_words()
        self.read_readings(self.section("readings", dict, "expected a mapping of entity id -> hiragana reading"))
        self.read_allowed(self.section("allow", list, "expected a list of `<entity id> <field>`"))
        self.read_stars(self.section("stars", dict, "expected a mapping of star player -> katakana"))
        self.derive_entries()
        self.derive_words()
        _check_clashes(self.base, self.report, self.clash)
        return self.base

    def check_entries(self) -> None:
        ctx = Context()
        for entry_id, value in self.given.items():
            m = ENTRY_ID.match(str(entry_id))
            if not m:
                self.report(("entries", entry_id), "not a skill, term or table row id (skill:<slug>, term:<slug>, "
                                                   "table:<slug>#row-<key>)")
                continue
            known = entry_id in self.rows if m.group(3) else f"{m.group(1)}:{m.group(2)}" in self.repo
            if not known:
                self.report(("entries", entry_id), f"unknown {'table row' if m.group(3) else m.group(1)} {entry_id!r}")
            ENTRY_SPEC.check(value, ("entries", entry_id), self.report, ctx)
        self.ctx = ctx

    def check_words(self) -> None:
        for key, value in self.words.items():
            if not WORD_KEY.match(str(key)):
                self.report(("words", key), "a word key is lower-case ASCII kebab-case")
            WORD_SPEC.check(value, ("words", key), self.report, self.ctx)
            if isinstance(value, dict) and isinstance(value.get("see"), str) and value["see"] not in self.repo:
                self.report(("words", key, "see"), f"unknown entity {value['see']!r}")

    def read_readings(self, readings: dict) -> None:
        for entity_id, reading in readings.items():
            if str(entity_id).split(":", 1)[0] not in ("table", "sequence", "roll") or entity_id not in self.repo:
                self.report(("readings", entity_id),
                            f"expected the id of a table, sequence or roll that exists, got {entity_id!r}")
            elif not isinstance(reading, str) or not HIRAGANA.match(reading):
                self.report(("readings", entity_id), f"expected a hiragana reading, got {reading!r}")
            else:
                self.base.readings[str(entity_id)] = reading

    def read_stars(self, stars: dict) -> None:
        """Each star's katakana; a star that no star player rule names, or one named without katakana, is
        reported (a Japanese search for him would find nothing)."""
        named = {star for rule in self.repo.of_kind("star-rule") for star in rule.get("stars") or []}
        for star, katakana in stars.items():
            if star not in named:
                self.report(("stars", star), f"{star!r} is in no star player rule's `stars`")
            elif not isinstance(katakana, str) or not KATAKANA.match(katakana):
                self.report(("stars", star), f"expected a katakana name, got {katakana!r}")
            else:
                self.base.stars[str(star)] = katakana
        if stars:
            for star in sorted(named - set(stars)):
                self.report(("stars",), f"no katakana for the star player {star!r}")

    def read_allowed(self, allow: list) -> None:
        for i, item in enumerate(allow):
            entity_id = str(item).split(" ", 1)[0]
            if entity_id not in self.repo or " " not in str(item):
                self.report(("allow", i), f"expected `<entity id> <field>` of an entity that exists, got {item!r}")
            else:
                self.base.allowed.add(str(item))

    def given_of(self, entry_id: str) -> dict:
        value = self.given.get(entry_id)
        return value if isinstance(value, dict) else {}

    def names(self, entry_id: str, name: dict, kind: str, twin_katakana: str | None = None) -> dict[str, Names]:
        """Every language's names of one entry: what the termbase gives, over what `name` (the data's) says."""
        g = self.given_of(entry_id)
        return {lang: _names(lang, g.get(lang) or {}, name.get(lang) or name["en"], kind=kind,
                             twin_katakana=twin_katakana) for lang in LANGUAGES}

    def derive_entries(self) -> None:
        """An entry for every skill, glossary term and table row, named as the data names it."""
        for skill in self.repo.of_kind("skill"):
            twin = self.repo.get(f"term:{skill.slug}")
            twin_ja = split_name(twin["name"]["ja"])[0] if twin and twin["name"].get("ja") else None
            if twin_ja and not KATAKANA.match(twin_ja):
                twin_ja = None
            self.base.entries.append(Entry(skill.id, "skill", skill.id, skill.anchor, None,
                                           self.names(skill.id, skill["name"], "skill", twin_ja)))
        for term in self.repo.of_kind("term"):
            self.base.entries.append(Entry(term.id, "term", term.id, term.anchor, None,
                                           self.names(term.id, term["name"], "term")))
        for row_id, (table, row) in self.rows.items():
            self.base.entries.append(Entry(row_id, "row", table.id, row_id.partition("#")[2], None,
                                           self.names(row_id, row["name"], "row")))

    def derive_words(self) -> None:
        """An entry for every house word of `words:` (no entity of its own: named by the termbase alone)."""
        for key, value in self.words.items():
            if not isinstance(value, dict) or not isinstance(value.get("en"), dict):
                continue
            en = value["en"].get("preferred")
            if not en:
                self.report(("words", key, "en", "preferred"), "a word needs its English `preferred` name")
                continue
            group = value.get("group")
            see = value.get("see") if isinstance(value.get("see"), str) else ""
            target = self.repo.get(see)
            self.base.entries.append(Entry(f"word:{key}", "word", see, target.anchor if target else None, group, {
                lang: _names(lang, value.get(lang) or {}, (value.get(lang) or {}).get("preferred", en),
                             kind="block-die" if group == "block-die" else "word", twin_katakana=None)
                for lang in LANGUAGES}))

    def name_of(self, entry_id: str, lang: str, alias: str) -> Problem | None:
        """Where an alias that the termbase does not give comes from: the entity's own `name` (its
        parenthesised or slashed parts), so a clash is reported in the file a contributor edits."""
        if alias in ((self.given_of(entry_id).get(lang) or {}).get("aliases") or []):
            return None
        if entry_id in self.rows:
            table, row = self.rows[entry_id]
            index = next(i for i, r in enumerate(table["rows"]) if r is row)
            return Problem(table.file, table.line(("rows", index, "name", lang)), f"rows[{index}].name.{lang}", "")
        entity = self.repo.get(entry_id)
        if entity is None:
            return None
        return Problem(entity.file, entity.line(("name", lang)), f"name.{lang}", "")

    def clash(self, entry_id: str, lang: str, alias: str, message: str) -> None:
        at = self.name_of(entry_id, lang, alias)
        if at is None:
            self.report(_where(entry_id, lang, "aliases"), message)
        else:
            self.problems.append(Problem(at.file, at.line, at.field, f"{message} (an alias taken from this name)"))


def _check_clashes(base: Termbase, report, clash) -> None:
    """An alias finds one entry only; a variant is never another entry's preferred name or its own.
    `clash(entry_id, lang, alias, message)` reports an alias found twice, where that alias was written."""
    for lang in LANGUAGES:
        owner: dict[str, str] = {}
        preferred = {e.names[lang].preferred: e.id for e in base.entries}
        for entry in base.entries:
            names = entry.names[lang]
            for alias in names.aliases:
                first = owner.setdefault(alias.lower(), entry.id)
                if first != entry.id:
                    clash(entry.id, lang, alias, f"alias {alias!r} already belongs to {first}")
            for variant in names.variants:
                if variant == names.preferred:
                    report(_where(entry.id, lang, "variants"), f"{variant!r} is the preferred name itself")
                elif variant in preferred and preferred[variant] != entry.id:
                    report(_where(entry.id, lang, "variants"),
                           f"{variant!r} is the preferred name of {preferred[variant]}")


def _where(entry_id: str, lang: str, name: str) -> tuple:
    if entry_id.startswith("word:"):
        return ("words", entry_id[5:], lang, name)
    return ("entries", entry_id, lang, name)
