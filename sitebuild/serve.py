"""A local static server that sends the deployed host's headers.

``python build.py serve`` and every browser test serve the built site with
the headers of netlify.toml (types, caching, Content-Security-Policy,
security), matched as Netlify matches paths, so the local site runs under the
deployed policy; with ``gzip`` it compresses text, scripts and WebAssembly on
the fly as the host does.  tests/test_deploy.py checks the rules against
every file of the site.
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import io
import os
import re
import socketserver
import sys
import tomllib
from functools import partial
from pathlib import Path

from .common import DIST, ROOT, BuildError, say

#: Headers of the deployed site (and of ``serve``).
NETLIFY = ROOT / "netlify.toml"
MIME = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
    ".whl": "application/zip", ".py": "text/plain; charset=utf-8", ".svg": "image/svg+xml",
    ".png": "image/png", ".webmanifest": "application/manifest+json",
}
#: What Netlify sends when no rule sets a Cache-Control.
NETLIFY_CACHE_DEFAULT = "public, max-age=0, must-revalidate"


def header_pattern(rule: str) -> re.Pattern:
    """The paths a ``[[headers]] for = ...`` rule applies to, as Netlify matches them:
    ``/*`` any path below, ``:name`` one segment, ``*`` inside a segment any text."""
    parts = []
    for part in (p.rstrip() for p in rule.split("/")):
        if not part:
            continue
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        else:
            parts.append("(.*)".join(re.escape(x) for x in part.split("*")))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def header_rules(path: Path = NETLIFY) -> list[tuple[str, re.Pattern, dict[str, str]]]:
    """The header rules of netlify.toml: (for, pattern, values), in file order."""
    config = tomllib.loads(path.read_text())
    return [(r["for"], header_pattern(r["for"]), dict(r.get("values", {})))
            for r in config.get("headers", [])]


_DEFAULT_RULES: list = []


def default_rules() -> list:
    """netlify.toml's rules, read once (what a Handler sends unless told otherwise)."""
    if not _DEFAULT_RULES and NETLIFY.exists():
        _DEFAULT_RULES.extend(header_rules(NETLIFY))
    return _DEFAULT_RULES


def headers_for(url_path: str, rules) -> dict[str, str]:
    """The headers of one path: every matching rule, later ones overriding earlier ones."""
    out: dict[str, str] = {}
    for _, pattern, values in rules:
        if pattern.match(url_path):
            out.update(values)
    return out


#: Types a static host compresses on the fly (Netlify does, for clients that
#: accept gzip); images, zip files and .gz data are sent as they are.
GZIP_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
              "application/manifest+json", "image/svg+xml")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers of netlify.toml (types, caching, CSP, security).

    With ``gzip`` (``serve`` and the start-up benchmark), text, scripts and
    WebAssembly go out gzip-encoded to clients that accept it
    (``Content-Encoding: gzip``), as a static host sends them."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    #: (path, mtime, size) -> gzip bytes, shared by the server's threads
    _gzipped: dict = {}

    def __init__(self, *args, rules=None, gzip=False, **kwargs) -> None:
        self.rules = default_rules() if rules is None else rules
        self.gzip = gzip
        super().__init__(*args, **kwargs)

    def send_head(self):
        if not (self.gzip and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()          # the redirect to the folder's URL
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not os.path.isfile(path) or not ctype.startswith(GZIP_TYPES):
            return super().send_head()
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        key = (path, st.st_mtime_ns, st.st_size)
        data = self._gzipped.get(key)
        if data is None:
            with open(path, "rb") as f:
                data = gzip.compress(f.read(), 6, mtime=0)
            self._gzipped[key] = data
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(data)

    def _rule_headers(self) -> dict[str, str]:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return headers_for(path, self.rules)

    def guess_type(self, path) -> str:
        for name, value in self._rule_headers().items():
            if name.lower() == "content-type":
                return value
        return super().guess_type(path)

    def end_headers(self) -> None:
        headers = {k: v for k, v in self._rule_headers().items() if k.lower() != "content-type"}
        if not any(k.lower() == "cache-control" for k in headers):
            headers["Cache-Control"] = NETLIFY_CACHE_DEFAULT
        for name, value in headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:
        if os.environ.get("TOUTI_SERVE_LOG"):
            super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        """A browser that closed its page (or its worker) mid-download is no error of
        the site's: said by nothing.  Anything else is printed, as the standard server does."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                headers: Path | None = NETLIFY, gzip: bool = False, handler=None) -> Server:
    """A threaded static server for ``root`` (port 0: a free port) sending the
    headers of ``headers`` (netlify.toml; None: none); with ``gzip``, compressing
    as a static host does (see Handler)."""
    rules = header_rules(headers) if headers else []
    return Server((host, port), partial(handler or Handler, directory=str(root), rules=rules, gzip=gzip))


def serve(host: str, port: int, gzip: bool = True) -> None:
    if not (DIST / "index.html").exists():
        raise BuildError("dist/ is not built: run `python build.py` first.")
    try:
        server = make_server(DIST, host, port, gzip=gzip)
    except OSError as e:
        raise BuildError(f"cannot listen on {host}:{port} ({e.strerror}); try --port 0.") from None
    url = f"http://{host}:{server.server_address[1]}/"
    say(f"Touti is served at {url}  (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        say("stopped")

