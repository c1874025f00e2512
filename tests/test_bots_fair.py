"""The bots play fair: what each bot is given holds no card of another seat's hand
that has not been played.

Two ways a bot is given a seat:

- the page (web/py/bridge.py) and the terminal game call ``bots.choose`` and
  ``bots.hint`` with a JSON view: every card named in what they are passed (the
  view, the legal actions, who plays each seat) is checked against the deal, over
  whole games with every level at the table; what the earlier hands showed
  (``seen``) is counts alone, the same without the hand in play;
- the arena calls ``Bot.act_game`` with the engine's game itself, for speed: there
  each seat's hand is guarded while the bot decides, so that reading another
  seat's hand (or the deal, or the seed that makes it) fails the test.

The perfect-information player (the arena's yardstick, never offered to players)
reads every hand: the guard catches it, which shows that it would catch a bot that
peeks.  ``tests/test_bots.py::test_bots_never_see_hidden_cards`` checks the same
from the other side: two games that differ only in hidden cards give the same
decisions.  (The seed the page gives a bot, ``bots.seat_seed``, is made from the
game's seed and the move number; the bots use it only to seed their own draws, and
that test keeps the seed fixed while the hidden cards change.)
"""

from __future__ import annotations

import pytest

from touti_core import api, bots, rng
from touti_core.bots import arena, levels
from touti_core.bots.base import Bot
from touti_core.bots.belief import table_memory
from touti_core.cards import NAMES, scan
from touti_core.rules import Rules

from page_python import BRIDGE, call, load

#: The strong bot with small search settings: what it is given does not depend on them.
SMALL = "strong:play_worlds=8,exact_worlds=4,bid_worlds=12"
CARD_NAMES = frozenset(NAMES)


def card_names(x, path=()):
    """Every card name in a JSON value, with where it is (keys included)."""
    if isinstance(x, str):
        if x in CARD_NAMES:
            yield x, path
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from card_names(k, path + (k,))
            yield from card_names(v, path + (k,))
    elif isinstance(x, (list, tuple)):
        for i, v in enumerate(x):
            yield from card_names(v, path + (i,))


def hidden_from(state: dict, seat: int) -> set[str]:
    """The cards the other seats still hold, unplayed."""
    g = api.game_of(state)
    return {NAMES[c] for s in range(4) if s != seat for c in scan(g.hands[s])}


def _no_deal(*_):
    raise AssertionError("a deal was made from the game's seed: hidden cards read")


class Checker:
    """Checks what ``bots.choose`` and ``bots.hint`` are given against the true state
    (``state()``): no card another seat still holds anywhere in it; the finished
    hands (``last_hand``, ``history``) as they were when the last hand ended."""

    def __init__(self, state):
        self.state = state
        self.finished = (None, [])
        self.calls = {"choose": 0, "hint": 0}
        self.own_cards_seen = 0
        self.seen_given = 0

    def check(self, view: dict, *given) -> None:
        st = self.state()
        seat = view["seat"]
        assert seat == st["to_act"] and "seed" not in view and "deal" not in view
        hidden = hidden_from(st, seat)
        current = {k: v for k, v in view.items() if k not in ("last_hand", "history")}
        for name, where in card_names([current, *given]):
            assert name not in hidden, f"seat {seat} was given {name}, another seat's, at {where}"
        # the finished hands are public, and they are those of the hands before this one
        assert (view["last_hand"], view["history"]) == self.finished
        self.own_cards_seen += sum(1 for _ in card_names(view["hand"]))

    def check_seen(self, seen) -> None:
        """What the earlier hands showed (``seen``): counts, made from the finished hands
        alone, whose cards were all played (``table_memory.from_game``)."""
        if seen is None:
            return
        assert all(x is None or (len(x) == 2 and all(type(n) is int for n in x)) for x in seen)
        g = api.game_of(self.state())
        assert seen == table_memory.from_game(g)
        # nothing of the hand in play: the same without its actions
        g.log = g.log[:g.hand_start]
        assert seen == table_memory.from_game(g)
        # and nothing hidden: the same with the hands in play wiped and no deal to be
        # made from the game's seed (only the cards played are read)
        g.hands = [0, 0, 0, 0]
        with pytest.MonkeyPatch.context() as m:
            m.setattr(rng, "deal", _no_deal)
            assert seen == table_memory.from_game(g, {})
        self.seen_given += 1

    def wrap(self, monkeypatch):
        choose, hint = bots.choose, bots.hint

        def checked_choose(view, legal=None, level="normal", seed=None, budget=None, table=None,
                           seen=None):
            self.check(view, legal, level, table, seen)
            self.check_seen(seen)
            self.calls["choose"] += 1
            return choose(view, legal, level, seed, budget, table, seen=seen)

        def checked_hint(view, legal=None, table=None, **kw):
            self.check(view, legal, table, kw)
            self.check_seen(kw.get("seen"))
            self.calls["hint"] += 1
            return hint(view, legal, table, **kw)
        monkeypatch.setattr(bots, "choose", checked_choose)
        monkeypatch.setattr(bots, "hint", checked_hint)
        # the strong bot with small settings, wherever it is made by name
        monkeypatch.setattr(bots, "make_bot", lambda name, seed=0, budget=None:
                            levels.make_bot(SMALL if name == "strong" else name, seed, budget))


