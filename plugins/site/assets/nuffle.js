// Nuffle Codex page script: an ES module loaded on every page (extra_javascript, type: module).
// No dependencies; every value shown comes from the page or the resolver and is set with textContent.
//
// 1. Language switcher: the header links (a.md-select__link[hreflang]) go to the same page, query and
//    anchor in the other language. Paths are the same in every language: en at the site root,
//    the others at <root>/<lang>/.
// 2. Calculators: each form[data-calculator] is wired to ONE module worker (calc-worker.js) running
//    the `calculators` Python package in Pyodide. The worker is started only when a calculator is
//    near the viewport (within NEAR_SCREENS screens), when the reader touches it, or when the URL or
//    the chosen edition changes its form; until then the result the build wrote stays as it is, so a
//    page whose only calculator is far down (the glossary's throw-in) costs no Python. The worker lives
//    as long as the tab, across Material's instant navigation. Every calculator is driven by its markup
//    alone (plugins/site/render/calculator.py): its fields, its result elements named by dotted paths
//    into the response, and its messages (data-strings, from the Babel catalogs: this file holds no
//    text of any language). The page's query string sets the form (a value the field refuses gets a
//    message next to the field, the field keeps its own value); with no edition in it, a calculator
//    with an edition select starts on the reader's chosen edition. Once Python has started, the page
//    asks the service worker (offline.js) to keep the files it used, so that the calculators work
//    offline after one visit. A calculator's pitch picture is recoloured here; pitch.js makes it readable
//    (the square read out, the table, the zoom) and puts a chosen square into the form.
//
// 3. Editions: the picker at the top of every page (select[data-nc-edition-picker]) stores the reader's
//    edition in localStorage; <html data-nc-edition> (set in <head> before the first paint, see
//    plugins/site/editions.py) lets editions.css hide the blocks of other editions. This file keeps
//    the pickers, that attribute, the page's table of contents and the comparison tabs in step.
//
// 4. Moved anchors: an old link to a section that became a page of its own (rulings/#ruling-<slug>)
//    goes on to that page.
//
// Material swaps page content without reloading this module: everything page-specific runs from
// document$ (falls back to a plain DOMContentLoaded when Material's bundle is missing).

const DEFAULT_LANG = "en";
// This file is <lang root>/assets/nuffle/nuffle.js in every language build.
const LANG_ROOT = new URL("../../", import.meta.url);

const INTEGER = /^\s*-?\d{1,9}\s*$/;
const STATUS_FIELDS = new Set(["status", "error"]);

// --------------------------------------------------------------------------------------- utilities

function pageLang() {
  return (document.documentElement.getAttribute("lang") || DEFAULT_LANG).toLowerCase().split("-")[0];
}

/** `template` with its {name} placeholders replaced from `values` (unknown ones are left as they are). */
function fillTemplate(template, values = {}) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (whole, key) =>
    (Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole));
}

/** `text` cut to `max` characters ("…" marks the cut), for quoting what a reader or a link gave. */
function clip(text, max = 40) {
  const chars = [...String(text ?? "")];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** A JSON attribute value, or `fallback` when it is missing or broken. */
function readJSON(text, fallback) {
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
function valueAt(object, path) {
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

/** An exact zero: 0, or a resolver value {"exact": "0", …} (calculator.py is_zero). */
/** A request's canonical text, as answers.py `request_key` writes it: JSON with its keys sorted (by code
 *  unit; the keys are ASCII field names), no spaces. */
function requestKey(request) {
  const keys = Object.keys(request).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, request[key]])));
}

function isZero(value) {
  if (value !== null && typeof value === "object") return value.exact === "0";
  return value === 0;
}

/** The site root (where the default language lives), from this script's own URL. */
function siteRoot() {
  const root = new URL(LANG_ROOT.href);
  const lang = pageLang();
  if (lang !== DEFAULT_LANG && root.pathname.endsWith(`/${lang}/`)) {
    root.pathname = root.pathname.slice(0, root.pathname.length - lang.length - 1);
  }
  return root;
}

// ------------------------------------------------------------------------------ language switcher

