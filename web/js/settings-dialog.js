// The settings dialog: bot level of each bot seat, watching the bots,
// animation speed, language, the rules of the next game, and the game code.

import { h } from "./dom.js";
import { t, seatName, LOCALES } from "./i18n.js";
import { openDialog } from "./dialogs.js";
import {
  LEVELS, SPEEDS, TARGETS, GHNA_CAPS, OVERTRUMPS, RULE_FLAGS, normalize, sameRules,
  encodeCode, decodeCode,
} from "./settings.js";

function select(name, label, options, value) {
  const id = `set-${name}`;
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    h("select", { id, name }, ...options.map(([v, text]) =>
      h("option", { value: v, selected: String(v) === String(value) }, text))));
}

function check(name, label, value) {
  const id = `set-${name}`;
  return h("div", { class: "field check" },
    h("input", { type: "checkbox", id, name, checked: value }),
    h("label", { for: id }, label));
}

/**
 * Opens the dialog.  `current` is {settings, seed, rules} of the game in
 * progress; `on` has apply(settings, {newGame}) and playCode({seed, rules}).
 */
export function openSettings(current, on) {
  const s = current.settings;
  const targets = TARGETS.includes(s.rules.target) ? TARGETS : [...TARGETS, s.rules.target].sort((a, b) => a - b);
  const code = current.seed === null ? "" : encodeCode(current.seed, current.rules);
  const codeInput = h("input", { id: "set-code-input", name: "code", autocomplete: "off",
    spellcheck: "false", "aria-describedby": "set-code-error", placeholder: "K3F9Z2" });
  const codeError = h("p", { class: "field-error", id: "set-code-error", "aria-live": "polite" });
  const form = h("form", { class: "settings", id: "settings-form", onsubmit: (e) => e.preventDefault() },
    h("fieldset", {}, h("legend", {}, t("settings.bots")),
      ...[1, 2, 3].map((seat) => select(`level-${seat}`, t("settings.level_for", { who: seatName(seat) }),
        LEVELS.map((l) => [l, t(`level.${l}`)]), s.levels[seat])),
      check("watch", t("settings.watch"), s.watch)),
    h("fieldset", {}, h("legend", {}, t("settings.speed")),
      select("speed", t("settings.speed"), Object.keys(SPEEDS).map((k) => [k, t(`speed.${k}`)]), s.speed),
      select("locale", t("settings.language"), Object.entries(LOCALES), s.locale)),
    h("fieldset", {}, h("legend", {}, t("settings.rules")),
      select("target", t("rules.target"), targets.map((n) => [n, String(n)]), s.rules.target),
      select("ghna_cap", t("rules.ghna_cap"), GHNA_CAPS.map((k) => [k, t(`rules.ghna_cap.${k}`)]), s.rules.ghna_cap),
      select("overtrump", t("rules.overtrump"), OVERTRUMPS.map((k) => [k, t(`rules.overtrump.${k}`)]), s.rules.overtrump),
      ...RULE_FLAGS.map((f) => check(f, t(`rules.${f}`), s.rules[f]))),
    h("fieldset", {}, h("legend", {}, t("settings.code")),
      h("p", { class: "help" }, t("settings.code.help")),
      h("output", { class: "code", id: "game-code" }, code),
      h("div", { class: "field" }, h("label", { for: "set-code-input" }, t("settings.code.input")), codeInput),
      codeError,
      h("div", { class: "field-buttons" },
        h("button", { type: "button", id: "play-code", onclick: () => {
          const parsed = decodeCode(codeInput.value);
          if (!parsed) {
            codeError.textContent = t("settings.code.bad");
            return;
          }
          dialog.close();
          on.playCode(parsed);
        } }, t("settings.code.play")),
        code ? h("button", { type: "button", id: "replay-deal", onclick: () => {
          dialog.close();
          on.playCode({ seed: current.seed, rules: current.rules });
        } }, t("settings.replay")) : null)));

  const read = () => {
    const f = form.elements;
    return normalize({
      levels: { 1: f["level-1"].value, 2: f["level-2"].value, 3: f["level-3"].value },
      watch: f.watch.checked,
      speed: f.speed.value,
      locale: f.locale.value,
      rules: {
        target: Number(f.target.value), ghna_cap: f.ghna_cap.value, overtrump: f.overtrump.value,
        signals: f.signals.checked, truthful: f.truthful.checked, concession: f.concession.checked,
      },
    });
  };
  const dialog = openDialog("settings", t("settings.title"), form, [
    [t("settings.cancel"), null, { id: "settings-cancel" }],
    [t("settings.apply_new"), () => on.apply(read(), { newGame: true }), { id: "settings-new" }],
    [t("settings.apply"), () => {
      const next = read();
      on.apply(next, { newGame: false, rulesChanged: !sameRules(next.rules, current.rules) });
    }, { class: "primary", id: "settings-save" }],
  ]);
  return dialog;
}
