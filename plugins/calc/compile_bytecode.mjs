// Compile the calculators package to bytecode with the pinned Pyodide's own Python, under Node.js. Called by
// plugins/calc/bytecode.py at build time:
//   node plugins/calc/compile_bytecode.mjs <pyodide dir> <lock info JSON> <package zip> <output zip>
// The output holds every file of the input plus __pycache__/<module>.cpython-<ver>.pyc beside each module,
// checked against nothing (unchecked-hash pycs: the sources come in the same zip), stored uncompressed so the
// site's Brotli sibling compresses the whole zip at once.
import { readFileSync, writeFileSync } from "node:fs";
import { startPyodide } from "./start_pyodide.mjs";

const [dir, lockJSON, input, out] = process.argv.slice(2);
if (!dir || !lockJSON || !input || !out) {
  console.error("usage: node compile_bytecode.mjs <pyodide dir> <lock info JSON> <package zip> <output zip>");
  process.exit(2);
}
const pyodide = await startPyodide(dir, lockJSON);
pyodide.FS.mkdirTree("/nc/src");
pyodide.FS.writeFile("/nc/in.zip", new Uint8Array(readFileSync(input)));
pyodide.runPython(`
import compileall, os, py_compile, sys, zipfile

with zipfile.ZipFile("/nc/in.zip") as source:
    names = source.namelist()
    source.extractall("/nc/src")
ok = compileall.compile_dir("/nc/src", quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    sys.exit("a module did not compile")
with zipfile.ZipFile("/nc/out.zip", "w", zipfile.ZIP_STORED) as target:
    for name in names:
        target.write(os.path.join("/nc/src", name), name)
    for folder, _, files in sorted(os.walk("/nc/src")):
        for file in sorted(files):
            if file.endswith(".pyc"):
                full = os.path.join(folder, file)
                info = zipfile.ZipInfo(os.path.relpath(full, "/nc/src"), date_time=(2020, 1, 1, 0, 0, 0))
                target.writestr(info, open(full, "rb").read())
`);
writeFileSync(out, pyodide.FS.readFile("/nc/out.zip"));
