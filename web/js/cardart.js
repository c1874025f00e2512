// Card art for the Spanish 40-card deck, drawn as inline SVG strings.
//
// Notation: rank + suit letter, e.g. "1O" (Ace of coins), "12E" (Rey of
// swords).  Ranks 1-7, 10 (Sota), 11 (Cabal), 12 (Rey); suits O (oros,
// coins), C (copas, cups), E (espadas, swords), B (bastos, clubs).
//
// Every SVG is self-contained: no ids, no <use>, no external resources, so
// any number of cards can be inlined in one page.  Each suit has its own
// shape (coin, chalice, sword, knobbly club) so colour is never the only cue.

import { CARD_PATTERN, CARD_RE } from "./notation.js";

export const SUIT_NAMES = Object.freeze({ O: "coins", C: "cups", E: "swords", B: "clubs" });

const RANK_NAMES = { 1: "Ace", 10: "Sota", 11: "Cabal", 12: "Rey" };
const RANKS = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];
/** Every card of the deck, in notation ("1O" ... "12B"). */
export const CARDS = Object.freeze(RANKS.flatMap((r) => [..."OCEB"].map((s) => `${r}${s}`)));
/** A card's drawing, by file name (classic or clear deck): [1] is its notation. */
const FILE_RE = new RegExp(`(?:clear-)?(${CARD_PATTERN})\\.svg$`);
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const NS = 'xmlns="http://www.w3.org/2000/svg"';

// Per suit: main fill, dark outline/ink, light tint, accent.
const CLASSIC = {
  O: { fill: "#f2c230", ink: "#7a4f00", tint: "#fbf0c8", acc: "#d8921a" },
  C: { fill: "#d02b2b", ink: "#6a0d12", tint: "#f9dcd8", acc: "#f0b81c" },
  E: { fill: "#2f6fd0", ink: "#0f2f6e", tint: "#dce7f8", acc: "#a9c8f2" },
  B: { fill: "#2f8f3f", ink: "#14451d", tint: "#dcefd9", acc: "#7cc47a" },
};
// The colour-blind friendly deck ("clear"): the red of cups and the green of
// clubs look alike to most colour-blind eyes (deuteranopia, protanopia), so
// here the four suits differ in lightness as well as in hue: light yellow
// coins, red cups, blue swords, near-black clubs (wood-dark), and every
// corner carries the suit's shape (the card's two other corners too), drawn
// larger beside the rank.
const CLEAR = {
  O: { fill: "#f5c518", ink: "#5c3d00", tint: "#fdf3c4", acc: "#c98a00" },
  C: { fill: "#d62020", ink: "#6e0a0a", tint: "#fadcd6", acc: "#f5b400" },
  E: { fill: "#1f63d6", ink: "#0a2a66", tint: "#d8e5fb", acc: "#9fc0f5" },
  B: { fill: "#2b2622", ink: "#0d0b09", tint: "#e3ddd5", acc: "#8a7a66" },
};
/** The decks: their palettes. */
export const DECKS = Object.freeze({ classic: CLASSIC, clear: CLEAR });
let PAL = CLASSIC;     // the palette the drawing functions use (cardSVG sets it for one card)
const SKIN = "#f3c99b";
const LINE = "#3a2617";

