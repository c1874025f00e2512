"""Random games checked step by step against an independent reading of
docs/rules.md, written here from the rule book only (not from the engine).

At every step of seeded random games, under every variant switch, the
engine's legal actions are compared with the reference: the auction, the
signal window (its five conditions), trick play obligations, trick winners,
the Ghna question and its options, concession results and scoring."""

import itertools
import random

import pytest

from rules_helpers import STRENGTH, act, card_points, legal_actions, rank, suit
from touti_core.api import new_game


def strength(card):
    return 10 - STRENGTH.index(rank(card))


def ref_cap(rules, contract):
    if rules["ghna_cap"] == "standard":
        return min(100, max(0, 2 * (contract - 70)))
    if rules["ghna_cap"] == "contract_minus_50":
        return max(0, contract - 50)
    return 10 ** 6


def holds_ghna(hand, x):
    return f"12{x}" in hand and f"11{x}" in hand


def ref_trick_winner(trick, trump):
    """trick: [(seat, card)] in order of play."""
    led = suit(trick[0][1])
    trumps = [(strength(c), s) for s, c in trick if suit(c) == trump]
    if trumps:
        return max(trumps)[1]
    return max((strength(c), s) for s, c in trick if suit(c) == led)[1]


def ref_legal_cards(hand, trick, trump, overtrump, seat):
    if not trick:
        return set(hand)
    led = suit(trick[0][1])
    follow = {c for c in hand if suit(c) == led}
    trick_trumps = [c for _, c in trick if suit(c) == trump]
    if follow:
        if led != trump and trick_trumps:
            return follow
        best = max(strength(c) for _, c in trick if suit(c) == led)
        return {c for c in follow if strength(c) > best} or follow
    trumps = {c for c in hand if suit(c) == trump}
    if trumps:
        if trick_trumps:
            best = max(strength(c) for c in trick_trumps)
            partner_winning = ref_trick_winner(trick, trump) == seat ^ 2
            if overtrump == "always" or (overtrump == "not_over_partner" and not partner_winning):
                return {c for c in trumps if strength(c) > best} or trumps
        return trumps
    return set(hand)


class Auction:
    """The auction as docs/rules.md 4 describes it, rebuilt from the public events."""

    def __init__(self, events):
        self.left = set()
        self.high, self.high_seat = 0, None
        self.signalled = set()
        self.last_turn = None          # the last seat that bid, passed or announced
        for e in events:
            if e["type"] == "bid":
                self.high, self.high_seat = e["amount"], e["seat"]
                self.last_turn = e["seat"]
            elif e["type"] in ("pass", "announce"):
                self.left.add(e["seat"])
                self.last_turn = e["seat"]
            elif e["type"] == "signal":
                self.signalled.add(e["seat"])

    def next_bidder(self):
        s = (self.last_turn + 1) % 4
        while s in self.left:
            s = (s + 1) % 4
        return s


def ref_auction_legal(state, seat):
    rules, hand = state["rules"], state["hands"][seat]
    au = Auction(state["auction"])
    out = [{"type": "bid", "seat": seat, "amount": a} for a in range(max(70, au.high + 10), 231, 10)]
    out.append({"type": "pass", "seat": seat})
    if rules["signals"] and seat not in au.signalled:
        if not rules["truthful"] or any(rank(c) == 1 for c in hand):
            out.append({"type": "announce", "seat": seat, "signal": "AS"})
        if not rules["truthful"] or any(holds_ghna(hand, x) for x in "OCEB"):
            out.append({"type": "announce", "seat": seat, "signal": "COMPTE"})
    return out


def ref_signal_legal(state, seat):
    rules, hand = state["rules"], state["hands"][seat]
    out = []
    if not rules["truthful"] or any(rank(c) == 1 for c in hand):
        out.append({"type": "signal", "seat": seat, "signal": "AS"})
    if not rules["truthful"] or any(holds_ghna(hand, x) for x in "OCEB"):
        out.append({"type": "signal", "seat": seat, "signal": "COMPTE"})
    out += [{"type": "signal", "seat": seat, "signal": "+10"},
            {"type": "signal", "seat": seat, "signal": "PASS"},
            {"type": "no_signal", "seat": seat}]
    return out


