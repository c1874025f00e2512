"""The review of a finished hand, for one seat: every card face up, and what
each of the seat's decisions cost.

- For each decision: the strong bot's choice there, with its reason (the
  hint: the same bot and the same words as during play).
- For each card the seat played: the points each legal card would have
  brought the declarers with every hand known — the perfect-information
  search of the arena's perfect player (:class:`.perfect.PerfectBot`), on
  the true deal — and the cost of each, against the best one, in points
  (``costs``, seen from the seat's side: the declarers want more, the
  defenders fewer).
- For each auction decision (a bid, a pass, an announcement, a signal): the
  expected score of the strong bot's choice against the seat's, both played
  on by the strong bot's rollouts of the rest of the auction and the hand in
  the same sampled deals (what the strong bot thinks the decision cost);
  for the choice of trumps, the same with its simulation of the contract.
- A Ghna declined and never declared later costs its value.

``lost_auction`` and ``lost_play`` add them up (rounded).  Deterministic: the
same record gives the same review on every device.
"""

from __future__ import annotations

from typing import Any

from .. import api
from ..cards import NAMES, cards_in, display_order, ghna_value
from ..engine import A_GHNA, A_NEXT_HAND, A_NO_GHNA, A_TRUMP, AUCTION, GHNA, PLAY, SIGNAL, TRUMP, Game
from . import hint
from .belief.knowledge import from_game
from .perfect import PerfectBot
from .strong import StrongBot
from .policy.card_search import CardSearch

#: A fixed seed for the review's own searches: the same record, the same review.
SEED = 20261202


def _replay_to_hand(record: dict, hand: int) -> tuple[Game, list[tuple[int | None, int]]]:
    """The game at the start of hand ``hand`` (0 for the first) and that hand's actions
    (seat, code), from a record (checked by the engine first)."""
    state = api.from_record(record)
    g = api.game_of(state)
    while g.log:                                   # back to the start of the game
        g = api.game_of(api.new_game(record["seed"], record.get("rules")) if "seed" in record
                        else api.new_hand(record["deal"]["hands"], record["deal"]["dealer"],
                                          record.get("rules"), record["deal"].get("scores")))
    number = 0
    start = g.clone() if hand == 0 else None
    actions: list[tuple[int | None, int]] = []
    for a in record["actions"]:
        seat, code = api.action_code(g, a)
        if number == hand:
            if code == A_NEXT_HAND:
                break
            actions.append((seat, code))
        g.apply(code)
        if code == A_NEXT_HAND:
            number += 1
            if number == hand:
                start = g.clone()
    if start is None:
        raise api.IllegalAction("malformed", f"The record has no hand {hand + 1}.", {"hand": hand})
    return start, actions


def _card_costs(g: Game, seat: int) -> dict[str, int]:
    """Each legal card's cost against the best one, with every hand known."""
    k = from_game(g, seat)
    cards = cards_in(g.legal_cards())
    points = CardSearch(k, PerfectBot.defaults).points(cards, list(g.hands))
    declaring = (seat & 1) == (g.declarer & 1)
    best = max(points.values()) if declaring else min(points.values())
    return {NAMES[c]: abs(best - p) for c, p in points.items()}


def _auction_cost(g: Game, seat: int, code: int, best: int, table: tuple[str | None, ...] | None) -> float:
    """What the strong bot expects its choice to score more than ``code`` (0 or more)."""
    if code == best:
        return 0.0
    bot = StrongBot(SEED)
    bot.table = table
    k = from_game(g, seat)
    sim = bot.simulation(k)
    if g.phase == TRUMP:
        worlds = bot.worlds(k, bot.settings.bid_worlds)
        sims = sim.simulate_contract(worlds, seat)
        value = {}
        for c in (code, best):
            p, _ = sim.sim_prob(sims, g.contract, g.cap, c - A_TRUMP)
            value[c] = g.contract * (2 * p - 1)
        return max(0.0, value[best] - value[code])
    worlds = bot.worlds(k, bot.settings.bid_worlds)
    values = sim.rollout_values(worlds, [code, best])
    return max(0.0, values[best] - values[code])


def review_hand(record: dict, hand: int, seat: int = 0, table: list | None = None) -> dict[str, Any]:
    """The review of hand ``hand`` (0 for the first) of a record, for ``seat`` (see the module)."""
    g, actions = _replay_to_hand(record, hand)
    seating = tuple(table) if table is not None else None
    deal = [display_order([NAMES[c] for c in cards_in(h)]) for h in g.hands]
    decisions: list[dict[str, Any]] = []
    lost_auction = lost_play = 0.0
    declined: list[tuple[int, int]] = []          # (index, suit) of Ghna the seat declined
    for i, (s, code) in enumerate(actions):
        if s == seat and len(g.legal()) > 1:
            view = api.view_of(g, seat)
            h = hint(view, view["legal"], table=list(table) if table is not None else None)
            best = api.code_of(h["action"])
            entry: dict[str, Any] = {"at": i, "phase": view["phase"],
                                     "action": api.action_json(s, code),
                                     "best": {k: h[k] for k in ("action", "reason", "code", "params")}}
            if g.phase == PLAY and code < 40:
                costs = _card_costs(g, seat)
                entry["costs"] = costs
                entry["cost"] = costs[NAMES[code]]
                lost_play += entry["cost"]
            elif g.phase in (AUCTION, SIGNAL, TRUMP):
                entry["cost"] = round(_auction_cost(g, seat, code, best, seating), 1)
                lost_auction += entry["cost"]
            elif g.phase == GHNA and code == A_NO_GHNA and A_GHNA <= best < A_NO_GHNA:
                declined.append((len(decisions), best - A_GHNA))
                entry["cost"] = 0
            else:
                entry["cost"] = 0
            decisions.append(entry)
        g.apply(code)
    # a declined Ghna costs its value if it was never declared afterwards
    declared = {x for _, x, _ in g.ghna}
    for index, suit in declined:
        if suit not in declared:
            decisions[index]["cost"] = ghna_value(suit, g.trump)
            lost_play += decisions[index]["cost"]
    done = g.last_hand if g.phase not in (AUCTION, SIGNAL, TRUMP, PLAY, GHNA) else None
    return {
        "hand": hand, "seat": seat, "dealer": g.dealer, "deal": deal,
        "actions": [api.action_json(s, c) for s, c in actions],
        "tricks": [{"leader": ld, "cards": [{"seat": (ld + j) % 4, "card": NAMES[c]} for j, c in enumerate(cs)],
                    "winner": w, "points": p} for ld, cs, w, p in g.tricks],
        "decisions": decisions,
        "lost_auction": round(lost_auction), "lost_play": round(lost_play),
        "result": done,
    }

