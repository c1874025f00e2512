"""The page plays Touti: reach the auction, play a whole hand by clicking,
refused cards explained by the engine, the signal window, settings."""

from __future__ import annotations

import json

from touti_core import api

from webhelpers import FAST, hand_cards, phase, preset, record_fragment, settle, wait_ready


def test_load_reaches_the_auction(page, site):
    page.goto(site)
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.phase === 'auction'")
    # the four seats, the player at the bottom, the next player on the right
    assert page.text_content("#seat-0 .seat-name") == "You"
    assert page.get_attribute("#seat-1", "class").split()[1] == "seat-east"
    assert page.get_attribute("#seat-2", "class").split()[1] == "seat-north"
    assert page.get_attribute("#seat-3", "class").split()[1] == "seat-west"
    assert page.locator(".badge.dealer").count() == 1
    assert len(hand_cards(page)) == 10
    assert not page.is_visible("#boot")


def test_hint_names_a_legal_action_with_its_reason(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")    # the player speaks first
    wait_ready(page)
    assert settle(page) == "act:auction"
    key = "e => [e.dataset.action, e.dataset.amount, e.dataset.signal, e.dataset.suit].join('|')"
    legal = page.eval_on_selector_all("#actions button[data-action]", f"els => els.map({key})")
    page.click("#menu-hint")
    page.wait_for_selector("#message.hint")
    assert page.text_content("#message").startswith("Hint: ")
    hinted = page.locator("#actions button.hinted")
    assert hinted.count() == 1
    assert hinted.evaluate(key) in legal


def test_whole_hand_by_clicking_to_its_summary(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")   # seed 1012: the player (forehand) bids first
    wait_ready(page)
    bid_seen = trump_seen = False
    cards_played = 0
    for _ in range(200):
        state = settle(page)
        if state == "hand_over" or state == "game_over":
            break
        if state == "act:auction":
            # every offered bid is legal; the highest ends the auction at once
            bids = page.locator("#actions button[data-action='bid']")
            amounts = [int(b) for b in bids.evaluate_all("els => els.map(e => e.dataset.amount)")]
            assert amounts == sorted(amounts) and amounts[-1] == 230 and all(a % 10 == 0 for a in amounts)
            bids.last.click()
            bid_seen = True
        elif state == "act:signal":
            page.click("#actions button[data-action='no_signal']")
        elif state == "act:trump":
            assert page.locator("#actions button[data-action='trump']").count() == 4
            page.click("#actions button[data-action='trump'][data-suit='E']")
            trump_seen = True
        elif state == "act:ghna":
            page.locator("#actions button[data-action='ghna']").first.click()
        elif state == "act:concession":
            page.click("#actions button[data-action='refuse']")
        elif state in ("card", "act:play"):
            before = len(hand_cards(page))
            page.locator("#hand button.legal").first.click()
            page.wait_for_function(f"document.querySelectorAll('#hand button[data-card]').length < {before}"
                                   " || ['hand_over', 'game_over'].includes(document.documentElement.dataset.phase)")
            cards_played += 1
        else:
            raise AssertionError(f"unexpected state {state}")
    assert bid_seen and trump_seen
    assert phase(page) in ("hand_over", "game_over")
    panel = page.text_content("#panel")
    assert "Hand 1 is over" in panel
    assert "Contract 230 by You, trumps swords" in panel
    assert ("Made" in panel) or ("Failed" in panel)
    # the score sheet lists the hand
    page.click("#panel button:has-text('Score sheet')")
    assert page.locator("#dialog table.sheet tbody tr").count() == 1
    page.keyboard.press("Escape")
    assert cards_played >= 1
    # the log tells the hand
    log = page.text_content("#log-list")
    assert "You bid 230." in log and "You name swords as trumps." in log
    # next hand: a new deal with the next dealer
    if phase(page) == "hand_over":
        dealer = page.locator(".badge.dealer").evaluate("e => e.closest('.seat').dataset.seat")
        page.click("#panel button[data-action='next_hand']")
        page.wait_for_function("document.documentElement.dataset.phase === 'auction'"
                               " || document.documentElement.dataset.phase === 'signal'")
        new_dealer = page.locator(".badge.dealer").evaluate("e => e.closest('.seat').dataset.seat")
        assert int(new_dealer) == (int(dealer) + 1) % 4


def scripted_until(seed: int, stop, rules=None) -> dict:
    """Plays a one-hand deal with simple choices until ``stop(state)``; the state."""
    hands = api.new_game(seed)["hands"]
    s = api.new_hand(hands, 0, rules)
    for _ in range(200):
        if stop(s):
            return s
        legal = api.legal_actions(s)
        kinds = {a["type"]: a for a in legal}
        if s["phase"] == "auction":
            a = kinds["bid"] if (s["to_act"] == 1 and not s["auction"]) else kinds["pass"]
        elif s["phase"] == "signal":
            a = kinds["no_signal"]
        elif s["phase"] == "trump":
            a = legal[0]
        elif s["phase"] == "ghna":
            a = kinds["no_ghna"]
        else:
            a = [x for x in legal if x["type"] == "play"][0]
        s = api.act(s, a)
    raise AssertionError("the stop condition was never met")


def test_refused_card_shows_the_engines_reason(page, site):
    def player_must_follow(s):
        if s["phase"] != "play" or s["to_act"] != 0 or not s["trick"]:
            return False
        legal = {a["card"] for a in api.legal_actions(s) if a["type"] == "play"}
        return len(legal) < len(s["hands"][0])

    for seed in range(1, 50):
        try:
            s = scripted_until(seed, player_must_follow)
            break
        except AssertionError:
            continue
    legal = {a["card"] for a in api.legal_actions(s) if a["type"] == "play"}
    refused = next(c for c in s["hands"][0] if c not in legal)
    try:
        api.act(s, {"type": "play", "seat": 0, "card": refused})
    except api.IllegalAction as e:
        reason = e.message
    preset(page, FAST)
    page.goto(site + record_fragment(api.to_record(s)))
    wait_ready(page)
    assert settle(page) in ("card", "act:play")
    shown_legal = page.eval_on_selector_all("#hand button.legal", "els => els.map(e => e.dataset.card)")
    assert set(shown_legal) == legal
    page.click(f"#hand button[data-card='{refused}']")
    page.wait_for_selector("#message.refusal")
    assert page.text_content("#message") == reason
    assert refused in hand_cards(page)
    # the keyboard reaches the same card and the same reason
    page.click("#menu-hint")   # any other message first
    page.focus(f"#hand button[data-card='{refused}']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.getElementById('message').textContent === {json.dumps(reason)}")


def signal_position(rules=None) -> dict:
    """Forehand (seat 1) passes, seat 2 bids 70, seat 3 bids 80: the player (seat 0) to act."""
    hands = api.new_game(11)["hands"]
    s = api.new_hand(hands, 0, rules)
    s = api.act(s, {"type": "pass", "seat": 1})
    s = api.act(s, {"type": "bid", "seat": 2, "amount": 70})
    if s["phase"] == "signal":
        s = api.act(s, {"type": "no_signal", "seat": s["to_act"]})
    s = api.act(s, {"type": "bid", "seat": 3, "amount": 80})
    assert s["phase"] == "auction" and s["to_act"] == 0
    return s


def test_signal_window_appears_when_the_rules_open_it(page, site):
    s = signal_position()
    after = api.act(s, {"type": "pass", "seat": 0})
    assert after["phase"] == "signal" and after["to_act"] == 0   # the engine opens it
    expected = sorted((a["type"], a.get("signal")) for a in api.legal_actions(after))
    preset(page, FAST)
    page.goto(site + record_fragment(api.to_record(s)))
    wait_ready(page)
    assert settle(page) == "act:auction"
    assert page.locator("#actions button[data-action='signal']").count() == 0
    page.click("#actions button[data-action='pass']")
    assert settle(page) == "act:signal"
    shown = sorted(page.eval_on_selector_all(
        "#actions button[data-action]",
        "els => els.map(e => [e.dataset.action, e.dataset.signal || null])"))
    assert [tuple(x) for x in shown] == expected
    # the auction so far, as speech bubbles
    assert page.text_content("#seat-0 .bubble .word") == "Pass"
    assert page.text_content("#seat-2 .bubble .word") == "70"
    assert page.text_content("#seat-3 .bubble .word") == "80"
    assert page.text_content("#seat-3 .bubble") == "Driss: 80"    # who said it, for a screen reader
    page.click("#actions button[data-action='signal'][data-signal='+10']")
    page.wait_for_function("document.getElementById('log-list').textContent.includes('You signal +10.')")


def test_no_signal_window_when_the_rules_turn_signals_off(page, site):
    s = signal_position({"signals": False})
    assert api.act(s, {"type": "pass", "seat": 0})["phase"] != "signal"
    preset(page, FAST)
    page.goto(site + record_fragment(api.to_record(s)))
    wait_ready(page)
    assert settle(page) == "act:auction"
    assert page.locator("#actions button[data-action='announce']").count() == 0
    page.click("#actions button[data-action='pass']")
    # the bots finish the auction; the player is never asked for a signal
    page.wait_for_function("!['auction', 'signal'].includes(document.documentElement.dataset.phase)")
    assert "You signal" not in page.text_content("#log-list")
