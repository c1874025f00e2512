"""The bots' belief: what a seat knows, and which deals are likely given it.

- :mod:`.knowledge`: the information set (own hand, public history) and the
  hard evidence the rules give about the other hands;
- :mod:`.sampler`: deals consistent with the hard evidence, drawn uniformly;
- :mod:`.auction_reading` and :mod:`.play_reading`: the soft evidence of the
  auction and of the cards played, as weights on those deals;
- :mod:`.worlds`: the weighted deals the strong bot searches.

:mod:`.knowledge` is the lowest layer of the bots: it imports only the rules
(the hand state, the actions, the cards), neither the JSON boundary nor any
other bot module.  The readings read the others with the models of a sensible
player (:mod:`..model`); nothing here imports the policy (:mod:`..policy`).
"""
