"""A bot of one's own in a process of its own: it sees its seat's view, nothing else.

:mod:`.plugins` runs a loaded bot in the engine's own Python, where a bot that
goes looking can find the game (the caller's frame, ``gc``) and read every
hand.  The arena's ``--isolate`` runs it here instead: a subprocess
(``python -m touti_core.bots.isolate SPEC``) that imports the bot and answers,
one JSON line each way::

    parent -> child   {"view": <touti-view/1 of the seat>, "legal": [...]}
    child -> parent   {"answer": <the bot's answer>}
                      {"failure": {"kind": "error", "detail": "..."}}

The child never holds a :class:`~touti_core.engine.Game`; the parent checks
every answer with :func:`.plugins.judge`, as for any bot.  A child that gives
no answer within :data:`HUNG_SECONDS` is stopped (the problem ``hung``) and
the bot is not asked again (its later decisions are ``hung`` at once, as in
the page, where its seats go to the normal bot); a child that ended is started
again for the next decision; what it prints goes to standard error.
This is the command line's isolation (a process, the operating system's
walls); the page's is a sandboxed worker (docs/bot-api.md).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Optional

from .. import api
from .plugins import Plugin, PluginError, judge

if TYPE_CHECKING:
    from ..engine import Game
    from .base import Bot

#: A decision not answered within this many seconds stops the child.
HUNG_SECONDS = 10.0
#: Starting the child and importing the bot: at most this many seconds.
START_SECONDS = 30.0
#: The longest line either side reads (a view is a few kilobytes).
MAX_LINE = 1 << 20
#: The folder that holds touti_core (the child imports the same engine).
_HOME = str(Path(__file__).resolve().parent.parent.parent)


class _Hung(Exception):
    pass


def _read_line(stream: IO[bytes], seconds: float) -> Optional[bytes]:
    """One line from a pipe within ``seconds`` (None: nothing came in time, or EOF)."""
    end = time.monotonic() + seconds
    buf = b""
    fd = stream.fileno()
    while not buf.endswith(b"\n"):
        left = end - time.monotonic()
        if left <= 0 or len(buf) > MAX_LINE:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return None
        chunk = os.read(fd, 65536)
        if not chunk:
            return None
        buf += chunk
    return buf


class IsolatedPlugin(Plugin):
    """A bot of ``spec`` (a wheel, a ``.py`` file, a module: :func:`.plugins.load`)
    that runs in a child process; :meth:`decide` sends it the view only."""

    isolated = True

    def __init__(self, spec: str, hung: float = HUNG_SECONDS) -> None:
        self.spec = spec
        self.hung = hung
        self.proc: Optional[subprocess.Popen[bytes]] = None
        self.hung_once = False
        hello = self._start()
        super().__init__(hello["name"], self.choose_remote, f"{hello['source']} (isolated)",
                         hello.get("version"))

    def _start(self) -> dict:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [_HOME] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))}
        self.proc = subprocess.Popen([sys.executable, "-m", "touti_core.bots.isolate", self.spec],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        assert self.proc.stdout is not None
        line = _read_line(self.proc.stdout, START_SECONDS)
        hello = _parse(line)
        if not isinstance(hello, dict) or not hello.get("ok"):
            self.stop()
            bot = hello.get("bot") if isinstance(hello, dict) else None
            detail = hello.get("detail") if isinstance(hello, dict) else None
            raise PluginError(str(bot or self.spec), str(detail or "its process did not start"))
        return hello

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def choose_remote(self, view: dict, legal: list) -> Any:
        """Asks the child (started again if it ended; never again once it hung)."""
        if self.hung_once:
            raise _Hung("it did not answer before: its process was stopped")
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps({"view": view, "legal": legal}).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError:
            self.stop()
            raise RuntimeError("its process ended") from None
        line = _read_line(self.proc.stdout, self.hung)
        if line is None:
            self.stop()
            self.hung_once = True
            raise _Hung(f"no answer within {self.hung:g} s: its process was stopped")
        msg = _parse(line)
        if isinstance(msg, dict) and "answer" in msg:
            return msg["answer"]
        if isinstance(msg, dict) and isinstance(msg.get("failure"), dict):
            raise RuntimeError(str(msg["failure"].get("detail", ""))[:300])
        raise RuntimeError("its process answered something that is not an answer")

    def decide(self, g: Game, seat: int, *, seed: int = 0, table: Any = None,
               cap: Optional[float] = None, budget: Optional[float] = None,
               fallback: Optional[Bot] = None) -> tuple[dict, int, Optional[dict]]:
        if g.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        view = api.view_of(g, seat)
        t0 = time.perf_counter()
        failure = None
        answer = None
        try:
            answer = self.choose_remote(view, view["legal"])
        except _Hung as e:
            failure = {"kind": "hung", "detail": str(e)}
        except RuntimeError as e:
            failure = {"kind": "error", "detail": str(e)}
        ms = (time.perf_counter() - t0) * 1e3
        return self.judged(judge(g, seat, self.name, answer, ms, failure=failure, cap=cap,
                                 seed=seed, table=table, budget=budget, fallback=fallback))


def _parse(line: Optional[bytes]) -> Any:
    if line is None:
        return None
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def serve(spec: str, inp: IO[bytes], out: IO[bytes]) -> int:
    """The child: loads the bot of ``spec``, says hello, then answers each view."""
    from . import plugins

    def send(msg: dict) -> None:
        try:
            text = json.dumps(msg)
        except (TypeError, ValueError, RecursionError) as e:
            text = json.dumps({"failure": {"kind": "error",
                                           "detail": f"the answer is not JSON ({type(e).__name__})"}})
        out.write(text.encode() + b"\n")
        out.flush()

    try:
        loaded = plugins.load(spec)
        if len(loaded) != 1:
            raise PluginError(spec, "it holds several bots: pick one with "
                              + ", ".join(f"{spec}#{p.name}" for p in loaded))
    except PluginError as e:
        send({"ok": False, "bot": e.bot, "detail": e.detail})
        return 1
    bot = loaded[0]
    send({"ok": True, "name": bot.name, "source": bot.source, "version": bot.version})
    for line in inp:
        msg = _parse(line)
        if not (isinstance(msg, dict) and isinstance(msg.get("view"), dict)
                and isinstance(msg.get("legal"), list)):
            send({"failure": {"kind": "error", "detail": "the arena sent no view"}})
            continue
        answer, _, failure = plugins.call_choose(bot.choose, msg["view"], msg["legal"])
        send({"failure": failure} if failure else {"answer": answer})
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m touti_core.bots.isolate SPEC", file=sys.stderr)
        return 2
    # the protocol has the real standard output; whatever the bot prints goes to stderr
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr
    return serve(args[0], sys.stdin.buffer, out)


if __name__ == "__main__":
    sys.exit(main())
