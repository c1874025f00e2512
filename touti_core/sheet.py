"""The table score sheet: hands played with real cards, scored by the rules.

At a real table the players keep the score on paper; this module is that
paper with the rules applied (docs/rules.md 3, 4, 7, 8, 9, 10).  For each hand
they enter what happened, a *table entry*:

- ``{"cancelled": true}``: all four passed (docs/rules.md 4): nobody scores;
- otherwise ``declarer`` (the seat that bought), ``contract`` (its bid),
  ``trump`` (a suit letter), ``card_points`` (the declaring side's card
  points with the 9a3a, 0 to 130: the defence has the rest), ``ghna`` (the
  Ghna the declaring side declared, in order: ``[{"seat": s, "suit": x}]``)
  and ``conceded`` (optional: the defenders abandoned, docs/rules.md 8; the
  players enter the points and Ghna as counted after the concession).

:func:`score_hand` applies the Ghna values and the cap, decides made or
failed and scores the contract: its result has the shape of a hand played on
the engine (docs/api.md, State fields, ``last_hand``), plus ``card_points``.
:func:`score_sheet` folds a whole sheet (``touti-sheet/1``: the players'
names, the first dealer, the rules, the entries): the running scores, the
dealer and the mâle (forehand) of each hand, which rotate after a cancelled
hand too, and the winner at the target.

An entry that no hand of Touti can produce is refused with
:class:`touti_core.api.IllegalAction`: a ``sheet_*`` code (:data:`CODES`),
an English sentence naming the rule, and JSON ``params`` for a page that
words it in another language.  Only the declaring side may declare a Ghna
(docs/rules.md 7): a defenders' Ghna is refused, not recorded as not counting,
since no hand can contain one.

>>> r = score_hand({"declarer": 1, "contract": 100, "trump": "E", "card_points": 95}, Rules())
>>> r["points"], r["made"], r["delta"]
([35, 95], False, [100, 0])
>>> r = score_hand({"declarer": 1, "contract": 90, "trump": "E", "card_points": 60,
...                 "ghna": [{"seat": 3, "suit": "E"}]}, Rules())
>>> r["ghna"], r["points"], r["made"], r["delta"]
([{'seat': 3, 'suit': 'E', 'value': 40}], [70, 100], True, [0, 90])
"""

from __future__ import annotations

from typing import Any, TypeGuard

from . import catalogue
from .api import IllegalAction
from .cards import POINTS, SUIT_LETTERS, SUIT_NAMES, ghna_value
from .facts import DECK_POINTS, HAND_POINTS, LAST_TRICK
from .hand import Hand, team as team_of
from .rules import BID_STEP, MAX_BID, MIN_BID, Rules

SHEET_FORMAT = "touti-sheet/1"
#: The longest names a sheet keeps (the sheet's own, a player's), in characters.
NAME_MAX = 60
PLAYER_MAX = 40
#: The most hands a sheet holds (it travels in links and in the browser's storage).
MAX_HANDS = 1000


def _card_sums() -> frozenset[int]:
    """Every total that some of the deck's cards are worth (subset sums of POINTS)."""
    sums = 1
    for p in POINTS:
        sums |= sums << p
    return frozenset(i for i in range(sums.bit_length()) if sums >> i & 1)


#: The card points a side's cards can be worth, without the last trick.
CARD_SUMS = _card_sums()

#: Each refusal's code; its sentence is the English catalogue's ``refusal.<code>``
#: (web/messages/en.json, read by touti_core/catalogue.py), as the page's.
CODES = (
    "sheet_malformed", "sheet_rules", "sheet_seat", "sheet_contract", "sheet_points",
    "sheet_points_impossible", "sheet_concession", "sheet_points_conceded",
    "sheet_ghna_defenders", "sheet_ghna_twice", "sheet_ghna_cap", "sheet_over", "sheet_too_long",
)


def _refuse(code: str, params: dict | None = None, **words) -> IllegalAction:
    params = params or {}
    return IllegalAction(code, catalogue.text(f"refusal.{code}", **{**params, **words}), params)


def _malformed(what: str) -> IllegalAction:
    return _refuse("sheet_malformed", {"what": what})


def _is_int(x: object) -> TypeGuard[int]:
    return type(x) is int


def _seat(value: object, what: str) -> int:
    if not _is_int(value):
        raise _malformed(what)
    if not 0 <= value <= 3:
        raise _refuse("sheet_seat", {"what": what, "value": value})
    return value


def _suit(value: object, what: str) -> str:
    if not (isinstance(value, str) and len(value) == 1 and value in SUIT_LETTERS):
        raise _malformed(what)
    return value