@pytest.fixture()
def bridge(monkeypatch):
    from touti_core.bots import plugins
    monkeypatch.setattr(plugins, "REGISTRY", {})
    monkeypatch.setattr(plugins, "_SPECS", {})
    return load(BRIDGE, "touti_bridge_fair")


@pytest.mark.parametrize("seed, table", [
    (5, [None, "random", "normal", "easy"]),
    (8, [None, "strong", "easy", "normal"]),
    (13, [None, "normal", "strong", "strong"]),
])
def test_the_pages_bots_and_hints_are_given_no_hidden_card(bridge, monkeypatch, seed, table):
    """A whole game through the page's bridge: the person's seat plays the hint, the
    others each a level; every view and every other argument the bots and the hint
    are given names no card another seat still holds."""
    session = bridge.SESSIONS.get("game")
    checker = Checker(lambda: session.state)
    checker.wrap(monkeypatch)
    view = call(bridge, op="new", seed=seed, rules={"target": 300})["view"]
    while view["phase"] != "game_over":
        if view["phase"] == "hand_over":
            checker.finished = (view["last_hand"], view["history"])
            ans = call(bridge, op="bot", level="normal", table=table)
        elif view["to_act"] == 0:
            hint = call(bridge, op="hint", table=table)
            assert hint["ok"], hint
            ans = call(bridge, op="act", action=hint["hint"]["action"])
        else:
            ans = call(bridge, op="bot", level=table[view["to_act"]], table=table)
        assert ans["ok"], ans
        view = ans["view"]
    assert len(view["history"]) >= 2 and checker.calls["choose"] > 40 and checker.calls["hint"] > 20
    played_out = [h for h in view["history"][:-1] if not h["cancelled"] and not h["conceded"]]
    assert checker.seen_given > 0 if played_out else checker.seen_given == 0
    assert checker.own_cards_seen > 100          # the walk does find cards: the seat's own


def test_a_view_with_another_seats_card_is_caught():
    """The check itself: the same view given one card of another seat's hand fails it."""
    st = api.new_game(3)
    seat = st["to_act"]
    checker = Checker(lambda: st)
    view = api.view(st, seat)
    checker.check(view, view["legal"])
    other = sorted(hidden_from(st, seat))[0]
    for leak in ({"hand": view["hand"] + [other]}, {"trick": [{"seat": 1, "card": other}]},
                 {"extra": {"cards": [other]}}):
        with pytest.raises(AssertionError, match="another seat's"):
            checker.check(view | leak)
    with pytest.raises(AssertionError, match="another seat's"):
        checker.check(view, [{"type": "play", "seat": seat, "card": other}])
    with pytest.raises(AssertionError):
        checker.check(view | {"last_hand": {"hands": [[other]]}})


