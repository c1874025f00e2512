"""The bots' policy: what to do, given what a seat knows.

- :mod:`.easy` and :mod:`.normal`: the random baseline, the easy bot and the
  normal bot (the heuristic play on tracked holdings, :mod:`..model.heuristic`;
  bids from the hand evaluation, :mod:`..model.bidding`);
- :mod:`.search`: playouts and the exact endgame search on a :class:`.search.Position`;
- :mod:`.auction_sim` and :mod:`.card_search`: the strong bot's auction by
  simulation and its card play by search, over weighted deals.

The policy sits above the belief (:mod:`..belief`) and the models
(:mod:`..model`): it imports them, they never import it
(tests/test_bots_layers.py).
"""
