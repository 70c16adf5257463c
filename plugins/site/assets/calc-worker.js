// Nuffle Codex calculator worker (a module worker started by nuffle.js, kept for the life of the tab).
//
// Runs the `calculators` Python package in Pyodide, off the main thread. RPC: the page posts
// {id, type, ...}; the worker answers {id, ok: true, value} or {id, ok: false, error: "message"}.
//   {type: "init", runtime: [dir, ...], lock, package: "calculators-<hash>.zip", rules: [url, ...]}
//       Load Pyodide from the first runtime directory that works. The lock `info` goes in as
//       lockFileContents, so pyodide-lock.json is never fetched. Unpack the calculators zip (from the
//       same directory) into the working directory, which is on sys.path, and fetch the rules JSON.
//       Only the first init boots; later ones wait for it. Replies {version, runtime}.
//   {type: "call", request}
//       calculators.api.handle_json(JSON.stringify(request), rules), parsed: {"ok": ..., ...}.
// URL lists hold the preferred URL first and fallbacks after it (see nuffle.js).

let ready = null; // Promise of {call(requestJSON) -> responseJSON, version, runtime}

self.onmessage = (event) => {
  const msg = event.data || {};
  handle(msg).then(
    (value) => self.postMessage({ id: msg.id, ok: true, value }),
    (err) => self.postMessage({ id: msg.id, ok: false, error: String((err && err.message) || err) }),
  );
};

async function handle(msg) {
  if (msg.type === "init") {
    if (!ready) ready = boot(msg);
    const engine = await ready;
    return { version: engine.version, runtime: engine.runtime };
  }
  if (msg.type === "call") {
    if (!ready) throw new Error("the calculator worker was not initialised");
    const engine = await ready;
    return JSON.parse(engine.call(JSON.stringify(msg.request)));
  }
  throw new Error(`unknown message type ${JSON.stringify(msg.type)}`);
}

async function fetchFirst(urls, what) {
  let last = null;
  for (const url of urls) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
      last = new Error(`${what}: HTTP ${res.status} for ${url}`);
    } catch (err) {
      last = err;
    }
  }
  throw last || new Error(`${what}: no URL given`);
}

async function importRuntime(dirs) {
  let last = null;
  for (const dir of dirs) {
    try {
      return { mod: await import(new URL("pyodide.mjs", dir).href), dir };
    } catch (err) {
      last = err;
    }
  }
  throw last || new Error("no Pyodide runtime URL given");
}

async function boot({ runtime, lock, package: pkg, rules }) {
  const rulesText = fetchFirst(rules, "rules").then((r) => r.text());
  rulesText.catch(() => {}); // awaited below; avoid an unhandled-rejection report meanwhile
  const { mod, dir } = await importRuntime(runtime);
  // The package downloads while the interpreter starts.
  const zip = fetchFirst([dir, ...runtime.filter((d) => d !== dir)].map((d) => new URL(pkg, d).href),
    "calculators package").then((r) => r.arrayBuffer());
  zip.catch(() => {});
  const pyodide = await mod.loadPyodide({
    indexURL: dir,
    lockFileContents: JSON.stringify({ info: lock, packages: {} }),
    stdout: () => {},
    stderr: (line) => console.warn("[python]", line),
  });
  pyodide.unpackArchive(await zip, "zip");
  pyodide.globals.set("_nc_rules", await rulesText);
  const call = pyodide.runPython(`
import os, sys
if os.getcwd() not in sys.path and "" not in sys.path:
    sys.path.insert(0, os.getcwd())
from calculators.api import handle_json as _nc_handle_json

def _nc_call(request_json, _rules=_nc_rules):
    return _nc_handle_json(request_json, _rules)

_nc_call
`);
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  return { call: (json) => call(json), version, runtime: dir };
}
