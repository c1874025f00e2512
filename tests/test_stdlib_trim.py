"""The page ships only part of Python's standard library (build.STDLIB_KEEP,
compiled to bytecode): these tests fail, naming the module, when the game
imports one that is not shipped.

- Every import written in the engine, the bots and the bridge is shipped or
  built into the runtime (read from the sources: lazy imports in functions
  count too).
- In Node, with the pinned Pyodide: everything the page asks of the engine
  (tests/pyodide/runtime_workload.py: every request, a whole hand per level,
  every kind of decision asked of every level) runs with the trimmed library
  as ``stdLibURL``, the engine installed as the worker installs it, and a
  bot's wheel loads and decides as in the bots' sandbox (web/py/botbox.py);
  no import of that run, even one that fails quietly (caught
  by an ``except ImportError``), asks for a module of the runtime's whole
  library that the trimmed one lacks.

tests/web/test_web_startup.py plays a hand per level in Chromium too.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import build  # noqa: E402  (the project's build script)

SCRIPT = ROOT / "tests" / "pyodide" / "trimmed_runtime.mjs"
#: Modules the page never imports: the terminal game and the arena's command line.
TERMINAL_ONLY = build.ENGINE_TERMINAL_ONLY
LEVELS = ("random", "easy", "normal", "strong")
KINDS = ("auction", "signal", "trump", "play", "ghna", "concession")


@pytest.fixture(scope="module")
def info(site_dir) -> dict:
    return {**json.loads((site_dir / "build.json").read_text()), "root": site_dir}


def zip_modules(path: Path, suffixes: tuple[str, ...]) -> set[str]:
    """The modules of a standard library zip (its files ending in ``suffixes``)."""
    names = set()
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.endswith(suffixes):
                parts = name.rsplit(".", 1)[0].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                names.add(".".join(parts))
    return names


def shipped_modules(info: dict) -> set[str]:
    """The modules of the page's standard library zip, and the runtime's built-in ones."""
    return set(info["stdlib"]["builtin"]) | zip_modules(info["root"] / info["config"]["stdlib"], (".pyc",))


def imports_of(path: Path) -> list[str]:
    """The absolute imports of a module (outside ``if TYPE_CHECKING:`` blocks)."""
    found = []

    def visit(node):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def packages(info: dict) -> set[str]:
    """The modules of the packages the page's lock file lists (the engine)."""
    lock = json.loads((info["root"] / info["config"]["lock"]).read_text())
    return {name for p in lock["packages"].values() for name in p["imports"]}


def test_every_import_of_the_engine_and_the_bridge_is_shipped(info):
    shipped = shipped_modules(info) | packages(info)
    sources = [p for p in sorted((ROOT / "touti_core").rglob("*.py"))
               if p.relative_to(ROOT).as_posix() not in TERMINAL_ONLY and "__pycache__" not in p.parts]
    sources += [ROOT / "web" / "py" / "bridge.py", ROOT / "web" / "py" / "botbox.py"]
    missing = []
    for path in sources:
        for module in imports_of(path):
            if module.split(".")[0] in packages(info):
                continue
            # "import a.b" needs a and a.b; "from a.b import c": a.b (c may be a name)
            parts = module.split(".")
            for i in range(1, len(parts) + 1):
                if ".".join(parts[:i]) not in shipped:
                    missing.append(f"{path.relative_to(ROOT)} imports {'.'.join(parts[:i])}")
                    break
    assert missing == [], ("the page's standard library lacks modules the game imports: add them to "
                           "build.STDLIB_KEEP:\n" + "\n".join(missing))


def node_run(stdlib: str, info: dict, bot: str = "-") -> subprocess.Popen:
    cfg = info["config"]
    return subprocess.Popen(["node", str(SCRIPT), stdlib, str(info["root"] / cfg["wheel"]),
                             str(info["root"] / cfg["bridge"]), str(info["root"] / cfg["botbox"]), bot,
                             str(info["root"] / cfg["bytecode"])],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def run(info, wheels) -> dict:
    """The workload in Node with the trimmed library (and a bot loaded as the sandbox does)."""
    if shutil.which("node") is None or not (build.NODE_PYODIDE / "pyodide.mjs").exists():
        pytest.fail("Node.js and the npm packages are required (npm ci; python3 dev.py test does it)")
    proc = node_run(str(info["root"] / info["config"]["stdlib"]), info, str(wheels["example"]))
    text, err = proc.communicate(timeout=300)
    return {"code": proc.returncode, "err": err,
            "json": text.strip().splitlines()[-1] if text.strip() else ""}


def whole_stdlib() -> set[str]:
    """The modules of the runtime's whole standard library (Pyodide's python_stdlib.zip)."""
    return zip_modules(build.NODE_PYODIDE / "python_stdlib.zip", (".py", ".pyc"))


def test_the_trimmed_runtime_plays_every_decision_of_every_level(run):
    assert run["code"] == 0, run["err"][-3000:]
    out = json.loads(run["json"])
    assert out["python"].startswith("3.14")
    for level in LEVELS:
        assert sorted(out["phases"][level]) == sorted(KINDS), (level, out["phases"][level])
    assert {"new", "load", "act", "bot", "hint", "view", "people", "check", "deal", "sheet"} <= set(out["ops"])
    assert out["sandbox"] == "True"           # a bot's wheel loads and decides as in the bots' sandbox
    # the engine ran from the build's bytecode (engine-bytecode.zip), as in the worker
    assert "touti_bridge" in out["compiled"] and "touti_core.api" in out["compiled"]


def test_the_game_imports_nothing_the_trimmed_library_lacks(run):
    """An import that failed quietly (caught by an ``except ImportError``) is
    caught here: no module that an import asked for and did not find is one of
    the runtime's whole standard library."""
    assert run["code"] == 0, run["err"][-3000:]
    not_found = json.loads(run["json"])["not_found"]
    whole = whole_stdlib()
    assert len(whole) > 500                   # (the whole library was read)
    missing = sorted(m for m in not_found if m in whole)
    assert missing == [], ("the game imported standard library modules that the page's does "
                           f"not ship: {', '.join(missing)} (add them to build.STDLIB_KEEP)")
