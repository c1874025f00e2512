"""Bots of one's own (touti_core.bots.plugins): a bot sees its seat's view only,
as a copy; an illegal answer, an exception or a decision over the cap is
reported with the bot's name and the normal bot decides instead; bots are
found by their entry points and loaded from wheels, files and modules; the
arena plays them (``python -m touti_core arena --a <wheel>``, ``--isolate``:
in a process of its own that sees the view only); in the page a bot runs in
its sandbox (web/py/botbox.py) and the engine's bridge judges its answers."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from touti_core import api, bots
from touti_core.bots import arena, plugins

from page_python import BOTBOX, BRIDGE, call
from page_python import load as load_module

ROOT = Path(__file__).resolve().parent.parent


def position(seed: int = 3, actions: int = 14):
    """A game in the play phase (bots' moves), and the seat to act."""
    state = api.new_game(seed)
    while state["phase"] != "play" or len(state["actions"]) < actions:
        v = api.view(state, state["to_act"])
        state = api.act(state, bots.choose(v, v["legal"], "normal"))
    return state, state["to_act"]


def test_a_bot_gets_its_seats_view_only_and_a_copy_it_may_change():
    state, seat = position()
    seen = []

    def choose(view, legal):
        seen.append(json.loads(json.dumps(view)))
        answer = dict(legal[-1])
        view["hand"].clear()                   # vandalism: changes nothing
        view["hands"][(seat + 1) % 4] = ["1O"]
        legal.clear()
        view["legal"].append({"type": "play", "seat": seat, "card": "1O"})
        return answer

    bot = plugins.Plugin("vandal", choose, "a test")
    g = api.game_of(state)
    action, code, problem = bot.decide(g, seat)
    assert problem is None and action == api.legal_actions(state)[-1]
    assert seen[0] == api.view(state, seat)                     # the seat's view, nothing more
    assert [h is None for h in seen[0]["hands"]] == [s != seat for s in range(4)]
    assert api.game_of(state).hands == g.hands and api.view(state, seat) == seen[0]
    again, _, _ = bot.decide(g, seat)                           # a fresh view each time
    assert seen[1] == seen[0] and again == action


@pytest.mark.parametrize("choose, kind, code", [
    (lambda view, legal: {"type": "bid", "seat": view["seat"], "amount": 75}, "illegal", "wrong_phase"),
    (lambda view, legal: {"type": "play", "seat": (view["seat"] + 1) % 4, "card": "1O"}, "illegal", "not_your_turn"),
    (lambda view, legal: "3C", "illegal", "malformed"),
    (lambda view, legal: {"type": "play", "seat": view["seat"], "card": object()}, "illegal", "malformed"),
    (lambda view, legal: 1 / 0, "error", None),
])
def test_a_refused_answer_or_an_exception_is_reported_and_the_normal_bot_decides(choose, kind, code):
    state, seat = position()
    bot = plugins.Plugin("rogue", choose, "a test")
    action, _, problem = bot.decide(api.game_of(state), seat, seed=11)
    v = api.view(state, seat)
    assert action == bots.choose(v, v["legal"], "normal", 11)        # the normal bot's own choice
    assert problem["bot"] == "rogue" and problem["seat"] == seat and problem["kind"] == kind
    assert problem["code"] == code and problem["detail"] and problem["fallback"] == "normal"
    if kind == "error":
        assert problem["detail"].startswith("ZeroDivisionError")
    assert bot.problems[kind] == 1 and bot.decisions == 1 and bot.info()["recent"] == [problem]


def test_a_slow_decision_is_reported_and_discarded_even_when_legal():
    state, seat = position()
    bot = plugins.plugin_of(_Slow(), "slow", "a test")
    action, _, problem = bot.decide(api.game_of(state), seat, seed=5, cap=0.01)
    v = api.view(state, seat)
    assert problem["kind"] == "slow" and problem["ms"] >= 50 and problem["cap_ms"] == 10
    assert action == bots.choose(v, v["legal"], "normal", 5)
    _, _, none = bot.decide(api.game_of(state), seat, cap=5)     # under the cap: its own answer
    assert none is None


class _Slow:
    name = "slow"

    @staticmethod
    def choose(view, legal):
        import time
        time.sleep(0.05)
        return legal[-1]


def test_bots_are_found_by_their_entry_points(tmp_path, monkeypatch):
    site = tmp_path / "site"
    (site / "touti_owl_bot").mkdir(parents=True)
    (site / "touti_owl_bot" / "__init__.py").write_text("def choose(view, legal):\n    return legal[0]\n")
    info = site / "touti_owl_bot-2.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: touti-owl-bot\nVersion: 2.0\n")
    (info / "entry_points.txt").write_text("[touti.bots]\nowl = touti_owl_bot\n")
    monkeypatch.syspath_prepend(str(site))
    assert "owl" in plugins.discover()
    [owl] = plugins.load("owl")
    assert (owl.name, owl.level, owl.version) == ("owl", "user:owl", "2.0")
    assert plugins.get("user:owl") is owl and plugins.load("user:owl") == [owl]
    assert bots._table([None, "user:owl", "normal", "user:anything"]) == (None, None, "normal", None)


