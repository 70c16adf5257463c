// Run the calculators inside Pyodide (CPython 3.14 in WebAssembly) under Node and print JSON results.
// Usage: node pyodide_smoke.mjs <calculators zip> <requests.json>   (NODE_PATH must reach the `pyodide` npm package)
// The zip is the site's own bundle (plugins/calc/bundle.py), unpacked as the worker unpacks it: what ships is what runs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.join(process.env.NODE_PATH || process.cwd(), "x.js"));
const { loadPyodide } = require("pyodide");
const [zipPath, requestsPath] = process.argv.slice(2);
const py = await loadPyodide();
py.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide" });
const { requests, rules } = JSON.parse(readFileSync(requestsPath, "utf8"));
py.globals.set("REQUESTS", JSON.stringify(requests));
py.globals.set("RULES", JSON.stringify(rules));
const out = py.runPython(`
import sys, json
sys.path.insert(0, "/home/pyodide")
from calculators.api import handle_json
json.dumps({"version": sys.version, "answers": [json.loads(handle_json(json.dumps(r), RULES)) for r in json.loads(REQUESTS)]})
`);
process.stdout.write(out);
