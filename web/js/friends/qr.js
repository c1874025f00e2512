// A link drawn as a QR code (SVG), for a phone's camera: the pinned QR
// library (uqr, shipped with the site) makes the matrix; the page draws it.

import { encode } from "../vendor/uqr.js";

const NS = "http://www.w3.org/2000/svg";

/** An <svg> QR code of `text`, labelled `label` for screen readers. */
export function qrCode(text, label) {
  const { data, size } = encode(text, { ecc: "L", border: 2 });
  let d = "";
  data.forEach((row, y) => row.forEach((on, x) => { if (on) d += `M${x} ${y}h1v1h-1z`; }));
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const bg = document.createElementNS(NS, "rect");
  bg.setAttribute("width", size);
  bg.setAttribute("height", size);
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}
