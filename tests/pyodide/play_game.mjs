// Plays one whole game of Touti through touti_core.api under Pyodide in Node.
//
//   node tests/pyodide/play_game.mjs <wheel> <seed> <target>
//
// Loads the pinned npm runtime, installs the engine wheel, then chooses
// every action with a fixed rule (index (7 * step + 3) mod the number of
// legal actions) until the game is over, and prints the final state as JSON.
// tests/test_pyodide_node.py plays the same game on CPython and compares.
import { loadPyodide } from "pyodide";
import { pathToFileURL } from "node:url";

const [wheel, seed, target] = process.argv.slice(2);
const pyodide = await loadPyodide();
await pyodide.loadPackage(pathToFileURL(wheel).href, { messageCallback: () => {} });
const out = pyodide.runPython(`
import json, sys
from touti_core import api
def play(seed, target):
    s = api.new_game(seed, {"target": target})
    step = 0
    while s["phase"] != "game_over":
        legal = api.legal_actions(s)
        s = api.act(s, legal[(7 * step + 3) % len(legal)])
        step += 1
    return json.dumps({"state": s, "steps": step, "python": sys.version.split()[0]})
play(${Number(seed)}, ${Number(target)})
`);
console.log(out);
