"""A small deterministic random generator (SplitMix64).

Deals must be identical on every Python (CPython 3.11, Pyodide's 3.14) and for
ever, so that a seed or a record replays the same game; the ``random`` module
only promises that for ``random()``.  SplitMix64 is tiny, fast enough for a
deal, and fully specified.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class SplitMix64:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """Integer in ``0..n-1`` by multiply-shift (bias below 2**-57 for n <= 64)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place.

        The swap indices are the mixed-radix digits of one random integer of
        64 bits per 12 items (bias below 2**-30 for a 40-card deck), which is
        several times faster in Python than one draw per step.
        """
        n = len(items)
        x = 0
        for _ in range(n // 12 + 1):
            x = (x << 64) | self.next64()
        for i in range(n - 1, 0, -1):
            x, j = divmod(x, i + 1)
            items[i], items[j] = items[j], items[i]


def stream(seed: int, *keys: int) -> SplitMix64:
    """An independent generator for (seed, key, ...): e.g. the deal of hand k."""
    state = mix64(seed ^ GOLDEN)
    for k in keys:
        state = mix64(state ^ mix64((k + 1) * GOLDEN))
    return SplitMix64(state)


def first_dealer(seed: int) -> int:
    return stream(seed, 0xDEA1E4).below(4)


def deal(seed: int, hand_no: int) -> list[list[int]]:
    """The four hands (card ints, in deal order) of hand number ``hand_no``."""
    deck = list(range(40))
    stream(seed, hand_no).shuffle(deck)
    return [deck[10 * i:10 * i + 10] for i in range(4)]
