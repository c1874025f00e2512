// The settings dialog: bot level of each bot seat, watching the bots,
// animation speed, language, the look (the colour-blind friendly deck,
// larger cards, and the keys that read the table aloud), the rules of the
// next game, and the game code.

import { h } from "./dom.js";
import { t, seatName, LOCALES, locale } from "./i18n.js";
import { openDialog } from "./dialogs.js";
import {
  seatLevels, levelName, SPEEDS, TARGETS, normalize, sameRules, encodeCode, decodeCode, ruleSchema, DECK_NAMES,
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
/** One field of the rules, built from the engine's description of that switch. */
function ruleField(f, value) {
  if (f.kind === "bool") return check(f.name, t(`rules.${f.name}`), value);
  if (f.kind === "choice") {
    return select(f.name, t(`rules.${f.name}`), f.choices.map((k) => [k, t(`rules.${f.name}.${k}`)]), value);
  }
  const values = TARGETS.includes(value) ? TARGETS : [...TARGETS, value].sort((a, b) => a - b);
  return select(f.name, t(`rules.${f.name}`), values.map((n) => [n, String(n)]), value);
}

export function openSettings(current, on) {
  const s = current.settings;
  const schema = ruleSchema();
  const code = current.seed === null ? "" : encodeCode(current.seed, current.rules);
  const codeInput = h("input", { id: "set-code-input", name: "code", autocomplete: "off",
    spellcheck: "false", "aria-describedby": "set-code-error", placeholder: "K3F9Z2" });
  const codeError = h("p", { class: "field-error", id: "set-code-error", "aria-live": "polite" });
  const form = h("form", { class: "settings", id: "settings-form", onsubmit: (e) => e.preventDefault() },
    h("fieldset", {}, h("legend", {}, t("settings.bots")),
      ...[1, 2, 3].map((seat) => select(`level-${seat}`, t("settings.level_for", { who: seatName(seat) }),
        seatLevels().map((l) => [l, levelName(l)]), s.levels[seat])),
      check("watch", t("settings.watch"), s.watch),
      check("takeBacks", t("settings.take_backs"), s.takeBacks)),
    h("fieldset", {}, h("legend", {}, t("settings.speed")),
      select("speed", t("settings.speed"), Object.keys(SPEEDS).map((k) => [k, t(`speed.${k}`)]), s.speed),
      check("sound", t("settings.sound"), s.sound),
      select("locale", t("settings.language"), Object.entries(LOCALES), s.locale ?? locale())),
    h("fieldset", {}, h("legend", {}, t("settings.look")),
      select("deck", t("settings.deck"), DECK_NAMES.map((k) => [k, t(`settings.deck.${k}`)]), s.deck),
      check("large", t("settings.large_cards"), s.cards === "large"),
      h("p", { class: "help", id: "set-keys-help" }, t("settings.keys"))),
    h("fieldset", {}, h("legend", {}, t("settings.rules")),
      ...schema.map((f) => ruleField(f, s.rules[f.name]))),
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
      takeBacks: f.takeBacks.checked,
      sound: f.sound.checked,
      speed: f.speed.value,
      locale: f.locale.value,
      deck: f.deck.value,
      cards: f.large.checked ? "large" : "normal",
      rules: Object.fromEntries(schema.map((r) => [r.name,
        r.kind === "bool" ? f[r.name].checked : r.kind === "int" ? Number(f[r.name].value) : f[r.name].value])),
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
