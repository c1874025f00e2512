"""Every refusal the engine can answer with and every hint reason the bots can
give has its sentence in every language, worded from the code and params alone
(the page's i18n.js, run in Node): no argument left unfilled, no English left
in another language."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from touti_core import api, bots
from touti_core.bots.belief.knowledge import from_view
from touti_core.bots.explain import REASON_CODES, Reason, english, reason
from touti_core import sheet
from touti_core.actions import SIGNALS
from touti_core.refusals import KEYS, catalogue_key

ROOT = Path(__file__).resolve().parent.parent
EN = json.loads((ROOT / "web" / "messages" / "en.json").read_text(encoding="utf-8"))
CATALOGUES = {p.stem: json.loads(p.read_text(encoding="utf-8"))
              for p in sorted((ROOT / "web" / "messages").glob("*.json"))}
BRIDGE_CODES = ("bad_request", "not_your_seat", "internal")
#: reasons that random positions rarely reach, with params of their documented kinds
#: (touti_core/bots/explain.py): worded by both sides too
RARE = [
    Reason("bid", {"amount": 100, "trump": "C", "partner_signals": ["AS", "COMPTE", "+10", "PASS"], "chance": 62}),
    Reason("bid", {"amount": 90, "trump": None, "partner_signals": ["COMPTE"], "chance": None}),
    Reason("bid.push", {"amount": 120, "chance": 11, "trump": "O", "answered": 84, "theirs_after": 3}),
    Reason("bid.stop", {"amount": 100, "their_bid": 90, "theirs": 79, "chance": 50, "trump": None}),
    Reason("bid.stop", {"amount": 100, "their_bid": 90, "theirs": None, "chance": 50, "trump": "C"}),
    Reason("card.forced.only", {"card": "3O", "chance": None}),
    Reason("card.forced.overtrump", {"card": "1E", "led": "C", "chance": 40}),
    Reason("card.overtrump", {"card": "3E", "beaten": "1E", "chance": 71}),
    Reason("card.overtrump_back", {"card": "3B", "partner_card": "12C", "chance": None}),
    Reason("card.under.trump_cannot", {"card": "10B", "led": "C", "winning": "11B",
                                       "higher": ["3B", "12B", "1B"], "chance": None}),
    Reason("card.under.trump_need_not", {"card": "2B", "led": "C", "winning": "1C",
                                         "higher": [], "chance": 12}),
    Reason("concede.made", {"points": 96, "contract": 90}),
    Reason("ghna.trump_first", {"suit": "E", "value": 40}),
    Reason("ghna.trump_first_cap", {"suit": "B", "value": 40, "cap": 40}),
    Reason("legal", {}),
    Reason("next_hand", {}),
    Reason("no_ghna.wait", {}),
]


def test_every_code_and_case_the_engine_can_give_has_an_english_sentence():
    """The engine's refusals, the score sheet's and the hints' reasons are worded from
    the catalogue (touti_core/catalogue.py): each has its message there."""
    for code in api.ERROR_CODES + BRIDGE_CODES:
        assert f"refusal.{code}" in EN or any(k.startswith(f"refusal.{code}.") for k in EN), code
    for key in KEYS:
        assert catalogue_key(key) in EN, key
    assert {k.partition(".")[0] for k in KEYS} <= set(api.ERROR_CODES)
    for code in sheet.CODES:
        assert f"refusal.{code}" in EN, code
    for code in REASON_CODES:
        assert f"hint.reason.{code}" in EN, code


def test_the_package_reads_the_page_s_english_catalogue():
    """One file: the package's catalogue is the page's (a link in the repository, a
    copy in the wheel, tests/test_build.py)."""
    from touti_core import catalogue
    assert catalogue.messages() == EN
    assert (ROOT / "touti_core" / "messages" / "en.json").resolve() == (
        ROOT / "web" / "messages" / "en.json").resolve()


def fixtures(games: int = 12) -> dict:
    """Refusals of every action tried in random positions, and hints of those positions."""
    refusals: dict[str, dict] = {}
    hints: dict[str, dict] = {}
    reasons: dict[tuple, dict] = {}
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
            if seat is not None:
                # the reason of every legal action, one of each code and shape of params
                k = from_view(api.view(s, seat))
                for action in api.view(s, seat)["legal"]:
                    why = reason(k, api.code_of(action), {})
                    shape = (why.code, tuple(sorted((p, len(x) if isinstance(x, list) else x is None)
                                                    for p, x in why.params.items())))
                    reasons.setdefault(shape, {"code": why.code, "params": why.params,
                                               "reason": english(why)})
            legal = api.legal_actions(s)
            s = api.act(s, r.choice(legal))
    rare = [{"code": r.code, "params": r.params, "reason": english(r)} for r in RARE]
    return {"refusals": list(refusals.values()),
            "hints": list(hints.values()) + list(reasons.values()) + rare}


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
    # English shows the engine's own refusals, and its hints are the catalogue's, worded
    # by the page (format.js) and by the engine (touti_core/catalogue.py) to the letter
    assert english["refusals"] == [e["message"] for e in fx["refusals"]]
    assert english["hints"] == [h["reason"] for h in fx["hints"]]
    assert {h["code"] for h in fx["hints"]} == set(REASON_CODES)
    for lang, texts in out.items():
        for text, src in zip(texts["refusals"] + texts["hints"], fx["refusals"] + fx["hints"]):
            assert text and "{" not in text and "undefined" not in text and "null" not in text, (lang, text, src)
            assert not text.startswith(("refusal.", "hint.")), (lang, text)
            if CATALOGUES[lang].get("meta.dir") == "rtl":      # a signal named in Latin letters
                assert not re.search(r"\b(AS|COMPTE|PASS)\b", text), (lang, text, src)
        if lang != "en":
            same = [t for t, e in zip(texts["refusals"], english["refusals"]) if t == e]
            assert not same, (lang, same[:3])


def render(tmp_path, fx: dict) -> dict:
    """Refusals and hints worded by the page (i18n.js, in Node), in every language."""
    path = tmp_path / "fixtures.json"
    path.write_text(json.dumps(fx))
    r = subprocess.run(["node", str(ROOT / "tests" / "js" / "render_messages.mjs"), str(path)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def test_the_english_signal_names_are_the_engine_s():
    """The engine words a hint's partner_signals with its own names: the page's English says the same."""
    assert {code: EN[f"signal.name.{code}"] for code in SIGNALS} == {code: code for code in SIGNALS}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_a_hint_names_the_partner_s_signals_in_the_language_s_words(tmp_path):
    """A bid's hint counting the partner's signals names each as the signal's own button
    does in that language (signal.<name>: "آس: عندي آس"): in Arabic the glossary's words
    (آس, كونط, باص, and +10 held left to right), never the engine's Latin AS, COMPTE, PASS."""
    hints = [{"code": "bid", "params": {"amount": 100, "trump": None, "partner_signals": [code], "chance": None},
              "reason": ""} for code in SIGNALS]
    out = render(tmp_path, {"refusals": [], "hints": hints})
    for lang, cat in CATALOGUES.items():
        for code, text in zip(SIGNALS, out[lang]["hints"]):
            button = cat[f"signal.{code}"]
            name = cat[f"signal.name.{code}"]
            assert button.startswith(name), (lang, code, button, name)
            assert name in text, (lang, code, text)
    arabic = out["ar"]["hints"]
    for code, word in zip(SIGNALS, ("آس", "كونط", "\u2066+10\u2069", "باص")):
        assert word in arabic[SIGNALS.index(code)], (code, arabic)
    assert not [text for text in arabic if re.search("[A-Za-z]", text)], arabic
