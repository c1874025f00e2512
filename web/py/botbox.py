"""The sandbox's side of the player's own bots (runs in Pyodide, in the sandbox).

The page's sandbox (web/js/botbox.js, web/js/botbox-worker.js) is a worker of an
opaque origin with a Python of its own: the player's wheels are unpacked and
imported here, never in the engine's worker.  From here a bot reaches no
storage, no cache, no service worker and no file of the site, and no game:
it is given one seat's view (JSON, made by the engine) and its answer goes
back as JSON, which the engine then judges (``plugins.judge``).

Requests (JSON text, ``{"op": ..., ...}``) and their answers (JSON text; this
module never raises):

- ``load``: ``filename`` (a wheel's name), ``data`` (its bytes, base64) — the wheel
  checked (``plugins.inspect_wheel``), unpacked into a folder of its own and its
  bots imported: ``{"ok": true, "bots": [{name, level, source, version}]}`` or
  ``bot_load_failed`` (``params``: ``bot``, ``detail``);
- ``choose``: ``bot`` (a loaded bot's name), ``view``, ``legal`` — the bot's answer,
  ``{"ok": true, "answer": ...}``, or ``{"ok": true, "failure": {"kind": "error",
  "detail"}}`` when it raised anything or answered something that is not JSON;
  ``bot_not_loaded`` if there is no such bot;
- ``arena_start`` (``a``: a loaded bot's level, ``b``: a built-in level, ``deals``,
  ``seed``) and ``arena_step``: the duplicate arena of the page's Your bots
  screen, played here, where the bot is (touti_core.bots.arena).

The page measures the time of every request and stops this worker when one
does not come back (a bot that loops at import or while choosing).
"""

import base64
import io
import json
import os
import re
import sys
import zipfile

from touti_core.bots import arena, levels, plugins

#: The largest wheel the page sends (bytes).
MAX_WHEEL = 4_000_000
WHEEL_NAME = re.compile(r"^[A-Za-z0-9_.+!-]{1,200}\.whl$")
#: The largest answer a bot may give (characters of JSON): an action is tiny.
MAX_ANSWER = 10_000
#: Where the wheels are unpacked (a folder per load).
HOME = "/tmp/touti-bots"

_loads = 0
_arena = None


class BadRequest(Exception):
    pass


def _failed(bot, detail):
    return {"ok": False, "error": {
        "code": "bot_load_failed", "message": f"The bot {bot} could not be loaded: {detail}",
        "params": {"bot": bot, "detail": detail}}}


def op_load(req):
    global _loads
    filename = req.get("filename")
    data = req.get("data")
    if not (isinstance(filename, str) and WHEEL_NAME.match(filename)):
        raise BadRequest("filename")
    if not (isinstance(data, str) and len(data) <= MAX_WHEEL * 4 // 3 + 4):
        raise BadRequest("data")
    try:
        raw = base64.b64decode(data, validate=True)
    except ValueError:
        raise BadRequest("data") from None
    try:
        meta = plugins.inspect_wheel(raw, filename)
    except plugins.PluginError as e:
        return _failed(e.bot, e.detail)
    _loads += 1
    folder = os.path.join(HOME, str(_loads))
    os.makedirs(folder)
    with zipfile.ZipFile(io.BytesIO(raw)) as z:
        z.extractall(folder)
    sys.path.insert(0, folder)
    try:
        loaded = plugins.load_installed(folder, meta, filename)
    except plugins.PluginError as e:
        return _failed(e.bot, e.detail)
    return {"ok": True, "bots": [{"name": p.name, "level": p.level, "source": p.source,
                                  "version": p.version} for p in loaded]}


def op_choose(req):
    name = req.get("bot")
    view = req.get("view")
    legal = req.get("legal")
    if not isinstance(view, dict):
        raise BadRequest("view")
    if not isinstance(legal, list):
        raise BadRequest("legal")
    bot = plugins.REGISTRY.get(name) if isinstance(name, str) else None
    if bot is None:
        return {"ok": False, "error": {"code": "bot_not_loaded",
                                       "message": f"The bot {name} is not loaded.",
                                       "params": {"bot": str(name)[:40]}}}
    answer, _, failure = plugins.call_choose(bot.choose, view, legal)
    if failure is None:
        try:
            if len(json.dumps(answer)) > MAX_ANSWER:
                failure = {"kind": "error", "detail": "its answer is far too long to be an action"}
        except (TypeError, ValueError, RecursionError) as e:
            failure = {"kind": "error", "detail": f"its answer is not JSON ({type(e).__name__})"}
    return {"ok": True, "failure": failure} if failure else {"ok": True, "answer": answer}


def op_arena_start(req):
    global _arena
    a, b = req.get("a"), req.get("b")
    deals, seed = req.get("deals"), req.get("seed")
    if not (isinstance(a, str) and plugins.is_user_level(a)):
        raise BadRequest("a")
    if b not in levels.BOTS:
        raise BadRequest("b")
    if not (type(deals) is int and 1 <= deals <= 1000):
        raise BadRequest("deals")
    if not (type(seed) is int and 0 <= seed < 2 ** 53):
        raise BadRequest("seed")
    if a[len(plugins.USER):] not in plugins.REGISTRY:
        return {"ok": False, "error": {"code": "bot_not_loaded", "message": f"{a} is not loaded.",
                                       "params": {"bot": a[len(plugins.USER):]}}}
    _arena = arena.stepwise(a, b, deals, seed)
    return {"ok": True, "arena": {"a": a, "b": b, "deals": deals, "seed": seed, "played": 0}}


def op_arena_step(req):
    if _arena is None:
        raise BadRequest("arena")
    return {"ok": True, **arena.step(_arena)}


OPS = {"load": op_load, "choose": op_choose, "arena_start": op_arena_start,
       "arena_step": op_arena_step}


def handle(text):
    """One request (JSON text) -> its answer (JSON text); never raises, whatever a
    bot raised (``KeyboardInterrupt`` and ``SystemExit`` included)."""
    try:
        req = json.loads(text)
        fn = OPS.get(req.get("op")) if isinstance(req, dict) else None
        if fn is None:
            raise BadRequest("op")
        return json.dumps(fn(req))
    except BadRequest as e:
        return json.dumps({"ok": False, "error": {"code": "bad_request", "message": str(e),
                                                  "params": {"field": str(e)}}})
    except BaseException as e:       # noqa: BLE001 - a bot's import or arena may raise anything
        return json.dumps({"ok": False, "error": {
            "code": "internal", "message": "Something went wrong in the bots' sandbox.",
            "params": {"detail": f"{type(e).__name__}: {str(e)[:200]}"}}})
