#!/usr/bin/env python3
"""Developer entry point: the README's two commands.

    python3 dev.py play   build the site and serve it on localhost (prints the URL)
    python3 dev.py test   install what the tests need, build, run every test

Both set up a virtual environment in .venv (dev dependencies from
pyproject.toml) and, when the web app is present, the pinned npm packages.
They are repeatable: work already done (installs, build) is skipped when its
inputs have not changed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def run(cmd: list[str], **kw) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    r = subprocess.run(cmd, cwd=kw.pop("cwd", ROOT), **kw)
    if r.returncode:
        sys.exit(r.returncode)


def digest(*paths: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        if p.exists():
            h.update(p.read_bytes())
    return h.hexdigest()


def stamped(stamp: Path, key: str) -> bool:
    return stamp.exists() and stamp.read_text() == key


def ensure_venv(extras: str) -> None:
    if not PY.exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    key = digest(ROOT / "pyproject.toml") + extras
    stamp = VENV / ".touti-installed"
    if not stamped(stamp, key):
        run([str(PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        run([str(PY), "-m", "pip", "install", "--quiet", "-e", f".[{extras}]"])
        stamp.write_text(key)


def ensure_npm() -> None:
    if not (ROOT / "package.json").exists():
        return
    if shutil.which("npm") is None:
        sys.exit("npm is missing: install Node.js 20 or newer (with npm), then run this again.")
    key = digest(ROOT / "package.json", ROOT / "package-lock.json")
    stamp = ROOT / "node_modules" / ".touti-installed"
    if not stamped(stamp, key):
        run(["npm", "ci", "--no-audit", "--no-fund"])
        stamp.write_text(key)


def has_web() -> bool:
    return (ROOT / "build.py").exists()


def build() -> None:
    if has_web():
        run([str(PY), "build.py"])


def play(args: list[str]) -> None:
    ensure_venv("dev")
    if has_web():
        ensure_npm()
        build()
        run([str(PY), "build.py", "serve", *args])
    else:
        os.execv(str(PY), [str(PY), "-m", "touti_core", "play", *args])


def test(args: list[str]) -> None:
    ensure_venv("dev")
    if has_web():
        ensure_npm()
        build()
    run([str(PY), "-m", "pytest", *args])


def main() -> None:
    cmds = {"play": play, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds:
        print(__doc__)
        sys.exit(2)
    cmds[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
