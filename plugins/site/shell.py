"""The page shell: what the templates of overrides/ (Material's blocks and partials, put ahead of Material's
own templates by the nuffle plugin) read for each page.

Nothing here writes or patches HTML: the plugin passes a `Shell` to the templates as `nc` (on_page_context,
and on_template_context for the 404 and offline pages), and registers `t`, the `nc_title` filter and the
`nc_nav_marks` function in Jinja (on_env). overrides/main.html says where each value goes.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..data.text import squeeze
from .editions import STORAGE_KEY, Editions, editions_in_sentence, filled_sentence
from .messages import Messages

OVERRIDES = Path(__file__).resolve().parents[2] / "overrides"
CALCULATOR_ID = "nc-calculator"  # the skip link's target: the page's first calculator (a11y.py)


@dataclass(frozen=True)
class PickerOption:
    """One edition of the picker: its slug, its name and short label in the page's language, the editions
    read as it (nuffle.js readAs), and whether the picker's "Showing … only." note is true for it here."""

    slug: str
    name: str
    short: str
    members: str
    shown_here: bool


@dataclass(frozen=True)
class Picker:
    """The edition picker of one page (overrides/partials/nc-edition-picker.html).

    `page_note` is "This page is for Classic only." on a page that tells some editions only, else "".
    """

    options: tuple[PickerOption, ...]
    page_note: str
    differences_url: str


@dataclass(frozen=True)
class Shell:
    """The per-page values of the page shell, as the templates see them (`nc`).

    root: the site root (where manifest.webmanifest is) as a URL prefix from this page ("../../", or "/"
    on the 404 page); home: the language's home page, absolute ("/fr/"); editions and edition_key: the
    choosable editions and the localStorage key of the reader's choice; title: the <title> of a page that
    is no page of the site (404, offline); calculator_id: the id of the page's first calculator, or "";
    picker: None where there is none (404, offline); offline: the offline page rather than the 404 page.
    """

    root: str
    home: str
    editions: tuple[str, ...]
    edition_key: str = STORAGE_KEY
    title: str = ""
    calculator_id: str = ""
    picker: Picker | None = None
    offline: bool = False


def site_root(page_url: str, lang_is_default: bool) -> str:
    """The site root relative to a page at `page_url` (site-relative, "sequences/x/"): one "../" per folder,
    and one more outside the default language, whose pages are at /<lang>/."""
    depth = page_url.count("/") + (0 if lang_is_default else 1)
    return "../" * depth


def home_path(site_url: str | None) -> str:
    """The absolute path of the build's home page ("/fr/") from its site_url."""
    return urlsplit(site_url or "/").path or "/"


def error_root(site_url: str | None, lang_is_default: bool) -> str:
    """The site root as an absolute path, for the 404 and offline pages (served at any address)."""
    home = home_path(site_url)
    root = home if lang_is_default else posixpath.dirname(home.rstrip("/"))
    return root.rstrip("/") + "/"


def picker(repo, editions: Editions, t: Messages, differences_url: str, page_marks: tuple[str, ...] = ()) -> Picker:
    """The picker of a page. `page_marks`: the choosable editions a page that tells some editions only is
    for (EditionPage.marks); empty or every edition for any other page."""
    def text(value: dict) -> str:
        return squeeze(value.get(t.lang) or value["en"])

    for_some = bool(page_marks) and set(page_marks) != set(editions.choosable)
    options = []
    for slug in editions.choosable:
        edition = repo[f"edition:{slug}"]
        options.append(PickerOption(slug, text(edition["name"]), text(edition["short"]),
                                    " ".join(editions.members(slug)), not for_some or slug in page_marks))
    note = ""
    if for_some:
        shorts = [option.short for option in options if option.slug in page_marks]
        named = editions_in_sentence(t.lang, shorts)
        note = filled_sentence(t.lang, t("This page is for {editions} only.", editions=named))
    return Picker(tuple(options), note, differences_url)
