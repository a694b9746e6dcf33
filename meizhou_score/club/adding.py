"""A night's file into the ledger (記入帳本): the one way ``ledger add`` and the page's "add to
the ledger" take, with one rule for the night's date.

A night is dated by the ``date:`` its file writes; a file that writes none, by the day the caller
names (``ledger add --date``), else by the day the file last changed when the night is first added
(standard input: the day it is added). Growing the night keeps that date: adding the file again
on a later day, after more hands were recorded past midnight, grows the same night.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
from typing import Any

from ..records.rules import DEFAULT_RULES, Rules
from .nights import Added, add_night


def add_file(
    conn: sqlite3.Connection,
    data: Any,
    path: str,
    date: str | None = None,
    rules: Rules = DEFAULT_RULES,
    accept_disputes: bool = False,
    replace: int | None = None,
) -> Added:
    """The night ``data``, read from ``path`` (``-``: standard input), into the ledger: new, the
    same, grown or replaced (see ``nights.add_night``). ``date``: the day the caller names for a
    night whose file writes none."""
    return add_night(
        conn, data, path, date, rules, accept_disputes, replace, first_day=changed_day(path)
    )


def changed_day(path: str) -> str | None:
    """The day the file at ``path`` last changed, in local time (None for standard input, or a
    file that is not there any more)."""
    if path == "-":
        return None
    try:
        return datetime.date.fromtimestamp(os.stat(path).st_mtime).isoformat()
    except OSError:
        return None
