"""The site build's JavaScript module graph (sitebuild/modules.py) and the
service worker's filled template (sitebuild/site.py): the tokenizer against
V8's own parser on every module of web/, the cases a pattern over the text
gets wrong, every module the pages import shipped and precached."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import build  # noqa: E402  (the project's build script)
from sitebuild.common import BuildError  # noqa: E402
from sitebuild.modules import imports, module_graph, tokens  # noqa: E402

#: V8's parse of each module given (Node's vm.SourceTextModule): its static specifiers.
V8_SPECIFIERS = r"""
import fs from "node:fs";
import vm from "node:vm";
const out = {};
for (const file of process.argv.slice(2)) {
  try {
    out[file] = new vm.SourceTextModule(fs.readFileSync(file, "utf8")).dependencySpecifiers;
  } catch (e) {
    out[file] = null;        // not a module (a classic script, a template)
  }
}
console.log(JSON.stringify(out));
"""


def unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def test_the_tokenizer_finds_what_v8_finds_in_every_module_of_web(tmp_path):
    if shutil.which("node") is None:
        pytest.fail("Node.js is required (the build needs it too)")
    files = sorted(str(p) for p in (ROOT / "web").rglob("*") if p.suffix in (".js", ".mjs"))
    script = tmp_path / "specifiers.mjs"
    script.write_text(V8_SPECIFIERS)
    r = subprocess.run(["node", "--experimental-vm-modules", "--no-warnings", str(script), *files],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    v8 = json.loads(r.stdout)
    modules = {f: specs for f, specs in v8.items() if specs is not None}
    assert len(modules) >= 40 and any(specs for specs in modules.values())
    for file, specs in modules.items():
        assert unique(imports(Path(file).read_text(encoding="utf-8"))[0]) == specs, file


TRICKY = r'''
// import gone from "./in-a-line-comment.js";
/* import "./in-a-block-comment.js";
   export * from "./also-in-the-comment.js"; */
import {
  a,
  b as c,
} from "./multi-line.js";
import * as ns from './single-quoted.js';
import def, { d } from "./default-and-named.js";
import "./side-effect.js";
export { e } from "./re-export.js";
export * as f from "./star-re-export.js";
export const g = 1, h = { from: "./not-a-module.js" };
const s = "import x from './in-a-string.js'";
const t = `import y from "./in-a-template.js" ${"${"} ${1 + 2}`;
const u = `${import("./in-a-substitution.js")}`;
const re1 = /import z from "\.\/in-a-regex.js"/g, re2 = /['"`]/;
const n = 4 / 2; const m = n / 2 /* "./after-a-division.js" */;
const lazy = () => import("./lazy.js");
const computed = import(base + "./computed.js");
obj.import("./a-method.js");
const meta = import.meta.url;
'''


def test_the_tokenizer_skips_comments_strings_templates_and_regexes():
    static, dynamic = imports(TRICKY)
    assert static == ["./multi-line.js", "./single-quoted.js", "./default-and-named.js",
                      "./side-effect.js", "./re-export.js", "./star-re-export.js"]
    assert dynamic == ["./in-a-substitution.js", "./lazy.js"]
    kinds = [t.kind for t in tokens('a = b / c; d = /x"y/g.test(e); `t${f}u`')]
    assert kinds.count("regex") == 1 and "string" not in kinds


def test_a_module_naming_a_missing_file_or_a_bare_name_stops_the_build(tmp_path):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "main.js").write_text('import { a } from "./a.js";\nimport("./views/lazy.js");\n')
    (tmp_path / "js" / "a.js").write_text('export const a = 1; // import "./never.js"\n')
    assert module_graph(tmp_path, "js/main.js") == {"js/main.js", "js/a.js"}
    with pytest.raises(BuildError, match=r"js/main.js imports \./views/lazy.js"):
        module_graph(tmp_path, "js/main.js", dynamic=True)
    (tmp_path / "js" / "a.js").write_text('import QR from "qr-package";\n')
    with pytest.raises(BuildError, match="relative path"):
        module_graph(tmp_path, "js/main.js")


def test_every_module_the_pages_import_is_shipped_and_precached(site_dir):
    info = json.loads((site_dir / "build.json").read_text())
    files, precache = set(info["files"]), set(info["precache"])
    app = info["config"]["app"]
    starts = set()
    for page in ("index.html", "embed.html", "demo.html"):
        html = (site_dir / page).read_text(encoding="utf-8")
        for tag in re.findall(r"<(?:script|link)\b[^>]*>", html):
            ref = re.search(r'(?:src|href)="([^"]+)"', tag)
            if ref and ('type="module"' in tag or 'rel="modulepreload"' in tag):
                starts.add(ref.group(1))
    # the engine's worker (engine-client.js starts it by its URL)
    assert 'new Worker(new URL("./worker.js", import.meta.url)' in (site_dir / app / "js/engine-client.js").read_text()
    starts.add(f"{app}js/worker.js")
    assert f"{app}js/main.js" in starts and f"{app}js/embed.js" in starts
    graph = set().union(*(module_graph(site_dir, s, dynamic=True) for s in starts))
    assert f"{app}js/views/rules.js" in graph          # a screen, imported when opened
    assert graph <= files and graph <= precache
    # every module of the app folder names only files of the site
    for path in (site_dir / app).rglob("*.js"):
        module_graph(site_dir, path.relative_to(site_dir).as_posix(), dynamic=True)
    # the first visit's modules are the page's and the worker's
    assert {f"{app}js/main.js", f"{app}js/worker.js", f"{app}js/install.js"} <= set(info["first_bid"])
    assert f"{app}js/views/rules.js" not in info["first_bid"]


SW = 'const VERSION = "%VERSION%";\nconst FILES = %FILES%;\nself.addEventListener("install", () => FILES);\n'


def test_the_service_worker_template_is_filled_in_its_declarations_only():
    text, precache = build.precache_worker("abc123", ["index.html", "sw.js", "build.json", "app/x/a.js"], SW)
    assert precache == ["index.html", "app/x/a.js"]
    assert text.decode().startswith('const VERSION = "abc123";\nconst FILES = [\n "index.html",\n "app/x/a.js"\n];\n')
    # a placeholder named anywhere else (a comment) is refused, not filled twice
    for bad in (SW + "// FILES is %FILES% in the template\n", SW.replace("%VERSION%", "v1"),
                SW.replace("const FILES = %FILES%;", "const FILES = [%FILES%];")):
        with pytest.raises(BuildError, match="web/sw.js must hold"):
            build.precache_worker("abc123", ["index.html"], bad)


def test_a_vendored_npm_file_is_one_line_and_ships_versioned_and_precached(tmp_path, monkeypatch):
    import sitebuild.runtime
    # one line: its path in the app folder -> its path under node_modules/
    monkeypatch.setitem(sitebuild.runtime.VENDOR, "vendor/axe.min.js", "axe-core/axe.min.js")
    info = build.build(tmp_path / "site")
    shipped = f"{info['config']['app']}vendor/axe.min.js"
    assert (tmp_path / "site" / shipped).read_bytes() == (ROOT / "node_modules/axe-core/axe.min.js").read_bytes()
    assert shipped in info["files"] and shipped in info["precache"]
    monkeypatch.setitem(sitebuild.runtime.VENDOR, "vendor/none.js", "axe-core/no-such-file.js")
    with pytest.raises(BuildError, match="node_modules/axe-core/no-such-file.js is missing"):
        sitebuild.runtime.vendor_files()


def test_a_page_is_filled_in_one_pass_and_its_json_cannot_close_the_script():
    config = {"version": "abc123", "pyodide": "pyodide/1/", "stdlib": "pyodide/1/s.zip",
              "wheel": "app/abc123/w.whl", "text": "100 %APP% </script><!-- x"}
    page = ('<script type="application/json" id="touti-build">%BUILD%</script>\n'
            '<script type="module" src="%APP%/js/main.js"></script>')
    html = build.root_page("index.html", config, "app/abc123/", page).decode()
    data = re.search(r'id="touti-build">(.*?)</script>', html, re.S).group(1)
    assert json.loads(data) == config              # the value's own "%APP%" is not replaced
    assert "<" not in data
    assert html.endswith('src="app/abc123/js/main.js"></script>')
    with pytest.raises(BuildError, match="%APPP%"):
        build.root_page("embed.html", config, "app/abc123/", page + "%APPP%")
