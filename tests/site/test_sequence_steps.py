"""Every step of every sequence of the real data is its own list item, in the strictly built site (the
`site` fixture), in every language (issue 11, defect 1: steps after a sources line were glued onto it).

The expected steps are read from the YAML files themselves (tests/yaml_files.py), not through the renderer.
"""
from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from yaml_files import read_folder

pytestmark = pytest.mark.slow
DATA = Path(__file__).resolve().parents[2] / "data"
LANG_ROOTS = {"en": "", "fr": "fr/", "ja": "ja/"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SEQUENCES = read_folder("sequences")


def step_keys(steps: list[dict]) -> list[str]:
    """Every step key, depth first, as in the data."""
    keys = []
    for step in steps:
        keys.append(str(step["key"]))
        keys += step_keys(step.get("steps") or [])
    return keys


class StepItems(HTMLParser):
    """For each `step-…` anchor: the list item that holds it nearest, and whether the anchor is the first
    thing in that item (directly, or as the first thing of the item's first paragraph)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[list] = []   # [tag, item number or None, seen content]
        self.items = 0
        self.found: dict[str, tuple[int | None, bool]] = {}
        self.anchors: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        anchor = attrs.get("id") or ""
        if tag == "a" and anchor.startswith("step-") and "nc-key" in (attrs.get("class") or "").split():
            item, first = None, False
            for depth in range(len(self.stack) - 1, -1, -1):
                if self.stack[depth][0] == "li":
                    item = self.stack[depth][1]
                    inside = self.stack[depth + 1:]
                    first = not self.stack[depth][2] and all(t == "p" and not seen for t, _, seen in inside)
                    break
            self.anchors.append(anchor)
            self.found[anchor] = (item, first)
        if tag != "p":  # a paragraph only wraps an item's text (a loose list): it is not content before it
            for frame in self.stack:
                frame[2] = True
        if tag == "li":
            self.items += 1
        if tag not in VOID:
            self.stack.append([tag, self.items if tag == "li" else None, False])

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        if data.strip():
            for frame in self.stack:
                frame[2] = True


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
@pytest.mark.parametrize("slug", sorted(SEQUENCES))
def test_every_step_is_its_own_list_item_with_its_anchor(site, slug, lang):
    parser = StepItems()
    parser.feed((site.dir / LANG_ROOTS[lang] / "sequences" / slug / "index.html").read_text(encoding="utf-8"))
    expected = ["step-" + key for key in step_keys(SEQUENCES[slug]["steps"])]
    assert parser.anchors == expected
    items = [parser.found[anchor][0] for anchor in expected]
    assert None not in items, "a step outside any list item"
    shared = sorted({a for a in expected if items.count(parser.found[a][0]) > 1})
    assert not shared, f"steps sharing one list item: {shared}"
    late = [a for a in expected if not parser.found[a][1]]
    assert not late, f"steps whose anchor is not at the start of their item: {late}"


STEP_LABEL = re.compile(r'<a class="nc-key" id="step-([^"]+)" href="#step-[^"]+">([^<]*)</a>')


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
@pytest.mark.parametrize("slug", sorted(SEQUENCES))
def test_every_step_is_shown_by_its_number_never_by_an_english_slug(site, slug, lang):
    """A reader sees `1`, `2a`, `5d`: a word key (`both-down`) is an anchor only (the review of issue 19 found
    "**both-down** Les deux plaqués…" and "**carrier-prone-or-off** アクティブチーム…" on the phone)."""
    html = (site.dir / LANG_ROOTS[lang] / "sequences" / slug / "index.html").read_text(encoding="utf-8")
    labels = dict(STEP_LABEL.findall(html))
    assert set(labels) == set(step_keys(SEQUENCES[slug]["steps"]))
    slugs = {key: label for key, label in labels.items() if not re.fullmatch(r"[0-9]+[a-z]*(\.[0-9]+)*", label)}
    assert not slugs, f"steps shown by a slug: {slugs}"
    assert len(set(labels.values())) == len(labels), "two steps shown with one number"


def titled_steps(steps: list[dict]) -> list[dict]:
    """Every step of `steps` that has a short title, depth first."""
    found = []
    for step in steps:
        found += [step] if step.get("title") else []
        found += titled_steps(step.get("steps") or [])
    return found


TITLED = sorted(slug for slug, seq in SEQUENCES.items() if titled_steps(seq["steps"]))


def plain_title(text: str) -> str:
    """A title as the page shows it once unescaped: a [[kind:slug|label]] reference by its label."""
    return re.sub(r"\[\[[a-z-]+:[^\]|]+\|([^\]]+)\]\]", r"\1", " ".join(text.split()))


@pytest.mark.parametrize("lang", sorted(LANG_ROOTS))
@pytest.mark.parametrize("slug", TITLED)
def test_a_step_with_a_short_title_shows_it_first_and_in_the_jump_bar(site, slug, lang):
    """A coach scanning the steps on a phone reads each step's few words first, in the page's language, in bold
    right after its number; the jump-to-step bar names the top-level steps the same way (issue 26, item 4)."""
    html = (site.dir / LANG_ROOTS[lang] / "sequences" / slug / "index.html").read_text(encoding="utf-8")
    for step in titled_steps(SEQUENCES[slug]["steps"]):
        title = plain_title(step["title"][lang])
        shown = re.search(rf'id="step-{re.escape(str(step["key"]))}" href="[^"]+">[^<]*</a>(?:<[^>]+>[^<]*</[^>]+>)*'
                          rf'\s*<strong class="nc-step-title">(.*?)</strong>', html)
        assert shown, f"step {step['key']}: no title after its number"
        assert unescape(re.sub(r"<[^>]+>", "", shown[1])) == title  # glossary terms in it may be links
    bar = dict(re.findall(r'<a href="#step-([^"]+)" title="([^"]*)"', html))
    for step in (s for s in SEQUENCES[slug]["steps"] if s.get("title")):
        assert unescape(bar.get(str(step["key"]), "")) == plain_title(step["title"][lang]), step["key"]
