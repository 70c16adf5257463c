// A calculator's pitch picture (figure[data-pitch], plugins/site/render/pitch.py), recoloured from a result;
// pitch.js then makes it readable (the square read out, the table, the zoom).
import { valueAt } from "./util.mjs";

/** Recolour the pitch's squares from the result list named by data-pitch; ring the request's squares.
 *  pitch.js then writes the squares' tooltips, the table and the square read out ("nuffle:pitch-painted"). */
export function paintPitch(figure, result, request) {
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
  placeMarks(figure, request);
  figure.dispatchEvent(new CustomEvent("nuffle:pitch-painted"));
}

function placeMarks(figure, request) {
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