/** The URL of the current page, query and anchor in language `lang`. */
function languageURL(lang) {
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

function rewriteLanguageLinks() {
  for (const link of document.querySelectorAll("a.md-select__link[hreflang]")) retarget(link);
}

// Capture phase on window: runs before Material's own handlers (instant navigation and its sitemap
// lookup for alternates), which never see the click, so the browser follows our href: a full load of
// the other language's build. The href is also refreshed when a link is pointed at or focused, so a
// middle click, "copy link" or keyboard use gets the current page too.
function languageLink(event) {
  return retarget(event.target instanceof Element ? event.target.closest("a.md-select__link[hreflang]") : null);
}
window.addEventListener("click", (event) => {
  if (languageLink(event)) event.stopPropagation();
}, true);
for (const type of ["pointerdown", "focusin", "auxclick", "contextmenu"]) {
  window.addEventListener(type, languageLink, true);
}
window.addEventListener("hashchange", rewriteLanguageLinks);
window.addEventListener("popstate", rewriteLanguageLinks);

// ------------------------------------------------------------------------------------- editions

const EDITION_KEY = "nuffle.edition"; // the same key as the inline script of plugins/site/editions.py

/** The editions a reader can choose, from the page's picker (empty when the page has none). */
function choosableEditions() {
  const picker = document.querySelector("select[data-nc-edition-picker]");
  return picker ? [...picker.options].map((option) => option.value).filter(Boolean) : [];
}

/** The choosable edition `edition` is read as (bb2016 -> classic: the picker's data-members), or "". */
function readAs(edition) {
  const picker = document.querySelector("select[data-nc-edition-picker]");
  if (!picker || !edition) return "";
  const option = [...picker.options].find((o) => o.value && (o.dataset.members || o.value).split(/\s+/).includes(edition));
  return option ? option.value : "";
}

function chosenEdition() {
  return document.documentElement.getAttribute("data-nc-edition") || "";
}

/** Store the reader's choice ("" for every edition) and show the page in it. */
function chooseEdition(edition) {
  const value = choosableEditions().includes(edition) ? edition : "";
  try {
    if (value) localStorage.setItem(EDITION_KEY, value);
    else localStorage.removeItem(EDITION_KEY);
  } catch (err) {
    // storage refused (private mode, quota): the choice still holds on this page
  }
  applyEdition(value);
  // The page's calculators follow, so that the page gives one answer to "which edition?"; a calculator's
  // own edition select chooses for the whole page in turn (Calculator.onInput).
  if (value) {
    for (const calc of calculators) {
      if (calc.form.isConnected) calc.followEdition(value);
      else calculators.delete(calc);
    }
  }
}

/** Show the current page in `edition` ("" for all): the <html> attribute, pickers, contents, tabs. */
function applyEdition(edition) {
  const root = document.documentElement;
  if (edition) root.setAttribute("data-nc-edition", edition);
  else root.removeAttribute("data-nc-edition");
  for (const select of document.querySelectorAll("select[data-nc-edition-picker]")) {
    select.value = edition;
    select.dataset.mounted = "true"; // this module now answers the picker
  }
  // The table of contents lists every heading: hide those whose section is hidden. (Material makes
  // its links absolute: a link is to a heading of this page when it has this page's path.)
  for (const link of document.querySelectorAll(".md-nav--secondary a.md-nav__link")) {
    let target = null;
    try {
      const url = new URL(link.href, location.href);
      if (url.pathname === location.pathname && url.hash) target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
    } catch (err) {
      target = null;
    }
    const block = target ? target.closest("[data-editions]") : null;
    const item = link.closest("li");
    if (item) item.hidden = Boolean(edition && block && !block.dataset.editions.split(/\s+/).includes(edition));
  }
  if (edition) selectEditionTab(edition);
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
// Another tab of the site changed the edition.
window.addEventListener("storage", (event) => {
  if (event.key === EDITION_KEY || event.key === null) {
    applyEdition(choosableEditions().includes(event.newValue) ? event.newValue : "");
  }
});

// ------------------------------------------------------------------------------ the Python worker

/** Resolve a data-* URL against the page, plus the same path read from the site root as a fallback. */
function candidates(value) {
  const primary = new URL(value, location.href).href;
  const list = [primary];
  if (!/^([a-z][a-z0-9+.-]*:|\/)/i.test(value)) {
    const fromRoot = new URL(value.replace(/^(\.\.?\/)+/, ""), siteRoot()).href;
    if (fromRoot !== primary) list.push(fromRoot);
  }
  return list;
}

/**
 * Ask the service worker, once it is active, to keep what Python was started from: the runtime files
 * (their names are rendered from the build's RUNTIME_FILES into data-runtime-files), the calculators
 * zip, the snapshot when Python booted from it, and the rules. On a first visit they were fetched before
 * the service worker controlled the page (offline.js registers it after the first result), so without
 * this the calculators would not work offline; the service worker copies them from the HTTP cache.
 */
function keepForOffline(form, info) {
  if (!("serviceWorker" in navigator) || !info || typeof info.runtime !== "string") return;
  const used = info.used || {};
  const runtime = readJSON(form.dataset.runtimeFiles, []).filter((name) => typeof name === "string")
    .map((name) => new URL(name, info.runtime).href);
  for (const url of [used.package, used.snapshot]) if (typeof url === "string") runtime.push(url);
  const pages = typeof used.rules === "string" ? [used.rules] : [];
  navigator.serviceWorker.ready.then((registration) => {
    if (!registration.active) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      const kept = (event.data && event.data.kept) || [];
      console.info(`nuffle: ${kept.length} of ${runtime.length + pages.length} calculator files kept for offline use`);
      channel.port1.close();
    };
    registration.active.postMessage({ type: "nuffle:keep", runtime, pages }, [channel.port2]);
  }).catch(() => {});
}

// The longest a request may run in the worker (ms), once Python is ready. The slowest request the
// resolver accepts takes about a second in CPython (benchmarks/bench_worst_notation.py), a few in
// Pyodide; past this budget the page says the request is too large, terminates the worker (Python
// cannot be interrupted otherwise) and starts a fresh one. `window.nuffleCalcBudgetMs` overrides it
// (the browser tests set a small budget).
const CALL_BUDGET_MS = 10_000;

function callBudget() {
  const override = Number(window.nuffleCalcBudgetMs);
  return Number.isFinite(override) && override > 0 ? override : CALL_BUDGET_MS;
}

/** A request that ran past the budget (`tooLarge`), or one that waited behind it (`restarted`: ask again). */
class EngineStopped extends Error {
  constructor(message, tooLarge) {
    super(message);
    this.tooLarge = tooLarge;
    this.restarted = !tooLarge;
  }
}

class Engine {
  constructor(form) {
    this.form = form;
    this.pending = new Map();
    this.nextId = 1;
    this.failed = false;
    this.stopped = false;
    this.isReady = false;
    this.worker = new Worker(new URL("calc-worker.js", import.meta.url), { type: "module", name: "nuffle-calculators" });
    this.worker.onmessage = (event) => {
      const { id, ok, value, error } = event.data || {};
      const entry = this.pending.get(id);
      if (!entry) return;
      this.pending.delete(id);
      if (ok) entry.resolve(value);
      else entry.reject(new Error(error));
    };
    this.worker.onerror = (event) => this.fail(new Error(event.message || "the calculator worker failed to start"));
    let lock = {};
    try {
      lock = JSON.parse(form.dataset.lock || "{}");
    } catch (err) {
      console.warn("nuffle: data-lock is not JSON", err);
    }
    const runtime = candidates(form.dataset.runtime || "pyodide/").map((u) => (u.endsWith("/") ? u : `${u}/`));
    this.ready = this.send({
      type: "init",
      runtime,
      lock,
      package: form.dataset.package || "",
      snapshot: form.dataset.snapshot || "",
      snapshotBytes: Number(form.dataset.snapshotBytes) || 0,
      rules: candidates(form.dataset.rules || "api/v1/rules.json"),
    }).then((info) => {
      this.isReady = true;
      if (info.runtime !== runtime[0]) console.warn(`nuffle: data-runtime resolved to ${runtime[0]} but the runtime is at ${info.runtime}`);
      keepForOffline(form, info);
      return info;
    }, (err) => {
      this.fail(err);
      throw err;
    });
    this.ready.catch(() => {});
  }

  send(message) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  fail(err) {
    this.failed = true;
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }

  /** The parsed resolver response for `request`. Rejects when Python itself is unavailable, or with an
   *  EngineStopped when the call ran past the time budget (`tooLarge`) or waited behind one that did
   *  (`restarted`). */
  async call(request) {
    await this.ready;
    const answer = this.send({ type: "call", request });
    let timer;
    const budget = callBudget();
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new EngineStopped(`the request ran for more than ${budget} ms`, true)), budget);
    });
    try {
      return await Promise.race([answer, late]);
    } catch (err) {
      if (err instanceof EngineStopped && err.tooLarge) this.stop(answer);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Terminate the worker (its Python is busy with a request too large) and start a fresh one for the
   *  page; the other calls in flight are rejected as `restarted`, so their calculators ask again. */
  stop(answer) {
    if (this.stopped) return;
    this.stopped = true;
    this.failed = true;
    answer.catch(() => {});
    this.worker.terminate();
    for (const { reject } of this.pending.values()) reject(new EngineStopped("the calculator worker was restarted", false));
    this.pending.clear();
    console.warn("nuffle: a calculator request ran past its time budget; the worker was restarted");
    if (engine === this) engine = null;
    getEngine(this.form);
  }
}