function parse(card) {
  const m = typeof card === "string" ? CARD_RE.exec(card) : null;
  if (!m) throw new Error(`Invalid card notation: ${JSON.stringify(card)}`);
  return { rank: Number(m[1]), suit: m[2] };
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "Rey of swords", "Ace of coins", "7 of cups". Throws on bad notation. */
export function cardLabel(card) {
  const { rank, suit } = parse(card);
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit]}`;
}

const r1 = (x) => Math.round(x * 10) / 10;

// Star polygon points around (cx, cy): n points, radii ro/ri, start angle a0.
function star(cx, cy, n, ro, ri, a0 = -90) {
  const pts = [];
  for (let k = 0; k < 2 * n; k++) {
    const a = ((a0 + (k * 180) / n) * Math.PI) / 180;
    const r = k % 2 ? ri : ro;
    pts.push(`${r1(cx + r * Math.cos(a))},${r1(cy + r * Math.sin(a))}`);
  }
  return pts.join(" ");
}

// ---------------------------------------------------------------- suit shapes
// Each shape is drawn in a 40 x 40 box centred on (0, 0).

function coin() {
  const p = PAL.O;
  return (
    `<circle r="18.5" fill="${p.fill}" stroke="${p.ink}" stroke-width="2"/>` +
    `<circle r="13.5" fill="none" stroke="${p.ink}" stroke-width="1.4"/>` +
    `<polygon points="${star(0, 0, 8, 10.5, 5)}" fill="${p.acc}" stroke="${p.ink}" stroke-width="1.1" stroke-linejoin="round"/>` +
    `<circle r="3.2" fill="${p.ink}"/>`
  );
}

function cup() {
  const p = PAL.C;
  return (
    `<g stroke="${p.ink}" stroke-width="1.6" stroke-linejoin="round">` +
    `<path d="M-10.5,19.5C-10.5,14 -4,13 -2.4,9H2.4C4,13 10.5,14 10.5,19.5Z" fill="${p.fill}"/>` +
    `<path d="M-2.4,2H2.4V10H-2.4Z" fill="${p.fill}"/>` +
    `<ellipse cy="6" rx="5" ry="2.6" fill="${p.acc}"/>` +
    `<path d="M-16,-16H16C16,-3 9,3.5 0,3.5C-9,3.5 -16,-3 -16,-16Z" fill="${p.fill}"/>` +
    `<path d="M-15.2,-10.5H15.2" stroke="${p.acc}" stroke-width="2.6"/>` +
    `<ellipse cy="-16" rx="16" ry="3.2" fill="${p.ink}"/>` +
    `</g>`
  );
}

function sword() {
  const p = PAL.E;
  return (
    `<g stroke="${p.ink}" stroke-width="1.5" stroke-linejoin="round">` +
    `<path d="M0,-20.5L5.4,-13.5V6H-5.4V-13.5Z" fill="${p.fill}"/>` +
    `<path d="M0,-14.5V3" stroke="${p.acc}" stroke-width="2"/>` +
    `<path d="M-14.5,4.5C-12,8 -7,6 0,6C7,6 12,8 14.5,4.5C16,9 13.5,11.5 10,11.5H-10C-13.5,11.5 -16,9 -14.5,4.5Z" fill="${p.ink}"/>` +
    `<path d="M-2.8,11.5H2.8V16.5H-2.8Z" fill="${p.fill}"/>` +
    `<circle cy="17.6" r="3.2" fill="${p.ink}"/>` +
    `</g>`
  );
}

function club() {
  // A knobbly wooden baton, tilted as on Spanish cards: thick head cut flat
  // (pale wood face with growth rings), lumpy knots, tapering rounded grip.
  const p = PAL.B;
  return (
    `<g transform="rotate(-25)" stroke="${p.ink}" stroke-width="1.5" stroke-linejoin="round" fill="${p.fill}">` +
    `<circle cx="-8.6" cy="-6" r="3.4"/><circle cx="7" cy="5" r="3"/>` +
    `<circle cx="-6" cy="8" r="2.8"/><circle cx="4.4" cy="14" r="2.3"/>` +
    `<path d="M6,-8L12.5,-13L15.2,-9.4L8.4,-3.5Z"/><ellipse cx="13.9" cy="-11.2" rx="1.8" ry="2.6" transform="rotate(-52 13.9 -11.2)" fill="#ead2a0"/>` +
    `<path d="M-9,-16C-9.5,-8 -6.5,4 -3.4,18.5Q0,22 3.4,18.5C6.5,4 9.5,-8 9,-16Z"/>` +
    `<path d="M-3.5,-13C-3.8,-3 -2.2,8 -1.4,16M3,-12C3.5,-5 2.5,3 1.5,9" fill="none" stroke="${p.acc}" stroke-width="1.4"/>` +
    `<ellipse cy="-16" rx="9" ry="3.5" fill="#ead2a0"/><ellipse cy="-16" rx="4" ry="1.5" fill="none" stroke="#b5884a" stroke-width="1"/>` +
    `</g>`
  );
}

const SHAPES = { O: coin, C: cup, E: sword, B: club };

// A suit shape placed at (x, y) with scale s (s = 1 is a 40-unit box).
function pip(suit, x, y, s = 1) {
  const t = `translate(${r1(x)} ${r1(y)})${s !== 1 ? ` scale(${s})` : ""}`;
  return `<g transform="${t}">${SHAPES[suit]()}</g>`;
}

/** A small standalone suit icon as an SVG string (e.g. for the trump indicator). */
export function suitSymbolSVG(suitLetter) {
  if (!Object.prototype.hasOwnProperty.call(SUIT_NAMES, suitLetter)) {
    throw new Error(`Invalid suit letter: ${JSON.stringify(suitLetter)}`);
  }
  return (
    `<svg ${NS} viewBox="-21 -21 42 42" role="img" aria-label="${SUIT_NAMES[suitLetter]}" class="suit-icon" data-suit="${suitLetter}">` +
    SHAPES[suitLetter]() +
    `</svg>`
  );
}

// ---------------------------------------------------------------- layouts
// Pips sit in a framed field (x 58..142) clear of the corner indices
// (top-left x < 52, y < 98 on pip cards; bottom-right mirrored).

const L = 79, R = 121, M = 100;
const LAYOUTS = {
  2: [1.4, [[M, 78], [M, 222]]],
  3: [1.3, [[M, 56], [M, 150], [M, 244]]],
  4: [1.1, [[L, 78], [R, 78], [L, 222], [R, 222]]],
  5: [1.1, [[L, 62], [R, 62], [M, 150], [L, 238], [R, 238]]],
  6: [1.1, [[L, 52], [R, 52], [L, 150], [R, 150], [L, 248], [R, 248]]],
  7: [1.05, [[L, 48], [R, 48], [M, 99], [L, 150], [R, 150], [L, 252], [R, 252]]],
};
const ACE_SCALE = { O: 2.8, C: 2.8, E: 3, B: 3.1 };

function pips(rank, suit) {
  if (rank === 1) {
    const p = PAL[suit];
    return (
      `<circle cx="100" cy="150" r="63" fill="${p.tint}" stroke="${p.ink}" stroke-width="1.5"/>` +
      `<polygon points="${star(100, 150, 16, 61, 50)}" fill="${p.fill}" fill-opacity=".25"/>` +
      `<circle cx="100" cy="150" r="57" fill="none" stroke="${p.ink}" stroke-width="1" stroke-dasharray="2 4"/>` +
      pip(suit, 100, 150, ACE_SCALE[suit])
    );
  }
  const [s, pts] = LAYOUTS[rank];
  return (
    `<rect x="58" y="8" width="84" height="284" rx="6" fill="${PAL[suit].tint}" fill-opacity=".45" stroke="${PAL[suit].ink}" stroke-opacity=".45" stroke-width="1.5"/>` +
    pts.map(([x, y]) => pip(suit, x, y, s)).join("")
  );
}

// ---------------------------------------------------------------- court cards
// Stylised flat figures standing on the ground line of a framed panel
// (x 58..142, y 8..292).  The garment colour is the suit colour and each
// figure holds its suit shape.

function panel(suit) {
  const p = PAL[suit];
  return (
    `<rect x="58" y="8" width="84" height="284" rx="6" fill="#f4e6c4" stroke="${p.ink}" stroke-width="2.5"/>` +
    `<rect x="62" y="12" width="76" height="276" rx="3" fill="none" stroke="#c99a3a" stroke-width="1.2"/>` +
    `<path d="M62,276H138" stroke="#c99a3a" stroke-width="1.2"/>`
  );
}

function head(cx, cy, r, hair) {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${SKIN}"/>` +
    `<path d="M${cx - r * 0.35},${cy + r * 0.45}Q${cx},${cy + r * 0.7} ${cx + r * 0.35},${cy + r * 0.45}" fill="none" stroke="${LINE}" stroke-width="1"/>` +
    `<circle cx="${r1(cx - r * 0.38)}" cy="${cy}" r="1.3" fill="${LINE}" stroke="none"/><circle cx="${r1(cx + r * 0.38)}" cy="${cy}" r="1.3" fill="${LINE}" stroke="none"/>` +
    `<path d="M${cx - r},${cy + 2}C${cx - r - 2},${cy - r - 4} ${cx + r + 2},${cy - r - 4} ${cx + r},${cy + 2}C${cx + r - 3},${r1(cy - r * 0.45)} ${cx - r + 3},${r1(cy - r * 0.45)} ${cx - r},${cy + 2}Z" fill="${hair}"/>`
  );
}

