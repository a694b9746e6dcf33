"""The club's ledger (賬簿), its file: one SQLite database that many programs may share safely.

Opening checks the schema version before anything is written, then migrates
under SQLite's own write lock (``BEGIN IMMEDIATE``), so that several programs
creating or upgrading one ledger at once take turns. A busy ledger is waited
for a bounded time and then said to be busy; a damaged one is named with what
SQLite's integrity check finds. Every change is one transaction: all there,
or not at all. A query of a ledger that does not exist creates nothing.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..errors import LedgerError
from ..i18n.messages import at, msg
from ..records.kept import refuse_unless_regular

# How long a ledger another program is writing to is waited for (docs/formats.md: 10 seconds).
# Read when a ledger is opened, not when this module is, so a test can shorten it
# (monkeypatch.setattr(store, "WAIT_SECONDS", …)) instead of waiting out 10 s of real time.
WAIT_SECONDS = 10.0

MIGRATIONS: tuple[str, ...] = (
    # version 1
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        key TEXT NOT NULL UNIQUE            -- the name normalised: people, not spellings
    );
    CREATE TABLE nights (
        id INTEGER PRIMARY KEY,
        date TEXT NOT NULL,                 -- YYYY-MM-DD
        source TEXT NOT NULL,               -- the file it came from
        -- hash: of its content and base rules, so that adding a night twice is a no-op
        hash TEXT NOT NULL UNIQUE,
        data TEXT NOT NULL,                 -- the night as read (JSON, decimals exact)
        rules TEXT NOT NULL,                -- the base house rules it was settled with (JSON)
        disputed INTEGER NOT NULL,
        added TEXT NOT NULL
    );
    CREATE TABLE seats (
        night_id INTEGER NOT NULL REFERENCES nights(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (night_id, seat)
    );
    CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        night_id INTEGER NOT NULL REFERENCES nights(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        dealer_id INTEGER REFERENCES players(id),
        draw INTEGER NOT NULL,
        winner_id INTEGER REFERENCES players(id),
        win_type TEXT,
        robbed_id INTEGER REFERENCES players(id),
        valid INTEGER NOT NULL,
        ratio INTEGER NOT NULL,
        patterns TEXT NOT NULL,             -- JSON list
        stake TEXT NOT NULL
    );
    CREATE TABLE transfers (
        hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
        payer_id INTEGER NOT NULL REFERENCES players(id),
        payee_id INTEGER NOT NULL REFERENCES players(id),
        units INTEGER NOT NULL,
        amount TEXT NOT NULL,
        reason TEXT NOT NULL,
        rule TEXT NOT NULL
    );
    CREATE TABLE kongs (
        hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
        player_id INTEGER NOT NULL REFERENCES players(id),
        type TEXT NOT NULL,
        tile TEXT NOT NULL
    );
    CREATE TABLE balances (
        hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
        player_id INTEGER NOT NULL REFERENCES players(id),
        -- won (+) or lost (−): gold is units × the hand's stake
        units INTEGER NOT NULL,
        PRIMARY KEY (hand_id, player_id)
    );
    CREATE INDEX nights_by_date ON nights(date);
    CREATE INDEX hands_by_night ON hands(night_id);
    CREATE INDEX transfers_by_hand ON transfers(hand_id);
    CREATE INDEX kongs_by_hand ON kongs(hand_id);
    CREATE INDEX balances_by_player ON balances(player_id);
    """,
    # version 2: a night's identity from its data (see identity.identify_again), a Python step
    "identity.identify_again",
    # version 3: where a night came from, and night numbers that are never used twice
    """
    -- origin: the file's real path when added (NULL: added before version 3)
    ALTER TABLE nights ADD COLUMN origin TEXT;
    CREATE INDEX nights_by_origin ON nights(origin, date);
    CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
    INSERT INTO counters VALUES ('night', (SELECT COALESCE(MAX(id), 0) FROM nights));
    """,
    # version 4: money that changed hands after the nights (a payment is not a hand)
    """
    CREATE TABLE payments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never used twice
        date TEXT NOT NULL,                    -- YYYY-MM-DD: counted in a range by this date
        payer_id INTEGER NOT NULL REFERENCES players(id),
        payee_id INTEGER NOT NULL REFERENCES players(id),
        amount TEXT NOT NULL,                  -- exact decimal text, positive
        note TEXT NOT NULL DEFAULT '',
        added TEXT NOT NULL
    );
    CREATE INDEX payments_by_date ON payments(date);
    """,
    # version 5: the indexes `ledger stats` reads each player's figures by, in one pass
    """
    CREATE INDEX hands_by_winner ON hands(winner_id);
    CREATE INDEX hands_by_robbed ON hands(robbed_id);
    CREATE INDEX kongs_by_player ON kongs(player_id);
    CREATE INDEX seats_by_player ON seats(player_id);
    """,
    # version 6: a night's base rules as set, a rule that follows another kept following
    # (see base_rules.keep_following), a Python step
    "base_rules.keep_following",
)


_SQLITE_IOERR, _SQLITE_FULL = 10, 13  # SQLite's primary result codes