let engine = null;
let messageCount = 0; // ids of the messages next to fields (aria-describedby)
const calculators = new Set(); // the mounted calculators of the current page

function getEngine(form) {
  if (!engine || engine.failed) {
    if (engine) engine.worker.terminate();
    engine = new Engine(form);
  }
  return engine;
}

// A calculator starts Python when it comes within this many screens of the viewport (above or below):
// Python takes a second or more to start, so a reader scrolling towards it finds it ready.
const NEAR_SCREENS = 2;
const waiting = new Map(); // box element -> Calculator waiting for the reader
const nearby = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting && waiting.has(entry.target)) waiting.get(entry.target).run();
    }
  }, { rootMargin: `${NEAR_SCREENS * 100}% 0px` })
  : null;

/** True when `element` is shown and within NEAR_SCREENS screens of the viewport now (a layout read). */
function isNear(element) {
  const rect = element.getBoundingClientRect();
  if (!rect.width && !rect.height) return false; // hidden (display: none): the observer will tell
  const screen = window.innerHeight || document.documentElement.clientHeight;
  return rect.top < screen * (1 + NEAR_SCREENS) && rect.bottom > -screen * NEAR_SCREENS;
}

/** Forget the calculators of pages that Material's instant navigation has replaced. */
function forgetDetached() {
  for (const [box, calc] of [...waiting]) if (!box.isConnected) calc.stopWaiting();
}

// ---------------------------------------------------------------------------------- one calculator
//
// The markup is the build's (plugins/site/render/calculator.py): one wrapper per field with data-name and
// data-type, the result's [data-field] elements named by their dotted path into the response, with
// data-format, and the messages in data-strings. Nothing here knows a request kind.

/** One field of a calculator form: its wrapper (label, fieldset, or the hidden input itself) and inputs. */
class Field {
  constructor(wrapper) {
    this.el = wrapper;
    this.name = wrapper.dataset.name;
    this.type = wrapper.dataset.type || "choice";
    this.optional = wrapper.hasAttribute("data-optional");
    this.fixed = wrapper.tagName === "INPUT" && wrapper.type === "hidden";
    this.inputs = this.fixed ? [wrapper] : [...wrapper.querySelectorAll("input, select, textarea")];
    this.input = this.inputs[0] || null;
  }

  get disabled() {
    return !this.input || this.input.disabled;
  }

  get isSelect() {
    return !!this.input && this.input.tagName === "SELECT";
  }

  get isSquare() {
    return this.type === "square" && !this.fixed && this.inputs.length === 2;
  }

  /** The text the URL carries ("" for an empty optional field). */
  raw() {
    if (this.isSquare) {
      const [x, y] = this.inputs.map((i) => i.value.trim());
      return x === "" && y === "" ? "" : `${x},${y}`;
    }
    if (this.type === "bool" && this.input.type === "checkbox") return String(this.input.checked);
    return this.input.value;
  }

  /** What this field accepts, as [message key, template values] ("Enter a whole number from 3 to 12."). */
  expected() {
    const el = this.input;
    if (this.type === "bool" && el.type === "checkbox") return ["bool", {}];
    if (this.isSelect) return ["choice", {}];
    if (this.isSquare) {
      const [ix, iy] = this.inputs;
      return [this.optional ? "squareOptional" : "square", { xlo: ix.min, xhi: ix.max, ylo: iy.min, yhi: iy.max }];
    }
    if (this.type === "int") {
      const lo = el.min !== "" ? Number(el.min) : -1e9;
      const hi = el.max !== "" ? Number(el.max) : 1e9;
      return [this.optional ? "intOptional" : "int", { lo, hi }];
    }
    if (this.type === "text") return ["text", { n: el.maxLength > 0 ? el.maxLength : 500 }];
    return ["choice", {}];
  }

  /** null when the value is fine, else [message key, template values]. */
  problem() {
    if (this.disabled || this.fixed) return null;
    if (this.isSquare) {
      const [ix, iy] = this.inputs;
      if (this.optional && ix.value.trim() === "" && iy.value.trim() === "") return null;
      const bad = this.inputs.some((i) => {
        const v = i.value.trim();
        return !INTEGER.test(v) || Number(v) < Number(i.min) || Number(v) > Number(i.max);
      });
      return bad ? this.expected() : null;
    }
    const el = this.input;
    if (this.isSelect) {
      if (el.selectedIndex < 0 || el.options[el.selectedIndex].disabled) return ["choice", {}];
      if (el.value === "" && !this.optional) return ["required", {}];
      return null;
    }
    if (this.type === "int") {
      const v = el.value.trim();
      const [, { lo, hi }] = this.expected();
      if (v === "" && this.optional) return null;
      if (!INTEGER.test(v) || Number(v) < lo || Number(v) > hi) return this.expected();
      return null;
    }
    if (this.type === "text") {
      if (el.value.length > this.expected()[1].n) return this.expected();
      if (!this.optional && el.value.trim() === "") return ["required", {}];
    }
    return null;
  }

  /** The request value, or undefined when the field is absent (an empty optional field). */
  value() {
    const el = this.input;
    if (this.fixed) {
      if (this.type === "int") return parseInt(el.value, 10);
      if (this.type === "bool") return el.value === "true";
      if (this.type === "square") return el.value.split(",").map((n) => parseInt(n, 10));
      return el.value;
    }
    if (this.isSquare) {
      const [x, y] = this.inputs.map((i) => i.value.trim());
      if (x === "" && y === "") return undefined;
      return [parseInt(x, 10), parseInt(y, 10)];
    }
    if (this.type === "bool" && el.type === "checkbox") return el.checked;
    if (el.value.trim() === "" && this.optional) return undefined;
    if (this.type === "int") return parseInt(el.value, 10);
    if (this.type === "bool") return el.value === "true";
    return el.value;
  }

