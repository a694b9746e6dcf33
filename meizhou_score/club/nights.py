"""The nights of the ledger (一晚): added whole, grown as the night goes on, replaced, read back,
removed.

A night is known by where it came from and what it is: its file, its date and
its players. Adding the file again after more hands were recorded grows that
night (its stored hands must be the file's first hands); a night whose earlier
hands changed is refused unless it is replaced on purpose. The same data added
twice changes nothing; two nights that merely look alike (another file,
another date) stay two. Night numbers are never used twice.
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import LedgerError
from ..i18n.messages import at, msg
from ..records.model import HAND_KEYS, HEAD_KEYS
from ..records.names import identity
from ..records.rules import DEFAULT_RULES, Rules
from . import base_rules
from .identity import canonical as _canonical
from .identity import night_identity
from .not_held import not_as_held
from .players import renamed
from .store import transaction

if TYPE_CHECKING:
    from ..settling.night import Night
    from ..settling.settlement import Settlement

# a night as stored (JSON text) read back: plain data, as its file held it
Decode = Callable[[str], Any]


class Added(NamedTuple):
    night: int
    outcome: (
        str  # "new" | "same" (already there, nothing changed) | "grown" (more hands) | "replaced"
    )
    hands: int
    date: str
    was: int = 0  # hands the night had before it grew or was replaced


def _decoder() -> Decode:
    from msgspec.json import Decoder

    return Decoder(float_hook=Decimal).decode


def _hands(data: Any) -> list[Any]:
    """A night's hands as written: a session's list, or a single hand record as one hand."""
    if isinstance(data, dict) and isinstance(data.get("hands"), list):
        hands: list[Any] = data["hands"]
        return hands
    return [{k: v for k, v in data.items() if k not in HEAD_KEYS or k in HAND_KEYS}]


def _head(data: Any) -> dict[str, Any]:
    """What the whole night shares: its players, stake, rules and date."""
    return {k: v for k, v in data.items() if k in HEAD_KEYS}


def add_night(
    conn: sqlite3.Connection,
    data: Any,
    source: str,
    date: str | None = None,
    rules: Rules = DEFAULT_RULES,
    accept_disputes: bool = False,
    replace: int | None = None,
    first_day: str | None = None,
) -> Added:
    """Settle a night (session or one hand) and store it whole, in one transaction.

    The night's date is its ``date:``, else ``date`` (the day the caller names: ``--date``), else
    the date the ledger gave it (it grows or is replaced), else ``first_day`` (the day its file
    last changed) or today: a night is dated once, when first added, and keeps that date. Which
    night it is never depends on that date (see ``_same_night``). ``replace``: the number of a
    night this one replaces whatever it held. Raises RecordError for a bad night, LedgerError for
    a disputed one (unless ``accept_disputes``) or for a night whose earlier hands changed.
    """
    from ..records.validators import date as calendar_day
    from ..settling.night import settle_data

    result = settle_data(data, rules)
    if result.disputed and not accept_disputes:
        which = [str(n) for n, s in enumerate(result.hands, start=1) if s.disputed]
        raise LedgerError(
            at(
                source,
                msg(
                    "hand {hands} is disputed (not a win, claims or dealer differ); settle it "
                    "first, or add it anyway with --accept-disputes",
                    hands=tuple(which),
                ),
            )
        )
    written = data.get("date") if isinstance(data, dict) else None
    # the night's day only: a date written with a time (2026-11-19 20:00:00) is that day's night
    written_day = calendar_day(written, "date") if written else None
    told = written_day or date
    digest = night_identity(data, rules)
    origin = os.path.realpath(source) if source != "-" else None
    count = len(result.hands)
    with transaction(
        conn
    ):  # the identity is checked under the write lock: two adds at once make one night
        same = conn.execute("SELECT id, date FROM nights WHERE hash = ?", (digest,)).fetchone()
        if same and replace is None:
            return Added(same[0], "same", count, same[1])
        if replace is not None:
            was = _stored(conn, replace)
            if was is None:
                raise LedgerError(
                    msg(
                        "no night {night} in the ledger (see: meizhou-score ledger nights)",
                        night=replace,
                    )
                )
            night_date = told or _date_of(conn, replace)
            _store(conn, replace, data, source, origin, night_date, digest, rules, result)
            return Added(replace, "replaced", count, night_date, len(_hands(was)))
        earlier = _same_night(conn, origin, written_day, result.players, data)
        if earlier is not None:
            night, stored = earlier
            before, now = _hands(stored), _hands(data)
            if _grows(stored, data):
                night_date = told or _date_of(conn, night)
                _store(conn, night, data, source, origin, night_date, digest, rules, result)
                return Added(night, "grown", count, night_date, len(before))
            differ = [
                n
                for n in range(1, max(len(before), len(now)) + 1)
                if n > len(before)
                or n > len(now)
                or _canonical(before[n - 1]) != _canonical(now[n - 1])
            ]
            head_differs = _canonical(_head(stored)) != _canonical(_head(data))
            why = not_as_held(night, differ, head_differs)
            if not written_day:  # known by its file and players alone: another night needs a date
                why = msg(
                    "{why}; a night whose file writes no date: is known by its file and players: "
                    "to add the file as another night, write that night's date: in it",
                    why=why,
                )
            raise LedgerError(at(source, why))
        conn.execute("UPDATE counters SET value = value + 1 WHERE name = 'night'")
        night = conn.execute("SELECT value FROM counters WHERE name = 'night'").fetchone()[0]
        night_date = told or first_day or datetime.date.today().isoformat()
        _store(conn, night, data, source, origin, night_date, digest, rules, result, new=True)
    return Added(night, "new", count, night_date)


def _stored(conn: sqlite3.Connection, night: int) -> Any:
    found = conn.execute("SELECT data FROM nights WHERE id = ?", (night,)).fetchone()
    return _decoder()(found[0]) if found else None


def _same_night(
    conn: sqlite3.Connection,
    origin: str | None,
    day: str | None,
    players: Sequence[str],
    data: Any,
) -> tuple[int, Any] | None:
    """The night already added from the same file by the same four people, on the day the file
    names (``day``); a file that names none is the same night on whatever day it was added or last
    changed. Of several such nights, the latest that ``data`` grows, else the latest. From
    standard input (no ``origin``), the latest night also read from it by the same four people, on
    the same ``day`` (or, with none, one that wrote no date either), that ``data`` grows."""
    people = [identity(p) for p in players]
    if origin is None:
        return _same_piped(conn, day, people, data)
    query = "SELECT id, data FROM nights WHERE origin = ?" + (" AND date = ?" if day else "")
    found: list[tuple[int, Any]] = []
    for night, text in conn.execute(
        query + " ORDER BY id DESC", (origin, day) if day else (origin,)
    ).fetchall():
        stored = _decoder()(text)
        if [identity(p) for p in stored["players"]] == people:
            found.append((night, stored))
    return next((f for f in found if _grows(f[1], data)), found[0] if found else None)


def _same_piped(
    conn: sqlite3.Connection, day: str | None, people: list[str], data: Any
) -> tuple[int, Any] | None:
    """The night read from standard input that ``data`` grows: the same players, the same day
    written (or none written by either), the hands it holds the first of ``data``'s."""
    query = "SELECT id, data FROM nights WHERE origin IS NULL AND source = '-'"
    query += " AND date = ?" if day else ""
    for night, text in conn.execute(query + " ORDER BY id DESC", (day,) if day else ()):
        stored = _decoder()(text)
        undated = not day and not (isinstance(stored, dict) and stored.get("date"))
        if (
            [identity(p) for p in stored["players"]] == people
            and (day or undated)
            and _grows(stored, data)
        ):
            return night, stored
    return None


