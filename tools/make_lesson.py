#!/usr/bin/env python3
"""Write the guided first hand of the app's lesson (web/learn/lesson.json).

The lesson is one hand on a fixed deal, every action of every seat written
down, so that it never changes when the bots do.  It is found, not
hand-made: deals are tried one after another; the three bots play them as
the normal bot does (deterministic seeds) and the learner plays as a
teacher would (the bids below, the Ghna as soon as it may be declared, the
strong bot's cards otherwise, and the lesson's card whenever a rule forces
it).  The first deal whose hand shows every lesson — a bid and a partner's
word in the auction, the contract won and trumps named, a Ghna declared, a
card that must follow suit and go higher, a card that must trump, a card
that must overtrump — and ends in a made contract, the learner taking the
last trick, is kept.  The bots never concede in the lesson: the hand is
played out to its last trick, whose 10 points the coach explains as it
begins.

Then the coaching steps are attached to the actions: what to look at, what
to do and why, and for the rule lessons the wrong card to try (the engine
refuses it and says why).  Each announcement or signal of another seat is
spoken of as it appears, so that the coach and the seat's bubble agree; the
first signal teaches the four signals.  Every action is replayed and checked here, and
again by tests/test_lesson.py.

    python3 tools/make_lesson.py          # rewrite web/learn/lesson.json
    python3 tools/make_lesson.py --steps  # the same deal, its coaching steps written again
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from touti_core import api, bots, rng  # noqa: E402
from touti_core.cards import NAMES, card_of  # noqa: E402

OUT = ROOT / "web" / "learn" / "lesson.json"
DEALER = 3                 # the learner (seat 0) is the mâle: speaks first, leads first
FORMAT = "touti-lesson/1"
SUIT_OF = {n: n[-1] for n in NAMES}


def strength(card: str) -> int:
    return card_of(card) % 10


def play_lesson(state: dict, legal: list[dict]) -> tuple[str, str | None, str | None]:
    """The rule in force for the learner's card: (kind, the lesson's card or None,
    the wrong card to try or None).  The rule lessons — 'higher', 'trump',
    'overtrump' — name a card the engine refuses; the others say what is free."""
    cards = [a["card"] for a in legal if a["type"] == "play"]
    hand = state["hands"][0]
    trick = state["trick"]
    if not trick:
        return "lead", None, None
    trump = state["contract"]["trump"]
    led = SUIT_OF[trick[0]["card"]]
    in_suit = [c for c in hand if SUIT_OF[c] == led]
    trumps = [c for c in hand if SUIT_OF[c] == trump]
    played_trump = [t["card"] for t in trick if SUIT_OF[t["card"]] == trump]
    if in_suit:
        if led != trump and played_trump:
            return "trumped", None, None
        if len(cards) < len(in_suit):
            wrong = [c for c in in_suit if c not in cards]       # a lower one is refused
            return "higher", min(cards, key=strength), max(wrong, key=strength)
        return "cannot_beat", None, None
    if not trumps:
        return "discard", None, None
    others = [c for c in hand if SUIT_OF[c] != trump]
    if not played_trump:
        return ("trump", min(cards, key=strength), others[0]) if others else ("trump_any", None, None)
    if len(cards) < len(trumps):
        wrong = [c for c in trumps if c not in cards]            # a trump too low to overtrump
        return "overtrump", min(cards, key=strength), max(wrong, key=strength)
    return "trump_any", None, None


RULE_LESSONS = ("higher", "trump", "overtrump")


def learner(state: dict, legal: list[dict], bids: list[int]) -> tuple[dict, dict | None]:
    """The learner's action (and the lesson it shows, if any)."""
    ph = state["phase"]
    types = {a["type"] for a in legal}
    if ph == "auction":
        for amount in bids:
            a = {"type": "bid", "seat": 0, "amount": amount}
            if a in legal:
                return a, None
        return {"type": "pass", "seat": 0}, None
    if ph == "signal":
        return {"type": "no_signal", "seat": 0}, None
    if ph == "ghna":
        ghna = [a for a in legal if a["type"] == "ghna"]
        return (ghna[0] if ghna else {"type": "no_ghna", "seat": 0}), None
    if ph == "concession":
        return {"type": "refuse", "seat": 0}, None
    if "play" in types:
        kind, right, wrong = play_lesson(state, legal)
        if kind in RULE_LESSONS:
            action = {"type": "play", "seat": 0, "card": right}
        else:
            action = bots.choose(api.view(state, 0), legal, "normal", seed=len(state["actions"]))
        return action, {"kind": kind, "right": action.get("card"), "wrong": wrong}
    return legal[0], None


