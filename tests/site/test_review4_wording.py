"""Review 4's wording defects (French and Japanese on the built pages, /work/notes/review4/findings.md):
F1/J1 English step slugs shown as labels on the edition comparison pages, F7 a step title restated as a label at
the start of the step's text, F8/J5 ruling titles (questions) pasted into sentences with no quotation marks.
Each test reads the page the reviewer read, in the reviewer's language.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from plugins.data.model import iter_steps, step_labels
from tests.site.test_review3_wording import page_text

pytestmark = pytest.mark.slow


class _StepLinks(HTMLParser):
    """(href, visible text) of every link to a sequence step ("#step-…") in a page's article."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href") or ""
        if tag == "a" and "#step-" in href:
            self._href, self._text = href, []

    def handle_data(self, data):
        if self._href is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._text).strip()))
            self._href = None


def _step_links(site, lang: str, path: str) -> list[tuple[str, str]]:
    parser = _StepLinks()
    parser.feed((site.dir / lang / path / "index.html").read_text(encoding="utf-8"))
    return parser.links


# ------------------------------------------------------------------------------ F1/J1: slugs as labels

@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("comparison", ["block-action", "team-turn", "end-of-drive"])
def test_f1_comparison_steps_show_their_number_and_title_not_their_slug(site, repo, lang, comparison):
    entity = repo[f"comparison:{comparison}"]
    text = page_text(site, lang, f"comparisons/{comparison}")
    links = dict(_step_links(site, lang, f"comparisons/{comparison}"))
    checked = 0
    for sequence_id in entity["entities"].values():
        sequence = repo[sequence_id]
        labels = step_labels(sequence["steps"])
        for step in iter_steps(sequence["steps"]):
            key = str(step["key"])
            shown = [label for href, label in links.items() if href.endswith(f"#step-{key}")
                     and f"/{sequence_id.split(':')[1]}/" in href]
            assert shown, f"{sequence_id} step {key}: no link to it on the comparison page"
            assert shown[0] == labels[key], f"{sequence_id} step {key} is labelled {shown[0]!r}"
            if step.get("title"):
                title = re.sub(r"\s+", " ", step["title"][lang])
                assert f"{labels[key]}\n{title}" in text or f"{labels[key]} {title}" in text, (key, title)
            checked += 1
    assert checked > 20
    # the slugs are anchors only: no word key is a visible label anywhere on the page
    keys = {str(s["key"]) for i in entity["entities"].values() for s in iter_steps(repo[i]["steps"])}
    assert not [label for label in links.values() if label in keys and not re.fullmatch(r"\d+[a-z]?", label)]
