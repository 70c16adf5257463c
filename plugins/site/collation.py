"""Dictionary order for the lists the site generates (skills, glossary terms, star player rules).

Python's `sorted` compares code points, so a French list put Échappée and À Terre after Zèle, and a Japanese
one put every kanji name after the katakana ones and アーマー after アポセカリー (ー is a late code point).
No collation library is installed (Babel has none; PyICU is a C extension, pykakasi is not packaged for
this project), and these rules are enough for the site's names:

* en, fr: the name without accents, ligatures or case first (Échappée sorts as echappee, Œil as oeil),
  then, between names that only differ there, the plain letter before the accented one (cote, côte);
  punctuation and spaces are ignored at the first level (« Timmm-ber ! » as timmmber).
* ja: Latin names first, in the order above (Japanese lists write skills and star rules in English); then
  names by their kana reading, in gojūon order (あいうえお…): hiragana and katakana alike, a small kana as
  its full-size kana, the long-vowel mark ー as the vowel of the kana before it, a voiced kana (が, ぱ)
  right after its plain one; a name that has a kanji is sorted by its `reading` (hiragana) from the
  termbase (data/termbase.yml; a table's, sequence's or roll's title by its `readings:`), which a check
  requires (tests/site/test_collation.py).
"""
from __future__ import annotations

import unicodedata
from typing import Callable

LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss"})
KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
SMALL_KANA = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
KANJI_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x3005, 0x3007))
VOWEL_OF: dict[str, str] = {}
for _vowel, _row in zip("あいうえお", ("あかさたなはまやらわ", "いきしちにひみり", "うくすつぬふむゆる",
                                        "えけせてねへめれ", "おこそとのほもよろを")):
    VOWEL_OF.update(dict.fromkeys(_row, _vowel))
VOWEL_OF["ん"] = "ん"


def has_kanji(text: str) -> bool:
    """Whether `text` has a kanji (or 々 〆 〇), whose reading no rule can tell."""
    return any(low <= ord(char) <= high for char in text for low, high in KANJI_RANGES)


def latin_key(text: str) -> tuple[str, str]:
    """The key of a Latin-script name: (letters and digits folded, then the name in lower case).

    'Échappée' -> ('echappee', 'échappée'); 'Timmm-ber !' -> ('timmmber', 'timmm-ber !').
    """
    lowered = unicodedata.normalize("NFC", text.lower().translate(LIGATURES))
    decomposed = unicodedata.normalize("NFKD", lowered)
    folded = "".join(char for char in decomposed if char.isalnum() and not unicodedata.combining(char))
    return folded, lowered


def kana_key(text: str) -> tuple[str, str]:
    """The key of a kana name: (its gojūon letters with voicing and size dropped, then with voicing kept).

    Katakana reads as hiragana, ー as the vowel before it: 'アーマー' -> ('ああまあ', 'ああまあ'),
    'バウンド' -> ('はうんと', 'ばうんど'). Characters that are not kana are kept as they are.
    """
    hiragana = unicodedata.normalize("NFKC", text).translate(KATAKANA_TO_HIRAGANA).translate(SMALL_KANA)
    spelled: list[str] = []
    for char in hiragana:
        if char == "ー":
            char = VOWEL_OF.get(unicodedata.normalize("NFD", spelled[-1])[0], "") if spelled else ""
        if char.isalnum():
            spelled.append(char)
    voiced = "".join(spelled)
    plain = "".join(unicodedata.normalize("NFD", char)[0] for char in voiced)
    return plain, voiced


def sort_key(name: str, lang: str, reading: str | None = None) -> tuple:
    """The dictionary-order key of a displayed `name` in `lang` ("en", "fr" or "ja").

    In Japanese, `reading` (hiragana) stands for a name that has a kanji; a kanji name without one sorts
    after every kana name, by code point. Raises nothing; an empty name sorts first.
    """
    if lang != "ja" or not name or (name[0].isascii() and reading is None):
        return (0, *latin_key(name))
    if reading is None and has_kanji(name):
        return (2, name, name)
    return (1, *kana_key(reading or name))


def by_name(repo, lang: str) -> Callable:
    """A `key=` for sorting entities (skills, glossary terms, star player rules) by their displayed name
    (`entity.title(lang)`) in dictionary order, with the Japanese `reading` of their termbase entry."""
    termbase = getattr(repo, "termbase", None)

    def key(entity) -> tuple:
        entry = termbase.get(entity.id) if termbase is not None else None
        reading = entry.names[lang].reading if entry is not None and lang in entry.names else None
        if reading is None and lang == "ja" and termbase is not None:  # a table's, sequence's or roll's title
            reading = termbase.readings.get(entity.id)
        return sort_key(entity.title(lang), lang, reading)
    return key
