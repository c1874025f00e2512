// Runs everything the page asks of the engine (tests/pyodide/runtime_workload.py)
// in the pinned Pyodide under Node, with the engine installed exactly as the
// worker installs it (web/js/install.js), then loads a bot's wheel as the
// bots' sandbox does (web/py/botbox.py) and asks it a decision; prints JSON:
// the standard library modules imported from the zip, the built-in ones, the
// modules that an import asked for and no finder found, the decisions made per
// level and phase.
//
//   node tests/pyodide/trimmed_runtime.mjs <stdlib.zip or -> <engine.whl> <bridge.py> <botbox.py>
//                                          <bot.whl or -> [engine-bytecode.zip]
//
// "-" as the standard library: Pyodide's own, whole.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import { installEngine } from "../../web/js/install.js";

const here = dirname(fileURLToPath(import.meta.url));
const [stdlib, wheel, bridge, botbox, bot, bytecode] = process.argv.slice(2);
const options = { stdout: () => {}, stderr: (line) => console.error(line) };
if (stdlib !== "-") options.stdLibURL = stdlib;
const py = await loadPyodide(options);
// Every import that no finder can satisfy is recorded, even one that the game
// catches (an optional module): the test checks none is a standard library module.
py.runPython(`
import sys
class _NotFound:
    names = []
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.names.append(name)
        return None
sys.meta_path.append(_NotFound)
sys.modules["_touti_not_found"] = _NotFound`);
installEngine(py, readFileSync(wheel), readFileSync(bridge), bytecode ? readFileSync(bytecode) : null);
py.FS.writeFile("/tmp/touti/runtime_workload.py", readFileSync(join(here, "runtime_workload.py")));
const work = py.runPython(`
import json, runtime_workload, touti_bridge
json.dumps(runtime_workload.run(touti_bridge.handle))`);
let sandbox = null;
if (bot && bot !== "-") {
  py.FS.writeFile("/tmp/touti/touti_botbox.py", readFileSync(botbox));
  py.globals.set("bot_name", bot.split("/").pop());
  py.globals.set("bot_data", readFileSync(bot).toString("base64"));
  sandbox = py.runPython(`
import json, touti_botbox, touti_core.api as api
loaded = json.loads(touti_botbox.handle(json.dumps({"op": "load", "filename": bot_name, "data": bot_data})))
v = api.view(api.new_game(5), api.new_game(5)["to_act"])
got = json.loads(touti_botbox.handle(json.dumps({"op": "choose", "bot": loaded["bots"][0]["name"],
                                                "view": v, "legal": v["legal"]})))
str(loaded["ok"] and got["ok"] and got.get("answer") in v["legal"])`);
}
const modules = py.runPython(`
import json, sys
compiled = sorted(n for n, m in list(sys.modules.items())
                  if n.startswith(("touti_core", "touti_bridge")) and getattr(m, "__cached__", None)
                  and __import__("os").path.exists(m.__cached__))
zipped = sorted(name for name, m in list(sys.modules.items())
                if getattr(getattr(m, "__spec__", None), "origin", None)
                and str(m.__spec__.origin).startswith("/lib/python") and ".zip/" in str(m.__spec__.origin))
json.dumps({"python": sys.version.split()[0], "stdlib": zipped, "compiled": compiled,
            "not_found": sorted(set(sys.modules["_touti_not_found"].names)),
            "builtins": sorted(sys.builtin_module_names)})`);
console.log(JSON.stringify({ ...JSON.parse(modules), ...JSON.parse(work), sandbox }));
