// Compiles the page's Python to bytecode with the runtime's own compiler (run
// by build.py): the standard library the page ships, and the engine's own
// modules.
//
//   node build_bytecode.mjs <request.json> <out.zip>
//
// Starts the pinned Pyodide (npm package) without column positions in its
// code objects (-X no_debug_ranges: smaller bytecode; tracebacks still name
// the line) and writes a zip of unchecked hash-based .pyc files (loaded as
// they are, never compared with a source), with fixed time stamps in name
// order: the same request gives the same bytes.  Prints a JSON report.
//
// {"kind": "stdlib", "keep": [module names], "optimize": 0|1|2}
//     the modules of the runtime's own standard library zip that are kept (a
//     name ships that module, a package's name its __init__ only, "pkg.*" the
//     whole package), without source, at their place in the zip (zipimport
//     loads them without compiling anything).  Report: the files written, the
//     names that matched nothing (build.py refuses them), and the modules the
//     runtime has without any file (built in, frozen, or set up by another
//     module).
// {"kind": "engine", "wheel": path, "bridge": path, "skip": [paths in the wheel]}
//     every module of the engine wheel but those skipped, and the bridge, as the __pycache__
//     files of their installed sources (site/<package path>/__pycache__/...,
//     bridge/__pycache__/...; web/js/install.js puts them in place), compiled
//     from their installed paths (tracebacks show the source) without
//     docstrings (asserts kept).  Report: the files written.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [request, out] = process.argv.slice(2);
const req = JSON.parse(readFileSync(request, "utf8"));
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {},
  stderr: (line) => console.error(line) });
py.FS.writeFile("/tmp/request.json", readFileSync(request));
if (req.kind === "engine") {
  py.FS.writeFile("/tmp/engine.whl", readFileSync(req.wheel));
  py.FS.writeFile("/tmp/bridge.py", readFileSync(req.bridge));
}
const report = py.runPython(`
import _imp, ast, importlib._bootstrap_external as bx, importlib.util, io, json, sys, sysconfig, zipfile

req = json.load(open("/tmp/request.json"))
STAMP = (2020, 1, 1, 0, 0, 0)


def pyc(source, filename, optimize=0, docstrings=True):
    tree = ast.parse(source, filename)
    if not docstrings:
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                first = node.body[0] if node.body else None
                if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                        and isinstance(first.value.value, str)):
                    node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(bx._code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def write(entries):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name])
    open("/tmp/out.zip", "wb").write(buf.getvalue())


if req["kind"] == "stdlib":
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
    write({name + "c": pyc(src.read(name), name, req["optimize"]) for name in chosen})
    # what the runtime has without a file of the zip: built in, frozen, or set
    # up by another module (collections.abc is _collections_abc)
    fileless = {name for name, m in list(sys.modules.items())
                if ".zip/" not in str(getattr(getattr(m, "__spec__", None), "origin", None))}
    report = {"files": len(chosen), "unmatched": unmatched, "python": sys.version.split()[0],
              "builtin": sorted(set(sys.builtin_module_names) | set(_imp._frozen_module_names()) | fileless)}
else:
    site = sysconfig.get_path("purelib")
    tag = sys.implementation.cache_tag
    entries = {}
    with zipfile.ZipFile("/tmp/engine.whl") as wheel:
        for name in wheel.namelist():
            if name.endswith(".py") and name not in req.get("skip", ()):
                folder, file = name.rsplit("/", 1) if "/" in name else ("", name)
                target = f"site/{folder}/__pycache__/{file[:-3]}.{tag}.pyc".replace("site//", "site/")
                entries[target] = pyc(wheel.read(name), f"{site}/{name}", docstrings=False)
    entries[f"bridge/__pycache__/touti_bridge.{tag}.pyc"] = pyc(
        open("/tmp/bridge.py", "rb").read(), "/tmp/touti/touti_bridge.py", docstrings=False)
    write(entries)
    report = {"files": len(entries), "python": sys.version.split()[0]}
json.dumps(report)
`);
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
console.log(report);
