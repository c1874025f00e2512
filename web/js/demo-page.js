// The example host page of the rules demos (demo.html), in the visitor's
// language (?lang=, else the browser's): its texts, the demos' titles, and the
// language each <touti-demo> passes to its frame.

import { t, setLocale, pickLocale, configureLocales, scenarioText } from "./i18n.js";

const config = JSON.parse(document.getElementById("touti-build").textContent);
configureLocales(config.locales);
const lang = pickLocale(new URLSearchParams(location.search).get("lang"));
// first the demos' language (their frames may be inserted at any moment), then the texts
for (const demo of document.querySelectorAll("touti-demo:not([lang])")) demo.setAttribute("lang", lang);
await setLocale(lang, new URL(config.app, document.baseURI));
for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
for (const section of document.querySelectorAll("section.demo[id]")) {
  const title = section.querySelector("h2");
  const area = section.querySelector(".area");
  if (title) title.textContent = scenarioText(section.id, "title", title.textContent);
  if (area) area.textContent = scenarioText(section.id, "area", area.textContent);
}
