"""Names people write (a friend's in a challenge, the players and title of a
score sheet) are isolated for bidirectional text: a name holding an
unterminated U+202E (right-to-left override) sits in an isolating element,
the words around it outside, so it cannot reverse the sentence."""

from __future__ import annotations

import base64
import json

from webhelpers import FAST, deflated, preset, wait_ready

RLO = "\u202e"
FSI, PDI = "\u2068", "\u2069"

#: An element's child nodes as [name, text] (a text node is "#text").
CHILDREN_JS = "el => [...el.childNodes].map(n => [n.nodeName, n.textContent])"
#: The computed unicode-bidi of every <bdi> in an element.
ISOLATING_JS = "el => [...el.querySelectorAll('bdi')].map(b => getComputedStyle(b).unicodeBidi)"


def test_a_name_with_an_unterminated_override_reverses_nothing_around_it(page, site):
    preset(page, FAST)
    sheet = {"format": "touti-sheet/1", "name": "Fès" + RLO, "names": ["Amine" + RLO, "Sara", "Omar", "Lina"],
             "dealer": 0, "rules": {"target": 200}, "hands": []}
    link = base64.urlsafe_b64encode(json.dumps(sheet).encode()).decode().rstrip("=")
    page.goto(site + "#sheet=" + link)
    wait_ready(page)
    page.wait_for_selector("#sheet-next")

    # the score sheet: each name in a <bdi>, the sentence's words in text nodes outside it
    assert page.eval_on_selector("#sheet-next", CHILDREN_JS) == [
        ["#text", "Hand 1: "], ["BDI", "Amine" + RLO], ["#text", " deals, "], ["BDI", "Sara"],
        ["#text", " is the mâle and speaks first."]]
    assert page.eval_on_selector("#sheet-next", ISOLATING_JS) == ["isolate", "isolate"]
    assert page.eval_on_selector("#sheet-title", CHILDREN_JS) == [["BDI", "Fès" + RLO]]
    notice = page.eval_on_selector("#sheet-notice", CHILDREN_JS)
    assert ["BDI", "Fès" + RLO] in notice and notice[0] == ["#text", "The shared sheet “"]
    heads = page.eval_on_selector("#sheet-scores li", CHILDREN_JS)
    assert ["BDI", "Amine" + RLO] in heads and ["BDI", "Omar"] in heads
    # where an element cannot hold one (a choice in a list), the name is isolated in the text itself
    option = page.eval_on_selector("#entry-declarer option[value='0']", "o => o.textContent")
    assert option == f"{FSI}Amine{RLO}{PDI} (team 1)"

    # a friend's challenge: the name in the status line and in the table's heading
    data = {"v": 1, "s": 5, "n": 4, "r": {"target": 600}, "l": ["normal"] * 3, "nm": "Eve" + RLO,
            "h": [None, None, None, None]}
    page.evaluate(f"location.hash = {json.dumps('#challenge=' + deflated(data))}")
    page.wait_for_selector("#challenge-table")
    status = page.eval_on_selector(".challenge-status", CHILDREN_JS)
    assert status[0] == ["BDI", "Eve" + RLO] and status[1][0] == "#text" and len(status) == 2
    assert status[1][1].startswith("'s results are in")
    assert page.eval_on_selector(".challenge-status", ISOLATING_JS) == ["isolate"]
    assert page.eval_on_selector_all("#challenge-table thead bdi", "els => els.map(e => e.textContent)") == ["Eve" + RLO]
