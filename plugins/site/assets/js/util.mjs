// Small helpers shared by the page's modules: the page's language, the site root, templates, JSON attributes
// and the values of a resolver response. No state, no listeners.

export const DEFAULT_LANG = "en";
// This file is <lang root>/assets/nuffle/js/util.mjs in every language build.
export const LANG_ROOT = new URL("../../../", import.meta.url);

/** The page's language code ("en", "fr", "ja"), from <html lang>. */
export function pageLang() {
  return (document.documentElement.getAttribute("lang") || DEFAULT_LANG).toLowerCase().split("-")[0];
}

/** The site root (where the default language lives), from this script's own URL. */
export function siteRoot() {
  const root = new URL(LANG_ROOT.href);
  const lang = pageLang();
  if (lang !== DEFAULT_LANG && root.pathname.endsWith(`/${lang}/`)) {
    root.pathname = root.pathname.slice(0, root.pathname.length - lang.length - 1);
  }
  return root;
}

/** `template` with its {name} placeholders replaced from `values` (unknown ones are left as they are). */
export function fillTemplate(template, values = {}) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (whole, key) =>
    (Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole));
}

/** `text` cut to `max` characters ("…" marks the cut), for quoting what a reader or a link gave. */
export function clip(text, max = 40) {
  const chars = [...String(text ?? "")];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** A JSON attribute value, or `fallback` when it is missing or broken. */
export function readJSON(text, fallback) {
  if (typeof text !== "string" || !text) return fallback;
  try {
    const value = JSON.parse(text);
    return value ?? fallback;
  } catch (err) {
    console.warn("nuffle: an attribute is not JSON", err);
    return fallback;
  }
}

/** The value at a dotted path of a response ("totals.completion", "by_team_rerolls.2.success"), own keys only. */
export function valueAt(object, path) {
  let current = object;
  for (const key of String(path).split(".")) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(key) || Number(key) >= current.length) return undefined;
      current = current[Number(key)];
    } else if (current !== null && typeof current === "object" && Object.prototype.hasOwnProperty.call(current, key)) {
      current = current[key];
    } else {
      return undefined;
    }
  }
  return current;
}

/** A request's canonical text, as answers.py `request_key` writes it: JSON with its keys sorted (by code
 *  unit; the keys are ASCII field names), no spaces. */
export function requestKey(request) {
  const keys = Object.keys(request).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, request[key]])));
}

/** An exact zero: 0, or a resolver value {"exact": "0", …} (calculator.py is_zero). */
export function isZero(value) {
  if (value !== null && typeof value === "object") return value.exact === "0";
  return value === 0;
}
