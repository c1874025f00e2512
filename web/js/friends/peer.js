// Two pages connected directly (WebRTC data channel), with no server: the
// host's page makes an offer for a seat, which travels to the friend as a
// link (or its QR code); the friend's page answers with a reply link that
// travels back.  Only the parts of each description a connection needs are
// carried (ICE user fragment and password, DTLS fingerprint and role, the
// candidates); the rest is the same for every Touti table and is written
// back here.  No STUN server is asked unless the player turned on "help
// connections across networks" (settings), the site's one request to
// another origin.

import { packJSON, unpackJSON } from "../packed.js";

/** The format of invitations and replies. */
export const LINK_V = 1;
/** An invitation or reply is read only up to this size (characters), and inflated to this many bytes. */
const MAX_CHARS = 4000;
const MAX_BYTES = 8000;
/** How long gathering the candidates may take before what was gathered is used. */
const GATHER_MS = 3000;
/** The STUN server of the opt-in setting. */
export const STUN_URL = "stun:stun.l.google.com:19302";

/** The game page's address, without its fragment: invitations and replies open it. */
export function pageAddress() {
  return location.href.split("#")[0];
}

export function iceConfig(stun) {
  return { iceServers: stun ? [{ urls: STUN_URL }] : [] };
}

const B64 = (bytes) => btoa(String.fromCharCode(...bytes));
const UNB64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A session description reduced to what a connection needs: {u, p, f, s, c}, or null. */
export function shrink(sdp) {
  const line = (name) => (new RegExp(`^a=${name}:(.*)$`, "m").exec(sdp) || [])[1]?.trim();
  const u = line("ice-ufrag");
  const p = line("ice-pwd");
  const fp = line("fingerprint");
  const s = line("setup");
  if (!u || !p || !fp || !s || !/^sha-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}$/i.test(fp)) return null;
  const f = B64(fp.slice(8).split(":").map((x) => parseInt(x, 16)));
  const c = [...sdp.matchAll(/^a=candidate:(.*)$/gm)].map((m) => m[1].trim())
    .filter((x) => / udp /i.test(x))
    .map((x) => x.replace(/ generation \d+.*$/, ""));
  return { u, p, f, s, c };
}

/** The full session description of a reduced one ({u, p, f, s, c}). */
export function grow({ u, p, f, s, c }) {
  const fp = [...UNB64(f)].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const id = String(Math.floor(Math.random() * 1e15));
  return [
    "v=0", `o=- ${id} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...c.map((x) => `a=candidate:${x}`), "a=end-of-candidates",
    `a=ice-ufrag:${u}`, `a=ice-pwd:${p}`, `a=fingerprint:sha-256 ${fp}`, `a=setup:${s}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
}

const SAFE = /^[A-Za-z0-9+/=:._ -]*$/;
function shrunkOk(o) {
  return o && typeof o === "object" && ["u", "p", "f", "s"].every((k) => typeof o[k] === "string"
    && o[k].length <= 300 && SAFE.test(o[k])) && ["actpass", "active", "passive"].includes(o.s)
    && Array.isArray(o.c) && o.c.length <= 30 && o.c.every((x) => typeof x === "string" && x.length <= 300
      && SAFE.test(x));
}

/**
 * An invitation or a reply as link text: {k: "i" (invitation) or "r" (reply),
 * h: the table's id, s: the seat, n: the sender's name, o: the reduced
 * description, t: a friend's seat token (replies), x: the invitation's own
 * token, which its reply repeats (a reply to an earlier invitation of the seat
 * is told apart; links of pages without it have none)}.
 */
export function packLink(data) {
  return packJSON({ v: LINK_V, ...data });
}

/** Link text -> the invitation or reply it carries, or null when it is not one of kind `k`. */
export async function unpackLink(text, k) {
  const d = await unpackJSON(text, { maxChars: MAX_CHARS, maxBytes: MAX_BYTES });
  if (!d || typeof d !== "object" || d.v !== LINK_V || d.k !== k || typeof d.h !== "string" || d.h.length > 40
      || !Number.isInteger(d.s) || d.s < 1 || d.s > 3 || typeof d.n !== "string" || d.n.length > 40
      || !shrunkOk(d.o) || (d.t !== undefined && (typeof d.t !== "string" || d.t.length > 64))
      || (d.x !== undefined && (typeof d.x !== "string" || d.x.length > 40))) return null;
  return { h: d.h, s: d.s, n: d.n.trim(), o: d.o, t: d.t ?? null, x: d.x ?? null };
}

/** Resolves when the connection has gathered its candidates (or after GATHER_MS). */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      resolve();
    };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_MS);
  });
}

/**
 * The host's side of one seat: makes the offer, then takes the friend's
 * answer.  -> {offer: reduced description, answer(o), channel: a promise of
 * the open channel (rejects when the connection fails), close()}.
 */
export async function offerSeat(stun) {
  const pc = new RTCPeerConnection(iceConfig(stun));
  const dc = pc.createDataChannel("touti", { ordered: true });
  const channel = opened(pc, dc);
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const offer = shrink(pc.localDescription.sdp);
  if (!offer) throw new Error("no offer");
  return {
    offer,
    async answer(o) {
      await pc.setRemoteDescription({ type: "answer", sdp: grow(o) });
    },
    channel,
    close: () => pc.close(),
  };
}

/** The friend's side: answers an offer.  -> {answer: reduced description, channel, close()}. */
export async function answerOffer(o, stun) {
  const pc = new RTCPeerConnection(iceConfig(stun));
  const channel = new Promise((resolve, reject) => {
    pc.addEventListener("datachannel", (e) => opened(pc, e.channel).then(resolve, reject));
    failed(pc).then(reject);
  });
  channel.catch(() => {});
  await pc.setRemoteDescription({ type: "offer", sdp: grow(o) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const answer = shrink(pc.localDescription.sdp);
  if (!answer) throw new Error("no answer");
  return { answer, channel, close: () => pc.close() };
}

function failed(pc) {
  return new Promise((resolve) => {
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") resolve(new Error("failed"));
    });
  });
}

function opened(pc, dc) {
  const p = new Promise((resolve, reject) => {
    if (dc.readyState === "open") resolve({ pc, dc });
    dc.addEventListener("open", () => resolve({ pc, dc }), { once: true });
    failed(pc).then(reject);
  });
  p.catch(() => {});
  return p;
}
