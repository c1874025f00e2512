"""Wheels by the build backend that pyproject.toml declares (setuptools).

The engine's wheel is built by setuptools' own PEP 517 hook
(``setuptools.build_meta.build_wheel``), the way ``pip wheel --no-deps
--no-build-isolation .`` builds it, so the package has one definition:
pyproject.toml.  The wheel carries the licence (``licenses/LICENSE``) and
the ``touti`` console command (``entry_points.txt``).

- **No network**: the hook runs in the Python that runs the build, with the
  setuptools pinned (with its hashes) in requirements-dev.txt, which
  ``dev.py`` installs in .venv.  A Python without that version (a host's own
  Python, say) gets it once into build/backend/, by pip with the pinned
  hashes, as ``npm ci`` fetches the runtime.
- **Repeatable**: the sources are copied to a fresh folder (no stale
  ``build/lib`` or egg-info of an earlier build, and two builds may run at
  once), with fixed permissions, and every file of the wheel is dated
  ``SOURCE_DATE_EPOCH`` (2020-01-01 unless the environment sets it): the same
  sources give the same bytes, hence the same versioned paths of the site
  (tests/test_build.py builds twice and compares).
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import ROOT, WORK, BuildError, say

#: The wheel's time stamps (2020-01-01T00:00:00Z) unless SOURCE_DATE_EPOCH is set.
SOURCE_DATE_EPOCH = "1577836800"
#: What the engine's wheel is built from (pyproject.toml names the rest).
ENGINE_SOURCES = ("pyproject.toml", "LICENSE", "touti_core")
#: The pinned tools (dev.py installs them; see requirements-dev.in).
LOCK = ROOT / "requirements-dev.txt"
#: Never copied into a wheel's build folder.
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "build", "dist", "*.egg-info")

#: Runs the backend's hook once per project, in one process (``argv[1]``: JSON
#: [[source folder, output folder], ...]); prints the wheels' names last.
_HOOK = """
import json, os, sys
import setuptools.build_meta as backend
names = []
for src, out in json.loads(sys.argv[1]):
    os.chdir(src)
    names.append(backend.build_wheel(out))
print("WHEELS " + json.dumps(names))
"""


def pinned_backend(lock: Path = LOCK) -> tuple[str, list[str]]:
    """The version of setuptools that requirements-dev.txt pins, and its hashes."""
    m = re.search(r"^setuptools==(\S+)((?:\s*\\\n\s*--hash=\S+)+)", lock.read_text(), re.M)
    if not m:
        raise BuildError(f"{lock.name} pins no setuptools (the wheel's build backend): "
                         "run `python3 dev.py lock`.")
    return m.group(1), re.findall(r"--hash=(\S+)", m.group(2))


def backend_env() -> dict[str, str]:
    """The environment in which this Python runs the pinned setuptools: as it
    is when its own setuptools is that version (.venv), otherwise with
    build/backend/setuptools-<version>/ first on its path (installed once)."""
    version, hashes = pinned_backend()
    try:
        if importlib.metadata.version("setuptools") == version:
            return {}
    except importlib.metadata.PackageNotFoundError:
        pass
    target = WORK / "backend" / f"setuptools-{version}"
    if not (target / "setuptools" / "build_meta.py").exists():
        say(f"+ pip install setuptools=={version} (the wheel's build backend, pinned with its "
            f"hashes in {LOCK.name}) into {target.relative_to(ROOT)}")
        with tempfile.TemporaryDirectory() as tmp:
            req = Path(tmp) / "backend.txt"
            req.write_text(f"setuptools=={version} " + " ".join(f"--hash={h}" for h in hashes) + "\n")
            r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                                "--disable-pip-version-check", "--require-hashes", "--no-deps",
                                "--only-binary", ":all:", "--target", str(Path(tmp) / "t"),
                                "-r", str(req)])
            if r.returncode:
                raise BuildError(f"setuptools {version} could not be installed (see above): run "
                                 "`python3 dev.py test` once, or build with .venv/bin/python.")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(target, ignore_errors=True)
            shutil.move(str(Path(tmp) / "t"), target)
    return {"PYTHONPATH": os.pathsep.join([str(target), *filter(None, [os.environ.get("PYTHONPATH")])])}


def _copy(project: Path, dest: Path, include: tuple[str, ...] | None) -> None:
    """``project`` (or only its ``include`` names) into ``dest``, files 0644 and
    folders 0755 (the wheel records each file's mode)."""
    names = include if include is not None else [p.name for p in project.iterdir()]
    dest.mkdir(parents=True)
    for name in names:
        src = project / name
        if IGNORE(str(project), [name]):
            continue
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=IGNORE)
        elif src.is_file():
            shutil.copyfile(src, dest / name)
    for path in [dest, *dest.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)


def build_wheels(projects: list[tuple[Path, tuple[str, ...] | None]], out_dir: Path) -> list[Path]:
    """The wheels of ``projects`` ((folder, the names to copy or None for all)),
    each built by the backend its pyproject.toml declares (setuptools), into
    ``out_dir``; in one process for all."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="touti-wheel-") as tmp:
        jobs = []
        for i, (project, include) in enumerate(projects):
            src, out = Path(tmp) / f"src{i}", Path(tmp) / f"out{i}"
            _copy(Path(project), src, include)
            jobs.append([str(src), str(out)])
        env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", SOURCE_DATE_EPOCH),
               "PYTHONDONTWRITEBYTECODE": "1", **backend_env()}
        r = subprocess.run([sys.executable, "-c", _HOOK, json.dumps(jobs)], cwd=tmp, env=env,
                           capture_output=True, text=True)
        last = (r.stdout.strip().splitlines() or [""])[-1]
        if r.returncode or not last.startswith("WHEELS "):
            raise BuildError("setuptools could not build the wheel:\n" + (r.stderr or r.stdout)[-3000:])
        wheels = []
        for (_, built), name in zip(jobs, json.loads(last[len("WHEELS "):])):
            wheel = out_dir / name
            shutil.copyfile(Path(built) / name, wheel)
            wheels.append(wheel)
    return wheels


def build_wheel(out_dir: Path, project: Path = ROOT, include: tuple[str, ...] | None = ENGINE_SOURCES) -> Path:
    """The wheel of ``project`` (by default the engine's, touti_core) in ``out_dir``."""
    return build_wheels([(project, include)], out_dir)[0]
