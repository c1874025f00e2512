"""Waiting for a page condition under the site's Content-Security-Policy.

Playwright's ``wait_for_function`` compiles its predicate with ``eval`` inside
the page, which the site's policy forbids (``script-src 'self'
'wasm-unsafe-eval'``, no ``'unsafe-eval'``), while ``evaluate`` runs through
the browser's debugging protocol, outside the page's policy.  So the browser
tests keep the real policy and poll with ``evaluate`` instead:
``csp_safe(page)`` gives a page (or frame) a ``wait_for_function`` with the
same arguments and result that works under it.
"""

from __future__ import annotations

import math
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

DEFAULT_TIMEOUT_MS = 30_000
#: Errors of a page that is navigating (the condition is tried again).
TRANSIENT = ("Execution context was destroyed", "navigat", "Cannot find context", "Target closed")


def js_truthy(value) -> bool:
    """JavaScript's truthiness of a value returned by ``evaluate``."""
    if value is None or value is False or value == "":
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0 and not math.isnan(value)
    return True


class Waited:
    """What ``wait_for_function`` returns: the condition's value."""

    def __init__(self, value) -> None:
        self.value = value

    def json_value(self):
        return self.value


def wait_for(target, expression: str, arg=None, timeout: float | None = None,
             polling: float | str | None = None) -> Waited:
    """Polls ``expression`` (a JS expression or function) in ``target`` (a page
    or frame) until its value is truthy; raises Playwright's TimeoutError."""
    limit = DEFAULT_TIMEOUT_MS if timeout is None else timeout
    deadline = time.monotonic() + limit / 1000
    pause = polling / 1000 if isinstance(polling, (int, float)) else 0.05
    while True:
        try:
            value = target.evaluate(expression, arg)
        except PlaywrightError as e:
            if not any(s in str(e) for s in TRANSIENT):
                raise
            value = None
        if js_truthy(value):
            return Waited(value)
        if limit and time.monotonic() > deadline:
            raise PlaywrightTimeoutError(f"Timeout {limit:.0f} ms exceeded waiting for: {expression[:120]}")
        time.sleep(pause)


def csp_safe(target):
    """Gives ``target`` (a page or a frame) a ``wait_for_function`` that polls with ``evaluate``."""
    def wait_for_function(expression, *, arg=None, timeout=None, polling=None):
        return wait_for(target, expression, arg, timeout, polling)
    target.wait_for_function = wait_for_function
    return target
