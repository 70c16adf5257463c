// Replay JSON-door requests on the MicroPython package exactly as the site ships it, in one Node process:
// the site's own worker (plugins/site/assets/mp-worker.js, unedited) boots MicroPython's WebAssembly port from
// node_modules with the packed `.mpy` package that the build writes (plugins/calc/mpbundle.py) and the site's
// rules text, read by MicroPython's own json as in a browser (its `sortedRules` check); then every request goes
// through the same door the worker calls, calculators.api.handle_json.
//
//     node plugins/calc/micropython_worker_replay.mjs PACKAGE_BIN SITE_RULES REQUESTS_JSON OUT_JSON
//
// PACKAGE_BIN: mp-calculators-<hash>.bin (mpbundle.micropython_package); SITE_RULES: the rules text as the build
// writes it (rules.json); REQUESTS_JSON: {"rules": [text...], "requests": [[request text, rules index or
// null], ...]}; OUT_JSON receives {"answers": [answer text or "!error: ..."], "boot": the worker's own report
// (self.nuffleBoot: "rules" is "native" when it read the rules as the site does), "boot_seconds",
// "replay_seconds", "cpu_seconds" (this process's CPU time, boot included)}.
//
// The requests are answered in one call into MicroPython (a loop in Python over them): each call from
// JavaScript costs a garbage collection in proportion to the heap (about 4 ms), a third of the replay's time;
// the door, the package and the strings it receives (converted from JavaScript's, as the worker's call
// converts them) are the same. The requests on the site's rules text are answered first, as in the site,
// where every call comes after the worker has read that text: its value stays in the door's memo.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PORT_DIR = path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript");
const WORKER = path.join(ROOT, "plugins", "site", "assets", "mp-worker.js");
const [packageFile, siteRulesFile, requestsFile, outFile] = process.argv.slice(2);
const cpuSeconds = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1e6; };
const started = performance.now();

// What a browser gives the worker: `self`, fetch (here of local files, by file: URL) and postMessage.
globalThis.self = globalThis;
globalThis.fetch = async (url) => new Response(readFileSync(fileURLToPath(url)));
const replies = new Map();
self.postMessage = (message) => replies.get(message.id)(message);
const ask = (message) => new Promise((resolve) => {
  replies.set(message.id, resolve);
  self.onmessage({ data: message });
});

// The port itself, through a module that only keeps a handle on the interpreter it makes (the worker keeps
// none outside its closure): the door is then called as the worker calls it.
let interpreter = null;
globalThis.nuffleReplayKeep = (mp) => { interpreter = mp; return mp; };
const port = pathToFileURL(path.join(PORT_DIR, "micropython.mjs")).href;
const keeper = `import { loadMicroPython as load } from ${JSON.stringify(port)};
export async function loadMicroPython(options) { return globalThis.nuffleReplayKeep(await load(options)); }`;
const module = `data:text/javascript,${encodeURIComponent(keeper)}`;

const siteRules = readFileSync(siteRulesFile, "utf8");
await import(pathToFileURL(WORKER).href);
const init = await ask({
  id: 1, type: "init", module, wasm: pathToFileURL(path.join(PORT_DIR, "micropython.wasm")).href,
  package: pathToFileURL(path.resolve(packageFile)).href, rules: [pathToFileURL(path.resolve(siteRulesFile)).href],
  sortedRules: createHash("sha256").update(siteRules, "utf8").digest("hex"),
});
if (!init.ok) throw new Error(`the worker did not start: ${init.error}`);
const booted = performance.now();

// The worker's door (mp-worker.js imports calculators.api.handle_json under this name).
interpreter.runPython(`def _nc_replay(requests, indices, rules):
    answers = []
    for i in range(requests.length):
        try:
            r = indices[i]
            answers.append(_nc_handle_json(requests[i]) if r < 0 else _nc_handle_json(requests[i], rules[r]))
        except Exception as e:
            answers.append("!error: %s: %s" % (type(e).__name__, e))
    return answers`);
const { rules, requests } = JSON.parse(readFileSync(requestsFile, "utf8"));
const order = requests.map((_, i) => i);
const siteIndices = new Set(rules.flatMap((text, index) => (text === siteRules ? [index] : [])));
const onSite = (i) => siteIndices.has(requests[i][1]);
order.sort((a, b) => Number(onSite(b)) - Number(onSite(a)) || a - b);
const theirs = [...interpreter.globals.get("_nc_replay")(order.map((i) => requests[i][0]),
  order.map((i) => (requests[i][1] === null ? -1 : requests[i][1])), rules)];
const answers = new Array(requests.length);
order.forEach((i, k) => { answers[i] = theirs[k]; });
writeFileSync(outFile, JSON.stringify({ answers, boot: self.nuffleBoot, boot_seconds: (booted - started) / 1000,
  replay_seconds: (performance.now() - booted) / 1000, cpu_seconds: cpuSeconds() }));
