"""The bots: one class per level, one method for every decision.

Every bot answers ``act(k, legal) -> code`` where ``k`` is the seat's
:class:`~touti_core.bots.knowledge.Knowledge` (own hand + public history) and
``legal`` the legal engine action codes.  ``act_game(g, seat)`` is the fast
path for the arena: it builds the same ``Knowledge`` from the engine game
without JSON (reading only the seat's own hand and the public log).

Levels:

- :class:`RandomBot` — a uniformly random legal action (a baseline, not offered in the UI);
- :class:`EasyBot` — sensible rules with some randomness, little card tracking;
- :class:`NormalBot` — card tracking, voids and play-rule evidence, signals read
  and sent, Ghna declared well, bids from the calibrated hand evaluation;
- :class:`StrongBot` — determinized search: sampled deals consistent with all
  the public evidence, values averaged across them, exact alpha-beta in the
  last tricks; bids and trump by simulating the hand;
- :class:`PerfectBot` — the same search on the true deal (it sees every hand):
  a yardstick for measurement only, never offered to players.

After each decision ``bot.why`` holds what the decision rested on, for hints.
"""

from __future__ import annotations

import math
import random
import time

from ..cards import ACES_MASK, GHNA_MASK, GHNA_VALUE, POINTS, SUIT_MASK, mask_of, scan
from ..engine import (
    A_ACCEPT, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_CONCEDE, A_GHNA, A_NEXT_HAND,
    A_NO_GHNA, A_NO_SIGNAL, A_PASS, A_REFUSE, A_SIGNAL, A_TRUMP, AUCTION, CONCESSION, GHNA,
    HAND_OVER, PLAY, SIGNAL, TRUMP, Game, bid_amount, bid_code, bid_codes, lowest_bid,
)
from . import handeval as he
from .inference import by_hand, play_weigher
from .knowledge import Knowledge, build, from_game
from .play import Deal, Table, _moves, ghna_keep, heuristic_card, playout, solve
from .sampler import Sampler

SIG_AS, SIG_COMPTE, SIG_PLUS10, SIG_PASS = A_SIGNAL, A_SIGNAL + 1, A_SIGNAL + 2, A_SIGNAL + 3
NO_EVIDENCE = (0, 0, 0, 0)


def sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Bot:
    """Base class: dispatches each decision to a method by phase."""

    level = "base"

    def __init__(self, seed: int | None = 0, budget: float | None = None) -> None:
        self.rand = random.Random(seed)
        self.budget = budget
        self.why: dict = {}
        #: who plays each seat, as the table knows it: a bot's name ("normal", ...) or
        #: None (a person, or not known); None for the whole table when nothing is known
        self.table: tuple | None = None

    def act_game(self, g, seat: int) -> int:
        """Fast path: decide for ``seat`` of an engine game (own hand + public log only)."""
        return self.act(from_game(g, seat), g.legal())

    def act(self, k: Knowledge, legal: list) -> int:
        self.why = {}
        if not legal:
            raise ValueError("no legal action")
        ph = k.phase
        if ph == HAND_OVER or legal == [A_NEXT_HAND]:
            return A_NEXT_HAND
        if len(legal) == 1:
            self.why = {"kind": "forced"}
            return legal[0]
        if ph == AUCTION:
            return self.auction(k, legal)
        if ph == SIGNAL:
            return self.signal(k, legal)
        if ph == TRUMP:
            return self.choose_trump(k, legal)
        if ph == PLAY:
            if A_CONCEDE in legal and self.concede(k):
                self.why = {"kind": "concede"}
                return A_CONCEDE
            cards = [c for c in legal if c < 40]
            if len(cards) == 1:
                self.why = {"kind": "forced"}
                return cards[0]
            return self.card(k, cards)
        if ph == GHNA:
            return self.ghna(k, legal)
        if ph == CONCESSION:
            return A_ACCEPT if self.accept(k) else A_REFUSE
        return legal[0]

    # defaults: the rules every level shares unless it knows better -----------
    def auction(self, k, legal):
        return A_PASS

    def signal(self, k, legal):
        return A_NO_SIGNAL

    def choose_trump(self, k, legal):
        return A_TRUMP + longest_suit(k.hand)

    def card(self, k, cards):
        return cards[0]

    def ghna(self, k, legal):
        return legal[0]

    def concede(self, k) -> bool:
        return False

    def accept(self, k) -> bool:
        return already_made(k)


def longest_suit(hand: int) -> int:
    return max(range(4), key=lambda x: ((hand & SUIT_MASK[x]).bit_count(),
                                        sum(POINTS[c] for c in scan(hand & SUIT_MASK[x]))))


def already_made(k: Knowledge) -> bool:
    """The declaring team already holds its contract: nothing the defenders do changes it."""
    return k.declarer >= 0 and k.points()[k.declarer & 1] >= k.contract


def keep_mask(k: Knowledge) -> int:
    """My undeclared Ghna that still fit: keep their Rey and Cabal while I can."""
    if not k.declaring(k.seat):
        return 0
    return ghna_keep(k.hand, k.trump, k.cap, k.ghna_total, k.ghna_done)


