"""The review of a finished hand, for one seat: every card face up, and what
each of the seat's decisions cost.

- For each decision: the strong bot's choice there, with its reason (the
  hint: the same bot and the same words as during play).
- For each card the seat played: the points each legal card would have
  brought the declarers with every hand known — the perfect-information
  search of the arena's perfect player (:class:`.perfect.PerfectBot`), on
  the true deal — and the cost of each, against the best one, in points of
  the hand (``costs``, seen from the seat's side: the declarers want more,
  the defenders fewer); ``best_cards``: the cards that cost nothing.  Cards
  that are equivalent (touching cards of a suit, worth the same) are one
  move: they get one cost, and the strong bot's choice is "the same"
  (``same``) when it is the seat's card or one equivalent to it.  The cost
  is measured against the best card with every hand known, not against the
  strong bot's choice: the strong bot sees only its own hand, so it may
  choose the seat's card and that card still cost points (``same`` and a
  cost are then both true, and the page says which yardstick each is).
- For each auction decision (a bid, a pass, an announcement, a signal): the
  expected score of the strong bot's choice against the seat's, both played
  on by the strong bot's rollouts of the rest of the auction and the hand in
  the same sampled deals (what the strong bot thinks the decision cost);
  for the choice of trumps, the same with its simulation of the contract.
  An estimate in points of score, with ``estimate`` set, ``deals`` the deals
  sampled and ``margin`` the half-width of its 95% interval (1.96 standard
  errors of the weighted mean of the paired differences).
- A Ghna declined and never declared later costs its value.

Each decision also says ``trick``: the trick it was taken in (1 to 10), 0
for the auction.  ``lost_auction`` and ``lost_play`` add the costs up
(rounded; ``lost_auction_margin`` the auction's 95% half-width, the
decisions' margins added in quadrature) and ``top`` lists the indexes in
``decisions`` of the (at most three) costliest decisions, costliest first.
Deterministic: the same record gives the same review on every device.
"""

from __future__ import annotations

import math
from typing import Any

from .. import api
from ..cards import NAMES, cards_in, display_order, ghna_value
from ..engine import A_GHNA, A_NEXT_HAND, A_NO_GHNA, A_TRUMP, AUCTION, GHNA, PLAY, SIGNAL, TRUMP, Game
from . import hint
from .belief import table_memory
from .belief.knowledge import from_game
from .perfect import PerfectBot
from .strong import StrongBot
from .policy.card_search import CardSearch

#: A fixed seed for the review's own searches: the same record, the same review.
SEED = 20261202
#: How many of the costliest decisions the summary names.
TOP = 3
#: The normal quantile of a 95% interval.
Z95 = 1.96


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


def _equivalent(g: Game, seat: int, a: int, b: int) -> bool:
    """Are the cards ``a`` and ``b`` one move for ``seat`` (touching cards of a suit, worth
    the same: every card between them out of play or in the seat's hand)?"""
    return a == b or len(CardSearch(from_game(g, seat), PerfectBot.defaults).candidate_moves([a, b])) == 1


def _card_costs(g: Game, seat: int) -> dict[str, int]:
    """Each legal card's cost against the best one, with every hand known: one search
    for each distinct move, the same cost for the cards equivalent to it."""
    k = from_game(g, seat)
    cards = cards_in(g.legal_cards())
    search = CardSearch(k, PerfectBot.defaults)
    moves = search.candidate_moves(cards)
    points = search.points(moves, list(g.hands))
    declaring = (seat & 1) == (g.declarer & 1)
    best = max(points.values()) if declaring else min(points.values())
    out = {}
    for c in cards:
        move = next(m for m in moves if _equivalent(g, seat, m, c))
        out[NAMES[c]] = abs(best - points[move])
    return out


def _weighted_estimate(diffs: list[tuple[float, float]]) -> tuple[float, float]:
    """The weighted mean of paired differences ``(weight, difference)`` and the half-width
    of its 95% interval (weighted variance over the effective number of deals)."""
    tot = sum(w for w, _ in diffs)
    if tot <= 0:
        return 0.0, 0.0
    mean = sum(w * d for w, d in diffs) / tot
    var = sum(w * (d - mean) ** 2 for w, d in diffs) / tot
    n_eff = tot * tot / sum(w * w for w, _ in diffs)
    return mean, Z95 * math.sqrt(var / n_eff) if n_eff > 1 else 0.0