def simulate(hands: list[list[str]], bids: list[int], seed: int):
    """Plays the hand: (actions, lessons by action index, final state)."""
    state = api.new_hand(hands, DEALER)
    actions, lessons = [], {}
    turn = 0
    while state["phase"] not in ("hand_over", "game_over"):
        legal = api.legal_actions(state)
        seat = state["to_act"]
        if seat == 0:
            if state["phase"] == "trump":
                # name the suit of the learner's Ghna if it has one, else its longest suit
                held = api.view(state, 0)["ghna_held"]
                suits = [x for x in "OCEB" if any(c[-1] == x for c in state["hands"][0])]
                best = max(suits, key=lambda x: (sum(1 for c in state["hands"][0] if c[-1] == x),
                                                 -"OCEB".index(x)))
                action = {"type": "trump", "seat": 0, "suit": held[0]["suit"] if held else best}
                lesson = None
            else:
                action, lesson = learner(state, legal, bids)
            if lesson:
                lessons[len(actions)] = lesson
        else:
            # the bots play the hand out: a concession would end it before its last
            # trick, and the lesson shows every trick and the 10 of the last one
            playable = [a for a in legal if a["type"] != "concede"]
            action = bots.choose(api.view(state, seat), playable, "normal", seed=seed * 100 + turn)
        turn += 1
        actions.append(action)
        state = api.act(state, action)
    return actions, lessons, state


def last_trick_start(actions: list[dict]) -> int:
    """The index of the last trick's first card (the hand is played out: 40 cards)."""
    plays = [i for i, a in enumerate(actions) if a["type"] == "play"]
    assert len(plays) == 40, len(plays)
    return plays[-4]


def suitable(actions, lessons, state) -> bool:
    last = state["last_hand"]
    if last["cancelled"] or last["declarer"] != 0 or not last["made"] or last["conceded"]:
        return False
    kinds = {v["kind"] for v in lessons.values()}
    partner_word = any(a["type"] in ("signal", "announce") and a["seat"] == 2 for a in actions)
    ghna = any(a["type"] == "ghna" and a["seat"] == 0 for a in actions)
    bids = [a for a in actions if a["type"] == "bid"]
    return (kinds >= set(RULE_LESSONS) and partner_word and ghna and state["tricks"][-1]["winner"] == 0
            and not any(b["seat"] == 2 for b in bids) and any(b["seat"] in (1, 3) for b in bids)
            and bids[0]["seat"] == 0)


def find(limit: int = 200000):
    for seed in range(1, limit):
        if seed % 200 == 0:
            print(f"... {seed} deals tried", file=sys.stderr, flush=True)
        dealt = rng.deal(seed, 0)
        hands = [[NAMES[c] for c in h] for h in dealt]
        actions, lessons, state = simulate(hands, [90, 100, 110, 120], seed)
        if suitable(actions, lessons, state):
            return seed, hands, actions, lessons, state
    raise SystemExit("no deal shows every lesson")