def table_of(k: Knowledge, track: bool = True) -> Table:
    """What the heuristic policy knows: tracked holdings (or only the unseen cards)."""
    if track:
        may = [k.can(s) for s in range(4)]
    else:
        u = k.unseen
        may = [k.hand if s == k.seat else u for s in range(4)]
    return Table(may, False)


# --------------------------------------------------------------- random
class RandomBot(Bot):
    level = "random"

    def act(self, k, legal):
        self.why = {"kind": "random"}
        return legal[self.rand.randrange(len(legal))]


# ----------------------------------------------------------------- easy
class EasyBot(Bot):
    """Sensible rules of thumb, a little noise, no card tracking beyond the table."""

    level = "easy"
    noise = 0.2

    def auction(self, k, legal):
        hand = k.hand
        t = longest_suit(hand)
        est = 25 + sum(POINTS[c] for c in scan(hand)) * 0.6 + 4 * (hand & SUIT_MASK[t]).bit_count()
        est += sum(he.ghna_values(hand, t)) * 0.5 + self.rand.uniform(-12, 12)
        low = lowest_bid(k.high)
        partner_high = k.high_seat == k.seat ^ 2
        if low <= est and not partner_high and bid_code(low) in legal:
            self.why = {"kind": "bid", "amount": low, "estimate": est, "trump": t}
            return bid_code(low)
        if k.in_mask >> (k.seat ^ 2) & 1 and self.rand.random() < 0.5:
            for code in (A_ANNOUNCE_COMPTE, A_ANNOUNCE_AS):
                if code in legal:
                    self.why = {"kind": "announce"}
                    return code
        self.why = {"kind": "pass", "estimate": est}
        return A_PASS

    def signal(self, k, legal):
        if self.rand.random() < 0.5:
            for code in (SIG_COMPTE, SIG_AS):
                if code in legal:
                    return code
        return A_NO_SIGNAL

    def choose_trump(self, k, legal):
        t = longest_suit(k.hand)
        self.why = {"kind": "trump", "trump": t}
        return A_TRUMP + t

    def card(self, k, cards):
        if self.rand.random() < self.noise:
            self.why = {"kind": "random"}
            return cards[self.rand.randrange(len(cards))]
        return heuristic_card(k.seat, k.hand, mask_of(cards), k.trick, k.win_card, k.win_seat, k.trump,
                              k.declarer, table_of(k, track=False), keep_mask(k))

    def ghna(self, k, legal):
        return legal[0]


