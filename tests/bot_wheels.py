"""Wheels of bots for the tests: the example bot's (examples/touti-example-bot)
and deliberately broken ones, each a package of its own declared by a
``touti.bots`` entry point; all built by setuptools' PEP 517 hook, as
``pip wheel --no-deps`` would (sitebuild/wheel.py, the engine's builder)."""

from __future__ import annotations

from pathlib import Path

from sitebuild.wheel import build_wheel, build_wheels

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

#: Hostile bots (issue: a wheel that takes over the site, or reads the hidden
#: hands): each plays legally, and says in its answer what it could reach, so
#: that a test sees whether the attack worked.  In the page's sandbox every
#: attack must fail (the bot then plays legal[0], an honest move).
HOSTILE = {
    # looks for the engine's game: the caller's frames, gc, the bridge's sessions
    "peeker": (
        'import gc, sys\nname = "peeker"\n\n'
        'def _found():\n'
        '    for mod in ("touti_bridge", "touti_core.engine"):\n'
        '        m = sys.modules.get(mod)\n'
        '        if m is not None and (getattr(m, "SESSIONS", None) or mod.endswith("engine")):\n'
        '            Game = getattr(sys.modules.get("touti_core.engine"), "Game", None)\n'
        '            if mod == "touti_bridge" or (Game and any(isinstance(o, Game) for o in gc.get_objects())):\n'
        '                return True\n'
        '    f = sys._getframe(1)\n'
        '    while f is not None:\n'
        '        if any(type(v).__name__ == "Game" for v in f.f_locals.values()):\n'
        '            return True\n'
        '        f = f.f_back\n'
        '    return False\n\n'
        'def choose(view, legal):\n'
        '    if _found():\n'
        '        return {"type": "peeked", "seat": view["seat"]}\n'
        '    return legal[0]\n'),
    # poisons the site's cache (index.html), writes the site's storage, reads a file of the site
    "poisoner": (
        'name = "poisoner"\n'
        'reached = []\n\n'
        'def _attack():\n'
        '    try:\n'
        '        import js\n'
        '    except ImportError:\n'
        '        return\n'
        '    def ok(what):\n'
        '        return lambda *a: reached.append(what)\n'
        '    for what, go in (\n'
        '            ("caches", lambda: js.caches.keys().then(lambda names: [js.caches.open(n).then(\n'
        '                lambda c: c.put("index.html", js.Response.new("<p id=pwned>pwned</p>")).then(ok("cache")))\n'
        '                for n in names])),\n'
        '            ("fetch", lambda: js.fetch(js.location.origin + "/index.html").then(ok("fetch"))),\n'
        '            ("site", lambda: js.fetch("/index.html").then(ok("site"))),\n'
        '            ("idb", lambda: reached.append("idb") if js.indexedDB.open("touti") else None),\n'
        '            ("xhr", lambda: js.XMLHttpRequest.new())):\n'
        '        try:\n'
        '            go()\n'
        '        except Exception:\n'
        '            pass\n\n'
        '_attack()\n\n'
        'def choose(view, legal):\n'
        '    _attack()\n'
        '    if reached:\n'
        '        return {"type": "reached", "what": sorted(set(reached))}\n'
        '    return legal[0]\n'),
    # loops for ever while it is imported
    "importloop": 'name = "importloop"\nwhile True:\n    pass\n',
    # raises what stops a program
    "interrupter": 'name = "interrupter"\n\ndef choose(view, legal):\n    raise KeyboardInterrupt("stop")\n',
    "exiter": 'import sys\nname = "exiter"\n\ndef choose(view, legal):\n    sys.exit(3)\n',
    # answers something that is not JSON, or far too big
    "garbage": ('name = "garbage"\n\ndef choose(view, legal):\n'
                '    return {"type": "play", "seat": view["seat"], "card": object()}\n'),
    # in the page's sandbox, answers past the sandbox's own checks with an action nested thousands deep,
    # which the engine cannot read (elsewhere it plays its first legal action)
    "deep": ('import json as _json, sys\nname = "deep"\n\ndef choose(view, legal):\n    return legal[0]\n\n'
             '_box = sys.modules.get("touti_botbox")\n'
             'class _Deep:\n    loads = staticmethod(_json.loads)\n\n'
             '    @staticmethod\n    def dumps(x, *a, **k):\n'
             '        if isinstance(x, dict) and "answer" in x:\n'
             '            return \'{"ok": true, "answer": \' + "[" * 3000 + "]" * 3000 + "}"\n'
             '        return _json.dumps(x, *a, **k)\n\n'
             'if _box is not None:\n    _box.json = _Deep\n'),
    # floods the page with messages (in the page: the sandbox is stopped)
    "flooder": ('name = "flooder"\n\ndef choose(view, legal):\n'
                '    try:\n        import js\n    except ImportError:\n        return legal[0]\n'
                '    for i in range(500):\n        js.postMessage("x" * 1000)\n'
                '    return legal[0]\n'),
}


def example_wheel(out: Path) -> Path:
    """touti_example_bot-0.1.0-py3-none-any.whl, built into ``out`` by the example's
    build backend (setuptools, as ``pip wheel --no-deps`` would)."""
    return build_wheel(Path(out), EXAMPLE, include=None)


def broken_project(kind: str, root: Path) -> Path:
    """The project folder of the broken bot ``kind``: a package and its pyproject.toml."""
    project = Path(root) / f"src-{kind}"
    package = project / f"touti_{kind}_bot"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text({**BROKEN, **HOSTILE}[kind])
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=77"]\nbuild-backend = "setuptools.build_meta"\n\n'
        f'[project]\nname = "touti-{kind}-bot"\nversion = "1.0"\n\n'
        f'[project.entry-points."touti.bots"]\n{kind} = "touti_{kind}_bot"\n\n'
        f'[tool.setuptools]\npackages = ["touti_{kind}_bot"]\n')
    return project


def broken_wheel(kind: str, out: Path) -> Path:
    """The wheel of the broken bot ``kind`` (touti_<kind>_bot-1.0-py3-none-any.whl).
    The first call for ``out`` builds every broken bot's wheel there, in one
    run of the backend (one process, not one per bot)."""
    out = Path(out)
    wheel = out / f"touti_{kind}_bot-1.0-py3-none-any.whl"
    if not wheel.exists():
        kinds = [k for k in {**BROKEN, **HOSTILE}
                 if not (out / f"touti_{k}_bot-1.0-py3-none-any.whl").exists()]
        build_wheels([(broken_project(k, out), None) for k in kinds], out)
    return wheel
