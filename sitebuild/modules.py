"""The JavaScript module graph: which files an ES module imports.

The build needs it for the files a first visit loads before the first bid
(the page's and the worker's modules).  The sources are read by a small
tokenizer, not by patterns over the text: comments, strings, template
literals (with their ``${...}`` parts) and regular expression literals are
skipped as tokens, so an ``import`` inside any of them is not one, and an
import written over several lines is.  What it finds:

- static imports and re-exports: ``import x from "./a.js"``,
  ``import {a, b} from "./a.js"``, ``import "./a.js"``,
  ``export * from "./a.js"``, ``export {a} from "./a.js"``;
- with ``dynamic``, ``import("./a.js")`` of a string literal (an import of a
  computed name, such as the runtime's ``import(config.pyodide + ...)``, is
  the page's business, not a file of the graph).

Every specifier must be relative (``./``, ``../``) and name a file of the
site: a bare name (``"some-package"``) or another origin would fail in the
browser, and a missing file would fail there too, so the build stops on
them.  tests/test_build_site.py checks the tokenizer against V8's own parser
(Node's ``vm.SourceTextModule``) on every module of web/.
"""

from __future__ import annotations

import re
from pathlib import Path

from .common import BuildError

#: Where a ``/`` after one of these words starts a regular expression (not a division).
_REGEX_AFTER_WORDS = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
                      "throw", "case", "do", "else", "yield", "await"}
_IDENT = re.compile(r"[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*")
_NUMBER = re.compile(r"\.?\d[\w.]*")
_PUNCT = re.compile(r"\?\?=|\?\.|\.\.\.|>>>=|===|!==|\*\*=|<<=|>>=|>>>|=>|[-+*/%&|^<>!=]=|&&=|\|\|=|"
                    r"\?\?|\+\+|--|&&|\|\||<<|>>|\*\*|[{}()\[\];,<>+\-*/%&|^!~?:=.@#]")


class Token(tuple):
    """(kind, text): kind is "name", "string" (text: its value), "template",
    "regex", "number" or "punct"."""

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def text(self) -> str:
        return self[1]


def _string_end(src: str, i: int) -> int:
    """The index after the string literal that starts at ``src[i]``."""
    quote, i = src[i], i + 1
    while i < len(src):
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if c == quote:
            return i + 1
        if c == "\n":
            break
        i += 1
    raise ValueError("unterminated string")


def _regex_end(src: str, i: int) -> int:
    """The index after the regular expression literal that starts at ``src[i]`` ("/")."""
    i += 1
    in_class = False
    while i < len(src):
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if c == "\n":
            break
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            i += 1
            while i < len(src) and (src[i].isalnum() or src[i] in "_$"):
                i += 1          # flags
            return i
        i += 1
    raise ValueError("unterminated regular expression")


def _unescape(body: str) -> str:
    """A string literal's value (the escapes a module specifier may use)."""
    if "\\" not in body:
        return body
    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\n|.)",
                  lambda m: _escape_value(m.group(1)), body)


