"""The message catalogues (web/messages/<code>.json): every language has every
key, with the same arguments; every message parses; every key the page uses
exists and every key exists for a reason; every code the engine and the
bridge can answer with has its sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from touti_core import catalogue

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = ROOT / "web" / "messages"
JS = ROOT / "web" / "js"

CATALOGUES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(MESSAGES.glob("*.json"))}
EN = CATALOGUES["en"]


def parse(text: str) -> set[str]:
    """The argument names of a message in the ICU subset of web/js/format.js, by the
    package's mirror of its compile() (touti_core/catalogue.py, checked against the
    page's by tests/test_catalogue_render.py): ValueError on a malformed message."""
    return catalogue.arguments_of(catalogue.compile(text))


def test_english_is_there_and_every_message_parses():
    assert len(EN) > 200
    for code, cat in CATALOGUES.items():
        for key, text in cat.items():
            assert isinstance(text, str), (code, key)
            parse(text)


def scenario_keys() -> set[str]:
    """The keys of the rule scenarios' texts: their English is in web/scenarios/<id>.json
    (i18n.js scenarioKey), the other languages translate them in their catalogue."""
    keys = set()
    for path in sorted((ROOT / "web" / "scenarios").glob("*.json")):
        sc = json.loads(path.read_text())
        if path.name == "index.json":
            continue
        keys |= {f"scenario.{sc['id']}.{part}" for part in ("title", "area", "caption")}
        keys |= {f"scenario.{sc['id']}.note." + ("any" if k == "*" else k.replace(" ", "_")) for k in sc["notes"]}
    return keys


@pytest.mark.parametrize("code", sorted(CATALOGUES))
def test_every_language_has_every_key_with_the_same_arguments(code):
    cat = CATALOGUES[code]
    scenarios = scenario_keys() if code != "en" else set()
    assert sorted((set(EN) | scenarios) - set(cat)) == [], f"{code} lacks these keys"
    assert sorted(set(cat) - set(EN) - scenarios) == [], f"{code} has keys English does not"
    for key in scenarios:
        assert parse(cat[key]) == set(), (code, key)
    for key in EN:
        assert parse(cat[key]) == parse(EN[key]), (code, key, cat[key])
    assert cat["meta.dir"] in ("ltr", "rtl") and cat["meta.name"]


def used_keys() -> tuple[set[str], set[str], set[str]]:
    """Keys the page's modules pass to t() literally, every string of theirs (and of
    the lesson's steps) that names a key, and the prefixes of keys they build."""
    called, named, prefixes = set(), set(), set()
    for path in JS.rglob("*.js"):
        src = path.read_text(encoding="utf-8")
        called |= set(re.findall(r"""\bt\(\s*["']([\w.+-]+)["']""", src))
        named |= set(re.findall(r"""["']([\w.+-]+)["']""", src)) & set(EN)
        prefixes |= set(re.findall(r"""`([\w.+-]+\.)\$\{""", src))
        prefixes |= set(re.findall(r"""["']([\w.]+\.)["']\s*\+""", src))
    for page in (ROOT / "web").glob("*.html"):
        called |= set(re.findall(r'data-i18n="([\w.+-]+)"', page.read_text(encoding="utf-8")))
    lesson = json.loads((ROOT / "web" / "learn" / "lesson.json").read_text())
    named |= {step["say"] for step in lesson["steps"]}
    return called, named | called, prefixes


def test_every_key_the_page_uses_exists_and_none_is_unused():
    called, used, prefixes = used_keys()
    assert sorted(k for k in called if k not in EN) == []
    # keys built at run time: by prefix; meta.* and app.* are read by the build
    unused = [k for k in EN if k not in used and not k.startswith(("meta.", "app."))
              and not any(k.startswith(p) for p in prefixes)]
    assert unused == []


def test_a_friends_page_takes_from_its_host_exactly_the_refusals_of_a_move_at_a_table():
    # web/js/friends/guest.js words a host's refusal only if its code is one a move at a
    # table gets (TABLE_CODES, else "internal"): the engine's, but a damaged save's, and
    # the worker's own; each has its sentence
    from touti_core import api
    from test_catalogue_render import BRIDGE_CODES
    src = (JS / "friends" / "guest.js").read_text(encoding="utf-8")
    listed = re.search(r"TABLE_CODES = new Set\(\[(.*?)\]\)", src, re.S)
    assert listed, "TABLE_CODES not found in guest.js"
    codes = set(re.findall(r'"([a-z0-9_]+)"', listed.group(1)))
    assert codes == (set(api.ERROR_CODES) - {"bad_state"}) | set(BRIDGE_CODES)
    assert all(any(k == f"refusal.{c}" or k.startswith(f"refusal.{c}.") for k in EN) for c in codes)
