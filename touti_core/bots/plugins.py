"""Bots of your own: a Python package that answers ``choose(view, legal) -> action``.

The interface (docs/bot-api.md is the guide):

- a bot is any object with ``choose(view, legal)`` (a module, usually), and
  optionally ``name`` (a short text); ``view`` is ``touti_core.api.view`` of
  the bot's seat (format ``touti-view/1``), ``legal`` its legal actions
  (``view["legal"]``); the answer is one of them;
- a package declares its bots by entry points of the group ``touti.bots``
  (``[project.entry-points."touti.bots"] example = "touti_example_bot"``);
  the entry point's name is the bot's name unless the object has ``name``.

A loaded bot is a :class:`Plugin`; it plays at a level named ``"user:<name>"``
(:data:`USER`).  Every decision goes through :meth:`Plugin.decide`, which

- gives the bot the seat's view only, freshly made for that call (a bot that
  changes it changes nothing, and never sees another seat's cards);
- checks its answer with the engine (:func:`touti_core.api.action_code`);
- on an exception, an answer the engine refuses, or a decision slower than
  :data:`CAP_SECONDS`, reports the problem (its kind, the bot's name, what
  went wrong) and lets the built-in :data:`FALLBACK` bot take that decision
  instead.  Python cannot be interrupted in the browser, so the time is
  measured after the call and a slow answer is discarded, even a legal one:
  the same rule everywhere, so the cap means the same in the page and in the
  arena.

Where bots come from (:func:`load`): a wheel (``.whl``, pure Python: unpacked
into a temporary folder and imported; in the page the bots' sandbox,
web/py/botbox.py, unpacks it and :func:`load_installed` reads it), a ``.py``
file, an importable module, or an
installed package's entry point (:func:`discover`).  ``spec#name`` picks one
bot of a package that declares several.

Loaded here, a bot's code runs in the caller's Python: this interface gives
it the seat's view and nothing else, but a bot that goes looking can find the
caller's game.  The page never loads a bot beside its engine (its bots run in
a sandbox of an opaque origin, docs/bot-api.md), and the arena's ``--isolate``
runs one in a process of its own (:mod:`.isolate`).  Wherever it ran, its
answer is judged by :func:`judge`.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from .. import api
from .base import Bot

if TYPE_CHECKING:
    from importlib.metadata import Distribution, EntryPoint

    from ..engine import Game
    from .belief.knowledge import Knowledge

#: The entry point group that declares bots.
GROUP = "touti.bots"
#: A loaded bot's level: ``"user:" + name``.
USER = "user:"
#: The time cap of one decision, seconds: a slower decision is reported and
#: the built-in bot decides instead (the page and the arena alike).
CAP_SECONDS = 2.0
#: The built-in level that decides whenever a loaded bot's decision is refused.
FALLBACK = "normal"
#: A bot's name: a letter or digit, then letters, digits, spaces, ``_ . -``.
NAME = re.compile(r"^[^\W_][\w .-]{0,39}$")
#: Problems of a decision, by kind (``hung``: no answer at all, the bot was stopped).
KINDS = ("illegal", "error", "slow", "hung")
#: Top-level modules a bot's package may not bring (the engine and the page's own).
RESERVED = frozenset({"touti_core", "touti_bridge", "touti_botbox", "micropip", "pyodide", "_pyodide", "js",
                      "pyodide_js"})


class PluginError(ValueError):
    """A bot could not be loaded: ``bot`` names it (as far as known), ``detail`` says why."""

    def __init__(self, bot: str, detail: str) -> None:
        super().__init__(f"bot {bot}: {detail}")
        self.bot = bot
        self.detail = detail


def is_user_level(level: object) -> bool:
    """Whether ``level`` names a loaded bot (``"user:<name>"``), loaded or not.

    >>> is_user_level("user:example"), is_user_level("normal"), is_user_level("user:")
    (True, False, False)
    """
    return isinstance(level, str) and level.startswith(USER) and bool(NAME.match(level[len(USER):]))


def _describe(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}"[:300]


class Plugin:
    """A loaded bot: its name, its ``choose``, where it came from, what it did."""

    def __init__(self, name: str, choose: Callable[[dict, list], Any], source: str,
                 version: Optional[str] = None) -> None:
        self.name = name
        self.choose = choose
        self.source = source
        self.version = version
        #: decisions asked, and the problems by kind (this process, since loaded)
        self.decisions = 0
        self.problems: Counter[str] = Counter()
        #: the latest problems (``decide``'s reports)
        self.recent: deque[dict] = deque(maxlen=20)

    @property
    def level(self) -> str:
        return USER + self.name

    def info(self) -> dict:
        """What the page shows of it (JSON)."""
        return {"name": self.name, "level": self.level, "source": self.source,
                "version": self.version, "decisions": self.decisions,
                "problems": {k: self.problems[k] for k in KINDS}, "recent": list(self.recent)}

    def decide(self, g: Game, seat: int, *, seed: int = 0, table: Any = None,
               cap: Optional[float] = None, budget: Optional[float] = None,
               fallback: Optional[Bot] = None) -> tuple[dict, int, Optional[dict]]:
        """The bot's decision for ``seat``, the seat to act in ``g`` (left unchanged):
        ``(action, code, problem)`` as :func:`judge` gives it, the bot called here, in
        this process, with a view made for this call."""
        if g.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        view = api.view_of(g, seat)            # made for this call: the bot may keep or change it
        legal = json.loads(json.dumps(view["legal"]))
        answer, ms, failure = call_choose(self.choose, view, legal)
        return self.judged(judge(g, seat, self.name, answer, ms, failure=failure, cap=cap,
                                 seed=seed, table=table, budget=budget, fallback=fallback))

    def judged(self, result: tuple[dict, int, Optional[dict]]) -> tuple[dict, int, Optional[dict]]:
        """Counts a decision :func:`judge` gave (and its problem, if any)."""
        self.decisions += 1
        problem = result[2]
        if problem is not None:
            self.problems[problem["kind"]] += 1
            self.recent.append(problem)
        return result


def call_choose(choose: Callable[[dict, list], Any], view: dict,
                legal: list) -> tuple[Any, float, Optional[dict]]:
    """Calls a bot: ``(answer, ms, failure)``; ``failure`` is None, or ``{"kind":
    "error", "detail"}`` when it raised anything (``KeyboardInterrupt`` and
    ``SystemExit`` included: a bot never stops its host)."""
    t0 = time.perf_counter()
    try:
        answer = choose(view, legal)
    except BaseException as e:       # noqa: BLE001 - anything a bot raises is its problem
        return None, (time.perf_counter() - t0) * 1e3, {"kind": "error", "detail": _describe(e)}
    return answer, (time.perf_counter() - t0) * 1e3, None


def judge(g: Game, seat: int, bot: str, answer: Any, ms: float, *, failure: Optional[dict] = None,
          cap: Optional[float] = None, seed: int = 0, table: Any = None,
          budget: Optional[float] = None,
          fallback: Optional[Bot] = None) -> tuple[dict, int, Optional[dict]]:
    """The engine's verdict on bot ``bot``'s ``answer`` for ``seat``, the seat to act in
    ``g`` (left unchanged), given after ``ms`` milliseconds: ``(action, code, problem)``.

    Wherever the bot ran (this process, a sandbox in the page, a subprocess of the
    arena), this is the one judge.  ``problem`` is None when the answer is taken;
    else the report (``bot``, ``seat``, ``kind`` of :data:`KINDS`, ``detail``,
    ``code`` of a refusal, ``ms``, ``cap_ms``, ``fallback``) and the action is the
    ``fallback`` bot's (by default the :data:`FALLBACK` level, seeded with ``seed``).
    ``failure`` (``{"kind": "error" | "hung", "detail"}``) says the bot gave no
    answer at all.  A decision over ``cap`` seconds is discarded, even a legal one."""
    if g.to_act != seat:
        raise ValueError(f"seat {seat} is not to act")
    cap = CAP_SECONDS if cap is None else cap
    problem: Optional[dict] = None
    if failure is not None:
        kind = failure.get("kind") if isinstance(failure, dict) else None
        detail = failure.get("detail") if isinstance(failure, dict) else None
        problem = {"kind": kind if kind in ("error", "hung") else "error",
                   "detail": str(detail if detail is not None else "")[:300], "code": None}
    code = -1
    if problem is None and ms > cap * 1e3:
        problem = {"kind": "slow", "detail": f"{ms / 1e3:.2f} s, over the cap of {cap:g} s",
                   "code": None}
    if problem is None:
        try:
            action = json.loads(json.dumps(answer))
            if not isinstance(action, dict):
                raise api.IllegalAction("malformed", f"The answer is not an action: {answer!r:.80}.")
            s, code = api.action_code(g, action)
            if g.to_act != seat or s != seat:
                raise api.IllegalAction("not_your_turn", f"The answer is not an action of seat {seat}.")
        except api.IllegalAction as e:
            problem = {"kind": "illegal", "detail": e.message[:300], "code": e.code}
        except (TypeError, ValueError, RecursionError) as e:
            problem = {"kind": "illegal", "detail": f"The answer is not JSON ({_describe(e)}).",
                       "code": "malformed"}
    if problem is not None:
        problem = {"bot": bot, "seat": seat, **problem, "ms": round(ms),
                   "cap_ms": round(cap * 1e3), "fallback": FALLBACK}
        if fallback is None:
            from .levels import make_bot
            fallback = make_bot(FALLBACK, seed, budget)
        fallback.table = table
        code = fallback.act_game(g, seat)
    return api.action_json(seat, code), code, problem


class PluginBot(Bot):
    """A loaded bot as the arena plays it (``act_game``), counting its problems."""

    level = "user"

    def __init__(self, plugin: Plugin, seed: Optional[int] = 0, budget: Optional[float] = None,
                 cap: Optional[float] = None) -> None:
        super().__init__(seed, budget)
        self.plugin = plugin
        self.cap = cap
        self.decisions = 0
        self.problems: list[dict] = []
        self._fallback: Optional[Bot] = None
        self._seed = seed

    def act_game(self, g: Game, seat: int) -> int:
        if self._fallback is None:
            from .levels import make_bot
            self._fallback = make_bot(FALLBACK, self._seed, self.budget)
        self.decisions += 1
        _, code, problem = self.plugin.decide(g, seat, table=self.table, cap=self.cap,
                                              fallback=self._fallback)
        if problem is not None:
            self.problems.append(problem)
        return code

    def act(self, k: Knowledge, legal: list[int]) -> int:
        raise TypeError("a loaded bot decides from the game's view: use act_game or Plugin.decide")


# ------------------------------------------------------------------ loading
#: The loaded bots by name.
REGISTRY: dict[str, Plugin] = {}
#: What each spec (a path, a module, an entry point) loaded: its bots' names.
_SPECS: dict[str, list[str]] = {}
#: Folders of unpacked wheels (removed when Python exits).
_FOLDERS: list[Any] = []


def _bot_name(obj: Any, default: str) -> str:
    name = getattr(obj, "name", None)
    if not isinstance(name, str) or not name:
        name = default
    name = name.strip()
    if not NAME.match(name):
        raise PluginError(default, f"its name {name!r} is not a bot name (a letter or digit, then "
                                   "at most 39 letters, digits, spaces, '_', '.' or '-')")
    return name


def plugin_of(obj: Any, default_name: str, source: str, version: Optional[str] = None) -> Plugin:
    """The bot of ``obj``: an object with ``choose`` (a module...), or ``choose`` itself."""
    choose = getattr(obj, "choose", None)
    if choose is None and callable(obj) and not isinstance(obj, type):
        choose = obj
    if not callable(choose):
        raise PluginError(default_name, f"{source} has no choose(view, legal)")
    return Plugin(_bot_name(obj, default_name), choose, source, version)


def _register(plugins: list[Plugin], spec: str) -> list[Plugin]:
    for p in plugins:
        REGISTRY[p.name] = p
    _SPECS[spec] = [p.name for p in plugins]
    return plugins


def discover() -> dict[str, EntryPoint]:
    """The installed bots: every entry point of the group ``touti.bots``, by name."""
    from importlib.metadata import entry_points
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def _load_entry(ep: EntryPoint, source: str, version: Optional[str]) -> Plugin:
    try:
        obj = ep.load()
    except (Exception, SystemExit) as e:
        raise PluginError(ep.name, f"it could not be imported ({_describe(e)})") from None
    return plugin_of(obj, ep.name, source, version)


def top_level(names: list[str]) -> set[str]:
    """The top-level modules of a wheel's files (``pkg/__init__.py`` -> ``pkg``)."""
    tops = set()
    for n in names:
        first = n.split("/", 1)[0]
        if first.endswith((".dist-info", ".data")) or not (n.endswith(".py") or "/" in n):
            continue
        tops.add(first[:-3] if first.endswith(".py") else first)
    return tops