def _grows(stored: Any, data: Any) -> bool:
    """Whether ``data`` is the night ``stored`` as it stood, or with more hands after its own."""
    before, now = _hands(stored), _hands(data)
    return (
        _canonical(_head(stored)) == _canonical(_head(data))
        and len(now) >= len(before)
        and _canonical(now[: len(before)]) == _canonical(before)
    )


def _date_of(conn: sqlite3.Connection, night: int) -> str:
    """The date the ledger gave night ``night``."""
    day: str = conn.execute("SELECT date FROM nights WHERE id = ?", (night,)).fetchone()[0]
    return day


def _store(
    conn: sqlite3.Connection,
    night: int,
    data: Any,
    source: str,
    origin: str | None,
    date: str,
    digest: str,
    rules: Rules,
    result: Night,
    new: bool = False,
) -> None:
    """Write night ``night`` whole: its row, seats and hands (an existing night's are replaced)."""
    from ..render.jsonout import encode

    row = (
        date,
        source,
        origin,
        digest,
        encode(data).decode("utf-8"),
        base_rules.stored(rules),  # as set: a rule that follows another stays following
        int(result.disputed),
        datetime.datetime.now().isoformat(timespec="seconds"),
        night,
    )
    if new:
        conn.execute(
            "INSERT INTO nights (date, source, origin, hash, data, rules, disputed, added, id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            row,
        )
    else:
        conn.execute("DELETE FROM hands WHERE night_id = ?", (night,))
        conn.execute("DELETE FROM seats WHERE night_id = ?", (night,))
        conn.execute(
            "UPDATE nights SET date = ?, source = ?, origin = ?, hash = ?, data = ?, rules = ?, "
            "disputed = ?, added = ? WHERE id = ?",
            row,
        )
    ids = {name: _player_id(conn, name) for name in result.players}
    conn.executemany(
        "INSERT INTO seats VALUES (?, ?, ?)",
        [(night, n, ids[p]) for n, p in enumerate(result.players)],
    )
    for number, settled in enumerate(result.hands, start=1):
        _add_hand(conn, night, number, settled, ids)