def steps(actions: list[dict], lessons: dict, state: dict) -> list[dict]:
    """The coaching, attached to action indexes (shown before that action)."""
    out: list[dict] = []
    last_trick = last_trick_start(actions)
    last_mine = max(i for i, a in enumerate(actions) if a["type"] == "play" and a["seat"] == 0)

    def add(at: int, say: str, point: str | None = None, **extra) -> None:
        step = {"at": at, "say": say}
        if point:
            step["point"] = point
        step.update(extra)
        out.append(step)

    add(0, "learn.welcome", "seats")
    add(0, "learn.order", "seats")
    add(0, "learn.cards", "hand")
    add(0, "learn.points", "hand")
    first_bid = True
    seen_signal = False
    first_card = True
    ghna_told = False
    for i, a in enumerate(actions):
        seat, kind = a.get("seat"), a["type"]
        if i == last_trick:             # said before the last trick is played, not after the hand
            add(i, "learn.last_trick", "bar")
        if seat == 0 and kind == "bid":
            add(i, "learn.bid.first" if first_bid else "learn.bid.again", "actions", amount=a["amount"])
            first_bid = False
        elif seat == 0 and kind == "trump":
            add(i, "learn.trump", "actions", suit=a["suit"], amount=state["last_hand"]["contract"])
        elif seat != 0 and kind in ("announce", "signal"):
            # every word of another seat is spoken of as it appears (its bubble shows it):
            # the first signal teaches the four signals
            if kind == "signal" and not seen_signal:
                add(i + 1, "learn.signals", f"seat-{seat}", signal=a["signal"], who=seat)
            elif seat == 2:
                add(i + 1, f"learn.partner.{kind}", "seat-2", signal=a["signal"])
            else:
                add(i + 1, f"learn.opponent.{kind}", f"seat-{seat}", signal=a["signal"], who=seat)
            seen_signal = seen_signal or kind == "signal"
        elif seat == 0 and kind == "ghna":
            value = next(g["value"] for g in state["last_hand"]["ghna"] if g["suit"] == a["suit"])
            add(i, "learn.ghna", "actions", suit=a["suit"], value=value, cap=state["contract"]["ghna_cap"])
            ghna_told = True
        elif seat == 0 and kind == "play":
            les = lessons[i]
            say = "learn.play.first_lead" if first_card else f"learn.play.{les['kind']}"
            if i == last_mine and les["kind"] not in RULE_LESSONS:
                # the learner's last card takes the last trick: its 10 points, said just before
                assert i > last_trick and state["tricks"][-1]["winner"] == 0, "the learner takes the last trick"
                say = "learn.play.last_card"
            if les["kind"] in RULE_LESSONS:
                add(i, say, f"card:{a['card']}", card=a["card"], wrong=les["wrong"], tryit=les["wrong"])
            else:
                add(i, say, f"card:{a['card']}", card=a["card"])
            first_card = False
        elif seat == 0 and kind in ("pass", "no_signal", "no_ghna", "refuse"):
            add(i, f"learn.do.{kind}", "actions")
    assert ghna_told
    last = state["last_hand"]
    add(len(actions), "learn.score", "panel", points=last["points"][0], amount=last["contract"])
    add(len(actions), "learn.game", "panel")
    return out


def main() -> None:
    if sys.argv[1:] == ["--steps"]:
        # the kept deal, its coaching written again (no new search)
        kept = json.loads(OUT.read_text())
        seed, hands = kept["found_with_seed"], kept["deal"]["hands"]
        actions, lessons, state = simulate(hands, [90, 100, 110, 120], seed)
        assert actions == kept["actions"], "the kept deal no longer plays as written"
    else:
        seed, hands, actions, lessons, state = find()
    lesson = {
        "format": FORMAT,
        "found_with_seed": seed,
        "deal": {"hands": hands, "dealer": DEALER, "scores": [0, 0]},
        "rules": api.new_hand(hands, DEALER)["rules"],
        "actions": actions,
        "steps": steps(actions, lessons, state),
        "result": state["last_hand"],
    }
    check(lesson)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(lesson, indent=1) + "\n")
    print(f"lesson from seed {seed}: {len(actions)} actions, {len(lesson['steps'])} steps, "
          f"contract {state['last_hand']['contract']} made with {state['last_hand']['points']}")


def check(lesson: dict) -> dict:
    """Replays the lesson; each rule lesson's wrong card is refused with its rule's code."""
    codes = {"learn.play.higher": "must_play_higher", "learn.play.trump": "must_trump",
             "learn.play.overtrump": "must_overtrump"}
    state = api.new_hand(lesson["deal"]["hands"], lesson["deal"]["dealer"], lesson["rules"])
    at = {}
    for st in lesson["steps"]:
        at.setdefault(st["at"], []).append(st)
    for i, a in enumerate(lesson["actions"]):
        for st in at.get(i, []):
            if st["say"] in codes:
                try:
                    api.act(state, {"type": "play", "seat": 0, "card": st["tryit"]})
                except api.IllegalAction as e:
                    assert e.code == codes[st["say"]], (i, st, e.code)
                else:
                    raise AssertionError(f"{st['tryit']} was accepted at action {i}")
        assert a in api.legal_actions(state), (i, a)
        state = api.act(state, a)
    assert state["phase"] in ("hand_over", "game_over")
    assert not state["last_hand"]["conceded"], "the lesson's hand is played out"
    assert state["last_hand"] == lesson["result"]
    return state


if __name__ == "__main__":
    main()