# --------------------------------------------------------------- normal
class NormalBot(Bot):
    """Card tracking, evidence, signals, the calibrated hand evaluation."""

    level = "normal"
    margin = 4.0           # EV a bid must beat its alternative by
    compete = 0.05         # cost of letting the opponents play, per point of their bid
    eval_bias = 0.0        # points added to the hand evaluation (a stronger player makes more)
    plus10_strength = 58   # the hand strength (he.best_strength) that signals +10

    # ---- auction
    def partner_bonus(self, k: Knowledge) -> tuple:
        """(card points, extra Ghna values) the partner's information is worth."""
        p = k.seat ^ 2
        bonus = 0.0
        ghna = []
        told = k.signals_of(p)
        for i, name in enumerate(told):
            if name == "PASS" and i > 0:
                name = "PASS_late"
            bonus += he.PARTNER.get(name, 0.0)
            if name == "COMPTE" and not ghna:
                ghna.append(20)
        if k.bids[p]:
            bonus += he.PARTNER["bid"]
        elif (not k.in_mask >> p & 1 and k.announced[p] < 0 and not told
              and _was_in_when_passed(k, p)):
            bonus += he.PARTNER["passed"]
        return bonus, ghna

    def estimates(self, k: Knowledge) -> dict:
        """Trump -> (card points estimate, Ghna values) for this hand as declarer."""
        fore = k.seat == (k.dealer + 1) % 4
        bonus, pghna = self.partner_bonus(k)
        bonus += self.eval_bias
        return {t: (he.card_points(k.hand, t, fore) + bonus,
                    sorted(he.ghna_values(k.hand, t) + pghna, reverse=True))
                for t in range(4)}

    def make_prob(self, k: Knowledge, amount: int, est: dict) -> tuple:
        """(probability, trump): the best chance to make ``amount`` with some trump."""
        cap = k.rules.cap(amount)
        best = (-1.0, 0)
        for t, (e, gv) in est.items():
            if gv:      # the Ghna that fit under the cap, at the share declared in practice
                e += he.GHNA_RATE * he.fit_cap(gv, cap)
            p = he.normal_cdf((e - amount) / he.SIGMA)
            if p > best[0]:
                best = (p, t)
        return best

    def bid_values(self, k: Knowledge, legal: list) -> dict:
        est = self.estimates(k)
        out = {}
        for code in legal:
            if A_BID <= code < A_PASS:
                b = bid_amount(code)
                p, t = self.make_prob(k, b, est)
                out[b] = (b * (2 * p - 1), p, t)
        return out

    def alternative(self, k: Knowledge, values_fn) -> float:
        """What passing is worth: nothing, the partner's contract, or the opponents'."""
        if k.high == 0:
            return 0.0
        if k.high_seat == k.seat ^ 2:
            return values_fn(k.high)[0]
        return -self.compete * k.high

    def auction(self, k, legal):
        values = self.bid_values(k, legal)
        est_cache = {}

        def at(amount):
            if amount not in est_cache:
                est = self.estimates(k)
                p, t = self.make_prob(k, amount, est)
                est_cache[amount] = (amount * (2 * p - 1), p, t)
            return est_cache[amount]
        return self._decide_bid(k, legal, values, self.alternative(k, at))

    def _decide_bid(self, k, legal, values, alt):
        if values:
            b = max(values, key=lambda a: (values[a][0], -a))
            ev, p, t = values[b][:3]
            if ev > alt + self.margin:
                self.why = {"kind": "bid", "amount": b, "prob": p, "trump": t, "ev": ev, "alt": alt,
                            "mean": values[b][3] if len(values[b]) > 3 else None}
                return bid_code(b)
        # pass: with an early announcement when the partner may still bid
        code = self.leave_code(k, legal)
        if code == A_PASS:
            self.why = {"kind": "pass", "alt": alt,
                        "best": max(values.values())[1] if values else 0.0}
        else:
            self.why = {"kind": "announce", "signal": "COMPTE" if code == A_ANNOUNCE_COMPTE else "AS"}
        return code

    def leave_code(self, k: Knowledge, legal: list) -> int:
        """How this seat leaves the auction: an announcement while the partner may still bid."""
        if k.in_mask >> (k.seat ^ 2) & 1:
            for code in (A_ANNOUNCE_COMPTE, A_ANNOUNCE_AS):
                if code in legal:
                    return code
        return A_PASS

    def signal(self, k, legal):
        told = k.signals_of(k.seat)
        if SIG_COMPTE in legal and "COMPTE" not in told:
            self.why = {"kind": "signal", "signal": "COMPTE"}
            return SIG_COMPTE
        if SIG_AS in legal and "AS" not in told:
            self.why = {"kind": "signal", "signal": "AS"}
            return SIG_AS
        strength = he.best_strength(k.hand)
        if strength >= self.plus10_strength and "+10" not in told:
            self.why = {"kind": "signal", "signal": "+10", "strength": strength}
            return SIG_PLUS10
        if not told:
            self.why = {"kind": "signal", "signal": "PASS", "strength": strength}
            return SIG_PASS
        self.why = {"kind": "no_signal"}
        return A_NO_SIGNAL

    def choose_trump(self, k, legal):
        est = self.estimates(k)
        cap = k.cap
        best = max(range(4), key=lambda t: est[t][0] + he.GHNA_RATE * he.fit_cap(est[t][1], cap))
        self.why = {"kind": "trump", "trump": best,
                    "estimate": est[best][0] + he.fit_cap(est[best][1], cap)}
        return A_TRUMP + best

    # ---- play
    def card(self, k, cards):
        c = heuristic_card(k.seat, k.hand, mask_of(cards), k.trick, k.win_card, k.win_seat, k.trump,
                           k.declarer, table_of(k), keep_mask(k))
        self.why = {"kind": "card"}
        return c

    def ghna(self, k, legal):
        opts = [c - A_GHNA for c in legal if A_GHNA <= c < A_NO_GHNA]
        if k.trump in opts:
            self.why = {"kind": "ghna", "suit": k.trump, "value": GHNA_VALUE[True],
                        "first40": len(opts) > 1}
            return A_GHNA + k.trump
        room = k.cap - k.ghna_total
        if room < 60 and self.partner_may_hold_trump_ghna(k):
            self.why = {"kind": "no_ghna", "wait": True}
            return A_NO_GHNA
        # the Ghna whose cards are most exposed (fewest guards in the suit) first
        x = min(opts, key=lambda s: (k.hand & SUIT_MASK[s]).bit_count())
        self.why = {"kind": "ghna", "suit": x, "value": GHNA_VALUE[False]}
        return A_GHNA + x

    def partner_may_hold_trump_ghna(self, k: Knowledge) -> bool:
        p = k.seat ^ 2
        g = GHNA_MASK[k.trump]
        if k.ghna_done >> k.trump & 1 or k.can(p) & g != g:
            return False
        if k.ghna_total + 40 > k.cap:
            return False
        return k.declarer == p or "COMPTE" in k.signals_of(p)

    def concede(self, k) -> bool:
        return already_made(k)

    def accept(self, k) -> bool:
        return already_made(k)


