"""A small PEP 517 build backend: a pure-Python wheel from pyproject.toml.

It reads ``[project]`` (name, version, description, requires-python,
dependencies, entry-points) and ``[tool.touti-wheel] packages`` (the packages
to ship), and writes a ``py3-none-any`` wheel with fixed time stamps (the same
sources give the same bytes).  Standard library only: it builds offline with
nothing installed (``pip wheel --no-deps .``).  ``write_wheel(project, out)``
does the same for any folder (the project's tests build their bots with it).
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import tarfile
import tomllib
import zipfile
from pathlib import Path

ZIP_TIME = (2020, 1, 1, 0, 0, 0)


def _meta(project: Path) -> tuple[dict, list[str]]:
    data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"], data.get("tool", {}).get("touti-wheel", {}).get("packages", [])


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _files(project: Path, packages: list[str]) -> list[tuple[str, bytes]]:
    files = []
    for package in packages:
        root = project / package
        paths = [root.with_suffix(".py")] if not root.is_dir() else sorted(root.rglob("*"))
        for path in paths:
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                files.append((path.relative_to(project).as_posix(), path.read_bytes()))
    return files


def _metadata(meta: dict) -> bytes:
    lines = ["Metadata-Version: 2.1", f"Name: {meta['name']}", f"Version: {meta['version']}"]
    if meta.get("description"):
        lines.append(f"Summary: {meta['description']}")
    if meta.get("requires-python"):
        lines.append(f"Requires-Python: {meta['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in meta.get("dependencies", [])]
    return ("\n".join(lines) + "\n").encode()


def write_wheel(project: Path, out: Path) -> Path:
    """Writes the wheel of the project folder ``project`` into ``out``; returns its path."""
    project, out = Path(project), Path(out)
    meta, packages = _meta(project)
    name, version = _normal(meta["name"]), meta["version"]
    info = f"{name}-{version}.dist-info"
    files = _files(project, packages)
    files.append((f"{info}/METADATA", _metadata(meta)))
    files.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: touti_wheel\n"
                  b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    groups = meta.get("entry-points", {})
    if groups:
        text = "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) + "\n"
                       for group, eps in groups.items())
        files.append((f"{info}/entry_points.txt", text.encode()))
    record = []
    for arc, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files:
            zi = zipfile.ZipInfo(arc, ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    wheel.write_bytes(buf.getvalue())
    return wheel


# ------------------------------------------------------------------ PEP 517
def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return write_wheel(Path.cwd(), Path(wheel_directory)).name


def build_sdist(sdist_directory, config_settings=None):
    project = Path.cwd()
    meta, packages = _meta(project)
    base = f"{_normal(meta['name'])}-{meta['version']}"
    path = Path(sdist_directory) / f"{base}.tar.gz"
    names = ["pyproject.toml", "README.md", "build_backend/touti_wheel.py"]
    names += [arc for arc, _ in _files(project, packages)]
    with tarfile.open(path, "w:gz") as tar:
        pkg_info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata(meta)
        pkg_info.size = len(data)
        tar.addfile(pkg_info, io.BytesIO(data))
        for rel in names:
            if (project / rel).is_file():
                tar.add(project / rel, arcname=f"{base}/{rel}")
    return path.name
