"""Browser tests of the page (pytest-playwright, Debian's Chromium).

The site in dist/ (built by ``python build.py``; built here when missing) is
served on a free localhost port for the whole session.  Chromium is the
system one (``/usr/bin/chromium``) when present; elsewhere Playwright's own
(``playwright install chromium``).
"""

from __future__ import annotations

import shutil
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build script: builds and serves dist/)
from cspwait import csp_safe  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def system_chromium() -> str | None:
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(name).exists():
            return name
    return shutil.which("chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    exe = system_chromium()
    if exe:
        args["executable_path"] = exe
    return args


@pytest.fixture(scope="session")
def base_url() -> None:
    """The tests open absolute URLs (``site``): no base URL.  Defined here so that
    pytest-playwright's own fallback (an instance-method session fixture, which
    pytest deprecates) is never used."""
    return None


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1100, "height": 820}}


@pytest.fixture
def page(page):
    """Playwright's page, waiting for conditions without eval: the site's
    Content-Security-Policy (from netlify.toml, sent by the test server) stays on."""
    return csp_safe(page)


@pytest.fixture(scope="session")
def site() -> str:
    """The base URL of dist/ served on 127.0.0.1 (a free port), with the
    headers of netlify.toml (types, caching, Content-Security-Policy)."""
    if not (build.DIST / "index.html").exists():
        build.build()
    server = build.make_server(build.DIST)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
