"""Checks that span entities: references resolve, keys are unique, tables cover their dice."""
from __future__ import annotations

import difflib
import re
from typing import Callable, Iterator

from .coverage import cross_checks as coverage_checks
from .links import link_problems
from .model import LANGUAGES, Entity, Problem, Repository, step_labels
from .schema import Context
from .text import CJK, find_refs
from .verification import records, statements

DICE_RANGE = {"d3": (1, 3), "d6": (1, 6), "d8": (1, 8), "2d6": (2, 12), "d16": (1, 16), "d68": (11, 68)}
#: the results a die can show, where its range has gaps: the classic D68 (a D6 for tens, a D8 for units)
DICE_GAPS = {"d68": frozenset(10 * t + u for t in range(1, 7) for u in range(1, 9))}


def cross_checks(repo: Repository, entity: Entity, ctx: Context,
                 format_path: Callable[[tuple], str]) -> Iterator[Problem]:
    """Yield every problem of `entity` that needs the rest of the repository to see."""

    def problem(path: tuple, message: str) -> Problem:
        return Problem(entity.file, entity.line(path), format_path(path), message)

    for path, target, anchor in ctx.refs:
        other = repo.get(target)
        if other is None:
            in_text = path[-1] in LANGUAGES  # a [[ref]] inside a text, rather than an id field
            kind, _, slug = target.partition(":")
            what = f"unknown reference {target!r}" if in_text else f"unknown {kind} {slug!r}"
            yield problem(path, f"{what}{_suggest(repo, target)}")
        elif anchor and anchor not in other.anchors():
            yield problem(path, f"{target} has no anchor #{anchor}"
                                f"{_suggest_in(sorted(other.anchors()), anchor)}")

    yield from _free_string_links(entity, problem)
    yield from _doubled_end_marks(repo, entity, ctx, problem)
    yield from _japanese_ref_spaces(repo, entity, ctx, problem)

    seen: dict[str, str] = {}
    for path, step in _steps_with_paths(entity.get("steps"), ("steps",)):
        key = step.get("key")
        if key in seen:
            yield problem(path + ("key",), f"step key {key!r} is already used by {seen[key]}")
        seen.setdefault(key, format_path(path))

    if entity.kind == "table":
        yield from _row_rolls(entity, problem)
    if entity.kind == "table" and entity.get("dice") in DICE_RANGE:
        yield from _coverage(entity, problem)
    if entity.kind == "roll":
        yield from _roll_checks(repo, entity, problem)
    if entity.kind == "comparison":
        yield from _comparison_checks(entity, problem)
    if entity.kind == "ruling":
        yield from _ruling_checks(entity, problem)
    if entity.kind == "engine-option":
        yield from _engine_option_checks(repo, entity, problem)
    if entity.kind == "coverage":
        yield from coverage_checks(repo, entity, problem)
    yield from _checked_records(repo, entity, problem)
    if entity.kind == "edition" and entity.get("grouped_with"):
        other = repo.get(f"edition:{entity['grouped_with']}")
        if other is not None and (other is entity or other.get("grouped_with")):
            yield problem(("grouped_with",), f"{other.id} must be an edition the reader can choose "
                                             "(one without grouped_with of its own)")
    if entity.kind in ("sequence", "table", "roll"):
        suffix = entity.slug.rpartition("-")[2]
        if f"edition:{suffix}" in repo and suffix not in entity.editions:
            yield problem(("editions",), f"the slug names edition {suffix!r}, which `editions` does not list "
                                         "(the slug's last word is how other editions find this page)")


def _free_string_links(entity: Entity, problem) -> Iterator[Problem]:
    """A string that is not an {en, fr, ja} text (a publisher, a section, a label) makes no link but to
    https: or a relative URL either, once read as Markdown: the open data publishes it as it is, and a
    consumer may render it. The texts themselves are checked by the schema (plugins/data/schema.py)."""
    for path, value in strings_with_paths(entity.data):
        if isinstance(path[-1], str) and path[-1] in LANGUAGES and _is_text_map(_at(entity.data, path[:-1])):
            continue
        for message in link_problems(value):
            yield problem(path, message)


def strings_with_paths(value) -> Iterator[tuple[tuple, str]]:
    """Every string in a parsed YAML value, with its field path: ((key or index, …), string), depth first."""
    pending = [((), value)]
    while pending:
        path, item = pending.pop()
        if isinstance(item, str):
            yield path, item
        elif isinstance(item, (dict, list)):
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            pending += reversed([(path + (key,), child) for key, child in pairs])


