"""Text defects a reader found on a phone in French and Japanese (review of December 2026), each read from
the real data: every test failed before its fix."""
from __future__ import annotations

import re

import pytest

LANGS = ("en", "fr", "ja")


def _texts(value, path=()):
    """(path, language, text) of every {en, fr, ja} text inside `value`."""
    if isinstance(value, dict):
        if isinstance(value.get("en"), str):
            for lang in LANGS:
                if isinstance(value.get(lang), str):
                    yield path + (lang,), lang, value[lang]
        for key, item in value.items():
            yield from _texts(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, path + (i,))


def _all_texts(repo, lang=None):
    for entity in repo.entities.values():
        for path, text_lang, text in _texts(entity.data):
            if lang is None or text_lang == lang:
                yield entity, path, text_lang, text


# --- 3. "?." after a link to a ruling ------------------------------------------------------------

RULING_LINK_END = re.compile(r"\[\[ruling:([a-z0-9-]+)(?:#[a-z0-9-]+)?(?:\|([^\]|]+))?\]\]([.。])")


def test_no_period_after_a_ruling_link_whose_question_ends_its_sentence(repo):
    doubled = []
    for entity, path, lang, text in _all_texts(repo):
        for match in RULING_LINK_END.finditer(text):
            label = (match[2] or repo.entities[f"ruling:{match[1]}"].data["question"][lang]).rstrip()
            if label[-1] in "?!？！。":
                doubled.append(f"{entity.id} {'.'.join(map(str, path))}: {match[0]}")
    assert not doubled, "\n".join(doubled)
