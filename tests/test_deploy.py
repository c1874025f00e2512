"""The deployment: netlify.toml's rules checked against every path of the built
site, the local server sending exactly those headers, the web app manifest
and its icons, the service worker's precache list, and a stamped build (a
new version of the same sources)."""

from __future__ import annotations

import json
import re
import struct
import threading
import tomllib
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import build  # noqa: E402  (the project's build script)

NETLIFY = tomllib.loads((ROOT / "netlify.toml").read_text())
RULES = build.header_rules()
PAGES = ("index.html", "embed.html", "demo.html")


@pytest.fixture(scope="module")
def dist(site_dir) -> Path:
    return site_dir


@pytest.fixture(scope="module")
def info(dist) -> dict:
    return json.loads((dist / "build.json").read_text())


def url_paths(info: dict) -> list[str]:
    """Every path a visitor may request: each file, the site's root, build.json."""
    return ["/", "/build.json"] + ["/" + f for f in info["files"]]


def headers(path: str) -> dict[str, str]:
    return {k.lower(): v for k, v in build.headers_for(path, RULES).items()}


def csp(path: str) -> dict[str, list[str]]:
    value = headers(path).get("content-security-policy")
    assert value, f"{path} has no Content-Security-Policy"
    out = {}
    for part in value.split(";"):
        name, *sources = part.split()
        assert name not in out, f"{path}: {name} twice"
        out[name] = sources
    return out


# ----------------------------------------------------------------- netlify.toml
def test_netlify_builds_with_build_py_and_publishes_dist():
    assert NETLIFY["build"]["publish"] == "dist"
    assert NETLIFY["build"]["command"].split()[-1] == "build.py"
    assert int(NETLIFY["build"]["environment"]["NODE_VERSION"]) >= 20


def test_no_two_rules_set_the_same_header_on_one_path(info):
    # Netlify merges the rules that match a path; with no header set twice,
    # what is sent does not depend on how.
    for path in url_paths(info) + ["/embed", "/index", "/demo"]:
        seen: dict[str, str] = {}
        for rule, pattern, values in RULES:
            if pattern.match(path):
                for name in values:
                    assert name.lower() not in seen, (path, name, seen.get(name.lower()), rule)
                    seen[name.lower()] = rule


def test_every_path_has_the_security_headers(info):
    for path in url_paths(info):
        h = headers(path)
        assert h["x-content-type-options"] == "nosniff", path
        assert h["referrer-policy"] == "strict-origin-when-cross-origin", path
        assert h["strict-transport-security"].startswith("max-age="), path
        assert "camera=()" in h["permissions-policy"], path


def test_types_of_webassembly_and_module_scripts(info):
    wasm = [p for p in url_paths(info) if p.endswith(".wasm")]
    mjs = [p for p in url_paths(info) if p.endswith(".mjs")]
    assert wasm and mjs
    for path in wasm:
        assert headers(path)["content-type"] == "application/wasm"
    for path in mjs:
        assert headers(path)["content-type"].startswith("text/javascript")
    assert headers("/manifest.webmanifest")["content-type"] == "application/manifest+json"


def test_versioned_files_are_immutable_and_the_rest_revalidated(info):
    for path in url_paths(info):
        cache = headers(path).get("cache-control", build.NETLIFY_CACHE_DEFAULT)
        if path.startswith(("/app/", "/pyodide/")):
            assert cache == "public, max-age=31536000, immutable", path
        else:
            assert cache == "no-cache", path      # pages, sw.js, manifest, host script, build.json
    assert {"/sw.js", "/manifest.webmanifest", "/index.html", "/"} <= set(url_paths(info))


def test_the_policy_allows_only_the_sites_own_origin(info):
    cfg = info["config"]
    documents = ["/", "/index", "/embed", "/demo"] + [f"/{p}" for p in PAGES]
    workers = ["/sw.js", f"/{cfg['app']}js/worker.js"]      # a worker's policy is its script's
    # the game page alone may start the bots' sandbox: a worker of a data: URL
    # (an opaque origin), which imports the runtime from blob: URLs of its own
    game = {"/", "/index", "/index.html"}
    sandbox = {("script-src", "blob:"), ("worker-src", "data:")}
    for path in documents + workers:
        policy = csp(path)
        assert policy["default-src"] == ["'self'"], path
        assert policy["script-src"] in (["'self'", "'wasm-unsafe-eval'"], ["'self'"],
                                        ["'self'", "'wasm-unsafe-eval'", "blob:"]), path
        assert policy["connect-src"] == ["'self'"], path
        assert policy["object-src"] == ["'none'"], path
        for name, sources in policy.items():
            for s in sources:
                assert s in ("'self'", "'none'", "'wasm-unsafe-eval'") or (name, s) == ("frame-ancestors", "*") \
                    or (path in game and (name, s) in sandbox), (path, name, s)   # no host, no unsafe-inline/eval
    for path in documents + [f"/{cfg['app']}js/worker.js"]:
        policy = csp(path)
        own = path in game
        assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"] + (["blob:"] if own else []), path
        assert policy["worker-src"] == ["'self'"] + (["data:"] if own else []), path
        assert policy["style-src"] == ["'self'"] and policy["img-src"] == ["'self'"], path


