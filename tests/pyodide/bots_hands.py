"""Hands played by bots through the JSON API (shared by CPython and Pyodide runs)."""

from touti_core import api, bots
from touti_core.bots.arena import deal_hands
from touti_core.cards import NAMES


def play(seed: int, hands: int) -> list:
    states = []
    for i in range(hands):
        cards, dealer = deal_hands(seed, i)
        s = api.new_hand([[NAMES[c] for c in h] for h in cards], dealer)
        step = 0
        while s["phase"] not in ("hand_over", "game_over"):
            v = api.view(s, s["to_act"])
            level = ("easy", "normal", "strong", "strong")[(v["seat"] + i) % 4]
            s = api.act(s, bots.choose(v, level=level, seed=1000 * i + step))
            step += 1
        states.append(s)
    return states