def inspect_wheel(data: bytes, filename: str) -> dict:
    """What a wheel holds: ``dist``, ``version``, ``tops`` (top-level modules),
    ``bots`` (its entry points of :data:`GROUP`: name -> object), ``dist_info``.
    Refuses (:class:`PluginError`) a file that is no pure-Python wheel, one without
    bots, and one whose modules would replace the engine's or another package's."""
    import io
    import zipfile
    stem = filename[:-4] if filename.endswith(".whl") else filename
    parts = stem.split("-")
    who = parts[0] or filename
    if not filename.endswith(".whl") or len(parts) not in (5, 6) or not all(parts):
        raise PluginError(who, f"{filename} is not a wheel's name (name-version-py3-none-any.whl)")
    try:
        z = zipfile.ZipFile(io.BytesIO(data))
        names = z.namelist()
    except (zipfile.BadZipFile, ValueError, OSError) as e:
        raise PluginError(who, f"{filename} is not a wheel ({_describe(e)})") from None
    if any(n.startswith("/") or ".." in n.split("/") for n in names):
        raise PluginError(who, f"{filename} has files outside its own folder")
    infos = sorted({n.split("/", 1)[0] for n in names if n.split("/", 1)[0].endswith(".dist-info")})
    if len(infos) != 1:
        raise PluginError(who, f"{filename} has no .dist-info folder")
    info = infos[0]

    def text(name: str) -> str:
        try:
            return z.read(f"{info}/{name}").decode("utf-8")
        except KeyError:
            return ""

    wheel = text("WHEEL")
    if "Root-Is-Purelib: true" not in wheel or (parts[-3:] != ["py3", "none", "any"]
                                                and parts[-3:] != ["py2.py3", "none", "any"]):
        raise PluginError(who, f"{filename} is not a pure-Python wheel (py3-none-any)")
    import configparser
    eps = configparser.ConfigParser(delimiters=("=",), interpolation=None)
    eps.optionxform = str         # type: ignore[assignment, method-assign]
    try:
        eps.read_string(text("entry_points.txt"))
    except configparser.Error as e:
        raise PluginError(who, f"its entry_points.txt cannot be read ({_describe(e)})") from None
    bots = dict(eps[GROUP]) if eps.has_section(GROUP) else {}
    if not bots:
        raise PluginError(who, f"{filename} declares no bot (no entry point of the group {GROUP})")
    tops = top_level(names)
    dist = info[: -len(".dist-info")].rsplit("-", 1)[0]
    for top in sorted(tops):
        if top in RESERVED or top in sys.stdlib_module_names:
            raise PluginError(next(iter(bots)), f"its module {top} would replace one of the "
                              "engine's or the standard library's")
    version = info[: -len(".dist-info")].rsplit("-", 1)[-1]
    return {"dist": dist, "version": version, "tops": tops, "bots": bots, "dist_info": info}


