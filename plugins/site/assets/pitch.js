// The pitch pictures (plugins/site/render/pitch.py), readable on a phone and without sight (issue 11, defect 10).
// An ES module loaded on every page (extra_javascript); it wires every figure.nc-pitch, in a calculator or not:
//
// - a tap or a click on a square, or the arrow keys once the drawing has the focus, choose a square: it is
//   framed, and its value is written under the drawing (.nc-pitch-readout, role="status"). On a calculator's
//   pitch the buttons below (button[data-pick-field]) then put that square into the form's square fields
//   and fire their `input` event, so nuffle.js computes as if the reader had typed it;
// - the zoom toggle (aria-pressed) enlarges the drawing, which then scrolls sideways in its own box
//   (.nc-pitch-view) and never widens the page;
// - when nuffle.js has recoloured a calculator's pitch it fires "nuffle:pitch-painted" on the figure: the
//   table under the drawing (tbody[data-pitch-rows]: the squares above zero, highest first), the squares'
//   tooltips and the read-out are written again from the squares' values (data-<data-pitch-field>).
//
// Every text comes from the figure's data-pitch-strings (the Babel catalogs) and from the page; values are
// set with textContent. This file holds no text of any language.

const SVG_NS = "http://www.w3.org/2000/svg";
const WIDTH = 26;
const HEIGHT = 15;
const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
let counter = 0;

/** `template` with its {name} placeholders replaced from `values` (as nuffle.js fillTemplate). */
function fill(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (whole, key) =>
    (Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole));
}

/** "3/64" -> 0.046875; anything else that is not a fraction or a whole number -> NaN. */
function fractionValue(text) {
  const m = /^(\d+)(?:\/(\d+))?$/.exec(String(text ?? "").trim());
  if (!m) return NaN;
  const d = m[2] === undefined ? 1 : Number(m[2]);
  return d > 0 ? Number(m[1]) / d : NaN;
}

class PitchPicture {
  constructor(figure) {
    this.figure = figure;
    try {
      this.strings = JSON.parse(figure.dataset.pitchStrings || "{}") || {};
    } catch {
      this.strings = {};
    }
    this.field = figure.dataset.pitchField || "p";
    this.isSet = figure.dataset.pitchKind === "set";
    this.view = figure.querySelector(".nc-pitch-view");
    this.svg = this.view && this.view.querySelector("svg");
    this.read = figure.querySelector(".nc-pitch-read");
    this.readout = figure.querySelector(".nc-pitch-readout");
    this.zoom = figure.querySelector(".nc-pitch-zoom");
    this.rows = figure.querySelector("[data-pitch-rows]");
    this.none = figure.querySelector("[data-pitch-none]");
    this.picks = [...figure.querySelectorAll("button[data-pick-field]")];
    this.box = figure.closest(".nc-calculator");
    const lang = (figure.closest("[lang]") || document.documentElement).getAttribute("lang") || "en";
    this.percent = new Intl.NumberFormat(lang, {
      style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1,
    });
    this.selected = null; // [x, y]
    this.pressed = null;  // [x, y] of the square a pointer came down on
  }

