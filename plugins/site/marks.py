"""A Markdown extension that moves each edition mark onto the list item or table row it starts.

Renderers write `Editions.row_mark(...)`, an empty `<span class="nc-mark" data-editions="…">`, at the very
start of a list item or of a table row's first cell (plugins/site/editions.py). Markdown keeps that span as raw
HTML: in the element tree it is a placeholder of Python-Markdown's HTML stash. Once the inline patterns have
run, this tree processor finds a stash placeholder that opens an `<li>` (or its first `<p>`) or a `<tr>`'s first
cell, and whose stashed HTML is a mark, and gives its editions to the `<li>` or `<tr>`; the placeholder is
dropped, so the span is never written. A mark found anywhere else is left in the page, where the `nuffle`
plugin refuses it (`unplaced_mark`): a renderer bug.

Listed in `markdown_extensions` of mkdocs.yml as `plugins.site.marks`.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from markdown.util import HTML_PLACEHOLDER_RE

#: the span `Editions.row_mark` writes, exactly (any other HTML in the stash is left alone); Markdown stashes
#: its opening and its closing tag as two placeholders, one after the other
MARK_OPEN = re.compile(r'<span class="nc-mark" data-editions="(?P<marks>[0-9a-z -]*)">')
MARK_CLOSE = "</span>"
#: Python-Markdown's priority for inline patterns is 20: marks are placeholders only after it
PRIORITY = 3


class HoistMarks(Treeprocessor):
    """Move each mark's `data-editions` onto the `<li>` or `<tr>` it starts."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if element.tag in ("li", "tr"):
                holder = self._first_text_holder(element)
                if holder is not None:
                    self._hoist(element, holder)

    @staticmethod
    def _first_text_holder(element: etree.Element) -> etree.Element | None:
        """Where a mark at the start of `element` sits: a row's first cell, a loose item's first paragraph,
        or the item itself."""
        if element.tag == "tr":
            return element[0] if len(element) else None
        if not (element.text or "").strip() and len(element) and element[0].tag == "p":
            return element[0]
        return element

    def _hoist(self, element: etree.Element, holder: etree.Element) -> None:
        text = (holder.text or "").lstrip()
        opening = HTML_PLACEHOLDER_RE.match(text)
        closing = HTML_PLACEHOLDER_RE.match(text, opening.end()) if opening else None
        if not closing:
            return
        mark = MARK_OPEN.fullmatch(self._stashed(opening))
        if mark is None or self._stashed(closing) != MARK_CLOSE:
            return
        element.set("data-editions", mark["marks"])
        holder.text = text[closing.end():].lstrip()

    def _stashed(self, placeholder: re.Match) -> str:
        """The raw HTML a stash placeholder stands for ("" for an index the stash does not hold)."""
        stash = self.md.htmlStash.rawHtmlBlocks
        index = int(placeholder.group(1))
        return str(stash[index]) if index < len(stash) else ""


class MarksExtension(Extension):
    """Registers :class:`HoistMarks` after the inline patterns."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(HoistMarks(md), "nc_hoist_marks", PRIORITY)


def makeExtension(**kwargs) -> MarksExtension:  # noqa: N802 (Python-Markdown's entry point)
    return MarksExtension(**kwargs)


def unplaced_mark(html: str) -> bool:
    """Whether a page's HTML still holds a mark: one that started no list item or table row."""
    return 'class="nc-mark"' in html
