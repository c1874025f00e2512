"""The site: pages, the versioned app folder, the service worker, build.json.

What goes into the output folder (dist/ by default):

- ``index.html``: the page (never cached for long: it names the versioned paths);
- ``app/<version>/``: the page's scripts, styles, the worker's Python bridge, the
  ``touti_core`` wheel and the lock file that lists that wheel with its sha256,
  the engine's bytecode (``engine-bytecode.zip``), the card pictures, the
  vendored npm files; ``<version>`` is a hash of all of these, so the folder
  can be cached for ever;
- ``pyodide/<pyodide version>/``: the self-hosted runtime and the page's
  standard library (``stdlib-<hash>.zip``), see sitebuild/runtime.py;
- the pages and files that keep their names from one version to the next
  (``ROOT_FILES``: the game, the embeddable rules demo and its example host
  page, the host script, the web app manifest and the service worker, whose
  precache list and cache name are this version's);
- ``build.json``: the version, the list of every file, the service worker's
  precache list, and the files a first visit needs before the first bid
  (``first_bid``: tests/test_budgets.py checks their gzip size).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from touti_core.facts import facts
from touti_core.rules import Rules

from .runtime import (PYODIDE_FILES, PYODIDE_VERSION, engine_bytecode, ensure_runtime,
                      lock_file, runtime_stdlib, stdlib_keep, vendor_files)
from .common import DIST, ROOT, WEB, WORK, BuildError, say, sha256
from .modules import module_graph
from .wheel import build_wheel

#: Prints the card pictures (web/js/cardart.js) as files for app/<version>/cards/.
CARDS_SCRIPT = ROOT / "tools" / "card_images.mjs"
#: Web sources that are not part of the site (development previews).
WEB_EXCLUDE = ("dev",)
#: Files of web/ written at the root of the site (unversioned names, revalidated
#: on every visit) after their placeholders are filled; the rest of web/ goes
#: into the versioned app folder.
ROOT_FILES = ("index.html", "embed.html", "demo.html", "manifest.webmanifest", "sw.js",
              "touti-demo.js")
#: Not precached by the service worker: the build list itself, and the worker.
SW_SKIP = ("build.json", "sw.js")
#: The lines of web/sw.js the build fills (each placeholder once, nowhere else).
SW_SLOTS = {"VERSION": re.compile(r'^const VERSION = "%VERSION%";$', re.M),
            "FILES": re.compile(r"^const FILES = %FILES%;$", re.M)}
#: The budgets of a first visit on a phone, in bytes as a static host sends
#: them (gzip per file, level 6): what the page needs before the first bid,
#: and everything the service worker keeps for offline play
#: (tests/test_budgets.py; bench/phone_startup.py measures the real downloads).
BUDGET_FIRST_BID = 8_000_000
BUDGET_PRECACHE = 10_000_000


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


#: A placeholder of a root file's template: ``%NAME%``.
PLACEHOLDER = re.compile(r"%([A-Z][A-Z_]*)%")


def fill(name: str, text: str, values: dict[str, str]) -> str:
    """``text`` (the template web/``name``) with each placeholder replaced by its
    value, in one pass: a value is never scanned again (a placeholder's name
    inside the build's JSON stays as it is), and a name the build does not
    know stops it."""
    unknown = sorted(set(PLACEHOLDER.findall(text)) - set(values))
    if unknown:
        raise BuildError(f"web/{name} names placeholders the build does not fill: "
                         + ", ".join(f"%{u}%" for u in unknown))
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


def json_in_html(data: object) -> str:
    """JSON for a ``<script type="application/json">`` block: no text of it can
    close the element ("</script>") or open a comment."""
    return json.dumps(data, sort_keys=True).replace("<", "\\u003c")


def manifest_values() -> dict[str, str]:
    """The web app manifest's name and description in English (JSON string
    contents), and in every other language under "translations" (the member
    the platform reads where it can)."""
    cats = catalogues()
    en = cats["en"]
    fields = {"name": "app.name", "short_name": "app.short_name", "description": "app.description"}
    values = {f"APP_{field.upper()}": json.dumps(en[key], ensure_ascii=False)[1:-1]
              for field, key in fields.items()}
    translations = {code: {f: cat.get(k, en[k]) for f, k in fields.items()}
                    for code, cat in cats.items() if code != "en"}
    values["TRANSLATIONS"] = json.dumps(translations, ensure_ascii=False, sort_keys=True)
    return values


def root_page(name: str, config: dict, app_dir: str, template: str | None = None) -> bytes:
    """A file of ROOT_FILES with its placeholders filled (sw.js: see precache_worker)."""
    text = (WEB / name).read_text(encoding="utf-8") if template is None else template
    if name in ("index.html", "embed.html") and ("%APP%" not in text or "%BUILD%" not in text):
        raise BuildError(f"web/{name} must contain the %APP% and %BUILD% placeholders.")
    values = {"APP": app_dir.rstrip("/"), "VERSION": config["version"], "BUILD": json_in_html(config),
              "PYODIDE": config["pyodide"], "STDLIB": config["stdlib"], "WHEEL": config["wheel"]}
    if "%SCENARIOS%" in text:
        values["SCENARIOS"] = demo_sections(json.loads((WEB / "scenarios" / "index.json").read_text()))
    if name == "manifest.webmanifest":
        values |= manifest_values()
    return fill(name, text, values).encode("utf-8")


def precache_worker(version: str, files: list[str], template: str | None = None) -> tuple[bytes, list[str]]:
    """sw.js for this version: its cache name and the files it precaches
    (every file of the site but ``SW_SKIP``).  Each placeholder of the
    template (web/sw.js) must appear once, in its declaration (``SW_SLOTS``),
    and is replaced there by a JSON literal; tests/test_deploy.py runs the
    result's install under Node and compares what it caches with the site."""
    text = (WEB / "sw.js").read_text(encoding="utf-8") if template is None else template
    precache = [f for f in files if f not in SW_SKIP and f.rsplit("/", 1)[-1] not in SW_SKIP]
    values = {"VERSION": json.dumps(version)[1:-1], "FILES": json.dumps(precache, indent=1)}
    for key, slot in SW_SLOTS.items():
        if text.count(f"%{key}%") != 1 or len(slot.findall(text)) != 1:
            raise BuildError(f"web/sw.js must hold %{key}% once, in the line "
                             f"`{slot.pattern.strip('^$')}` (the build fills it).")
        filled = slot.pattern.strip("^$").replace(f"%{key}%", values[key])
        text = slot.sub(lambda _: filled, text)
    return text.encode("utf-8"), precache