  /** Set the field from a URL value, validated like typed input. Returns {changed, problem}: a value the
   *  field refuses leaves it as it was, and `problem` ([message key, template values]) says what it takes. */
  set(raw) {
    if (this.fixed || !this.input) return { changed: false, problem: null };
    if (this.type === "bool" && this.input.type === "checkbox") {
      const v = { true: true, 1: true, on: true, false: false, 0: false, off: false }[raw.trim().toLowerCase()];
      if (v === undefined) return { changed: false, problem: this.expected() };
      const changed = v !== this.input.checked;
      this.input.checked = v;
      return { changed, problem: null };
    }
    if (this.isSelect) {
      const option = [...this.input.options].find((o) => o.value === raw && !o.disabled);
      if (!option) return { changed: false, problem: this.expected() };
      const changed = !option.selected;
      option.selected = true;
      return { changed, problem: null };
    }
    const before = this.inputs.map((i) => i.value);
    let wanted;
    if (this.isSquare) {
      const parts = raw.split(",");
      if (raw.trim() !== "" && parts.length !== 2) return { changed: false, problem: this.expected() };
      wanted = raw.trim() === "" ? ["", ""] : parts.map((part) => part.trim());
    } else {
      wanted = [this.type === "text" ? raw : raw.trim()];
    }
    this.inputs.forEach((input, k) => { input.value = wanted[k]; });
    // A number input drops what is not a number ("abc" reads back as ""): that is refused too.
    const dropped = this.inputs.some((input, k) => input.value !== wanted[k]);
    const problem = dropped ? this.expected() : this.problem();
    if (problem) {
      this.inputs.forEach((input, k) => { input.value = before[k]; });
      return { changed: false, problem };
    }
    return { changed: this.inputs.some((input, k) => input.value !== before[k]), problem: null };
  }
}