def test_wheels_files_and_modules_load_and_bad_ones_are_refused_with_the_bots_name(wheels, tmp_path):
    [ex] = plugins.load(str(wheels["example"]))
    assert (ex.name, ex.version, ex.source) == ("example", "0.1.0", wheels["example"].name)
    with pytest.raises(plugins.PluginError) as e:
        plugins.load(str(wheels["broken"]))
    assert e.value.bot == "broken" and "touti_no_such_module" in e.value.detail
    py = tmp_path / "mine.py"
    py.write_text("name = 'mine'\ndef choose(view, legal):\n    return legal[0]\n")
    assert plugins.load(str(py))[0].name == "mine"
    with pytest.raises(plugins.PluginError, match="no such bot"):
        plugins.load("touti_no_such_bot_module")
    with pytest.raises(plugins.PluginError, match="has no choose"):
        plugins.load("json")
    data = wheels["example"].read_bytes()
    bad = [("x.zip", data, "not a wheel's name"), ("x-1.0-py3-none-any.whl", b"no zip", "is not a wheel"),
           ("touti_example_bot-0.1.0-cp314-cp314-emscripten_wasm32.whl", data, "pure-Python")]
    for name, blob, why in bad:
        with pytest.raises(plugins.PluginError, match=why):
            plugins.inspect_wheel(blob, name)
    for arc, why in (("touti_core/__init__.py", "would replace"), ("json/__init__.py", "would replace")):
        other = tmp_path / "other.whl"
        with zipfile.ZipFile(wheels["example"]) as z, zipfile.ZipFile(other, "w") as w:
            for item in z.namelist():
                w.writestr(item, z.read(item))
            w.writestr(arc, "")
        with pytest.raises(plugins.PluginError, match=why):
            plugins.inspect_wheel(other.read_bytes(), wheels["example"].name)
    nobot = tmp_path / "nobot.whl"
    with zipfile.ZipFile(wheels["example"]) as z, zipfile.ZipFile(nobot, "w") as w:
        for item in z.namelist():
            if not item.endswith("entry_points.txt"):
                w.writestr(item, z.read(item))
    with pytest.raises(plugins.PluginError, match="declares no bot"):
        plugins.inspect_wheel(nobot.read_bytes(), wheels["example"].name)


