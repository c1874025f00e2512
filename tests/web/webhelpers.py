"""Helpers of the browser tests: presets, waiting for the page, reading it."""

from __future__ import annotations

import base64
import json

FAST = {"speed": "instant"}


def preset(page, settings: dict | None = None, save: dict | None = None) -> None:
    """Stores settings (and a save) in localStorage before the page's scripts run."""
    script = ""
    if settings is not None:
        script += f"localStorage.setItem('touti.settings.v1', {json.dumps(json.dumps(settings))});"
    if save is not None:
        script += f"localStorage.setItem('touti.game.v1', {json.dumps(json.dumps(save))});"
    # only on the first load of this page: later reloads keep what the page saved
    page.add_init_script("if (!sessionStorage.getItem('touti-test-preset')) {"
                         "sessionStorage.setItem('touti-test-preset', '1');" + script + "}")


def record_fragment(record: dict) -> str:
    data = base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")
    return f"#record={data}"


def wait_ready(page, timeout: float = 30_000) -> None:
    page.wait_for_selector("html[data-ready='true']", timeout=timeout)


SETTLED_JS = """() => {
  const r = document.documentElement;
  const ph = r.dataset.phase;
  if (r.dataset.busy !== 'false') return false;
  if (ph === 'hand_over' || ph === 'game_over') {
    return !document.getElementById('panel').hidden ? ph : false;
  }
  if (document.querySelector('#actions button[data-action]')) return 'act:' + ph;
  if (document.querySelector('#hand.my-turn button.legal')) return 'card';
  return false;
}"""


def settle(page, timeout: float = 30_000) -> str:
    """Waits until the player can act (or the hand/game summary is shown)."""
    return page.wait_for_function(SETTLED_JS, timeout=timeout).json_value()


def hand_cards(page) -> list[str]:
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def phase(page) -> str:
    return page.get_attribute("html", "data-phase")
