"""``record --amend``: which hand is replaced, and its answers as written, offered as the
defaults."""

from __future__ import annotations

from typing import Any

from ..errors import MeizhouError
from ..i18n.messages import at, msg
from ..i18n.visible import visible

LAST = 0  # --amend with no number: the last hand


def _amended_number(found, amend: int | None) -> int | None:
    """The hand ``--amend`` replaces (from 1) in the night's file as read (the service's
    :class:`~meizhou_score.records.sessionfile.SessionFile`), or None when a hand is added."""
    if amend is None:
        return None
    path, count = found.path, len(found.data["hands"])
    number = count if amend == LAST else amend
    if not 1 <= number <= count:
        raise MeizhouError(
            at(
                "--amend",
                msg(
                    "{path} has hands 1 to {count}; there is no hand {n}",
                    path=visible(path),
                    count=count,
                    n=number,
                ),
            )
        )
    return number


def _defaults_of(old: dict) -> dict:
    """The answers a hand as written gives, offered as the defaults when it is amended (Enter
    keeps each)."""
    if not isinstance(old, dict):
        return {}
    if old.get("draw"):
        return {"winner": "d", "kongs": old.get("kongs") or []}
    found = old.get("hand")
    held: dict[str, Any] = found if isinstance(found, dict) else {}
    pungs = held.get("pungs") or []
    return {
        "winner": old.get("winner"),
        "win_type": old.get("win_type"),
        "robbed": old.get("robbed"),
        "hand": held.get("concealed"),
        "winning_tile": held.get("winning_tile"),
        "pungs": " ".join(pungs) if isinstance(pungs, list) else pungs,
        "kongs": old.get("kongs") or [],
    }