def _keys(obj: object, required: tuple, optional: tuple, what: str) -> dict[Any, Any]:
    if not isinstance(obj, dict):
        raise _malformed(what)
    for k in required:
        if k not in obj:
            raise _malformed(f"{what}.{k}")
    for k in obj:
        if k not in required and k not in optional:
            raise _malformed(f"{what}.{k}" if isinstance(k, str) and len(k) <= 20 else what)
    return obj


def points_possible(points: int, conceded: bool = False) -> bool:
    """Whether a side can take exactly ``points`` card points (with the 9a3a) in a
    hand: its cards are worth a sum of some of the deck's points, plus the last
    trick's 10 if it won it, as it always does after a concession.

    >>> [p for p in range(HAND_POINTS + 1) if not points_possible(p)]
    [1, 129]
    >>> [p for p in range(HAND_POINTS + 1) if not points_possible(p, conceded=True)]
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 129]
    """
    if points - LAST_TRICK in CARD_SUMS:
        return True
    return not conceded and points in CARD_SUMS


def contracts(rules: Rules) -> list[dict]:
    """Every contract with its Ghna cap under ``rules`` (``cap`` null: no cap), for a form."""
    return [{"amount": c, "cap": None if rules.ghna_cap == "none" else rules.cap(c)}
            for c in range(MIN_BID, MAX_BID + 1, BID_STEP)]


# ------------------------------------------------------------------ one hand
def score_hand(entry: object, rules: Rules, what: str = "hand") -> dict:
    """The result of one hand from its table entry (see the module's docstring):
    ``cancelled``, ``declarer``, ``contract``, ``trump``, ``points`` (each team's,
    the declaring one's with its Ghna), ``card_points`` (each team's cards and
    9a3a), ``ghna`` (``[{"seat", "suit", "value"}]``), ``made``, ``conceded``,
    ``delta`` (what each team scores).  ``IllegalAction`` for an impossible entry."""
    if isinstance(entry, dict) and entry.get("cancelled") is True:
        _keys(entry, ("cancelled",), (), what)
        return {"cancelled": True, "declarer": None, "contract": None, "trump": None,
                "points": [0, 0], "card_points": [0, 0], "ghna": [], "made": None,
                "conceded": False, "delta": [0, 0]}
    entry = _keys(entry, ("declarer", "contract", "trump", "card_points"), ("ghna", "conceded", "cancelled"), what)
    if entry.get("cancelled", False) is not False:
        raise _malformed(f"{what}.cancelled")
    declarer = _seat(entry["declarer"], f"{what}.declarer")
    contract = entry["contract"]
    if not _is_int(contract):
        raise _malformed(f"{what}.contract")
    if not (MIN_BID <= contract <= MAX_BID and contract % BID_STEP == 0):
        raise _refuse("sheet_contract", {"contract": contract, "minimum": MIN_BID,
                                         "maximum": MAX_BID, "step": BID_STEP})
    trump = _suit(entry["trump"], f"{what}.trump")
    conceded = entry.get("conceded", False)
    if type(conceded) is not bool:
        raise _malformed(f"{what}.conceded")
    points = entry["card_points"]
    if not _is_int(points):
        raise _malformed(f"{what}.card_points")
    if not 0 <= points <= HAND_POINTS:
        raise _refuse("sheet_points", {"points": points, "maximum": HAND_POINTS,
                                       "cards": DECK_POINTS, "last": LAST_TRICK})
    if not points_possible(points):
        raise _refuse("sheet_points_impossible", {"points": points, "last": LAST_TRICK})
    if conceded and not rules.concession:
        raise _refuse("sheet_concession")
    if conceded and not points_possible(points, conceded=True):
        raise _refuse("sheet_points_conceded", {"points": points, "last": LAST_TRICK})

    # the hand as the engine holds it once the play begins: its Ghna, points and score
    hand = Hand.contracted(rules, declarer, contract, SUIT_LETTERS.index(trump))
    team = team_of(declarer)
    ghna_in = entry.get("ghna", [])
    if not isinstance(ghna_in, list) or len(ghna_in) > len(SUIT_LETTERS):
        raise _malformed(f"{what}.ghna")
    for i, g in enumerate(ghna_in):
        where = f"{what}.ghna[{i}]"
        g = _keys(g, ("seat", "suit"), (), where)
        seat = _seat(g["seat"], f"{where}.seat")
        suit = _suit(g["suit"], f"{where}.suit")
        x = SUIT_LETTERS.index(suit)
        words = {"suit": SUIT_NAMES[x]}
        if team_of(seat) != team:
            raise _refuse("sheet_ghna_defenders", {"seat": seat, "suit": suit, "declarer": declarer},
                          who=f"seat {seat}")
        if hand.ghna_done >> x & 1:
            raise _refuse("sheet_ghna_twice", {"suit": suit}, **words)
        if not hand.ghna_fits(x):
            raise _refuse("sheet_ghna_cap", {"suit": suit, "value": ghna_value(x, hand.trump),
                                             "contract": contract, "cap": hand.cap,
                                             "declared": hand.ghna_total}, **words)
        hand.declare_ghna(seat, x)

    card_points = [0, 0]
    card_points[team] = points
    card_points[1 - team] = HAND_POINTS - points
    hand.won = card_points[:]
    hand.conceded = conceded
    r = hand.result()
    return {"cancelled": False, "declarer": declarer, "contract": contract, "trump": trump,
            "points": r["points"], "card_points": card_points, "ghna": r["ghna"],
            "made": r["made"], "conceded": conceded, "delta": r["delta"]}


