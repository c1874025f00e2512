#!/usr/bin/env python3
"""Build the static site in dist/, or serve it on localhost.

    python build.py                      build dist/ (repeatable; about a second)
    python build.py serve [--port N]     serve dist/ on 127.0.0.1 and print the URL

What goes into dist/:

- ``index.html``: the page (never cached for long: it names the versioned paths);
- ``app/<version>/``: the page's scripts, styles, the worker's Python bridge, the
  ``touti_core`` wheel and the lock file that lists that wheel with its sha256,
  the engine's bytecode (``engine-bytecode.zip``, see engine_bytecode);
  ``<version>`` is a hash of all of these, so the folder can be cached for ever;
- ``pyodide/<pyodide version>/``: the self-hosted Pyodide runtime copied from the
  npm package ``pyodide`` (pinned in package.json / package-lock.json), the
  page's standard library (``stdlib-<hash>.zip``: bytecode of the modules the
  game imports, compiled under Node by build_bytecode.mjs, see STDLIB_KEEP);
- the pages and files that keep their names from one version to the next
  (``ROOT_FILES``: the game, the embeddable rules demo and its example host
  page, the host script, the web app manifest and the service worker, whose
  precache list and cache name are this version's);
- ``build.json``: the version, the list of every file, the service worker's
  precache list, and the files a first visit needs before the first bid
  (``first_bid``: tests/test_budgets.py checks their gzip size).

``netlify.toml`` (build command, publish directory, headers) deploys dist/ as
it is; ``serve`` sends the same headers, so the local site (and every browser
test) runs under the deployed Content-Security-Policy.

Nothing is loaded from another origin at run time.  Node.js and npm are needed
(``npm ci`` installs the pinned runtime); the build stops with a clear message
when they are missing.
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import gzip
import hashlib
import html
import http.server
import io
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import tomllib
import zipfile
from functools import partial
from pathlib import Path

from touti_core.facts import facts
from touti_core.rules import Rules

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"

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
CARDS_SCRIPT = ROOT / "tools" / "card_images.mjs"
#: Web sources that are not part of the site (development previews).
WEB_EXCLUDE = ("dev",)
#: Files of web/ written at the root of dist/ (unversioned names, revalidated
#: on every visit) after their placeholders are filled; the rest of web/ goes
#: into the versioned app folder.
ROOT_FILES = ("index.html", "embed.html", "demo.html", "manifest.webmanifest", "sw.js",
              "touti-demo.js")
#: Not precached by the service worker: the build list itself.
SW_SKIP = ("build.json", "sw.js")
#: The budgets of a first visit on a phone, in bytes as a static host sends
#: them (gzip per file, level 6): what the page needs before the first bid,
#: and everything the service worker keeps for offline play
#: (tests/test_budgets.py; bench/phone_startup.py measures the real downloads).
BUDGET_FIRST_BID = 8_000_000
BUDGET_PRECACHE = 10_000_000
#: Headers of the deployed site (and of ``serve``).
NETLIFY = ROOT / "netlify.toml"
#: A fixed time stamp for the files of the wheel: same sources, same bytes.
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


class BuildError(SystemExit):
    """A build step failed: the message says what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"build.py: {message}")


def say(msg: str) -> None:
    print(msg, flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ------------------------------------------------------------------ tools
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
    stamp = ROOT / "node_modules" / ".touti-installed"
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
                         "keep package.json and build.py's PYODIDE_VERSION in step.")
    for name in PYODIDE_FILES:
        if not (NODE_PYODIDE / name).exists():
            raise BuildError(f"the pyodide package lacks {name}: run `npm ci` again.")
    return NODE_PYODIDE


