"""The site build: versioned paths, integrity hashes, the self-hosted runtime,
the local server's headers, and a clear failure without Node.js."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import build  # noqa: E402  (the project's build script)


@pytest.fixture(scope="module")
def dist(site_dir) -> Path:
    return site_dir


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def page_config(dist: Path) -> dict:
    html = (dist / "index.html").read_text()
    m = re.search(r'<script type="application/json" id="touti-build">(.*?)</script>', html, re.S)
    assert m, "the page carries its build configuration"
    return json.loads(m.group(1))


def test_every_path_of_the_page_is_versioned_and_present(dist):
    html = (dist / "index.html").read_text()
    assert "%APP%" not in html and "%BUILD%" not in html
    cfg = page_config(dist)
    assert re.fullmatch(r"app/[0-9a-f]{12}/", cfg["app"])
    assert cfg["pyodide"] == f"pyodide/{build.PYODIDE_VERSION}/"
    for key in ("lock", "bridge", "wheel"):
        assert cfg[key].startswith(cfg["app"]) and (dist / cfg[key]).is_file(), key
    # the standard library: named by its content, next to the runtime
    assert re.fullmatch(r"pyodide/[0-9.]+/stdlib-[0-9a-f]{12}\.zip", cfg["stdlib"])
    assert (dist / cfg["stdlib"]).is_file()
    for src in re.findall(r'(?:src|href)="([^"]+)"', html):
        if src == "manifest.webmanifest":      # unversioned, revalidated (it names versioned icons)
            assert (dist / src).is_file()
        elif src.startswith(cfg["pyodide"]):     # the runtime, preloaded: versioned by Pyodide's version
            assert (dist / src).is_file() and src in (cfg["stdlib"], cfg["pyodide"] + "pyodide.asm.wasm"), src
        elif not src.startswith("data:"):
            assert src.startswith(cfg["app"]) and (dist / src).is_file(), src
    for name in build.PYODIDE_FILES:
        assert (dist / cfg["pyodide"] / name).is_file()
    manifest = json.loads((dist / "build.json").read_text())
    assert manifest["version"] == cfg["version"]
    assert all((dist / f).is_file() for f in manifest["files"])
    assert "index.html" in manifest["files"]


def test_the_card_pictures_are_files_of_the_app_and_needed_for_the_first_bid(dist):
    cfg = page_config(dist)
    manifest = json.loads((dist / "build.json").read_text())
    cards = sorted(p.name for p in (dist / cfg["app"] / "cards").iterdir())
    ranks, suits = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12), "OCEB"
    classic = [f"{r}{s}.svg" for r in ranks for s in suits]
    assert cards == sorted(classic + [f"clear-{c}" for c in classic] + ["back.svg"])
    rey = (dist / cfg["app"] / "cards" / "12E.svg").read_text()
    assert rey.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300"') and 'data-card="12E"' in rey
    for name in cards:
        path = f"{cfg['app']}cards/{name}"
        assert path in manifest["precache"], path                 # every deck works offline
        # the first bid needs the classic deck; the colour-blind friendly one once chosen
        assert (path in manifest["first_bid"]) == (not name.startswith("clear-")), path


def test_the_engine_is_pinned_by_hash_and_the_stdlib_by_name(dist):
    cfg = page_config(dist)
    wheel = (dist / cfg["wheel"]).read_bytes()
    assert cfg["wheelIntegrity"] == sri(wheel)
    stdlib = (dist / cfg["stdlib"]).read_bytes()
    assert cfg["stdlib"].endswith(f"stdlib-{hashlib.sha256(stdlib).hexdigest()[:12]}.zip")
    assert "snapshot" not in cfg          # the snapshot is made on the device (worker.js)
    lock = json.loads((dist / cfg["lock"]).read_text())
    assert lock["packages"]["touti-core"]["sha256"] == hashlib.sha256(wheel).hexdigest()
    assert list(lock["packages"]) == ["touti-core"]      # (the bots' sandbox unpacks wheels itself)
    assert lock["info"]["python"].startswith("3.14")


def test_the_page_names_no_other_origin(dist):
    cfg = page_config(dist)
    texts = [(dist / "index.html").read_text()]
    texts += [p.read_text() for p in (dist / cfg["app"]).rglob("*.js")]
    for text in texts:
        for url in re.findall(r"https?://[^\s\"'`)]+", text):
            # SVG namespaces; the bots' sandbox names its files under a reserved name
            # (.invalid never resolves) that its own fetch serves: nothing is requested
            assert url.startswith(("http://www.w3.org/", "https://sandbox.invalid/")), url


def test_the_same_sources_build_the_same_version(dist, tmp_path):
    first = build.build(tmp_path / "first")
    again = build.build(tmp_path / "again")
    assert again["version"] == first["version"]
    assert again["files"] == first["files"]
    assert page_config(tmp_path / "again")["version"] == again["version"]
    assert page_config(dist)["version"] == again["version"]     # the site under test is these sources


def test_the_server_sends_types_and_cache_rules(dist):
    cfg = page_config(dist)
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with urllib.request.urlopen(base) as r:
            assert r.headers["Cache-Control"] == "no-cache"
            assert r.headers["Content-Type"].startswith("text/html")
        with urllib.request.urlopen(base + cfg["pyodide"] + "pyodide.asm.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
            assert "immutable" in r.headers["Cache-Control"]
        with urllib.request.urlopen(base + cfg["pyodide"] + "pyodide.mjs") as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
    finally:
        server.shutdown()
        server.server_close()


def test_build_stops_clearly_without_node(tmp_path):
    (tmp_path / "python").symlink_to(sys.executable)
    env = {k: v for k, v in os.environ.items() if k != "PATH"}
    env["PATH"] = str(tmp_path)
    r = subprocess.run([str(tmp_path / "python"), str(ROOT / "build.py")], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "node is missing" in r.stderr and "Node.js" in r.stderr


# ----------------------------------------------------------------- the engine's wheel
def test_the_wheel_is_built_by_the_declared_backend_with_licence_and_command(tmp_path):
    import tomllib
    import zipfile
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["build-system"]["build-backend"] == "setuptools.build_meta"
    wheel = build.build_wheel(tmp_path)
    name, version = project["project"]["name"], project["project"]["version"]
    assert wheel.name == f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        assert z.read(f"{info}/WHEEL").decode().startswith("Wheel-Version: 1.0\nGenerator: setuptools")
        meta = z.read(f"{info}/METADATA").decode()
        assert z.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
        entry_points = z.read(f"{info}/entry_points.txt").decode()
        # the English catalogue the engine words its sentences from, the page's own file
        english = z.read("touti_core/messages/en.json")
    assert english == (ROOT / "web" / "messages" / "en.json").read_bytes()
    assert "License-Expression: MIT" in meta and f"Name: {name}\n" in meta
    scripts = project["project"]["scripts"]
    assert "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items()) in entry_points
    assert "Copyright (c) 2026 The Touti authors" in (ROOT / "LICENSE").read_text()
    # every module of the package and the catalogue, nothing compiled
    sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "touti_core").rglob("*.py")
                     if "__pycache__" not in p.parts)
    assert sorted(n for n in names if n.startswith("touti_core/")) == sorted(
        sources + ["touti_core/messages/en.json"])


def test_two_wheel_builds_are_byte_identical_and_dated_source_date_epoch(tmp_path, monkeypatch):
    import zipfile
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    first = build.build_wheel(tmp_path / "first")
    again = build.build_wheel(tmp_path / "again")
    assert again.read_bytes() == first.read_bytes()
    with zipfile.ZipFile(first) as z:
        assert {i.date_time for i in z.infolist()} == {(2020, 1, 1, 0, 0, 0)}
        # the sources' modes are the copy's, not the checkout's (RECORD: the writer's own)
        assert {i.external_attr >> 16 for i in z.infolist() if not i.filename.endswith("RECORD")} == {0o100644}
    # the environment's SOURCE_DATE_EPOCH (reproducible-builds.org) dates every file
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")          # 2026-01-01
    dated = build.build_wheel(tmp_path / "dated")
    with zipfile.ZipFile(dated) as z:
        assert {i.date_time for i in z.infolist()} == {(2026, 1, 1, 0, 0, 0)}


def test_the_wheel_builds_without_the_network_from_the_pinned_setuptools():
    import importlib.metadata
    from sitebuild import wheel
    version, hashes = wheel.pinned_backend()
    assert len(hashes) >= 1 and all(h.startswith("sha256:") for h in hashes)
    # the tests' Python has that version (dev.py installs requirements-dev.txt): the
    # build runs the hook right there, with nothing to download
    assert importlib.metadata.version("setuptools") == version
    assert wheel.backend_env() == {}


def test_the_site_ships_the_backends_wheel(dist, tmp_path):
    import zipfile
    cfg = page_config(dist)
    wheel = build.build_wheel(tmp_path)
    assert cfg["wheel"] == cfg["app"] + wheel.name
    with zipfile.ZipFile(dist / cfg["wheel"]) as shipped, zipfile.ZipFile(wheel) as built:
        info = wheel.name.split("-py3")[0] + ".dist-info/"
        for name in ("WHEEL", "METADATA", "entry_points.txt", "licenses/LICENSE"):
            assert shipped.read(info + name) == built.read(info + name), name