def test_only_the_embed_page_may_be_framed():
    for path in ("/embed.html", "/embed"):
        assert csp(path)["frame-ancestors"] == ["*"]
        assert "x-frame-options" not in headers(path)
    for path in ("/", "/index.html", "/demo.html", "/index", "/demo"):
        assert csp(path)["frame-ancestors"] == ["'none'"], path
        assert headers(path)["x-frame-options"] == "DENY", path


def test_header_patterns_match_as_netlify_does():
    p = build.header_pattern
    assert p("/*").match("/") and p("/*").match("/app/x/y.js")
    assert p("/").match("/") and not p("/").match("/index.html")
    assert p("/*.wasm").match("/pyodide/314.0.7/pyodide.asm.wasm") and not p("/*.wasm").match("/a.wasm.gz")
    assert p("/embed*").match("/embed.html") and p("/embed*").match("/embed")
    assert not p("/embed*").match("/app/embed.js")
    assert p("/app/:v/x").match("/app/abc/x") and not p("/app/:v/x").match("/app/a/b/x")


def test_the_local_server_sends_netlify_tomls_headers(dist, info):
    cfg = info["config"]
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    paths = ["/", "/embed.html?scenario=overtrump", "/demo.html", "/sw.js", "/manifest.webmanifest",
             "/touti-demo.js", f"/{cfg['app']}js/worker.js", f"/{cfg['pyodide']}pyodide.asm.wasm",
             f"/{cfg['pyodide']}pyodide.mjs"]
    try:
        for path in paths:
            with urllib.request.urlopen(base + path) as r:
                got = {k.lower(): v for k, v in r.headers.items()}
                for name, value in headers(path.split("?")[0]).items():
                    assert got.get(name) == value, (path, name, got.get(name))
                assert got["cache-control"], path
    finally:
        server.shutdown()
        server.server_close()