def ghna_options(state, seat):
    c = state["contract"]
    declared = {g["suit"] for g in state["ghna"]}
    total = sum(g["value"] for g in state["ghna"])
    cap = ref_cap(state["rules"], c["amount"])
    return [x for x in "OCEB" if holds_ghna(state["hands"][seat], x) and x not in declared
            and total + (40 if x == c["trump"] else 20) <= cap]


def best_credit(state):
    """Highest total of undeclared held Ghna of the declaring team under the cap."""
    c = state["contract"]
    d = c["declarer"]
    declared = {g["suit"] for g in state["ghna"]}
    room = ref_cap(state["rules"], c["amount"]) - sum(g["value"] for g in state["ghna"])
    values = [40 if x == c["trump"] else 20 for seat in (d, d ^ 2) for x in "OCEB"
              if holds_ghna(state["hands"][seat], x) and x not in declared]
    best = 0
    for n in range(len(values) + 1):
        for combo in itertools.combinations(values, n):
            if best < sum(combo) <= room:
                best = sum(combo)
    return best


def key_set(acts):
    return sorted(sorted(a.items()) for a in acts)


def choose(rnd, legal):
    kinds = {a["type"] for a in legal}
    if "bid" in kinds and rnd.random() < 0.55:
        return next(a for a in legal if a["type"] == "pass")
    if "concede" in kinds:
        if rnd.random() < 0.03:
            return next(a for a in legal if a["type"] == "concede")
        legal = [a for a in legal if a["type"] != "concede"]
    return rnd.choice(legal)


def check_step(before, action, after, offered):
    """Compare one transition with the reference; ``offered`` tracks signal windows."""
    ph = after["phase"]
    rules = after["rules"]
    if before["phase"] in ("auction", "signal") and ph in ("auction", "signal", "trump"):
        au = Auction(after["auction"])
        in_ = {s for s in range(4) if s not in au.left}
        if action["type"] in ("signal", "no_signal"):
            assert ph == "auction" and after["to_act"] == action["seat"] ^ 2
            return
        if au.high == 230 or (au.high_seat is not None and in_ == {au.high_seat}):
            assert ph == "trump" and after["to_act"] == au.high_seat
            assert after["contract"]["declarer"] == au.high_seat
            assert after["contract"]["amount"] == au.high
            return
        nxt = au.next_bidder()
        x = nxt ^ 2
        window = (rules["signals"] and x in au.left and au.high > 0
                  and bool(in_ & {(x + 1) % 4, (x + 3) % 4}) and (x, au.high) not in offered)
        if window:
            offered.add((x, au.high))
            assert ph == "signal" and after["to_act"] == x, (after["auction"], offered)
        else:
            assert ph == "auction" and after["to_act"] == nxt, (after["auction"], offered)
    if before["phase"] == "play" and action["type"] == "play" and len(after["tricks"]) > len(before["tricks"]):
        t = after["tricks"][-1]
        trick = [(x["seat"], x["card"]) for x in t["cards"]]
        assert t["winner"] == ref_trick_winner(trick, after["contract"]["trump"])
        assert t["points"] == sum(card_points(c) for _, c in trick)
        w = t["winner"]
        if len(after["tricks"]) < 10:
            d = after["contract"]["declarer"]
            if w % 2 == d % 2 and ghna_options(after, w):
                assert ph == "ghna" and after["to_act"] == w
            elif w % 2 == d % 2 and ghna_options(after, w ^ 2):
                assert ph == "ghna" and after["to_act"] == w ^ 2
            else:
                assert ph == "play" and after["to_act"] == w
    if before["phase"] == "ghna":
        w = after["leader"]
        if action["type"] == "no_ghna" and action["seat"] == w and ghna_options(after, w ^ 2):
            assert ph == "ghna" and after["to_act"] == w ^ 2
        else:
            assert ph == "play" and after["to_act"] == w
        if action["type"] == "ghna":
            value = 40 if action["suit"] == after["contract"]["trump"] else 20
            assert after["ghna"][-1] == {"seat": action["seat"], "suit": action["suit"], "value": value}
    if ph in ("hand_over", "game_over") and before["phase"] in ("play", "concession"):
        check_hand_end(before, action, after)


