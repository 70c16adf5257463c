"""The real data: complete in three languages, typographically right, and no seed copied."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
SHARED = PROJECT.parent / "shared"


def test_every_text_has_french_and_japanese(repo):
    assert [str(p) for p in repo.translation_problems] == []


def _texts(repo, lang):
    """(entity, field path, text) for every text of one language."""
    def walk(value, path):
        if isinstance(value, dict):
            if set(value) <= {"en", "fr", "ja"} and lang in value and isinstance(value[lang], str):
                yield path, value[lang]
            else:
                for key, item in value.items():
                    yield from walk(item, path + (key,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                yield from walk(item, path + (i,))

    for entity in repo.entities.values():
        for path, text in walk(entity.data, ()):
            yield entity, path, text


REFS = re.compile(r"\[\[[^\]]*\]\]|`[^`]*`|https?://\S+")


def test_french_typography(repo):
    """A no-break space (U+00A0 or U+202F) before : ; ! ? and inside « », except inside a name kept in English
    (a star rule or skill whose French name is its English one: « Kaboom! », docs/writing-policy.md)."""
    english = sorted({e["name"]["en"] for kind in ("star-rule", "skill") for e in repo.of_kind(kind)
                      if e["name"]["fr"] == e["name"]["en"] and re.search(r"[;:!?]", e["name"]["en"])}, key=len)
    kept_english = re.compile("|".join(re.escape(name) for name in reversed(english)) or r"(?!)")
    bad = []
    for entity, path, text in _texts(repo, "fr"):
        prose = kept_english.sub("", REFS.sub("", text))
        for match in re.finditer(r"(?:[^\u00a0\u202f]|^)[;:!?»]|«[^\u00a0\u202f]", prose):
            char = match.group(0)
            if char[-1] == ":" and re.search(r"\d:\d", prose[match.start(): match.end() + 1]):
                continue  # 10:30, ratios
            bad.append(f"{entity.file}:{entity.line(path)}: {'.'.join(map(str, path))}: {prose[max(0, match.start() - 15): match.end() + 5]!r}")
    assert bad == [], "\n".join(bad[:30])


def test_japanese_punctuation(repo):
    """Japanese running text uses 、。 rather than ASCII commas and full stops between Japanese words."""
    bad = []
    cjk = r"[\u3040-\u30ff\u3400-\u9fff]"
    for entity, path, text in _texts(repo, "ja"):
        prose = REFS.sub("", text)
        if re.search(cjk + r"[,.](?:\s|$)", prose) or re.search(cjk + r"\s*[,]\s*" + cjk, prose):
            bad.append(f"{entity.file}:{entity.line(path)}: {'.'.join(map(str, path))}")
    assert bad == [], "\n".join(bad[:30])


@pytest.mark.skipif(not (SHARED / "tools" / "check_copy.py").is_file(), reason="../shared is not beside the project")
def test_no_seed_sentence_is_copied():
    """No 8-word run of data/ or docs/ repeats a seed or a public rules text (BBBase, Jervis notes, FFB doc
    comments): `check_copy.py --public` compares them with hashed fingerprints of those texts (issue 21)."""
    assert sorted((SHARED / "tools" / "fingerprints").glob("*.bin")), "the public fingerprints are missing"
    out = subprocess.run([sys.executable, str(SHARED / "tools" / "check_copy.py"), "--public"], cwd=PROJECT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:]
    assert "no seed sentence repeated and no public rules sentence either" in out.stdout


def test_every_file_reads_the_same_with_the_pure_python_yaml_parser():
    """The loader uses libyaml, which accepts a few things the reference parser refuses (an unquoted `?` in a
    flow mapping); a data file must mean the same to any YAML reader, an engine's included."""
    import yaml

    from plugins.data.yamlio import parse_with_lines

    differ = []
    for path in sorted((PROJECT / "data").glob("*/*.yml")):
        text = path.read_text(encoding="utf-8")
        try:
            same = yaml.load(text, Loader=yaml.SafeLoader) == parse_with_lines(text)[0]
        except yaml.YAMLError as exc:
            same = False
            differ.append(f"{path.relative_to(PROJECT)}: {str(exc).splitlines()[0]}")
            continue
        if not same:
            differ.append(f"{path.relative_to(PROJECT)}: reads differently")
    assert differ == []
