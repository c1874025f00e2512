"""How far the strong bot's auction rollouts are from what they would give in the true deal.

Over an opponents' bid the strong bot values leaving the auction and its bids by
playing the rest of the auction out in each deal it samples (``rollout_values``).
If the deals were drawn from the right distribution, those values would on
average equal the same rollouts in the true deal.  This script plays the bot
against the normal bot (both tables of each deal, as the arena does) and, at
every such decision, runs the rollouts once more in the true deal.  It prints the
mean of both for leaving and for bidding over leaving, with the 95% interval of
their difference, the opponents' chance after leaving, and each seat's hand
strength (``handeval.best_strength``) in the sampled deals against the truth.

    python bench/rollout_bias.py --deals 60 --seed 1000
    python bench/rollout_bias.py --deals 60 --seed 1000 --bot strong:read_model=0

Both sides of the comparison play the contract out the same way (one playout of
blind players), so the difference measures the sampled deals alone, not how
well the playouts foresee the real card play.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core.bots import arena  # noqa: E402
from touti_core.bots.arena import mean_ci  # noqa: E402
from touti_core.bots.levels import BOTS  # noqa: E402
from touti_core.bots.model import handeval as he  # noqa: E402
from touti_core.bots.policy.auction_sim import AuctionSimulation  # noqa: E402
from touti_core.bots.strong import StrongBot  # noqa: E402

SEATS = ("partner", "the high bidder", "its partner")


class Probe(StrongBot):
    """The strong bot, recording each rollout decision's values in its sampled deals
    and in the true deal (``records``, shared by every probe)."""

    level = "probe"
    records: list = []
    _true = None

    def act_game(self, g, seat: int) -> int:
        self._true = list(g.hands)
        try:
            return super().act_game(g, seat)
        finally:
            self._true = None

    def simulation(self, k):
        return _Recording(k, self.settings, self.late, self)


class _Recording(AuctionSimulation):
    """The auction's simulation, its rollouts run once more in the true deal and both
    recorded in the probe's ``records``."""

    def __init__(self, k, settings, late, probe: Probe) -> None:
        super().__init__(k, settings, late)
        self.probe = probe

    def rollout_values(self, worlds, codes, theirs=None):
        k, true = self.k, self.probe._true
        est_theirs = {} if theirs is None else theirs
        est = super().rollout_values(worlds, codes, est_theirs)
        if true is None:
            return est
        true_theirs = {}
        truth = super().rollout_values([(true, 1.0)], codes, true_theirs)
        fore = (k.dealer + 1) % 4
        seats = (k.seat ^ 2, k.high_seat, k.high_seat ^ 2)
        total = sum(w for _, w in worlds) or 1.0
        strength = [(sum(w * he.best_strength(h[s], s == fore) for h, w in worlds) / total,
                     he.best_strength(true[s], s == fore)) for s in seats]
        leave = codes[0]
        self.probe.records.append({
            "leave": (est[leave], truth[leave]),
            "bids": [(est[c] - est[leave], truth[c] - truth[leave]) for c in codes[1:]],
            "theirs": (est_theirs[leave][0], true_theirs[leave][0]),
            "strength": strength,
        })
        return est


def run(bot: str, deals: int, seed: int, probe: type = Probe) -> list:
    """The records of ``probe`` (the strong bot with ``bot``'s settings) against the
    normal bot over ``deals`` deals, both tables of each."""
    BOTS["probe"] = probe            # for this run only: the arena makes its bots by name
    probe.records = []
    name = "probe" + bot[len("strong"):]
    try:
        for i in range(deals):
            arena.play_deal((i, name, "normal", seed, {}, None))
    finally:
        del BOTS["probe"]
    return probe.records


def line(label: str, pairs: list, fmt: str = "+.1f") -> str:
    """Mean in the sampled deals, mean in the true deal, their difference (95% CI)."""
    if not pairs:
        return f"{label}: none"
    est = sum(a for a, _ in pairs) / len(pairs)
    true = sum(b for _, b in pairs) / len(pairs)
    m, _, lo, hi = mean_ci([a - b for a, b in pairs])
    d = "+" + fmt.lstrip("+")
    return (f"{label}: sampled {est:{fmt}}, true deal {true:{fmt}}, "
            f"difference {m:{d}} [{lo:{d}}, {hi:{d}}]  ({len(pairs)})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="strong", help="the strong bot, with settings")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    if not args.bot.startswith("strong"):
        ap.error("--bot must be the strong bot (strong or strong:SETTINGS)")
    recs = run(args.bot, args.deals, args.seed)
    print(f"{args.bot} against normal, {args.deals} deals at seed {args.seed}: "
          f"{len(recs)} decisions over an opponents' bid (points for this team a hand)")
    print(line("leaving", [r["leave"] for r in recs]))
    print(line("a bid over leaving", [b for r in recs for b in r["bids"]]))
    print(line("the opponents' chance after leaving",
               [r["theirs"] for r in recs if None not in r["theirs"]], ".2f"))
    for j, seat in enumerate(SEATS):
        print(line(f"strength of {seat}", [r["strength"][j] for r in recs], ".1f"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
