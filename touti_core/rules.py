"""The rule set in force (docs/rules.md, Variants): immutable, separate from play."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from .quote import quote

GHNA_CAPS = ("standard", "contract_minus_50", "none")
OVERTRUMPS = ("always", "not_over_partner", "never")

#: The bids (docs/rules.md 4): from 70 to 230, by tens.
MIN_BID = 70
MAX_BID = 230
BID_STEP = 10
#: The largest target: 2**53 - 1, the bound of seeds (``api.MAX_SEED``), the
#: largest whole number JavaScript (the page, JSON in a browser) holds exactly;
#: above it a page would round the target into a game the engine then refuses.
MAX_TARGET = 2 ** 53 - 1


def lowest_bid(high: int) -> int:
    """The least amount a bid may name when the highest bid is ``high`` (0: none yet):
    at least MIN_BID, and a step more than the highest (docs/rules.md 4)."""
    return max(MIN_BID, high + BID_STEP)


@dataclass(frozen=True)
class Rules:
    """Variant switches; the defaults are those of docs/rules.md.

    - ``target``: game target score (a positive multiple of 10, at most ``MAX_TARGET``).
    - ``ghna_cap``: ``standard`` = 2 x (contract - 70), at most 100;
      ``contract_minus_50``; ``none`` (no cap).
    - ``overtrump``: ``always`` (even over a partner); ``not_over_partner``
      (any trump when the partner is winning the trick); ``never``
      (any trump will do once a trump is in the trick).  Following a trump
      lead always obliges a higher trump (rule 1).
    - ``signals``: partner signals and early announcements on/off.
    - ``truthful``: AS needs an Ace, COMPTE needs a Ghna.
    - ``concession``: the defenders may abandon the hand.
    """

    target: int = 600
    ghna_cap: str = "standard"
    overtrump: str = "always"
    signals: bool = True
    truthful: bool = True
    concession: bool = True

    def cap(self, contract: int) -> int:
        """Most Ghna points the declaring team may declare at this contract."""
        if self.ghna_cap == "standard":
            return min(100, max(0, 2 * (contract - 70)))
        if self.ghna_cap == "contract_minus_50":
            return max(0, contract - 50)
        return 1000

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def describe(cls) -> list[dict]:
        """Each rule switch as data, for a front end to build its settings from:
        ``name``, ``kind`` (``"int"``, ``"choice"`` or ``"bool"``), ``default``, and
        ``choices`` (a choice) or ``multiple_of``, ``minimum`` and ``maximum`` (the target).

        >>> [(d["name"], d["kind"]) for d in Rules.describe()][:2]
        [('target', 'int'), ('ghna_cap', 'choice')]
        """
        out: list[dict] = []
        for f in fields(cls):
            d = {"name": f.name, "default": f.default}
            if f.name == "target":
                d.update(kind="int", multiple_of=10, minimum=10, maximum=MAX_TARGET)
            elif f.name in _CHOICES:
                d.update(kind="choice", choices=list(_CHOICES[f.name]))
            else:
                d.update(kind="bool")
            out.append(d)
        return out

    @classmethod
    def from_dict(cls, data: object) -> "Rules":
        """Validate a rules dict (missing keys take defaults); ``ValueError`` if bad."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = sorted((k for k in data if k not in known), key=str)
        if unknown:
            raise ValueError(f"unknown rule {quote(unknown[0])}; known rules are {', '.join(sorted(known))}")
        r = cls(**data)
        t = r.target
        if type(t) is not int or t <= 0 or t % 10:
            raise ValueError("target must be a positive multiple of 10")
        if t > MAX_TARGET:
            raise ValueError(f"target must be at most 2**53 - 1 ({MAX_TARGET})")
        if r.ghna_cap not in GHNA_CAPS:
            raise ValueError(f"ghna_cap must be one of {', '.join(GHNA_CAPS)}")
        if r.overtrump not in OVERTRUMPS:
            raise ValueError(f"overtrump must be one of {', '.join(OVERTRUMPS)}")
        for name in ("signals", "truthful", "concession"):
            if type(getattr(r, name)) is not bool:
                raise ValueError(f"{name} must be true or false")
        return r


_CHOICES = {"ghna_cap": GHNA_CAPS, "overtrump": OVERTRUMPS}
DEFAULT_RULES = Rules()
