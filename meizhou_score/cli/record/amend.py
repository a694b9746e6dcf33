"""``record --amend``: which hand is replaced, and its answers as written, offered as the
defaults."""

from __future__ import annotations

import re
from typing import Any

import click

from ...errors import MeizhouError
from ...i18n.messages import at, msg
from ...i18n.visible import visible

LAST = 0  # --amend with no number: the last hand


class AmendCommand(click.Command):
    """``record``: ``--amend -1`` (or ``--amend=-1``) is refused with the range, as ``--amend 0``
    is, before anything is read; click would take ``-1`` for an option (its value may be left
    out) and say there is no such option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        for n, arg in enumerate(args):
            if arg == "--":
                break
            if arg.startswith("--amend="):
                value: str | None = arg.partition("=")[2]
            elif arg == "--amend" and n + 1 < len(args):
                value = args[n + 1]
            else:
                continue
            if value is not None and re.fullmatch(r"\s*-\d+\s*", value):
                param = next(p for p in self.params if p.name == "amend")
                param.type.convert(value, param, ctx)  # -1 is not in the range x>=1
        return super().parse_args(ctx, args)


def amended_number(found, amend: int | None) -> int | None:
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


def defaults_of(old: dict) -> dict:
    """The answers a hand as written gives, offered as the defaults when it is amended (Enter
    keeps each)."""
    if not isinstance(old, dict):
        return {}
    stake = {"stake": old["stake"]} if "stake" in old else {}  # the hand's own, kept
    if old.get("draw"):
        return {"winner": "d", "kongs": old.get("kongs") or [], **stake}
    found = old.get("hand")
    held: dict[str, Any] = found if isinstance(found, dict) else {}
    pungs = held.get("pungs") or []
    return {
        **stake,
        "winner": old.get("winner"),
        "win_type": old.get("win_type"),
        "robbed": old.get("robbed"),
        "hand": held.get("concealed"),
        "winning_tile": held.get("winning_tile"),
        "pungs": " ".join(pungs) if isinstance(pungs, list) else pungs,
        "kongs": old.get("kongs") or [],
    }