# --------------------------------------------------------------- strong
class StrongBot(NormalBot):
    """Determinized search over deals consistent with the public evidence."""

    level = "strong"
    margin = 0.0            # bids more readily than the normal bot (tuned in the arena)
    compete = 0.2           # and lets the opponents play less readily (when not simulated)
    play_worlds = 48        # sampled deals per card decision
    exact_worlds = 20       # sampled deals when the rest is searched exactly
    exact_tricks = 4        # exact alpha-beta when this many tricks (or fewer) remain
    bid_worlds = 96
    lam = 0.25              # weight of the points beside made/failed
    default_budget = 15.0   # seconds: only a safety net; the work is sized by counts (the
                            # slowest decision measured under Pyodide took 0.4 s, bench/bots_pyodide.mjs)
    bid_bias = 5.0          # points added to the simulated result in the auction (the
                            # playouts make less than the searching declarer; arena-tuned)
    their_bias = 5.0        # the same for the opponents' simulated contract
    sim_sigma = 10.0        # spread of the real result around one simulated playout
    soft = 1                # weigh the worlds by the soft evidence (auction, play)
    eps = 0.02              # likelihood of a card the sensible-play model would not choose
    eps_partner = 0.6       # the same for the partner's cards
    soft_t = 10.0           # temperature of the auction evidence (points)
    conventions = 0.2       # likelihood of a hand that breaks the signal conventions (1: ignore them)
    sim_auction = 1         # bid by simulation (0: by the hand evaluation)
    sim_trump = 1           # name trumps by simulation (0: by the hand evaluation)
    sim_blind = 1           # auction playouts where each player sees only its own hand
    blind = 1               # playouts where each player sees only its own hand (0: all hands)
    pool = 24.0             # card play: draw pool x n deals, keep n by their weights
                            # (8: 0.9 a hand less over 6,000 deals, within the noise; docs/bots.md)
    bid_pool = 4.0          # the same in the auction and the choice of trumps, when an opponent is
                            # read by replay (read_model, which leaves fewer deals); else 1 (with
                            # the soft reading alone no gain was measured, docs/bots.md)
    sim_compete = 1         # value letting the opponents play by simulating their contract (0: -compete x bid)
    mid_exact = 3           # before the exact tricks: play out all but this many, search those exactly
    roll_bids = 1           # value leaving and the best N bids (and the lowest) alike, by playing
                            # the rest of the auction out in each deal (0: off)
    roll_compete = 1        # 1: roll_bids only when the opponents hold the highest bid, so that a
                            # bid over them counts their answer to it (+1.1 a hand over seeds 1000
                            # to 4000; 0: the bid valued as the contract, docs/bots.md)
    read_announced = 1      # 1: an early announcement read as the pass it counts as, when some
                            # opponent is read by replay (read_model; docs/bots.md)
    read_model = 1          # 1: before the card play, the bids and passes of the opponents that
    model_eps = 0.01        # the table says are normal bots read by replaying the normal bot's
                            # auction on each hand: a hand on which it would have done otherwise
                            # is this likely (instead of their terms; docs/bots.md)
    _deadline = float("inf")

    def deadline(self) -> float:
        b = self.budget if self.budget is not None else self.default_budget
        return time.perf_counter() + b

    def late(self) -> bool:
        """Past the safety cap.  The work of every decision is sized by counts (deals,
        playouts), never by time, so that a seed gives the same decisions on every
        device; this cap, far above the slowest decision, is only a safety net."""
        return time.perf_counter() > self._deadline

    def act(self, k, legal):
        self._deadline = self.deadline()
        return super().act(k, legal)

    # ---- worlds
    def sampler(self, k: Knowledge, auction_weights: bool = True) -> Sampler:
        fns = []
        if auction_weights and self.soft:
            fns = [f for f in (self.auction_weigher(k),
                               play_weigher(k, self.eps, self.eps_partner) if self.eps < 1 else None)
                   if f]
        if not fns:
            return Sampler(k, self.rand)
        if len(fns) == 1:
            return Sampler(k, self.rand, fns[0])
        a, b = fns
        return Sampler(k, self.rand, lambda hands: a(hands) * b(hands))

    def auction_terms(self, k: Knowledge) -> list:
        """The soft evidence of the auction: each term a seat's bid, pass, contract, quiet
        pass or replayed decision ``(seat, kind, amount)``."""
        terms = []
        replayed = self.replayed_seats(k)
        read_announced = self.read_announced and self.replays(k)
        for s in range(4):
            if s == k.seat:
                continue
            if s == k.declarer and k.trump >= 0:
                terms.append((s, "declared", k.contract))
            elif s in replayed:
                terms.extend((s, "model", d) for d in replayed[s])
            elif k.bids[s]:
                terms.append((s, "bid", k.bids[s]))
            elif k.first_pass_level[s] >= 0 and (k.announced[s] < 0 or read_announced) and \
                    (k.first_pass_level[s] == 0 or k.high_seat != (s ^ 2)) and \
                    not _partner_held_before_pass(k, s):
                terms.append((s, "pass", lowest_bid(k.first_pass_level[s])))
            # the bots' conventions: a player who holds an Ace or a Ghna says so (an
            # announcement instead of a plain pass while its partner may bid, AS or
            # COMPTE before +10 or PASS at its first signal)
            if k.rules.signals and k.rules.truthful and self.conventions and k.announced[s] < 0 \
                    and (_quiet_pass(k, s) or _first_signal(k, s) in (SIG_PLUS10, SIG_PASS)):
                terms.append((s, "quiet", 0))
        return terms

    def replays_seat(self, s: int) -> bool:
        """Whether this bot reads opponent ``s``'s auction by replaying the normal bot's
        (``read_model``: when the table says ``s`` is a normal bot)."""
        return bool(self.read_model and self.table) and self.table[s] == _AUCTION_MODEL.level

    def replays(self, k: Knowledge) -> bool:
        """Whether this bot reads an opponent by replay.  ``bid_pool`` and ``read_announced``
        were measured with that reading and apply with it; without it (people, other bots,
        nobody known) the bot reads the auction as the strong bot before the replay did:
        no pool, an announcement not read."""
        return self.replays_seat(k.seat ^ 1) or self.replays_seat(k.seat ^ 3)

    def replayed_seats(self, k: Knowledge) -> dict:
        """``read_model``: seat -> its auction decisions so far, each ``(the seat's
        information then, without its hand; the bids and pass it could choose from; what it
        did: the bid, or A_PASS for a pass or an announcement)``, for the opponents that
        the table says are normal bots, until the
        trump is named (from then on the contract's soft term reads the declarer)."""
        if k.trump >= 0 or not self.replays(k):
            return {}
        out: dict = {}
        for j, (s, code) in enumerate(k.actions):
            if s is None or not (s ^ k.seat) & 1 or not A_BID <= code <= A_ANNOUNCE_COMPTE \
                    or not self.replays_seat(s):
                continue
            then = build(s, 0, k.dealer, k.rules, k.scores, k.actions[:j], AUCTION, s)
            out.setdefault(s, []).append((then, bid_codes(then.high) + [A_PASS],
                                          code if code < A_PASS else A_PASS))
        return out

    def term_fit(self, k: Knowledge, kind: str, s: int, amount: float, h0: int) -> float:
        """How well hand ``h0`` (seat ``s``'s at the deal) fits one auction term: ``z``,
        the term weighs ``sigmoid(z)``."""
        fore = s == (k.dealer + 1) % 4
        if kind == "declared":
            st = he.card_points(h0, k.trump, fore) + he.fit_cap(he.ghna_values(h0, k.trump), k.cap)
            return (st + 12 - amount) / self.soft_t
        st = he.best_strength(h0, fore)
        if kind == "bid":
            return (st + 12 - amount) / self.soft_t
        return (amount - st - 4) / self.soft_t

    def auction_weigher(self, k: Knowledge):
        """Soft evidence: how well a world's hands fit the bids, passes and trump choice."""
        terms = self.auction_terms(k)
        if not terms:
            return None
        played_by = k.played_by
        quiet = self.conventions
        fit = self.term_fit

        by_seat: dict = {}
        for t in terms:
            by_seat.setdefault(t[0], []).append(t)

        def factor(s: int, h0: int) -> float:
            w = 1.0
            for _, kind, amount in by_seat[s]:
                if kind == "quiet":
                    if h0 & ACES_MASK or _ghna_suits(h0):
                        w *= quiet
                    continue
                if kind == "model":
                    then, legal, did = amount
                    then.hand = h0
                    if _AUCTION_MODEL.auction(then, legal) != did:
                        w *= self.model_eps
                    continue
                w *= sigmoid(fit(k, kind, s, amount, h0))
            return w

        return by_hand(sorted(by_seat), lambda s, h: factor(s, h | played_by[s]))

    def worlds(self, k: Knowledge, n: int, resampled: bool = True) -> list:
        """``n`` weighted deals; in the card play drawn from a pool ``pool`` times
        larger and resampled by weight, so that the few deals that fit the cards
        played are not drowned among the many that do not (in the auction, from a
        pool ``bid_pool`` times larger when it reads an opponent by replay)."""
        if not resampled:
            pool = 1
        elif k.phase in (PLAY, CONCESSION):
            pool = self.pool
        else:
            pool = self.bid_pool if self.replays(k) else 1
        if pool <= 1:
            return self.sampler(k).worlds(n, self._deadline)
        pooled = self.sampler(k).worlds(int(n * pool), self._deadline)
        return resample(pooled, n, self.rand)

    # ---- auction by simulation
    def play_contract(self, k: Knowledge, hands, trump: int, declarer: int) -> int:
        """One playout of the whole hand: the declaring team's card points."""
        d = Deal.make(hands, trump, declarer, (k.dealer + 1) % 4, (), -1, -1, (0, 0), 100, 0, 0,
                      0, k.rules.overtrump)
        playout(d, NO_EVIDENCE if self.sim_blind else None)
        return d.won[declarer & 1]

    def simulate_contract(self, k: Knowledge, worlds: list, declarer: int) -> list:
        """For each world: (weight, [card points with trump t for t in 0..3], Ghna values held)."""
        out = []
        for hands, wt in worlds:
            if out and self.late():
                break
            pts = [self.play_contract(k, hands, t, declarer) for t in range(4)]
            suits = _ghna_suits(hands[declarer]) + _ghna_suits(hands[declarer ^ 2])
            out.append((wt, pts, suits))
        return out

    def made_prob(self, points: float, amount: int) -> float:
        """The chance that a simulated result of ``points`` makes ``amount``."""
        return he.normal_cdf((points - amount + 0.5) / self.sim_sigma)

    def contract_chance(self, k: Knowledge, hands, declarer: int, trump: int, amount: int,
                        cap: int, bias: float) -> float:
        """The chance that ``declarer`` makes ``amount`` with ``trump`` in the deal ``hands``:
        one playout, plus its team's Ghna under the cap, plus ``bias``."""
        suits = _ghna_suits(hands[declarer]) + _ghna_suits(hands[declarer ^ 2])
        v = self.play_contract(k, hands, trump, declarer) + _ghna_points(suits, trump, cap) + bias
        return self.made_prob(v, amount)

    def sim_prob(self, sims: list, amount: int, cap: int, trump: int) -> tuple:
        """(probability to make, mean points) of ``amount`` with ``trump`` over simulations."""
        tot = made = mean = 0.0
        for wt, pts, suits in sims:
            v = pts[trump] + _ghna_points(suits, trump, cap) + self.bid_bias
            tot += wt
            mean += wt * v
            made += wt * self.made_prob(v, amount)
        if tot <= 0:
            return 0.0, 0.0
        return made / tot, mean / tot

    def auction(self, k, legal):
        if not self.sim_auction:
            return super().auction(k, legal)
        worlds = self.worlds(k, self.bid_worlds)
        if not worlds:
            return super().auction(k, legal)
        sims = self.simulate_contract(k, worlds, k.seat)
        rules = k.rules
        cache = {}

        def at(amount):
            if amount not in cache:
                best = None
                for t in range(4):
                    p, m = self.sim_prob(sims, amount, rules.cap(amount), t)
                    v = (amount * (2 * p - 1), p, t, m)
                    if best is None or v > best:
                        best = v
                cache[amount] = best
            return cache[amount]
        values = {bid_amount(c): at(bid_amount(c)) for c in legal if A_BID <= c < A_PASS}
        theirs = None
        their_bid = bool(k.high) and (k.high_seat & 1) != (k.seat & 1)
        if values and self.roll_bids and (their_bid or not self.roll_compete):
            return self._decide_by_rollouts(k, legal, worlds, values)
        if values and self.sim_compete and their_bid:
            theirs = self.their_chance(k, worlds, k.high_seat, k.high)
            alt = -k.high * (2 * theirs - 1)
        else:
            alt = self.alternative(k, at)
        code = self._decide_bid(k, legal, values, alt)
        if theirs is not None:
            self.why["theirs"] = theirs
        return code

    def _decide_by_rollouts(self, k: Knowledge, legal: list, worlds: list, values: dict) -> int:
        """``roll_bids``: leaving the auction, the lowest bid and the ``roll_bids`` best bids
        by the simulation are each valued by playing the rest of the auction out in every
        deal (``rollout_values``); the best of them is taken."""
        ranked = sorted(values, key=lambda a: (-values[a][0], a))[:int(self.roll_bids)]
        bids = sorted(set(ranked) | {min(values)})
        leave = self.leave_code(k, legal)
        codes = [leave] + [bid_code(b) for b in bids]
        theirs = {}
        rolled = self.rollout_values(k, worlds, codes, theirs)
        rolled_bids = {b: (rolled[bid_code(b)],) + tuple(values[b][1:]) for b in bids}
        code = self._decide_bid(k, legal, rolled_bids, rolled[leave])
        if theirs.get(leave, (None,))[0] is not None:   # for the hint: their chance if we
            self.why["theirs"] = theirs[leave][0]       # leave, and how often they answer
        if code in theirs and code != leave:            # our bid
            self.why["answered"], self.why["theirs_after"] = theirs[code][1], theirs[code][0]
        return code

    def rollout_values(self, k: Knowledge, worlds: list, codes: list,
                       theirs: dict | None = None) -> dict:
        """code -> this team's expected score after playing ``code``: in each deal the rest
        of the auction is played by ``auction_models`` (this seat too, as a bolder normal
        bot), the declarer names trumps by its hand evaluation and the contract is played
        out; a hand nobody bids is worth nothing.  The deals are shared by the codes.
        ``theirs``, if given, receives code -> (the opponents' chance to make the contract
        they reach after it, over the deals where they declare, None if in none; the
        share of the deals in which they declare)."""
        models = self.auction_models(k)
        models[k.seat] = self.bold_model()
        vals = dict.fromkeys(codes, 0.0)
        their = {c: [0.0, 0.0] for c in codes}     # weighted chance, weight
        tot = 0.0
        for hands, wt in worlds:
            if tot and self.late():
                break
            tot += wt
            seen = {}          # contract -> its score: codes that end in one contract share it
            for code in codes:
                g = self.rest_of_auction(k, hands, code, models)
                key = (g.declarer, g.contract, g.trump)
                if key not in seen:
                    seen[key] = self.rolled_score(k, hands, g)
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

    def rolled_score(self, k: Knowledge, hands: list, g: Game) -> tuple:
        """(this team's expected score, the declarer's chance, whether it is ours) of the
        contract that the rolled-out auction ``g`` reached, played out in ``hands``;
        ``(0.0, None, False)`` when it was cancelled (nobody scores)."""
        if g.declarer < 0 or g.trump < 0:
            return 0.0, None, False
        d, amount = g.declarer, g.contract
        ours = (d & 1) == (k.seat & 1)
        p = self.contract_chance(k, hands, d, g.trump, amount, g.cap,
                                 self.bid_bias if ours else self.their_bias)
        return amount * (2 * p - 1) * (1 if ours else -1), p, ours

    def bold_model(self) -> NormalBot:
        """The normal bot's bidding with this bot's margin, and its ``bid_bias`` added to
        the hand evaluation: how this seat, or its partner, bids in a rolled-out auction."""
        bold = NormalBot(0)
        bold.margin, bold.compete, bold.eval_bias = self.margin, self.compete, self.bid_bias
        return bold

    def auction_models(self, k: Knowledge) -> list:
        """Who bids for each seat in the rolled-out auction: the normal bot."""
        return [_AUCTION_MODEL] * 4

    def rest_of_auction(self, k: Knowledge, hands: list, code: int, models: list | None = None) -> Game:
        """The deal ``hands`` after this hand's actions and ``code``, the rest of the auction
        and the choice of trumps played by ``models`` (by default ``auction_models``)."""
        g = Game.from_deal([scan(h) for h in hands], k.dealer, k.rules, list(k.scores))
        for _, c in k.actions:
            g.apply(c)
        g.apply(code)
        models = models or self.auction_models(k)
        while g.phase in (AUCTION, SIGNAL, TRUMP):
            g.apply(models[g.to_act].act_game(g, g.to_act))
        return g

    def their_chance(self, k: Knowledge, worlds: list, declarer: int, amount: int) -> float:
        """The opponents' chance to make ``amount``: their contract played out in the
        same deals, each with the trump the declarer's own hand calls for (by the hand
        evaluation, as the declarer chooses it, not knowing its partner's hand).  Letting
        them play is worth minus their expected score, ``-amount x (2p - 1)``."""
        cap = k.rules.cap(amount)
        fore = (k.dealer + 1) % 4
        tot = made = 0.0
        for hands, wt in worlds:
            if tot and self.late():
                break
            value = he.trump_values(hands[declarer], declarer == fore, cap)
            t = max(range(4), key=value.__getitem__)
            made += wt * self.contract_chance(k, hands, declarer, t, amount, cap, self.their_bias)
            tot += wt
        return made / tot if tot > 0 else 0.0

    def choose_trump(self, k, legal):
        if not self.sim_trump:
            return super().choose_trump(k, legal)
        worlds = self.worlds(k, self.bid_worlds)
        if not worlds:
            return super().choose_trump(k, legal)
        sims = self.simulate_contract(k, worlds, k.seat)
        best, best_v = 0, None
        for t in range(4):
            p, m = self.sim_prob(sims, k.contract, k.cap, t)
            v = k.contract * (2 * p - 1) + self.lam * (m - k.contract)
            if best_v is None or v > best_v:
                best, best_v = t, v
                self.why = {"kind": "trump", "trump": t, "prob": p, "estimate": m}
        return A_TRUMP + best

    # ---- card play by search
    def utility(self, k: Knowledge, decl_points: int) -> float:
        c = k.contract
        u = (c if decl_points >= c else -c) + self.lam * (decl_points - c)
        return u if k.declaring(k.seat) else -u

    def base_deal(self, k: Knowledge, hands) -> Deal:
        return Deal.make(hands, k.trump, k.declarer, k.leader, k.trick, k.win_card, k.win_seat,
                         k.won, k.cap, k.ghna_total, k.ghna_done, len(k.tricks),
                         k.rules.overtrump)

    def candidate_moves(self, k: Knowledge, cards: list) -> list:
        return _moves(mask_of(cards), k.played | k.hand)

    def evaluate(self, k: Knowledge, moves: list, worlds: list, deadline: float) -> dict:
        """Weighted mean utility of each move over the worlds (PIMC with exact endgames)."""
        left = 10 - len(k.tricks)
        exact = left <= self.exact_tricks
        totals = dict.fromkeys(moves, 0.0)
        made = dict.fromkeys(moves, 0.0)
        excl = k.excl if self.blind else None
        wsum = 0.0
        for hands, wt in worlds:
            base = self.base_deal(k, hands)
            tt = {}         # one world: the moves' searches share their positions
            for m in moves:
                d = base.copy()
                d.play(m)
                if exact:
                    pts = solve(d, tt=tt)
                elif self.mid_exact:
                    playout(d, excl, 10 - self.mid_exact)
                    pts = solve(d, tt=tt)
                else:
                    pts = playout(d, excl, 10)
                totals[m] += wt * self.utility(k, pts)
                if pts >= k.contract:
                    made[m] += wt
            wsum += wt
            if time.perf_counter() > deadline:
                break
        if wsum <= 0:
            return {}
        self.why = {"kind": "card", "values": {m: totals[m] / wsum for m in moves},
                    "made": {m: made[m] / wsum for m in moves}, "worlds": len(worlds),
                    "exact": exact}
        return {m: totals[m] / wsum for m in moves}

    def card(self, k, cards):
        deadline = self._deadline
        moves = self.candidate_moves(k, cards)
        if len(moves) == 1:     # equivalent cards
            self.why = {"kind": "forced"}
            return moves[0]
        left = 10 - len(k.tricks)
        n = self.exact_worlds if left <= self.exact_tricks else self.play_worlds
        worlds = self.worlds(k, n)
        if not worlds:
            return super().card(k, cards)
        values = self.evaluate(k, moves, worlds, deadline)
        if not values:
            return super().card(k, cards)
        why = self.why
        best = max(moves, key=lambda m: (values[m], -moves.index(m)))
        why["choice"] = best
        return best

    def lost_everywhere(self, k: Knowledge) -> bool:
        """Defending: is the contract made in every sampled world, even with perfect defence?"""
        if already_made(k):
            return True
        left = 10 - len(k.tricks)
        if left > 4:
            return False
        # every deal the hard evidence allows, however unlikely: no resampling
        worlds = self.worlds(k, self.exact_worlds, resampled=False)
        if not worlds:
            return False
        for hands, _ in worlds:
            if self.late() or solve(self.base_deal(k, hands)) < k.contract:
                return False        # out of time: not proven lost
        return True

    def concede(self, k) -> bool:
        return self.lost_everywhere(k)

    def accept(self, k) -> bool:
        return self.lost_everywhere(k)