def card_images() -> dict[str, bytes]:
    """The card pictures (``cards/<card>.svg`` and ``cards/back.svg``), drawn by
    web/js/cardart.js under Node: the page shows cards as images of these files."""
    r = subprocess.run(["node", "--no-warnings", str(CARDS_SCRIPT)], cwd=ROOT, capture_output=True, text=True)
    if r.returncode:
        raise BuildError("the card pictures could not be drawn under Node:\n" + r.stderr[-2000:])
    return {f"cards/{name}": svg.encode() for name, svg in json.loads(r.stdout).items()}


class _HeadRefs(HTMLParser):
    """The src and href attributes of a page's head (comments are not markup)."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.done = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "body":
            self.done = True
        if not self.done:
            self.refs += [v for k, v in attrs if k in ("src", "href") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.done = True


def head_refs(page: str) -> list[str]:
    """The files the head of ``page`` (HTML) names by src or href."""
    parser = _HeadRefs()
    parser.feed(page)
    parser.close()
    return parser.refs


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
    for ref in head_refs((site / "index.html").read_text(encoding="utf-8")):
        if not ref.startswith(("data:", "#")):
            files.add(ref.split("?")[0].split("#")[0])
    if "manifest.webmanifest" in files:
        manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
        files |= {icon["src"] for icon in manifest.get("icons", [])}
    # (the page's screens are imported when opened; the worker imports its helpers at once)
    files |= module_graph(site, f"{app}js/main.js") | module_graph(site, f"{app}js/worker.js", dynamic=True)
    files |= {config["pyodide"] + name for name in PYODIDE_FILES}
    files |= {config[key] for key in ("stdlib", "wheel", "bytecode", "bridge", "lock")}
    # the hand and the table show cards before the first bid (any of them); the
    # colour-blind friendly deck (clear-*.svg) only once a player chooses it
    files |= {p.relative_to(site).as_posix() for p in (site / app / "cards").glob("*.svg")
              if not p.name.startswith("clear-")}
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
    staging = WORK / "site" if out == DIST else out.with_name(f".{out.name}.staging")
    if staging.exists():
        shutil.rmtree(staging)
    pyodide_dir = f"pyodide/{PYODIDE_VERSION}"
    # (another output folder gets its own wheel folder: builds into two folders may run at once)
    wheel = build_wheel(WORK / "wheel" if out == DIST else out.with_name(f".{out.name}.wheel"))

    # The app folder: sources, wheel, lock; its name is the hash of the site's
    # sources (the root pages' templates included: any change is a new version).
    app_files: dict[str, bytes] = {}
    for path in web_files():
        app_files[path.relative_to(WEB).as_posix()] = path.read_bytes()
    app_files.update(card_images())
    for rel, data in vendor_files().items():
        if rel in app_files:
            raise BuildError(f"VENDOR writes app/{rel}, which web/ or the card pictures already write")
        app_files[rel] = data
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
    manifest: dict[str, Any] = {"version": version, "pyodide": PYODIDE_VERSION, "config": config,
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