def _is_text_map(value) -> bool:
    return isinstance(value, dict) and "en" in value and set(value) <= set(LANGUAGES)


# a link to a ruling (shown as its question) and the mark right after it
_RULING_LINK_END = re.compile(r"\[\[ruling:(?P<slug>[a-z0-9][a-z0-9-]*)(?:#[a-z0-9-]+)?(?:\|(?P<text>[^\]|]+))?\]\]"
                              r"(?P<mark>[.。])")
_END_MARKS = "?!？！。"


def _doubled_end_marks(repo: Repository, entity: Entity, ctx: Context, problem) -> Iterator[Problem]:
    """A sentence that ends with a link to a ruling, whose question (the link's text) already ends with ? ! or
    。, adds no period of its own: "…use Stab?." """
    for path in dict.fromkeys(p for p, target, _ in ctx.refs if target.startswith("ruling:") and p[-1] in LANGUAGES):
        text = _at(entity.data, path)
        if not isinstance(text, str):
            continue
        for match in _RULING_LINK_END.finditer(text):
            ruling = repo.get(f"ruling:{match['slug']}")
            question = (ruling.get("question") or {}).get(path[-1]) if ruling is not None else None
            label = (match["text"] or question or "").rstrip()
            if label and label[-1] in _END_MARKS:
                yield problem(path, f"{match[0]!r}: the link shows the ruling's question, which already ends with "
                                    f"{label[-1]!r}; drop the {match['mark']!r} after it")


_JA_CHAR = f"[{CJK}]"
# a reference with a plain space between it and a Japanese character, on either side
_ANY_REF = r"\[\[[a-z][a-z-]*:[^\]]+\]\]"
_JA_SPACED_REF = (re.compile(rf"{_JA_CHAR} +(?P<ref>{_ANY_REF})"), re.compile(rf"(?P<ref>{_ANY_REF}) +{_JA_CHAR}"))
# a reference to a step glued to the Japanese after it
_JA_GLUED_STEP_REF = re.compile(rf"(?P<ref>\[\[[a-z][a-z-]*:[a-z0-9-]+#step-[a-z0-9-]+(?:\|[^\]]+)?\]\]){_JA_CHAR}")


def _ja_label(repo: Repository, ref) -> str | None:
    """What a reference shows in Japanese: its own text, a ruling's question, a step's 「…の手順 5aa」 (whose end is
    the step's number as the page numbers it), or its target's name; None for an unknown target."""
    target = repo.get(ref.target)
    if ref.text or target is None:
        return ref.text
    if target.kind == "ruling":
        return (target.get("question") or {}).get("ja")
    if ref.anchor and ref.anchor.startswith("step-"):
        key = ref.anchor[len("step-"):]
        return f"{target.title('ja')}の手順 {step_labels(target.get('steps')).get(key, key)}"
    return target.title("ja")


def _japanese_ref_spaces(repo: Repository, entity: Entity, ctx: Context, problem) -> Iterator[Problem]:
    """In Japanese, a [[reference]] shown as Japanese words ("[[term:team-re-roll]]" is チームリロール) takes
    no space next to a Japanese character: "使える チームリロール を" reads as a gap in the sentence. A
    reference that shows Latin letters at that edge (a skill's English name, a step numbered 5aa) keeps its
    space, as any Latin word does, and one glued there is refused: 「手順 5aaを」 (review 6 J6)."""
    for path in dict.fromkeys(p for p, _, _ in ctx.refs if p[-1] == "ja"):
        text = _at(entity.data, path)
        if not isinstance(text, str):
            continue
        for before, match in ((before, m) for before, pattern in zip((True, False), _JA_SPACED_REF)
                              for m in pattern.finditer(text)):
            refs = find_refs(match["ref"])
            label = _ja_label(repo, refs[0]) if refs else None  # no refs: a malformed one, which the schema reports
            if not label or not label.strip():
                continue
            edge = label.strip()[0] if before else label.strip()[-1]
            if re.match(_JA_CHAR, edge):
                yield problem(path, f"{match[0]!r}: no space between a Japanese character and a reference shown "
                                    f"in Japanese ({label.strip()!r})")
        for match in _JA_GLUED_STEP_REF.finditer(text):
            label = _ja_label(repo, find_refs(match["ref"])[0])
            if label and re.search(r"[A-Za-z]$", label.strip()):
                yield problem(path, f"{match[0]!r}: the reference ends in Latin letters ({label.strip()!r}); keep a "
                                    "space before the Japanese after it (「手順 5aa を参照」)")


