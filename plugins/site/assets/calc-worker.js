// Nuffle Codex calculator worker (module worker started by nuffle.js).
//
// Runs the `calculators` Python package in Pyodide, off the main thread, and answers requests through
// a tiny RPC: the page posts {id, type, ...}; the worker answers {id, ok: true, value} or
// {id, ok: false, error}. Messages:
//   {type: "init", runtime: [url, ...], lock, package: [url, ...], rules: [url, ...]}
//       load Pyodide from the first runtime directory that works (the lock info is passed as
//       lockFileContents, so pyodide-lock.json is never fetched), unpack the calculators zip into the
//       working directory (on sys.path) and fetch the rules JSON. Later inits reuse the first one.
//   {type: "call", request}
//       calculators.api.handle_json(JSON.stringify(request), rules) -> the parsed JSON response.
// Each URL list holds the preferred URL first and fallbacks after it (see nuffle.js).

let ready = null;  // Promise of {call(requestJSON) -> responseJSON}

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
    if (!ready) throw new Error("the worker was not initialised");
    const engine = await ready;
    return JSON.parse(engine.call(JSON.stringify(msg.request)));
  }
  throw new Error(`unknown message type ${JSON.stringify(msg.type)}`);
}

async function fetchFirst(urls, kind) {
  let last = null;
  for (const url of urls) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
      last = new Error(`${kind}: HTTP ${res.status} for ${url}`);
    } catch (err) {
      last = err;
    }
  }
  throw last || new Error(`${kind}: no URL`);
}

async function importRuntime(dirs) {
  let last = null;
  for (const dir of dirs) {
    try {
      const mod = await import(new URL("pyodide.mjs", dir).href);
      return { mod, dir };
    } catch (err) {
      last = err;
    }
  }
  throw last || new Error("no Pyodide runtime URL");
}

async function boot({ runtime, lock, package: pkg, rules }) {
  // The package zip and the rules download while the interpreter starts.
  const zip = fetchFirst(pkg, "calculators package").then((r) => r.arrayBuffer());
  const rulesText = fetchFirst(rules, "rules").then((r) => r.text());
  zip.catch(() => {});
  rulesText.catch(() => {});
  const { mod, dir } = await importRuntime(runtime);
  const pyodide = await mod.loadPyodide({
    indexURL: dir,
    lockFileContents: JSON.stringify({ info: lock, packages: {} }),
    stdout: () => {},
    stderr: (line) => console.warn("[python]", line),
  });
  pyodide.unpackArchive(await zip, "zip");
  pyodide.globals.set("_nc_rules", await rulesText);
  const call = pyodide.runPython(`
import sys
if "" not in sys.path and "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
from calculators.api import handle_json as _nc_handle_json

def _nc_call(request_json, _rules=_nc_rules):
    return _nc_handle_json(request_json, _rules)

_nc_call
`);
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  return { call: (json) => call(json), version, runtime: dir };
}
