// Nuffle Codex MicroPython worker (a module worker started by js/engine.mjs): the runtime the calculators
// answer with first (issue 26, item 11). Pyodide's worker (calc-worker.js) stands behind it (see engine.mjs).
//
// Runs the MicroPython build of the same `calculators` package (plugins/calc/micropython.py, compiled to
// MicroPython bytecode and packed into one file by plugins/calc/mpbundle.py) in MicroPython's WebAssembly port,
// off the main thread. The same RPC as calc-worker.js (js/worker-rpc.mjs): the page posts {id, type, ...}; the
// worker answers {id, ok: true, value} or {id, ok: false, error: "message"}.
//   {type: "init", module: URL of micropython-<hash>.mjs, wasm: URL of micropython-<hash>.wasm,
//    package: URL of mp-calculators-<hash>.bin, rules: [url, ...], sortedRules: SHA-256 of the rules as built}
//       Load the port, write the package's files under /lib, import calculators.api and answer one
//       (deliberately invalid) request as a self-test. Replies {version, runtime: "micropython", used}.
//   {type: "call", request}
//       calculators.api.handle_json(JSON.stringify(request), rules), parsed. An exception that escapes the
//       door (the door itself answers every error as JSON) is an internal error of this runtime: the reply
//       is {ok: false, error} and the page asks Pyodide.
// How MicroPython started is reported in self.nuffleBoot (read by the benchmark); its `rules` says how the rules
// were read: "native" (MicroPython's json, mpshim/sortedjson.py) or "python" (mpshim's json, at the first call);
// its `bytecode`, how many modules came compiled (.mpy); its `at`, when each stage ended (ms on the worker's clock).

import { fetchFirst, serveCalculator } from "./js/worker-rpc.mjs";

// MicroPython's heap grows by itself when it is full (the port splits its heap), so it can start small: the
// slowest accepted chain ran in an 8 MB start heap under Node.js. 64 KB of Python stack: the resolver's
// recursion (nested Frenzy blocks) needs more than the port's 2 KB default.
const HEAP_BYTES = 8 * 1024 * 1024;
const PYSTACK_BYTES = 64 * 1024;

self.nuffleBoot = { path: null };

serveCalculator(boot, (engine) => ({ version: engine.version, runtime: "micropython", used: engine.used }));

/** The {path: bytes} of a package packed by plugins/calc/mpbundle.py's `pack`: a line of JSON
 * [[path, length], ...], then the files' bytes in that order. */
function unpack(buffer) {
  const bytes = new Uint8Array(buffer);
  const newline = bytes.indexOf(10);
  if (newline < 0) throw new Error("the MicroPython package has no index");
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline)));
  const files = {};
  let at = newline + 1;
  for (const [path, length] of index) {
    files[path] = bytes.subarray(at, at + length);
    at += length;
  }
  if (at !== bytes.length) throw new Error("the MicroPython package is not as its index says");
  return files;
}

/** Write {path: bytes} under /lib in MicroPython's file system, making the folders on the way. */
function writeFiles(fs, files) {
  const made = new Set();
  const mkdir = (dir) => {
    if (made.has(dir)) return;
    made.add(dir);
    try {
      fs.mkdir(dir);
    } catch {
      // exists
    }
  };
  mkdir("/lib");
  for (const [path, data] of Object.entries(files)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) mkdir(`/lib/${parts.slice(0, i).join("/")}`);
    fs.writeFile(`/lib/${path}`, data);
  }
}

/** Parse the rules now with MicroPython's own json (C) rather than at the door's first call with mpshim's
 * pure-Python one, when the text is the one the build wrote with sorted keys (its SHA-256 is `sortedRules`,
 * from runtime.json): mpshim/sortedjson.py says why the value is then the same. True if it did. */
async function readRulesNatively(mp, text, sortedRules) {
  if (!sortedRules || !self.crypto?.subtle) return false; // no digest outside a secure context (http://host)
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  if (Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") !== sortedRules) return false;
  mp.globals.set("_nc_rules_text", text);
  mp.runPython("from mpshim.json import READY\nREADY.clear()\ntry:\n from mpshim.sortedjson import loads_sorted\n" +
    " READY[_nc_rules_text] = loads_sorted(_nc_rules_text)\nexcept ValueError:\n pass\n" +
    "_nc_rules_read = len(READY) == 1\ndel _nc_rules_text");
  return mp.globals.get("_nc_rules_read") === true;
}

async function boot({ module, wasm, package: pkg, rules, sortedRules }) {
  const start = performance.now();
  const report = self.nuffleBoot;
  // When each stage ended (benchmarks/bench_throttled.py --breakdown puts them on the page's clock)
  const at = (name) => { report.at[name] = Math.round(performance.now()); };
  report.at = { init: Math.round(start) };
  const used = { module, wasm, package: null, rules: null };
  // The package and the rules download while the port loads.
  const files = fetchFirst([pkg], "MicroPython package").then(async (r) => {
    used.package = r.url;
    return unpack(await r.arrayBuffer());
  });
  files.catch(() => {});
  const rulesText = fetchFirst(rules, "rules").then((r) => { used.rules = r.url; return r.text(); });
  rulesText.catch(() => {});
  const { loadMicroPython } = await import(module);
  const mp = await loadMicroPython({
    url: wasm, heapsize: HEAP_BYTES, pystack: PYSTACK_BYTES,
    stdout: () => {}, stderr: (line) => console.warn("[micropython]", line),
  });
  report.loadMs = Math.round(performance.now() - start);
  at("port loaded");
  const sources = await files;
  at("package here");
  if (!Object.keys(sources).length) throw new Error("the MicroPython package holds no files");
  let t = performance.now();
  writeFiles(mp.FS, sources);
  report.bytecode = Object.keys(sources).filter((path) => path.endsWith(".mpy")).length; // modules shipped compiled
  mp.runPython("import sys\nsys.path.insert(0, '/lib')\nfrom calculators.api import handle_json as _nc_handle_json\n" +
    "_nc_version = sys.implementation.name + ' ' + '.'.join(str(n) for n in sys.implementation.version[:3])");
  const door = mp.globals.get("_nc_handle_json");
  const version = mp.globals.get("_nc_version");
  report.importMs = Math.round(performance.now() - t);
  at("package imported");
  const text = await rulesText;
  at("rules here");
  t = performance.now();
  report.rules = await readRulesNatively(mp, text, sortedRules) ? "native" : "python";
  const call = (json) => door(json, text);
  const answer = JSON.parse(call("{}")); // proves the door runs (and parses the rules now, not on the first call)
  if (!answer || typeof answer.ok !== "boolean") throw new Error(`the self-test got ${JSON.stringify(answer)}`);
  report.selfTestMs = Math.round(performance.now() - t);
  Object.assign(report, { path: "micropython", ms: Math.round(performance.now() - start) });
  at("ready");
  console.info(`nuffle: ${version} started in ${report.ms} ms`);
  return { call, version, used };
}
