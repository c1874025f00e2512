#!/usr/bin/env python3
"""Build the static site in dist/, or serve it on localhost.

    python build.py                      build dist/ (repeatable; a few seconds)
    python build.py --out DIR            build into DIR instead
    python build.py serve [--port N]     serve dist/ on 127.0.0.1 and print the URL

This file is the build's one entry point; its parts live in sitebuild/, one
job each:

- ``sitebuild/wheel.py``: the ``touti_core`` wheel, built by the backend
  pyproject.toml declares (setuptools' PEP 517 hook, the version pinned in
  requirements-dev.txt, no network), byte for byte repeatable;
- ``sitebuild/runtime.py``: the self-hosted Pyodide runtime (npm package
  ``pyodide``, pinned in package.json / package-lock.json), the trimmed
  standard library (``STDLIB_KEEP``) and the engine's bytecode, compiled
  under Node by build_bytecode.mjs; other npm files the page uses (``VENDOR``);
- ``sitebuild/modules.py``: the JavaScript module graph;
- ``sitebuild/site.py``: the pages, the versioned app folder
  (``app/<version>/``), the service worker's precache list, build.json;
- ``sitebuild/serve.py``: the local server with the deployed host's headers.

``netlify.toml`` (build command, publish directory, headers) deploys dist/ as
it is; ``serve`` sends the same headers, so the local site (and every browser
test) runs under the deployed Content-Security-Policy.

Nothing is loaded from another origin at run time.  Node.js and npm are needed
(``npm ci`` installs the pinned runtime); the build stops with a clear message
when they are missing.  docs/deployment.md describes the whole.
"""

from __future__ import annotations

import argparse
from pathlib import Path

# The names the tests, the benchmarks and dev.py use (build.build, build.make_server, ...).
from sitebuild.common import DIST, ROOT, WEB, BuildError, say, sha256  # noqa: F401
from sitebuild.modules import imports, module_graph  # noqa: F401
from sitebuild.runtime import (ENGINE_TERMINAL_ONLY, NODE_PYODIDE, PYODIDE_FILES,  # noqa: F401
                               PYODIDE_VERSION, STDLIB_KEEP, STDLIB_OPTIMIZE, VENDOR, ensure_runtime,
                               stdlib_keep)
from sitebuild.serve import (NETLIFY, NETLIFY_CACHE_DEFAULT, Handler, Server,  # noqa: F401
                             header_pattern, header_rules, headers_for, make_server, serve)
from sitebuild.site import (BUDGET_FIRST_BID, BUDGET_PRECACHE, ROOT_FILES, SW_SKIP,  # noqa: F401
                            build, first_bid_files, precache_worker, root_page)
from sitebuild.wheel import build_wheel  # noqa: F401


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd")
    sp = sub.add_parser("serve", help="serve dist/ on localhost and print the URL")
    sp.add_argument("--host", default="127.0.0.1")
    sp.add_argument("--port", type=int, default=8000, help="0 picks a free port (default 8000)")
    sp.add_argument("--no-gzip", action="store_true", help="send every file as it is (by default "
                    "text, scripts and WebAssembly are gzip-encoded, as the deployed host sends them)")
    ap.add_argument("--out", type=Path, default=DIST, help="build into this folder (default dist/)")
    ap.add_argument("--stamp", default="", help="mix this text into the version (a new version "
                    "of the same sources, to try updates)")
    args = ap.parse_args(argv)
    if args.cmd == "serve":
        serve(args.host, args.port, gzip=not args.no_gzip)
    else:
        build(args.out, args.stamp)


if __name__ == "__main__":
    main()
