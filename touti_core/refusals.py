"""Why an action is refused: the key of every refusal, its sentence from the catalogue.

A refusal has a stable ``code`` (docs/api.md, Error codes), ``params`` (the
facts behind it, for a page that words it in another language) and a sentence
that names the rule.  Each sentence has one home, the English catalogue
(web/messages/en.json, read by :mod:`touti_core.catalogue`): a refusal's key
(the code, or ``code.case`` when a code has several sentences) is its
``refusal.<key>`` there; a ``wrong_phase.<case>`` is the sentence said first,
``refusal.before.<case>``.  The engine fills the template with its own
English words (a seat is "seat 2", where the page says a player's name); the
page fills the same template, or its translation, from the params.  The rules
that decide a refusal are elsewhere (:meth:`touti_core.engine.Game.refusal`,
:func:`touti_core.api.action_code`):

>>> sentence("bid_too_low", minimum=100, high=90)
'You must bid at least 100: the highest bid is 90 and each bid must raise it by at least 10.'
>>> refusal("bid_too_low.first", {"minimum": 70}, minimum=70).code
'bid_too_low'
"""

from __future__ import annotations

from typing import Any

from . import catalogue

#: Every refusal the engine gives, by key (``code`` or ``code.case``).  ``wrong_phase``
#: says "You cannot <action> now: <what the phase is about>.", after the sentence of
#: its case (a signal, a Ghna during the play) that says when the action is possible.
KEYS: tuple[str, ...] = (
    "not_your_turn", "wrong_phase", "wrong_phase.signal_window", "wrong_phase.ghna_defenders",
    "wrong_phase.ghna_no_cap", "wrong_phase.ghna_one_per_trick", "wrong_phase.ghna_after_trick",
    "wrong_phase.other", "bid_too_low.first", "bid_too_low", "bid_too_high",
    "bid_not_multiple_of_10", "announce_not_allowed.rules", "announce_not_allowed.signalled",
    "announce_not_allowed.AS", "announce_not_allowed.COMPTE", "announce_not_allowed.other",
    "signal_not_allowed.AS", "signal_not_allowed.COMPTE", "ghna_not_allowed", "ghna_not_held",
    "ghna_over_cap", "concede_not_allowed.rules", "concede_not_allowed.declarers",
    "concede_not_allowed.proposed", "card_not_in_hand", "must_follow_suit", "must_play_higher",
    "must_play_higher.trumps", "must_trump", "must_overtrump", "must_overtrump.partner",
)
#: The cases of ``wrong_phase`` whose sentence is said before "You cannot ... now".
_BEFORE = {"signal_window", "ghna_defenders", "ghna_no_cap", "ghna_one_per_trick",
           "ghna_after_trick"}


def catalogue_key(key: str) -> str:
    """The catalogue's key of refusal ``key``'s sentence."""
    code, _, case = key.partition(".")
    return f"refusal.before.{case}" if code == "wrong_phase" and case in _BEFORE else f"refusal.{key}"


#: What each phase is about, in the ``wrong_phase`` sentence (by phase name).
PHASE_WORDS = {name: catalogue.text(f"refusal.phase.{name}") for name in (
    "auction", "signal", "trump", "play", "ghna", "concession", "hand_over", "game_over")}

#: Each kind of action, in the ``wrong_phase`` sentence ("You cannot <this> now").
ACTION_WORDS = {kind: catalogue.text(f"refusal.action.{kind}") for kind in (
    "bid", "pass", "announce", "signal", "no_signal", "trump", "play", "ghna", "no_ghna",
    "concede", "accept", "refuse", "next_hand")}


class Refusal(Exception):
    """An action the rules refuse: ``code`` is stable, ``message`` names the rule."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


def sentence(key: str, **words: object) -> str:
    """The English sentence of refusal ``key`` (``code`` or ``code.case``), filled with
    ``words``."""
    return catalogue.text(catalogue_key(key), **words)


def refusal(key: str, params: dict[str, Any], **words: object) -> Refusal:
    """The refusal of ``key``: its code (``key`` up to a dot), the sentence filled with
    ``words``, and ``params`` with ``case``: the key itself, the sentence a page words."""
    return Refusal(key.partition(".")[0], sentence(key, **words), case=key, **params)
