"""The terminal game (``python -m touti_core play``) and replays (``replay FILE``).

The terminal talks to the engine only through :mod:`touti_core.api`, like the
web page: it shows a seat's view, offers the legal actions, and prints the
engine's own sentence when an input is refused.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Callable, TextIO

from . import api, bots
from .bots.belief import table_memory
from .cards import SUIT_LETTERS, SUIT_NAMES, card_of, describe, is_card_name

SEAT_NAMES = ("You", "Right", "Partner", "Left")
SUIT_SYMBOLS = {"O": "O(coins)", "C": "C(cups)", "E": "E(swords)", "B": "B(clubs)"}


def seat_name(seat: int | None, me: int = 0) -> str:
    if seat is None:
        return "-"
    return SEAT_NAMES[(seat - me) % 4]


def says(seat: int, me: int, verb: str) -> str:
    """"You deal" / "Right deals"."""
    name = seat_name(seat, me)
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def team_name(team: int, me: int = 0) -> str:
    return "your team" if team == me % 2 else "the opponents"


def describe_action(a: dict, name: Callable[[int], str]) -> str:
    who = name(a["seat"]) if "seat" in a else ""
    t = a["type"]
    if t == "bid":
        return f"{who}: bid {a['amount']}"
    if t == "pass":
        return f"{who}: pass"
    if t == "announce":
        return f"{who}: early announcement {a['signal']} (leaves the auction)"
    if t == "signal":
        return f"{who}: signal {a['signal']}"
    if t == "no_signal":
        return f"{who}: no signal"
    if t == "trump":
        return f"{who}: trumps {SUIT_NAMES[SUIT_LETTERS.index(a['suit'])]}"
    if t == "play":
        return f"{who}: {describe(card_of(a['card']))} ({a['card']})"
    if t == "ghna":
        return f"{who}: Ghna of {SUIT_NAMES[SUIT_LETTERS.index(a['suit'])]}"
    if t == "no_ghna":
        return f"{who}: no Ghna"
    if t == "concede":
        return f"{who}: proposal to abandon the hand"
    if t == "accept":
        return f"{who}: abandon accepted"
    if t == "refuse":
        return f"{who}: abandon refused"
    return "next hand"


def hand_line(cards: list[str], trump: str | None = None) -> str:
    groups: dict[str, list[str]] = {s: [] for s in SUIT_LETTERS}
    for c in cards:
        groups[c[-1]].append(c)
    order = sorted(SUIT_LETTERS, key=lambda s: s != trump)
    parts = []
    for s in order:
        if groups[s]:
            mark = "*" if s == trump else ""
            parts.append(f"{SUIT_NAMES[SUIT_LETTERS.index(s)]}{mark}: {' '.join(groups[s])}")
    return "   ".join(parts)


def option_label(a: dict) -> str:
    t = a["type"]
    if t == "bid":
        return str(a["amount"])
    if t == "play":
        return a["card"]
    if t in ("announce", "signal"):
        return f"{t} {a['signal']}"
    if t in ("trump", "ghna"):
        return f"{t} {a['suit']}"
    return t.replace("_", " ")


def parse_input(text: str, v: dict) -> dict | None:
    """Turn what a player typed into an action for the seat of view ``v``."""
    words = text.strip().split()
    if not words:
        return None
    seat = v["seat"]
    phase = v["phase"]
    w0 = words[0].lower()
    rest = words[1].upper() if len(words) > 1 else ""
    if phase == "hand_over":
        return {"type": "next_hand"}
    if is_card_name(words[0].upper()):
        return {"type": "play", "seat": seat, "card": words[0].upper()}
    if w0.isdigit():
        return {"type": "bid", "seat": seat, "amount": int(w0)}
    if w0 == "bid" and rest.isdigit():
        return {"type": "bid", "seat": seat, "amount": int(rest)}
    if w0 in ("as", "compte", "+10", "pass") and phase == "signal":
        return {"type": "signal", "seat": seat, "signal": w0.upper()}
    if w0 == "signal" and rest:
        return {"type": "signal", "seat": seat, "signal": rest}
    if w0 in ("as", "compte"):
        return {"type": "announce", "seat": seat, "signal": w0.upper()}
    if w0 == "announce" and rest:
        return {"type": "announce", "seat": seat, "signal": rest}
    if w0 in ("pass", "p"):
        return {"type": "pass", "seat": seat}
    if w0 in ("no", "none", "n", "no_signal", "no_ghna"):
        if phase == "signal":
            return {"type": "no_signal", "seat": seat}
        if phase == "ghna":
            return {"type": "no_ghna", "seat": seat}
        if phase == "concession":
            return {"type": "refuse", "seat": seat}
    suit = _suit_of(words[-1])
    if w0 in ("trump", "ghna") and suit:
        return {"type": w0, "seat": seat, "suit": suit}
    if suit and len(words) == 1:
        return {"type": "ghna" if phase == "ghna" else "trump", "seat": seat, "suit": suit}
    if w0 in ("concede", "abandon"):
        return {"type": "concede", "seat": seat}
    if w0 in ("accept", "yes", "y"):
        return {"type": "accept", "seat": seat}
    if w0 in ("refuse",):
        return {"type": "refuse", "seat": seat}
    return None


def _suit_of(word: str) -> str | None:
    w = word.lower()
    for i, letter in enumerate(SUIT_LETTERS):
        if w in (letter.lower(), SUIT_NAMES[i]):
            return letter
    return None


HELP = """Type one of the options shown. Cards are rank then suit: 1O (Ace of coins),
3C, 12E (Rey of swords), 11B (Cabal of clubs). Bids are numbers (80). Trump and
Ghna take a suit letter (O C E B). Other words: pass, as, compte, +10, no,
concede, accept, refuse, hint, score, quit."""


class TerminalGame:
    """A game for one person at seat ``me`` against bots, on text streams."""

    def __init__(self, seed: int, level: str = "normal", rules: dict | None = None,
                 me: int = 0, inp: TextIO | None = None, out: TextIO | None = None,
                 save: str | None = None) -> None:
        self.state = api.new_game(seed, rules)
        self.hands_seen: dict = {}
        self.level = level
        self.me = me
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        self.save = save
        self.seen = 0          # actions already printed
        self.plays = 0         # cards played in this hand, as printed
        self.bot_rng = random.Random(seed)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.me)

    def team(self, team: int) -> str:
        return team_name(team, self.me)

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)

    def run(self) -> int:
        self.say("Touti: you play seat 0 (bottom) with your partner opposite, against two bots.",
                 "Type 'help' at any prompt.", "")
        self.show_hand_start()
        while self.state["phase"] != "game_over":
            if not self.step():
                self.say("", "Game left. Bye!")
                self.write_save()
                return 0
        self.report_new_actions()
        self.show_hand_result()
        w = self.state["winner"]
        self.say("", f"Game over: {'you win' if w == self.me % 2 else 'the opponents win'}, "
                     f"{self.state['scores'][self.me % 2]} to {self.state['scores'][1 - self.me % 2]}.")
        self.write_save()
        return 0

    def write_save(self) -> None:
        if self.save:
            with open(self.save, "w", encoding="utf-8") as f:
                json.dump(api.to_record(self.state), f)
            self.say(f"Record saved to {self.save}.")

    # ------------------------------------------------------------------
    def step(self) -> bool:
        s = self.state
        self.report_new_actions()
        if s["phase"] == "hand_over":
            self.show_hand_result()
            if self.ask("Press Enter for the next hand") is None:
                return False
            self.apply({"type": "next_hand"})
            self.show_hand_start()
            return True
        seat = s["to_act"]
        v = api.view(s, seat)
        if seat != self.me:
            action = bots.choose(v, v["legal"], self.level, seed=self.bot_rng.randrange(2 ** 31),
                                 table=self.table(),
                                 seen=self.earlier_hands() if self.level == "strong" else None)
            self.apply(action)
            return True
        return self.human_turn(v)

    def earlier_hands(self):
        """What the game's finished hands showed of how each seat plays, as the page's
        strong bots are given it (each hand replayed once a game)."""
        return table_memory.from_game(api.game_of(self.state), self.hands_seen)

    def table(self) -> list:
        """Who plays each seat, as the bots are told: this player (None), bots of the level."""
        return [None if s == self.me else self.level for s in range(4)]

    def human_turn(self, v: dict) -> bool:
        self.show_table(v)
        options = "  ".join(option_label(a) for a in v["legal"])
        while True:
            text = self.ask(f"Your move [{options}]")
            if text is None:
                return False
            word = text.strip().lower()
            if word in ("q", "quit", "exit"):
                return False
            if word in ("help", "?", "h"):
                self.say(HELP)
                continue
            if word == "score":
                self.show_scores()
                continue
            if word == "hint":
                h = bots.hint(v, v["legal"], table=self.table(), seen=self.earlier_hands())
                self.say(f"Hint: {option_label(h['action'])}: {h['reason']}")
                continue
            action = parse_input(text, v)
            if action is None:
                self.say(f"I did not understand {text.strip()!r}. Type one of: {options}")
                continue
            try:
                self.apply(action)
            except api.IllegalAction as e:
                self.say(f"Refused: {e.message}")
                continue
            return True

    def ask(self, prompt: str) -> str | None:
        print(f"{prompt}> ", end="", file=self.out, flush=True)
        line = self.inp.readline()
        if not line:
            print(file=self.out)
            return None
        return line

    def apply(self, action: dict) -> None:
        self.state = api.act(self.state, action)

    # ------------------------------------------------------------ output
    def report_new_actions(self) -> None:
        """Print the actions taken since the last report, with each trick's result."""
        s = self.state
        for a in s["actions"][self.seen:]:
            if a["type"] == "next_hand":
                self.plays = 0
                continue
            self.say("  " + describe_action(a, self.name))
            if a["type"] == "trump":
                self.say("", f"  Play begins: {says(s['forehand'], self.me, 'lead')}.")
            if a["type"] == "play":
                self.plays += 1
                if self.plays % 4 == 0 and len(s["tricks"]) >= self.plays // 4:
                    t = s["tricks"][self.plays // 4 - 1]
                    self.say(f"  -> {says(t['winner'], self.me, 'win')} the trick "
                             f"({t['points']} points).")
        self.seen = len(s["actions"])

    def show_hand_start(self) -> None:
        s = self.state
        self.say("", f"=== Hand {s['hand_number'] + 1}: {says(s['dealer'], self.me, 'deal')}; "
                     f"{says(s['forehand'], self.me, 'speak')} first. Score: you "
                     f"{s['scores'][self.me % 2]}, them {s['scores'][1 - self.me % 2]} ===")

    def show_table(self, v: dict) -> None:
        c = v["contract"]
        trump = c["trump"] if c else None
        if c:
            self.say(f"Contract: {self.name(c['declarer'])} {c['amount']}"
                     + (f", trumps {SUIT_SYMBOLS[trump]}" if trump else "")
                     + (f", Ghna cap {c['ghna_cap']}" if c['ghna_cap'] else ""))
        if v["phase"] in ("play", "concession", "ghna") and v["trick"]:
            self.say("Trick: " + ", ".join(f"{self.name(t['seat'])} {t['card']}"
                                           for t in v["trick"]))
        self.say("Your hand: " + hand_line(v["hand"], trump))

    def show_scores(self) -> None:
        s = self.state
        self.say(f"Score: you {s['scores'][self.me % 2]}, them {s['scores'][1 - self.me % 2]} "
                 f"(target {s['rules']['target']})")

    def show_hand_result(self) -> None:
        r = self.state["last_hand"]
        if r is None:
            return
        self.say("")
        for line in result_lines(r, self.name, self.team):
            self.say(line)
        self.show_scores()


def result_lines(r: dict, name: Callable[[int], str], team_of: Callable[[int], str]) -> list[str]:
    if r["cancelled"]:
        return ["All four passed: the hand is cancelled, nobody scores."]
    team = r["declarer"] % 2
    lines = [f"Contract {r['contract']} by {name(r['declarer'])}, trumps "
             f"{SUIT_NAMES[SUIT_LETTERS.index(r['trump'])]}"
             + (" (the defenders abandoned)" if r.get("conceded") else "") + "."]
    for g in r["ghna"]:
        lines.append(f"  Ghna of {SUIT_NAMES[SUIT_LETTERS.index(g['suit'])]} by "
                     f"{name(g['seat'])}: +{g['value']}")
    lines.append(f"Points: declaring team {r['points'][team]}, defenders {r['points'][1 - team]}.")
    lines.append(("Made" if r["made"] else "Failed") + f": +{max(r['delta'])} to "
                 f"{team_of(team if r['made'] else 1 - team)}.")
    return lines


# ------------------------------------------------------------------ replay
def replay(record: dict, out: TextIO | None = None) -> None:
    """Print a record hand by hand: deal, auction, trumps, tricks, Ghna, result."""
    state = api.from_record(record)          # validates the whole record first
    out = out or sys.stdout
    say: Callable[[str], None] = lambda line: print(line, file=out)
    src = {k: record[k] for k in ("seed", "deal") if k in record}
    st = api.new_game(src["seed"], record.get("rules")) if "seed" in src else api.new_hand(
        src["deal"]["hands"], src["deal"]["dealer"], record.get("rules"), src["deal"].get("scores"))
    say(f"Touti record: {'seed ' + str(src['seed']) if 'seed' in src else 'fixed deal'}, "
        f"{len(record['actions'])} actions, rules {json.dumps(st['rules'])}")
    hand_intro(st, say)
    for a in record["actions"]:
        before = st
        st = api.act(st, a)
        if a["type"] == "next_hand":
            if st["phase"] != "game_over":
                hand_intro(st, say)
            continue
        say("  " + describe_action(a, lambda seat: f"Seat {seat}"))
        if len(st["tricks"]) > len(before["tricks"]):
            t = st["tricks"][-1]
            say(f"    trick {len(st['tricks'])} to seat {t['winner']} ({t['points']} points)")
        if st["last_hand"] is not before["last_hand"] and st["history"] != before["history"]:
            for line in result_lines(st["last_hand"], lambda seat: f"seat {seat}",
                                     lambda team: f"team {team}"):
                say("  " + line)
            say(f"  Score: team 0 {st['scores'][0]}, team 1 {st['scores'][1]}")
    if state["phase"] == "game_over" and state["winner"] is not None:
        say(f"Game over: team {state['winner']} wins {state['scores'][state['winner']]} "
            f"to {state['scores'][1 - state['winner']]}.")


def hand_intro(st: dict, say: Callable[[str], None]) -> None:
    say("")
    say(f"Hand {st['hand_number'] + 1}: dealer seat {st['dealer']}")
    for s in range(4):
        say(f"  seat {s}: {hand_line(st['hands'][s])}")
