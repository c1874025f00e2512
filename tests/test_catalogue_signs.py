"""Signs in a right-to-left catalogue: every number a message writes with its
sign ("+20", "(+{value})", "± {margin}") is held left to right between U+2066
LEFT-TO-RIGHT ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, as bidi.js's
numberText() holds the numbers the page makes; else the bidi algorithm puts
the sign on the right of the digits ("20+").  So is an argument shown as it is
whose value may be one (a signal, "+10").  A minus between two terms
("العقد − 70", "95 + 10") is an operation, read in the line's order: left as it is.
The page's geometry: tests/web/test_web_rtl_numbers.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

MESSAGES = Path(__file__).resolve().parent.parent / "web" / "messages"
CATALOGUES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(MESSAGES.glob("*.json"))}
RTL = sorted(code for code, cat in CATALOGUES.items() if cat.get("meta.dir") == "rtl")

LRI, PDI = "\u2066", "\u2069"
#: a sign written against its number (a digit or an argument), not after a word's letter or digit
SIGNED = re.compile(r"(?<![\w])[+\-\u2212](?=\d|\{[a-z_]+\})|(?<![\w}] )\u00b1 (?=\d|\{[a-z_]+\})")


#: arguments whose value may be a number with its sign: a signal's name ("+10")
SIGNED_ARGS = ("signal",)


def outside_isolates(text: str) -> str:
    """The message without what its LRI ... PDI hold (each replaced by a space)."""
    return re.sub(f"{LRI}[^{LRI}{PDI}]*{PDI}", " ", text)


def test_arabic_is_written_right_to_left():
    assert "ar" in RTL


@pytest.mark.parametrize("code", RTL)
def test_every_signed_number_of_a_right_to_left_catalogue_is_isolated(code):
    bare = {key: text for key, text in CATALOGUES[code].items() if SIGNED.search(outside_isolates(text))}
    assert bare == {}


@pytest.mark.parametrize("code", RTL)
def test_every_argument_that_may_be_signed_is_isolated_where_it_is_shown(code):
    shown = re.compile("|".join(r"\{%s\}" % name for name in SIGNED_ARGS))
    bare = {key: text for key, text in CATALOGUES[code].items() if shown.search(outside_isolates(text))}
    assert bare == {}


@pytest.mark.parametrize("code", RTL)
def test_each_isolate_of_a_number_is_closed_in_its_message(code):
    for key, text in CATALOGUES[code].items():
        opened = 0
        for ch in text:
            if ch == LRI:
                assert opened == 0, (key, text)
                opened = 1
            elif ch == PDI and opened:
                opened = 0
        assert opened == 0, (key, text)
        for held in re.findall(f"{LRI}([^{PDI}]*){PDI}", text):
            # a number with its sign, or an argument that carries one ({signal}: "+10")
            assert SIGNED.search(held) or "\u00b1" in held or re.fullmatch(r"\{[a-z_]+\}", held), (key, held)
