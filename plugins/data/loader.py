"""Read every YAML file under data/, validate it, and return a Repository or raise DataError.

All problems are collected before failing, each located as `data/…/file.yml:LINE: field.path: message`.
"""
from __future__ import annotations

from pathlib import Path

from .checks import cross_checks
from .model import KIND_BY_FOLDER, DataError, Entity, Problem, Repository
from .schema import SLUG, Context, validate_entity
from .termbase import FILE, load_termbase
from .text import normalize_japanese
from .yamlio import YamlSyntaxError, parse_with_lines


def format_path(path: tuple) -> str:
    """("steps", 2, "text", "fr") -> "steps[2].text.fr"."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


_LOADED: dict[Path, tuple[tuple, Repository]] = {}


def load_repository_cached(data_dir: str | Path) -> Repository:
    """:func:`load_repository`, reused while no file under `data_dir` changed (the same paths, sizes and
    modification times): the three languages of one build read the same data, and `mkdocs serve` loads it
    again after an edit. The Repository returned is shared: callers must not change it.

    Raises:
        DataError: as :func:`load_repository` (a failed load is not kept).
    """
    data_dir = Path(data_dir).resolve()
    stamp = tuple(sorted((str(path), stat.st_size, stat.st_mtime_ns)
                         for path in data_dir.rglob("*") if path.is_file() for stat in (path.stat(),)))
    kept = _LOADED.get(data_dir)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    repo = load_repository(data_dir)
    _LOADED.clear()  # one data folder at a time: a test's fixture data does not pile up
    _LOADED[data_dir] = (stamp, repo)
    return repo


def load_repository(data_dir: str | Path, *, allow_missing_translations: bool = True) -> Repository:
    """Load and validate all of `data_dir`.

    Args:
        data_dir: the data folder (usually `data/` at the project root).
        allow_missing_translations: when False, a missing `fr`/`ja` text is an error too; when True it
            is only listed in `Repository.translation_problems` (the build warns, the tests fail).

    Returns:
        The Repository of every entity.

    Raises:
        DataError: listing every problem found, one line each.
    """
    data_dir = Path(data_dir)
    root = data_dir.resolve().parent
    repo = Repository(root=root)
    problems: list[Problem] = []
    contexts: dict[str, Context] = {}

    for folder, kind in KIND_BY_FOLDER.items():
        for path in sorted((data_dir / folder).glob("*")):
            rel = _relative(path, root)
            if path.suffix not in (".yml", ".yaml"):
                if not path.name.startswith("."):
                    problems.append(Problem(rel, 1, "", "only .yml files belong here"))
                continue
            slug = path.stem
            if not SLUG.match(slug):
                problems.append(Problem(rel, 1, "", f"file name {slug!r} is not a valid slug "
                                                    "(lower-case ASCII letters, digits, hyphens)"))
                continue
            try:
                data, lines = parse_with_lines(path.read_text(encoding="utf-8"))
            except UnicodeDecodeError:
                problems.append(Problem(rel, 1, "", "file is not UTF-8"))
                continue
            except YamlSyntaxError as exc:
                problems.append(Problem(rel, exc.line, "", str(exc)))
                continue
            _normalize_japanese_texts(data)
            entity = Entity(kind=kind, slug=slug, file=rel, data=data if isinstance(data, dict) else {},
                            lines=lines)
            if entity.id in repo.entities:
                other = repo.entities[entity.id].file
                problems.append(Problem(rel, 1, "", f"id {entity.id} is already defined by {other}"))
                continue
            if not isinstance(data, dict):
                problems.append(Problem(rel, 1, "", "the file must hold a mapping of fields"))
                continue
            ctx = Context()

            def report(field_path: tuple, message: str, entity: Entity = entity) -> None:
                problems.append(Problem(entity.file, entity.line(field_path), format_path(field_path), message))

            validate_entity(kind, data, report, ctx)
            for field_path, lang in ctx.missing:
                repo.translation_problems.append(
                    Problem(rel, entity.line(field_path[:-1]), format_path(field_path),
                            f"the {lang} text is missing", translation=True))
            repo.entities[entity.id] = entity
            contexts[entity.id] = ctx

    for entity_id, ctx in contexts.items():
        entity = repo.entities[entity_id]
        try:
            problems.extend(cross_checks(repo, entity, ctx, format_path))
        except Exception:  # noqa: BLE001 - see below
            # The cross-checks read entities the field checks have passed; with a problem already found, an
            # entity of the wrong shape may trip them: say so at the file, once its problems are fixed it runs.
            if not problems:
                raise
            problems.append(Problem(entity.file, 1, "", "not cross-checked until the other problems are fixed"))
    if not problems:  # the termbase reads every entity's names: only once every entity has the right shape
        repo.termbase = load_termbase(data_dir, repo, problems, _relative(data_dir / FILE, root))
    if not allow_missing_translations:
        problems.extend(repo.translation_problems)
    if problems:
        raise DataError(sorted(problems, key=lambda p: (p.file, p.line, p.field)), _relative(data_dir, root) + "/")
    return repo


def _normalize_japanese_texts(value) -> None:
    """In place: every `ja` text of a {en, fr, ja} map loses the spaces YAML folding put between CJK."""
    if isinstance(value, dict):
        if isinstance(value.get("ja"), str) and "en" in value:
            value["ja"] = normalize_japanese(value["ja"])
        for item in value.values():
            _normalize_japanese_texts(item)
    elif isinstance(value, list):
        for item in value:
            _normalize_japanese_texts(item)


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()
