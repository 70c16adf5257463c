// Result values as the build formats them (plugins/site/render/calculator.py format_value), in the page's
// language: a probability "1/36 (2.8%)", a number, a label, a target "4+", …
import { readJSON } from "./util.mjs";

// An exact fraction ("n/d") longer than this many characters is shown and said as its percentage alone, the
// fraction folded away under it (result.mjs): a long chain's 80-digit fraction was read out before its
// percentage, and filled the pinned headline (review 7, findings 1 and 2). "20125/52488" still shows whole.
export const LONG_EXACT = 12;

/** A resolver probability split in its two parts, as "n/d (p%)" shows them: {exact: "n/d", percent: "p%"};
 *  null when it has no exact fraction (none: "0 (0.0%)", or a value with no "n/d"). result.mjs lays the parts
 *  out apart, so that the pinned headline can show the percentage alone (nuffle.css). */
export function probabilityParts(messages, p) {
  const exact = p && typeof p === "object" && typeof p.exact === "string" ? p.exact : "";
  if (!/^\d+\/\d+$/.test(exact)) return null;
  const text = probability(messages, p);
  const percent = text.slice(exact.length).trim().replace(/^\((.*)\)$/, "$1");
  return { exact, percent };
}

/** A resolver probability ({exact: "n/d", float}) as "n/d (p%)"; "0 (0.0%)" for none. */
export function probability(messages, p) {
  if (!p || typeof p !== "object") return `0 (${messages.percent.format(0)})`;
  const exact = typeof p.exact === "string" && /^\d+(\/\d+)?$/.test(p.exact) ? p.exact : null;
  let value = typeof p.float === "number" ? p.float : NaN;
  if (!Number.isFinite(value) && exact) {
    const [n, d = "1"] = exact.split("/");
    value = Number(n) / Number(d);
  }
  if (!Number.isFinite(value)) return exact || "—";
  return `${exact ?? ""} (${messages.percent.format(value)})`.trim();
}

/** The resolver's "4+" / "6+ (natural 6 only)" / "impossible" in the page's language. */
function needed(messages, label) {
  if (typeof label !== "string" || label === "impossible") return messages.text("impossible");
  const m = /^(\d)\+ \(natural 6 only\)$/.exec(label);
  if (m) return messages.text("naturalSix", { n: m[1] });
  return /^\d\+$/.test(label) ? label : "—";
}

function number(messages, value) {
  if (value && typeof value === "object" && typeof value.exact === "string") {
    if (/^-?\d+$/.test(value.exact)) return messages.number.format(Number(value.exact)); // "2", not "2 (2)"
    const f = Number(value.float);
    return Number.isFinite(f) ? `${value.exact} (${messages.decimal.format(f)})` : value.exact;
  }
  return Number.isFinite(value) ? messages.number.format(value) : "—";
}

/** `value` as the element `el` shows it (its data-format, and data-labels for a label). */
export function formatValue(messages, el, value) {
  const format = el.dataset.format || "text";
  if (format === "probability") return probability(messages, value);
  if (value === null || value === undefined) return "—";
  switch (format) {
    case "number":
      return number(messages, value);
    case "label": {
      const labels = readJSON(el.dataset.labels, {});
      const key = String(value);
      return Object.prototype.hasOwnProperty.call(labels, key) ? String(labels[key]) : key;
    }
    case "signed":
      if (!Number.isFinite(value)) return "—";
      return value > 0 ? `+${value}` : value === 0 ? "±0" : `−${-value}`;
    case "needed":
      return needed(messages, value);
    case "face":
      return Number.isFinite(value) ? `${value}+` : "—";
    case "count":
      return Array.isArray(value) ? messages.number.format(value.length) : "—";
    default:
      return typeof value === "string" || typeof value === "number" ? String(value) : "—";
  }
}