const FIG = `stroke="${LINE}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round"`;

// 10: Sota, a standing page in a feathered cap holding the suit shape aloft.
function sota(suit) {
  const p = PAL[suit];
  return (
    `<g ${FIG}>` +
    `<path d="M89,196H98V256H89Z" fill="#f4f0e6"/><path d="M102,196H111V256H102Z" fill="${p.ink}"/>` +
    `<path d="M84,262C84,255 90,254 98,255V262Z" fill="${LINE}"/><path d="M102,255C110,254 116,255 116,262H102Z" fill="${LINE}"/>` +
    `<path d="M83,104L73,150L79,152L90,112Z" fill="${p.fill}"/><circle cx="76" cy="155" r="4.5" fill="${SKIN}"/>` +
    `<path d="M86,98H114L121,200H79Z" fill="${p.fill}"/>` +
    `<path d="M81,150H119" stroke="${LINE}" stroke-width="5"/><path d="M81,150H119" stroke="#e7b416" stroke-width="2.5"/>` +
    `<path d="M100,98V200" fill="none" stroke="${p.ink}" stroke-width="1.2"/>` +
    `<path d="M88,98Q100,110 112,98Z" fill="#fff"/>` +
    `<path d="M111,102L117,80L123,82L118,108Z" fill="${p.fill}"/><circle cx="120" cy="79" r="4.5" fill="${SKIN}"/>` +
    head(100, 80, 13, "#6b3b1a") +
    `<path d="M85,72C86,60 114,60 115,72Q100,66 85,72Z" fill="${p.ink}"/>` +
    `<path d="M88,66C82,56 76,52 70,54C75,58 80,62 87,69Z" fill="#fff"/>` +
    `</g>` +
    pip(suit, 120, 60, 0.8)
  );
}

