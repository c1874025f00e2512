"""The bots' settings: one frozen dataclass per level, every field with what it
does and where it was measured.

"Measured" figures are the duplicate arena's paired difference per hand
against the normal bot over 1,000 deals (``python -m touti_core arena``), as
told in full in ``docs/lab/arena-notebook.md``; "not measured alone" says
that a value was set with the rest and never moved on its own.  A bot name
may carry settings for experiments, ``make_bot("strong:play_worlds=96,lam=0.5")``
(:func:`with_overrides`).

>>> s = with_overrides(StrongSettings(), "play_worlds=8,blind=0")
>>> s.play_worlds, s.blind, StrongSettings().play_worlds
(8, False, 48)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Protocol, TypeVar


@dataclass(frozen=True)
class EasySettings:
    """The easy bot, a beginner: a count of the obvious strength of its hand with a mood,
    rules of thumb with mistakes (:mod:`.policy.easy`).

    Measured with ``arena --a easy:<setting> --b normal --deals 1000 --seed 1000``: with
    every default the easy side takes 910 contracts and the normal side 1,090 (0.83 for
    each of the normal side's), easy - normal -15.03 [-18.01, -12.04] a hand.  Below,
    each setting moved alone: that ratio, and for some the paired difference.  The card
    play's settings leave the ratio as it is (in the arena each hand has new bots, so the
    cards come after every draw of the auction)."""

    # ---- the auction: a beginner's count (policy.easy.beginner_count)
    #: Points counted for the partner's cards and the last trick.  29: 0.71 contracts for
    #: one of the normal side; 35: 0.94.  With ``trump`` and ``mood`` a hand without an
    #: Ace, a 3, a Ghna or four cards of a suit never bids (32 + 3 x 9 + 10 < 70).
    base: float = 32.0
    #: Points counted for each Ace (its 11 card points).  9: 0.72; 10: 0.78; 12: 0.90.
    #: ``ace``, ``three`` and ``trump`` are the normal bot's evaluation as a beginner
    #: rounds it up (fitted over 20,000 random hands, its best suit's card points are 28
    #: + 9.5 an Ace + 4.3 a 3 + 8.8 a card of its longest suit, within 3.6 points);
    #: counting exactly that, with a base of 28: 0.57.
    ace: float = 11.0
    #: Points counted for each 3.  3: 0.75; 7: 0.93.
    three: float = 5.0
    #: Points counted for each card of the suit it would name trumps (long suits a little
    #: overrated).  8: 0.68; 10: 0.96.
    trump: float = 9.0
    #: Its mood: a number drawn uniformly in [-mood, +mood] at each auction decision is
    #: added to the count (too optimistic or too timid at random).  0: 0.82, -13.90;
    #: 15: 0.85, -15.46, but a hand of nothing then opens now and then.
    mood: float = 10.0
    #: Bid, when the count reaches it, the lowest amount whose cap admits the Ghna
    #: counted (docs/rules.md 7: "with a trump Ghna bid at least 90"); False: the lowest bid,
    #: 0.80, -16.97.
    ghna_bid: bool = True

    # ---- the card play
    #: Share of its cards played at random (the rest by the rules of thumb of the
    #: heuristic policy, seeing only the unseen cards).  0.2 (with ``eager``): -17.55;
    #: the card play before the beginner's mistakes, 0.2 and no ``eager``: -11.88; no
    #: mistake at all: -6.42.
    noise: float = 0.15
    #: Share of its cards that are its highest legal card (most points, then the
    #: strongest; a trump too): a high card played too early.  0: -11.93.
    eager: float = 0.1


@dataclass(frozen=True)
class NormalSettings:
    """The normal bot: the heuristic policy on tracked holdings, bids from the hand
    evaluation (:mod:`.model.handeval`).  The strong bot takes these too, for the
    decisions it does not simulate and for the bolder bidder of its rollouts."""

    #: Expected score a bid must beat the alternative (passing) by.  Not measured alone.
    margin: float = 4.0
    #: What letting the opponents play their bid costs, per point of it, when passing
    #: is weighed against outbidding them.  Not measured alone.
    compete: float = 0.05
    #: Points added to the hand evaluation (a player who plays better than the normal
    #: bot makes more): 0 for the normal bot; the strong bot's rollouts bid for it
    #: and its partner with ``bid_bias`` here.
    eval_bias: float = 0.0
    #: The hand strength (``handeval.best_strength``) from which it signals +10 to a
    #: partner who bids; below it, PASS.  Not measured alone.
    plus10_strength: int = 58


@dataclass(frozen=True)
class StrongSettings(NormalSettings):
    """The strong bot: determinized search over deals drawn from what it knows."""

    #: Bids more readily than the normal bot (tuned in the arena when the strong bot
    #: first simulated its bids).
    margin: float = 0.0
    #: And lets the opponents play less readily, where it does not simulate their
    #: contract (the bolder bidder of its rollouts, or ``sim_compete=0``).
    compete: float = 0.2

    # ---- the card play's search
    #: Deals searched per card decision.  ``play_worlds=64,exact_worlds=28``: +23.9
    #: against +25.9, cards p95 158 ms instead of about 120: not short of samples.
    #: ``play_worlds=72``, paired (600 deals, seed 1000, 2026-12-07): -4.08 [-7.60, -0.57],
    #: cards p95 211 ms against 127; the same bot with other luck lost 8.03 there.
    play_worlds: int = 48
    #: Deals searched when the rest of the hand is searched exactly.
    #: ``exact_worlds=40``: +23.7 against +23.3, median card 46 ms instead of 31; with
    #: ``model_play``, paired on the same deals (600, seed 1000, 2026-12-07): -0.28
    #: [-1.77, +1.21], cards median 27.6 ms instead of about 17.
    exact_worlds: int = 20
    #: Exact alpha-beta over the whole rest when this many tricks (or fewer) remain:
    #: four instead of two +6.0 [+1.3, +10.7] in the card play (400 deals, seed 77);
    #: five +1.8 [-2.5, +6.0] and up to 1.2 s a decision.  On the bot of 2026-12-05
    #: (600 deals, seed 1000, paired): five -1.75 [-3.51, +0.01], three -1.07
    #: [-2.34, +0.21], all of it in the card play.
    exact_tricks: int = 4
    #: Before that, each move is played out to this many tricks from the end, which are
    #: then searched exactly: three, +1.5 [-2.3, +5.2] (400 deals, seed 94, card play);
    #: four with 32 deals, +22.5 against +25.9.  0 (played to the end) on the bot of
    #: 2026-12-06, paired: -1.80 [-5.43, +1.83] (600 deals, seed 1000), the same contracts.
    #: Four, with ``model_play``: -3.83 [-6.90, -0.77], the same deals.
    mid_exact: int = 3
    #: In the exact search of the card play, the other seats the table names normal bots
    #: (or that the earlier hands read as one, ``learn``) play the normal bot's card, as it
    #: sees the deal, instead of their best: the best answer to how they play.  With
    #: ``model_exact`` below, against normal bots, paired with the bot before on the same
    #: deals (docs/lab/arena-notebook.md): +4.05 [+0.56, +7.54] at seed 1000, +0.08
    #: [-3.18, +3.34] at seed 2000 (600 deals each), +3.58 at seed 3000 (800 deals) and
    #: +0.41 at seed 4000 (600) by the means; without ``model_exact``, +1.08 [-1.27,
    #: +3.44] over seeds 1000 and 2000.  Known approximations: the search merges a
    #: searching seat's equivalent cards, which a modelled seat may tell apart, and its
    #: modelled seats miss what this seat's own earlier cards showed (``Knowledge.excl``
    #: keeps none for its own seat) and the cards known held (``must``): 57 of 3,398 of
    #: their cards in the last five tricks differed from the normal bot's (1.7%).  Seeing
    #: both (``model_seen``, 2d53282, removed): -0.52 [-1.59, +0.56] and -0.32 [-1.55,
    #: +0.91] at seeds 1000 and 2000 (docs/lab/removed-experiments.md).  Not merging the
    #: equivalent cards (``model_split``, 892b670, removed): no value of the exact search
    #: changed in 3,000 random endgames; the playouts' candidate cards did, -1.08 [-2.62,
    #: +0.46] paired (600 deals, seed 1000), cards p95 151 ms against 125.
    model_play: bool = True
    #: With ``model_play``, the exact search takes the rest of the hand from this many
    #: tricks before its end (``exact_tricks``) where both opponents are so modelled: their
    #: one card a turn leaves a smaller search.  Six: -1.80 [-4.31, +0.71] paired (600
    #: deals, seed 1000), a decision up to 2.9 s.
    model_exact: int = 5
    #: Weight of the points beside made / failed in the value of a hand (card play and
    #: trumps): ``lam=0.1`` and ``lam=0.5`` +25.7 each against +25.9; ``lam=0.1`` with
    #: ``model_play``, paired on the same deals (600, seed 1000, 2026-12-07): -0.18
    #: [-0.54, +0.18], one hand of 1,200 otherwise.
    lam: float = 0.25
    #: Playouts in which each player sees only its own hand (the cards played and the
    #: rules' evidence), as a player at the table does; False: every hand.
    #: ``perfect:blind=0,roll_bids=0`` +46.1 against +52.0 blind.
    blind: bool = True

    # ---- the deals: hard evidence, weighed by the soft
    #: Weigh the deals by the soft evidence (the auction and the cards played).
    soft: bool = True
    #: How likely an opponent's card is that the sensible-play model (the normal bot's
    #: policy) would not have played: 0.02 instead of 0.3, with the pool below, +5.2
    #: [+0.8, +9.5] (400 deals, seed 77); 0.05: +1.3 [-3.1, +5.6].  On the bot of
    #: 2026-12-07, paired (600 deals, seed 1000): 0.01, -1.70 [-4.23, +0.83]; 0.03, -2.88
    #: [-5.45, -0.32]; both lose in defence.
    eps: float = 0.02
    #: The same for the partner's cards (it searches, so the model reads it less
    #: well): 0.3, +26.5 and +24.9 against +25.9 and +25.0 (seeds 1000, 2000).
    eps_partner: float = 0.6
    #: The same for the partner's cards played to a trick led (negative: ``eps_partner``),
    #: which a strong partner plays as the model does more often than its leads
    #: (``bench/partner_match.py``: 0.57 to 0.81 of its follows, discards and trumps, 0.32 of
    #: its leads; 0.26 implied).  0.25 against 0.6, paired on the same deals, the same
    #: contracts: +2.15 [-0.73, +5.03] at seed 1000, +3.75 [+1.04, +6.46] at seed 2000, +2.95
    #: [+0.97, +4.93] over the 1,200 deals (600 each), the same decision times.
    eps_follow: float = 0.25
    #: Temperature of the auction's soft terms (points of hand strength).
    #: ``soft_t=5,conventions=0.05``: +22.9 against +23.1.
    soft_t: float = 10.0
    #: How likely a hand is that breaks the bots' signal conventions (an Ace or a Ghna
    #: held without announcing it); 1 ignores them.  Measured with ``soft_t`` above.
    conventions: float = 0.2
    #: Card play: deals drawn per deal searched; the draws are kept in proportion to
    #: their weights.  24 instead of 8: +0.90 [-0.31, +2.10] over 6,000 deals (seeds
    #: 1000 to 6000), within the browser's budget; 16 instead of 4 earlier, -0.4.  48,
    #: paired (600 deals, seed 1000, 2026-12-07): -1.85 [-5.50, +1.80], cards p95 191 ms
    #: against 127.
    pool: float = 24.0
    #: The same in the auction and the choice of trumps, when it reads an opponent by
    #: replay (``read_model``, which leaves fewer deals); else 1.  Measured with the
    #: replay (below); without it, no gain.
    bid_pool: float = 4.0

    # ---- reading the auction
    #: Read the bids and passes of the opponents that the table says are normal bots by
    #: replaying the normal bot's own auction on each hand (others by the soft terms):
    #: with ``read_announced`` and ``bid_pool``, +5.79 [+1.56, +10.01] at seed 1000.
    read_model: bool = True
    #: With the replay, how likely a hand is on which the normal bot would have bid
    #: otherwise.  0.001 left an effective sample of 10 deals of 96.  Paired (600 deals,
    #: seed 1000, 2026-12-07): 0.003 with ``bid_pool=8`` -1.84 [-6.86, +3.18], more
    #: contracts taken and failed; 0.03 -1.90 [-4.38, +0.58], the opponents' made more.
    model_eps: float = 0.01
    #: Read what the table says of who plays each seat; False: as if told nothing, the
    #: way an unknown table is measured (``strong:told=0`` in the arena: in a game's first
    #: hand 47.9% of the perfect player's lead at seed 8000 on the bot of 2026-12-07,
    #: docs/lab/arena-notebook.md).
    told: bool = True
    #: Read a seat the table names nobody (a person, a bot of one's own, or any seat with
    #: ``told`` off) by the replay, as a normal bot, once the earlier hands of the game
    #: (``Bot.seen``, :mod:`.belief.table_memory`) make it this likely or more that it
    #: plays as the normal bot; 0: never.  Told nothing, against normal bots, with the
    #: hands before each deal of a ten-hand game seen (``arena --earlier 10``): +7.67
    #: [+2.65, +12.70] a hand at seed 1000 (600 deals); against easy bots +0.30 [-0.32,
    #: +0.92]; at the mixed table -1.12 [-2.60, +0.37] against the told bot (300 deals).
    learn: float = 0.8
    #: Read the bids of an opponent the table names nobody (or any, ``told`` off) of
    #: which no decision in the game's earlier hands differed from the normal bot's by
    #: the replay too, as the normal bot's, once it has sent +10 or PASS as its first
    #: signal of the hand (under the default rules the easy bot never sends either, the
    #: normal bot's first signal is one of AS, COMPTE, +10 and PASS); 2: it and its
    #: partner (open to its signs too) once either did; 1: the seat that did; 0 (or any
    #: other value): never.  It reads the auction only, as the replay does (its bids
    #: until the trump is named; its early announcement read as a pass,
    #: ``read_announced``, in the deals of the card play too); the card search models no
    #: such seat.  A bet where the seat signs so and bids otherwise (people, own bots,
    #: strong bots), not measured.  A game's first hand, told nothing, against normal
    #: bots, paired with 0 (600 deals a seed, 2026-12-07): 2, +1.98 [-1.34, +5.29] at
    #: seed 8000 and +5.03 [+1.10, +8.96] at seed 9000, +3.50 [+0.93, +6.07] over the
    #: 1,200 deals (47.5% of the perfect player's lead against 41.9%); 1, +0.12 [-2.85,
    #: +3.10] at seed 8000.  At the mixed table (seed 5000, 600 deals) 2, +3.66 [+0.89,
    #: +6.43].  Against easy bots nothing changes: the same 60 deals gave the same
    #: record.
    read_signs: int = 2
    #: With the replay, an opponent's early announcement read as the pass it counts as
    #: (docs/rules.md 4).  Measured with ``read_model`` above.
    read_announced: bool = True

    # ---- the auction by simulation
    #: Deals simulated per auction decision (and to name trumps).  ``bid_worlds=192``:
    #: +21.0 against +23.1, with the auction's p95 doubled; again on 2026-12-07, paired
    #: on the same deals: -6.59 [-11.59, -1.60] (600 deals, seed 1000), auction p95
    #: 285 ms against 140 (docs/lab/arena-notebook.md); ``bid_worlds=64`` the same way:
    #: -10.40 [-15.28, -5.52], more contracts taken and failed.
    bid_worlds: int = 96
    #: Bid by simulating the hand in the deals; False: by the hand evaluation, as the
    #: normal bot does, which measured -6.5 [-12.0, -1.0] (400 deals).
    sim_auction: bool = True
    #: Name trumps by simulating the contract with each; False: by the hand evaluation,
    #: +0.37 [-1.74, +2.47] paired on the same deals (600 deals, seed 1000, 2026-12-06):
    #: the same contracts, 5 more made of 578; not established, so it stays.  With
    #: ``model_play``, the same deals (2026-12-07): +0.58 [-1.52, +2.69], 4 more made;
    #: at seed 2000 +1.47 [-0.56, +3.50]; both, +1.02 [-0.44, +2.49] (1,200 deals); but
    #: -1.50 at seed 3000 (800 deals) and -0.76 at seed 4000 (600) by the means: -0.16
    #: over the 2,600 deals, so the simulation stays.
    sim_trump: bool = True
    #: Playouts of the auction's simulation in which each player sees only its own hand.
    #: False (every hand seen): -4.33 [-7.60, -1.05] paired on the same deals (600 deals,
    #: seed 1000, 2026-12-06), more contracts taken over the opponents' and failed; the
    #: last three tricks searched exactly instead (``sim_exact=3``, ae8a971, removed):
    #: -4.30 [-6.74, -1.86] the same way (docs/lab/removed-experiments.md).
    sim_blind: bool = True
    #: Points added to its own simulated result (its search plays better than the
    #: playouts): with ``their_bias``, +25.9 against +23.3 without (seed 1000).
    bid_bias: float = 5.0
    #: The same for the opponents' simulated contract, where they are read by the
    #: soft terms (people, other bots, a table it is told nothing of).  ``their_bias=0``
    #: on the bot before the replay: +25.4 against +25.9; ``bid_bias=8,their_bias=8``
    #: +25.1.  ``their_bias=-5`` in a game's first hand told nothing, paired (600 deals,
    #: seed 8000, 2026-12-07): -0.04 [-2.34, +2.26].
    their_bias: float = 5.0
    #: The same where an opponent is read by replaying the normal bot's auction
    #: (``read_model``): its hand is then read sharply, and 5 points more on its
    #: contract made the bot outbid opponents who would have failed.  0 instead of 5,
    #: paired on the same deals: +3.35 [+0.63, +6.07] at seed 1000, +1.61 [-0.42,
    #: +3.64] at seed 2000, +2.48 [+0.78, +4.18] over the 1,200 deals
    #: (docs/lab/arena-notebook.md).  -5 instead of 0, on the bot with ``model_play`` (its
    #: defence better than the playouts), 2026-12-07: +0.08 [-1.87, +2.03] paired at seed
    #: 1000 (600 deals), +2.07 [+0.26, +3.88] paired at seed 3000 (800), +1.36 at seed
    #: 4000 (600) by the means, +1.26 a hand over the 2,000 deals; at seed 1000 fewer
    #: contracts taken and failed (556 and 133 against 578 and 139).  -10 instead of -5,
    #: paired at seed 8000 (600 deals, a seed not used to tune): -1.05 [-3.17, +1.07].
    their_bias_read: float = -5.0
    #: Spread of a hand's result around one simulated playout.  ``sim_sigma=15``: +25.1
    #: against +25.9; ``sim_sigma=7`` (its own contracts' chances fit a slope of 1.4):
    #: -1.53 [-3.24, +0.18] paired on the same deals (600 deals, seed 1000, 2026-12-06).
    sim_sigma: float = 10.0
    #: Over the opponents' bid, value letting them play by simulating their contract
    #: (False: ``-compete`` x their bid): +1.6 [-2.8, +6.1] head to head (seed 92).
    #: With ``roll_bids`` it applies only where the rollouts do not.
    sim_compete: bool = True
    #: Value leaving the auction, the lowest bid and this many best bids alike by playing
    #: the rest of the auction out in each deal (0: off).  With ``roll_compete``: +1.1 a
    #: hand over seeds 1000 to 4000 (paired at seed 1000 +1.03 [-1.34, +3.40]); 3, on
    #: every decision, +21.7 against +25.9.
    roll_bids: int = 1
    #: The rollouts only over the opponents' bid, where their answer to a bid matters.
    #: Measured with ``roll_bids`` above.
    roll_compete: bool = True

    #: Measurement only: not 0, the bot draws its deals from another stream (its seed and
    #: this salt), the same bot with other luck.
    salt: int = 0

    #: Seconds: only a safety net.  The work of every decision is sized by the counts
    #: above, never by time, so that a seed gives the same decisions on every device
    #: (the slowest decision measured under Pyodide took 0.4 s, bench/bots_pyodide.mjs).
    default_budget: float = 15.0


@dataclass(frozen=True)
class PerfectSettings(StrongSettings):
    """The perfect-information player (measurement only): the strong bot's search on the
    true deal.  Switching off one half measures where its lead comes from (300 deals at
    seed 4000 against the normal bot: the strong bot +26.1, ``peek_play=0`` +33.3,
    ``peek_auction=0`` +40.1, both +49.8)."""

    #: The yardstick of issue 41's targets keeps the auction it was measured with:
    #: the opponents' contract counted 5 points above the playouts, as the strong bot
    #: counted it then (``perfect:their_bias_read=0``: +5.78 [+3.71, +7.86] a hand at
    #: seed 1000, 600 deals; docs/lab/arena-notebook.md).
    their_bias_read: float = 5.0
    #: The yardstick's card play searches every seat at its best, as when it was measured.
    model_play: bool = False
    #: Bid and name trumps seeing every hand; False: as the strong bot.
    peek_auction: bool = True
    #: Play the cards seeing every hand; False: as the strong bot.
    peek_play: bool = True


class _Dataclass(Protocol):
    __dataclass_fields__: ClassVar[dict[str, Any]]


S = TypeVar("S", bound=_Dataclass)


def with_overrides(settings: S, text: str, bot: str = "the bot") -> S:
    """``settings`` with the overrides of ``text`` (``"play_worlds=96,lam=0.5"``; a yes
    or no as 1 / 0 or true / false); ``ValueError`` for a field it does not have."""
    changes: dict[str, object] = {}
    names = {f.name for f in fields(settings)}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key not in names:
            raise ValueError(f"{bot} has no setting {key!r}")
        default = getattr(settings, key)
        try:
            if isinstance(default, bool):
                if value.lower() not in ("0", "1", "true", "false"):
                    raise ValueError(value)
                changes[key] = value.lower() in ("1", "true")
            else:
                changes[key] = type(default)(float(value))
        except ValueError:
            raise ValueError(f"{bot}: {key} cannot be {value!r}") from None
    return replace(settings, **changes)
