"""Models of a sensible player, below both the belief and the policy.

- :mod:`.handeval`: what a hand is worth (the calibrated hand evaluation);
- :mod:`.heuristic`: the heuristic play, a sensible card on bare integers;
- :mod:`.bidding`: the normal bot's auction and signals.

The bots play with them (:mod:`..policy`) and read the other players with them
(:mod:`..belief`): a card or a bid is evidence about a hand because a sensible
player would have played or bid it.
"""