# ----------------------------------------------------------------- manifest and icons
def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_the_app_installable(dist, info):
    m = json.loads((dist / "manifest.webmanifest").read_text())
    assert m["name"] and m["short_name"] == "Touti"
    assert m["display"] == "standalone" and m["start_url"] == "./" and m["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", m["theme_color"]) and re.fullmatch(r"#[0-9a-f]{6}", m["background_color"])
    html = (dist / "index.html").read_text()
    # named once the game runs (pwa.js), so that its icons are not fetched before the first bid
    assert 'rel="manifest"' not in html
    assert 'rel: "manifest", href: "manifest.webmanifest"' in (ROOT / "web" / "js" / "pwa.js").read_text()
    assert f'<meta name="theme-color" content="{m["theme_color"]}">' in html
    found = set()
    for icon in m["icons"]:
        assert icon["src"].startswith(info["config"]["app"]), icon    # versioned, cached for ever
        path = dist / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}", icon
            found.add((w, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= found


def test_the_committed_icons_are_the_drawings_of_the_tool():
    icons = ROOT / "web" / "icons"
    for name in ("icon", "maskable"):
        svg = (icons / f"{name}.svg").read_text()
        assert svg.startswith("<svg") and 'viewBox="0 0 512 512"' in svg
        assert "1O" in svg and "card-back" in svg          # the project's own card art
        for size in (192, 512):
            assert png_size(icons / f"{name}-{size}.png") == (size, size)


# ----------------------------------------------------------------- service worker
#: Runs a built sw.js's install under Node: a fetch that answers the site's files
#: (as a same-origin 200), Cache Storage in memory; prints the cache's name and
#: the paths it holds once the install is done.
SW_INSTALL = r"""
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
const [site, origin] = process.argv.slice(2);
const handlers = {}, stores = new Map();
const cacheOf = (name) => {
  if (!stores.has(name)) stores.set(name, new Map());
  const store = stores.get(name);
  return { match: async (url) => store.get(url), put: async (url, res) => { store.set(url, res); } };
};
const context = {
  self: { registration: { scope: origin + "/" }, clients: { claim: async () => {} },
          addEventListener: (type, fn) => { handlers[type] = fn; }, skipWaiting() {} },
  caches: { open: async (name) => cacheOf(name), delete: async (name) => stores.delete(name),
            keys: async () => [...stores.keys()] },
  fetch: async (request) => {
    const rel = decodeURIComponent(new URL(request.url).pathname.slice(1));
    const body = fs.readFileSync(path.join(site, rel));
    return { ok: true, status: 200, type: "basic", clone() { return this; },
             text: async () => body.toString("utf8") };
  },
  Request, URL, Response, Promise, Array, Error, console,
};
vm.runInNewContext(fs.readFileSync(path.join(site, "sw.js"), "utf8"), context, { filename: "sw.js" });
let done;
handlers.install({ waitUntil: (p) => { done = p; } });
await done;
const [[name, store]] = [...stores];
console.log(JSON.stringify({ cache: name,
                             files: [...store.keys()].map((u) => u.slice(origin.length + 1)).sort() }));
"""


def precache_of(dist: Path) -> tuple[str, list[str]]:
    """The service worker of ``dist`` installed under Node: its version (from
    its cache's name) and the files it cached, as paths of the site."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "sw_install.mjs"
        script.write_text(SW_INSTALL)
        r = subprocess.run(["node", str(script), str(dist), "https://touti.test"],
                           capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["cache"].startswith("touti-")
    return out["cache"].removeprefix("touti-"), out["files"]


def test_the_service_worker_precaches_this_version_and_nothing_else(dist, info):
    version, files = precache_of(dist)
    assert version == info["version"]
    assert files == sorted(info["precache"])
    # every file of the site but the worker itself and the build list
    on_disk = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    assert files == [f for f in on_disk if f not in ("sw.js", "build.json")]
    assert all((dist / f).is_file() for f in files)
    cfg = info["config"]
    needed = {"index.html", "embed.html", "manifest.webmanifest", cfg["wheel"], cfg["lock"], cfg["bridge"],
              f"{cfg['app']}js/main.js", f"{cfg['app']}js/worker.js", f"{cfg['app']}css/touti.css",
              f"{cfg['app']}scenarios/index.json", f"{cfg['app']}scenarios/overtrump.json"}
    needed |= {cfg["pyodide"] + name for name in build.PYODIDE_FILES} | {cfg["stdlib"]}
    assert needed <= set(files)
    # build.json and sw.js are not the game (the worker keeps its snapshot in its own cache)
    assert "build.json" not in files and "sw.js" not in files
    rest = set(info["files"]) - set(files)
    assert rest == {"sw.js"}
    # the bots' sandbox too: the player's own bots load offline as well
    assert {cfg["botbox"], f"{cfg['app']}js/botbox.js", f"{cfg['app']}js/botbox-worker.js"} <= set(files)
    # each page it precaches names this version (the worker refuses a page of another one)
    for page in ("index.html", "embed.html", "demo.html", "manifest.webmanifest"):
        assert version in (dist / page).read_text(), page


def test_the_pages_need_no_inline_script_or_style(dist):
    for page in PAGES:
        html = (dist / page).read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag or 'type="application/json"' in tag, (page, tag)   # data, never run
        assert "<style" not in html and not re.search(r"\sstyle=", html), page
        assert not re.search(r"\son[a-z]+=", html), page
    for path in (ROOT / "web").rglob("*.js"):
        text = path.read_text()
        assert not re.search(r"\beval\(|new Function\(", text), path


def test_the_example_host_page_shows_every_scenario(dist):
    index = json.loads((ROOT / "web" / "scenarios" / "index.json").read_text())
    html = (dist / "demo.html").read_text()
    assert re.findall(r'<touti-demo scenario="([a-z0-9-]+)">', html) == [e["id"] for e in index]
    assert '<script src="touti-demo.js" defer></script>' in html


def test_a_stamped_build_is_another_version_of_the_same_site(dist, tmp_path):
    before = (dist / "build.json").read_text()
    first = build.build(tmp_path / "first")
    other = build.build(tmp_path / "next", stamp="a stamp")
    assert other["version"] != first["version"]
    strip = lambda files, v: sorted(f.replace(v, "V") for f in files)    # noqa: E731
    assert strip(other["files"], other["version"]) == strip(first["files"], first["version"])
    assert other["config"]["stdlib"] == first["config"]["stdlib"]        # the same standard library
    assert precache_of(tmp_path / "next")[0] == other["version"]
    assert (dist / "build.json").read_text() == before                   # dist/ untouched
