// What it would take to run the `calculators` package on MicroPython's WebAssembly port instead of Pyodide
// (issue 26, item 11). A measured prototype, not a switch: the site keeps Pyodide. Prints figures only.
//
//     node benchmarks/bench_micropython.mjs
//
// Needs npm `@micropython/micropython-webassembly-pyscript` (1.27.0, a dev dependency that `make install` puts in
// node_modules; the site does not ship it), or the folder named by MICROPYTHON_DIR. Items 3 and 4 measure the
// package as written; the build that MicroPython runs is plugins/calc/micropython.py's rewrite (see the README).
// It reports:
// 1. sizes: MicroPython's .wasm + .mjs against Pyodide's four runtime files, raw / gzip -9 / brotli 9 (11 takes minutes on Pyodide's 9.6 MB);
// 2. which standard modules the package imports are there;
// 3. each calculators/*.py compiled by MicroPython (`compile`): ok, or the first syntax error and its line;
// 4. whether class annotations survive (a `dataclasses` shim must read the fields from them);
// 5. a `fractions.Fraction` shim (plugins/calc/mpshim/fractions.py) under MicroPython: the same exact
//    answers as CPython's fractions on sums, products and comparisons, and its time against CPython's.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGE = process.env.MICROPYTHON_DIR
  || path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript");
if (!existsSync(path.join(PACKAGE, "micropython.mjs"))) {
  console.log(`MicroPython not found in ${PACKAGE}: nothing measured (see the header for how to install it)`);
  process.exit(0);
}

function sizes(files) {
  let raw = 0, gz = 0, br = 0;
  for (const file of files) {
    const data = readFileSync(file);
    raw += data.length;
    gz += zlib.gzipSync(data, {level: 9}).length;
    br += zlib.brotliCompressSync(data, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 9}}).length;
  }
  return `${(raw / 1e6).toFixed(2)} MB raw, ${(gz / 1e6).toFixed(2)} MB gzip, ${(br / 1e6).toFixed(2)} MB brotli`;
}

const version = JSON.parse(readFileSync(path.join(PACKAGE, "package.json"), "utf8")).version;
console.log(`MicroPython ${version} (${PACKAGE})`);
console.log(`  runtime (micropython.wasm + .mjs): ${sizes(["micropython.wasm", "micropython.mjs"].map((n) => path.join(PACKAGE, n)))}`);
const pyodide = path.join(ROOT, "node_modules", "pyodide");
const pyodideFiles = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"].map((n) => path.join(pyodide, n));
if (pyodideFiles.every(existsSync)) console.log(`  Pyodide's four runtime files, for comparison: ${sizes(pyodideFiles)}`);

const { loadMicroPython } = await import(pathToFileURL(path.join(PACKAGE, "micropython.mjs")).href);
const printed = [];
const mp = await loadMicroPython({heapsize: 64 * 1024 * 1024, stdout: (t) => printed.push(t), stderr: (t) => printed.push(t)});
const run = (code) => { printed.length = 0; mp.runPython(code); return printed.join("\n"); };

// 2. The modules the package imports (from its own source), present or not.
const calculators = path.join(ROOT, "calculators");
const sources = readdirSync(calculators).filter((n) => n.endsWith(".py")).sort();
const imported = new Set();
for (const name of sources) {
  for (const match of readFileSync(path.join(calculators, name), "utf8").matchAll(/^(?:from|import) ([a-z_]+)/gm)) {
    if (match[1] !== "calculators") imported.add(match[1]);
  }
}
const have = [], lack = [];
for (const module of [...imported].sort()) {
  try { mp.runPython(`import ${module}`); have.push(module); } catch { lack.push(module); }
}
console.log(`standard modules the package imports: present ${have.join(", ")}; missing ${lack.join(", ")}`);

// 3. Each module compiled as it is.
let compiled = 0;
const failures = [];
for (const name of sources) {
  const source = readFileSync(path.join(calculators, name), "utf8");
  mp.globals.set("SOURCE", source);
  try {
    mp.runPython(`compile(SOURCE, "${name}", "exec")`);
    compiled += 1;
  } catch (error) {
    const lines = [...String(error.message).matchAll(/"([^"]+)", line (\d+)/g)].filter((m) => m[1] === name);
    const line = lines.length ? Number(lines[lines.length - 1][2]) : NaN;
    const text = Number.isFinite(line) ? source.split("\n")[line - 1].trim().slice(0, 90) : "";
    const why = String(error.message).trim().split("\n").pop();
    failures.push(`  ${name}:${line}: ${why}: ${text}`);
  }
}
console.log(`calculators/*.py compiled by MicroPython: ${compiled} of ${sources.length}; the first error of each other:`);
for (const failure of failures) console.log(failure);

// 4. Class annotations: `x: int` with no value leaves no trace in MicroPython (no __annotations__).
const annotations = run(`
class Probe:
    plain: int
    with_default: int = 3
print(sorted(k for k in Probe.__dict__ if not k.startswith("__")), hasattr(Probe, "__annotations__"))`);
console.log(`a class "plain: int; with_default: int = 3" keeps, in MicroPython: ${annotations}`);

// 5. The Fraction shim: exact answers as CPython's, and speed.
const shim = readFileSync(path.join(ROOT, "plugins", "calc", "mpshim", "fractions.py"), "utf8");
const workload = `
import time
start = time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)
total = Fraction(0)
product = Fraction(1)
for k in range(1, 400):
    total += Fraction(1, k) * Fraction(k % 7 + 1, 36)
    product *= Fraction(k + 1, k + 2)
checks = [total, product, Fraction(35, 36) ** 3, Fraction(1, 3) - Fraction(1, 6), -Fraction(5, 12) / Fraction(10, 9)]
print("|".join(str(x) for x in checks), Fraction(1, 3) < Fraction(34, 100), Fraction(2, 4) == Fraction(1, 2), float(Fraction(1, 8)))
elapsed = (time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)) - start
print(elapsed)
`;
const mine = run(shim + workload).split("\n");
const python = path.join(ROOT, ".venv", "bin", "python");
const cpython = spawnSync(existsSync(python) ? python : "python3", ["-c", `from fractions import Fraction\n${workload.replace(/time\.ticks_ms\(\) if hasattr\(time, "ticks_ms"\) else /g, "")}`],
  {encoding: "utf8"}).stdout.trim().split("\n");
console.log(`Fraction shim (plugins/calc/mpshim/fractions.py, ${shim.split("\n").length} lines): answers ${mine[0] === cpython[0] ? "identical to" : "DIFFERENT from"} CPython's fractions`
  + ` on 400 sums and products; ${mine[1]} ms under MicroPython (wasm, Node) against ${cpython[1]} ms in CPython`);
if (mine[0] !== cpython[0]) console.log(`  MicroPython: ${mine[0]}\n  CPython:     ${cpython[0]}`);
