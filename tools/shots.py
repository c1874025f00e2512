"""Screenshots of the table, the end-of-hand panel and the review (issue 39),
for anyone to look at: each at the phone sizes and a desktop, in English and
in Arabic.  Run by ``python3 dev.py shots [--out DIR] [--site DIR]``.

The positions are games of the engine opened by their link (``#record=``): a
trick being played with the auction's bubbles gone, the end of a hand (its
panel), and the review that panel opens.  The site is served from a built
folder (``--site``, else the one dev.py builds) with the deployed headers, in
Chromium (Debian's when installed, else Playwright's).
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import shutil
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build script: its server sends the deployed headers)
from touti_core import api, bots  # noqa: E402

#: name -> (width, height): the three phones of the layout tests and a desktop
SIZES = {"360x640": (360, 640), "390x844": (390, 844), "844x390": (844, 390), "1280x800": (1280, 800)}
LANGS = ["en", "ar"]


def positions() -> dict[str, dict]:
    """A trick half played (the player to play), and the end of a hand."""
    for seed in range(1, 200):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 600})
        trick = None
        for _ in range(200):
            if s["phase"] == "play" and s["to_act"] == 0 and trick is None:
                v = api.view(s, 0)
                if len(v["trick"]) >= 2 and len(v["tricks"]) >= 2:
                    trick = api.to_record(s)
            if s["phase"] == "hand_over":
                if trick:
                    return {"table": trick, "panel": api.to_record(s)}
                break
            v = api.view(s, s["to_act"])
            s = api.act(s, bots.choose(v, v["legal"], "normal", seed=r.randrange(1000)))
    raise SystemExit("no position found")


def fragment(record: dict) -> str:
    return "#record=" + base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")


SETTLED = """() => { const r = document.documentElement;
  if (r.dataset.ready !== 'true' || r.dataset.busy !== 'false') return false;
  const ph = r.dataset.phase;
  if (ph === 'hand_over' || ph === 'game_over') return !document.getElementById('panel').hidden;
  return !!(document.querySelector('#actions button[data-action]') || document.querySelector('#hand.my-turn button.legal'));
}"""


def wait(page, expression: str, timeout: float = 60.0) -> None:
    """Polls ``expression`` with evaluate (the site's Content-Security-Policy forbids eval)."""
    import time
    end = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise TimeoutError(expression)
        page.wait_for_timeout(100)


def chromium() -> str | None:
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(name).exists():
            return name
    return shutil.which("chromium")


def shoot(site: Path, out: Path, sizes: list[str], langs: list[str]) -> list[Path]:
    from playwright.sync_api import sync_playwright
    where = positions()
    server = build.make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    out.mkdir(parents=True, exist_ok=True)
    made = []
    try:
        with sync_playwright() as p:
            exe = chromium()
            browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox"]) if exe else p.chromium.launch()
            # one page for all (the engine's start-up snapshot is kept between them)
            ctx = browser.new_context(device_scale_factor=1)
            ctx.add_init_script("localStorage.setItem('touti.settings.v1', JSON.stringify({speed: 'instant'}))")
            page = ctx.new_page()
            for lang in langs:
                for size in sizes:
                    w, h = SIZES[size]
                    page.set_viewport_size({"width": w, "height": h})
                    for name in ("table", "panel"):
                        if page.url.startswith(url):    # no game in progress to ask about
                            page.evaluate("localStorage.removeItem('touti.game.v1')")
                            page.goto("about:blank")
                        page.goto(f"{url}?lang={lang}{fragment(where[name])}")
                        wait(page, SETTLED)
                        page.wait_for_timeout(300)
                        made.append(out / f"{name}-{lang}-{size}.png")
                        page.screenshot(path=str(made[-1]))
                    page.click("#panel-review")
                    wait(page, "() => !!document.querySelector(\"html[data-view='review'] #review-board .mini-card\")")
                    page.wait_for_timeout(300)
                    made.append(out / f"review-{lang}-{size}.png")
                    page.screenshot(path=str(made[-1]))
            ctx.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return made


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, required=True, help="a built site (build.py's output)")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "shots", help="the folder of the PNG files")
    ap.add_argument("--size", action="append", choices=list(SIZES), help="only these sizes (repeatable)")
    ap.add_argument("--lang", action="append", choices=LANGS, help="only these languages (repeatable)")
    args = ap.parse_args(argv)
    if not (args.site / "build.json").is_file():
        raise SystemExit(f"{args.site} is not a built site (no build.json)")
    for path in shoot(args.site, args.out, args.size or list(SIZES), args.lang or LANGS):
        print(path)


if __name__ == "__main__":
    main()