def _forget_modules(tops: set[str]) -> None:
    """Drops the modules of these names that were imported before (an earlier version
    of the same bot, the same package from elsewhere): the wheel's own load instead."""
    import importlib
    for mod in list(sys.modules):
        if mod.split(".", 1)[0] in tops:
            del sys.modules[mod]
    importlib.invalidate_caches()


def load_installed(site: str, meta: dict, source: str, pick: Optional[str] = None) -> list[Plugin]:
    """The bots of a wheel installed under ``site`` (``meta`` from :func:`inspect_wheel`):
    imported afresh and registered.  Used by the page's bots' sandbox after it
    unpacked the wheel (web/py/botbox.py), and by :func:`load_wheel`."""
    from importlib.metadata import Distribution
    _forget_modules(meta["tops"])
    dist: Distribution = Distribution.at(Path(site) / meta["dist_info"])
    eps = [ep for ep in dist.entry_points if ep.group == GROUP]
    if pick is not None:
        eps = [ep for ep in eps if ep.name == pick]
        if not eps:
            raise PluginError(pick, f"{source} declares no bot named {pick}")
    plugins = [_load_entry(ep, source, meta["version"]) for ep in eps]
    return _register(plugins, f"{source}#{pick}" if pick else source)


def load_wheel(path: Path, pick: Optional[str] = None) -> list[Plugin]:
    """A wheel's bots (CPython): checked, unpacked into a temporary folder put first
    on ``sys.path``, imported."""
    import tempfile
    import zipfile
    data = path.read_bytes()
    meta = inspect_wheel(data, path.name)
    folder = tempfile.TemporaryDirectory(prefix="touti-bot-")
    _FOLDERS.append(folder)
    with zipfile.ZipFile(path) as z:
        z.extractall(folder.name)
    sys.path.insert(0, folder.name)
    return load_installed(folder.name, meta, path.name, pick)


