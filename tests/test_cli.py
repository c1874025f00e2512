"""The terminal game and the replay command."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from touti_core import api, cli
from touti_core.__main__ import main


class ScriptedPlayer:
    """Answers each prompt from the game's own legal options (cycling through them)."""

    def __init__(self, extra: list[str] | None = None) -> None:
        self.game: cli.TerminalGame | None = None
        self.extra = list(extra or [])
        self.n = 0

    def readline(self) -> str:
        if self.extra:
            return self.extra.pop(0) + "\n"
        self.n += 1
        s = self.game.state
        if s["phase"] == "hand_over":
            return "\n"
        legal = api.view(s, 0)["legal"]
        return cli.option_label(legal[self.n % len(legal)]) + "\n"


def play(seed: int, extra=None, target: int = 600) -> tuple[int, str, cli.TerminalGame]:
    player = ScriptedPlayer(extra)
    out = io.StringIO()
    game = cli.TerminalGame(seed, rules={"target": target}, inp=player, out=out)
    player.game = game
    code = game.run()
    return code, out.getvalue(), game


def test_a_whole_terminal_game_reaches_a_winner():
    code, text, game = play(4, target=300)
    assert code == 0
    assert game.state["phase"] == "game_over"
    assert "Game over:" in text
    assert "=== Hand 1:" in text and "Your hand:" in text
    assert "wins the trick" in text or "win the trick" in text


def test_wrong_input_gets_the_engine_reason_and_a_new_prompt():
    code, text, game = play(3, extra=["75", "hello", "help"], target=300)
    assert code == 0
    assert "Refused: Bids go by tens: 75 is not a multiple of 10." in text
    assert "I did not understand 'hello'" in text
    assert "Cards are rank then suit" in text
    assert "Traceback" not in text


def test_illegal_card_is_refused_with_the_rule():
    """A card that breaks a play rule gets the engine's sentence."""
    player = ScriptedPlayer()
    out = io.StringIO()
    game = cli.TerminalGame(4, inp=player, out=out)
    player.game = game

    refused = []

    def readline():
        st = game.state
        if st["phase"] == "play" and st["to_act"] == 0 and st["trick"] and not refused:
            legal = {a["card"] for a in api.legal_actions(st) if a["type"] == "play"}
            bad = [c for c in st["hands"][0] if c not in legal]
            if bad:
                refused.append(bad[0])
                return bad[0] + "\n"
        return ScriptedPlayer.readline(player)

    player.readline = readline
    game.run()
    assert refused, "the scripted game never had an illegal card to try"
    assert "Refused: You must" in out.getvalue()


def test_end_of_input_leaves_cleanly():
    out = io.StringIO()
    game = cli.TerminalGame(1, inp=io.StringIO(""), out=out)
    assert game.run() == 0
    assert "Bye" in out.getvalue()


def test_replay_prints_a_record_hand_by_hand(tmp_path, capsys):
    _, _, game = play(4, target=300)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(api.to_record(game.state)))
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.count("Hand 1: dealer seat") == 1
    assert "trick 1 to seat" in text
    assert "Game over: team" in text


def test_replay_of_a_broken_record_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "bad.json"
    rec = {"format": "touti-record/1", "seed": 1, "rules": {},
           "actions": [{"type": "play", "seat": 0, "card": "1O"}]}
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "not a valid record" in err and "Action 1" in err
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2


def test_module_entry_point_runs():
    r = subprocess.run([sys.executable, "-m", "touti_core", "play", "--seed", "2"],
                       input="quit\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "Bye" in r.stdout


def test_the_terminal_game_s_bots_and_hints_see_the_earlier_hands(monkeypatch):
    """As on the page, the bots and the hint of the terminal game are given what the
    game's finished hands showed (table_memory.from_game), each hand replayed once."""
    from touti_core import api, bots
    from touti_core.bots.belief import table_memory
    given = []
    choose = bots.choose
    monkeypatch.setattr(bots, "choose", lambda *a, **kw: given.append(kw["seen"]) or choose(*a, **kw))
    game = cli.TerminalGame(5, level="strong", out=io.StringIO())
    state = game.state
    while table_memory.from_game(api.game_of(state)) is None or state["phase"] == "hand_over" \
            or state["to_act"] == game.me:
        v = api.view(state, state["to_act"]) if state["to_act"] is not None else None
        state = api.act(state, {"type": "next_hand"} if v is None else choose(v, level="normal", seed=1))
    game.state = state
    assert game.step()
    assert given == [table_memory.from_game(api.game_of(state))] and given[0] is not None
    assert game.hands_seen and game.earlier_hands() == given[0]
    # the normal and easy bots do not read the table: they are given nothing
    normal = cli.TerminalGame(5, level="normal", out=io.StringIO())
    normal.state = state
    assert normal.step() and given[-1] is None and not normal.hands_seen

    # the person's hint, asked at their turn, is given the same (whatever the bots' level)
    hinted = []
    hint = bots.hint
    monkeypatch.setattr(bots, "hint", lambda *a, **kw: hinted.append(kw["seen"]) or hint(*a, **kw))
    while state["to_act"] != game.me:
        v = api.view(state, state["to_act"]) if state["to_act"] is not None else None
        state = api.act(state, {"type": "next_hand"} if v is None else choose(v, level="normal", seed=1))
    out = io.StringIO()
    person = cli.TerminalGame(5, level="normal", inp=io.StringIO("hint\n"), out=out)
    person.state = state
    assert not person.step()                # the hint, then the end of the input
    assert hinted == [table_memory.from_game(api.game_of(state))] and hinted[0] is not None
    assert "Hint: " in out.getvalue()