def test_the_arena_plays_a_wheel_from_the_command_line(wheels):
    r = subprocess.run([sys.executable, "-m", "touti_core", "arena", "--a", str(wheels["example"]),
                        "--b", "normal", "--deals", "3", "--seed", "4", "--workers", "2", "--quiet"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "paired difference A-B per hand" in r.stdout and "95% CI" in r.stdout
    assert "loaded bot A (" in r.stdout and ": 0 of " in r.stdout
    r = subprocess.run([sys.executable, "-m", "touti_core", "arena", "--a", str(wheels["cheater"]),
                        "--deals", "1", "--workers", "1", "--quiet", "--b", "easy"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.startswith("loaded bot A"))
    n = int(line.split(" of ")[1].split()[0])
    assert f": {n} of {n} decisions fell back" in line and f"illegal {n}" in line
    r = subprocess.run([sys.executable, "-m", "touti_core", "arena", "--a", str(wheels["broken"]), "--deals", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "bot broken:" in r.stderr and "touti_no_such_module" in r.stderr


def test_the_arena_counts_a_slow_bots_decisions_over_its_cap(wheels):
    s = arena.run(str(wheels["sleeper"]), "easy", deals=1, seed=2, workers=1, cap=0.01)
    got = s["loaded"]["A"]
    assert got["slow"] == got["decisions"] > 0 and got["first"].startswith("slow: ")
    assert "B" not in s["loaded"]


# ------------------------------------------------- the sandbox and the bridge
# In the page a bot runs in its sandbox (web/py/botbox.py, in a worker of an
# opaque origin: tests/web/test_web_bots.py); the engine's bridge gives the
# seat's view (bot_view) and judges the answer the page brings (bot).  Here
# both modules run on CPython and the test carries the answer between them.


@pytest.fixture()
def bridge(monkeypatch):
    monkeypatch.setattr(plugins, "REGISTRY", {})
    return load_module(BRIDGE, "touti_bridge")


@pytest.fixture()
def box(tmp_path, monkeypatch):
    monkeypatch.setattr(plugins, "REGISTRY", {})
    module = load_module(BOTBOX, "touti_botbox")
    module.HOME = str(tmp_path / "bots")
    monkeypatch.setattr(sys, "path", list(sys.path))        # the wheels' folders go first: undone after
    return module


def load(box, wheel: Path) -> dict:
    return call(box, op="load", filename=wheel.name, data=base64.b64encode(wheel.read_bytes()).decode())


def play_with_box(bridge, box, table, seed=8, people=(0,), decisions=None):
    """A hand: the bots of one's own answer from the sandbox, the bridge judges;
    returns the bridge's answers to those decisions."""
    view = call(bridge, op="new", seed=seed, people=list(people))["view"]
    judged = []
    while view["phase"] not in ("hand_over", "game_over") and (decisions is None or len(judged) < decisions):
        seat = view["to_act"]
        if seat in people:
            ans = call(bridge, op="act", action=view["legal"][0])
        elif plugins.is_user_level(table[seat]):
            seen = call(bridge, op="bot_view")
            assert seen["ok"] and seen["seat"] == seat and seen["view"]["hand"]
            got = call(box, op="choose", bot=table[seat][5:], view=seen["view"], legal=seen["view"]["legal"])
            assert got["ok"], got
            ans = call(bridge, op="bot", level=table[seat], table=table, ms=1,
                       **({"failure": got["failure"]} if "failure" in got else {"answer": got["answer"]}))
            judged.append(ans)
        else:
            ans = call(bridge, op="bot", level=table[seat], table=table)
        assert ans["ok"], ans
        view = ans["view"]
    return judged


def test_a_wheel_loads_in_the_sandbox_and_its_bot_plays_a_seat_judged_by_the_engine(bridge, box, wheels):
    ans = load(box, wheels["example"])
    assert ans == {"ok": True, "bots": [{"name": "example", "level": "user:example",
                                         "source": wheels["example"].name, "version": "0.1.0"}]}
    assert "touti_bridge" not in [m.split(".")[0] for m in plugins.REGISTRY]
    judged = play_with_box(bridge, box, [None, "user:example", "normal", "user:example"])
    assert len(judged) > 10 and all("fallback" not in a for a in judged)
    assert call(bridge, op="hint", table=[None, "user:example", "normal", "user:example"])["ok"]


@pytest.mark.parametrize("kind, verdict", [
    ("raiser", "error"), ("cheater", "illegal"), ("interrupter", "error"), ("exiter", "error"),
    ("garbage", "error")])
def test_whatever_a_sandboxed_bot_does_the_engine_judges_and_the_game_goes_on(bridge, box, wheels, kind, verdict):
    assert load(box, wheels[kind])["ok"]
    level = f"user:{kind}"
    judged = play_with_box(bridge, box, [level] * 4, people=(), decisions=12)
    assert len(judged) == 12
    for ans in judged:
        f = ans["fallback"]
        assert f["bot"] == kind and f["kind"] == verdict and f["detail"] and ans["action"]["seat"] == f["seat"]
    if kind == "interrupter":
        assert "KeyboardInterrupt" in judged[0]["fallback"]["detail"]
    if kind == "exiter":
        assert "SystemExit" in judged[0]["fallback"]["detail"]


def test_the_bridge_judges_what_the_page_brings_and_gives_only_a_bots_seat(bridge):
    call(bridge, op="new", seed=8)
    while call(bridge, op="view")["view"]["to_act"] == 0:
        call(bridge, op="act", action=call(bridge, op="view")["view"]["legal"][0])
    seat = call(bridge, op="view")["view"]["to_act"]
    seen = call(bridge, op="bot_view")
    assert seen["seat"] == seat and seen["view"]["seat"] == seat
    assert [h is None for h in seen["view"]["hands"]] == [s != seat for s in range(4)]
    for req, field in (({}, "ms"), ({"ms": 1}, "answer"), ({"ms": -1, "answer": {}}, "ms"),
                       ({"ms": 1, "failure": "x"}, "failure")):
        ans = call(bridge, op="bot", level="user:someone", **req)
        assert ans["error"]["code"] == "bad_request" and ans["error"]["params"]["field"] == field
    slow = call(bridge, op="bot", level="user:someone", ms=2500, answer=seen["view"]["legal"][0])
    assert slow["fallback"]["kind"] == "slow" and slow["fallback"]["bot"] == "someone"
    call(bridge, op="new", seed=8, people=[0, 1, 2, 3])
    assert call(bridge, op="bot_view")["error"]["code"] == "not_your_seat"     # a person's seat: never
    call(bridge, op="new", seed=8, people=[])
    hung = call(bridge, op="bot", level="user:someone", ms=10_000, failure={"kind": "hung", "detail": "stopped"})
    assert hung["ok"] and hung["fallback"]["kind"] == "hung"


def test_the_sandbox_refuses_bad_wheels_and_requests(box, wheels):
    ans = load(box, wheels["broken"])
    assert not ans["ok"] and ans["error"]["code"] == "bot_load_failed"
    assert ans["error"]["params"]["bot"] == "broken" and "touti_no_such_module" in ans["error"]["params"]["detail"]
    for req, field in (({"filename": "x.zip", "data": ""}, "filename"),
                       ({"filename": "x-1-py3-none-any.whl", "data": "%%%"}, "data"),
                       ({"filename": "x-1-py3-none-any.whl"}, "data")):
        ans = call(box, op="load", **req)
        assert ans["error"]["code"] == "bad_request" and ans["error"]["params"]["field"] == field
    assert call(box, op="load", filename="x-1.0-py3-none-any.whl", data="bm90IGEgemlw")["error"]["code"] == "bot_load_failed"
    ans = call(box, op="choose", bot="nobody", view={}, legal=[])
    assert ans["error"]["code"] == "bot_not_loaded"
    assert json.loads(box.handle("[[["))["error"]["code"] == "internal"
    assert call(box, op="nothing")["error"]["params"]["field"] == "op"


def test_the_sandboxs_arena_gives_the_command_lines_figures(box, wheels):
    assert load(box, wheels["example"])["ok"]
    ans = call(box, op="arena_start", a="user:example", b="normal", deals=3, seed=9)
    assert ans["ok"] and ans["arena"]["played"] == 0
    steps = [call(box, op="arena_step") for _ in range(3)]
    assert [s["played"] for s in steps] == [1, 2, 3] and steps[0]["summary"]["paired_difference"]["ci95"] == [None, None]
    cli = arena.run(str(wheels["example"]), "normal", deals=3, seed=9, workers=1)
    got = steps[-1]["summary"]
    assert got["paired_difference"]["mean"] == pytest.approx(cli["paired_difference"]["mean"])
    assert got["paired_difference"]["ci95"] == pytest.approx(cli["paired_difference"]["ci95"])
    assert got["loaded"]["A"]["decisions"] == cli["loaded"]["A"]["decisions"]
    assert call(box, op="arena_start", a="user:nobody", b="normal", deals=3, seed=9)["error"]["code"] == "bot_not_loaded"


def test_the_bridges_arena_plays_built_in_levels_and_leaves_the_game_alone(bridge):
    game = call(bridge, op="new", seed=5)["view"]
    ans = call(bridge, op="arena_start", session="arena", a="easy", b="normal", deals=2, seed=9)
    assert ans["ok"]
    steps = [call(bridge, op="arena_step", session="arena") for _ in range(2)]
    cli = arena.run("easy", "normal", deals=2, seed=9, workers=1)
    assert steps[-1]["summary"]["paired_difference"]["mean"] == pytest.approx(cli["paired_difference"]["mean"])
    assert call(bridge, op="view")["view"] == game
    ans = call(bridge, op="arena_start", session="arena", a="user:example", b="normal", deals=3, seed=9)
    assert ans["error"]["params"]["field"] == "a"       # a bot of one's own plays its arena in its sandbox


# ------------------------------------------------------------- --isolate
def test_a_peeking_bot_reads_the_game_in_process_and_nothing_when_isolated(wheels):
    inside = arena.run(str(wheels["peeker"]), "easy", deals=1, seed=3, workers=1)
    got = inside["loaded"]["A"]
    assert got["illegal"] == got["decisions"] > 0                    # it found the game every time
    assert inside["isolated"] is False
    alone = arena.run(str(wheels["peeker"]), "easy", deals=1, seed=3, workers=1, isolate=True)
    got = alone["loaded"]["A"]
    assert got["decisions"] > 0 and got["illegal"] == got["error"] == got["hung"] == 0
    assert alone["isolated"] is True and "ran isolated" in arena.report(alone)


def test_an_isolated_bot_that_hangs_or_stops_is_reported_and_the_arena_goes_on(wheels, monkeypatch):
    from touti_core.bots import isolate
    monkeypatch.setattr(isolate, "HUNG_SECONDS", 0.5)
    monkeypatch.setattr(plugins, "_ISOLATED", {})
    s = arena.run(str(wheels["hanger"]), "easy", deals=1, seed=3, workers=1, isolate=True)
    got = s["loaded"]["A"]
    assert got["hung"] == got["decisions"] > 0 and got["first"].startswith("hung: ")
    s = arena.run(str(wheels["interrupter"]), "easy", deals=1, seed=3, workers=1, isolate=True)
    got = s["loaded"]["A"]
    assert got["error"] == got["decisions"] > 0 and "KeyboardInterrupt" in got["first"]
    r = subprocess.run([sys.executable, "-m", "touti_core", "arena", "--a", str(wheels["broken"]), "--deals", "1",
                        "--isolate"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "bot broken:" in r.stderr and "touti_no_such_module" in r.stderr
