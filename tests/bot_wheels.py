"""Wheels of bots for the tests: the example bot's (examples/touti-example-bot,
built with its own build backend, as ``pip wheel`` would) and deliberately
broken ones, each a package of its own declared by a ``touti.bots`` entry point."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "touti-example-bot"

#: Broken bots by name: the source of their module.
BROKEN = {
    # every decision raises
    "raiser": 'name = "raiser"\n\ndef choose(view, legal):\n    raise ZeroDivisionError("the raiser divides by zero")\n',
    # every answer is refused by the engine (bids go by tens; and not in the play)
    "cheater": 'name = "cheater"\n\ndef choose(view, legal):\n    return {"type": "bid", "seat": view["seat"], "amount": 75}\n',
    # the module cannot be imported
    "broken": 'import touti_no_such_module\n\ndef choose(view, legal):\n    return legal[0]\n',
    # never answers (the page stops its engine and starts it again without it)
    "hanger": 'name = "hanger"\n\ndef choose(view, legal):\n    while True:\n        pass\n',
    # legal answers, slowly (a test sets a small cap)
    "sleeper": 'import time\nname = "sleeper"\n\ndef choose(view, legal):\n    time.sleep(0.05)\n    return legal[0]\n',
}


def backend():
    """The example's build backend (build_backend/touti_wheel.py), loaded from its file."""
    spec = importlib.util.spec_from_file_location("touti_wheel", EXAMPLE / "build_backend" / "touti_wheel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def example_wheel(out: Path) -> Path:
    """touti_example_bot-0.1.0-py3-none-any.whl, built into ``out``."""
    return backend().write_wheel(EXAMPLE, out)


def broken_wheel(kind: str, out: Path) -> Path:
    """The wheel of the broken bot ``kind`` (touti_<kind>_bot-1.0-py3-none-any.whl)."""
    project = Path(out) / f"src-{kind}"
    package = project / f"touti_{kind}_bot"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(BROKEN[kind])
    (project / "pyproject.toml").write_text(
        f'[project]\nname = "touti-{kind}-bot"\nversion = "1.0"\n\n'
        f'[project.entry-points."touti.bots"]\n{kind} = "touti_{kind}_bot"\n\n'
        f'[tool.touti-wheel]\npackages = ["touti_{kind}_bot"]\n')
    return backend().write_wheel(project, out)