// 11: Cabal, a rider in a broad hat on a horse.
function cabal(suit) {
  const p = PAL[suit];
  const horse = "#a8683a", dark = "#5a3418";
  return (
    `<g ${FIG}>` +
    // tail, far legs, body, near legs, hooves
    `<path d="M127,174C138,180 141,200 136,224C131,208 129,194 122,184Z" fill="${dark}"/>` +
    `<path d="M88,196L85,244H91L96,198Z" fill="${dark}"/><path d="M116,196L121,244H127L124,194Z" fill="${dark}"/>` +
    `<path d="M83,244H93V250H83Z" fill="${LINE}"/><path d="M119,244H129V250H119Z" fill="${LINE}"/>` +
    `<path d="M78,178C86,166 118,164 126,174C134,184 130,202 118,205C104,208 94,208 86,204C76,200 72,186 78,178Z" fill="${horse}"/>` +
    `<path d="M84,198L80,248H87L94,204Z" fill="${horse}"/><path d="M110,202L111,248H118L120,198Z" fill="${horse}"/>` +
    `<path d="M78,248H89V254H77Z" fill="${LINE}"/><path d="M109,248H120V254H109Z" fill="${LINE}"/>` +
    // neck, ears, head (facing left), mane, eye, reins
    `<path d="M80,188C76,172 72,160 67,150L79,141C84,154 90,165 98,172Z" fill="${horse}"/>` +
    `<path d="M70,139L70,129L76,137Z" fill="${horse}"/>` +
    `<path d="M68,136C62,142 57,150 54,158C53,163 57,166 62,164L79,148C80,142 75,136 68,136Z" fill="${horse}"/>` +
    `<path d="M72,138C78,152 84,164 94,172" fill="none" stroke="${dark}" stroke-width="4.5"/>` +
    `<circle cx="67" cy="145" r="1.4" fill="${LINE}" stroke="none"/>` +
    `<path d="M60,159L89,155" fill="none" stroke="${LINE}" stroke-width="1"/>` +
    // saddle cloth in the suit colour
    `<path d="M92,168H116L114,194H94Z" fill="${p.fill}"/><path d="M94,189H114" stroke="#e7b416" stroke-width="2"/>` +
    // rider
    `<path d="M95,128H113L112,172H96Z" fill="${p.fill}"/>` +
    `<path d="M106,170L96,186L98,199" fill="none" stroke="${p.ink}" stroke-width="7"/>` +
    `<path d="M90,198H103V205H88Z" fill="${LINE}"/>` +
    `<path d="M96,132L88,152L93,155L100,138Z" fill="${p.fill}"/><circle cx="90" cy="156" r="3.8" fill="${SKIN}"/>` +
    `<path d="M112,130L119,104L124,106L116,138Z" fill="${p.fill}"/><circle cx="121" cy="102" r="4.2" fill="${SKIN}"/>` +
    head(104, 116, 11, "#3b2412") +
    `<path d="M88,110Q104,103 120,110Q104,100 88,110Z" fill="${p.ink}"/><path d="M95,108C95,96 113,96 113,108Z" fill="${p.ink}"/>` +
    `</g>` +
    pip(suit, 121, 83, 0.8)
  );
}