# ------------------------------------------------------------------ wheel
def project_meta() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def build_wheel(out_dir: Path) -> Path:
    """The pure-Python wheel of touti_core (PEP 427), byte for byte repeatable.

    Written directly rather than through a build backend: it takes a few
    milliseconds, needs nothing from the network, and the same sources always
    give the same bytes (so the same versioned path).
    """
    meta = project_meta()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted((ROOT / "touti_core").rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    metadata = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
                f"Summary: {meta.get('description', '')}",
                f"Requires-Python: {meta.get('requires-python', '>=3.11')}"]
    files.append((f"{dist_info}/METADATA", ("\n".join(metadata) + "\n").encode()))
    files.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: touti-build\n"
                  b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    files.append((f"{dist_info}/top_level.txt", b"touti_core\n"))
    record = []
    for arc, data in files:
        h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={h},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files:
            info = zipfile.ZipInfo(arc, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    wheel.write_bytes(buf.getvalue())
    return wheel


def lock_file(runtime: Path, wheel: Path) -> dict:
    """A Pyodide lock file listing the engine wheel with its sha256.

    ``loadPyodide({lockFileURL, packages: ["touti_core"]})`` fetches the wheel
    during start-up with ``fetch(url, {integrity})``: a wheel that does not
    match fails loudly instead of running.
    """
    info = json.loads((runtime / "pyodide-lock.json").read_text())["info"]
    meta = project_meta()

    def entry(name: str, version: str, file_name: str, data: bytes, imports: list[str]) -> dict:
        return {"name": name, "version": version, "file_name": file_name,
                "install_dir": "site", "sha256": sha256(data), "package_type": "package",
                "imports": imports, "depends": [], "unvendored_tests": False}

    return {"info": info, "packages": {
        "touti-core": entry(meta["name"], meta["version"], wheel.name, wheel.read_bytes(),
                            ["touti_core"]),
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
    cache = ROOT / "build" / "bytecode"
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


# ------------------------------------------------------------------ site
def web_files() -> list[Path]:
    out = []
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB)
        if path.is_dir() or rel.parts[0] in WEB_EXCLUDE or rel.as_posix() in ROOT_FILES:
            continue
        if "__pycache__" in rel.parts or rel.name.startswith("."):
            continue
        out.append(path)
    return out


def demo_sections(index: list[dict]) -> str:
    """The example host page's demos: one ``<touti-demo>`` per scenario of the index."""
    out = []
    for e in index:
        out.append(f'<section class="demo" id="{html.escape(e["id"])}">\n'
                   f'  <h2>{html.escape(e["title"])}</h2>\n'
                   f'  <p class="area">{html.escape(e["rule_area"])}</p>\n'
                   f'  <touti-demo scenario="{html.escape(e["id"])}"></touti-demo>\n'
                   f'</section>')
    return "\n".join(out)


MESSAGES = WEB / "messages"


def catalogues() -> dict[str, dict]:
    """The page's languages: code -> its catalogue (web/messages/<code>.json)."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(MESSAGES.glob("*.json"))}


def locales() -> dict[str, str]:
    """code -> the language in its own name ("meta.name"), English first."""
    cats = catalogues()
    return {code: cats[code]["meta.name"] for code in sorted(cats, key=lambda c: (c != "en", c))}


def manifest_texts(text: str) -> str:
    """The web app manifest's name and description in English, and in every other
    language under "translations" (the member the platform reads where it can)."""
    cats = catalogues()
    en = cats["en"]
    fields = {"name": "app.name", "short_name": "app.short_name", "description": "app.description"}
    for field, key in fields.items():
        text = text.replace(f"%APP_{field.upper()}%", en[key].replace('"', '\\"'))
    translations = {code: {f: cat.get(k, en[k]) for f, k in fields.items()}
                    for code, cat in cats.items() if code != "en"}
    return text.replace("%TRANSLATIONS%", json.dumps(translations, ensure_ascii=False, sort_keys=True))


def root_page(name: str, config: dict, app_dir: str) -> bytes:
    """A file of ROOT_FILES with its placeholders filled (sw.js: see precache_worker)."""
    text = (WEB / name).read_text(encoding="utf-8")
    if name == "manifest.webmanifest":
        text = manifest_texts(text)
    if name in ("index.html", "embed.html") and ("%APP%" not in text or "%BUILD%" not in text):
        raise BuildError(f"web/{name} must contain the %APP% and %BUILD% placeholders.")
    if "%SCENARIOS%" in text:
        index = json.loads((WEB / "scenarios" / "index.json").read_text())
        text = text.replace("%SCENARIOS%", demo_sections(index))
    text = text.replace("%BUILD%", json.dumps(config, sort_keys=True))
    for key in ("pyodide", "stdlib", "wheel"):
        text = text.replace(f"%{key.upper()}%", config[key])
    return text.replace("%APP%", app_dir.rstrip("/")).replace("%VERSION%", config["version"]).encode("utf-8")


def precache_worker(version: str, files: list[str]) -> tuple[bytes, list[str]]:
    """sw.js for this version: its cache name and the files it precaches."""
    text = (WEB / "sw.js").read_text()
    if "%VERSION%" not in text or "%FILES%" not in text:
        raise BuildError("web/sw.js must contain the %VERSION% and %FILES% placeholders.")
    precache = [f for f in files if f not in SW_SKIP and f.rsplit("/", 1)[-1] not in SW_SKIP]
    text = text.replace("%VERSION%", version).replace("%FILES%", json.dumps(precache, indent=1))
    return text.encode(), precache


#: Static imports of an ES module ("import x from './a.js'", "export * from",
#: "import './a.js'"), and import("./a.js") of a relative path.
ES_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"();]*?(?:\bfrom\s*)?["'](\.{1,2}/[^"']+)["']""", re.M)
ES_DYNAMIC = re.compile(r"""\bimport\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")


def module_graph(root: Path, start: str, dynamic: bool = False) -> set[str]:
    """``start`` (a path under ``root``) and every module it imports statically
    (with ``dynamic``, by import() of a relative path too)."""
    seen, todo = set(), [start]
    while todo:
        rel = todo.pop()
        if rel in seen or not (root / rel).is_file():
            continue
        seen.add(rel)
        base = rel.rsplit("/", 1)[0]
        text = (root / rel).read_text(encoding="utf-8")
        for spec in ES_IMPORT.findall(text) + (ES_DYNAMIC.findall(text) if dynamic else []):
            parts = base.split("/") + spec.split("/")
            out: list[str] = []
            for part in parts:
                if part == "..":
                    out.pop()
                elif part not in (".", ""):
                    out.append(part)
            todo.append("/".join(out))
    return seen


def card_images() -> dict[str, bytes]:
    """The card pictures (``cards/<card>.svg`` and ``cards/back.svg``), drawn by
    web/js/cardart.js under Node: the page shows cards as images of these files."""
    r = subprocess.run(["node", "--no-warnings", str(CARDS_SCRIPT)], cwd=ROOT, capture_output=True, text=True)
    if r.returncode:
        raise BuildError("the card pictures could not be drawn under Node:\n" + r.stderr[-2000:])
    return {f"cards/{name}": svg.encode() for name, svg in json.loads(r.stdout).items()}


def first_bid_files(site: Path, config: dict) -> list[str]:
    """The files a first visit loads before the player's first bid: the page and
    what its head names (with a web app manifest there, its icons too: browsers
    fetch them; pwa.js names it once the game runs), the page's and the
    worker's module graphs, the English catalogue, and what the worker
    downloads (the runtime, the standard library, the engine).
    tests/test_budgets.py checks their size; the slow-network browser test
    checks that the page requests nothing else before the first bid."""
    app = config["app"]
    files = {"index.html", f"{app}messages/en.json"}
    head = (site / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    head = re.sub(r"<!--.*?-->", "", head, flags=re.S)
    for ref in re.findall(r'(?:src|href)="([^"]+)"', head):
        if not ref.startswith(("data:", "#")):
            files.add(ref.split("?")[0])
    if "manifest.webmanifest" in files:
        manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
        files |= {icon["src"] for icon in manifest.get("icons", [])}
    # (the page's screens are imported when opened; the worker imports its helpers at once)
    files |= module_graph(site, f"{app}js/main.js") | module_graph(site, f"{app}js/worker.js", dynamic=True)
    files |= {config["pyodide"] + name for name in PYODIDE_FILES}
    files |= {config[key] for key in ("stdlib", "wheel", "bytecode", "bridge", "lock")}
    # the hand and the table show cards before the first bid (any of them)
    files |= {p.relative_to(site).as_posix() for p in (site / app / "cards").glob("*.svg")}
    missing = sorted(f for f in files if not (site / f).is_file())
    if missing:
        raise BuildError(f"the page names files the build did not write: {', '.join(missing)}")
    return sorted(files)


def build(out: Path = DIST, stamp: str = "") -> dict:
    """Builds the site into ``out`` (dist/ by default) and returns its build.json.

    ``stamp``, when given, is mixed into the version: the same sources then
    make a site of another version (the update tests publish one).
    """
    out = Path(out)
    runtime = ensure_runtime()
    staging = ROOT / "build" / "site" if out == DIST else out.with_name(f".{out.name}.staging")
    if staging.exists():
        shutil.rmtree(staging)
    pyodide_dir = f"pyodide/{PYODIDE_VERSION}"
    # (another output folder gets its own wheel folder: builds into two folders may run at once)
    wheel = build_wheel(ROOT / "build" / "wheel" if out == DIST else out.with_name(f".{out.name}.wheel"))

    # The app folder: sources, wheel, lock; its name is the hash of the site's
    # sources (the root pages' templates included: any change is a new version).
    app_files: dict[str, bytes] = {}
    for path in web_files():
        app_files[path.relative_to(WEB).as_posix()] = path.read_bytes()
    app_files.update(card_images())
    app_files[wheel.name] = wheel.read_bytes()
    lock = lock_file(runtime, wheel)
    app_files["touti-lock.json"] = (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode()
    app_files["engine-bytecode.zip"] = engine_bytecode(wheel, WEB / "py" / "bridge.py")
    h = hashlib.sha256()
    for rel in sorted(app_files):
        h.update(rel.encode() + b"\0" + app_files[rel] + b"\0")
    h.update(PYODIDE_VERSION.encode())
    # the standard library: named by its content, outside the app folder, so
    # that a new version of the app does not download it again
    stdlib, stdlib_report = runtime_stdlib()
    stdlib_name = f"stdlib-{sha256(stdlib)[:12]}.zip"
    h.update(stdlib_name.encode())
    for name in ROOT_FILES:
        h.update(name.encode() + b"\0" + (WEB / name).read_bytes() + b"\0")
    if stamp:
        h.update(b"stamp\0" + stamp.encode())
    version = h.hexdigest()[:12]
    app_dir = f"app/{version}"

    config = {
        "version": version,
        "app": f"{app_dir}/",
        "pyodide": f"{pyodide_dir}/",
        "lock": f"{app_dir}/touti-lock.json",
        "bridge": f"{app_dir}/py/bridge.py",
        # the Python of the sandbox of the player's own bots (web/js/botbox.js)
        "botbox": f"{app_dir}/py/botbox.py",
        "wheel": f"{app_dir}/{wheel.name}",
        "wheelIntegrity": "sha256-" + base64.b64encode(
            hashlib.sha256(app_files[wheel.name]).digest()).decode(),
        "bytecode": f"{app_dir}/engine-bytecode.zip",
        "bytecodeIntegrity": "sha256-" + base64.b64encode(
            hashlib.sha256(app_files["engine-bytecode.zip"]).digest()).decode(),
        "stdlib": f"{pyodide_dir}/{stdlib_name}",
        # what the worker downloads to start (for the progress shown), bytes
        "download": ((runtime / "pyodide.asm.wasm").stat().st_size + len(stdlib)
                     + len(app_files[wheel.name]) + len(app_files["py/bridge.py"])
                     + len(app_files["engine-bytecode.zip"])
                     + len(app_files["touti-lock.json"])),
        "package": "touti_core",
        # the engine's rule switches: the page builds its settings from them
        "rules": Rules.describe(),
        # the languages (one catalogue file each): code -> its own name
        "locales": locales(),
        # the rule facts the rules page and the lesson show (touti_core/facts.py)
        "facts": facts(),
    }

    # Write to a staging folder, then swap it in: the site is never half built.
    for rel, data in app_files.items():
        dest = staging / app_dir / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    for name in PYODIDE_FILES:
        dest = staging / pyodide_dir / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(runtime / name, dest)
    (staging / pyodide_dir / stdlib_name).write_bytes(stdlib)
    for name in ROOT_FILES:
        if name != "sw.js":
            (staging / name).write_bytes(root_page(name, config, app_dir))
    files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
    worker, precache = precache_worker(version, files)
    (staging / "sw.js").write_bytes(worker)
    files = sorted(files + ["sw.js"])
    manifest = {"version": version, "pyodide": PYODIDE_VERSION, "config": config,
                "files": files, "precache": precache,
                "first_bid": first_bid_files(staging, config),
                "stdlib": {"modules": stdlib_keep(), "files": stdlib_report["files"],
                           "python": stdlib_report["python"], "builtin": stdlib_report["builtin"]},
                "bytes": sum((staging / f).stat().st_size for f in files)}
    (staging / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    say(f"built {out.name}/ (version {version}, {len(files)} files, {manifest['bytes'] / 1e6:.1f} MB)")
    return manifest


# ------------------------------------------------------------------ serve
MIME = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
    ".whl": "application/zip", ".py": "text/plain; charset=utf-8", ".svg": "image/svg+xml",
    ".png": "image/png", ".webmanifest": "application/manifest+json",
}
#: What Netlify sends when no rule sets a Cache-Control.
NETLIFY_CACHE_DEFAULT = "public, max-age=0, must-revalidate"


def header_pattern(rule: str) -> re.Pattern:
    """The paths a ``[[headers]] for = ...`` rule applies to, as Netlify matches them:
    ``/*`` any path below, ``:name`` one segment, ``*`` inside a segment any text."""
    parts = []
    for part in (p.rstrip() for p in rule.split("/")):
        if not part:
            continue
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        else:
            parts.append("(.*)".join(re.escape(x) for x in part.split("*")))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def header_rules(path: Path = NETLIFY) -> list[tuple[str, re.Pattern, dict[str, str]]]:
    """The header rules of netlify.toml: (for, pattern, values), in file order."""
    config = tomllib.loads(path.read_text())
    return [(r["for"], header_pattern(r["for"]), dict(r.get("values", {})))
            for r in config.get("headers", [])]


_DEFAULT_RULES: list = []


def default_rules() -> list:
    """netlify.toml's rules, read once (what a Handler sends unless told otherwise)."""
    if not _DEFAULT_RULES and NETLIFY.exists():
        _DEFAULT_RULES.extend(header_rules(NETLIFY))
    return _DEFAULT_RULES


def headers_for(url_path: str, rules) -> dict[str, str]:
    """The headers of one path: every matching rule, later ones overriding earlier ones."""
    out: dict[str, str] = {}
    for _, pattern, values in rules:
        if pattern.match(url_path):
            out.update(values)
    return out


#: Types a static host compresses on the fly (Netlify does, for clients that
#: accept gzip); images, zip files and .gz data are sent as they are.
GZIP_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
              "application/manifest+json", "image/svg+xml")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers of netlify.toml (types, caching, CSP, security).

    With ``gzip`` (``serve`` and the start-up benchmark), text, scripts and
    WebAssembly go out gzip-encoded to clients that accept it
    (``Content-Encoding: gzip``), as a static host sends them."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    #: (path, mtime, size) -> gzip bytes, shared by the server's threads
    _gzipped: dict = {}

    def __init__(self, *args, rules=None, gzip=False, **kwargs) -> None:
        self.rules = default_rules() if rules is None else rules
        self.gzip = gzip
        super().__init__(*args, **kwargs)

    def send_head(self):
        if not (self.gzip and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()          # the redirect to the folder's URL
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not os.path.isfile(path) or not ctype.startswith(GZIP_TYPES):
            return super().send_head()
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        key = (path, st.st_mtime_ns, st.st_size)
        data = self._gzipped.get(key)
        if data is None:
            with open(path, "rb") as f:
                data = gzip.compress(f.read(), 6, mtime=0)
            self._gzipped[key] = data
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(data)

    def _rule_headers(self) -> dict[str, str]:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return headers_for(path, self.rules)

    def guess_type(self, path) -> str:
        for name, value in self._rule_headers().items():
            if name.lower() == "content-type":
                return value
        return super().guess_type(path)

    def end_headers(self) -> None:
        headers = {k: v for k, v in self._rule_headers().items() if k.lower() != "content-type"}
        if not any(k.lower() == "cache-control" for k in headers):
            headers["Cache-Control"] = NETLIFY_CACHE_DEFAULT
        for name, value in headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:
        if os.environ.get("TOUTI_SERVE_LOG"):
            super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        """A browser that closed its page (or its worker) mid-download is no error of
        the site's: said by nothing.  Anything else is printed, as the standard server does."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                headers: Path | None = NETLIFY, gzip: bool = False, handler=None) -> Server:
    """A threaded static server for ``root`` (port 0: a free port) sending the
    headers of ``headers`` (netlify.toml; None: none); with ``gzip``, compressing
    as a static host does (see Handler)."""
    rules = header_rules(headers) if headers else []
    return Server((host, port), partial(handler or Handler, directory=str(root), rules=rules, gzip=gzip))


def serve(host: str, port: int, gzip: bool = True) -> None:
    if not (DIST / "index.html").exists():
        raise BuildError("dist/ is not built: run `python build.py` first.")
    try:
        server = make_server(DIST, host, port, gzip=gzip)
    except OSError as e:
        raise BuildError(f"cannot listen on {host}:{port} ({e.strerror}); try --port 0.") from None
    url = f"http://{host}:{server.server_address[1]}/"
    say(f"Touti is served at {url}  (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        say("stopped")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd")
    sp = sub.add_parser("serve", help="serve dist/ on localhost and print the URL")
    sp.add_argument("--host", default="127.0.0.1")
    sp.add_argument("--port", type=int, default=8000, help="0 picks a free port (default 8000)")
    sp.add_argument("--no-gzip", action="store_true", help="send every file as it is (by default "
                    "text, scripts and WebAssembly are gzip-encoded, as the deployed host sends them)")
    ap.add_argument("--out", type=Path, default=DIST, help="build into this folder (default dist/)")
    ap.add_argument("--stamp", default="", help="mix this text into the version (a new version "
                    "of the same sources, to try updates)")
    args = ap.parse_args(argv)
    if args.cmd == "serve":
        serve(args.host, args.port, gzip=not args.no_gzip)
    else:
        build(args.out, args.stamp)


if __name__ == "__main__":
    main()
