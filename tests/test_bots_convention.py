"""The low-card convention (``strong:convention=1``, off by default): a player who plays
a card worth no points, with two or more such cards of that suit to choose from, plays
the highest of them when it holds the Ace or the 3 of the suit, else the lowest; its
partner reads the cards by it."""

from __future__ import annotations

import pytest

from touti_core import api
from touti_core.bots.inference import convention_card, play_weigher
from touti_core.bots.knowledge import from_game, from_view
from touti_core.bots.players import make_bot
from touti_core.cards import POINTS, card_of, mask_of
from touti_core.engine import GAME_OVER, HAND_OVER, PLAY, Game

from rules_helpers import deal_game, play, win_auction


def m(text: str) -> int:
    return mask_of(card_of(c) for c in text.split())


@pytest.mark.parametrize("hand, legal, card, want", [
    ("2C 5C 7C 1C", "2C 5C 7C 1C", "5C", "7C"),     # the Ace: the highest card worth nothing
    ("2C 5C 7C 3C", "2C 5C 7C 3C", "2C", "7C"),     # the 3 likewise
    ("2C 5C 7C 12C", "2C 5C 7C 12C", "7C", "2C"),   # no Ace, no 3: the lowest
    ("2C 7C 1C", "7C", "7C", "7C"),                 # one such card legal: no choice
    ("2C 7C 1C 4O", "2C 7C 1C 4O", "1C", "1C"),     # a card worth points: not concerned
    ("2C 7C 4O 5O 3O", "2C 7C 4O 5O 3O", "4O", "5O"),   # only the suit of the card counts
])
def test_the_convention_s_card(hand, legal, card, want):
    assert convention_card(card_of(card), m(hand), m(legal)) == card_of(want)


def test_convention_players_keep_it_and_the_true_deal_never_breaks_it():
    """Four strong bots with the convention play whole hands: each card they play is the
    convention's, and their partners' reading never finds the true hands breaking it."""
    bots = [make_bot("strong:convention=1,play_worlds=6,exact_worlds=3,bid_worlds=12", seed=s)
            for s in range(4)]
    chosen = 0          # cards played with a choice among two or more worth nothing
    for seed in (3, 4, 5):
        g = Game.new(seed)
        while g.phase != HAND_OVER and g.phase != GAME_OVER:
            s = g.to_act
            if g.phase == PLAY:
                legal, hand = g.legal_cards(), g.hands[s]
            code = bots[s].act_game(g, s)
            if g.phase == PLAY and code < 40:
                assert convention_card(code, hand, legal) == code
                blanks = [c for c in range(40) if legal >> c & 1 and c // 10 == code // 10
                          and not POINTS[c]]
                chosen += not POINTS[code] and len(blanks) > 1
            g.apply(code)
            if g.phase == PLAY and g.tricks:
                weigh = play_weigher(from_game(g, s ^ 2), 1.0, 1.0, eps_convention=0.02)
                if weigh is not None:
                    assert weigh(list(g.hands)) == 1.0
    assert chosen >= 3


def test_the_partner_reads_the_lead_by_the_convention():
    """Seat 0 leads the 7 of cups holding the Ace and the 2: by the convention it holds the
    Ace or the 3 of cups.  For seat 2 a deal in which seat 0 holds neither is 0.02 times as
    likely; one in which it had no choice (the 7 its only low cup) is not concerned."""
    s = deal_game({0: "7C 2C 1C", 1: "4C", 2: "5C"}, closed={0: "C", 1: "C", 2: "C"}, dealer=3)
    s = win_auction(s, 1, 70, "O")
    s = play(s, "7C 4C")
    v = api.view(s, 2)
    k = from_view(v)
    true = [m(" ".join(h)) for h in s["hands"]]
    weigh = play_weigher(k, 1.0, 1.0, eps_convention=0.02)
    assert weigh(true) == 1.0
    ace, two = card_of("1C"), card_of("2C")
    x = next(c for c in range(40) if true[3] >> c & 1 and c not in (ace, two) and not c // 10 == 1)
    no_top = list(true)
    no_top[0] = true[0] & ~(1 << ace) | (1 << x)      # the Ace with seat 3 instead
    no_top[3] = true[3] & ~(1 << x) | (1 << ace)
    assert weigh(no_top) == pytest.approx(0.02)
    no_choice = list(true)
    no_choice[0] = true[0] & ~(1 << two) | (1 << x)   # the 2 with seat 3: no choice then
    no_choice[3] = true[3] & ~(1 << x) | (1 << two)
    assert weigh(no_choice) == 1.0
    # a bot without the convention does not read it
    plain = play_weigher(k, 1.0, 1.0)
    assert plain(no_top) == 1.0