// 12: Rey, a crowned, bearded king in a long robe with a sceptre.
function rey(suit) {
  const p = PAL[suit];
  return (
    `<g ${FIG}>` +
    `<path d="M84,102H116L130,262H70Z" fill="${p.fill}"/>` +
    `<path d="M97,104H103L106,262H94Z" fill="#e7b416"/>` +
    `<path d="M70,262H130V256H70Z" fill="#fff"/>` +
    `<path d="M80,100C88,94 112,94 120,100L122,116C112,110 88,110 78,116Z" fill="#fff"/>` +
    `<path d="M86,104V107M94,101V104M106,101V104M114,104V107" stroke="${LINE}" stroke-width="2"/>` +
    `<path d="M80,114L70,168L76,170L88,124Z" fill="${p.fill}"/><circle cx="73" cy="172" r="4.5" fill="${SKIN}"/>` +
    `<path d="M73,146V214" stroke="#b07a12" stroke-width="3"/><circle cx="73" cy="143" r="3.8" fill="#e7b416"/>` +
    `<path d="M116,112L124,134L118,138L109,120Z" fill="${p.fill}"/><circle cx="121" cy="139" r="4.5" fill="${SKIN}"/>` +
    head(100, 78, 13, "#d9d2c4") +
    `<path d="M88,82C88,104 112,104 112,82C108,88 92,88 88,82Z" fill="#d9d2c4"/>` +
    `<path d="M95,88Q100,85 105,88" fill="none" stroke="${LINE}" stroke-width="1.2"/>` +
    `<path d="M86,68L84,50L92,58L100,46L108,58L116,50L114,68Z" fill="#f2c230"/>` +
    `<path d="M86,63H114" stroke="${LINE}" stroke-width="1.2"/>` +
    `<circle cx="100" cy="58" r="2" fill="${PAL.C.fill}"/>` +
    `</g>` +
    pip(suit, 121, 121, 0.8)
  );
}

// Per court: drawing, scale, and the design y of its feet (placed on y 274).
const COURTS = { 10: [sota, 1.1, 262], 11: [cabal, 1, 254], 12: [rey, 1.08, 262] };

function court(rank, suit) {
  const [draw, k, foot] = COURTS[rank];
  return panel(suit) + `<g transform="translate(100 274) scale(${k}) translate(-100 -${foot})">${draw(suit)}</g>`;
}

// ---------------------------------------------------------------- corner index

function index(rank, suit, clear = false) {
  const two = rank >= 10;
  return (
    `<g>` +
    `<text x="31" y="56" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="62" fill="${PAL[suit].ink}"` +
    (two ? ` textLength="50" lengthAdjust="spacingAndGlyphs"` : "") +
    `>${rank}</text>` +
    (clear ? `<g data-mark="${suit}">${pip(suit, 31, 88, 1.2)}</g>` : pip(suit, 31, 80, 0.8)) +
    `</g>`
  );
}

// The clear deck's marks in the two other corners: the suit's shape alone.
function cornerMarks(suit) {
  return `<g data-mark="${suit}">${pip(suit, 172, 28, 0.9)}</g>` +
    `<g data-mark="${suit}" transform="rotate(180 100 150)">${pip(suit, 172, 28, 0.9)}</g>`;
}

function frame(body, label, title, extra) {
  return (
    `<svg ${NS} viewBox="0 0 200 300" role="img" aria-label="${esc(label)}"${extra}>` +
    (title != null ? `<title>${esc(title)}</title>` : "") +
    body +
    `</svg>`
  );
}

/**
 * The SVG markup of one face-up card, e.g. cardSVG("12E"); `deck` "clear" is
 * the colour-blind friendly deck (DECKS).  Throws on bad notation.
 */
