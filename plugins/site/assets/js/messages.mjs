// A calculator's words and numbers in the page's language: its messages (the form's data-strings, from the
// Babel catalogs: no script holds text of any language) and the page language's number formats.
import { fillTemplate } from "./util.mjs";

export class Messages {
  /** `strings`: {key: template with {placeholders}}; `lang`: the page's language code. */
  constructor(strings, lang) {
    this.strings = strings;
    this.lang = lang;
    this.percent = new Intl.NumberFormat(lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.number = new Intl.NumberFormat(lang);
    this.decimal = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  }

  /** The message `key` with its {placeholders} filled ("" when the page has no such message). */
  text(key, values) {
    return fillTemplate(this.strings[key] ?? "", values);
  }

  /** Whether the page has words for `key`. */
  has(key) {
    return Object.prototype.hasOwnProperty.call(this.strings, key);
  }
}
