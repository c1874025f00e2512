"""The English message catalogue, the one home of the sentences the package says.

The page's English catalogue, ``web/messages/en.json``, holds every text a
person reads, each a message in a small subset of ICU MessageFormat (an
argument ``{name}``, a choice ``{x, select, true {...} other {...}}``, a plural
``{n, plural, =0 {...} one {# card} other {# cards}}``).  The package carries
that file as ``touti_core/messages/en.json`` (a link to it in the repository,
a copy in the wheel).  A hint's reason is worded from it as the page words
it: the same template, the same parameters turned into words (:func:`words`,
the page's ``refusalParams`` in ``web/js/i18n.js``), the same format
(:func:`format`, the page's ``web/js/format.js``); a refusal's template comes
from it too (:mod:`touti_core.refusals`, :mod:`touti_core.sheet`).  So a
sentence is written once, and the page and the engine cannot disagree
(tests/test_catalogue_render.py renders the same hints with both).

>>> text("hint.reason.pass.weak", lowest=70, has_best=True, best=31)
'Pass: your hand is not strong enough to bid 70 (about 31% chance at best).'
>>> card_name("3C")
'Triss of cups'
>>> list_of(["coins", "cups", "swords"])
'coins, cups, and swords'
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Mapping, Optional, Union

#: A compiled message: strings, arguments ``{"arg": name}``, the plural's ``#``
#: (``{"hash": True}``) and choices ``{"arg", "kind", "cases"}``.
Node = Union[str, dict]

_WORD = re.compile(r"\s*([^\s,{}]+)\s*")


#: The English catalogue (key -> message), read when the package is imported: the page
#: keeps the imported engine in a memory snapshot and restores it without its files
#: (web/js/install.js), so nothing may read them later.
MESSAGES: dict[str, str] = json.loads(
    (Path(__file__).parent / "messages" / "en.json").read_text(encoding="utf-8"))


def messages() -> dict[str, str]:
    """The English catalogue (key -> message)."""
    return MESSAGES


def compile(text: str) -> list[Node]:  # noqa: A001 - the page's name for it (format.js)
    """Parses a message into nodes (raises ValueError on a malformed one)."""
    i = 0

    def message(in_plural: bool) -> list[Node]:
        nonlocal i
        out: list[Node] = []
        buf = ""
        while i < len(text):
            c = text[i]
            if c == "{":
                if buf:
                    out.append(buf)
                buf = ""
                i += 1
                out.append(argument())
            elif c == "}":
                break
            elif c == "#" and in_plural:
                if buf:
                    out.append(buf)
                buf = ""
                out.append({"hash": True})
                i += 1
            else:
                buf += c
                i += 1
        if buf:
            out.append(buf)
        return out

    def word() -> str:
        nonlocal i
        m = _WORD.match(text, i)
        if not m:
            raise ValueError(f"bad message at {i}: {text}")
        i = m.end()
        return m.group(1)

    def argument() -> Node:
        nonlocal i
        name = word()
        if text[i:i + 1] == "}":
            i += 1
            return {"arg": name}
        if text[i:i + 1] != ",":
            raise ValueError(f"expected , or }} at {i}: {text}")
        i += 1
        kind = word()
        if kind not in ("select", "plural") or text[i:i + 1] != ",":
            raise ValueError(f"bad {kind} at {i}: {text}")
        i += 1
        cases: dict[str, list[Node]] = {}
        while True:
            while text[i:i + 1].isspace():
                i += 1
            if text[i:i + 1] == "}":
                i += 1
                break
            key = word()
            if text[i:i + 1] != "{":
                raise ValueError(f"expected {{ after {key}: {text}")
            i += 1
            cases[key] = message(kind == "plural")
            if text[i:i + 1] != "}":
                raise ValueError(f"unclosed case {key}: {text}")
            i += 1
        if "other" not in cases:
            raise ValueError(f'no "other" case: {text}')
        return {"arg": name, "kind": kind, "cases": cases}

    nodes = message(False)
    if i < len(text):
        raise ValueError(f"unbalanced }} at {i}: {text}")
    return nodes


def arguments_of(nodes: list[Node], into: Optional[set[str]] = None) -> set[str]:
    """The argument names a compiled message uses (format.js's ``argumentsOf``)."""
    names = set() if into is None else into
    for node in nodes:
        if isinstance(node, str) or node.get("hash"):
            continue
        names.add(node["arg"])
        for case in node.get("cases", {}).values():
            arguments_of(case, names)
    return names


def _js(value: Any) -> str:
    """A value as JavaScript's ``String()`` writes it (the page fills messages so)."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _plural(n: float) -> str:
    """English plural category (``Intl.PluralRules("en")``)."""
    return "one" if n == 1 else "other"


def format(nodes: list[Node], params: Mapping[str, Any], n: Optional[float] = None) -> str:  # noqa: A001
    """Fills compiled ``nodes`` with ``params`` (a missing argument shows as ``{name}``)."""
    out = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif node.get("hash"):
            out.append(_js(n))
        elif "kind" not in node:
            out.append(_js(params[node["arg"]]) if node["arg"] in params else "{" + node["arg"] + "}")
        elif node["kind"] == "select":
            key = _js(params.get(node["arg"]))
            cases = node["cases"]
            out.append(format(cases.get(key, cases["other"]), params, n))
        else:
            value = params.get(node["arg"], "nan")
            num = 0.0 if value is None else float(value)
            cases = node["cases"]
            exact = f"={_js(num)}"
            chosen = cases[exact] if exact in cases else cases.get(_plural(num), cases["other"])
            out.append(format(chosen, params, num))
    return "".join(out)


@cache
def _compiled(key: str) -> list[Node]:
    return compile(messages()[key])


def text(key: str, **params: Any) -> str:
    """The English message ``key`` filled with ``params`` (KeyError if the catalogue lacks it)."""
    return format(_compiled(key), params)


# ------------------------------------------------------------------ game words
def card_name(card: str) -> str:
    """``"12E"`` -> ``Rey of swords`` (the catalogue's ``card``)."""
    m = re.fullmatch(r"(\d+)([OCEB])", card)
    if not m:
        return card
    return text("card", rank=text(f"rank.{m[1]}"), suit=text(f"suit.{m[2]}"), r=m[1], s=m[2])


def suit_name(letter: str) -> str:
    return text(f"suit.{letter}")


def list_of(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b, and c``: ``Intl.ListFormat("en")``, as the page lists."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def words(params: Mapping[str, Any]) -> dict[str, Any]:
    """A hint's (or a refusal's) params with cards, suits, lists and seats in words,
    and the ``has_*`` and ``*_n`` arguments the messages choose by: the page's
    ``refusalParams`` (web/js/i18n.js), line for line."""
    out = dict(params)
    for k in ("card", "beaten", "winning", "partner_card"):
        if isinstance(params.get(k), str):
            out[k] = card_name(params[k])
    for k in ("legal", "missing", "tops", "higher"):
        if isinstance(params.get(k), list):
            out[k] = list_of([card_name(c) for c in params[k]])
            out[f"{k}_n"] = len(params[k])
    for k in ("suit", "led", "trump"):
        out[f"has_{k}"] = isinstance(params.get(k), str)
        if isinstance(params.get(k), str):
            out[k] = suit_name(params[k])
    if isinstance(params.get("aces"), list):
        out["aces"] = list_of([suit_name(x) for x in params["aces"]])
        out["aces_n"] = len(params["aces"])
    if isinstance(params.get("partner_signals"), list):
        out["partner_signals"] = list_of(params["partner_signals"])
        out["signals_n"] = len(params["partner_signals"])
    for k in ("chance", "theirs", "best"):
        out[f"has_{k}"] = params.get(k) is not None
    if isinstance(params.get("to_act"), int) and not isinstance(params.get("to_act"), bool):
        out["who"] = text(f"seat.{params['to_act']}")
    if isinstance(params.get("phase"), str):
        out["phase"] = text(f"refusal.phase.{params['phase']}")
    if isinstance(params.get("action"), str):
        out["action"] = text(f"refusal.action.{params['action']}")
    if "before" in params:
        before = params["before"]
        out["before"] = (text(f"refusal.before.{before.split('.')[-1]}", contract=params.get("contract"))
                         if before else "")
    return out
