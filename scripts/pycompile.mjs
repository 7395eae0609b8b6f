// Precompile the Python files inside zips/wheels with the browser's own Python.
//
//   node scripts/pycompile.mjs IN.zip OUT.zip [IN2.whl OUT2.whl ...]
//
// Runs the vendored Pyodide (node_modules/pyodide) under Node, so the bytecode is
// exactly what the browser's CPython 3.14 reads. Each OUT is IN plus, for every
// .py, __pycache__/NAME.cpython-314.pyc in "unchecked hash" mode (used without
// comparing timestamps, which unpacking in the browser would change). The browser
// then imports without compiling: measured in docs/benchmarks.md.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2) {
  console.error("usage: node scripts/pycompile.mjs IN.zip OUT.zip [IN2 OUT2 ...]");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.runPython(`
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def compile_zip(src, dst):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        names = set(zin.namelist())
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            pyc = importlib.util.cache_from_source(info.filename)
            if pyc in names:
                continue
            code = compile(data, info.filename, "exec", dont_inherit=True)
            out = zipfile.ZipInfo(pyc, date_time=info.date_time)
            out.external_attr = 0o644 << 16
            out.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(out, _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
`);
const compileZip = pyodide.globals.get("compile_zip");
for (let i = 0; i < args.length; i += 2) {
  pyodide.FS.writeFile("/tmp/in.zip", readFileSync(args[i]));
  compileZip("/tmp/in.zip", "/tmp/out.zip");
  writeFileSync(args[i + 1], pyodide.FS.readFile("/tmp/out.zip"));
}
