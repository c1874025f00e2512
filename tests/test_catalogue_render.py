"""Every refusal the engine can answer with and every hint reason the bots can
give has its sentence in every language, worded from the code and params alone
(the page's i18n.js, run in Node): no argument left unfilled, no English left
in another language."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from touti_core import api, bots
from touti_core.bots.explain import REASON_CODES
from touti_core import sheet
from touti_core.refusals import ACTION_WORDS, PHASE_WORDS, SENTENCES

ROOT = Path(__file__).resolve().parent.parent
EN = json.loads((ROOT / "web" / "messages" / "en.json").read_text(encoding="utf-8"))
BRIDGE_CODES = ("bad_request", "not_your_seat", "internal")


def test_every_code_and_case_the_engine_can_give_has_an_english_sentence():
    for code in api.ERROR_CODES + BRIDGE_CODES:
        assert f"refusal.{code}" in EN or any(k.startswith(f"refusal.{code}.") for k in EN), code
    for key in SENTENCES:
        if key.startswith("wrong_phase."):
            assert f"refusal.before.{key.split('.', 1)[1]}" in EN or key == "wrong_phase.other", key
        else:
            assert f"refusal.{key}" in EN, key
    for code in REASON_CODES:
        assert f"hint.reason.{code}" in EN, code


def test_the_engine_s_english_refusals_are_the_english_catalogue_s_word_for_word():
    """The English of a refusal has one text: the engine's templates (and the score
    sheet's) are the catalogue's, placeholders included; only the engine's fallback
    ``wrong_phase.other``, which no action reaches, is its own."""
    def page_key(key: str) -> str:
        code, _, case = key.partition(".")
        return f"refusal.before.{case}" if code == "wrong_phase" and case else f"refusal.{key}"
    engine = {**SENTENCES, **sheet.SENTENCES}
    differ = {key: (text, EN.get(page_key(key))) for key, text in engine.items()
              if key != "wrong_phase.other" and EN.get(page_key(key)) != text}
    assert not differ
    assert {k: EN[f"refusal.phase.{k}"] for k in PHASE_WORDS} == PHASE_WORDS
    assert {k: EN[f"refusal.action.{k}"] for k in ACTION_WORDS} == ACTION_WORDS


def fixtures(games: int = 12) -> dict:
    """Refusals of every action tried in random positions, and hints of those positions."""
    refusals: dict[str, dict] = {}
    hints: dict[str, dict] = {}
    small = "strong:play_worlds=6,exact_worlds=4,bid_worlds=8"
    for seed in range(games):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 200, "overtrump": ("always", "never")[seed % 2]})
        for _ in range(120):
            if s["phase"] == "game_over":
                break
            seat = s["to_act"]
            tries = [{"type": "play", "seat": seat if seat is not None else 0, "card": c}
                     for c in ("1O", "3C", "12E", "2B", "7O", "11C")]
            tries += [{"type": t, "seat": seat if seat is not None else 0} for t in
                      ("pass", "no_signal", "no_ghna", "concede", "accept", "refuse")]
            tries += [{"type": "bid", "seat": seat or 0, "amount": a} for a in (60, 75, 240, 80)]
            tries += [{"type": k, "seat": seat or 0, "signal": x} for k in ("announce", "signal")
                      for x in ("AS", "COMPTE", "+10")]
            tries += [{"type": k, "seat": seat or 0, "suit": x} for k in ("ghna", "trump") for x in "OCEB"]
            tries += [{"type": "next_hand"}, {"type": "pass", "seat": ((seat or 0) + 1) % 4}]
            for a in tries:
                try:
                    api.act(s, a)
                except api.IllegalAction as e:
                    key = e.params.get("case", e.code) + "/" + str(e.params.get("before"))
                    refusals.setdefault(key, e.to_json())
            if seat is not None and len(hints) < 80:
                v = api.view(s, seat)
                if v["legal"]:
                    h = bots.hint(v, v["legal"], bot=small)
                    hints.setdefault(h["code"], h)
            legal = api.legal_actions(s)
            s = api.act(s, r.choice(legal))
    return {"refusals": list(refusals.values()), "hints": list(hints.values())}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_refusals_and_hints_are_worded_in_every_language(tmp_path):
    fx = fixtures()
    assert len(fx["refusals"]) >= 20 and len(fx["hints"]) >= 15
    path = tmp_path / "fixtures.json"
    path.write_text(json.dumps(fx))
    r = subprocess.run(["node", str(ROOT / "tests" / "js" / "render_messages.mjs"), str(path)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout)
    english = out["en"]
    # English shows the engine's own sentences
    assert english["refusals"] == [e["message"] for e in fx["refusals"]]
    assert english["hints"] == [h["reason"] for h in fx["hints"]]
    for lang, texts in out.items():
        for text, src in zip(texts["refusals"] + texts["hints"], fx["refusals"] + fx["hints"]):
            assert text and "{" not in text and "undefined" not in text and "null" not in text, (lang, text, src)
            assert not text.startswith(("refusal.", "hint.")), (lang, text)
        if lang != "en":
            same = [t for t, e in zip(texts["refusals"], english["refusals"]) if t == e]
            assert not same, (lang, same[:3])
