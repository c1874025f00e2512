// Makes the page's Python standard library (run by build.py).
//
//   node build_stdlib.mjs <request.json> <out.zip>
//
// request.json: {"keep": [module names], "optimize": 0|1|2}.  A name ships
// that module (a package's name: its __init__ only); "pkg.*" ships the whole
// package.  Starts the pinned Pyodide (npm package), takes those modules
// from its own standard library zip, compiles each to bytecode with the
// runtime's own compiler (unchecked hash-based .pyc files, no source: zipimport
// loads them without compiling anything), and writes a zip with fixed time
// stamps in name order (the same request gives the same bytes).  Prints JSON:
// the files written, the names that matched nothing (build.py refuses them),
// and the modules the runtime has without any file (built in, frozen, or
// set up by another module).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [request, out] = process.argv.slice(2);
const req = JSON.parse(readFileSync(request, "utf8"));
// without column positions in the code objects (-X no_debug_ranges): smaller
// bytecode; tracebacks still name the line
const env = req.debugRanges === false ? { PYTHONNODEBUGRANGES: "1" } : {};
const py = await loadPyodide({ env, stdout: () => {}, stderr: (line) => console.error(line) });
py.FS.writeFile("/tmp/request.json", readFileSync(request));
const report = py.runPython(`
import _imp, importlib._bootstrap_external as bx, importlib.util, io, json, sys, zipfile

req = json.load(open("/tmp/request.json"))
src = zipfile.ZipFile(sys.path[[p.endswith(".zip") for p in sys.path].index(True)])
names = sorted(n for n in src.namelist() if not n.endswith("/"))
chosen, unmatched = set(), []
for module in req["keep"]:
    if module.endswith(".*"):
        base = module[:-2].replace(".", "/") + "/"
        found = [n for n in names if n.startswith(base) and n.endswith(".py")]
    else:
        path = module.replace(".", "/")
        found = [n for n in (path + ".py", path + "/__init__.py") if n in names]
    if not found:
        unmatched.append(module)
    chosen.update(found)
# a package's modules need their parent packages
for name in list(chosen):
    parts = name.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        init = "/".join(parts[:i]) + "/__init__.py"
        if init in names:
            chosen.add(init)

buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name in sorted(chosen):
        source = src.read(name)
        code = compile(source, name, "exec", dont_inherit=True, optimize=req["optimize"])
        pyc = bx._code_to_hash_pyc(code, importlib.util.source_hash(source), False)
        info = zipfile.ZipInfo(name + "c", (2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        z.writestr(info, bytes(pyc))
open("/tmp/stdlib.zip", "wb").write(buf.getvalue())
# what the runtime has without a file of the zip: built in, frozen, or set up
# by another module (collections.abc is _collections_abc)
fileless = {name for name, m in list(sys.modules.items())
            if ".zip/" not in str(getattr(getattr(m, "__spec__", None), "origin", None))}
json.dumps({"files": len(chosen), "unmatched": unmatched, "python": sys.version.split()[0],
            "builtin": sorted(set(sys.builtin_module_names) | set(_imp._frozen_module_names()) | fileless)})
`);
writeFileSync(out, py.FS.readFile("/tmp/stdlib.zip"));
console.log(report);
