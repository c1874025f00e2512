"""How often a bot plays the card the sensible-play model would, by situation.

The strong bot reads its partner's cards by the sensible-play model (the normal
bot's card play, :mod:`touti_core.bots.belief.play_reading`): a deal in which
the partner's card is not the model's choice weighs ``eps_partner`` (0.6) as
much.  How sharp that reading may be depends on how often the partner does play
the model's card.  This plays hands of side A's bot against side B's and, at
each of side A's card decisions with two moves or more (equivalent cards
merged), asks the normal bot what it would play there; it prints, by place in
the trick, kind of play and side, how many decisions, how often the two agree,
the mean number of moves, and the ``eps`` that agreement implies if the other
moves were played alike: ``(1 - agree) / ((moves - 1) x agree)``.

    python bench/partner_match.py --deals 130 --seed 1000

Each hand is played once (not duplicated); about 2.5 s a hand for the strong bot
on one core.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

# run from a clone without installing the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core.bots import make_bot  # noqa: E402
from touti_core.bots.arena import deal_hands, play_table  # noqa: E402
from touti_core.bots.policy.search import distinct_moves  # noqa: E402
from touti_core.cards import FULL_DECK, SUIT, mask_of  # noqa: E402
from touti_core.engine import PLAY  # noqa: E402
from touti_core.rules import Rules  # noqa: E402


def same_move(a: int, b: int, moves: list[int]) -> bool:
    """Are cards ``a`` and ``b`` one move (``moves``: the representatives of distinct_moves)?"""
    def rep(c: int) -> int:
        below = [m for m in moves if SUIT[m] == SUIT[c] and m <= c]
        return max(below) if below else c
    return rep(a) == rep(b)


def measure(a: str, b: str, deals: int, seed: int) -> dict[tuple, list[int]]:
    """{(place in the trick from 0, play, side): [decisions, agreeing, moves]} over side A's card
    decisions with two moves or more, in ``deals`` hands of ``a`` against ``b``."""
    model = make_bot("normal", 1)
    stats: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0])

    def watch(g, seat, bot, code):
        if g.phase != PLAY or seat & 1 or code >= 40:                 # side A sits at seats 0 and 2
            return
        legal = [c for c in g.legal() if c < 40]
        in_hands = g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3]
        moves = distinct_moves(mask_of(legal), FULL_DECK & ~in_hands & ~mask_of(g.trick))
        if len(moves) < 2:
            return
        theirs = model.act_game(g, seat)
        if theirs >= 40:
            return
        led = SUIT[g.trick[0]] if g.trick else -1
        kind = ("lead" if not g.trick else "follow" if any(SUIT[c] == led for c in legal)
                else "trump" if SUIT[code] == g.trump else "discard")
        key = (len(g.trick), kind, "declarers" if (seat ^ g.declarer) & 1 == 0 else "defenders")
        st = stats[key]
        st[0] += 1
        st[1] += same_move(theirs, code, moves)
        st[2] += len(moves)

    rules = Rules()
    for i in range(deals):
        hands, dealer = deal_hands(seed, i)
        play_table(hands, dealer, (a, b), [seed + 4 * i + s for s in range(4)], rules, watch=watch)
    return dict(stats)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="strong", help="the bot measured (side A)")
    ap.add_argument("--b", default="normal", help="its opponents (side B)")
    ap.add_argument("--deals", type=int, default=130)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    stats = measure(args.a, args.b, args.deals, args.seed)
    print(f"{args.a} against {args.b}, {args.deals} hands at seed {args.seed}: "
          "its card decisions agreeing with the normal bot's")
    print(f"{'place':>5} {'play':<8} {'side':<10} {'decisions':>9} {'agree':>6} {'moves':>6} {'eps':>6}")
    total = [0, 0]
    for key in sorted(stats):
        d, a, m = stats[key]
        total[0] += d
        total[1] += a
        agree, moves = a / d, m / d
        eps = (1 - agree) / ((moves - 1) * agree) if a else float("nan")
        print(f"{key[0] + 1:>5} {key[1]:<8} {key[2]:<10} {d:>9} {agree:>6.2f} {moves:>6.1f} {eps:>6.2f}")
    print(f"all: {total[0]} decisions, {total[1] / max(total[0], 1):.2f} agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
