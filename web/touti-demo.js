// Live Touti rules demos for any web page.
//
//   <script src="https://<the Touti site>/touti-demo.js" defer></script>
//   <touti-demo scenario="overtrump"></touti-demo>
//
// Each <touti-demo> becomes a frame of the site's embed.html showing that
// scenario (the list: embed.html without a scenario).  The frame is inserted
// only when the element comes near the viewport (lazy), and its height
// follows the demo's content: the demo sends its height in namespaced
// messages ({ns: "touti-demo", frame, type: "size", height}); a message is
// used only if it comes from the demo's origin and from that very frame.
// Attributes: scenario (required), title (the frame's accessible name until
// the demo gives its own), speed (slow | normal | fast | instant), lang.
//
// A classic script (no module, no CORS needed) that sets only CSSOM styles,
// so it runs under a strict Content-Security-Policy of the host page.
(() => {
  "use strict";
  const NS = "touti-demo";
  const script = document.currentScript;
  const BASE = new URL("./", script && script.src ? script.src : document.baseURI);
  const ORIGIN = BASE.origin;
  const MIN_HEIGHT = 120;
  const MAX_HEIGHT = 4000;
  const frames = new Map();   // frame id -> its element
  let count = 0;

  window.addEventListener("message", (event) => {
    if (event.origin !== ORIGIN) return;
    const msg = event.data;
    if (!msg || typeof msg !== "object" || msg.ns !== NS) return;
    const el = frames.get(String(msg.frame));
    if (!el || !el.frame || event.source !== el.frame.contentWindow) return;
    el.receive(msg);
  });

  const nearViewport = typeof IntersectionObserver === "function"
    ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          nearViewport.unobserve(entry.target);
          entry.target.load();
        }
      }
    }, { rootMargin: "300px 0px" })
    : null;

  class ToutiDemo extends HTMLElement {
    static get observedAttributes() { return ["scenario"]; }

    connectedCallback() {
      this.style.display = "block";
      this.frameId = this.frameId || String(++count);
      if (this.frame) return;
      if (nearViewport) nearViewport.observe(this);
      else this.load();
    }

    disconnectedCallback() {
      if (nearViewport) nearViewport.unobserve(this);
    }

    attributeChangedCallback(name, before, after) {
      if (this.frame && before !== after) this.frame.src = this.source();
    }

    source() {
      const url = new URL("embed.html", BASE);
      url.searchParams.set("scenario", this.getAttribute("scenario") || "");
      for (const key of ["speed", "lang"]) {
        if (this.hasAttribute(key)) url.searchParams.set(key, this.getAttribute(key));
      }
      url.searchParams.set("frame", this.frameId);
      return url.href;
    }

    load() {
      if (this.frame) return;
      const frame = document.createElement("iframe");
      frame.title = this.getAttribute("title") || `Touti: ${this.getAttribute("scenario") || ""}`;
      frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox");
      frame.setAttribute("loading", "lazy");
      frame.setAttribute("referrerpolicy", "strict-origin-when-cross-origin");
      frame.style.display = "block";
      frame.style.width = "100%";
      frame.style.border = "0";
      frame.style.height = `${this.dataset.height || 480}px`;
      frame.src = this.source();
      this.frame = frame;
      frames.set(this.frameId, this);
      this.append(frame);
    }

    receive(msg) {
      if (msg.type === "size" && Number.isFinite(msg.height)) {
        const height = Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, Math.ceil(msg.height)));
        this.frame.style.height = `${height}px`;
        this.dataset.height = String(height);
      } else if (msg.type === "ready" && typeof msg.title === "string" && !this.getAttribute("title")) {
        this.frame.title = msg.title.slice(0, 200);
      }
    }
  }

  if (!customElements.get("touti-demo")) customElements.define("touti-demo", ToutiDemo);
})();
