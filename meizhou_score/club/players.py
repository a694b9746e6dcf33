"""The ledger's players (玩家): people, not spellings — renamed, or two spellings merged,
history kept."""

from __future__ import annotations

import sqlite3
from typing import Any

from ..errors import LedgerError
from ..i18n.messages import msg
from ..records.names import identity, valid_name
from .store import transaction


def find(conn: sqlite3.Connection, name: str) -> tuple[int, str]:
    """(the id, the name as the ledger keeps it) of the player ``name`` is a spelling of."""
    query = "SELECT id, name FROM players WHERE key = ?"
    found: tuple[int, str] | None = conn.execute(query, (identity(name),)).fetchone()
    if not found:
        raise LedgerError(msg("no player {name!r} in the ledger", name=name))
    return found


def rename(conn: sqlite3.Connection, old: str, new: str) -> None:
    """Give a player a new name (one a record could seat); their history stays theirs."""
    new = valid_name(new, "NEW")
    with transaction(conn):
        found = conn.execute("SELECT id FROM players WHERE key = ?", (identity(old),)).fetchone()
        if not found:
            raise LedgerError(msg("no player {name!r} in the ledger", name=old))
        taken = conn.execute(
            "SELECT id, name FROM players WHERE key = ?", (identity(new),)
        ).fetchone()
        if taken and taken[0] != found[0]:
            raise LedgerError(
                msg("{name!r} is already another player in the ledger", name=taken[1])
            )
        conn.execute(
            "UPDATE players SET name = ?, key = ? WHERE id = ?", (new, identity(new), found[0])
        )


# every column that names a player, by table
_REFERENCES = (
    ("seats", "player_id"),
    ("hands", "dealer_id"),
    ("hands", "winner_id"),
    ("hands", "robbed_id"),
    ("transfers", "payer_id"),
    ("transfers", "payee_id"),
    ("kongs", "player_id"),
    ("balances", "player_id"),
    ("payments", "payer_id"),
    ("payments", "payee_id"),
)


def merge(conn: sqlite3.Connection, old: str, new: str) -> int:
    """Two spellings of one person become one: every night,
    hand and payment of ``old`` is ``new``'s.

    Refused when the two ever sat at the same night (they were two people then). Returns the nights
    moved.
    """
    valid_name(new, "NEW")
    with transaction(conn):
        (gone, gone_name), (kept, kept_name) = find(conn, old), find(conn, new)
        if gone == kept:
            raise LedgerError(
                msg("{old!r} and {new!r} are already one player in the ledger", old=old, new=new)
            )
        both = conn.execute(
            "SELECT a.night_id FROM seats a JOIN seats b ON a.night_id = b.night_id "
            "WHERE a.player_id = ? AND b.player_id = ? LIMIT 1",
            (gone, kept),
        ).fetchone()
        if both:
            raise LedgerError(
                msg(
                    "{old!r} and {new!r} sat at the same table on night {night}: they are two "
                    "people, not one",
                    old=gone_name,
                    new=kept_name,
                    night=both[0],
                )
            )
        query = "SELECT COUNT(*) FROM seats WHERE player_id = ?"
        moved: int = conn.execute(query, (gone,)).fetchone()[0]
        for table, column in _REFERENCES:
            conn.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (kept, gone))
        conn.execute("DELETE FROM players WHERE id = ?", (gone,))
    return moved


def renamed(data: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The night with each player's name replaced where the format puts a name (docs/rules.md,
    “The files”)."""

    def one(value: Any) -> Any:  # a name where the format puts one, else as it was
        return names.get(value, value) if isinstance(value, str) else value

    def hand(h: dict[str, Any]) -> dict[str, Any]:
        h = dict(h)
        for key in ("dealer", "winner", "robbed"):
            if key in h:
                h[key] = one(h[key])
        if isinstance(h.get("kongs"), list):
            h["kongs"] = [
                {k: one(v) if k in ("player", "from") else v for k, v in kong.items()}
                for kong in h["kongs"]
            ]
        if isinstance(h.get("claimed"), dict):
            h["claimed"] = {one(k): v for k, v in h["claimed"].items()}
        return h

    out = hand(data)
    out["players"] = [one(p) for p in data["players"]]
    if isinstance(data.get("hands"), list):
        out["hands"] = [hand(h) for h in data["hands"]]
    return out
