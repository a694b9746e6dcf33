"""Who a player is (玩家): a name as written, and the identity that says two spellings are one person.

The one rule for every place that names a player — a record's ``players``,
``dealer``, ``winner``, ``robbed``, a kong's ``player`` and ``from``,
``claimed``; an answer typed at ``record``; the club's ledger. A table may
not seat two names with one identity (``Mei`` and ``MEI``, ``Ah Fook`` and
``Ah  Fook``): the ledger would count them as one person, the prompts could
not tell them apart.
"""

from __future__ import annotations

import unicodedata


def player_name(value: str | int) -> str:
    """A name as the table writes it: Unicode NFC (one way to write é), spaces at the ends dropped."""
    return unicodedata.normalize("NFC", str(value)).strip()


def identity(name: str | int) -> str:
    """The person behind a name: NFC, trimmed, inner spacing collapsed to one space, case folded."""
    return " ".join(unicodedata.normalize("NFC", str(name)).split()).casefold()


def same_person(names) -> tuple[str, str] | None:
    """The first two of ``names`` that are one person written two ways, or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = identity(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None