class Calculator {
  constructor(form) {
    this.form = form;
    this.kind = form.dataset.calculator;
    this.lang = form.dataset.lang || pageLang();
    this.strings = readJSON(form.dataset.strings, {});
    // the build's answers to the requests one change away from the form as built (answers.py), by requestKey
    this.answers = readJSON(form.dataset.answers, {});
    this.box = form.closest(".nc-calculator") || form.parentElement;
    this.result = this.box.querySelector("[data-result]");
    this.fields = [...form.querySelectorAll("[data-name]")].map((el) => new Field(el)).filter((f) => f.name && f.input);
    this.switchField = form.dataset.switch ? this.fields.find((f) => f.name === form.dataset.switch && !f.fixed) || null : null;
    this.lastRequest = null;
    this.seq = 0;
    this.dirty = false;       // inputs differ from what the page was built with
    this.urlNotes = new Map(); // field -> the message about a value of the address it refused
    this.percent = new Intl.NumberFormat(this.lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.number = new Intl.NumberFormat(this.lang);
    this.decimal = new Intl.NumberFormat(this.lang, { maximumFractionDigits: 2 });
  }

  /** A message of data-strings in the page's language, its {placeholders} filled. */
  text(key, values) {
    return fillTemplate(this.strings[key] ?? "", values);
  }

  fieldOf(element) {
    return this.fields.find((f) => f.inputs.includes(element)) || null;
  }

  field(name) {
    return this.fields.find((f) => f.name === name) || null;
  }

  start() {
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.form.addEventListener("change", (event) => this.onInput(event));
    this.form.addEventListener("input", (event) => {
      const t = event.target;
      if (t.type === "number" || t.type === "text") this.onInput(event); // selects and boxes also fire "change"
    });
    this.applySwitch();
    this.dirty = this.readQuery();
    this.applyNeeds();
    // Python starts now when it costs nothing (already running in this tab), when the URL carries this
    // calculator's fields (a shared result: the pre-rendered one is not it) or when the calculator is near
    // the viewport; otherwise when it comes near or the reader touches it. The build's result stays shown.
    // The pre-rendered result answers the form as built: once the address or the chosen edition has
    // changed the form, it is not shown as this form's answer, even for the moment a ready Python takes.
    if (this.dirty) this.clearResult();
    const params = new URLSearchParams(location.search);
    const linked = this.fields.some((f) => !f.fixed && params.has(f.name));
    if ((engine && !engine.failed) || linked || this.dirty || !nearby || isNear(this.box)) this.run();
    else this.waitForReader();
  }

  /** Start Python when the calculator comes near the viewport or the reader touches it. */
  waitForReader() {
    this.wake = () => this.run();
    for (const type of ["pointerdown", "focusin"]) this.box.addEventListener(type, this.wake, { passive: true });
    waiting.set(this.box, this);
    nearby.observe(this.box);
  }

  stopWaiting() {
    if (!this.wake) return;
    for (const type of ["pointerdown", "focusin"]) this.box.removeEventListener(type, this.wake);
    this.wake = null;
    waiting.delete(this.box);
    if (nearby) nearby.unobserve(this.box);
  }

  /** Start (or join) the Python worker and show this calculator's first in-browser result. */
  run() {
    if (!this.engine) this.compute(false);
  }

  // --- which fields belong to the selected switch value (data-for="<value> …")

  static owned(el, value) {
    return value === null || el.dataset.for.split(/\s+/).includes(value);
  }

  applySwitch() {
    const value = this.switchField ? this.switchField.input.value : null;
    for (const field of this.fields) {
      if (field.fixed || field === this.switchField) continue;
      if (field.el.hasAttribute("data-for")) {
        const off = !Calculator.owned(field.el, value);
        field.el.hidden = off;
        for (const input of field.inputs) input.disabled = off;
      }
      for (const input of field.inputs) {
        const range = input.dataset.range ? readJSON(input.dataset.range, {})[value] : undefined;
        if (Array.isArray(range) && range.length === 2) {
          input.min = String(range[0]);
          input.max = String(range[1]);
        }
      }
      if (!field.isSelect) continue;
      const select = field.input;
      const owned = [...select.options].filter((o) => o.dataset.for !== undefined);
      if (!owned.length) continue;
      const previous = select.value;
      for (const option of owned) {
        const off = !Calculator.owned(option, value);
        option.hidden = off;
        option.disabled = off;
      }
      const usable = [...select.options].filter((o) => !o.disabled);
      const none = usable.length === 0;
      if (!field.el.hasAttribute("data-for")) field.el.hidden = none;
      select.disabled = none || field.el.hidden;
      if (!none && (select.selectedIndex < 0 || select.options[select.selectedIndex].disabled)) {
        (usable.find((o) => o.value === previous) || usable[0]).selected = true;
      }
    }
    this.applyNeeds();
  }

  /** A field that matters only while some boxes are ticked (data-with="<box> …": Mighty Blow's +X, the
   *  classic Claws reading) shows only while they are, so a phone's form is as short as the choices made.
   *  It stays in the request (the resolver ignores it then), so the build's answers still match; a field
   *  whose link value was refused stays shown with its message. */
  applyNeeds() {
    const ticked = (name) => {
      const box = this.field(name);
      return Boolean(box && !box.disabled && box.input.checked);
    };
    for (const field of this.fields) {
      const boxes = field.el.dataset.with;
      if (!boxes || field.disabled) continue;
      field.el.hidden = !this.urlNotes.has(field) && !boxes.split(/\s+/).every(ticked);
    }
  }

  // --- form <-> request <-> URL

  /** Show `message` next to the field (or clear it): the inputs are marked `aria-invalid` (and visibly, see
   *  nuffle.css) and described by the message (`aria-describedby`). The message is not a live region: the
   *  result's one-line summary announces the problem. */
  showProblem(field, message) {
    const holder = field.el.tagName === "INPUT" ? field.el.parentElement : field.el;
    let note = holder.querySelector(":scope > [data-nc-message]");
    const describe = (input, on) => {
      const ids = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter((id) => id && id !== (note && note.id));
      if (on) ids.push(note.id);
      if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
      else input.removeAttribute("aria-describedby");
    };
    if (!message) {
      for (const input of field.inputs) {
        input.removeAttribute("aria-invalid");
        if (note) describe(input, false);
      }
      holder.classList.remove("nc-invalid");
      if (note) note.remove();
      return;
    }
    if (!note) {
      note = document.createElement("span");
      note.className = "nc-error nc-field-error";
      note.id = `nc-message-${++messageCount}`;
      note.setAttribute("data-nc-message", "");
      holder.appendChild(note);
    }
    for (const input of field.inputs) {
      input.setAttribute("aria-invalid", "true");
      describe(input, true);
    }
    holder.classList.add("nc-invalid");
    note.textContent = message;
    if (field.inputs.includes(document.activeElement)) keepFocusAbovePinnedResult(); // the message shows whole too
  }

  /** Say `text` once through the result's live region (a short summary, never the whole result). */
  announce(text) {
    const live = this.result && this.result.querySelector("[data-live]");
    if (live && live.textContent !== text) live.textContent = text;
  }

  /** "<label>: <value>" of the first result row shown: what the live region says after a change. */
  summary() {
    for (const row of this.result ? this.result.querySelectorAll("[data-row]") : []) {
      if (row.hidden) continue;
      const label = row.querySelector("dt, th");
      const value = row.querySelector("[data-field]");
      if (label && value) return this.text("summary", { label: label.textContent.trim(), value: value.textContent.trim() });
    }
    return this.text("done");
  }

  /** Validate every field, showing each problem next to its field; true when all are fine. A value of the
   *  address the field refused stays explained next to it until the reader edits that field. */
  validate() {
    let ok = true;
    for (const field of this.fields) {
      const problem = field.problem();
      this.showProblem(field, problem ? this.text(problem[0], problem[1]) : (this.urlNotes.get(field) || ""));
      if (problem) ok = false;
    }
    return ok;
  }

  request() {
    const request = { kind: this.kind };
    for (const field of this.fields) {
      if (field.disabled || field.name === "kind") continue;
      const value = field.value();
      if (value !== undefined) request[field.name] = value;
    }
    return request;
  }

  /** The form state in the query string (the fields in use; the page's fixed fields stay out). */
  writeQuery() {
    const url = new URL(location.href);
    for (const field of this.fields) {
      if (!field.fixed) url.searchParams.delete(field.name);
    }
    for (const field of this.fields) {
      if (field.fixed || field.disabled) continue;
      const raw = field.raw();
      if (raw === "" && field.optional) continue;
      url.searchParams.set(field.name, raw);
    }
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    rewriteLanguageLinks();
  }

  /** Set the form from the query string, each value checked as typed input would be: a value a field
   *  refuses is noted next to it (shown as text) and the field keeps its value; the others apply. With no
   *  usable edition there, an edition select starts on the reader's chosen edition when it offers it; with
   *  one, the page's picker moves to it unless it shows every edition.
   *  Parameters of fields that are not in use (fixed, or not for this switch value) are ignored.
   *  True if the form changed (the pre-rendered result no longer answers it). */
  readQuery() {
    const params = new URLSearchParams(location.search);
    let changed = false;
    const take = (field) => {
      const raw = params.get(field.name);
      const { changed: moved, problem } = field.set(raw);
      if (moved) changed = true;
      if (problem) {
        this.urlNotes.set(field, this.text("url", { value: clip(raw), problem: this.text(problem[0], problem[1]) }));
      }
      return !problem;
    };
    const edition = this.editionSelect();
    const first = [this.switchField, edition].filter((field, i, list) => field && list.indexOf(field) === i);
    for (const field of first) {
      const given = params.has(field.name) && take(field);
      if (field === edition && !given && this.chooseOffered(chosenEdition())) changed = true;
      if (field === edition && given) this.leadEdition(); // a link's edition: the page's picker says it too
      if (field === this.switchField) this.applySwitch();
    }
    for (const field of this.fields) {
      if (first.includes(field) || field.fixed || field.disabled || !params.has(field.name)) continue;
      take(field);
    }
    return changed;
  }

  /** The form's edition select, when the reader may change the edition (not on an edition's own page). */
  editionSelect() {
    const field = this.field("edition");
    return field && field.isSelect && !field.fixed ? field : null;
  }

  /** Set the edition select to `edition` when it offers it; true if that changed it. */
  chooseOffered(edition) {
    const field = this.editionSelect();
    if (!field || !edition) return false;
    const option = [...field.input.options].find((o) => o.value === edition && !o.disabled);
    if (!option || option.selected) return false;
    option.selected = true;
    if (field === this.switchField) this.applySwitch();
    return true;
  }

  /** The reader chose `edition` in the site's picker: compute it here too (an edition read as it, bb2016
   *  under classic, stays). The address follows when it named the form's edition. */
  followEdition(edition) {
    const field = this.editionSelect();
    if (!field || readAs(field.input.value) === edition || !this.chooseOffered(edition)) return;
    this.dirty = true;
    this.compute(new URLSearchParams(location.search).has("edition"));
  }

  /** The form's edition, once the reader or a link set it: the page's picker says the same (a picker on
   *  "All editions" stays, since the result names its edition). */
  leadEdition() {
    const field = this.editionSelect();
    if (!field || !chosenEdition()) return;
    const edition = readAs(field.input.value);
    if (edition !== chosenEdition()) chooseEdition(edition);
  }

  /** Name the edition the result is for, next to the result (the edition select's label). */
  showEditionUsed() {
    const field = this.editionSelect();
    const name = this.result ? this.result.querySelector("[data-nc-edition-used]") : null;
    if (!field || !name) return;
    const option = field.input.options[field.input.selectedIndex];
    name.textContent = option ? option.textContent : "—";
  }

  // --- computing and showing

  onInput(event) {
    const field = this.fieldOf(event.target);
    if (!field) return;
    this.urlNotes.delete(field); // the reader has set it now
    if (this.switchField && this.switchField.inputs.includes(event.target)) this.applySwitch();
    else this.applyNeeds();
    this.dirty = true;
    if (field === this.editionSelect()) this.leadEdition();
    this.compute(true);
  }

  /** `settled`: whether Python's start is over (an answer from the build leaves it downloading). */
  setState(state, status, settled = true) {
    if (!this.result) return;
    this.result.dataset.state = state;
    // offline.js waits for this before the service worker starts precaching (it would slow Python's start).
    if (settled && (state === "done" || state === "error")) document.dispatchEvent(new CustomEvent("nuffle:calculator-settled"));
    const line = this.result.querySelector('[data-field="status"]');
    if (line && status !== undefined) line.textContent = status;
  }

  valueElements() {
    return this.result ? [...this.result.querySelectorAll("[data-field]")].filter((el) => !STATUS_FIELDS.has(el.dataset.field)) : [];
  }

  clearResult() {
    for (const el of this.valueElements()) {
      el.textContent = "—";
      if (el.dataset.href) el.removeAttribute("href"); // no link left to the last answer's values
    }
  }

  showError(message, lang) {
    const el = this.result && this.result.querySelector('[data-field="error"]');
    if (!el) return;
    el.textContent = message || "";
    if (lang) el.setAttribute("lang", lang);
    else el.removeAttribute("lang");
    el.hidden = !message;
  }

  probability(p) {
    if (!p || typeof p !== "object") return `0 (${this.percent.format(0)})`;
    const exact = typeof p.exact === "string" && /^\d+(\/\d+)?$/.test(p.exact) ? p.exact : null;
    let value = typeof p.float === "number" ? p.float : NaN;
    if (!Number.isFinite(value) && exact) {
      const [n, d = "1"] = exact.split("/");
      value = Number(n) / Number(d);
    }
    if (!Number.isFinite(value)) return exact || "—";
    return `${exact ?? ""} (${this.percent.format(value)})`.trim();
  }

  /** The resolver's "4+" / "6+ (natural 6 only)" / "impossible" in the page's language. */
  needed(label) {
    if (typeof label !== "string" || label === "impossible") return this.text("impossible");
    const m = /^(\d)\+ \(natural 6 only\)$/.exec(label);
    if (m) return this.text("naturalSix", { n: m[1] });
    return /^\d\+$/.test(label) ? label : "—";
  }

  /** One value as the build formats it (calculator.py format_value). */
  format(el, value) {
    const format = el.dataset.format || "text";
    if (format === "probability") return this.probability(value);
    if (value === null || value === undefined) return "—";
    switch (format) {
      case "number":
        if (typeof value === "object" && typeof value.exact === "string") {
          if (/^-?\d+$/.test(value.exact)) return this.number.format(Number(value.exact)); // "2", not "2 (2)"
          const f = Number(value.float);
          return Number.isFinite(f) ? `${value.exact} (${this.decimal.format(f)})` : value.exact;
        }
        return Number.isFinite(value) ? this.number.format(value) : "—";
      case "label": {
        const labels = readJSON(el.dataset.labels, {});
        const key = String(value);
        return Object.prototype.hasOwnProperty.call(labels, key) ? String(labels[key]) : key;
      }
      case "signed":
        if (!Number.isFinite(value)) return "—";
        return value > 0 ? `+${value}` : value === 0 ? "±0" : `−${-value}`;
      case "needed":
        return this.needed(value);
      case "face":
        return Number.isFinite(value) ? `${value}+` : "—";
      case "count":
        return Array.isArray(value) ? this.number.format(value.length) : "—";
      default:
        return typeof value === "string" || typeof value === "number" ? String(value) : "—";
    }
  }

  fill(result, request) {
    for (const el of this.valueElements()) {
      const value = valueAt(result, el.dataset.field);
      const row = el.closest("[data-row]");
      if (value === undefined) {
        const absent = el.dataset.absent || "dash";
        if (row) row.hidden = absent === "hide";
        el.textContent = absent === "zero" ? this.probability(null) : "—";
        continue;
      }
      if (row) row.hidden = el.dataset.zero === "hide" && isZero(value);
      el.textContent = this.format(el, value);
      if (el.dataset.href) { // a link whose address carries result values (calculator.py href_from)
        el.setAttribute("href", el.dataset.href.replace(/\{([\w.]+)\}/g, (whole, path) => {
          const v = valueAt(result, path);
          return v === undefined || v === null ? "" : encodeURIComponent(String(v));
        }));
      }
    }
    for (const figure of this.box.querySelectorAll("figure[data-pitch]")) this.paint(figure, result, request);
  }

  // --- pitch pictures

  /** Recolour the pitch's squares from the result list named by data-pitch; ring the request's squares.
   *  pitch.js then writes the squares' tooltips, the table and the square read out ("nuffle:pitch-painted"). */
  paint(figure, result, request) {
    const list = valueAt(result, figure.dataset.pitch);
    const key = figure.dataset.pitchValue || "";
    const values = new Map();
    const exact = new Map();
    if (Array.isArray(list)) {
      for (const item of list) {
        if (Array.isArray(item)) {
          if (item.length === 2 && item.every(Number.isInteger)) values.set(`${item[0]},${item[1]}`, 1);
        } else if (key && item && Array.isArray(item.square) && item.square.every(Number.isInteger)) {
          const p = item[key];
          const f = p && typeof p === "object" ? Number(p.float) : NaN;
          if (Number.isFinite(f)) {
            values.set(item.square.join(","), f);
            if (typeof p.exact === "string") exact.set(item.square.join(","), p.exact);
          }
        }
      }
    }
    let peak = 0;
    for (const v of values.values()) peak = Math.max(peak, v);
    if (!(peak > 0)) peak = 1;
    for (const rect of figure.querySelectorAll("rect[data-square]")) {
      const square = rect.dataset.square;
      const v = values.get(square) || 0;
      rect.setAttribute("fill-opacity", (v / peak).toFixed(3));
      if (key) rect.setAttribute(`data-${key}`, exact.get(square) || "0");
      else rect.setAttribute("data-in", v ? "1" : "0");
    }
    this.placeMarks(figure, request);
    figure.dispatchEvent(new CustomEvent("nuffle:pitch-painted"));
  }

  placeMarks(figure, request) {
    const first = figure.querySelector("rect[data-square]");
    const cell = first ? Number(first.getAttribute("width")) || 12 : 12;
    for (const mark of figure.querySelectorAll("[data-mark]")) {
      const square = request ? request[mark.dataset.mark] : undefined;
      if (Array.isArray(square) && square.length === 2 && square.every(Number.isInteger)) {
        mark.setAttribute("cx", String(square[0] * cell + cell / 2));
        mark.setAttribute("cy", String(square[1] * cell + cell / 2));
        mark.setAttribute("visibility", "visible");
      } else {
        mark.setAttribute("visibility", "hidden");
      }
    }
  }

  /** Validate, then ask the worker. One call at a time per calculator: inputs that arrive while a call
   *  is in flight are coalesced, and the form's latest state is sent when it returns (a slow case, such
   *  as a Frenzy block with every re-roll, then never queues stale work). */
  async compute(fromUser) {
    if (!this.engine) {
      this.stopWaiting();
      this.engine = getEngine(this.form);
    }
    this.seq += 1;
    this.showError("");
    if (!this.validate()) {
      this.clearResult();
      this.setState("error", this.text("invalid"));
      if (fromUser) this.announce(this.text("invalid"));
      return;
    }
    if (fromUser) this.writeQuery();
    this.showEditionUsed();
    if (this.engine.isReady) this.setState("computing", this.text("computing"));
    else {
      this.setState("loading", this.text("loading"));
      if (this.dirty) this.clearResult();
    }
    // Until Python is ready, a change the build foresaw (the reader's, or the address's) is answered from
    // the build's answers: the same resolver's answer to the same request, so nothing is guessed. Any other
    // change waits for Python; the form as built keeps its pre-rendered result while Python starts.
    const early = this.engine.isReady || !(fromUser || this.dirty) ? null : this.answerFromBuild(this.request());
    if (early) {
      this.show(early.response, early.request, "build");
      return;
    }
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    let request;
    let response;
    let sent;
    try {
      do {
        this.again = false;
        sent = this.seq;
        request = this.request();
        response = await this.ask(request);
      } while (this.again && this.form.isConnected);
    } catch (err) {
      if (!this.form.isConnected) return;
      if (err instanceof EngineStopped && err.tooLarge) {
        this.engine = getEngine(this.form); // the fresh worker, already starting
        this.clearResult();
        this.showError(this.text("tooLarge"));
        this.setState("error", this.text("rejected"));
        return;
      }
      console.error("nuffle: calculator runtime unavailable", err);
      if (this.dirty) this.clearResult();
      this.setState("error", this.dirty ? this.text("failed") : `${this.text("failed")} ${this.text("prerendered")}`);
      return;
    } finally {
      this.busy = false;
    }
    // A newer input (one that failed validation, or one answered from the build) keeps the page: this
    // answer is stale.
    if (sent !== this.seq || !this.form.isConnected) return;
    this.show(response, request, "python");
  }

  /** The build's answer to `request` ({request, response}), or null when the build did not foresee it. */
  answerFromBuild(request) {
    const key = requestKey(request);
    const response = Object.prototype.hasOwnProperty.call(this.answers, key) ? this.answers[key] : null;
    return response && typeof response === "object" ? { request, response } : null;
  }

  /** Show the resolver's `response` to `request`; `source`: "python" (computed now, in the page's worker)
   *  or "build" (the same resolver's answer, computed when the page was built: `data-source` says which). */
  show(response, request, source) {
    if (this.result) this.result.dataset.source = source;
    if (response && response.ok && response.result && typeof response.result === "object") {
      this.fill(response.result, request);
      this.setState("done", this.text(source === "build" ? "prerendered" : "done"), source === "python");
      if (this.dirty) this.announce(this.summary());
      return;
    }
    const error = (response && response.error) || {};
    this.clearResult();
    const field = typeof error.field === "string" ? this.field(error.field) : null;
    const explained = this.explain(error);
    const beside = field && !field.fixed;
    // An error is told in the page's language from its reason (every resolver error has one), next to the
    // field it names. Should a reason have no words here, an English page shows the resolver's own message
    // and another page only its "not accepted": no English text reaches a French or Japanese page.
    if (explained) this.showError(beside ? "" : explained);
    else if (typeof error.message === "string" && this.lang === DEFAULT_LANG) this.showError(error.message, "en");
    else this.showError(beside ? "" : this.text("rejected"));
    if (beside) this.showProblem(field, explained || this.text("fieldRejected"));
    this.setState("error", this.text("rejected"), source === "python");
    this.announce(explained || this.text("rejected"));
  }

  /** The engine's answer to `request`; a call that only waited behind one stopped for its time budget
   *  is asked again of the fresh worker. */
  async ask(request) {
    for (;;) {
      if (this.engine.stopped) this.engine = getEngine(this.form); // stopped meanwhile for another calculator
      try {
        return await this.engine.call(request);
      } catch (err) {
        if (!(err instanceof EngineStopped && err.restarted) || !this.form.isConnected) throw err;
        this.engine = getEngine(this.form);
      }
    }
  }

  /** The resolver's error in the page's language, from its details' reason: data-strings `<field>.<reason>`
   *  (and `<field>.at` around it when a token is named; the token is quoted as text), else the general
   *  `reason.<reason>` filled from the error's `allowed` (a range's {lo}, {hi}; a square's {xlo} … {yhi}),
   *  or "" when this page has no words for it. A notation error that a rule of the steps refuses
   *  (`details.rule`, the rule's own reason) is told with that reason's general words when the page has them:
   *  they say more than "not allowed here". */
  explain(error) {
    const details = error.details;
    if (!details || typeof details !== "object" || typeof details.reason !== "string") return "";
    const key = typeof error.field === "string" ? `${error.field}.${details.reason}` : "";
    if (key && this.hasText(key)) {
      const reason = (typeof details.rule === "string" && this.general(details.rule, error)) || this.text(key);
      const at = `${error.field}.at`;
      if (!Number.isInteger(details.token) || !Number.isInteger(details.position) || !this.hasText(at)) return reason;
      return this.text(at, {
        token: this.number.format(details.token), position: this.number.format(details.position),
        text: clip(details.text), reason,
      });
    }
    return this.general(details.reason, error);
  }

  /** The general words for `reason` (data-strings `reason.<reason>`), filled from `error.allowed`; "" if none. */
  general(reason, error) {
    const values = {};
    const allowed = Array.isArray(error.allowed) && error.allowed.length === 2 ? error.allowed : null;
    const [low, high] = allowed || [];
    if (allowed && allowed.every((v) => Array.isArray(v) && v.length === 2 && v.every(Number.isInteger))) {
      Object.assign(values, { xlo: low[0], ylo: low[1], xhi: high[0], yhi: high[1] });
    } else if (allowed && Number.isInteger(low)) {
      values.lo = this.number.format(low);
      if (Number.isInteger(high)) values.hi = this.number.format(high);
    }
    let key = `reason.${reason}`;
    if (reason === "range" && values.hi === undefined) key = values.lo === undefined ? "" : "reason.range-from";
    return key && this.hasText(key) ? this.text(key, values) : "";
  }

  /** Whether this page has words for `key` in its data-strings. */
  hasText(key) {
    return Object.prototype.hasOwnProperty.call(this.strings, key);
  }
}

// ------------------------------------------------------------------------------ scrolling regions

/** A table (or its wrapper) wider than the screen scrolls sideways: make it reachable with the keyboard
 *  (tabindex="0", WCAG 2.1.1), and only while it does scroll, so narrow tables add no Tab stop. */
function focusableScrollers() {
  for (const el of document.querySelectorAll(".md-typeset table, .md-typeset__scrollwrap, .md-typeset__table")) {
    const style = getComputedStyle(el);
    const scrolls = el.scrollWidth > el.clientWidth + 1 && /(auto|scroll)/.test(style.overflowX);
    if (scrolls && !el.hasAttribute("tabindex")) {
      el.setAttribute("tabindex", "0");
      el.dataset.ncScroller = "";
    } else if (!scrolls && el.hasAttribute("data-nc-scroller")) {
      el.removeAttribute("tabindex");
      el.removeAttribute("data-nc-scroller");
    }
  }
}
let resizeTimer = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(focusableScrollers, 200);
});

