"""The UI strings that depend on a count (review 7, finding 4: the rulings filter's « 9 décisions »): the
catalogs' plural entries are filled in every form, and `Messages.plurals` gives each CLDR plural category the
form gettext picks for its counts (French: 0 and 1 singular, a million "de"; Japanese: one form)."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from plugins.site.messages import Messages

LOCALE = Path(__file__).resolve().parents[2] / "plugins" / "locale"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_plural_entry_has_every_form(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=lang)
    plural = [m for m in catalog if m.id and isinstance(m.id, tuple)]
    assert plural, "the rulings count is a plural entry"
    for message in plural:
        assert len(message.string) == catalog.num_plurals and all(message.string), message.id


@pytest.mark.parametrize("lang, forms", [
    ("en", {"one": "{n} ruling", "other": "{n} rulings"}),
    ("fr", {"one": "{n} décision", "many": "{n} de décisions", "other": "{n} décisions"}),
    ("ja", {"other": "{n} 件の裁定"}),
])
def test_each_plural_category_gets_its_form(lang, forms):
    t = Messages(lang)
    assert t.plurals("{n} ruling", "{n} rulings") == forms
    assert t.missing == set()
    # the categories are those of the language's CLDR rule, which Intl.PluralRules also follows
    assert {t.locale.plural_form(n) for n in (0, 1, 2, 10 ** 6)} == set(forms)


def test_a_plural_entry_missing_from_the_catalog_is_recorded():
    t = Messages("fr")
    assert t.plurals("{n} unknown thing", "{n} unknown things")["one"] == "{n} unknown thing"
    assert t.missing == {"{n} unknown thing"}
