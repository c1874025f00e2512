"""Touti: the Moroccan trick-taking card game — rules engine and bots.

The JSON boundary is :mod:`touti_core.api`; the engine is
:mod:`touti_core.engine`; docs/rules.md is the rule book.
"""

__version__ = "0.1.0"
