// Installs the engine into a running Pyodide: the wheel's files into
// site-packages, the page's bridge module next to them, then imports them.
// Used by the worker (before it keeps a snapshot of the started runtime), and
// by the Node tests of the trimmed standard library
// (tests/pyodide/trimmed_runtime.mjs): both run exactly this code.

const DIR = "/tmp/touti";

const INSTALL = `
import importlib, sys, sysconfig, zipfile
def _touti_install(path, modules):
    site = sysconfig.get_path("purelib")
    with zipfile.ZipFile(path) as z:
        z.extractall(site)
    importlib.invalidate_caches()
    for name in modules:
        importlib.import_module(name)
`;

/** The modules imported at start-up (so that a snapshot holds them compiled). */
export const MODULES = ["touti_core.api", "touti_core.bots", "touti_bridge"];

/**
 * @param pyodide  a loaded Pyodide
 * @param wheel    the bytes of the touti_core wheel (already integrity-checked)
 * @param bridge   the bytes of py/bridge.py
 */
export function installEngine(pyodide, wheel, bridge) {
  pyodide.FS.mkdirTree(DIR);
  pyodide.FS.writeFile(`${DIR}/engine.whl`, wheel);
  pyodide.FS.writeFile(`${DIR}/touti_bridge.py`, bridge);
  pyodide.runPython(INSTALL);
  pyodide.runPython(`import sys\nif "${DIR}" not in sys.path: sys.path.insert(0, "${DIR}")\n` +
    `_touti_install("${DIR}/engine.whl", ${JSON.stringify(MODULES)})`);
}