export function cardSVG(card, { title, deck = "classic" } = {}) {
  const { rank, suit } = parse(card);
  const clear = deck === "clear";
  PAL = clear ? CLEAR : CLASSIC;
  try {
    const corner = index(rank, suit, clear);
    const art = COURTS[rank] ? court(rank, suit) : pips(rank, suit);
    const body =
      `<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="#fffdf6" stroke="#4a4036" stroke-width="3"/>` +
      art +
      corner +
      `<g transform="rotate(180 100 150)">${corner}</g>` +
      (clear ? cornerMarks(suit) : "");
    return frame(body, cardLabel(card), title, ` class="card-art" data-card="${card}"${clear ? ' data-deck="clear"' : ""}`);
  } finally {
    PAL = CLASSIC;
  }
}

/** The SVG markup of the card back: an eight-point-star (khatam) tile pattern. */
export function backSVG({ title } = {}) {
  let stars = "", inner = "", dia = "";
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 6; j++) {
      const x = 32.5 + 45 * i, y = 37.5 + 45 * j;
      stars += `<polygon points="${star(x, y, 8, 19, 13.5, -90)}"/>`;
      inner += `<polygon points="${star(x, y, 8, 10, 6.5, -67.5)}"/>`;
    }
  }
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 5; j++) {
      const x = 55 + 45 * i, y = 60 + 45 * j;
      const big = i === 1 && j === 2;
      dia += `<polygon points="${star(x, y, 4, big ? 15 : 9, big ? 5 : 3, -90)}"/>`;
    }
  }
  const body =
    `<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="#fffdf6" stroke="#4a4036" stroke-width="3"/>` +
    `<rect x="9" y="9" width="182" height="282" rx="8" fill="#173a63" stroke="#c9962f" stroke-width="2"/>` +
    `<g stroke="#2c5a8c" stroke-width="1.5">` +
    [32.5, 77.5, 122.5, 167.5].map((x) => `<path d="M${x},14V286"/>`).join("") +
    [37.5, 82.5, 127.5, 172.5, 217.5, 262.5].map((y) => `<path d="M14,${y}H186"/>`).join("") +
    `</g>` +
    `<g fill="#d9a441" stroke="#8a5d14" stroke-width="1" stroke-linejoin="round">${stars}</g>` +
    `<g fill="#b8452e" stroke="#f3e3c0" stroke-width="1" stroke-linejoin="round">${inner}</g>` +
    `<g fill="#f3e3c0" stroke="#2a7a6b" stroke-width="1" stroke-linejoin="round">${dia}</g>` +
    `<rect x="13" y="13" width="174" height="274" rx="5" fill="none" stroke="#c9962f" stroke-width="1"/>`;
  return frame(body, "Card back", title, ` class="card-art card-back"`);
}

// ------------------------------------------------------------ as images
// The build writes each card's SVG to app/<version>/cards/ (tools/card_images.mjs):
// the page shows them as images, which the browser draws once and reuses
// (inline SVG was laid out and painted with the page at every redraw: on a
// phone-speed CPU most redraws took over 50 ms).  Decorative: the card's name
// is on the element around it.
const CARD_DIR = new URL("../cards/", import.meta.url);

function img(file, cls) {
  return `<img class="${cls}" src="${new URL(file, CARD_DIR).href}" alt="" width="200" height="300" draggable="false">`;
}

/** The deck the card pictures are drawn from: "classic", or "clear" (colour-blind friendly). */
let deckShown = "classic";

/** The file of a card's picture in a deck: "12E.svg", "clear-12E.svg". */
export function cardFile(card, deck = deckShown) {
  return deck === "clear" ? `clear-${card}.svg` : `${card}.svg`;
}

/** An <img> of one face-up card's picture, e.g. cardImg("12E"), in the deck shown. Throws on bad notation. */
export function cardImg(card) {
  parse(card);
  return img(cardFile(card), "card-art");
}

/**
 * Shows the cards of `deck` ("classic" or "clear"; anything else is
 * "classic"): the pictures drawn from now on, and those already in `root`.
 */
export function setDeck(deck, root = globalThis.document) {
  const next = Object.hasOwn(DECKS, deck) ? deck : "classic";
  if (next === deckShown) return;
  deckShown = next;
  for (const el of root?.querySelectorAll?.("img.card-art:not(.card-back)") || []) {
    const m = FILE_RE.exec(el.getAttribute("src") || "");
    if (m) el.src = new URL(cardFile(m[1]), CARD_DIR).href;
  }
}

/** An <img> of the card back's picture. */
export function backImg() {
  return img("back.svg", "card-art card-back");
}
