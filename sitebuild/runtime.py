"""The self-hosted Pyodide runtime and what the build compiles with it.

- the npm package ``pyodide`` (pinned in package.json / package-lock.json,
  installed by ``npm ci`` when needed): the files the page loads
  (``PYODIDE_FILES``) go to ``pyodide/<version>/``;
- the page's standard library: bytecode of the modules the game imports
  (``STDLIB_KEEP``) in place of the runtime's whole one, compiled under Node
  by build_bytecode.mjs;
- the engine's bytecode (``engine-bytecode.zip``) from the wheel;
- the lock file that lists the engine wheel with its sha256;
- other npm packages' files that the page uses (``VENDOR``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from .common import NODE_MODULES, ROOT, WORK, BuildError, say, sha256

NODE_PYODIDE = NODE_MODULES / "pyodide"
#: The runtime: must equal the version pinned in package.json.
PYODIDE_VERSION = "314.0.7"
#: Files of the npm package that the page needs (the rest is for Node or docs;
#: the standard library is the build's own, see STDLIB_KEEP).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: The standard library the page ships, compiled to bytecode (build_bytecode.mjs)
#: in place of the runtime's whole one (python_stdlib.zip: 2.5 MB of sources,
#: which Python would compile at every start).  Only what is imported: by
#: Pyodide's own start, by installing the engine (install.js), by the engine,
#: the bots, the bridge and the bots' sandbox (web/py/botbox.py).  A name
#: ships that module (a package's name: its ``__init__`` only); "pkg.*" ships
#: the whole package.  Built-in and frozen modules (sys, os, math, time, zlib,
#: marshal, _random, ...) are part of the runtime itself.
#: tests/test_stdlib_trim.py fails, naming the module, when the game imports
#: one that is not here: add it to the group it belongs to.
STDLIB_KEEP = {
    # Pyodide's start (loadPyodide): its own packages and what they import
    "pyodide": (
        "_pyodide.*", "pyodide.*", "asyncio.*", "compression.*", "concurrent",
        "concurrent.futures", "concurrent.futures._base", "importlib", "importlib._abc",
        "importlib.abc", "json.*", "re.*", "zipfile.*", "pathlib.*", "encodings",
        "encodings.aliases", "encodings.utf_8", "__future__", "_colorize", "_opcode_metadata",
        "_py_warnings", "_ssl", "_weakrefset", "annotationlib", "ast", "base64", "bisect", "bz2",
        "codeop", "collections", "contextlib", "contextvars", "copy", "copyreg", "dataclasses",
        "dis", "enum", "fnmatch", "functools", "glob", "heapq", "inspect", "keyword", "linecache",
        "locale", "logging", "lzma", "opcode", "operator", "random", "reprlib", "selectors",
        "shutil", "signal", "socket", "ssl", "string", "struct", "subprocess", "tempfile",
        "textwrap", "threading", "token", "tokenize", "traceback", "types", "typing", "warnings",
        "weakref",
    ),
    # installing the engine wheel (install.js: zipfile, sysconfig, importlib.invalidate_caches)
    "install": (
        "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten", "importlib.metadata.*",
        "email", "encodings.cp437",
    ),
    # touti_core, its bots and web/py/bridge.py import nothing more than the above
    "engine": (),
    # bots of one's own (touti_core/bots/plugins.py: a wheel's entry points)
    "user bots": ("configparser",),
    # text codecs looked up by name (bytes.decode, open(..., encoding=...))
    "codecs": (
        "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.utf_16",
        "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32", "encodings.utf_32_le",
        "encodings.utf_32_be", "encodings.raw_unicode_escape", "encodings.unicode_escape",
    ),
}
#: The standard library's bytecode drops docstrings and asserts (as python -OO)
#: and column positions (as -X no_debug_ranges; tracebacks still name the
#: line): 1.24 MB instead of 1.90 MB, measured.
STDLIB_OPTIMIZE = 2
#: Compiles the kept standard library and the engine to bytecode under Node (see that file).
BYTECODE_SCRIPT = ROOT / "build_bytecode.mjs"
#: Prints the card pictures (web/js/cardart.js) as files for app/<version>/cards/.
#: Files of other npm packages (package.json) that the page uses, copied into
#: the versioned app folder: their path there -> their path under node_modules/.
#: One line per file, e.g. ``"vendor/qr.mjs": "some-package/dist/qr.mjs"``.
VENDOR: dict[str, str] = {
    "js/vendor/uqr.js": "uqr/dist/index.mjs",      # QR codes of friends' invitations (views/friends.js)
}


def ensure_runtime() -> Path:
    """The npm package ``pyodide`` at the pinned version (``npm ci`` if needed)."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise BuildError(f"{tool} is missing: install Node.js 20 or newer (with npm), "
                             "then run this again. The Pyodide runtime comes from the npm package "
                             f"pyodide {PYODIDE_VERSION}.")
    lock = ROOT / "package-lock.json"
    if not lock.exists():
        raise BuildError("package-lock.json is missing: it pins the Pyodide runtime.")
    stamp = NODE_MODULES / ".touti-installed"
    key = sha256((ROOT / "package.json").read_bytes() + lock.read_bytes())
    pkg = NODE_PYODIDE / "package.json"
    if not (pkg.exists() and stamp.exists() and stamp.read_text() == key):
        say("+ npm ci --no-audit --no-fund")
        r = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
        if r.returncode:
            raise BuildError("npm ci failed (see above): the Pyodide runtime could not be installed.")
        stamp.write_text(key)
    version = json.loads(pkg.read_text())["version"]
    if version != PYODIDE_VERSION:
        raise BuildError(f"node_modules holds pyodide {version}, the build expects {PYODIDE_VERSION}: "
                         "keep package.json and PYODIDE_VERSION (sitebuild/runtime.py) in step.")
    for name in PYODIDE_FILES:
        if not (NODE_PYODIDE / name).exists():
            raise BuildError(f"the pyodide package lacks {name}: run `npm ci` again.")
    return NODE_PYODIDE