def resample(worlds: list, n: int, rand: random.Random) -> list:
    """``n`` draws from weighted ``worlds`` in proportion to their weights (systematic
    resampling), identical draws merged: ``[(hands, count)]``."""
    total = sum(wt for _, wt in worlds)
    if total <= 0:
        return worlds[:n]
    step = total / n
    u = rand.random() * step
    out = []
    acc = 0.0
    for hands, wt in worlds:
        acc += wt
        count = 0
        while u < acc:
            count += 1
            u += step
        if count:
            out.append((hands, float(count)))
    return out


def _quiet_pass(k: Knowledge, s: int) -> bool:
    """Did ``s`` leave the auction by a plain pass while its partner could still bid?"""
    inm = 15
    for seat, code in k.auction:
        if code in (A_PASS, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE):
            if seat == s:
                return code == A_PASS and bool(inm >> (s ^ 2) & 1)
            inm &= ~(1 << seat)
    return False


def _first_signal(k: Knowledge, s: int) -> int:
    """The first signal ``s`` sent (a code), or -1."""
    for _, code in k.signals[s]:
        if code != A_NO_SIGNAL:
            return code
    return -1


def _was_in_when_passed(k: Knowledge, p: int) -> bool:
    """Was this seat still in the auction when its partner ``p`` passed?"""
    me = p ^ 2
    for seat, code in k.auction:
        if seat == me and code in (A_PASS, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE):
            return False
        if seat == p and code in (A_PASS, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE):
            return True
    return False