def default_path() -> str:
    """``MEIZHOU_LEDGER``, else the XDG data folder: ``$XDG_DATA_HOME`` (only an absolute one, as
    the XDG specification asks) or ``~/.local/share``, then ``meizhou-score/ledger.sqlite3``."""
    if os.environ.get("MEIZHOU_LEDGER"):
        return os.environ["MEIZHOU_LEDGER"]
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "meizhou-score", "ledger.sqlite3")


def files_of(path: str) -> tuple[str, ...]:
    """The ledger's files: the database, and SQLite's log and shared memory beside it (what no
    output of a command may overwrite). Named through a link, SQLite keeps its log beside the
    file the link leads to: both places are the ledger's."""
    real = os.path.realpath(path)
    names = (path, real) if real != os.path.abspath(path) else (path,)
    return tuple(name + end for name in names for end in ("", "-wal", "-shm", "-journal"))


def open_ledger(path: str, create: bool = False, wait: float | None = None) -> sqlite3.Connection:
    """Open the ledger at ``path`` (with ``create``, make it when missing) and bring it to this
    schema version, waiting ``wait`` seconds for a busy one (``WAIT_SECONDS`` by default).

    The default ledger's folder is made when missing; a folder named by the user must exist. A
    device or a pipe is refused before SQLite opens it (it would leave ``<path>-journal`` there).
    """
    refuse_unless_regular(path, LedgerError)
    if not os.path.exists(path):
        if not create:
            raise LedgerError(at(path, msg("no ledger here yet (ledger add creates one)")))
        folder = os.path.dirname(os.path.abspath(path))
        if path == default_path():
            os.makedirs(folder, exist_ok=True)
        elif not os.path.isdir(folder):
            raise LedgerError(at(path, msg("no such folder: {folder}", folder=folder)))
    if wait is None:
        wait = WAIT_SECONDS
    with guarded(path):
        conn = sqlite3.connect(
            path, timeout=wait, isolation_level=None
        )  # transactions are begun explicitly
        version = conn.execute("PRAGMA user_version").fetchone()[
            0
        ]  # read only: nothing is written before
        if version > len(MIGRATIONS):
            conn.close()
            raise LedgerError(
                at(
                    path,
                    msg(
                        "the ledger is at schema version {version}, newer than this program "
                        "knows ({known}); upgrade meizhou-score",
                        version=version,
                        known=len(MIGRATIONS),
                    ),
                )
            )
        conn.execute("PRAGMA foreign_keys=ON")
        if version < len(MIGRATIONS):
            _write_ahead(conn, wait)
            _migrate(conn)
    return conn


def _write_ahead(conn: sqlite3.Connection, wait: float) -> None:
    """Put the ledger in WAL mode (the first program to get here does it),
    waiting for another program doing the same.

    Switching reads the file first and then needs the write lock; when another program holds that
    lock, SQLite says busy at once rather than wait (waiting could deadlock), so the switch is tried
    again until ``wait`` seconds have passed.
    """
    deadline = time.monotonic() + wait
    while True:
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite refused because another program holds the ledger's lock."""
    return "locked" in str(exc) or "busy" in str(exc)


def _migrate(conn: sqlite3.Connection) -> None:
    """Every migration this ledger lacks, under the write lock:
    a program that got there first has done them."""
    from . import base_rules, identity

    steps = {"identity": identity, "base_rules": base_rules}
    with transaction(conn):
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            if "\n" not in script:
                module, step = script.split(".")
                getattr(steps[module], step)(conn)  # a step in Python
            else:
                for statement in _statements(script):
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")


def _statements(script: str) -> list[str]:
    """A migration's SQL, statement by statement (executescript would commit halfway)."""
    out, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            out.append(pending.strip())
            pending = ""
    return out


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error: a change is all there or not at all."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextmanager
def guarded(where: str | Callable[[], str]) -> Iterator[None]:
    """SQLite's own failures said as the ledger's: busy (another writer), damaged, or unreadable.

    ``where`` is the ledger's path, or a function that gives it once it is known.
    """
    try:
        yield
    except sqlite3.OperationalError as exc:
        path = where() if callable(where) else where
        if _is_busy(exc):
            raise LedgerError(
                at(
                    path,
                    msg(
                        "the ledger is busy: another program has been writing to it for "
                        "{seconds:g} s; nothing was changed, try again",
                        seconds=WAIT_SECONDS,
                    ),
                )
            ) from None
        # a full disk or one that refused the write (SQLITE_FULL, SQLITE_IOERR): the server's 507
        disk = getattr(exc, "sqlite_errorcode", 0) & 0xFF in (_SQLITE_FULL, _SQLITE_IOERR)
        why = msg("cannot use the ledger: {why}", why=str(exc))
        raise LedgerError(at(path, why), disk=disk) from None
    except sqlite3.DatabaseError as exc:
        path = where() if callable(where) else where
        raise LedgerError(
            at(
                path,
                msg(
                    "the ledger is damaged ({why}); SQLite's integrity check says: {check}",
                    why=str(exc),
                    check=integrity(path),
                ),
            )
        ) from None


def integrity(path: str) -> str:
    """What ``PRAGMA integrity_check`` says of the file (or why it cannot say)."""
    try:
        conn = sqlite3.connect(path, timeout=WAIT_SECONDS)
        try:
            return "; ".join(
                row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()[:5]
            )
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return str(exc)
