"""UI strings and number formats per language, from Babel message catalogs.

English strings are the message ids; `plugins/locale/<lang>/LC_MESSAGES/messages.po` translate them.
A string with no translation falls back to English and is recorded in `missing` (the tests fail on it).
"""
from __future__ import annotations

import gettext
import math
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


class Messages:
    """Translate UI strings and format numbers for one language."""

    def __init__(self, lang: str, locale_dir: Path = LOCALE_DIR):
        self.lang = lang
        self.locale = Locale.parse(lang)
        self.catalog = None
        self.missing: set[str] = set()
        if lang != "en":
            with open(locale_dir / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
                self.catalog = read_po(handle, locale=lang)

    def __call__(self, msgid: str, **values: object) -> str:
        """The translation of `msgid`, with `{name}` placeholders filled from `values`."""
        text = msgid
        if self.catalog is not None:
            message = self.catalog.get(msgid)
            if message is not None and message.string and not message.fuzzy:
                text = message.string
            else:
                self.missing.add(msgid)
        return text.format(**values) if values else text

    def plurals(self, singular: str, plural: str) -> dict[str, str]:
        """The forms of a message that depends on a count, by the CLDR plural category that picks each one
        (the categories `Intl.PluralRules` gives in the browser: "one", "many", "other"…; Japanese has "other"
        only), from the catalog's plural entry (msgid `singular`, msgid_plural `plural`, one msgstr per gettext
        form). Each form keeps its `{placeholders}`; English is `singular` for "one", `plural` otherwise. A
        missing or empty form falls back to English and is recorded in `missing` (the tests fail on it).

        Babel's CLDR plural rule names the category of a count and the catalog's gettext plural expression
        gives the form of the same count, so each category gets the form gettext would pick for its counts.
        """
        rule = self.locale.plural_form
        samples: dict[str, int] = {}
        for n in [*range(0, 201), 10 ** 6]:  # a count of each category (CLDR's "many" of French: a million)
            samples.setdefault(rule(n), n)
        message = self.catalog.get(singular) if self.catalog is not None else None
        forms = message.string if message is not None and not message.fuzzy else ()
        if self.catalog is not None and not (isinstance(forms, tuple) and forms and all(forms)):
            self.missing.add(singular)
            forms = ()
        form_of = gettext.c2py(self.catalog.plural_expr if self.catalog is not None else "(n != 1)")
        return {tag: forms[form_of(n)] if forms else (singular if tag == "one" else plural) for tag, n in samples.items()}

    def percent(self, value: Fraction | float, digits: int = 1) -> str:
        """A probability as a locale-formatted percentage, e.g. 0.9722 -> "97,2 %" in French.

        Halves round away from zero (1/16 -> 6.3 %), as `Intl.NumberFormat` does in the browser, so a
        pre-rendered value and the same value computed in the page read the same.
        """
        # The locale's own pattern ("#,##0 %" in French), with the number of decimals we want.
        pattern = self.locale.percent_formats[None].pattern
        pattern = pattern.replace("#,##0", "#,##0." + "0" * digits if digits else "#,##0", 1)
        scaled = Fraction(value) * 100 * 10 ** digits
        rounded = math.floor(abs(scaled) + Fraction(1, 2)) * (1 if scaled >= 0 else -1)
        return format_percent(Decimal(rounded) / Decimal(10 ** (digits + 2)), pattern, locale=self.locale)

    def number(self, value: float | int) -> str:
        return format_decimal(value, locale=self.locale)
