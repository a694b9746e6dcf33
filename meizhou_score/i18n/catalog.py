"""The catalogs (詞庫): for each language and each kind of words, a table from an id to the words.

Kinds: ``messages`` (errors and refusals, keyed by their English template, as gettext keys by
msgid), ``words`` (tables, explanations, prompts: keyed by a short id), ``help`` (each command's
help, keyed by the command's path and the option's name) and ``click`` (click's own words, keyed by
click's English). English, Traditional and Simplified Chinese are written by hand (简体 in
``zh_hans_*.py``, never converted: OpenCC only checks it, tests/test_i18n_simplified_catalog.py); a
language with a ``source`` and no catalog of a kind of its own (a test's en-XA) is made from its
source's catalog when first asked for.

The imports run one way: the module that owns a kind registers its tables here when it is imported
(:mod:`.messages`, :mod:`.words`, :mod:`.help`; the command line's English help from its commands),
and whoever reads a kind reads it through that module, so the kind is registered before it is read.
This module imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from .language import LANGUAGES, language

KINDS = ("messages", "words", "help", "click", "web")  # web: the server's and the page's words

_LOADERS: dict[tuple[str, str], Callable[[], dict[str, str]]] = {}
_CACHE: dict[tuple[str, str], dict[str, str]] = {}


def register(lang: str, kind: str, table: dict[str, str] | Callable[[], dict[str, str]]) -> None:
    """Give ``lang`` its catalog of ``kind`` (a table, or a function that makes it when first
    needed)."""
    assert kind in KINDS, kind
    _LOADERS[(lang, kind)] = table if callable(table) else (lambda: table)
    _CACHE.pop((lang, kind), None)


def written(module: str, name: str) -> Callable[[], dict[str, str]]:
    """A catalog written by hand: the table ``name`` of ``module``, imported when first needed."""
    return lambda: dict(getattr(import_module(module), name))


def catalog(lang: str, kind: str) -> dict[str, str]:
    """``lang``'s catalog of ``kind`` (empty where the ids are the words, as English messages)."""
    code = language(lang).code
    found = _CACHE.get((code, kind))
    if found is not None:
        return found
    if not any(registered == kind for _, registered in _LOADERS):
        raise LookupError(f"no catalog of {kind} is registered yet: import the module that owns it")
    source = LANGUAGES[code].source
    if (code, kind) in _LOADERS:
        found = _LOADERS[(code, kind)]()
    elif source:
        from .scripts import simplified

        made = LANGUAGES[code].make or simplified
        found = {key: made(text) for key, text in catalog(source, kind).items()}
    else:
        found = {}
    _CACHE[(code, kind)] = found
    return found