def _auction_cost(g: Game, seat: int, code: int, best: int,
                  table: tuple[str | None, ...] | None,
                  seen: table_memory.Seen | None = None) -> tuple[float, float, int]:
    """What the strong bot expects its choice to score more than ``code`` (0 or more), the
    95% half-width of that estimate and the number of deals it sampled."""
    if code == best:
        return 0.0, 0.0, 0
    bot = StrongBot(SEED)
    bot.table = table
    bot.seen = seen
    k = from_game(g, seat)
    sim = bot.simulation(k)
    worlds = bot.worlds(k, bot.settings.bid_worlds)
    diffs: list[tuple[float, float]] = []
    if g.phase == TRUMP:
        for one in sim.simulate_contract(worlds, seat):
            value = {c: g.contract * (2 * sim.sim_prob([one], g.contract, g.cap, c - A_TRUMP)[0] - 1)
                     for c in (code, best)}
            diffs.append((one[0], value[best] - value[code]))
    else:
        # the rollouts of AuctionSimulation.rollout_values, deal by deal
        models = sim.auction_models()
        models[seat] = sim.bold_model()
        for hands, wt in worlds:
            score = {c: sim.rolled_score(hands, sim.rest_of_auction(hands, c, models))[0]
                     for c in (code, best)}
            diffs.append((wt, score[best] - score[code]))
    mean, margin = _weighted_estimate(diffs)
    return max(0.0, mean), margin, len(diffs)


def review_hand(record: dict, hand: int, seat: int = 0, table: list | None = None) -> dict[str, Any]:
    """The review of hand ``hand`` (0 for the first) of a record, for ``seat`` (see the module)."""
    g, actions = _replay_to_hand(record, hand)
    seating = tuple(table) if table is not None else None
    seen = table_memory.from_game(g)              # the earlier hands, as the page's bots saw them
    deal = [display_order([NAMES[c] for c in cards_in(h)]) for h in g.hands]
    decisions: list[dict[str, Any]] = []
    lost_auction = lost_play = auction_var = 0.0
    plays = 0                                     # cards played so far in the hand
    declined: list[tuple[int, int]] = []          # (index, suit) of Ghna the seat declined
    for i, (s, code) in enumerate(actions):
        if s == seat and len(g.legal()) > 1:
            view = api.view_of(g, seat)
            h = hint(view, view["legal"], table=list(table) if table is not None else None, seen=seen)
            best = api.code_of(h["action"])
            entry: dict[str, Any] = {"at": i, "phase": view["phase"],
                                     "trick": plays // 4 + 1 if g.phase not in (AUCTION, SIGNAL, TRUMP) else 0,
                                     "action": api.action_json(s, code),
                                     "best": {k: h[k] for k in ("action", "reason", "code", "params")},
                                     "same": code == best}
            if g.phase == PLAY and code < 40:
                costs = _card_costs(g, seat)
                entry["costs"] = costs
                entry["cost"] = costs[NAMES[code]]
                entry["best_cards"] = [c for c in display_order(list(costs)) if costs[c] == 0]
                entry["same"] = best < 40 and _equivalent(g, seat, code, best)
                lost_play += entry["cost"]
            elif g.phase in (AUCTION, SIGNAL, TRUMP):
                cost, margin, deals = _auction_cost(g, seat, code, best, seating, seen)
                entry["cost"] = round(cost, 1)
                entry["estimate"] = True
                entry["margin"] = round(margin, 1)
                entry["deals"] = deals
                lost_auction += entry["cost"]
                auction_var += margin * margin
            elif g.phase == GHNA and code == A_NO_GHNA and A_GHNA <= best < A_NO_GHNA:
                declined.append((len(decisions), best - A_GHNA))
                entry["cost"] = 0
            else:
                entry["cost"] = 0
            decisions.append(entry)
        if g.phase == PLAY and code < 40:
            plays += 1
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
        "lost_auction_margin": round(math.sqrt(auction_var)),
        "top": sorted((j for j, d in enumerate(decisions) if d["cost"] > 0),
                      key=lambda j: (-decisions[j]["cost"], j))[:TOP],
        "result": done,
    }

