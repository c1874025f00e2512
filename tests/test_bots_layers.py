"""The layers of touti_core import one way (docs/bots.md, Layers), and the rules' numbers
have one home (docs/rules.md, Where each rule lives).

Read from the source with ``ast`` (every import, those for type checking too):

- the rules (the hand, the actions, the engine, ...) import no bot and not the
  JSON boundary;
- the bots' knowledge imports only the rules: no bot module, not the JSON
  boundary (it decodes actions with :mod:`touti_core.actions`);
- the models of a sensible player (``bots/model``) import neither the policy
  nor the belief above the knowledge;
- the belief (``bots/belief``) never imports the policy (``bots/policy``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "touti_core"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(name: str) -> set[str]:
    """The touti_core modules that module ``name`` imports (``from x import y`` counts
    ``x.y`` when ``y`` is a module, else ``x``)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                if node.module:
                    base.append(node.module)
                mod = ".".join(base)
            else:
                mod = node.module or ""
            for a in node.names:
                out.add(f"{mod}.{a.name}" if f"{mod}.{a.name}" in MODULES else mod)
    return {m for m in out if m == "touti_core" or m.startswith("touti_core.")}


def under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


RULES = ["touti_core." + m for m in ("actions", "cards", "engine", "facts", "hand", "quote",
                                     "refusals", "rng", "rules", "tricks")]


def test_the_import_reader_sees_relative_and_absolute_imports():
    assert "touti_core.hand" in imports("touti_core.engine")
    assert "touti_core.bots.model.heuristic" in imports("touti_core.bots.policy.search")
    assert "touti_core.bots.belief.knowledge" in imports("touti_core.bots.policy.normal")


@pytest.mark.parametrize("name", RULES)
def test_the_rules_import_no_bot_and_not_the_json_boundary(name):
    bad = {m for m in imports(name) if under(m, "touti_core.bots") or m == "touti_core.api"}
    assert not bad, f"{name} imports {sorted(bad)}"


def test_the_knowledge_imports_only_the_rules():
    got = imports("touti_core.bots.belief.knowledge")
    assert got <= set(RULES), sorted(got - set(RULES))


@pytest.mark.parametrize("name", sorted(m for m in MODULES if under(m, "touti_core.bots.model")))
def test_the_models_import_neither_the_policy_nor_the_belief_above_the_knowledge(name):
    bad = {m for m in imports(name) if under(m, "touti_core.bots.policy")
           or (under(m, "touti_core.bots.belief") and m != "touti_core.bots.belief.knowledge")}
    assert not bad, f"{name} imports {sorted(bad)}"


@pytest.mark.parametrize("name", sorted(m for m in MODULES if under(m, "touti_core.bots.belief")))
def test_the_belief_never_imports_the_policy(name):
    bad = {m for m in imports(name) if under(m, "touti_core.bots.policy")}
    assert not bad, f"{name} imports {sorted(bad)}"


@pytest.mark.parametrize("name", ["touti_core.engine", "touti_core.hand",
                                  "touti_core.bots.belief.knowledge",
                                  "touti_core.bots.policy.search"])
def test_the_rule_numbers_are_read_from_their_one_home(name):
    """No literal 10 (the tricks of a hand, the last trick's points, the bid step) in
    the modules that play the rules: they read ``facts`` and ``rules``."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    tens = [n.lineno for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and type(n.value) is int and n.value == 10]
    assert not tens, f"{name}: a literal 10 on lines {tens}"
