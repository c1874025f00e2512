// The card pictures as files: prints {"<card>.svg": markup, "back.svg": markup}
// as JSON for build.py, which writes them to app/<version>/cards/.  The page
// shows every card as an <img> of its file (cardart.js cardImg): an image is
// drawn once and reused, where inline SVG was laid out and painted again with
// the page at each redraw (most of the main thread's work while the bots play).
import { CARDS, cardSVG, backSVG } from "../web/js/cardart.js";

const files = { "back.svg": backSVG({ title: "" }) };
for (const card of CARDS) {
  files[`${card}.svg`] = cardSVG(card, { title: "" });
  files[`clear-${card}.svg`] = cardSVG(card, { title: "", deck: "clear" });   // the colour-blind friendly deck
}
process.stdout.write(JSON.stringify(files));