  mount() {
    if (!this.svg || !this.readout) return;
    this.figure.dataset.mounted = "true";
    counter += 1;
    this.readout.id = this.readout.id || `nc-pitch-read-${counter}`;
    // One Tab stop for the whole drawing: the arrow keys then move from square to square.
    this.view.setAttribute("tabindex", "0");
    this.view.setAttribute("role", "group");
    this.view.setAttribute("aria-label", this.strings.keys || "");
    this.view.setAttribute("aria-describedby", this.readout.id);
    this.cursor = document.createElementNS(SVG_NS, "g");
    this.cursor.setAttribute("class", "nc-cursor");
    this.cursor.setAttribute("visibility", "hidden");
    for (const part of ["nc-cursor-out", "nc-cursor-in"]) {
      const rect = document.createElementNS(SVG_NS, "rect");
      rect.setAttribute("class", part);
      this.cursor.append(rect);
    }
    this.svg.append(this.cursor);
    this.read.hidden = false;
    if (this.zoom) {
      this.zoom.hidden = false;
      this.zoom.addEventListener("click", () => this.toggleZoom());
    }
    // A phone's tap on a square this small is handed by the browser to the group of squares, at a moved
    // point (touch adjustment): the square is the one the finger came down on. A drag that scrolls the
    // enlarged drawing makes no click, so it chooses nothing.
    this.svg.addEventListener("pointerdown", (event) => {
      this.pressed = this.squareOf(event.target);
    });
    this.svg.addEventListener("click", (event) => {
      const square = this.squareOf(event.target) || this.pressed;
      this.pressed = null;
      if (square) this.select(...square);
    });
    this.view.addEventListener("keydown", (event) => this.onKey(event));
    this.view.addEventListener("focus", () => {
      if (!this.selected && this.view.matches(":focus-visible")) this.select(...this.start());
    });
    for (const button of this.picks) button.addEventListener("click", () => this.put(button.dataset.pickField));
    this.figure.addEventListener("nuffle:pitch-painted", () => this.refresh());
    // A calculator may have recoloured the drawing before this module ran.
    const result = this.box && this.box.querySelector("[data-result]");
    if (result && result.dataset.state !== "prerendered") this.refresh();
  }

  // --- the squares' values

  rect(x, y) {
    return this.svg.querySelector(`rect[data-square="${x},${y}"]`);
  }

  exact(rect) {
    return (rect && rect.getAttribute(`data-${this.field}`)) || "0";
  }

  /** A square's value as the page writes it: "1/36 (2.8%)", or in / out of a set. */
  told(exact) {
    if (this.isSet) return fractionValue(exact) > 0 ? this.strings.in || "" : this.strings.out || "";
    const value = fractionValue(exact);
    return Number.isFinite(value) ? `${exact} (${this.percent.format(value)})` : "—";
  }

  name(x, y) {
    return fill(this.strings.square, { x, y });
  }

  // --- choosing a square

  /** [x, y] of the square `target` is (or is in), or null. */
  squareOf(target) {
    const rect = target instanceof Element ? target.closest("rect[data-square]") : null;
    return rect ? rect.dataset.square.split(",").map(Number) : null;
  }

  /** Where the arrow keys start: the first ringed square shown, else the likeliest, else the corner. */
  start() {
    for (const mark of this.svg.querySelectorAll("[data-mark], [data-target]")) {
      if (mark.getAttribute("visibility") === "hidden") continue;
      const cell = Number(this.rect(0, 0).getAttribute("width")) || 12;
      const x = Math.floor(Number(mark.getAttribute("cx")) / cell);
      const y = Math.floor(Number(mark.getAttribute("cy")) / cell);
      if (x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT) return [x, y];
    }
    let best = [0, 0];
    let peak = 0;
    for (const rect of this.svg.querySelectorAll("rect[data-square]")) {
      const value = fractionValue(this.exact(rect));
      if (value > peak) {
        peak = value;
        best = rect.dataset.square.split(",").map(Number);
      }
    }
    return best;
  }

  select(x, y) {
    const rect = this.rect(x, y);
    if (!rect) return;
    this.selected = [x, y];
    for (const part of this.cursor.children) {
      for (const attr of ["x", "y", "width", "height"]) part.setAttribute(attr, rect.getAttribute(attr));
    }
    this.cursor.setAttribute("visibility", "visible");
    this.showValue();
    this.showPicks();
    this.keepInView(rect);
  }

  showValue() {
    if (!this.selected) return;
    const [x, y] = this.selected;
    const text = fill(this.strings.read, { square: this.name(x, y), value: this.told(this.exact(this.rect(x, y))) });
    if (this.readout.textContent !== text) this.readout.textContent = text; // the same words are not re-announced
  }