def _escape_value(e: str) -> str:
    if e.startswith("u{"):
        return chr(int(e[2:-1], 16))
    if e[0] in "ux" and len(e) > 1:
        return chr(int(e[1:], 16))
    return {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0", "\n": ""}.get(e, e)


def tokens(src: str) -> list[Token]:
    """The tokens of a JavaScript source, comments and white space left out.
    A template literal is one token (its ``${...}`` parts are tokenized too,
    after it, so an import() inside one is still found)."""
    out: list[Token] = []
    braces: list[str] = []        # "{" of code, "${" of a template's substitution
    i, n = 0, len(src)

    def regex_allowed() -> bool:
        if not out:
            return True
        kind, text = out[-1]
        if kind in ("string", "template", "regex", "number"):
            return False
        if kind == "name":
            return text in _REGEX_AFTER_WORDS
        return text not in (")", "]", "}")

    def template(i: int) -> int:
        """Scans a template's text from ``src[i]`` (after "`" or "}"): the index
        after its closing "`", or after "${" (a substitution is then open)."""
        while i < n:
            c = src[i]
            if c == "\\":
                i += 2
            elif c == "`":
                return i + 1
            elif c == "$" and src.startswith("${", i):
                braces.append("${")
                return i + 2
            else:
                i += 1
        raise ValueError("unterminated template literal")

    while i < n:
        c = src[i]
        if c in " \t\r\n\ufeff\u00a0\u2028\u2029":
            i += 1
        elif src.startswith("//", i) or (src.startswith("#!", i) and i == 0):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            if j < 0:
                raise ValueError("unterminated comment")
            i = j + 2
        elif c in "'\"":
            j = _string_end(src, i)
            out.append(Token(("string", _unescape(src[i + 1:j - 1]))))
            i = j
        elif c == "`":
            j = template(i + 1)
            out.append(Token(("template", src[i:j])))
            i = j
        elif c == "}" and braces and braces[-1] == "${":
            braces.pop()
            j = template(i + 1)         # the rest of the template, up to its end or next ${
            out.append(Token(("template", src[i:j])))
            i = j
        elif c == "/" and regex_allowed():
            j = _regex_end(src, i)
            out.append(Token(("regex", src[i:j])))
            i = j
        elif m := _IDENT.match(src, i):
            out.append(Token(("name", m.group())))
            i = m.end()
        elif m := _NUMBER.match(src, i):
            out.append(Token(("number", m.group())))
            i = m.end()
        elif m := _PUNCT.match(src, i):
            text = m.group()
            if text == "{":
                braces.append("{")
            elif text == "}" and braces:
                braces.pop()
            out.append(Token(("punct", text)))
            i = m.end()
        else:
            raise ValueError(f"unexpected character {c!r}")
    return out


def imports(src: str) -> tuple[list[str], list[str]]:
    """The specifiers a module imports: (static ones, string literals of import())."""
    toks = tokens(src)
    static: list[str] = []
    dynamic: list[str] = []
    for k, tok in enumerate(toks):
        if tok.kind != "name" or tok.text not in ("import", "export"):
            continue
        if k and toks[k - 1].text in (".", "?."):
            continue                    # a property named import/export
        nxt = toks[k + 1] if k + 1 < len(toks) else Token(("punct", ";"))
        if tok.text == "import" and nxt.text == "(":
            if k + 3 < len(toks) and toks[k + 2].kind == "string" and toks[k + 3].text in (")", ","):
                dynamic.append(toks[k + 2].text)
            continue
        if tok.text == "import" and nxt.text == ".":
            continue                    # import.meta
        if tok.text == "import" and nxt.kind == "string":
            static.append(nxt.text)     # import "./a.js"
            continue
        if tok.text == "export" and nxt.text not in ("*", "{"):
            continue                    # export const / function / default ...: no module
        # import x, {a as b}, * as ns from "...";  export {a} / * as ns from "..."
        depth = 0
        for j in range(k + 1, len(toks)):
            t = toks[j]
            if t.text == "{":
                depth += 1
            elif t.text == "}":
                depth -= 1
            elif depth == 0 and t.kind == "name" and t.text == "from":
                if j + 1 < len(toks) and toks[j + 1].kind == "string":
                    static.append(toks[j + 1].text)
                break
            elif depth == 0 and (t.text == ";" or t.kind in ("string", "regex", "template")
                                 or (t.kind == "name" and t.text in ("import", "export"))):
                break                   # an export list with no "from"
    return static, dynamic


def resolve(importer: str, spec: str) -> str:
    """The site path ``spec`` names, imported by the module at site path ``importer``."""
    if not spec.startswith(("./", "../")):
        raise BuildError(f"{importer} imports {spec!r}: a module of the site is imported by a "
                         "relative path (./ or ../); a package's file is copied into the "
                         "app folder first (VENDOR in sitebuild/runtime.py)")
    parts: list[str] = importer.split("/")[:-1]
    for part in spec.split("?")[0].split("#")[0].split("/"):
        if part == "..":
            if not parts:
                raise BuildError(f"{importer} imports {spec!r}, outside the site")
            parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts)


def module_graph(root: Path, start: str, dynamic: bool = False) -> set[str]:
    """``start`` (a path under ``root``) and every module it imports statically
    (with ``dynamic``, by import() of a string literal too), as paths under
    ``root``.  A module that names a file the site does not have stops the build."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        if not (root / rel).is_file():
            raise BuildError(f"the module {rel} is not a file of the site")
        seen.add(rel)
        try:
            static, dyn = imports((root / rel).read_text(encoding="utf-8"))
        except ValueError as e:
            raise BuildError(f"{rel} could not be read as a JavaScript module: {e}") from None
        for spec in static + (dyn if dynamic else []):
            target = resolve(rel, spec)
            if not (root / target).is_file():
                raise BuildError(f"{rel} imports {spec}, which the site does not have ({target})")
            todo.append(target)
    return seen
