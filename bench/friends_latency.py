#!/usr/bin/env python3
"""Friends' table latency: from a friend's tap on a card to that card landing
on every other screen.

    python bench/friends_latency.py [--dist DIR] [--cards N]

Four pages on this machine (the host and a friend in one Chromium process,
two friends in another), seated through the real invitation and reply links
(docs/multiplayer.md), cards at the "instant" speed (no flight), play hands
by clicks.  For each card a friend plays, the page stamps the tap
(Date.now(), one clock on one machine) and each other page stamps when the
card's picture appears in its trick; the figure is the latest of the three.
Prints the median, p95 and worst over N cards (default 40).  Target: under
150 ms.  The machine's other work slows it: the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

from playwright.sync_api import sync_playwright  # noqa: E402

from friendshelpers import CAN_ACT, FRIENDS_ARGS, new_page, seat_friend, take_turn  # noqa: E402
from webhelpers import Served  # noqa: E402

#: Stamps when each card's picture first appears in the trick: window.__landed[card] = Date.now().
LANDED = """
window.__landed = {};
new MutationObserver(() => {
  for (const img of document.querySelectorAll('.friends-table .trick img')) {
    const m = /cards\\/(\\d+[OCEB])\\.svg/.exec(img.getAttribute('src') || '');
    if (m && !(m[1] in window.__landed)) window.__landed[m[1]] = Date.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""

#: A friend's tap on its first legal card, stamped: [card, time] (null when it cannot play).
TAP = """() => {
  const b = document.querySelector('.friends-table .hand.my-turn button.legal');
  if (!b) return null;
  const t = Date.now();
  b.click();
  return [b.dataset.card, t];
}"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--cards", type=int, default=40)
    args = ap.parse_args()
    if not (args.dist / "index.html").exists():
        sys.exit(f"{args.dist} is not built: run `python build.py` first")
    served = Served(args.dist)
    site = served.url
    exe = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    out: list[float] = []
    with sync_playwright() as pw:
        opts = {"args": ["--no-sandbox", *FRIENDS_ARGS], **({"executable_path": exe} if exe else {})}
        b1, b2 = pw.chromium.launch(**opts), pw.chromium.launch(**opts)
        host = new_page(b1, site)
        guests = {1: new_page(b1, site), 2: new_page(b2, site), 3: new_page(b2, site)}
        for p in [host, *guests.values()]:
            p.evaluate(LANDED)
        host.evaluate("location.hash = '#friends'")
        host.wait_for_selector("[data-friends-seat='1']")
        for seat, g in guests.items():
            seat_friend(host, g, seat, f"F{seat}")
            g.evaluate(LANDED)
        host.click("[data-friends=start]")
        pages = [host, *guests.values()]
        deadline = time.time() + 600
        while len(out) < args.cards and time.time() < deadline:
            acted = False
            for p in pages:
                what = p.evaluate(CAN_ACT)
                if not what:
                    continue
                if what == "card" and p is not host:
                    tap = p.evaluate(TAP)
                    if tap:
                        card, t0 = tap
                        others = [q for q in pages if q is not p]
                        for _ in range(200):
                            landed = [q.evaluate("c => window.__landed[c] || null", card) for q in others]
                            if all(landed):
                                out.append(max(landed) - t0)
                                break
                            time.sleep(0.01)
                        acted = True
                        break
                acted = take_turn(p, what)
                break
            if not acted:
                time.sleep(0.05)
        b1.close()
        b2.close()
    served.stop()
    if not out:
        sys.exit("no card was measured")
    out.sort()
    p95 = out[min(len(out) - 1, int(round(0.95 * (len(out) - 1))))]
    print(f"friend's tap -> card on the 3 other screens, {len(out)} cards: median {statistics.median(out):.0f} ms, "
          f"p95 {p95:.0f} ms, worst {out[-1]:.0f} ms (target < 150 ms)")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