# ---------------------------------------------------------------- the sheet
def _text(value: object, limit: int, what: str) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise _malformed(what)
    return value


def read_sheet(sheet: object) -> tuple[Rules, int, list]:
    """Checks a sheet's own fields: (rules, first dealer, entries)."""
    sheet = _keys(sheet, ("format", "names", "dealer", "rules", "hands"), ("name",), "sheet")
    if sheet["format"] != SHEET_FORMAT:
        raise _malformed("format")
    if "name" in sheet:
        _text(sheet["name"], NAME_MAX, "name")
    names = sheet["names"]
    if not isinstance(names, list) or len(names) != 4:
        raise _malformed("names")
    for i, n in enumerate(names):
        _text(n, PLAYER_MAX, f"names[{i}]")
    dealer = _seat(sheet["dealer"], "dealer")
    try:
        rules = Rules.from_dict(sheet["rules"])
    except (TypeError, ValueError) as e:
        raise _refuse("sheet_rules", {"reason": str(e)[:120]}) from None
    hands = sheet["hands"]
    if not isinstance(hands, list):
        raise _malformed("hands")
    if len(hands) > MAX_HANDS:
        raise _refuse("sheet_too_long", {"maximum": MAX_HANDS})
    return rules, dealer, hands


def score_sheet(sheet: object) -> dict:
    """A whole sheet scored, hand by hand.

    ``hands``: each hand's :func:`score_hand` result with its ``dealer``, its
    ``forehand`` (the mâle, who speaks first) and ``scores`` (the running
    totals); ``scores``; ``dealer`` and ``forehand`` of the next hand (null
    once the game is over); ``winner`` (null, or the team that reached the
    target); ``target``, ``rules`` (all switches), ``contracts`` (each with
    its Ghna cap), ``ghna_values``, ``hand_points`` and ``limits`` (the longest
    names, the most hands): the facts a form needs.
    The first impossible entry is refused (``params.hand``: its number, from 1).

    >>> s = score_sheet({"format": "touti-sheet/1", "names": ["A", "B", "C", "D"],
    ...                  "dealer": 3, "rules": {"target": 100},
    ...                  "hands": [{"cancelled": True},
    ...                            {"declarer": 2, "contract": 100, "trump": "O",
    ...                             "card_points": 100}]})
    >>> [(h["dealer"], h["forehand"]) for h in s["hands"]], s["scores"], s["winner"]
    ([(3, 0), (0, 1)], [100, 0], 0)
    """
    rules, dealer, entries = read_sheet(sheet)
    scores = [0, 0]
    winner = None
    hands = []
    for n, entry in enumerate(entries, start=1):
        if winner is not None:
            raise _refuse("sheet_over", {"hand": n, "winner": winner, "target": rules.target})
        try:
            result = score_hand(entry, rules, what=f"hands[{n - 1}]")
        except IllegalAction as e:
            e.params["hand"] = n
            raise
        scores = [scores[0] + result["delta"][0], scores[1] + result["delta"][1]]
        result.update(dealer=dealer, forehand=(dealer + 1) % 4, scores=scores)
        hands.append(result)
        if max(scores) >= rules.target:
            winner = 0 if scores[0] >= rules.target else 1
        dealer = (dealer + 1) % 4
    over = winner is not None
    return {
        "hands": hands,
        "scores": scores,
        "dealer": None if over else dealer,
        "forehand": None if over else (dealer + 1) % 4,
        "winner": winner,
        "target": rules.target,
        "rules": rules.to_dict(),
        "contracts": contracts(rules),
        "ghna_values": {"trump": ghna_value(0, 0), "other": ghna_value(1, 0)},
        "hand_points": HAND_POINTS,
        "limits": {"name": NAME_MAX, "player": PLAYER_MAX, "hands": MAX_HANDS},
    }
