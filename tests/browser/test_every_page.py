"""Every page of the three languages, opened in Chromium at phone width: no request leaves the site's
origin, and nothing is wider than a 360-px screen (wide tables scroll inside their own box)."""
from __future__ import annotations

import re
import urllib.request
from itertools import takewhile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error

pytestmark = pytest.mark.browser
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
KEY_PAGES = ["ja/sequences/pass-action-classic/", "fr/targets/agility-classic/", "rulings/",
             "fr/comparisons/kick-off-table/", "ja/sequences/kick-off-bb2025/", "fr/glossary/"]


def all_pages(web) -> list[str]:
    urls = []
    for prefix in ("", "fr/", "ja/"):
        with urllib.request.urlopen(f"{web.url}{prefix}sitemap.xml") as response:
            urls += re.findall(r"<loc>(.*?)</loc>", response.read().decode("utf-8"))
    return urls


SHARDS = 4  # the ~1,000 pages in four tests, which the test workers share

# Follow a link to `url` as a reader's tap does: Material's instant navigation fetches the page and swaps it
# in, and `document$` emits once it is shown. Resolves false where Material would not (no instant navigation
# on this page); a link it does not take over leaves the page, which the caller sees as a new load.
INSTANT = """url => new Promise(done => {
  if (!window.document$) return done(false);
  let first = true;
  const shown = document$.subscribe(() => {
    if (first) { first = false; return; }
    setTimeout(() => shown.unsubscribe());
    done(true);
  });
  const link = Object.assign(document.createElement('a'), {href: url});
  document.body.append(link);
  link.click();
})"""


def _language(url: str) -> str:
    parts = urlsplit(url).path.strip("/").split("/")
    return parts[0] if parts[0] in ("fr", "ja") else ""


def open_as_a_reader(page, url: str, previous: str | None) -> None:
    """Open `url` in `page`: by a tapped link from `previous` in the same language (instant navigation, as a
    reader moves around), else by a full load. Either way the page shown is `url`'s."""
    if previous is not None and _language(previous) == _language(url):
        try:
            if page.evaluate(INSTANT, url):
                assert page.url == url, f"instant navigation to {url} showed {page.url}"
                return
        except Error as err:  # the link left the page (a full load): wait for it as goto would
            if "Execution context was destroyed" not in str(err):
                raise
            page.wait_for_load_state("load")
            assert page.url == url
            return
    page.goto(url, wait_until="load")


# The same walk for a run of links in one evaluation, instead of two round trips per page: each link is followed
# as INSTANT follows it, then, in a later task (as a second evaluation would read it), the address shown and the
# page's width are read. Stops at a link Material does not take over (the page would be left).
WALK = """async urls => {
  const seen = [];
  for (const url of urls) {
    const shown = await new Promise(done => {
      if (!window.document$) return done(false);
      let first = true;
      const sub = document$.subscribe(() => {
        if (first) { first = false; return; }
        setTimeout(() => { sub.unsubscribe(); done(true); });
      });
      const link = Object.assign(document.createElement('a'), {href: url});
      document.body.append(link);
      link.click();
    });
    if (!shown) break;
    seen.push([location.href, document.documentElement.scrollWidth]);
  }
  return seen;
}"""
RUN = 40  # links per evaluation (see walk)


def walk(page, urls: list[str]) -> list[tuple[str, int]]:
    """(url, width in px) of every page of `urls`, opened in order as `open_as_a_reader` opens them: a full load
    at the first page, at each change of language and where Material has no instant navigation; else by a
    followed link, RUN links per evaluation."""
    shown: list[tuple[str, int]] = []
    while len(shown) < len(urls):
        url = urls[len(shown)]
        previous = shown[-1][0] if shown else None
        run = []
        if previous is not None and _language(previous) == _language(url):
            run = list(takewhile(lambda u: _language(u) == _language(url), urls[len(shown):len(shown) + RUN]))
        seen = _follow(page, run, previous) if run else []
        if not seen:
            page.goto(url, wait_until="load")
            run, seen = [url], [(page.url, page.evaluate("document.documentElement.scrollWidth"))]
        for one, (at, width) in zip(run, seen):
            assert at == one, f"instant navigation to {one} showed {at}"
            shown.append((one, width))
    return shown


def _follow(page, run: list[str], previous: str) -> list[tuple[str, int]]:
    """(address shown, width) for the links of `run` followed from the page shown (`previous`), in one
    evaluation (WALK); if one of them leaves the page, the run again a page at a time (`open_as_a_reader`)."""
    try:
        return [tuple(seen) for seen in page.evaluate(WALK, run)]
    except Error as err:
        if "Execution context was destroyed" not in str(err):
            raise
    page.wait_for_load_state("load")
    seen = []
    for url in run:
        open_as_a_reader(page, url, previous)
        seen.append((page.url, page.evaluate("document.documentElement.scrollWidth")))
        previous = url
    return seen


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_page_stays_on_the_site_and_fits_a_phone(chromium, web, shard):
    """Each shard walks a quarter of the pages, language by language, as a reader following links does."""
    origin = urlsplit(web.url)
    context = chromium.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    foreign: list[str] = []
    context.on("request", lambda r: foreign.append(r.url) if not r.url.startswith(("data:", "blob:")) and
               (urlsplit(r.url).scheme, urlsplit(r.url).netloc) != (origin.scheme, origin.netloc) else None)
    page = context.new_page()
    pages = all_pages(web)
    assert len(pages) > 100
    shown = walk(page, pages[shard::SHARDS])
    too_wide = [f"{url}: {width}px" for url, width in shown if width > 362]
    context.close()
    assert [url for url, _ in shown] == pages[shard::SHARDS]
    assert foreign == []
    assert too_wide == []


def test_the_walk_includes_every_section_folder(web):
    """A section's folder is a page of its own (review 10: /fr/sequences/ answered 404), so the walk above opens it."""
    pages = set(all_pages(web))
    folders = ("sequences", "tables", "targets", "rolls", "calculators", "skills", "rulings", "comparisons")
    assert [f"{p}{f}/" for p in ("", "fr/", "ja/") for f in folders if f"{web.url}{p}{f}/" not in pages] == []


@pytest.mark.parametrize("width", [360, 1280])
def test_key_pages_at_phone_and_desktop_sizes(open_page, web, width):
    """Screenshots for a person to look at (test-results/screenshots/), and no sideways scrolling."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = open_page(viewport={"width": width, "height": 900})
    for path in KEY_PAGES:
        page.goto(web.url + path, wait_until="load")
        page.screenshot(path=str(SCREENSHOTS / f"{path.strip('/').replace('/', '_')}-{width}.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 2, path


def test_reading_a_page_does_not_fetch_the_search_index_until_a_search(chromium, web):
    """The search index (the heaviest file of a page) is fetched only once the reader starts a search."""
    context = chromium.new_context(service_workers="block")
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.goto(web.url + "ja/rulings/", wait_until="networkidle")
    assert not any("search_index.json" in u for u in urls)
    page.locator("[data-md-component=search-query]").first.focus()
    page.keyboard.insert_text("ブロック")
    page.keyboard.press("End")
    page.wait_for_selector(".md-search-result__item")
    assert any("ja/search/search_index.json" in u for u in urls)
    context.close()
