"""Keyboard order on a 360-px phone with Material's navigation drawer closed (review 2, finding 3; WCAG 2.4.3,
2.4.7, 2.4.11): the closed drawer's links sat off screen in the tab order, so reaching the rulings filter took
287 Tab presses, 275 of them on links nobody could see. Closed, the drawer is out of the tab order; opened with
the menu button, its links are reachable.
"""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
MAX_TABS = 15  # skip link, header buttons, then the page's content

# Where the focus is, and whether a reader can see it: inside the viewport and not hidden. Material's
# colour-scheme radios are visually hidden on purpose and show their focus on the label that follows them.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const shown = el.matches('input.md-option') && el.nextElementSibling?.tagName === 'LABEL'
    ? el.nextElementSibling : el;
  const r = shown.getBoundingClientRect();
  const onScreen = r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0
    && r.left < innerWidth && r.top < innerHeight;
  const visible = shown.checkVisibility({visibilityProperty: true});
  return {html: el.outerHTML.slice(0, 120), onScreen, visible,
          inContent: !!el.closest('.md-content'),
          inDrawer: !!el.closest('.md-sidebar--primary')};
}"""


def tab_until(page, wanted: str, limit: int) -> list[dict]:
    """Press Tab up to `limit` times; the focused elements, stopping at the first where `wanted` is true."""
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        page.wait_for_timeout(300)  # let a slide or a scroll into view end before measuring
        stop = page.evaluate(FOCUSED)
        if stop is None:
            continue
        stops.append(stop)
        if stop[wanted]:
            break
    return stops


@pytest.mark.parametrize("path", ["fr/rulings/", "ja/sequences/block-action-bb2020/"])
def test_tab_reaches_the_content_through_visible_stops_only(open_page, web, path):
    page = open_page(viewport=PHONE)
    page.goto(web.url + path)
    page.wait_for_load_state("load")
    stops = tab_until(page, "inContent", MAX_TABS)
    hidden = [s["html"] for s in stops if not (s["onScreen"] and s["visible"])]
    assert not hidden, f"{len(hidden)} of {len(stops)} focus stops a reader cannot see: {hidden[:6]}"
    assert stops and stops[-1]["inContent"], f"{MAX_TABS} Tab presses did not reach the page's content"


def test_the_opened_drawer_links_are_reachable(open_page, web):
    page = open_page(viewport=PHONE)
    page.goto(web.url + "fr/rulings/")
    page.wait_for_load_state("load")
    page.click('.md-header label[for="__drawer"]')  # the menu button
    page.wait_for_timeout(400)  # the drawer slides in
    stops = tab_until(page, "inDrawer", MAX_TABS)
    assert stops and stops[-1]["inDrawer"], "Tab never reached the opened drawer's links"
    assert stops[-1]["onScreen"] and stops[-1]["visible"], stops[-1]
