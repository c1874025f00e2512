"""Short quotes of outside input for error messages.

A message that names a bad value quotes it, but never more than a few dozen
characters of it, and never by walking a deeply nested value: a
10-million-character card string or 5,000 nested lists give a short, safe
sentence, not a 10 MB message or a ``RecursionError``.

>>> quote("12E")
"'12E'"
>>> quote("x" * 1000)[:20], len(quote("x" * 1000)) <= QUOTE_LIMIT + 10
("'xxxxxxxxxxxxxxxxxxx", True)
>>> deep = []
>>> for _ in range(5000):
...     deep = [deep]
>>> quote(deep)
'[[[[...]]]]'
"""

from __future__ import annotations

import reprlib

#: The most characters of an input quoted in a message.
QUOTE_LIMIT = 60

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT
_REPR.maxlong = 30
for _name in ("maxlist", "maxtuple", "maxdict", "maxset", "maxfrozenset", "maxdeque", "maxarray"):
    setattr(_REPR, _name, 4)


def quote(value: object) -> str:
    """``repr(value)`` cut to about ``QUOTE_LIMIT`` characters, safe on any input."""
    try:
        text = _REPR.repr(value)
    except Exception:            # a value whose own repr fails
        text = f"<{type(value).__name__}>"
    if len(text) > QUOTE_LIMIT + 6:
        text = text[:QUOTE_LIMIT] + "…"
    return text