// ------------------------------------------------------------------------------- the pinned result

/** On a phone, a calculator's result is pinned to the bottom of the screen while one of its fields has
 *  the focus (nuffle.css). The field in focus can then be under it: the first field when the calculator
 *  starts low on the screen, or any field once the keyboard opens and the screen shrinks (the viewport tag
 *  asks for that, plugins/site/plugin.py). Scroll it above the pinned result, so the focus is never hidden
 *  (WCAG 2.4.11): when a field gets the focus, and again when the screen is resized. The result's height is
 *  read after the pin applies; at most so far that the field's top stays below Material's header, and a
 *  field the browser scrolled to the top edge (focus reached going back up) comes down below that header. */
const PIN_GAP_PX = 8;
function keepFocusAbovePinnedResult() {
  const field = document.activeElement;
  if (!(field instanceof Element) || !field.closest(".nc-calc")) return;
  const calculator = field.closest(".nc-calculator");
  const result = calculator?.querySelector(".nc-result");
  if (!result || calculator.hasAttribute("data-tapping")) return; // a tap: once it is over (see below)
  requestAnimationFrame(() => {
    if (document.activeElement !== field || getComputedStyle(result).position !== "sticky") return;
    const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
    // the field with its label and its message (a refused value says why right under it)
    const box = (field.closest(".nc-field") || field).getBoundingClientRect();
    const limit = window.innerHeight - result.getBoundingClientRect().height - PIN_GAP_PX;
    const under = box.top - header - PIN_GAP_PX; // below zero: the field is under the header
    const below = box.bottom - limit; // above zero: the field is under the pinned result
    if (below > 0) window.scrollBy(0, Math.min(below, under));
    else if (under < 0) window.scrollBy(0, under); // reached going back up (Shift+Tab): bring it below the header
  });
}
document.addEventListener("focusin", keepFocusAbovePinnedResult);
window.addEventListener("resize", keepFocusAbovePinnedResult);

