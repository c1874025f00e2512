// The deal of the day (#daily): today's deal (the same for everyone on this
// date), played once against three normal bots; then the result, the streak
// of days played, the best results, the day's review and a result to share
// (the score, no card of the deal).

import { h } from "../dom.js";
import { locale, t } from "../i18n.js";
import { numberText } from "../bidi.js";
import { defaultRules } from "../settings.js";
import { DAILY_LEVELS, bestDays, dayOf, dayText, loadDaily, seedOfDay, streak } from "../daily.js";
import { screenHeader } from "./common.js";

/** A day's result as the messages take it: made or not, whose contract (the player's team is team 0). */
function resultParams(r) {
  return { made: r.result.cancelled ? "cancelled" : r.result.made ? "true" : "false",
    ours: String(r.result.declarer % 2 === 0), contract: r.result.contract ?? 0, points: r.points, score: numberText(r.score) };
}

/** The text shared for a day's result: no card of the deal in it, the day as YYYY-MM-DD (read alike by
 * friends who speak another language). */
export function shareText(day, r, days) {
  return t("daily.share_text", { day, ...resultParams(r), streak: days });
}

export function mount(container, app, payload) {
  // ?day=YYYY-MM-DD is not offered: the day is the device's local date
  const day = dayOf(new Date());
  const daily = loadDaily(app.storage);
  const mine = daily.days[day] || null;
  const status = h("p", { class: "daily-status", role: "status" });
  const days = streak(daily.days, day);
  const parts = [h("p", { class: "daily-date", id: "daily-date" }, t("daily.date", { day: dayText(day, locale()) }))];
  if (!mine) {
    parts.push(h("p", {}, t("daily.intro")),
      h("button", { type: "button", class: "act primary", id: "daily-play", onclick: () => app.playDeal(seedOfDay(day), {
        rules: defaultRules(), levels: DAILY_LEVELS, kind: "daily", of: { day } }) }, t("daily.play")));
  } else {
    const text = shareText(day, mine, days);
    parts.push(
      h("p", { class: "daily-result", id: "daily-result" }, t("daily.result", resultParams(mine))),
      h("p", {}, h("a", { href: `#review=history:${encodeURIComponent(mine.gameId)}:0`, id: "daily-review", class: "act" }, t("daily.review")),
        " ",
        h("button", { type: "button", class: "act primary", id: "daily-share", onclick: async () => {
          try {
            if (navigator.share) await navigator.share({ text });
            else {
              await navigator.clipboard.writeText(text);
              status.textContent = t("daily.copied");
            }
          } catch {
            status.textContent = t("daily.copy_failed");
          }
        } }, t("daily.share"))),
      h("pre", { class: "daily-share-text", id: "daily-share-text" }, text));
  }
  parts.push(h("p", { id: "daily-streak" }, t("daily.streak", { n: days })));
  const best = bestDays(daily.days);
  if (best.length) {
    parts.push(h("h2", {}, t("daily.best")), h("ol", { id: "daily-best" }, ...best.map((b) =>
      h("li", {}, t("daily.best_line", { day: dayText(b.day, locale()), score: numberText(b.score), points: b.points })))));
  }
  container.replaceChildren(screenHeader(t("screen.daily")), h("section", { class: "paper daily" }, ...parts, status));
  return {};
}
