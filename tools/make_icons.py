#!/usr/bin/env python3
"""Draw the app icons (web/icons/): two SVGs and their PNGs for the web app manifest.

The icons are two cards of the project's own deck (web/js/cardart.js: the
card back and the Ace of coins) fanned on the table's green felt:

- ``icon.svg`` and ``icon-192.png`` / ``icon-512.png``: rounded, for "any" use;
- ``maskable-192.png`` / ``maskable-512.png`` (from ``maskable.svg``): full-bleed
  felt with the cards inside the central safe circle (80 % of the size), so a
  launcher may cut it to any shape.

Run once when the art changes, then commit the files; the build only copies
them (no rasteriser at build time):

    python3 tools/make_icons.py

Needs Node (to run cardart.js) and Playwright with Chromium (to rasterise).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "icons"
FELT = ("#2b7a52", "#174a31")


def card_art() -> dict[str, str]:
    code = ("import { cardSVG, backSVG } from './web/js/cardart.js';"
            "console.log(JSON.stringify({ ace: cardSVG('1O', { title: null }), back: backSVG() }));")
    r = subprocess.run(["node", "--input-type=module", "-e", code], cwd=ROOT,
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def placed(svg: str, cx: float, cy: float, angle: float) -> str:
    """A 200 x 300 card centred on (cx, cy), turned by ``angle`` degrees."""
    inner = svg.replace("<svg ", '<svg x="-100" y="-150" width="200" height="300" ', 1)
    return f'<g transform="translate({cx} {cy}) rotate({angle})">{inner}</g>'


def icon(art: dict[str, str], maskable: bool) -> str:
    scale = 0.74 if maskable else 1.02
    corner = 0 if maskable else 112
    cards = (placed(art["back"], -44, -4, -13) + placed(art["ace"], 46, 8, 11))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">'
        '<defs><radialGradient id="felt" cx="50%" cy="38%" r="72%">'
        f'<stop offset="0" stop-color="{FELT[0]}"/><stop offset="1" stop-color="{FELT[1]}"/>'
        '</radialGradient></defs>'
        f'<rect width="512" height="512" rx="{corner}" fill="url(#felt)"/>'
        f'<g transform="translate(256 258) scale({scale})">{cards}</g>'
        '</svg>\n')


def rasterise(svgs: dict[str, str], sizes: dict[str, list[int]]) -> None:
    from playwright.sync_api import sync_playwright

    exe = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).exists()),
               shutil.which("chromium"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox"]) if exe \
            else p.chromium.launch()
        page = browser.new_page()
        for name, svg in svgs.items():
            for size in sizes[name]:
                page.set_viewport_size({"width": size, "height": size})
                page.set_content("<style>html,body{margin:0;background:transparent}"
                                 f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}")
                png = OUT / f"{name}-{size}.png"
                page.screenshot(path=str(png), omit_background=True,
                                clip={"x": 0, "y": 0, "width": size, "height": size})
                print(f"wrote {png.relative_to(ROOT)} ({png.stat().st_size} bytes)")
        browser.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    art = card_art()
    svgs = {"icon": icon(art, maskable=False), "maskable": icon(art, maskable=True)}
    for name, svg in svgs.items():
        (OUT / f"{name}.svg").write_text(svg)
        print(f"wrote web/icons/{name}.svg")
    rasterise(svgs, {"icon": [192, 512], "maskable": [192, 512]})


if __name__ == "__main__":
    sys.exit(main())
