// The Python runtime's settings, one file per build (<lang root>/assets/nuffle/runtime.json, written by
// plugins/calc/runtime_settings.py; the service worker precaches it with the page's other assets), fetched
// once per tab. Paths in it are relative to the site root:
//   {"runtime": "pyodide/", "files": [the files Pyodide loads from it], "package": "calculators-<hash>.zip",
//    "snapshot": "snapshot-<hash>.bin", "snapshotBytes": <its size>, "lock": {...}, "rules": "api/v1/rules.json",
//    "micropython": {"runtime": "micropython/<version>/", "module": "micropython-<hash>.mjs",
//                    "wasm": "micropython-<hash>.wasm", "package": "mp-calculators-<hash>.bin", "files": [...],
//                    "sortedRules": the SHA-256 of rules.json as the build wrote it (mp-worker.js)}}
import { siteRoot } from "./util.mjs";

const RUNTIME_JSON = new URL("../runtime.json", import.meta.url);
let settings = null; // Promise of the settings below, fetched once

/** The runtime's settings, with absolute URLs: {runtime (a folder URL ending in "/"), files, package,
 *  snapshot, snapshotBytes, lock, rules, micropython: {module, wasm, package, sortedRules} or null when the
 *  build names none}. Rejects when runtime.json cannot be read (Python then cannot start). */
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
        micropython: micropythonSettings(raw.micropython, root),
      };
    });
    settings.catch(() => { settings = null; }); // a failed read is tried again by the next engine
  }
  return settings;
}

/** MicroPython's {module, wasm, package} as absolute URLs and its sortedRules (a hex digest or ""), or null
 *  when runtime.json names no such runtime. */
function micropythonSettings(raw, root) {
  if (!raw || typeof raw !== "object" || !raw.module || !raw.wasm || !raw.package) return null;
  const folder = new URL(String(raw.runtime || "micropython/"), root);
  return {
    module: new URL(String(raw.module), folder).href,
    wasm: new URL(String(raw.wasm), folder).href,
    package: new URL(String(raw.package), folder).href,
    sortedRules: /^[0-9a-f]{64}$/.test(String(raw.sortedRules)) ? String(raw.sortedRules) : "",
  };
}
