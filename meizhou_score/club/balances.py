"""Each player's net over the nights of a range (輸贏), exact: what the reports and the payments
both start from, so that neither imports the other."""

from __future__ import annotations

import sqlite3
from decimal import Decimal

from ..errors import LedgerError
from ..i18n.messages import msg
from ..records.names import identity


def day_range(since: str | None, until: str | None) -> tuple[str, str]:
    return since or "0000-00-00", until or "9999-99-99"


def totals(
    conn: sqlite3.Connection,
    since: str | None = None,
    until: str | None = None,
    player: str | None = None,
) -> dict[str, Decimal]:
    """Each player's net over the nights in the range, exact; biggest winner first.

    SQLite adds the integer units per player and stake; only those few sums
    are multiplied by their stake, as Decimals.
    """
    from ..settling.money import add, gold
    from .stored import readable

    out: dict[str, Decimal] = {}
    query = (
        "SELECT p.name, h.stake, SUM(b.units) FROM balances b JOIN hands h ON h.id = b.hand_id "
        "JOIN nights n ON n.id = h.night_id JOIN players p ON p.id = b.player_id "
        "WHERE n.date >= ? AND n.date <= ? GROUP BY b.player_id, h.stake"
    )
    for name, stake, units in conn.execute(query, day_range(since, until)):
        out[name] = add(out.get(name, Decimal(0)), gold(units, readable(conn, stake)))
    if player is not None:
        key = identity(player)
        out = {name: value for name, value in out.items() if identity(name) == key}
        if not out:
            raise LedgerError(msg("no player {name!r} in the ledger for that range", name=player))
    return dict(sorted(out.items(), key=lambda item: (-item[1], item[0])))
