// What the browser offers or refuses the page: the install prompt (the menu
// offers Install while the browser has one), being offline (the bar says so),
// and storage that is blocked, full or limited, or a history that a newer
// version of the site in another tab took over (a quiet notice, #notice: the
// game goes on, it is just not kept).

import { $ } from "../dom.js";
import { t } from "../i18n.js";

/**
 * createDevice({ui, storage}) -> {canInstall(), install(), storageNotice(status), watchKept(mode)}:
 * - `ui`: the page's parts ({bar}, read at each use: it may not be drawn yet);
 * - `storage`: the site's Store (storage.js), whose status the notice shows.
 * Listens to the browser's install and connection events from its creation.
 */
export function createDevice({ ui, storage }) {
  let installPrompt = null;
  /** The history and the wheels stay in localStorage (IndexedDB unavailable): storage is limited. */
  let storageLimited = false;

  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt = event;
    ui.bar?.setInstall(true);
  });
  window.addEventListener("appinstalled", () => {
    installPrompt = null;
    ui.bar?.setInstall(false);
  });
  window.addEventListener("online", () => ui.bar?.setOffline(false));
  window.addEventListener("offline", () => ui.bar?.setOffline(true));

  /** Does the browser offer to install the page now? */
  function canInstall() {
    return !!installPrompt;
  }

  async function install() {
    if (!installPrompt) return;
    installPrompt.prompt();
    await installPrompt.userChoice.catch(() => null);
    installPrompt = null;
    ui.bar.setInstall(false);
  }

  function storageNotice(status = storage.status) {
    const el = $("#notice");
    const text = status === "blocked" ? t("storage.blocked") : status === "full" ? t("storage.full")
      : status === "newer" ? t("storage.newer") : storageLimited ? t("storage.limited") : "";
    el.hidden = !text;
    el.textContent = text;
    el.dataset.storage = status === "ok" && storageLimited ? "limited" : status;
  }

  /** Where the history is kept (history.js historyMode: "local" when IndexedDB is unavailable): the notice says it. */
  function watchKept(mode) {
    storageLimited = mode === "local" && storage.status === "ok";
    storageNotice();
  }

  return { canInstall, install, storageNotice, watchKept };
}
