"""Why an action is refused: the English sentence of every refusal, in one table.

A refusal has a stable ``code`` (docs/api.md, Error codes), ``params`` (the
facts behind it, for a page that words it in another language) and a sentence
that names the rule.  The sentences are here, a template for each key: the
code, or ``code.case`` when a code has several sentences.  Each template is the
English catalogue's (web/messages/en.json, ``refusal.<key>``; a
``wrong_phase.<case>`` is its ``refusal.before.<case>``), word for word:
tests/test_catalogue_render.py checks every one.  The rules that
decide a refusal are elsewhere (:meth:`touti_core.engine.Game.refusal`,
:func:`touti_core.api.action_code`), and fill the template with words:

>>> sentence("bid_too_low", minimum=100, high=90)
'You must bid at least 100: the highest bid is 90 and each bid must raise it by at least 10.'
>>> refusal("bid_too_low.first", {"minimum": 70}, minimum=70).code
'bid_too_low'
"""

from __future__ import annotations

from typing import Any

#: The template of each refusal's sentence, by key (``code`` or ``code.case``).
SENTENCES: dict[str, str] = {
    "not_your_turn": "It is not your turn: {who} must act now.",
    # wrong_phase: "You cannot <action> now: <what the phase is about>.", after the sentence
    # (``before``, with its space) that says when the action is possible (a signal, a Ghna
    # during the play)
    "wrong_phase": "{before}You cannot {action} now: {phase}.",
    "wrong_phase.signal_window": "A signal is given only when the signal window opens, just "
                                 "before your partner bids. ",
    "wrong_phase.ghna_defenders": "Only the declaring team may declare a Ghna. ",
    "wrong_phase.ghna_no_cap": "No Ghna may be declared at contract {contract}: the Ghna cap "
                               "there is 0. ",
    "wrong_phase.ghna_one_per_trick": "Only one Ghna may be declared per trick won: declare the "
                                      "next one after another trick won by your team. ",
    "wrong_phase.ghna_after_trick": "A Ghna is declared only right after a trick won by the "
                                    "declaring team, when it is offered. ",
    "wrong_phase.other": "That action is not possible now.",
    "bid_too_low.first": "The first bid is at least {minimum}.",
    "bid_too_low": "You must bid at least {minimum}: the highest bid is {high} and each bid "
                   "must raise it by at least 10.",
    "bid_too_high": "The highest possible bid is {maximum}.",
    "bid_not_multiple_of_10": "Bids go by tens: {amount} is not a multiple of 10.",
    "announce_not_allowed.rules": "Early announcements are not played with these rules.",
    "announce_not_allowed.signalled": "You have already signalled in this hand: no early "
                                      "announcement.",
    "announce_not_allowed.AS": "You may announce AS only if you hold an Ace.",
    "announce_not_allowed.COMPTE": "You may announce COMPTE only if you hold a Ghna (the Rey "
                                   "and the Cabal of one suit).",
    "announce_not_allowed.other": "{signal} cannot be announced early: only AS or COMPTE.",
    "signal_not_allowed.AS": "You may signal AS only if you hold an Ace.",
    "signal_not_allowed.COMPTE": "You may signal COMPTE only if you hold a Ghna (the Rey and "
                                 "the Cabal of one suit).",
    "ghna_not_allowed": "The Ghna of {suit} has already been declared in this hand.",
    "ghna_not_held": "You cannot declare the Ghna of {suit}: you do not hold {missing}. A Ghna "
                     "is the Rey and the Cabal of one suit, both still in your hand.",
    "ghna_over_cap": "The Ghna of {suit} (+{value}) does not fit under the cap: at contract "
                     "{contract} your team may declare {cap} of Ghna and has declared {declared}.",
    "concede_not_allowed.rules": "Abandoning a hand is not played with these rules.",
    "concede_not_allowed.declarers": "Only the defenders may abandon the hand; the declaring "
                                     "team never can.",
    "concede_not_allowed.proposed": "You have already proposed to abandon in this trick.",
    "card_not_in_hand": "You do not hold the {card}.",
    "must_follow_suit": "You must follow suit: {led} were led and you hold {legal}.",
    "must_play_higher": "You must play higher: the {card} does not beat the {beaten}, and you "
                        "hold {legal}.",
    "must_play_higher.trumps": "You must play higher: the {card} does not beat the {beaten}, "
                               "and you hold {legal}. (Trumps were led: follow with a higher "
                               "card.)",
    "must_trump": "You must trump: you have no {led}, and you hold {legal} ({trump} are trumps).",
    "must_overtrump": "You must overtrump: the {card} does not beat the {beaten}, and you hold "
                      "{legal}.",
    "must_overtrump.partner": "You must overtrump even though your partner is winning the "
                              "trick: the {card} does not beat the {beaten}, and you hold "
                              "{legal}.",
}

#: What each phase is about, in the ``wrong_phase`` sentence (by phase name).
PHASE_WORDS = {
    "auction": "the auction is in progress",
    "signal": "a partner signal is being given",
    "trump": "the declarer is naming trumps",
    "play": "a card must be played",
    "ghna": "a Ghna may be declared",
    "concession": "a proposal to abandon awaits its answer",
    "hand_over": "the hand is over",
    "game_over": "the game is over",
}

#: Each kind of action, in the ``wrong_phase`` sentence ("You cannot <this> now").
ACTION_WORDS = {
    "bid": "bid", "pass": "pass", "announce": "make an early announcement",
    "signal": "signal", "no_signal": "decline to signal", "trump": "name trumps",
    "play": "play a card", "ghna": "declare a Ghna", "no_ghna": "decline a Ghna",
    "concede": "propose to abandon", "accept": "accept an abandon",
    "refuse": "refuse an abandon", "next_hand": "deal the next hand",
}


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
    return SENTENCES[key].format(**words)


def refusal(key: str, params: dict[str, Any], **words: object) -> Refusal:
    """The refusal of ``key``: its code (``key`` up to a dot), the sentence filled with
    ``words``, and ``params`` with ``case``: the key itself, the sentence a page words."""
    return Refusal(key.partition(".")[0], sentence(key, **words), case=key, **params)