def _ghna_suits(hand: int) -> list:
    return [x for x in range(4) if hand & GHNA_MASK[x] == GHNA_MASK[x]]


def _ghna_points(suits: list, trump: int, cap: int) -> int:
    """The Ghna of ``suits`` declared under the cap, the biggest first (40 in trumps)."""
    return he.fit_cap(sorted((GHNA_VALUE[x == trump] for x in suits), reverse=True), cap)


def _partner_held_before_pass(k: Knowledge, s: int) -> bool:
    """Did seat ``s``'s partner hold the highest bid when ``s`` passed?"""
    high_seat = -1
    for seat, code in k.auction:
        if A_BID <= code < A_PASS:
            high_seat = seat
        elif seat == s and code in (A_PASS, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE):
            return high_seat == (s ^ 2)
    return False


_AUCTION_MODEL = NormalBot(0)     # how the strong bot expects the rest of an auction to go


# -------------------------------------------------------------- perfect
class PerfectBot(StrongBot):
    """The strong bot's search on the true deal: it sees every hand (measurement only)."""

    level = "perfect"

    def __init__(self, seed=0, budget=None) -> None:
        super().__init__(seed, budget)
        self.hands = None

    def act_game(self, g, seat: int) -> int:
        self.hands = list(g.hands)
        try:
            return self.act(from_game(g, seat), g.legal())
        finally:
            self.hands = None

    def act(self, k, legal):
        if self.hands is None:
            raise ValueError("the perfect-information player needs the engine game (act_game)")
        return super().act(k, legal)

    peek_auction = 1        # 0: bid and name trumps like the strong bot (for measurement)
    peek_play = 1           # 0: play the cards like the strong bot (for measurement)

    def worlds(self, k: Knowledge, n: int, resampled: bool = True) -> list:
        play = k.phase in (PLAY, CONCESSION)
        if (self.peek_play if play else self.peek_auction):
            return [(list(self.hands), 1.0)]
        return super().worlds(k, n, resampled)


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "strong": StrongBot,
        "perfect": PerfectBot}


def make_bot(name: str, seed: int | None = 0, budget: float | None = None) -> Bot:
    """A bot by level name; ``"strong:play_worlds=96,lam=0.3"`` overrides its settings
    (for experiments in the arena)."""
    base, _, opts = name.partition(":")
    try:
        cls = BOTS[base]
    except KeyError:
        raise ValueError(f"unknown bot {base!r}; choose one of {', '.join(BOTS)}") from None
    bot = cls(seed, budget)
    for item in filter(None, opts.split(",")):
        key, _, value = item.partition("=")
        if not isinstance(getattr(cls, key, None), (int, float, str)) or key.startswith("_"):
            raise ValueError(f"{base} has no setting {key!r}")
        setattr(bot, key, type(getattr(cls, key))(float(value) if isinstance(getattr(cls, key), (int, float)) else value))
    return bot