def load_file(path: Path) -> list[Plugin]:
    """The bot of a ``.py`` file (its module, named after the file)."""
    import importlib.util
    name = path.stem
    spec = importlib.util.spec_from_file_location(f"touti_user_bot_{abs(hash(str(path.resolve())))}",
                                                  path)
    if spec is None or spec.loader is None:
        raise PluginError(name, f"{path} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as e:
        raise PluginError(name, f"it could not be imported ({_describe(e)})") from None
    return [plugin_of(module, name, path.name)]


def load_module(name: str) -> list[Plugin]:
    """The bot of an importable module (``pkg.module``; ``pkg.module:attr`` for an object in it)."""
    import importlib
    modname, _, attr = name.partition(":")
    try:
        obj: Any = importlib.import_module(modname)
        for part in attr.split(".") if attr else []:
            obj = getattr(obj, part)
    except ModuleNotFoundError as e:
        if e.name is not None and modname.startswith(e.name):
            raise PluginError(name, "no such bot: not a level, a .whl or .py file, an installed "
                                    f"bot ({GROUP}) or an importable module") from None
        raise PluginError(name, f"it could not be imported ({_describe(e)})") from None
    except (Exception, SystemExit) as e:
        raise PluginError(name, f"it could not be imported ({_describe(e)})") from None
    return [plugin_of(obj, (attr or modname).rsplit(".", 1)[-1], name)]


def load(spec: str) -> list[Plugin]:
    """The bots of ``spec``, loaded once and registered: ``user:<name>`` (a bot loaded
    already or installed: :func:`discover`), a ``.whl`` or ``.py`` path, an installed
    bot's name, or an importable module; ``spec#name`` picks one bot of several."""
    if spec in _SPECS:
        return [REGISTRY[n] for n in _SPECS[spec]]
    if is_user_level(spec):
        name = spec[len(USER):]
        if name in REGISTRY:
            return [REGISTRY[name]]
        spec = name
    base, _, pick = spec.partition("#")
    path = Path(base)
    if base.endswith(".whl"):
        if not path.is_file():
            raise PluginError(path.name, f"no such wheel: {base}")
        plugins = load_wheel(path, pick or None)
    elif base.endswith(".py"):
        if not path.is_file():
            raise PluginError(path.stem, f"no such file: {base}")
        plugins = load_file(path)
    else:
        installed = discover()
        if base in installed:
            ep = installed[base]
            version = ep.dist.version if ep.dist is not None else None
            plugins = [_load_entry(ep, f"{base} (installed)", version)]
        else:
            plugins = load_module(base)
    if pick and base.endswith(".py"):
        plugins = [p for p in plugins if p.name == pick]
    return _register(plugins, spec)


def get(level: str) -> Plugin:
    """The loaded bot of a level ``user:<name>``; PluginError when it is not loaded."""
    name = level[len(USER):] if is_user_level(level) else level
    if name not in REGISTRY:
        raise PluginError(name, "this bot is not loaded")
    return REGISTRY[name]


#: Bots of one's own in a process of their own, by spec (one child process each).
_ISOLATED: dict[str, Plugin] = {}


def make(spec: str, seed: Optional[int] = 0, budget: Optional[float] = None,
         cap: Optional[float] = None, isolate: bool = False) -> PluginBot:
    """A bot of ``spec`` (see :func:`load`) to play a seat in the arena; a spec that
    names several bots must pick one (``spec#name``).  ``isolate``: the bot runs in a
    subprocess that sees its seat's view only (:mod:`.isolate`)."""
    if isolate:
        if spec not in _ISOLATED:
            from .isolate import IsolatedPlugin
            _ISOLATED[spec] = IsolatedPlugin(spec)
        return PluginBot(_ISOLATED[spec], seed, budget, cap)
    plugins = load(spec)
    if len(plugins) != 1:
        raise PluginError(spec, "it holds several bots: pick one with "
                          + ", ".join(f"{spec}#{p.name}" for p in plugins))
    return PluginBot(plugins[0], seed, budget, cap)