  /** A button for each square field the form uses now (an edition may leave one out). */
  showPicks() {
    for (const button of this.picks) {
      const wrapper = this.box && this.box.querySelector(`form [data-name="${CSS.escape(button.dataset.pickField)}"]`);
      button.hidden = !this.selected || !wrapper || wrapper.hidden;
    }
  }

  /** Put the chosen square into the field `name`: its inputs' `input` event makes nuffle.js compute. */
  put(name) {
    if (!this.selected || !this.box) return;
    const input = (axis) => this.box.querySelector(`form input[name="${CSS.escape(`${name}.${axis}`)}"]`);
    const [x, y] = [input("x"), input("y")];
    if (!x || !y || x.disabled || y.disabled) return;
    x.value = String(this.selected[0]);
    y.value = String(this.selected[1]);
    y.dispatchEvent(new Event("input", { bubbles: true }));
  }

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const [x, y] = this.selected || this.start();
    let next;
    if (MOVES[event.key]) {
      const [dx, dy] = MOVES[event.key];
      next = this.selected ? [x + dx, y + dy] : [x, y];
    } else if (event.key === "Home") next = [0, y];
    else if (event.key === "End") next = [WIDTH - 1, y];
    else if (event.key === "Enter") {
      const shown = this.picks.filter((b) => !b.hidden);
      if (shown.length !== 1) return;
      event.preventDefault();
      shown[0].click();
      return;
    } else return;
    event.preventDefault();
    this.select(Math.min(WIDTH - 1, Math.max(0, next[0])), Math.min(HEIGHT - 1, Math.max(0, next[1])));
  }

  // --- zoom

  toggleZoom() {
    const on = this.zoom.getAttribute("aria-pressed") !== "true";
    this.zoom.setAttribute("aria-pressed", String(on));
    this.figure.toggleAttribute("data-zoom", on);
    const [x, y] = this.selected || this.start();
    requestAnimationFrame(() => this.keepInView(this.rect(x, y), true));
  }

  /** Scroll the drawing's own box (never the page sideways) so that `rect` is in view, centred if `centre`. */
  keepInView(rect, centre = false) {
    if (!rect || this.view.scrollWidth <= this.view.clientWidth) return;
    const box = rect.getBoundingClientRect();
    const view = this.view.getBoundingClientRect();
    if (!centre && box.left >= view.left && box.right <= view.right) return;
    this.view.scrollLeft += box.left + box.width / 2 - (view.left + view.width / 2);
  }

  // --- after a live result

  refresh() {
    const items = [];
    for (const rect of this.svg.querySelectorAll("rect[data-square]")) {
      const exact = this.exact(rect);
      const [x, y] = rect.dataset.square.split(",").map(Number);
      const title = rect.querySelector("title");
      if (title) title.textContent = fill(this.strings.read, { square: this.name(x, y), value: this.told(exact) });
      const value = fractionValue(exact);
      if (value > 0) items.push({ x, y, exact, value });
    }
    items.sort((a, b) => b.value - a.value || a.x - b.x || a.y - b.y);
    const rows = items.map(({ x, y, exact }) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = this.name(x, y);
      tr.append(th);
      if (!this.isSet) {
        const td = document.createElement("td");
        td.textContent = this.told(exact);
        tr.append(td);
      }
      return tr;
    });
    if (this.rows) {
      this.rows.replaceChildren(...rows);
      this.rows.closest("table").hidden = !rows.length;
    }
    if (this.none) this.none.hidden = rows.length > 0;
    this.showValue();
    this.showPicks();
  }
}

function mountPitches() {
  for (const figure of document.querySelectorAll("figure.nc-pitch:not([data-mounted])")) {
    try {
      new PitchPicture(figure).mount();
    } catch (err) {
      console.error("nuffle: could not wire a pitch picture", err);
    }
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(mountPitches);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountPitches, { once: true });
else mountPitches();
