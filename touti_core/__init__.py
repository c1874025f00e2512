"""Touti: the Moroccan trick-taking card game — rules engine and bots.

The JSON boundary is :mod:`touti_core.api`; the engine is
:mod:`touti_core.engine`; RULES.md of the project is the rule book.
"""

__version__ = "0.1.0"
