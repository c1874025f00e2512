"""Browser tests of the page (pytest-playwright, Debian's Chromium).

The built site (``site_dir``, tests/conftest.py: dist/ under ``dev.py test``,
else the sources built once into a temporary folder) is served on a free
localhost port for the whole session.  Chromium is the
system one (``/usr/bin/chromium``) when present; elsewhere Playwright's own
(``playwright install chromium``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cspwait import csp_safe
from webhelpers import Served

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


#: Clears what a test left in the shared context's origin (run in a page of it):
#: storage, databases, service workers and caches, all but the engine's start-up
#: snapshot (a first start is tested with ``fresh_browser``).
RESET_JS = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  // each deletion waited for (at most 5 s, if a connection still blocks it): the next
  // test's page must not open the old database, nor race its deletion
  for (const db of (await indexedDB.databases?.()) || []) await new Promise((done) => {
    const r = indexedDB.deleteDatabase(db.name);
    r.onsuccess = r.onerror = () => done();
    setTimeout(done, 5000);
  });
  for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
  for (const k of await caches.keys()) if (!k.startsWith('touti-snapshot-')) await caches.delete(k);
  return (await navigator.storage.estimate()).usage;
}"""

#: What the shared context may hold before it is replaced by a new one (bytes).
#: Chromium keeps a context's deleted caches: each test whose page installs the
#: service worker adds the site's precache (about 14 MB) for good.  In one run
#: of bench/context_growth.py (docs/testing.md) the 111th visit's service worker
#: never became ready, at 1.6 GB held; a worker runs up to some 130 browser
#: tests in its context.
SHARED_CONTEXT_MAX_BYTES = 400_000_000


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "fresh_browser: the test gets a browser context of its own (a first visit: "
                   "no HTTP cache, no kept start-up snapshot, its own routes and network state)")


class SharedContext:
    """The browser context the tests of a session share (``get``), replaced by a
    new one (``renew``) once it holds too much (SHARED_CONTEXT_MAX_BYTES)."""

    def __init__(self, browser, args: dict) -> None:
        self.browser, self.args, self.ctx = browser, args, None

    def get(self):
        if self.ctx is None:
            self.ctx = self.browser.new_context(**self.args)
        return self.ctx

    def renew(self) -> None:
        ctx, self.ctx = self.ctx, None        # never handed out again, even if closing fails
        if ctx is not None:
            ctx.close()


@pytest.fixture(scope="session")
def shared_context(browser, browser_context_args, site):
    """One browser context for the tests of a session: the engine's start-up
    snapshot and the HTTP cache stay, as on a player's device, so a page
    starts in about 1.5 s instead of 3.5 s; the site's storage is cleared
    after each test, and the context is replaced when it holds too much."""
    shared = SharedContext(browser, browser_context_args)
    yield shared
    shared.renew()


@pytest.fixture
def context(request, browser, browser_context_args, shared_context, site):
    if request.node.get_closest_marker("fresh_browser"):
        ctx = browser.new_context(**browser_context_args)
        yield ctx
        ctx.close()
        return
    ctx = shared_context.get()
    yield ctx
    for page in ctx.pages:
        page.close()
    ctx.unroute_all(behavior="ignoreErrors")
    ctx.set_offline(False)
    ctx.clear_cookies()
    ctx.clear_permissions()
    cleaner = ctx.new_page()
    cleaner.goto(site + "build.json")
    held = cleaner.evaluate(RESET_JS)
    cleaner.close()
    if (held or 0) > SHARED_CONTEXT_MAX_BYTES:
        shared_context.renew()


#: What the test's page said in its console (see ``page``).
PAGE_SAID = pytest.StashKey[list]()


@pytest.fixture
def page(page, request):
    """Playwright's page, waiting for conditions without eval: the site's
    Content-Security-Policy (from netlify.toml, sent by the test server) stays on.
    What the page says in its console (errors, warnings) and its uncaught errors
    are shown with a failure of the test (a section of its report)."""
    said = []
    page.on("console", lambda m: m.type in ("error", "warning") and said.append(f"console.{m.type}: {m.text}"))
    page.on("pageerror", lambda e: said.append(f"uncaught: {e}"))
    request.node.stash[PAGE_SAID] = said
    return csp_safe(page)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    said = item.stash.get(PAGE_SAID, None)
    if report.failed and said:
        report.sections.append(("what the page said", "\n".join(said[-60:])))
    page = item.funcargs.get("page") if report.failed and call.when == "call" else None
    if page is not None:
        try:
            state = page.evaluate(PAGE_STATE_JS)
        except Exception as e:          # a page closed: said so, the failure stays the test's
            # (a page whose main thread is blocked never answers: its test would have hung first)
            state = f"(not read: {type(e).__name__})"
        report.sections.append(("the page's state", str(state)))


#: What a failed test's page shows and holds (a section of its report): its
#: screen, the notice, the databases and the storage used.
PAGE_STATE_JS = """async () => {
  const html = document.documentElement, notice = document.getElementById('notice');
  const timeout = (ms) => new Promise((done) => setTimeout(() => done('(no answer)'), ms));
  return {
    view: html.dataset.view, phase: html.dataset.phase, ready: html.dataset.ready, url: location.href,
    notice: notice && !notice.hidden ? [notice.dataset.storage, notice.textContent] : null,
    databases: await Promise.race([Promise.resolve(globalThis.indexedDB?.databases?.()).catch(String), timeout(2000)]),
    storage: await Promise.race([Promise.resolve(navigator.storage?.estimate?.()).catch(String), timeout(2000)]),
  };
}"""


@pytest.fixture(scope="session")
def site(site_dir) -> str:
    """The base URL of the built site served on 127.0.0.1 (a free port), with
    the headers of netlify.toml (types, caching, Content-Security-Policy)."""
    served = Served(site_dir)
    yield served.url
    served.stop()


@pytest.fixture
def own_site(tmp_path, site_dir) -> Served:
    """A copy of the built site served on its own port (its own origin: its own
    storage and service worker); ``stop()`` cuts it off, ``root`` is its folder."""
    root = tmp_path / "site"
    shutil.copytree(site_dir, root)
    served = Served(root)
    yield served
    served.stop()
