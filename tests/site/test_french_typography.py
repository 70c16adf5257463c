"""French typography survives the build: the text of every built French page (what a reader sees, not
the markup) keeps a no-break space (U+00A0, or the narrow U+202F) before `: ; ! ?` and inside « ».

The data writes them (the loader checks it); the renderers once collapsed whitespace with
`" ".join(text.split())`, which also turned U+00A0 and U+202F into plain spaces: about 1,800 colons,
semicolons and question marks and 900 guillemets lost theirs on site/fr.

What is read: text nodes, outside code, pre, kbd, samp, script, style, svg and textarea (code, chain
notation such as `D3,R2,P3;tr=1`). Only punctuation after a space is checked: a `:` glued to a word is a
URL (`https://…`), a time or a name written in another language (`Timmm-ber!`), never French prose.
"""
from __future__ import annotations

import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SKIPPED = {"code", "pre", "kbd", "samp", "script", "style", "svg", "textarea", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCK_BREAK = "\u2029"  # between blocks: not a space a reader sees before the next block's first character

NO_BREAK = "\u00a0\u202f"
PROBLEMS = {
    "a plain space before : ; ! ?": re.compile(r"[ \t\r\n\f]+[:;!?]"),
    "a plain space after «": re.compile(r"«[ \t\r\n\f]"),
    "no space after «": re.compile(rf"«(?![{NO_BREAK} \t\r\n\f])"),
    "a plain space before »": re.compile(r"[ \t\r\n\f]»"),
    "no space before »": re.compile(rf"(?<![{NO_BREAK} \t\r\n\f])»"),
}
KEPT = re.compile(rf"[{NO_BREAK}][:;!?»]|«[{NO_BREAK}]")


class _Text(HTMLParser):
    """The text a reader sees, blocks separated by BLOCK_BREAK, skipped elements left out."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            self.parts.append(BLOCK_BREAK if tag == "br" else "")
            return
        self.open.append(tag)
        if tag not in ("a", "span", "strong", "em", "b", "i", "abbr", "sup", "sub", "small", "mark", "label"):
            self.parts.append(BLOCK_BREAK)

    def handle_endtag(self, tag):
        if tag in self.open:
            while self.open.pop() != tag:
                pass
        if tag not in ("a", "span", "strong", "em", "b", "i", "abbr", "sup", "sub", "small", "mark", "label"):
            self.parts.append(BLOCK_BREAK)

    def handle_data(self, data):
        if not SKIPPED.intersection(self.open):
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


@lru_cache(maxsize=None)  # every built French page is read by three tests (here and the built names' checks)
def page_text(path: Path) -> str:
    """`visible_text` of the built page at `path`, parsed once per test process."""
    return visible_text(path.read_text(encoding="utf-8"))


def typography_problems(text: str) -> list[tuple[str, str]]:
    """(what is wrong, the words around it) for every French typography slip in `text`."""
    found = []
    for what, pattern in PROBLEMS.items():
        for match in pattern.finditer(text):
            around = text[max(0, match.start() - 30):match.end() + 10].replace(BLOCK_BREAK, " | ")
            found.append((what, around))
    return found


def test_the_checker_sees_plain_spaces_and_accepts_no_break_ones():
    html = ("<p>Règle\u00a0: oui\u202f; «\u00a0mot\u00a0» <a>lien</a>\u00a0?</p>"
            "<p>https://exemple.fr 10:30 <code>D3,R2 ; x</code> Timmm-ber!</p>")
    assert typography_problems(visible_text(html)) == []
    bad = visible_text("<p>Règle : oui ; « mot » <strong>et</strong> ?</p><p>«mot»</p>")
    assert [what for what, _ in typography_problems(bad)] == [
        "a plain space before : ; ! ?", "a plain space before : ; ! ?", "a plain space before : ; ! ?",
        "a plain space after «", "no space after «", "a plain space before »", "no space before »"]


def test_built_french_pages_keep_their_no_break_spaces(site):
    pages = sorted((site.dir / "fr").rglob("*.html"))
    assert len(pages) > 50
    problems, kept = [], 0
    for path in pages:
        text = page_text(path)
        kept += len(KEPT.findall(text))
        problems += [f"{path.relative_to(site.dir).as_posix()}: {what}: {around!r}"
                     for what, around in typography_problems(text)]
    assert kept > 3000  # the check saw the French punctuation (3,600 no-break spaces once fixed)
    assert problems == [], f"{len(problems)} slips, first ones:\n" + "\n".join(problems[:20])



# A name followed by itself in brackets, « Monté sur ressort (Monté sur ressort) »: a text that named a skill and
# then linked it, where the link shows the same French name (up to six words, compared as written).
DOUBLED_NAME = re.compile(r"(?<![\w'’])([^\W\d_][\w'’-]*(?: [\w'’-]+){0,5}) \((\1)\)")


def word_problems(text: str) -> list[tuple[str, str]]:
    """(what is wrong, the words around it) for every missing elision and doubled name in `text`."""
    from plugins.data.text import french_elision_problems

    found = [("a missing elision", elision.written) for elision in french_elision_problems(text)]
    for match in DOUBLED_NAME.finditer(text):
        found.append(("a name doubled in brackets", match[0]))
    return found


def test_the_checker_sees_missing_elisions_and_doubled_names():
    good = visible_text("<p>doté d'Arme secrète, jusqu'à onze joueurs, le onze de départ ; utilisez-la à la place ;"
                        " s'il le veut ; <a>Esquive</a> (Dodge) ; de <code>x</code> à</p>")
    assert word_problems(good) == []
    bad = visible_text("<p>doté de <a>Arme secrète</a>, jusque à un ; si il le veut ; Monté sur ressort "
                       "(<a>Monté sur ressort</a>) ; Anticipation (Anticipation)</p>")
    assert [what for what, _ in word_problems(bad)] == ["a missing elision"] * 3 + ["a name doubled in brackets"] * 2


def test_built_french_pages_elide_and_name_things_once(site):
    problems = []
    for path in sorted((site.dir / "fr").rglob("*.html")):
        problems += [f"{path.relative_to(site.dir).as_posix()}: {what}: {around!r}"
                     for what, around in word_problems(page_text(path))]
    assert problems == [], f"{len(problems)} slips, first ones:\n" + "\n".join(problems[:30])
