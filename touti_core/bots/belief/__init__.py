"""The bots' belief: what a seat knows, and which deals are likely given it.

- :mod:`.knowledge`: the information set (own hand, public history) and the
  hard evidence the rules give about the other hands;
- :mod:`.sampler`: deals consistent with the hard evidence, drawn uniformly;
- :mod:`.auction_reading` and :mod:`.play_reading`: the soft evidence of the
  auction and of the cards played, as weights on those deals;
- :mod:`.worlds`: the weighted deals the strong bot searches.
"""
