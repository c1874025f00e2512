"""The page's own Python files, loaded in the tests as modules of their own:
the engine's bridge (web/py/bridge.py, in the worker) and the bots' sandbox
(web/py/botbox.py), each answering JSON requests with ``handle``."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
BRIDGE = WEB_PY / "bridge.py"
BOTBOX = WEB_PY / "botbox.py"


def load(path: Path, name: str) -> ModuleType:
    """A fresh module of the file ``path``, named ``name`` (not put in sys.modules)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def call(module: ModuleType, **req) -> dict:
    """One request to the module's ``handle``, its JSON answer decoded."""
    return json.loads(module.handle(json.dumps(req)))
