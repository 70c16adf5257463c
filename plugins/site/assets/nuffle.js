// Nuffle Codex page script: an ES module loaded on every page (extra_javascript, type: module).
// No dependencies; every value shown comes from the page or the resolver and is set with textContent.
//
// 1. Language switcher: the header links (a.md-select__link[hreflang]) go to the same page, query and
//    anchor in the other language. Paths are the same in every language: en at the site root,
//    the others at <root>/<lang>/.
// 2. Calculators: each form[data-calculator] is wired to ONE module worker (calc-worker.js) running
//    the `calculators` Python package in Pyodide. The worker is started only on pages that have a
//    calculator and lives as long as the tab, across Material's instant navigation.
//
// Material swaps page content without reloading this module: everything page-specific runs from
// document$ (falls back to a plain DOMContentLoaded when Material's bundle is missing).

const DEFAULT_LANG = "en";
// This file is <lang root>/assets/nuffle/nuffle.js in every language build.
const LANG_ROOT = new URL("../../", import.meta.url);

const TEXT = {
  en: {
    loading: "Loading Python…",
    computing: "Computing…",
    done: "Computed in your browser.",
    invalid: "Check the highlighted field.",
    rejected: "The calculator did not accept these inputs.",
    failed: "Python could not be loaded in this browser.",
    prerendered: "Computed when the page was built.",
    int: (lo, hi) => `Enter a whole number from ${lo} to ${hi}.`,
    choice: "Choose one of the listed values.",
    impossible: "impossible",
    naturalSix: (n) => `${n}+ (natural 6 only)`,
  },
  fr: {
    loading: "Chargement de Python…",
    computing: "Calcul en cours…",
    done: "Calculé dans votre navigateur.",
    invalid: "Vérifiez le champ signalé.",
    rejected: "Le calculateur n’a pas accepté ces valeurs.",
    failed: "Python n’a pas pu être chargé dans ce navigateur.",
    prerendered: "Calculé lors de la construction de la page.",
    int: (lo, hi) => `Saisissez un nombre entier de ${lo} à ${hi}.`,
    choice: "Choisissez une des valeurs proposées.",
    impossible: "impossible",
    naturalSix: (n) => `${n}+ (6 naturel uniquement)`,
  },
  ja: {
    loading: "Python を読み込み中…",
    computing: "計算中…",
    done: "ブラウザで計算しました。",
    invalid: "入力欄を確認してください。",
    rejected: "この入力では計算できません。",
    failed: "このブラウザでは Python を読み込めませんでした。",
    prerendered: "ページ生成時に計算した結果です。",
    int: (lo, hi) => `${lo}〜${hi} の整数を入力してください。`,
    choice: "一覧の値から選んでください。",
    impossible: "不可能",
    naturalSix: (n) => `${n}+（出目6のみ）`,
  },
};

const PROBABILITY_FIELDS = ["success", "failure", "fumble", "wildly_inaccurate"];
const INTEGER = /^\s*-?\d{1,9}\s*$/;

// --------------------------------------------------------------------------------------- utilities

function pageLang() {
  return (document.documentElement.getAttribute("lang") || DEFAULT_LANG).toLowerCase().split("-")[0];
}

