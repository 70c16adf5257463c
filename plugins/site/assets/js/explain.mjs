// A resolver error told in the page's language, from its details' reason (every resolver error has one).
import { clip } from "./util.mjs";

/** The general words for `reason` (data-strings `reason.<reason>`), filled from `error.allowed`; "" if none. */
function general(messages, reason, error) {
  const values = {};
  const allowed = Array.isArray(error.allowed) && error.allowed.length === 2 ? error.allowed : null;
  const [low, high] = allowed || [];
  if (allowed && allowed.every((v) => Array.isArray(v) && v.length === 2 && v.every(Number.isInteger))) {
    Object.assign(values, { xlo: low[0], ylo: low[1], xhi: high[0], yhi: high[1] });
  } else if (allowed && Number.isInteger(low)) {
    values.lo = messages.number.format(low);
    if (Number.isInteger(high)) values.hi = messages.number.format(high);
  }
  let key = `reason.${reason}`;
  if (reason === "range" && values.hi === undefined) key = values.lo === undefined ? "" : "reason.range-from";
  return key && messages.has(key) ? messages.text(key, values) : "";
}

/** The resolver's `error` in the page's language: data-strings `<field>.<reason>` (and `<field>.at` around it
 *  when a token is named; the token is quoted as text), else the general `reason.<reason>` filled from the
 *  error's `allowed` (a range's {lo}, {hi}; a square's {xlo} … {yhi}), or "" when this page has no words for it.
 *  A notation error that a rule of the steps refuses (`details.rule`, the rule's own reason) is told with that
 *  reason's general words when the page has them: they say more than "not allowed here". */
export function explainError(messages, error) {
  const details = error.details;
  if (!details || typeof details !== "object" || typeof details.reason !== "string") return "";
  const key = typeof error.field === "string" ? `${error.field}.${details.reason}` : "";
  if (key && messages.has(key)) {
    const reason = (typeof details.rule === "string" && general(messages, details.rule, error)) || messages.text(key);
    const at = `${error.field}.at`;
    if (!Number.isInteger(details.token) || !Number.isInteger(details.position) || !messages.has(at)) return reason;
    return messages.text(at, {
      token: messages.number.format(details.token), position: messages.number.format(details.position),
      text: clip(details.text), reason,
    });
  }
  return general(messages, details.reason, error);
}
