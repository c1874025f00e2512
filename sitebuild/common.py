"""What every part of the build shares: the folders, its error and its messages."""

from __future__ import annotations

import hashlib
from pathlib import Path

#: The repository (this package's parent folder).
ROOT = Path(__file__).resolve().parent.parent
#: The page's sources.
WEB = ROOT / "web"
#: The site, as deployed (netlify.toml publishes it).
DIST = ROOT / "dist"
#: The build's own work files (git ignores it): staging, wheel, bytecode cache.
WORK = ROOT / "build"
#: The npm packages (package.json, pinned by package-lock.json).
NODE_MODULES = ROOT / "node_modules"


class BuildError(SystemExit):
    """A build step failed: the message says what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"build.py: {message}")


def say(msg: str) -> None:
    print(msg, flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