def _at(value, path: tuple):
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _steps_with_paths(steps, path: tuple) -> Iterator[tuple[tuple, dict]]:
    for i, step in enumerate(steps or []):
        if isinstance(step, dict) and "key" in step:
            yield path + (i,), step
            yield from _steps_with_paths(step.get("steps"), path + (i, "steps"))


def _row_rolls(entity: Entity, problem) -> Iterator[Problem]:
    """A dice table gives every row its `roll`; a table without `dice` is a list, whose rows have none."""
    dice = "dice" in entity.data
    for i, row in enumerate(entity.get("rows") or []):
        if not isinstance(row, dict):
            continue
        if dice and "roll" not in row:
            yield problem(("rows", i), f"a row of a {entity['dice']} table needs `roll`")
        elif not dice and "roll" in row:
            yield problem(("rows", i, "roll"), "a table without `dice` is a list: its rows take no `roll`")


def _coverage(entity: Entity, problem) -> Iterator[Problem]:
    low, high = DICE_RANGE[entity["dice"]]
    covered: dict[int, str] = {}
    for i, row in enumerate(entity.get("rows") or []):
        roll = row.get("roll") if isinstance(row, dict) else None
        if isinstance(roll, int) and not isinstance(roll, bool):
            span = [roll]
        elif isinstance(roll, list) and len(roll) == 2 and all(isinstance(r, int) for r in roll):
            span = list(range(roll[0], roll[1] + 1))
            if roll[0] > roll[1]:
                yield problem(("rows", i, "roll"), f"range {roll} runs backwards")
        else:
            continue
        possible = DICE_GAPS.get(entity["dice"])
        if possible is not None and isinstance(roll, list):
            span = [v for v in span if v in possible]  # a range such as 11-38 skips 19 and 20
        for value in span:
            if not low <= value <= high or (possible is not None and value not in possible):
                yield problem(("rows", i, "roll"), f"{value} cannot be rolled on {entity['dice']} ({low}–{high})")
            elif value in covered:
                yield problem(("rows", i, "roll"), f"{value} is already covered by row {covered[value]!r}")
            else:
                covered[value] = row.get("key")
    possible = DICE_GAPS.get(entity["dice"])
    missing = [v for v in range(low, high + 1) if v not in covered and (possible is None or v in possible)]
    if missing:
        yield problem(("rows",), f"no row covers {', '.join(map(str, missing))} of {entity['dice']}")


def _roll_checks(repo: Repository, entity: Entity, problem) -> Iterator[Problem]:
    if sum(k in entity.data for k in ("target", "characteristic", "target_number")) != 1:
        yield problem((), "a roll needs exactly one of `target` (a target table), `characteristic` (ag or pa, "
                          "when the characteristic itself is the N+ to roll) or `target_number` (a fixed N+, "
                          "whatever the player: the Rush)")
    target = repo.get(f"target:{entity.get('target')}")
    if target is not None and not set(entity.editions) <= set(target.editions):
        yield problem(("editions",), f"the target table {target.id} does not cover editions "
                                     f"{sorted(set(entity.editions) - set(target.editions))}")
    groups: dict[str, int] = {}
    for mod in entity.get("modifiers") or []:
        if isinstance(mod, dict) and mod.get("group"):
            groups[mod["group"]] = groups.get(mod["group"], 0) + 1
    for group, count in groups.items():
        if count < 2:
            yield problem(("modifiers",), f"group {group!r} has a single choice; drop the group or add choices")


def _comparison_checks(entity: Entity, problem) -> Iterator[Problem]:
    """Every row has a cell for each edition compared, and only for those."""
    editions = set(entity.editions)
    for i, row in enumerate(entity.get("rows") or []):
        cells = set((row.get("cells") or {}) if isinstance(row, dict) else {})
        if cells != editions:
            yield problem(("rows", i, "cells"), f"cells must cover exactly the editions {sorted(editions)}, "
                                                f"got {sorted(cells)}")
    if not set(entity.get("entities") or {}) <= editions:
        yield problem(("entities",), "an entity is given for an edition this comparison does not list")


