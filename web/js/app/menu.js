// The page's bar, table and log drawn in its language (buildUI, and relabel
// when the language changes), the menu's actions (the bar's buttons and the
// whole menu: the game's actions, then the screens), the settings dialog and
// the log drawer.

import { $, h } from "../dom.js";
import { t, setLocale, locale } from "../i18n.js";
import { saveSettings, randomSeed } from "../settings.js";
import { loadPrevious } from "../save.js";
import { untoldItems } from "../aside.js";
import { showAside } from "../aside-notice.js";
import { createBar } from "../bar.js";
import { createTable } from "../table.js";
import { createLog, replayLines } from "../log.js";
import { showScoreSheet, showLastTrick, confirmNewGame, closeDialog, openDialog } from "../dialogs.js";
import { openSettings } from "../settings-dialog.js";
import { routeOf, screenNames } from "../router.js";

/**
 * createMenu({store, base, ui, game, marks, links, device, router}) ->
 * {buildUI(), relabel(lang), menu(name), toggleLog(open)}:
 * - `store`: the page's store.js; `base`: the app folder's URL (the catalogues);
 * - `ui`: the page's parts, {bar, table, log}, which buildUI (re)makes;
 * - `game`: the page's game (game.js); `marks`: app/marks.js; `links`: app/links.js;
 * - `device`: app/device.js (install, the storage notice); `router`: app/screens.js's.
 * Closes the log drawer on Escape from its creation.
 */
export function createMenu({ store, base, ui, game, marks, links, device, router }) {
  const { state, update } = store;
  const { askHint, startNew, takeBack } = marks;

  /** Speaks another language at once: the page is worded again, the game goes on untouched. */
  async function relabel(lang) {
    await setLocale(lang, base);
    buildUI();
    if (state.view) for (const line of replayLines(state.view)) ui.log.line(line);
    $("#boot-retry").textContent = t("boot.retry");
    document.title = t("app.title");
    device.storageNotice();
    showAside(untoldItems());
    update({ message: null });
    store.flush();
    await router.show(routeOf(location.hash));
  }

  function buildUI() {
    ui.bar = createBar($("#bar"), menu);
    ui.bar.setInstall(device.canInstall());
    ui.table = createTable({ table: $("#table"), controls: $("#controls"), hand: $("#hand") }, {
      onAction: (action) => game.act(action),
      onCard: (card) => game.playCard(card),
    });
    ui.log = createLog($("#log"));
  }

  function menu(name) {
    switch (name) {
      case "hint": return askHint();
      case "last": return showLastTrick(state.view);
      case "sheet": return showScoreSheet(state.view);
      case "log": return toggleLog();
      case "settings": return settingsDialog();
      case "new": return confirmNewGame(() => startNew());
      case "previous": return links.confirmPrevious();
      case "more": return openScreensMenu();
      case "install": return device.install();
      case "undo": return takeBack();
      default: return undefined;
    }
  }

  function settingsDialog() {
    const v = state.view;
    openSettings({ settings: state.settings, seed: state.seed, rules: v ? v.rules : state.settings.rules }, {
      async apply(next, { newGame, rulesChanged }) {
        const relocalize = next.locale !== locale();
        saveSettings(next);
        update({ settings: next });
        if (relocalize) await relabel(next.locale);
        if (newGame) startNew(randomSeed(), next.rules);
        else {
          if (rulesChanged) update({ message: { kind: "note", text: t("settings.rules_changed") } });
          game.kick();
        }
      },
      playCode({ seed, rules }) {
        startNew(seed, rules);
      },
    });
  }

  /** The whole menu (on a phone the bar keeps only Hint and this): the game's actions, then the screens. */
  function openScreensMenu() {
    const game = [["last", "menu.last_trick"], ["sheet", "menu.scores"], ["log", "menu.log"],
      ["settings", "menu.settings"], ["new", "menu.new_game"]];
    if (state.settings.takeBacks) game.unshift(["undo", "menu.take_back"]);
    if (loadPrevious().status === "ok") game.push(["previous", "menu.previous_game"]);
    if (device.canInstall()) game.push(["install", "menu.install"]);
    const items = [
      ...game.map(([name, key]) => h("li", {}, h("button", { type: "button", class: "act", id: `go-${name}`,
        onclick: () => { closeDialog(); menu(name); } }, t(key)))),
      ...screenNames().map((name) => h("li", {},
        h("a", { href: `#${name}`, id: `go-${name}`, onclick: () => closeDialog() }, t(`screen.${name}`)))),
    ];
    openDialog("menu", t("menu.more"), h("nav", { "aria-label": t("menu.more") }, h("ul", { class: "screens" }, ...items)));
  }

  /** The log: a column on wide screens, a drawer on small ones (Escape or a tap outside closes it). */
  function toggleLog(open = !$("#app").classList.contains("show-log")) {
    $("#app").classList.toggle("show-log", open);
    document.querySelector(".log-backdrop")?.remove();
    if (open) {
      document.body.append(h("div", { class: "log-backdrop", onclick: () => toggleLog(false) }));
      $("#log").focus({ preventScroll: true });
    }
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && $("#app").classList.contains("show-log")) toggleLog(false);
  });

  return { buildUI, relabel, menu, toggleLog };
}
