"""Rules for the Markdown text inside data: cross-references and the ban on raw HTML, attribute lists and
links to anything but `https:` or a relative URL (plugins/data/links.py reads them on the Markdown parser's
output; the site's sanitiser, plugins/site/sanitize.py, removes such links anyway: the check says so to the
author, with the file and line, and keeps them out of the open data)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

# [[kind:slug]], [[kind:slug#anchor]], [[kind:slug|text]], [[kind:slug#anchor|text]]
REF = re.compile(
    r"\[\[(?P<kind>[a-z][a-z-]*):(?P<slug>[a-z0-9][a-z0-9-]*)"
    r"(?:#(?P<anchor>[a-z0-9][a-z0-9-]*))?(?:\|(?P<text>[^\]|]+))?\]\]"
)
# Anything that looks like the start of an HTML tag (whatever follows its first letter: `<x:y …>` is a tag
# to a browser), closing tag, comment, declaration or processing instruction.
RAW_HTML = re.compile(r"<\s*(?:[A-Za-z]|/|!|\?)")
# A Markdown attribute list (attr_list: `{: #id .class key=value }`, the colon optional), which would put
# attributes such as `onfocus=…` on the element before it.
ATTR_LIST = re.compile(r"\{:?[ \t]*[^}\s][^}\n]*\}")
# UTF-8 read as Latin-1 (« rÃ©sultat » for « résultat », « â€™ » for ’): review 5 found four in the data
MOJIBAKE = re.compile("Ã[\u0080-\u00bf]|â€")
BROKEN_REF = re.compile(r"\[\[(?![a-z][a-z-]*:[a-z0-9][a-z0-9-]*(?:#[a-z0-9][a-z0-9-]*)?(?:\|[^\]|]+)?\]\])")


@dataclass(frozen=True)
class Ref:
    kind: str
    slug: str
    anchor: str | None
    text: str | None

    @property
    def target(self) -> str:
        return f"{self.kind}:{self.slug}"


def find_refs(text: str) -> list[Ref]:
    """Every [[kind:slug…]] reference in a text, in order."""
    return [Ref(m["kind"], m["slug"], m["anchor"], m["text"]) for m in REF.finditer(text)]


def text_problems(text: str) -> list[str]:
    """What is wrong with a Markdown text, as messages (empty when fine)."""
    problems = []
    if RAW_HTML.search(text):
        problems.append("raw HTML is not allowed in data text (write Markdown)")
    if ATTR_LIST.search(REF.sub("", text)):
        problems.append("attribute lists ({: …}) are not allowed in data text")
    from .links import link_problems  # links.py reads REF from here

    problems += link_problems(text)
    if MOJIBAKE.search(text):
        problems.append(f"{MOJIBAKE.search(text)[0]!r}: UTF-8 text read as Latin-1 (« rÃ©sultat » for « résultat »); "
                        "write the character itself")
    if BROKEN_REF.search(text):
        problems.append("malformed cross-reference: write [[kind:slug]], [[kind:slug#anchor]] or [[kind:slug|text]]")
    return problems


# French typography: a no-break space (U+00A0, or the narrow U+202F) before : ; ! ? and inside « ».
NO_BREAK = "\u00a0\u202f"
_NOT_PROSE = re.compile(r"`[^`]*`|<?https?://[^\s>]*>?|\]\([^)]*\)")  # code, URLs, link targets
_FRENCH_SLIPS = (
    (re.compile(r"[ \t\n]+([:;!?])"), "a plain space before {mark!r}"),
    (re.compile(r"(«)[ \t\n]"), "a plain space after {mark!r}"),
    (re.compile(rf"(«)(?![ \t\n{NO_BREAK}])"), "no space after {mark!r}"),
    (re.compile(r"[ \t\n](»)"), "a plain space before {mark!r}"),
    (re.compile(rf"(?<![ \t\n{NO_BREAK}])(»)"), "no space before {mark!r}"),
)

# "10 000": a number whose digit groups are parted by a plain space (not one glued to a word: "D6 100").
_DIGIT_GROUP_SPACE = re.compile(r"(?<![\w.,/-])\d{1,3}(?:\u202f\d{3})*[ \t\n]+\d{3}(?!\d)")


# Elision (docs/writing-policy.md, French typography): these short words drop their vowel before a word that
# starts with a vowel sound, « d'Arme secrète » and not « de Arme secrète ». A word after a hyphen is an
# imperative's pronoun (« utilisez-la à la place »), which is not elided. `y` and `h` are left alone: whether
# they take the elision depends on the word (« le yard », « le haut »), which a pattern cannot know.
_ELIDING = r"de|le|la|que|ne|se|je|me|te|jusque|lorsque|puisque|quelque"
_VOWEL_START = "aeiouàâæéèêëîïôœùûüAEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜ"
_MISSING_ELISION = re.compile(
    rf"(?<![\w'’-])((?i:{_ELIDING})[ \t\n]+[*_]{{0,2}}([{_VOWEL_START}][\w'’-]*))"  # « puisque *officieux* »
    rf"|(?<![\w'’-])((?i:si)[ \t\n]+(ils?)\b)")
#: words that start with a vowel and are said without elision (« le onze de départ », « le oui »)
_NO_ELISION = {"onze", "onzième", "oui", "ouistiti", "ouate"}


def _prose(text: str) -> str:
    """`text` as French prose to check: code, URLs and link targets removed, a cross-reference read as its label."""
    return _NOT_PROSE.sub("", REF.sub(lambda m: f"[{m['text'] or ''}]", text))


class MissingElision(NamedTuple):
    """One missing elision in a French text: `written` the two words as the text has them (« de Arme »,
    spaces squeezed), `word` the word that starts with a vowel (« Arme »), `offset` where `written` starts in the
    text read as prose (cross-references as their label, code as one mark). The data check and the built pages'
    test format their own messages from these fields."""

    written: str
    word: str
    offset: int


def french_elision_problems(text: str) -> list[MissingElision]:
    """Missing elisions in a French text (empty when fine): « de un » for « d'un », « jusque à » for
    « jusqu'à », « si il » for « s'il ». Prose only: code, URLs, link targets and the `kind:slug` of a
    cross-reference are skipped, as in :func:`french_typography_problems` (a cross-reference reads as its label).
    Words said without elision (« le onze », « le oui ») and words after a hyphen (« utilisez-la à ») are not
    reported."""
    prose = _prose(re.sub(r"`[^`]*`", "⋯", text))  # code a word of its own: « de `x` est » has no elision to make
    problems = []
    for match in _MISSING_ELISION.finditer(prose):
        word = match[2] or match[4]
        if word.lower() in _NO_ELISION:
            continue
        written = " ".join((match[1] or match[3]).replace("*", "").replace("_", "").split())
        problems.append(MissingElision(written, word, match.start()))
    return problems


# « sur la p. 77 et 80 » (two pages take « les »), « p. 77 & 80 » (French writes « et »): review 5 F6
_FRENCH_PAGES = re.compile(r"\bla p\.[\s\u00a0\u202f]*\d+ et \d+|\bp\.[\s\u00a0\u202f]*\d+(?:, ?\d+)* ?& ?\d+")


def french_typography_problems(text: str) -> list[str]:
    """What breaks French typography in a French text, as messages (empty when fine): a plain space, or
    none, where a no-break space belongs (before : ; ! ? after a space, inside « »), and a plain space
    between the digit groups of a number (10 000 takes a narrow no-break space, U+202F).

    Code spans, URLs, link targets and the `kind:slug` of cross-references are not prose and are skipped;
    a mark glued to a word (`https:`, `10:30`, `Timmm-ber!`) is not French punctuation and is left alone.
    """
    prose = _prose(text)
    problems = []
    for pattern, what in _FRENCH_SLIPS:
        for match in pattern.finditer(prose):
            around = prose[max(0, match.start() - 20):match.end() + 10].replace("\n", " ")
            problems.append(f"{what.format(mark=match[1])} in {around.strip()!r}: French puts a no-break space "
                            "there (U+00A0, or the narrow U+202F)")
    for match in _FRENCH_PAGES.finditer(prose):
        problems.append(f"{match[0]!r}: French writes « les p. 77 et 80 » for two pages, « et » and never « & »")
    for match in _DIGIT_GROUP_SPACE.finditer(prose):
        around = prose[max(0, match.start() - 20):match.end() + 10].replace("\n", " ")
        problems.append(f"a plain space between digit groups in {around.strip()!r}: French separates thousands "
                        "with a narrow no-break space (U+202F: 10\u202f000), or the number breaks across lines")
    return problems


# Japanese typography the linters cannot see (docs/writing-policy.md, Japanese typography): a skill's value or a
# modifier in ASCII brackets, 「Loner (4+)」 beside 「Loner（4+）」 (textlint's jtf-style only refuses ASCII brackets
# around Japanese), and a bold title ending in 。 then a space, 「**賞金。** 観客…」, which shows 「賞金。 観客」.
_JA_ASCII_VALUE = re.compile(r"\((?:[+−±-]?\d\+?|X\+?|\+X)\)")
_JA_BOLD_TITLE_SPACE = re.compile(r"。\*\*[ \t\n]")
# A Latin word (two characters or more: Loner, BB2020, D6) or a reference to a skill or star rule (shown in
# English) glued to a kana or kanji: 「でLonerを」. A compound is no slip (AGテスト, PAロール), nor a number
# glued to 以上/以下/未満 (ST4以下), as the policy glues a digit to the Japanese after it.
_JA = "ぁ-んァ-ヺー一-龥々"
_LATIN_WORD = r"(?<![A-Za-z0-9\[:|/#.\-])[A-Za-z][A-Za-z0-9]*[A-Za-z0-9](?![A-Za-z0-9])"
_LATIN_REF = r"\[\[(?:skill|star-rule):[a-z0-9-]+\]\]"
_JA_GLUED_LATIN = re.compile(rf"(?<=[{_JA}])(?:{_LATIN_WORD}|{_LATIN_REF})"
                             rf"|(?:{_LATIN_WORD}|{_LATIN_REF})(?=[{_JA}])")
_JA_GP = re.compile(r"\d[\d,]*\s?(?:GP|gp)(?![A-Za-z])")
# 「132 ページ」 beside 「（132ページ）」 (review 6 J2): a page number is glued to ページ, as the source lines write it
_JA_PAGE_SPACE = re.compile(r"\d[ \t\n]+ページ")
_JA_COMPOUND = re.compile(r"(?:AG|PA|MA|ST|AV)(?=テスト|ロール)|[A-Za-z]+\d+(?=以上|以下|未満)")


def japanese_typography_problems(text: str) -> list[str]:
    """What breaks the house's Japanese typography in a Japanese text, as messages (empty when fine): a value in
    ASCII brackets (「Loner (4+)」, 「Mighty Blow (+1)」, 「Animosity (X)」: write （4+）, glued to the name), a Latin
    word or a skill's reference glued to a kana or kanji (「でLonerを」; AGテスト and ST4以下 are allowed), a page
    number spaced from ページ (「132 ページ」: write 「132ページ」), and a
    bold title whose 。 is inside the bold and followed by a space (「**賞金。** 観客」: write 「**賞金**。観客」).
    Code spans, URLs and link targets are skipped; a cross-reference reads as its label."""
    prose = _prose(text)
    problems = [f"{m[0]!r} in ASCII brackets: Japanese writes a value in full-width brackets glued to the name "
                f"(「Loner（4+）」)" for m in _JA_ASCII_VALUE.finditer(prose)]
    code_free = _NOT_PROSE.sub(lambda m: "⋯" * len(m[0]), text)  # references kept: a skill's shows in English
    problems += [f"{m[0]!r} glued to a Japanese character: a Latin word keeps a space on each side (「Dodge を使う」)"
                 for m in _JA_GLUED_LATIN.finditer(code_free) if not _JA_COMPOUND.match(code_free, m.start())]
    problems += [f"{m[0]!r}: Japanese writes money in ゴールド (「20,000 ゴールド」)" for m in _JA_GP.finditer(prose)]
    problems += [f"{m[0]!r}: a page number is glued to ページ (「132ページ」)" for m in _JA_PAGE_SPACE.finditer(prose)]
    problems += ["a bold title ends in 。 and a space (「**タイトル。** 本文」): write 「**タイトル**。本文」, which "
                 "shows no space after 。" for _ in _JA_BOLD_TITLE_SPACE.finditer(prose)]
    return problems


ASCII_SPACE = " \t\n\r\f\v"
_ASCII_SPACE_RUN = re.compile(r"[ \t\n\r\f\v]+")


def no_markup(text: str) -> str:
    """`text` (Markdown or plain) that can open no HTML tag and close no attribute: `<`, `>` and `"` as
    character references. Markdown's own references (`&amp;`, `&lt;`) keep their meaning, so the text
    reads the same wherever HTML or Markdown shows it (a badge, a link label, a heading, a menu entry)."""
    return text.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def squeeze(text: str) -> str:
    """`text` on one line: every run of ASCII whitespace becomes one space, and the ends are trimmed.

    Only ASCII whitespace: `" ".join(text.split())` would also turn the no-break spaces of French
    typography (U+00A0 or U+202F before : ; ! ? and inside « ») and the ideographic space U+3000 into
    plain spaces.
    """
    return _ASCII_SPACE_RUN.sub(" ", text).strip(ASCII_SPACE)


CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef"
_FOLDED_SPACE = re.compile(f"(?<=[{CJK}]) +(?=[{CJK}])|(?<=[、。]) +")


def normalize_japanese(text: str) -> str:
    """Drop the spaces YAML line folding leaves between Japanese characters (and after 、。).

    Spaces next to Latin words or numbers ("Animosity を") are kept: they are written on purpose.
    """
    return _FOLDED_SPACE.sub("", text)