def vendor_files() -> dict[str, bytes]:
    """The files of ``VENDOR``: their path in the app folder -> their bytes."""
    out = {}
    for dest, src in VENDOR.items():
        path = NODE_MODULES / src
        if not path.is_file():
            raise BuildError(f"node_modules/{src} is missing (VENDOR): is its package in "
                             "package.json? run `npm ci` again.")
        out[dest] = path.read_bytes()
    return out


def lock_file(runtime: Path, wheel: Path) -> dict:
    """A Pyodide lock file listing the engine wheel with its sha256.

    ``loadPyodide({lockFileURL, packages: ["touti_core"]})`` fetches the wheel
    during start-up with ``fetch(url, {integrity})``: a wheel that does not
    match fails loudly instead of running.
    """
    info = json.loads((runtime / "pyodide-lock.json").read_text())["info"]
    name, version = wheel.name.split("-")[:2]

    def entry(name: str, version: str, file_name: str, data: bytes, imports: list[str]) -> dict:
        return {"name": name, "version": version, "file_name": file_name,
                "install_dir": "site", "sha256": sha256(data), "package_type": "package",
                "imports": imports, "depends": [], "unvendored_tests": False}

    return {"info": info, "packages": {
        "touti-core": entry(name, version, wheel.name, wheel.read_bytes(), ["touti_core"]),
    }}


def stdlib_keep() -> list[str]:
    """STDLIB_KEEP as one sorted list of names."""
    return sorted({m for group in STDLIB_KEEP.values() for m in group})


def bytecode(request: dict, name: str) -> tuple[bytes, dict]:
    """The zip build_bytecode.mjs makes for ``request`` under Node, and its
    report; kept in build/bytecode/ by a hash of everything it depends on."""
    text = json.dumps(request, sort_keys=True)
    # (the files' contents count, not their paths: a build into another folder reuses it)
    paths = ("wheel", "bridge")
    h = hashlib.sha256(json.dumps({k: v for k, v in request.items() if k not in paths}, sort_keys=True).encode()
                       + PYODIDE_VERSION.encode() + BYTECODE_SCRIPT.read_bytes())
    for key in paths:
        if key in request:
            h.update(Path(request[key]).read_bytes())
    key = f"{name}-{h.hexdigest()[:16]}"
    cache = WORK / "bytecode"
    path, meta = cache / f"{key}.zip", cache / f"{key}.json"
    if not (path.exists() and meta.exists()):
        cache.mkdir(parents=True, exist_ok=True)
        # (named by the process too: two builds may compile the same request at once)
        req, tmp = cache / f"{key}.{os.getpid()}.request.json", cache / f"{key}.{os.getpid()}.tmp"
        req.write_text(text)
        r = subprocess.run(["node", str(BYTECODE_SCRIPT), str(req), str(tmp)],
                           cwd=ROOT, capture_output=True, text=True)
        if r.returncode or not tmp.exists():
            raise BuildError(f"the {name} could not be compiled under Node:\n" + (r.stderr or r.stdout)[-2000:])
        report = json.loads(r.stdout.strip().splitlines()[-1])
        if report.get("unmatched"):
            tmp.unlink()
            raise BuildError("STDLIB_KEEP names modules the runtime does not have: "
                             + ", ".join(report["unmatched"]))
        req.unlink()
        meta_tmp = cache / f"{key}.{os.getpid()}.json.tmp"
        meta_tmp.write_text(json.dumps(report, indent=1) + "\n")
        meta_tmp.replace(meta)
        tmp.replace(path)
        for old in sorted(cache.glob(f"{name}-*.zip"), key=lambda p: p.stat().st_mtime)[:-4]:
            for stale in cache.glob(old.stem + ".*"):
                stale.unlink(missing_ok=True)
    return path.read_bytes(), json.loads(meta.read_text())


def runtime_stdlib() -> tuple[bytes, dict]:
    """The page's standard library zip (bytecode of STDLIB_KEEP) and its report
    (files, Python version, built-in modules)."""
    return bytecode({"kind": "stdlib", "keep": stdlib_keep(), "optimize": STDLIB_OPTIMIZE}, "stdlib")


#: Modules of the engine the page never imports (the terminal game, the arena's
#: command line): left out of its bytecode (their sources stay in the wheel).
ENGINE_TERMINAL_ONLY = ("touti_core/__main__.py", "touti_core/cli.py", "touti_core/bots/arena.py")


def engine_bytecode(wheel: Path, bridge: Path) -> bytes:
    """The engine's and the bridge's bytecode (the __pycache__ files of their
    installed sources, without docstrings): the first start on a device
    imports them without compiling (0.3 s less at CPU x4, measured)."""
    return bytecode({"kind": "engine", "wheel": str(wheel), "bridge": str(bridge),
                     "skip": list(ENGINE_TERMINAL_ONLY)}, "engine")[0]

