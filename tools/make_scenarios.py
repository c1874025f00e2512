#!/usr/bin/env python3
"""Write the rule scenarios of the embeddable demo (web/scenarios/*.json).

A scenario is a fixed position for a rules site: a deal, the rules, the
actions so far, the visitor's seat, a caption in plain words, and the lesson
of each action the visitor may try (``notes``, keyed by action label) with the
right and wrong actions pinned (``expect``).  Every scenario is replayed and
checked by the engine here and again by tests/test_scenarios.py.

    python3 tools/make_scenarios.py        # rewrite web/scenarios/
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from touti_core import api  # noqa: E402

OUT = ROOT / "web" / "scenarios"
SUITS = "OCEB"
DECK = [f"{r}{s}" for s in SUITS for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]


def deal(spec: dict[int, str], voids: dict[int, str] | None = None) -> list[list[str]]:
    """Four hands of ten: ``spec[s]`` are seat s's sure cards; the rest are
    dealt deterministically, never into a suit listed in ``voids[s]`` and
    never making a Rey + Cabal pair that was not asked for."""
    voids = voids or {}
    hands = [spec.get(s, "").split() for s in range(4)]
    used = {c for h in hands for c in h}
    assert len(used) == sum(len(h) for h in hands), "a card given twice"
    pool = [c for c in DECK if c not in used]
    # the most constrained cards first, each to the allowed seat with most room
    pool.sort(key=lambda c: sum(c[-1] not in voids.get(s, "") for s in range(4)))
    for c in pool:
        pair = {"11": "12", "12": "11"}.get(c[:-1])
        seats = [s for s in range(4) if len(hands[s]) < 10 and c[-1] not in voids.get(s, "")
                 and not (pair and pair + c[-1] in hands[s])]
        if not seats:
            raise ValueError(f"no seat can take {c}")
        hands[max(seats, key=lambda s: 10 - len(hands[s]))].append(c)
    return hands


def run_auction(state: dict, declarer: int, amount: int, trump: str) -> dict:
    while state["phase"] in ("auction", "signal"):
        seat = state["to_act"]
        if state["phase"] == "signal":
            a = {"type": "no_signal", "seat": seat}
        elif seat == declarer and not any(e["type"] == "bid" for e in state["auction"]):
            a = {"type": "bid", "seat": seat, "amount": amount}
        else:
            a = {"type": "pass", "seat": seat}
        state = api.act(state, a)
    return api.act(state, {"type": "trump", "seat": declarer, "suit": trump})


def play_cards(state: dict, cards: str) -> dict:
    for c in cards.split():
        state = api.act(state, {"type": "play", "seat": state["to_act"], "card": c})
    return state


def label(a: dict) -> str:
    """The key of an action in ``notes``: ``play 12E``, ``bid 80``, ``signal AS``, ``pass``."""
    for k in ("card", "amount", "signal", "suit"):
        if k in a:
            return f"{a['type']} {a[k]}"
    return a["type"]


def scenario(sid: str, title: str, area: str, caption: str, state: dict, seat: int,
             notes: dict[str, str], right: list[dict], wrong: list[tuple[dict, str]],
             rules: dict | None = None) -> dict:
    rec = api.to_record(state)
    sc = {
        "format": "touti-scenario/1",
        "id": sid,
        "title": title,
        "rule_area": area,
        "caption": caption,
        "seat": seat,
        "deal": rec["deal"],
        "rules": rec["rules"],
        "actions": rec["actions"],
        "notes": notes,
        "expect": {
            "legal": [dict(a, seat=seat) for a in right],
            "refused": [{"action": dict(a, seat=seat), "code": code} for a, code in wrong],
        },
    }
    check(sc)
    return sc


def check(sc: dict) -> dict:
    """Replay a scenario and check its expectations; returns the position."""
    rec = {"format": "touti-record/1", "deal": sc["deal"], "rules": sc["rules"],
           "actions": sc["actions"]}
    state = api.from_record(rec)
    assert state["to_act"] == sc["seat"], (sc["id"], state["to_act"])
    legal = api.legal_actions(state)
    for a in sc["expect"]["legal"]:
        assert a in legal, (sc["id"], a, legal)
        api.act(state, a)
    for r in sc["expect"]["refused"]:
        try:
            api.act(state, r["action"])
        except api.IllegalAction as e:
            assert e.code == r["code"], (sc["id"], r, e.code, e.message)
        else:
            raise AssertionError(f"{sc['id']}: {r['action']} was accepted")
    for key in sc["notes"]:
        assert key in {label(a) for a in legal} or key == "*", (sc["id"], key)
    return state


def P(card: str) -> dict:
    return {"type": "play", "card": card}


def build() -> list[dict]:
    out = []

    # 1. The higher-card obligation --------------------------------------
    # dealer 1: seat 2 speaks and leads first.
    h = deal({0: "3C 12C 5C 2B 4B 6O 7O 2E 4E 5E", 2: "7C", 3: "10C"})
    s = run_auction(api.new_hand(h, 1), 2, 80, "O")
    s = play_cards(s, "7C 10C")
    out.append(scenario(
        "play-higher", "Follow suit, and go higher", "play: follow and go higher",
        "Cups were led. You hold cups, so you must follow, and you must beat the highest "
        "cup on the table (the Sota) if you can: the 3 or the Rey of cups.",
        s, 0,
        {"play 3C": "Right: the 3 of cups beats the Sota and takes the lead.",
         "play 12C": "Right: the Rey beats the Sota too."},
        [P("3C"), P("12C")],
        [(P("5C"), "must_play_higher"), (P("2B"), "must_follow_suit")]))

    # 2. Worked example 1: cannot beat the Ace, any cup --------------------
    h = deal({0: "3C 5C 2B 4B 6O 7O 2E 4E 5E 6E", 2: "7C", 3: "1C"})
    s = run_auction(api.new_hand(h, 1), 2, 80, "O")
    s = play_cards(s, "7C 1C")
    out.append(scenario(
        "cannot-beat", "When you cannot beat it", "play: follow and go higher",
        "The 7 of cups was led and the Ace of cups played on it. Nothing beats the Ace, "
        "so you still follow suit, with either cup.",
        s, 0,
        {"play 3C": "Legal: you cannot beat the Ace, so any cup will do.",
         "play 5C": "Legal, and cheaper: the 3 is worth 10 points, the 5 nothing."},
        [P("3C"), P("5C")], [(P("2B"), "must_follow_suit")]))

    # 3. Worked example 2: a trumped trick lifts the higher obligation ------
    h = deal({0: "12C 5C 2B 4B 6O 7O 2E 4E 5E 6E", 2: "2C", 3: "4O 5O"}, voids={3: "C"})
    s = run_auction(api.new_hand(h, 1), 2, 80, "O")
    s = play_cards(s, "2C 4O")
    out.append(scenario(
        "trumped-trick", "A trumped trick lifts the higher-card rule", "play: trumped trick",
        "Coins are trumps. The 2 of cups was led and the next player, with no cups, trumped "
        "with the 4 of coins. You must still follow suit, but you no longer have to go "
        "higher: either cup is legal.",
        s, 0,
        {"play 12C": "Legal: once the trick is trumped there is no obligation to go higher.",
         "play 5C": "Legal, and it saves the Rey's 4 points."},
        [P("12C"), P("5C")], [(P("6O"), "must_follow_suit")]))

    # 4. Trumping when void ------------------------------------------------
    h = deal({0: "4O 10O 2B 4B 5B 2E 4E 5E 6E 7E", 2: "1C"}, voids={0: "C"})
    s = run_auction(api.new_hand(h, 1), 2, 80, "O")
    s = play_cards(s, "1C")
    s = api.act(s, {"type": "play", "seat": 3, "card": next(
        a["card"] for a in api.legal_actions(s) if a["type"] == "play")})
    out.append(scenario(
        "must-trump", "No cards of the suit led? Trump", "play: trumping",
        "Coins are trumps and cups were led. You have no cups, so you must play a trump "
        "(either coin), even though you would rather keep them.",
        s, 0,
        {"play 4O": "Right: you must trump when you cannot follow suit.",
         "play 10O": "Right: any trump will do here."},
        [P("4O"), P("10O")], [(P("2B"), "must_trump")]))

    # 5. Worked example 3: overtrump even over a partner ---------------------
    # dealer 0: seat 1 leads; partner (seat 2) trumps with the 3 of coins.
    h = deal({0: "1O 6O 2B 4B 5B 2E 4E 5E 6E 7E", 1: "2C", 2: "3O", 3: "4C"},
             voids={0: "C", 2: "C"})
    s = run_auction(api.new_hand(h, 0), 1, 80, "O")
    s = play_cards(s, "2C 3O 4C")
    out.append(scenario(
        "overtrump", "Overtrump, even over your partner", "play: overtrumping",
        "Coins are trumps. Cups were led and your partner trumped with the 3 of coins. You "
        "have no cups and you hold the Ace of coins: you must overtrump with it, even "
        "though your partner is already winning the trick.",
        s, 0,
        {"play 1O": "Right: the rule obliges you to overtrump, partner or not."},
        [P("1O")], [(P("6O"), "must_overtrump"), (P("2B"), "must_trump")]))

    # 6. The trick winner: the smallest trump beats the Ace led ---------------
    h = deal({0: "2E 10E 4O 5O 6O 7O 2C 4C 5C 6C", 1: "12B", 2: "1C", 3: "1B"},
             voids={0: "B", 2: "BE"})
    s = run_auction(api.new_hand(h, 0), 1, 80, "E")
    s = play_cards(s, "12B 1C 1B")
    out.append(scenario(
        "trick-winner", "Who wins the trick", "play: the trick winner",
        "Swords are trumps. Clubs were led (the Rey), your partner discarded the Ace of cups, "
        "and the Ace of clubs is winning. You have no clubs: trump, and even the 2 of swords "
        "takes the trick, because the highest trump wins and a discard never does.",
        s, 0,
        {"play 2E": "Right: the 2 of trumps beats the Ace of clubs; your team takes 26 points.",
         "play 10E": "Right, but the 2 does the same job and keeps the Sota."},
        [P("2E"), P("10E")], [(P("4O"), "must_trump")]))

    # 7. The signal window ---------------------------------------------------
    h = deal({0: "1O 4O 5O 2C 4C 5C 2B 4B 5B 6B"})
    s = api.new_hand(h, 3)
    s = api.act(s, {"type": "pass", "seat": 0})
    s = api.act(s, {"type": "bid", "seat": 1, "amount": 80})
    out.append(scenario(
        "signal-window", "Signal to your partner", "auction: partner signals",
        "You passed, an opponent bid 80, and now your partner must bid. Just before, you may "
        "send one signal: AS (you hold an Ace), COMPTE (you hold a Ghna), +10 (raise!) or "
        "PASS (stop), or nothing. Signals are public and bind nobody.",
        s, 0,
        {"signal AS": "Right: you hold the Ace of coins, your partner now knows it.",
         "signal +10": "Legal: you encourage your partner to raise by 10.",
         "signal PASS": "Legal: you tell your partner you add nothing.",
         "no_signal": "Legal: you may stay silent."},
        [{"type": "signal", "signal": "AS"}, {"type": "no_signal"}],
        [({"type": "signal", "signal": "COMPTE"}, "signal_not_allowed"),
         ({"type": "bid", "amount": 90}, "wrong_phase")]))

    # 8. An early announcement ------------------------------------------------
    h = deal({0: "12C 11C 4O 5O 2C 4C 2B 4B 5B 6B"})
    s = api.new_hand(h, 3)
    out.append(scenario(
        "early-announcement", "Announce COMPTE before anyone bids", "auction: early announcement",
        "It is your first turn to speak. Instead of bidding you may announce COMPTE (you hold "
        "the Rey and the Cabal of cups) or AS (an Ace, which you do not have). The "
        "announcement counts as a pass: you leave the auction, your partner is informed.",
        s, 0,
        {"announce COMPTE": "Right: you hold a Ghna; you leave the auction and your partner knows.",
         "pass": "Legal, but your partner learns nothing.",
         "bid 70": "Legal: the first bid is at least 70."},
        [{"type": "announce", "signal": "COMPTE"}, {"type": "pass"}],
        [({"type": "announce", "signal": "AS"}, "announce_not_allowed"),
         ({"type": "bid", "amount": 75}, "bid_not_multiple_of_10")]))

    # 9. Worked example 4: the Ghna cap at 90 -----------------------------------
    # dealer 3: seat 0 leads the Ace of coins and wins the first trick.
    h = deal({0: "12E 11E 12C 11C 1O 2B 4B 5B 6B 7B"}, voids={1: "", 3: ""})
    s = run_auction(api.new_hand(h, 3), 0, 90, "E")
    s = play_cards(s, "1O")
    while len(s["tricks"]) < 1:
        s = api.act(s, next(a for a in api.legal_actions(s) if a["type"] == "play"))
    out.append(scenario(
        "ghna-cap-90", "The Ghna cap at 90: the first Ghna decides", "ghna: the cap",
        "Contract 90, swords are trumps, and your team won the trick: you may declare a Ghna. "
        "At 90 the cap is 40. The swords Ghna is worth 40 (trumps), the cups Ghna 20. Declare "
        "swords first: after a +20, the +40 no longer fits under the cap.",
        s, 0,
        {"ghna E": "Best: +40 fills the cap at once.",
         "ghna C": "Legal, but now only 20 more fits: the swords Ghna (+40) is lost.",
         "no_ghna": "Legal: you may declare after a later trick won, if you still hold both cards."},
        [{"type": "ghna", "suit": "E"}, {"type": "ghna", "suit": "C"}, {"type": "no_ghna"}],
        [({"type": "ghna", "suit": "B"}, "ghna_not_held")]))

    # 10. One Ghna per trick -------------------------------------------------------
    h = deal({0: "12C 11C 12B 11B 1O 3O 2E 4E 5E 6E"})
    s = run_auction(api.new_hand(h, 3), 0, 110, "E")
    s = play_cards(s, "1O")
    while len(s["tricks"]) < 1:
        s = api.act(s, next(a for a in api.legal_actions(s) if a["type"] == "play"))
    s = api.act(s, {"type": "ghna", "seat": 0, "suit": "C"})
    out.append(scenario(
        "one-ghna-per-trick", "One Ghna per trick won", "ghna: one per trick",
        "You won the first trick and declared the cups Ghna (+20). You also hold the clubs "
        "Ghna, but only one Ghna may be declared per trick won: keep both clubs cards, win "
        "another trick, and declare it then. Now lead the next trick.",
        s, 0,
        {"play 3O": "Good: with the Ace gone, your 3 of coins is the master card.",
         "*": "Play on: declare the clubs Ghna after your next trick won."},
        [P("3O")],
        [({"type": "ghna", "suit": "B"}, "wrong_phase")]))

    # 11. A concession ----------------------------------------------------------------
    h = deal({1: "1O 3O 12O 11O 1C 3C 1E 3E 1B 3B"})
    s = run_auction(api.new_hand(h, 0), 1, 150, "O")
    s = play_cards(s, "1O")
    s = api.act(s, {"type": "concede", "seat": 2})
    out.append(scenario(
        "concession", "Abandon a lost hand", "concession",
        "The opponents bid 150 with every Ace and 3 in one hand: the hand is lost. Your "
        "partner proposes to abandon it. If you accept, the declaring team takes all the "
        "cards not yet won, the last-trick 10 and its undeclared Ghna, and the hand is "
        "scored at once. Only the defenders may abandon, and only if both agree.",
        s, 0,
        {"accept": "The hand ends: the declaring team scores its 150.",
         "refuse": "Play goes on: your partner plays a card."},
        [{"type": "accept"}, {"type": "refuse"}],
        [(P("2O"), "wrong_phase")]))

    # 12-13. Worked example 7: a made and a failed contract (the last trick) -----
    from_examples = {
        "made-contract": (
            ["1O 10O 7O 6O 7C 2C 10E 10B 6B 5B", "11O 3C 12C 6C 4C 3E 12E 4E 3B 11B",
             "3O 11C 5C 1E 6E 5E 2E 1B 12B 7B", "12O 5O 4O 2O 1C 10C 11E 7E 4B 2B"], "B",
            "7O 11O 3O 4O 1E 11E 10E 4E 7B 4B 10B 11B 4C 11C 1C 2C 2O 6O 3B 1B 6E 7E 6B 3E "
            "10O 3C 12B 12O 5C 10C 7C 12C 6C 5E 2B 5B",
            "Contract 100, clubs are trumps, last trick. Your team has 95 card points: with "
            "this trick and its 10 points for the last trick (9a3a), it reaches 105 "
            "and the contract is made: +100.",
            {"play 1O": "Your Ace wins the last trick: 95 + 10 = 105, contract made."}),
        "failed-contract": (
            ["1O 5O 3C 11C 1E 3E 6E 2E 11B 7B", "11O 10O 4O 10C 5C 12E 7E 5E 10B 6B",
             "3O 12O 6O 2O 12C 7C 4E 1B 3B 4B", "7O 1C 6C 4C 2C 11E 10E 12B 5B 2B"], "C",
            "1E 5E 4E 11E 11C 10C 12C 1C 12B 7B 10B 3B 6O 7O 1O 4O 11B 6B 1B 2B 7C 2C 3C 5C "
            "3E 12E 12O 10E 6E 7E 3O 6C 5B 5O 11O 4B 4C",
            "Contract 100, cups are trumps, last trick. Your team has 85 card points and cannot "
            "win this trick: without the last 10 it ends at 85, short of 100. The contract "
            "fails and the defenders score the 100.",
            {"play 2E": "The defenders take the last trick: 85 < 100, the contract fails."}),
    }
    for sid, (hands, trump, plays, caption, notes) in from_examples.items():
        s = run_auction(api.new_hand([x.split() for x in hands], 3), 0, 100, trump)
        s = play_cards(s, plays)
        card = notes and next(iter(notes))[5:]
        out.append(scenario(
            sid, "A made contract" if sid == "made-contract" else "A failed contract",
            "scoring", caption, s, 0, notes, [P(card)], []))
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    scenarios = build()
    for sc in scenarios:
        (OUT / f"{sc['id']}.json").write_text(json.dumps(sc, indent=1) + "\n")
    index = [{"id": sc["id"], "title": sc["title"], "rule_area": sc["rule_area"]} for sc in scenarios]
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    print(f"wrote {len(scenarios)} scenarios to web/scenarios/")


if __name__ == "__main__":
    main()
