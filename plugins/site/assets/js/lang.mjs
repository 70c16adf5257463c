// Language switcher: the header links (a.md-select__link[hreflang]) go to the same page, query and anchor in
// the other language. Paths are the same in every language: en at the site root, the others at <root>/<lang>/.
import { DEFAULT_LANG, LANG_ROOT, siteRoot } from "./util.mjs";

/** The URL of the current page, query and anchor in language `lang`. */
export function languageURL(lang) {
  const here = new URL(location.href);
  const rel = here.pathname.startsWith(LANG_ROOT.pathname) ? here.pathname.slice(LANG_ROOT.pathname.length) : "";
  const target = new URL((lang === DEFAULT_LANG ? "" : `${encodeURIComponent(lang)}/`) + rel, siteRoot());
  target.search = here.search;
  target.hash = here.hash;
  return target.href;
}

/** Point one switcher link at the current page in its language; returns the link, or null. */
function retarget(link) {
  const lang = link ? (link.getAttribute("hreflang") || "").toLowerCase() : "";
  if (!/^[a-z]{2,3}$/.test(lang)) return null;
  link.href = languageURL(lang);
  return link;
}

/** Point every switcher link at the current page (after the address changed: a form's query, a hash). */
export function rewriteLanguageLinks() {
  for (const link of document.querySelectorAll("a.md-select__link[hreflang]")) retarget(link);
}

function languageLink(event) {
  return retarget(event.target instanceof Element ? event.target.closest("a.md-select__link[hreflang]") : null);
}

/** Listen once for the page's life. Capture phase on window: runs before Material's own handlers (instant
 *  navigation and its sitemap lookup for alternates), which never see the click, so the browser follows our
 *  href: a full load of the other language's build. The href is also refreshed when a link is pointed at or
 *  focused, so a middle click, "copy link" or keyboard use gets the current page too. */
export function listenForLanguageLinks() {
  window.addEventListener("click", (event) => {
    if (languageLink(event)) event.stopPropagation();
  }, true);
  for (const type of ["pointerdown", "focusin", "auxclick", "contextmenu"]) {
    window.addEventListener(type, languageLink, true);
  }
  window.addEventListener("hashchange", rewriteLanguageLinks);
  window.addEventListener("popstate", rewriteLanguageLinks);
}