def _ruling_checks(entity: Entity, problem) -> Iterator[Problem]:
    """A ruling's status agrees with its positions' readings (when every position names one)."""
    positions = [p for p in entity.get("positions") or [] if isinstance(p, dict)]
    for i, position in enumerate(positions):
        extra = [e for e in position.get("editions") or [] if e not in entity.editions]
        if extra:
            yield problem(("positions", i, "editions"), f"{', '.join(map(str, extra))} not among the ruling's editions "
                                                        f"({', '.join(entity.editions)})")
    readings = {p.get("reading") for p in positions}
    if not positions or not all(isinstance(r, str) for r in readings):
        return  # a position without a reading, or one the schema already reports (`reading: yes` is a boolean)
    status = entity.get("status")
    if status == "settled" and len(readings) > 1:
        yield problem(("status",), f"the positions take {len(readings)} readings ({', '.join(sorted(readings))}): "
                                   "a ruling whose positions differ cannot be settled (use disputed)")
    if status == "disputed" and len(readings) < 2:
        yield problem(("status",), "every position takes the same reading: a disputed ruling needs at least two")


def _engine_option_checks(repo: Repository, entity: Entity, problem) -> Iterator[Problem]:
    """An engine option names exactly one of `ruling` (the reading it switches) and `not_rules` (why it is
    not a rules question), and its `engine` is a source of kind `engine`."""
    has = [name for name in ("ruling", "not_rules") if name in entity.data]
    if len(has) != 1:
        yield problem((), "an engine option needs exactly one of `ruling` (the ruling that shows the reading it "
                          f"switches) and `not_rules` (why it is not a rules question); it has {len(has)}")
    engine = repo.get(f"source:{entity.get('engine')}")
    if engine is not None and engine.get("kind") != "engine":
        yield problem(("engine",), f"{engine.id} is a source of kind {engine.get('kind')!r}, not an engine")


def _checked_records(repo: Repository, entity: Entity, problem) -> Iterator[Problem]:
    """Each `checked` record names a statement of this entity, one of its editions, and a source for it."""
    by_name = {s.of: s for s in statements(entity)}
    for i, record in records(entity):
        path = ("checked", i)
        statement = by_name.get(str(record.get("of")))
        if statement is None:
            yield problem(path + ("of",), f"{entity.id} has no statement {record.get('of')!r}"
                                          f"{_suggest_name(sorted(by_name), str(record.get('of')))}")
            continue
        edition = record.get("edition")
        if edition not in statement.editions:
            yield problem(path + ("edition",), f"{statement.of} speaks for {', '.join(statement.editions)}, "
                                               f"not {edition!r}")
        source = repo.get(f"source:{record.get('source')}")
        if source is not None and edition not in source.editions:
            yield problem(path + ("source",), f"{source.id} does not cover edition {edition!r} "
                                              f"(its editions: {', '.join(source.editions)})")
        verdict = record.get("verdict")
        if verdict in ("agrees", "differs") and "at" not in record:
            yield problem(path, f"a record with verdict {verdict!r} says where in the source (`at`)")
        if verdict == "differs" and "note" not in record:
            yield problem(path, "a record with verdict 'differs' says what the source says instead (`note`)")
        for j, claim in enumerate(record.get("claims") or []):
            if claim not in statement.claims:
                listed = ", ".join(statement.claims) or "none"
                yield problem(path + ("claims", j), f"{statement.of} does not list the claim {claim!r} "
                                                    f"(its claims: {listed})")
    yield from _claims_lists(entity, by_name, problem)


def _claims_lists(entity: Entity, by_name: dict, problem) -> Iterator[Problem]:
    """Each `claims` entry names a statement of this entity, once, with distinct keys."""
    seen: set[str] = set()
    for i, entry in enumerate(entity.get("claims") or []):
        if not isinstance(entry, dict):
            continue
        of = str(entry.get("of"))
        if of not in by_name:
            yield problem(("claims", i, "of"), f"{entity.id} has no statement {of!r}"
                                               f"{_suggest_name(sorted(by_name), of)}")
        elif of in seen:
            yield problem(("claims", i, "of"), f"the claims of {of} are listed twice")
        seen.add(of)
        keys = [str(k.get("key")) if isinstance(k, dict) else str(k) for k in entry.get("keys") or []]
        if len(set(keys)) != len(keys):
            yield problem(("claims", i, "keys"), "a claim is listed twice")


def _suggest(repo: Repository, target: str) -> str:
    close = difflib.get_close_matches(target, list(repo.entities), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _suggest_in(candidates: list[str], value: str) -> str:
    close = difflib.get_close_matches(value, candidates, n=1)
    return f" (did you mean #{close[0]}?)" if close else ""


def _suggest_name(candidates: list[str], value: str) -> str:
    close = difflib.get_close_matches(value, candidates, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