/** A tap on a field focuses it when the finger goes down; pinning the result and scrolling then would move the
 *  field, or cover it, before the finger lifts, and the tap would land elsewhere (a box low on the screen not
 *  ticked). So while a tap is on (data-tapping, which nuffle.css reads too) nothing is pinned or scrolled; both
 *  happen once the click is through. */
const TAP_LIMIT_MS = 1000;
document.addEventListener("pointerdown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const calculator = target && target.closest(".nc-calc") ? target.closest(".nc-calculator") : null;
  if (!calculator) return;
  calculator.setAttribute("data-tapping", "");
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    setTimeout(() => {
      calculator.removeAttribute("data-tapping");
      keepFocusAbovePinnedResult();
    }, 0);
  };
  document.addEventListener("click", end, { capture: true, once: true });
  document.addEventListener("pointercancel", end, { capture: true, once: true });
  setTimeout(end, TAP_LIMIT_MS); // a press that never clicks (a drag, a long press)
}, true);

// ------------------------------------------------------------------------------------ moved anchors

/** Rulings were sections of rulings/ (`#ruling-<slug>`) and now have pages of their own; the list on
 *  rulings/ keeps each old id on its link to the ruling's page (a.nc-moved). An old link goes on there. */
function followMovedAnchor() {
  if (location.hash.length < 2) return;
  let target = null;
  try {
    target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch (err) {
    return; // a malformed escape in the address: nothing to follow
  }
  if (target && target.matches("a.nc-moved[href]")) location.replace(target.href);
}
window.addEventListener("hashchange", followMovedAnchor);

// ------------------------------------------------------------------------------------------ mount

function mountAll() {
  requestAnimationFrame(focusableScrollers); // after Material has wrapped the tables
  for (const calc of calculators) {
    if (!calc.form.isConnected) calculators.delete(calc); // a page left through instant navigation
  }
  followMovedAnchor();
  rewriteLanguageLinks();
  applyEdition(chosenEdition());
  forgetDetached();
  for (const form of document.querySelectorAll("form[data-calculator]")) {
    if (form.dataset.mounted) continue;
    form.dataset.mounted = "true";
    try {
      const calc = new Calculator(form);
      calc.start();
      calculators.add(calc);
    } catch (err) {
      console.error("nuffle: could not start the calculator", err);
    }
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mountAll());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll, { once: true });
} else {
  mountAll();
}
