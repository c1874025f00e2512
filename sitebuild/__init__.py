"""The parts of the site build, one job each; ``build.py`` at the top of the
repository is their one entry point (its command line and the names the tests
use: ``build.build``, ``build.make_server``, ...).

- ``common``: the folders, the build's error and messages;
- ``wheel``: the engine's wheel, by the build backend pyproject.toml declares
  (setuptools' PEP 517 hooks), byte for byte repeatable;
- ``runtime``: the self-hosted Pyodide runtime (from the npm package), the
  trimmed standard library and the engine's bytecode (compiled under Node);
- ``modules``: the JavaScript module graph (which files a module imports);
- ``site``: the pages, the versioned app folder, the service worker's precache
  list and build.json;
- ``serve``: a local server that sends the deployed host's headers
  (netlify.toml).
"""
