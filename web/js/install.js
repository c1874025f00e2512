// Installs the engine into a running Pyodide: the wheel's files into
// site-packages, the page's bridge module next to them, then imports them.
// Used by the worker (before it keeps a snapshot of the started runtime), and
// by the Node tests of the trimmed standard library
// (tests/pyodide/trimmed_runtime.mjs): both run exactly this code.

const DIR = "/tmp/touti";

const INSTALL = `
import importlib, os, sys, sysconfig, zipfile
def _touti_install(path, modules, bytecode=None):
    site = sysconfig.get_path("purelib")
    with zipfile.ZipFile(path) as z:
        z.extractall(site)
    if bytecode:
        # the compiled modules: site/... next to the engine's sources, bridge/... next to the bridge
        with zipfile.ZipFile(bytecode) as z:
            for info in z.infolist():
                root, _, rest = info.filename.partition("/")
                target = os.path.join(site if root == "site" else "${DIR}", rest)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as f:
                    f.write(z.read(info))
    importlib.invalidate_caches()
    for name in modules:
        importlib.import_module(name)
`;

/** The modules imported at start-up (so that a snapshot holds them compiled). */
export const MODULES = ["touti_core.api", "touti_core.bots", "touti_bridge"];

/**
 * @param pyodide   a loaded Pyodide
 * @param wheel     the bytes of the touti_core wheel (already integrity-checked)
 * @param bridge    the bytes of py/bridge.py (or of the bots' sandbox, py/botbox.py)
 * @param bytecode  the bytes of the build's engine-bytecode.zip (integrity-checked),
 *                  or nothing: Python then compiles the sources
 * @param name      the module the bridge's file becomes (the sandbox's: "touti_botbox")
 */
export function installEngine(pyodide, wheel, bridge, bytecode = null, name = "touti_bridge") {
  const modules = MODULES.map((m) => (m === "touti_bridge" ? name : m));
  pyodide.runPython(stage(pyodide, wheel, bridge, bytecode, name) + `\n_touti_install(${installArgs(bytecode, modules)})`);
}

/**
 * After a start restored from a memory snapshot: the engine's modules are
 * already imported, only its files are missing (the file system is not part
 * of the snapshot).  They are put back on first need (the bridge's
 * ``files_back``, called before a later import: the review, your own bots,
 * the arena), not during the start: unpacking them took 0.3 s of a
 * phone-speed start (Chromium, CPU x4).
 */
export function installEngineLater(pyodide, wheel, bridge, bytecode = null) {
  pyodide.runPython(stage(pyodide, wheel, bridge, bytecode) +
    `\nimport touti_bridge\ntouti_bridge.files_back = lambda: _touti_install(${installArgs(bytecode, [])})`);
}

/** Writes the files to unpack; the Python that defines _touti_install and finds the bridge. */
function stage(pyodide, wheel, bridge, bytecode, name = "touti_bridge") {
  pyodide.FS.mkdirTree(DIR);
  pyodide.FS.writeFile(`${DIR}/engine.whl`, wheel);
  pyodide.FS.writeFile(`${DIR}/${name}.py`, bridge);
  if (bytecode) pyodide.FS.writeFile(`${DIR}/bytecode.zip`, bytecode);
  return `${INSTALL}\nimport sys\nif "${DIR}" not in sys.path: sys.path.insert(0, "${DIR}")`;
}

function installArgs(bytecode, modules) {
  return `"${DIR}/engine.whl", ${JSON.stringify(modules)}` + (bytecode ? `, "${DIR}/bytecode.zip"` : "");
}
