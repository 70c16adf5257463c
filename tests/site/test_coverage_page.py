"""The Coverage page (coverage.md), rendered from the real data in the three languages: no site build here."""
from __future__ import annotations

import re

import markdown
import pytest

from plugins.data.coverage import counts, manifests, statuses
from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext
from plugins.site.render.coverage import PAGE

LANGS = ("en", "fr", "ja")


def render(repo, lang: str) -> tuple[str, Messages]:
    t = Messages(lang)
    ctx = PageContext(repo, lang, t, PAGE, BackLinks.build(repo))
    return generated_pages(repo)[PAGE](ctx), t


def section(text: str, edition: str) -> str:
    """The Markdown of one edition's block."""
    start = text.index(f"{{#coverage-{edition}}}")
    end = text.find("{#coverage-", start + 1)
    return text[start:end if end > 0 else len(text)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_counts_each_kind_per_edition(repo, lang):
    text, t = render(repo, lang)
    assert not t.missing, f"untranslated UI strings: {sorted(t.missing)}"
    for manifest in manifests(repo):
        block = section(text, manifest.slug)
        rows = [line for line in block.splitlines() if line.startswith("| ") and not line.startswith("| " + t("Kind"))]
        numbers = counts(statuses(repo, manifest))
        assert len(rows) == len(numbers)
        for row, figures in zip(rows, numbers.values()):
            cells = [c.strip() for c in row.strip("|").split("|")][1:]
            assert cells == [t.number(figures[s]) for s in ("covered", "pending", "out-of-scope")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_pending_item_is_listed_once_with_its_id(repo, lang):
    text, _ = render(repo, lang)
    for manifest in manifests(repo):
        pending = [s for s in statuses(repo, manifest) if s.state == "pending"]
        part = section(text, manifest.slug)
        part = part[:part.find("{#out-of-scope-")] if "{#out-of-scope-" in part else part
        listed = re.findall(r"^(?:    )?- .*?`([a-z-]+:[0-9a-z-]+)`", part, re.M)
        assert sorted(listed) == sorted(s.item["entry"] for s in pending)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pending_list_is_grouped_by_kind_and_long_groups_fold(repo, lang):
    """A coach reads the short groups at once; a group longer than FOLD_AFTER (the star player rules, the
    official questions of BB2020) is a folded details block titled with its kind and its count."""
    from plugins.data.coverage import KIND_ORDER
    from plugins.site.render.coverage import FOLD_AFTER, kind_label
    text, t = render(repo, lang)
    ctx = PageContext(repo, lang, t, PAGE, BackLinks.build(repo))
    for manifest in manifests(repo):
        pending = [s for s in statuses(repo, manifest) if s.state == "pending"]
        part = section(text, manifest.slug)
        part = part[part.find("{#pending-"):part.find("{#out-of-scope-")] if "{#out-of-scope-" in part else part
        for kind in KIND_ORDER:
            n = sum(1 for s in pending if s.item["kind"] == kind)
            if not n:
                continue
            title = kind_label(ctx, kind) + ("" if lang == "ja" else " ") + ctx.paren(t.number(n))
            if n > FOLD_AFTER:
                assert f'??? note "{title}"' in part, title
            else:
                assert f"#### {title}" in part, title
                block = part[part.index(f"#### {title}"):].split("\n\n", 2)[1]
                assert len(block.splitlines()) == n
                assert ctx.paren(kind_label(ctx, kind)) not in block  # the heading names the kind, once


def test_a_pending_item_links_to_its_entry_when_one_exists(repo):
    text, _ = render(repo, "en")
    html = markdown.markdown(text, extensions=["attr_list", "md_in_html", "tables"])
    for manifest in manifests(repo):
        for status in statuses(repo, manifest):
            entity = repo.get(status.item["entry"])
            if status.state == "pending" and entity is not None:
                assert re.search(r'<a href="[^"]*' + re.escape(entity.slug) + r'[^"]*">[^<]*</a> <code>'
                                 + re.escape(status.item["entry"]) + "</code>", html), status.item["entry"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_is_in_the_about_menu(menu_section, lang):
    assert PAGE in menu_section(lang, "About")


def test_an_out_of_scope_item_says_why_in_each_language(repo):
    for lang in LANGS:
        text, _ = render(repo, lang)
        block = section(text, "classic")
        assert "{#out-of-scope-classic}" in block
        manifest = repo["coverage:classic"]
        reason = next(s.item["out_of_scope"][lang] for s in statuses(repo, manifest) if s.state == "out-of-scope")
        assert reason.split()[0] in block
