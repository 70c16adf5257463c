// The Python runtime's settings, one file per build (<lang root>/assets/nuffle/runtime.json, written by
// plugins/calc/runtime_settings.py; the service worker precaches it with the page's other assets), fetched
// once per tab. Paths in it are relative to the site root:
//   {"runtime": "pyodide/", "files": [the files Pyodide loads from it], "package": "calculators-<hash>.zip",
//    "snapshot": "snapshot-<hash>.bin", "snapshotBytes": <its size>, "lock": {...}, "rules": "api/v1/rules.json"}
import { siteRoot } from "./util.mjs";

const RUNTIME_JSON = new URL("../runtime.json", import.meta.url);
let settings = null; // Promise of the settings below, fetched once

/** The runtime's settings, with absolute URLs: {runtime (a folder URL ending in "/"), files, package,
 *  snapshot, snapshotBytes, lock, rules}. Rejects when runtime.json cannot be read (Python then cannot start). */
export function runtimeSettings() {
  if (!settings) {
    settings = fetch(RUNTIME_JSON).then((response) => {
      if (!response.ok) throw new Error(`runtime.json: HTTP ${response.status}`);
      return response.json();
    }).then((raw) => {
      const root = siteRoot();
      const folder = new URL(String(raw.runtime || "pyodide/"), root).href;
      return {
        runtime: folder.endsWith("/") ? folder : `${folder}/`,
        files: Array.isArray(raw.files) ? raw.files.filter((name) => typeof name === "string") : [],
        package: String(raw.package || ""),
        snapshot: String(raw.snapshot || ""),
        snapshotBytes: Number(raw.snapshotBytes) || 0,
        lock: raw.lock && typeof raw.lock === "object" ? raw.lock : {},
        rules: new URL(String(raw.rules || "api/v1/rules.json"), root).href,
      };
    });
    settings.catch(() => { settings = null; }); // a failed read is tried again by the next engine
  }
  return settings;
}