# ---------------------------------------------------------------- the arena
class Peeked(AssertionError):
    pass


class SeatOnly(list):
    """Each seat's cards, of which the bot deciding for ``seat`` may read its own only."""

    def __init__(self, hands, seat):
        super().__init__(hands)
        self.seat = seat
        self.read = 0

    def __getitem__(self, i):
        if i != self.seat:
            raise Peeked(f"the bot of seat {self.seat} read hands[{i}]")
        self.read += 1
        return super().__getitem__(i)

    def __iter__(self):
        raise Peeked(f"the bot of seat {self.seat} read every hand")

    def copy(self):
        raise Peeked(f"the bot of seat {self.seat} copied every hand")


class Sealed:
    """The deal (or the seed that makes it) while a bot decides: reading it fails."""

    def __getattr__(self, name):
        raise Peeked(f"read the deal ({name})")

    def __getitem__(self, i):
        raise Peeked("read the deal")

    def __iter__(self):
        raise Peeked("read the deal")

    def __index__(self):
        raise Peeked("read the seed")

    __int__ = __index__


@pytest.fixture()
def guarded(monkeypatch):
    """While a bot decides in ``act_game``, the game it is given shows it its own hand
    only: another hand, the deal or the seed raise :class:`Peeked`.  Returns the
    number of decisions and of reads of the seat's own hand."""
    seen = {"decisions": 0, "own": 0}
    for cls in {*levels.BOTS.values(), Bot}:
        if "act_game" not in cls.__dict__:
            continue
        original = cls.__dict__["act_game"]

        def act_game(self, g, seat, original=original):
            hands, deal, seed = g.hands, g.deal, g.seed
            g.hands = guard = SeatOnly(hands, seat)
            g.deal = Sealed() if deal is not None else None
            g.seed = Sealed() if seed is not None else None
            try:
                return original(self, g, seat)
            finally:
                g.hands, g.deal, g.seed = hands, deal, seed
                seen["decisions"] += 1
                seen["own"] += guard.read
        monkeypatch.setattr(cls, "act_game", act_game)
    return seen


@pytest.mark.parametrize("a, b, person", [
    ("easy", "random", None),
    (SMALL, "normal", None),
    (SMALL, "easy", "normal"),        # a mixed table: a person's stand-in and its partner
])
def test_the_arenas_bots_read_only_their_own_hand(guarded, a, b, person):
    """Whole hands of the arena (both tables of a deal), every level at the table: each
    decision reads the deciding seat's hand and nothing else of the deal."""
    for i in range(3):
        d = arena.play_deal((i, a, b, 11, Rules().to_dict(), None, None, None, False, person))
        assert len(d["tables"]) == 2
    assert guarded["decisions"] > 150 and guarded["own"] >= guarded["decisions"]


def test_whole_games_of_the_arenas_bots_read_only_their_own_hand(guarded):
    """A whole game to the target from a seed (the seed makes every deal: sealed too)."""
    from touti_core.engine import GAME_OVER, Game
    g = Game.new(21, Rules.from_dict({"target": 300}))
    players = [levels.make_bot(name, seed=s)
               for s, name in enumerate(("random", "easy", "normal", SMALL))]
    while g.phase != GAME_OVER:
        g.apply(players[g.to_act if g.to_act is not None else 0].act_game(g, g.to_act or 0))
    assert g.hand_no >= 1 and guarded["decisions"] > 80


def test_the_guard_catches_the_perfect_player(guarded):
    """The perfect-information player (measurement only) reads every hand: caught."""
    hands, dealer = arena.deal_hands(11, 0)
    with pytest.raises(Peeked):
        arena.play_table(hands, dealer, ("perfect", "normal"), [1, 2, 3, 4], Rules())