function texts(lang) {
  return TEXT[lang] || TEXT[DEFAULT_LANG];
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

class Engine {
  constructor(form) {
    this.pending = new Map();
    this.nextId = 1;
    this.failed = false;
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
      rules: candidates(form.dataset.rules || "api/v1/rules.json"),
    }).then((info) => {
      this.isReady = true;
      if (info.runtime !== runtime[0]) console.warn(`nuffle: data-runtime resolved to ${runtime[0]} but the runtime is at ${info.runtime}`);
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

  /** The parsed resolver response for `request` (rejects only when Python itself is unavailable). */
  async call(request) {
    await this.ready;
    return this.send({ type: "call", request });
  }
}

let engine = null;

function getEngine(form) {
  if (!engine || engine.failed) {
    if (engine) engine.worker.terminate();
    engine = new Engine(form);
  }
  return engine;
}

// ---------------------------------------------------------------------------------- one calculator

class Calculator {
  constructor(form) {
    this.form = form;
    this.kind = form.dataset.calculator;
    this.lang = form.dataset.lang || pageLang();
    this.t = texts(this.lang);
    this.box = form.closest(".nc-calculator") || form.parentElement;
    this.result = this.box.querySelector("[data-result]");
    this.seq = 0;
    this.dirty = false;       // inputs differ from what the page was built with
    this.percent = new Intl.NumberFormat(this.lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }

  control(name) {
    const el = this.form.elements.namedItem(name);
    return el instanceof RadioNodeList ? el[0] : el;
  }

  controls() {
    return [...this.form.elements].filter((el) => el.name && el.tagName !== "BUTTON" && el.tagName !== "FIELDSET");
  }

  get action() {
    const el = this.control("action");
    return el ? el.value : null;
  }

  start() {
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.form.addEventListener("change", (event) => this.onInput(event));
    this.form.addEventListener("input", (event) => {
      if (event.target.type === "number") this.onInput(event); // selects and boxes also fire "change"
    });
    this.applyAction();
    this.dirty = this.readQuery();
    this.engine = getEngine(this.form);
    if (!this.engine.isReady) this.setState("loading", this.t.loading);
    this.compute(false);
  }

  // --- which fields belong to the selected action

  /** Whether `el` (data-for="<action> [<action>…]") belongs to `action`. */
  static owned(el, action) {
    return action === null || el.dataset.for.split(/\s+/).includes(action);
  }

  /** Show only the options, labels and selects of the selected action (markup: data-for="<action> …"). */
  applyAction() {
    const action = this.action;
    for (const el of this.box.querySelectorAll("label[data-for]")) {
      const off = !Calculator.owned(el, action);
      el.hidden = off;
      for (const c of el.querySelectorAll("input, select, textarea")) c.disabled = off;
    }
    for (const select of this.form.querySelectorAll("select")) {
      if (select.name === "action") continue;
      const owned = [...select.options].filter((o) => o.dataset.for !== undefined);
      if (!owned.length) continue;
      const previous = select.value;
      for (const option of owned) {
        const off = !Calculator.owned(option, action);
        option.hidden = off;
        option.disabled = off;
      }
      const usable = [...select.options].filter((o) => !o.disabled);
      const label = select.closest("label");
      const none = usable.length === 0;
      if (label && !label.hasAttribute("data-for")) label.hidden = none;
      select.disabled = none || (label ? label.hidden : false);
      if (!none && (select.selectedIndex < 0 || select.options[select.selectedIndex].disabled)) {
        (usable.find((o) => o.value === previous) || usable[0]).selected = true;
      }
    }
  }

  // --- form <-> request

  static isIntegerSelect(select) {
    return select.options.length > 0 && [...select.options].every((o) => INTEGER.test(o.value));
  }

  /** Check one control; returns the message to show, or "" when the value is fine. */
  problem(el) {
    if (el.disabled) return "";
    if (el.type === "number") {
      const lo = el.min !== "" ? Number(el.min) : -1e9;
      const hi = el.max !== "" ? Number(el.max) : 1e9;
      const v = el.value.trim();
      if (!INTEGER.test(v) || Number(v) < lo || Number(v) > hi) return this.t.int(lo, hi);
    } else if (el.tagName === "SELECT") {
      if (el.selectedIndex < 0 || el.options[el.selectedIndex].disabled) return this.t.choice;
    }
    return "";
  }

  showProblem(el, message) {
    const holder = el.closest("label") || el.parentElement;
    let note = holder.querySelector("[data-nc-message]");
    if (!message) {
      el.removeAttribute("aria-invalid");
      if (note) note.remove();
      return;
    }
    el.setAttribute("aria-invalid", "true");
    if (!note) {
      note = document.createElement("span");
      note.className = "nc-error nc-field-error";
      note.setAttribute("data-nc-message", "");
      note.setAttribute("role", "alert");
      holder.appendChild(note);
    }
    note.textContent = message;
  }

  /** Validate every control; returns true when all are fine. */
  validate() {
    let ok = true;
    for (const el of this.controls()) {
      const message = this.problem(el);
      this.showProblem(el, message);
      if (message) ok = false;
    }
    return ok;
  }

  request() {
    const request = { kind: this.kind };
    for (const el of this.controls()) {
      if (el.disabled || el.name === "kind") continue;
      if (el.type === "checkbox") request[el.name] = el.checked;
      else if (el.type === "radio") {
        if (el.checked) request[el.name] = el.value;
      } else if (el.type === "number" || (el.tagName === "SELECT" && Calculator.isIntegerSelect(el))) {
        request[el.name] = parseInt(el.value, 10);
      } else request[el.name] = el.value;
    }
    return request;
  }

  /** The form state in the query string (only the fields the selected action uses). */
  writeQuery() {
    const url = new URL(location.href);
    for (const el of this.controls()) {
      if (el.type !== "hidden") url.searchParams.delete(el.name);
    }
    for (const el of this.controls()) {
      if (el.disabled || el.type === "hidden") continue;
      url.searchParams.set(el.name, el.type === "checkbox" ? String(el.checked) : el.value);
    }
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    rewriteLanguageLinks();
  }

  /** Set the form from the query string; invalid or unknown values are ignored. True if anything changed. */
  readQuery() {
    const params = new URLSearchParams(location.search);
    let changed = false;
    const set = (el, raw) => {
      if (el.type === "checkbox") {
        const v = { true: true, "1": true, on: true, false: false, "0": false, off: false }[raw.toLowerCase()];
        if (v !== undefined && v !== el.checked) {
          el.checked = v;
          changed = true;
        }
      } else if (el.type === "number") {
        const before = el.value;
        el.value = raw.trim();
        if (this.problem(el)) el.value = before;
        else changed ||= el.value !== before;
      } else if (el.tagName === "SELECT") {
        const option = [...el.options].find((o) => o.value === raw && !o.disabled);
        if (option && !option.selected) {
          option.selected = true;
          changed = true;
        }
      }
    };
    const action = this.control("action");
    if (action && params.has("action")) {
      set(action, params.get("action"));
      this.applyAction();
    }
    for (const el of this.controls()) {
      if (el === action || el.type === "hidden" || !params.has(el.name)) continue;
      set(el, params.get(el.name));
    }
    return changed;
  }

  // --- computing and showing

  onInput(event) {
    if (!event.target.name) return;
    if (event.target.name === "action") {
      this.applyAction();
    }
    this.dirty = true;
    this.compute(true);
  }

  setState(state, status) {
    if (!this.result) return;
    this.result.dataset.state = state;
    const line = this.result.querySelector('[data-field="status"]');
    if (line && status !== undefined) line.textContent = status;
  }

  setField(name, text) {
    if (!this.result) return;
    const el = this.result.querySelector(`[data-field="${name}"]`);
    if (el) el.textContent = text;
  }

  clearResult() {
    for (const name of ["needed", ...PROBABILITY_FIELDS]) this.setField(name, "—");
  }

  showError(message) {
    const el = this.result && this.result.querySelector('[data-field="error"]');
    if (!el) return;
    el.textContent = message || "";
    el.hidden = !message;
  }

  formatProbability(p) {
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

  neededLabel(result) {
    if (result.impossible || result.needed === null) return this.t.impossible;
    if (result.natural_six_only) return this.t.naturalSix(result.needed);
    if (typeof result.needed_label === "string") return result.needed_label;
    return Number.isFinite(result.needed) ? `${result.needed}+` : "—";
  }

  fill(result) {
    this.setField("needed", this.neededLabel(result));
    const probs = result.probabilities || {};
    for (const name of PROBABILITY_FIELDS) {
      // An outcome the roll cannot have (no fumble on a catch) shows as 0, as on the built page.
      if (name in probs || name !== "wildly_inaccurate") this.setField(name, this.formatProbability(probs[name]));
    }
  }

  async compute(fromUser) {
    const seq = ++this.seq;
    this.showError("");
    if (!this.validate()) {
      this.clearResult();
      this.setState("error", this.t.invalid);
      return;
    }
    if (fromUser) this.writeQuery();
    if (this.engine.isReady) this.setState("computing", this.t.computing);
    else {
      this.setState("loading", this.t.loading);
      if (this.dirty) this.clearResult();
    }
    let response;
    try {
      response = await this.engine.call(this.request());
    } catch (err) {
      if (seq !== this.seq || !this.form.isConnected) return;
      console.error("nuffle: calculator runtime unavailable", err);
      if (this.dirty) this.clearResult();
      this.setState("error", this.dirty ? this.t.failed : `${this.t.failed} ${this.t.prerendered}`);
      return;
    }
    if (seq !== this.seq || !this.form.isConnected) return;
    if (response && response.ok && response.result) {
      this.fill(response.result);
      this.setState("done", this.t.done);
      return;
    }
    const error = (response && response.error) || {};
    this.clearResult();
    this.showError(typeof error.message === "string" ? error.message : this.t.rejected);
    const el = typeof error.field === "string" ? this.control(error.field) : null;
    if (el && el.name) this.showProblem(el, this.t.invalid);
    this.setState("error", this.t.rejected);
  }
}

// ------------------------------------------------------------------------------------------ mount

function mountAll() {
  rewriteLanguageLinks();
  for (const form of document.querySelectorAll("form[data-calculator]")) {
    if (form.dataset.mounted) continue;
    form.dataset.mounted = "true";
    try {
      new Calculator(form).start();
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
