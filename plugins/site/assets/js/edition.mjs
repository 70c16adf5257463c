// Editions: the picker at the top of every page (select[data-nc-edition-picker]) stores the reader's edition
// in localStorage; <html data-nc-edition> (set in <head> before the first paint, see plugins/site/editions.py)
// lets editions.css hide the blocks of other editions. This module keeps the pickers, that attribute, the
// page's table of contents and the comparison tabs in step, and tells its listeners (the calculators) when the
// reader chooses an edition anywhere: in the picker, in a calculator, or in another tab of the site.

const EDITION_KEY = "nuffle.edition"; // the same key as the inline script of plugins/site/editions.py
const listeners = new Set();
const shownListeners = new Set();
// A link's edition (a calculator's address: ?edition=classic) is shown on its own page only, and is not stored:
// the reader's own choice, kept here meanwhile, comes back on the next page (review 8, m3). null while the page
// shows the reader's own edition.
let readerEdition = null;

/** The page's pickers (the first one lists the choosable editions, oldest first). */
function picker() {
  return document.querySelector("select[data-nc-edition-picker]");
}

/** The editions a reader can choose, oldest first, from the page's picker (empty when the page has none). */
export function choosableEditions() {
  const select = picker();
  return select ? [...select.options].map((option) => option.value).filter(Boolean) : [];
}

/** The choosable edition `edition` is read as (bb2016 -> classic: the picker's data-members), or "". */
export function readAs(edition) {
  const select = picker();
  if (!select || !edition) return "";
  const option = [...select.options].find((o) => o.value && (o.dataset.members || o.value).split(/\s+/).includes(edition));
  return option ? option.value : "";
}

/** The reader's edition ("" while they have chosen none: the picker on "All editions"), also while the page
 *  shows a link's edition. */
export function chosenEdition() {
  if (readerEdition !== null) return readerEdition;
  return document.documentElement.getAttribute("data-nc-edition") || "";
}

/** Show this page in a link's `edition` (a choosable one), the pickers too, and say that the page follows its
 *  link (the picker's note, [data-nc-edition-linked]); the reader's stored choice stays theirs for the other
 *  pages, until they choose an edition on this one. */
export function followLinkEdition(edition) {
  if (!choosableEditions().includes(edition)) return;
  if (readerEdition === null) readerEdition = chosenEdition();
  applyEdition(edition);
  showLinked(true);
}

/** A new page: it shows the reader's own edition again, not the link's the last page followed (Material's
 *  instant navigation keeps <html> and this module from page to page). */
export function showReaderEdition() {
  const edition = chosenEdition();
  readerEdition = null;
  showLinked(false);
  applyEdition(edition);
}

/** The pickers' note that the page follows its link's edition, shown or hidden. */
function showLinked(on) {
  for (const note of document.querySelectorAll("[data-nc-edition-linked]")) note.hidden = !on;
}

/** `fn(edition)` is called whenever the reader chooses an edition (not "All editions"). */
export function onEditionChosen(fn) {
  listeners.add(fn);
}

/** `fn(edition)` is called whenever the page is shown in an edition, or in every edition (""): on the page's
 *  start, a choice, "Show all", another tab's choice. */
export function onEditionShown(fn) {
  shownListeners.add(fn);
}

/** Store the reader's choice ("" for every edition) and show the page in it; the listeners follow an edition. */
export function chooseEdition(edition) {
  const value = choosableEditions().includes(edition) ? edition : "";
  readerEdition = null; // a choice made on a page that followed a link's edition: the reader's from now on
  showLinked(false);
  try {
    if (value) localStorage.setItem(EDITION_KEY, value);
    else localStorage.removeItem(EDITION_KEY);
  } catch {
    // storage refused (private mode, quota): the choice still holds on this page
  }
  applyEdition(value);
  if (value) for (const fn of listeners) fn(value);
}

/** Show the current page in `edition` ("" for all): the <html> attribute, pickers, contents, tabs. */
export function applyEdition(edition) {
  const root = document.documentElement;
  if (edition) root.setAttribute("data-nc-edition", edition);
  else root.removeAttribute("data-nc-edition");
  for (const select of document.querySelectorAll("select[data-nc-edition-picker]")) {
    select.value = edition;
    select.dataset.mounted = "true"; // this module now answers the picker
  }
  hideOtherEditionsInContents(edition);
  if (edition) selectEditionTab(edition);
  for (const fn of shownListeners) fn(edition);
}

/** The table of contents lists every heading: hide those whose section is hidden. (Material makes its links
 *  absolute: a link is to a heading of this page when it has this page's path.) */
function hideOtherEditionsInContents(edition) {
  for (const link of document.querySelectorAll(".md-nav--secondary a.md-nav__link")) {
    let target = null;
    try {
      const url = new URL(link.href, location.href);
      if (url.pathname === location.pathname && url.hash) target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
    } catch {
      // a malformed escape in a link: no section to hide
    }
    const block = target ? target.closest("[data-editions]") : null;
    const item = link.closest("li");
    if (item) item.hidden = Boolean(edition && block && !block.dataset.editions.split(/\s+/).includes(edition));
  }
}

/** On a comparison page, open the chosen edition's tab: Material's linked tabs then follow on every set. */
function selectEditionTab(edition) {
  const option = document.querySelector(`select[data-nc-edition-picker] option[value="${CSS.escape(edition)}"]`);
  const label = option ? option.dataset.tab : "";
  if (!label) return;
  for (const set of document.querySelectorAll(".tabbed-set")) {
    for (const input of set.querySelectorAll(":scope > input")) {
      const tab = set.querySelector(`label[for="${CSS.escape(input.id)}"]`);
      if (tab && tab.innerText.trim() === label) {
        if (!input.checked) input.click();
        return;
      }
    }
  }
}

/** Listen once for the page's life: the pickers, the "show all" and "show <edition>" buttons, other tabs. */
export function listenForEditions() {
  document.addEventListener("change", (event) => {
    const select = event.target instanceof Element ? event.target.closest("select[data-nc-edition-picker]") : null;
    if (select) chooseEdition(select.value);
  });
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    if (event.target.closest("[data-nc-show-all]")) chooseEdition("");
    // "No ruling on this page is for Classic. [Show BB2020]": the nearest edition that has content here
    const choose = event.target.closest("[data-nc-choose]");
    if (choose) chooseEdition(choose.dataset.ncChoose);
  });
  // Another tab of the site changed the edition: this page and its calculators follow.
  window.addEventListener("storage", (event) => {
    if (event.key !== EDITION_KEY && event.key !== null) return;
    const value = choosableEditions().includes(event.newValue) ? event.newValue : "";
    readerEdition = null;
    showLinked(false);
    applyEdition(value);
    if (value) for (const fn of listeners) fn(value);
  });
}