def _player_id(conn: sqlite3.Connection, name: str) -> int:
    key = identity(name)
    found = conn.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
    if found:
        known: int = found[0]
        return known
    row = conn.execute("INSERT INTO players (name, key) VALUES (?, ?)", (name, key)).lastrowid
    assert row is not None, "an INSERT names the row it made"
    return row


def _add_hand(
    conn: sqlite3.Connection, night: int, number: int, s: Settlement, ids: dict[str, int]
) -> None:
    r = s.record
    scored = s.score if s.valid else None  # a valid hand's score (a draw has none)
    hand = conn.execute(
        "INSERT INTO hands (night_id, number, dealer_id, draw, winner_id, win_type, robbed_id, "
        "valid, ratio, patterns, stake) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            night,
            number,
            ids[r.dealer],
            int(r.draw),
            ids.get(r.winner) if r.winner is not None else None,
            r.win_type,
            ids.get(r.robbed) if r.robbed is not None else None,
            int(s.valid),
            scored.ratio if scored is not None else 0,
            json.dumps(list(scored.patterns) if scored is not None else []),
            str(r.stake),
        ),
    ).lastrowid
    from ..engine.tiles import TILES
    from ..settling.money import gold_at

    to_gold = gold_at(r.stake)

    conn.executemany(
        "INSERT INTO transfers VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (hand, ids[t.payer], ids[t.payee], t.units, str(to_gold(t.units)), t.reason, t.rule)
            for t in s.transfers
        ],
    )
    conn.executemany(
        "INSERT INTO kongs VALUES (?, ?, ?, ?)",
        [(hand, ids[k.player], k.type, str(TILES[k.tile])) for k in r.kongs],
    )
    conn.executemany(
        "INSERT INTO balances VALUES (?, ?, ?)",
        [(hand, ids[name], units) for name, units in s.balances.items()],
    )


# ---------------------------------------------------------------- a night read back, or removed


def night_data(conn: sqlite3.Connection, night: int) -> tuple[Any, Rules]:
    """A night's data under its players' names of today (renames applied), and its base rules."""
    found = conn.execute("SELECT data, rules FROM nights WHERE id = ?", (night,)).fetchone()
    if not found:
        raise LedgerError(
            msg("no night {night} in the ledger (see: meizhou-score ledger nights)", night=night)
        )
    data = _decoder()(found[0])
    rules = base_rules.read_back(found[1])
    names = {}
    for seat, name in conn.execute(
        "SELECT s.seat, p.name FROM seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.night_id = ?",
        (night,),
    ):
        names[str(data["players"][seat])] = name
    return renamed(data, names), rules


def settled_again(conn: sqlite3.Connection, night: int) -> Night:
    """Night ``night`` settled again from what the ledger stored (renames applied), as it was
    settled when it was added: the money of every hand checked against the balances the ledger
    holds (what the totals count), and a night that would be shown otherwise refused."""
    from ..settling.night import settle_data

    data, rules = night_data(conn, night)
    result = settle_data(data, rules)
    held, now = base_rules.held_balances(conn, night), base_rules.balances(result)
    if held != now:
        hand = next(
            (n for n, (a, b) in enumerate(zip(held, now, strict=False), start=1) if a != b),
            min(len(held), len(now)) + 1,
        )
        raise LedgerError(
            msg(
                "night {night}, hand {hand}: settled again, it does not pay what the ledger holds "
                "(a program that settled otherwise added it); nothing is shown (to settle it anew "
                "from its file: ledger add FILE --replace {night})",
                night=night,
                hand=hand,
            )
        )
    return result


def remove(conn: sqlite3.Connection, night: int) -> None:
    with transaction(conn):
        if not conn.execute("DELETE FROM nights WHERE id = ?", (night,)).rowcount:
            raise LedgerError(
                msg(
                    "no night {night} in the ledger (see: meizhou-score ledger nights)", night=night
                )
            )