def check_hand_end(before, action, after):
    lh = after["last_hand"]
    c = before["contract"]
    team = c["declarer"] % 2
    if action["type"] == "accept":
        won_def = sum(t["points"] for t in before["tricks"] if t["winner"] % 2 != team)
        declared = sum(g["value"] for g in before["ghna"])
        expected = [0, 0]
        expected[1 - team] = won_def
        expected[team] = 130 - won_def + declared + best_credit(before)
    else:
        tricks = after["tricks"]
        expected = [sum(t["points"] for t in tricks if t["winner"] % 2 == k) for k in (0, 1)]
        expected[tricks[-1]["winner"] % 2] += 10
        assert sum(expected) == 130
        expected[team] += sum(g["value"] for g in after["ghna"])
    assert lh["points"] == expected
    made = expected[team] >= c["amount"]
    assert lh["made"] is made
    delta = [0, 0]
    delta[team if made else 1 - team] = c["amount"]
    assert lh["delta"] == delta
    assert after["scores"] == [before["scores"][k] + delta[k] for k in (0, 1)]
    target = after["rules"]["target"]
    if max(after["scores"]) >= target:
        assert after["phase"] == "game_over"
        assert after["winner"] == (0 if after["scores"][0] >= target else 1)
    else:
        assert after["phase"] == "hand_over" and after["winner"] is None


def check_legal(state):
    legal = legal_actions(state)
    ph, seat = state["phase"], state["to_act"]
    if ph == "auction":
        assert key_set(legal) == key_set(ref_auction_legal(state, seat))
    elif ph == "signal":
        assert key_set(legal) == key_set(ref_signal_legal(state, seat))
    elif ph == "trump":
        assert key_set(legal) == key_set({"type": "trump", "seat": seat, "suit": x} for x in "OCEB")
    elif ph == "play":
        trick = [(x["seat"], x["card"]) for x in state["trick"]]
        expected = ref_legal_cards(state["hands"][seat], trick, state["contract"]["trump"],
                                   state["rules"]["overtrump"], seat)
        assert {a["card"] for a in legal if a["type"] == "play"} == expected
        may_concede = (state["rules"]["concession"]
                       and seat % 2 != state["contract"]["declarer"] % 2
                       and seat not in state["proposed"])
        assert ({"type": "concede", "seat": seat} in legal) is may_concede
    elif ph == "ghna":
        expected = [{"type": "ghna", "seat": seat, "suit": x} for x in ghna_options(state, seat)]
        assert expected, "asked without a declarable Ghna"
        assert key_set(legal) == key_set(expected + [{"type": "no_ghna", "seat": seat}])
    elif ph == "concession":
        assert key_set(legal) == key_set([{"type": "accept", "seat": seat},
                                          {"type": "refuse", "seat": seat}])
    elif ph == "hand_over":
        assert legal == [{"type": "next_hand"}]
    else:
        assert legal == []
    return legal


VARIANTS = [
    {},
    {"overtrump": "not_over_partner", "ghna_cap": "contract_minus_50"},
    {"overtrump": "never", "ghna_cap": "none", "truthful": False},
    {"signals": False, "concession": False, "target": 300},
]


@pytest.mark.parametrize("seed", range(24))
def test_random_games_follow_the_reference_rules(seed):
    rules = VARIANTS[seed % len(VARIANTS)]
    rnd = random.Random(seed)
    s = new_game(1000 + seed, rules)
    offered = set()
    hands = 0
    while s["phase"] != "game_over" and hands < 3:
        legal = check_legal(s)
        action = choose(rnd, legal)
        after = act(s, action)
        check_step(s, action, after, offered)
        if after["phase"] in ("hand_over", "game_over"):
            hands += 1
            offered = set()
        s = after
