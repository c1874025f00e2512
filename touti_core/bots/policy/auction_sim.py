"""The strong bot's auction: its bids and trumps by simulating the hand in sampled deals.

For one decision of seat ``k.seat`` and the deals drawn for it
(:mod:`..belief.worlds`), :class:`AuctionSimulation`:

- plays each deal out once per trump, this seat declaring (a *playout*: the
  heuristic play, each player seeing only its own hand), and values each bid
  ``B`` by its chance to make it, ``B x (2 p - 1)``, counting ``bid_bias``
  points more than the playouts make (the bot's own search plays better);
- over the opponents' bid, values leaving, the lowest bid and its best bid
  alike by *rolling out* the rest of the auction in each deal: the other seats
  bid as the normal bot does, this seat as a bolder one, the declarer names
  the trump its hand evaluation calls for and the contract reached is played
  out; leaving is worth minus the opponents' expected score, and a bid counts
  their answer to it (``roll_bids``, ``roll_compete``);
- otherwise, over the opponents' bid, values letting them play by simulating
  their contract (``sim_compete``);
- names trumps by the suit whose simulated contract is worth most.

The work is sized by the number of deals; ``late()`` is only the safety net.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from ...cards import GHNA_VALUE, scan
from ...engine import (
    A_BID, A_PASS, A_TRUMP, AUCTION, SIGNAL, TRUMP, Game, bid_amount, bid_code, ghna_suits, team,
)
from ..base import Bot, Why
from ..belief.knowledge import Knowledge
from ..belief.worlds import World
from ..settings import NormalSettings, StrongSettings
from ..model import bidding, handeval as he
from . import normal
from .search import Position, playout

#: The evidence a blind playout starts from: nothing known of the other hands.
NO_EVIDENCE = (0, 0, 0, 0)
#: One deal simulated: (its weight, the declaring team's card points with each trump,
#: the suits of the Ghna its team holds)
Sim = tuple[float, list[int], list[int]]


def declared_ghna(suits: list[int], trump: int, cap: int) -> int:
    """The Ghna of ``suits`` declared under the cap, the biggest first (docs/rules.md 7)."""
    return he.fit_cap(sorted((GHNA_VALUE[x == trump] for x in suits), reverse=True), cap)


def _never() -> bool:
    return False


class AuctionSimulation:
    """The auction of seat ``k.seat`` simulated in sampled deals (see the module docstring)."""

    def __init__(self, k: Knowledge, settings: StrongSettings,
                 late: Callable[[], bool] = _never, their_bias: Optional[float] = None) -> None:
        self.k = k
        self.settings = settings
        #: the safety cap: True once the decision has run far too long
        self.late = late
        #: points added to the opponents' simulated contract (``their_bias`` by default;
        #: the strong bot gives ``their_bias_read`` where it reads them by replay)
        self.their_bias = settings.their_bias if their_bias is None else their_bias

    # ---- one contract played out
    def play_contract(self, hands: list[int], trump: int, declarer: int) -> int:
        """One playout of the whole hand: the declaring team's card points."""
        k = self.k
        d = Position.make(hands, trump, declarer, (k.dealer + 1) % 4, (), -1, -1, (0, 0), 100,
                          0, 0, 0, k.rules.overtrump)
        playout(d, NO_EVIDENCE if self.settings.sim_blind else None)
        return d.won[team(declarer)]

    def simulate_contract(self, worlds: list[World], declarer: int) -> list[Sim]:
        """For each deal: (weight, card points with each trump, Ghna suits held)."""
        out: list[Sim] = []
        for hands, wt in worlds:
            if out and self.late():
                break
            pts = [self.play_contract(hands, t, declarer) for t in range(4)]
            suits = ghna_suits(hands[declarer]) + ghna_suits(hands[declarer ^ 2])
            out.append((wt, pts, suits))
        return out

    def made_prob(self, points: float, amount: int) -> float:
        """The chance that a simulated result of ``points`` makes ``amount``."""
        return he.normal_cdf((points - amount + 0.5) / self.settings.sim_sigma)

    def contract_chance(self, hands: list[int], declarer: int, trump: int, amount: int,
                        cap: int, bias: float) -> float:
        """The chance that ``declarer`` makes ``amount`` with ``trump`` in the deal ``hands``:
        one playout, plus its team's Ghna under the cap, plus ``bias``."""
        suits = ghna_suits(hands[declarer]) + ghna_suits(hands[declarer ^ 2])
        v = self.play_contract(hands, trump, declarer) + declared_ghna(suits, trump, cap) + bias
        return self.made_prob(v, amount)

    def sim_prob(self, sims: list[Sim], amount: int, cap: int, trump: int) -> tuple[float, float]:
        """(probability to make, mean points) of ``amount`` with ``trump`` over simulations."""
        tot = made = mean = 0.0
        bias = self.settings.bid_bias
        for wt, pts, suits in sims:
            v = pts[trump] + declared_ghna(suits, trump, cap) + bias
            tot += wt
            mean += wt * v
            made += wt * self.made_prob(v, amount)
        if tot <= 0:
            return 0.0, 0.0
        return made / tot, mean / tot

    # ---- the decisions
    def bid(self, legal: list[int], worlds: list[World]) -> tuple[int, Why]:
        """A bid, a pass or an announcement, from the simulated contracts in ``worlds``."""
        k, s = self.k, self.settings
        sims = self.simulate_contract(worlds, k.seat)
        rules = k.rules
        cache: dict[int, bidding.BidValue] = {}

        def at(amount: int) -> bidding.BidValue:
            if amount not in cache:
                best: bidding.BidValue = ()
                for t in range(4):
                    p, m = self.sim_prob(sims, amount, rules.cap(amount), t)
                    v = (amount * (2 * p - 1), p, t, m)
                    if not best or v > best:
                        best = v
                cache[amount] = best
            return cache[amount]
        values = {bid_amount(c): at(bid_amount(c)) for c in legal if A_BID <= c < A_PASS}
        their_bid = bool(k.high) and team(k.high_seat) != team(k.seat)
        if values and s.roll_bids and (their_bid or not s.roll_compete):
            return self.by_rollouts(legal, worlds, values)
        theirs = None
        if values and s.sim_compete and their_bid:
            theirs = self.their_chance(worlds, k.high_seat, k.high)
            alt = -k.high * (2 * theirs - 1)
        else:
            alt = bidding.alternative(k, at, s.compete)
        code, why = bidding.decide_bid(k, legal, values, alt, s.margin)
        if theirs is not None:
            why["theirs"] = theirs
        return code, why

    def by_rollouts(self, legal: list[int], worlds: list[World],
                    values: dict[int, bidding.BidValue]) -> tuple[int, Why]:
        """Leaving the auction, the lowest bid and the ``roll_bids`` best bids by the
        simulation, each valued by playing the rest of the auction out in every deal
        (:meth:`rollout_values`); the best of them."""
        k = self.k
        ranked = sorted(values, key=lambda a: (-values[a][0], a))[:int(self.settings.roll_bids)]
        bids = sorted(set(ranked) | {min(values)})
        leave = bidding.leave_code(k, legal)
        codes = [leave] + [bid_code(b) for b in bids]
        theirs: dict[int, tuple[Optional[float], float]] = {}
        rolled = self.rollout_values(worlds, codes, theirs)
        rolled_bids = {b: (rolled[bid_code(b)],) + tuple(values[b][1:]) for b in bids}
        code, why = bidding.decide_bid(k, legal, rolled_bids, rolled[leave], self.settings.margin)
        if theirs.get(leave, (None,))[0] is not None:   # for the hint: their chance if we
            why["theirs"] = theirs[leave][0]            # leave, and how often they answer
        if code in theirs and code != leave:            # our bid
            why["answered"], why["theirs_after"] = theirs[code][1], theirs[code][0]
        return code, why

    def trump(self, worlds: list[World]) -> tuple[int, Why]:
        """The trump whose simulated contract is worth most (made / failed, and ``lam`` of
        the points beside)."""
        k = self.k
        sims = self.simulate_contract(worlds, k.seat)
        best, best_v = 0, None
        why: Why = {}
        for t in range(4):
            p, m = self.sim_prob(sims, k.contract, k.cap, t)
            v = k.contract * (2 * p - 1) + self.settings.lam * (m - k.contract)
            if best_v is None or v > best_v:
                best, best_v = t, v
                why = {"kind": "trump", "trump": t, "prob": p, "estimate": m}
        return A_TRUMP + best, why

    # ---- the rest of the auction rolled out
    def rollout_values(self, worlds: list[World], codes: list[int],
                       theirs: Optional[dict[int, tuple[Optional[float], float]]] = None
                       ) -> dict[int, float]:
        """code -> this team's expected score after playing ``code``: in each deal the rest
        of the auction is played by :meth:`auction_models` (this seat too, as a bolder normal
        bot), the declarer names trumps by its hand evaluation and the contract is played
        out; a hand nobody bids is worth nothing.  The deals are shared by the codes.
        ``theirs``, if given, receives code -> (the opponents' chance to make the contract
        they reach after it, over the deals where they declare, None if in none; the
        share of the deals in which they declare)."""
        models = self.auction_models()
        models[self.k.seat] = self.bold_model()
        vals = dict.fromkeys(codes, 0.0)
        their = {c: [0.0, 0.0] for c in codes}     # weighted chance, weight
        tot = 0.0
        for hands, wt in worlds:
            if tot and self.late():
                break
            tot += wt
            seen: dict[tuple[int, int, int], tuple[float, Optional[float], bool]] = {}
            for code in codes:      # codes that end in one contract share its score
                g = self.rest_of_auction(hands, code, models)
                key = (g.declarer, g.contract, g.trump)
                if key not in seen:
                    seen[key] = self.rolled_score(hands, g)
                score, p, ours = seen[key]
                vals[code] += wt * score
                if p is not None and not ours:
                    their[code][0] += wt * p
                    their[code][1] += wt
        if theirs is not None:
            theirs.update({c: (m / w if w > 0 else None, w / tot if tot > 0 else 0.0)
                           for c, (m, w) in their.items()})
        if tot <= 0:
            return vals
        return {c: v / tot for c, v in vals.items()}

    def rolled_score(self, hands: list[int], g: Game) -> tuple[float, Optional[float], bool]:
        """(this team's expected score, the declarer's chance, whether it is ours) of the
        contract that the rolled-out auction ``g`` reached, played out in ``hands``;
        ``(0.0, None, False)`` when it was cancelled (nobody scores)."""
        if g.declarer < 0 or g.trump < 0:
            return 0.0, None, False
        d, amount = g.declarer, g.contract
        ours = team(d) == team(self.k.seat)
        s = self.settings
        p = self.contract_chance(hands, d, g.trump, amount, g.cap,
                                 s.bid_bias if ours else self.their_bias)
        return amount * (2 * p - 1) * (1 if ours else -1), p, ours

    def bold_model(self) -> normal.NormalBot:
        """The normal bot's bidding with this bot's margin, and its ``bid_bias`` added to
        the hand evaluation: how this seat bids in a rolled-out auction."""
        s = self.settings
        return normal.NormalBot(0, settings=NormalSettings(
            margin=s.margin, compete=s.compete, eval_bias=s.bid_bias))

    def auction_models(self) -> list[Bot]:
        """Who bids for each seat in the rolled-out auction: the normal bot."""
        model = normal.NormalBot(0)
        return [model, model, model, model]

    def rest_of_auction(self, hands: list[int], code: int,
                        models: Optional[list[Bot]] = None) -> Game:
        """The deal ``hands`` after this hand's actions and ``code``, the rest of the auction
        and the choice of trumps played by ``models`` (by default :meth:`auction_models`)."""
        k = self.k
        g = Game.from_deal([scan(h) for h in hands], k.dealer, k.rules, list(k.scores))
        for _, c in k.actions:
            g.apply(c)
        g.apply(code)
        models = models or self.auction_models()
        while g.phase in (AUCTION, SIGNAL, TRUMP):
            g.apply(models[g.acting].act_game(g, g.acting))
        return g

    def their_chance(self, worlds: list[World], declarer: int, amount: int) -> float:
        """The opponents' chance to make ``amount``: their contract played out in the
        same deals, each with the trump the declarer's own hand calls for (by the hand
        evaluation, as the declarer chooses it, not knowing its partner's hand).  Letting
        them play is worth minus their expected score, ``-amount x (2p - 1)``."""
        k = self.k
        cap = k.rules.cap(amount)
        fore = (k.dealer + 1) % 4
        tot = made = 0.0
        for hands, wt in worlds:
            if tot and self.late():
                break
            value = he.trump_values(hands[declarer], declarer == fore, cap)
            t = max(range(4), key=value.__getitem__)
            made += wt * self.contract_chance(hands, declarer, t, amount, cap,
                                              self.their_bias)
            tot += wt
        return made / tot if tot > 0 else 0.0
