"""The club's ledger (賬簿), its store: every night in SQLite, added whole, renamed, removed.

A night is a session file (or a single hand record) as it was added: its
data, the house rules given with it, and — worked out once by the one
pipeline — every hand, transfer, kong and balance, so that totals and
statistics are queries. Players are people: a name is matched after the
loader's normalisation (Unicode NFC, case and spacing folded), and a rename
keeps the history. Adding the same night twice changes nothing; every change
is one transaction, so a crash leaves the ledger as it was or with the whole
night. Money is stored as exact decimal text and summed as Decimals.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import sqlite3
from decimal import Decimal
from typing import Any, Iterator, NamedTuple

from ..i18n.messages import at, msg
from ..errors import MeizhouError
from ..records.names import identity
from ..records.rules import DEFAULT_RULES, Rules

MIGRATIONS: tuple = (
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
        hash TEXT NOT NULL UNIQUE,          -- of its content and base rules: adding twice is a no-op
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
        units INTEGER NOT NULL,             -- won (+) or lost (−): gold is units × the hand's stake
        PRIMARY KEY (hand_id, player_id)
    );
    CREATE INDEX nights_by_date ON nights(date);
    CREATE INDEX hands_by_night ON hands(night_id);
    CREATE INDEX transfers_by_hand ON transfers(hand_id);
    CREATE INDEX kongs_by_hand ON kongs(hand_id);
    CREATE INDEX balances_by_player ON balances(player_id);
    """,
    # version 2: a night's identity from its data (see _identify_again), a Python step
    "_identify_again",
)


class LedgerError(MeizhouError):
    """A ledger that cannot be opened or changed, or a night or player it does not hold."""


def default_path() -> str:
    """``MEIZHOU_LEDGER``, else the XDG data folder: ``~/.local/share/meizhou-score/ledger.sqlite3``."""
    if os.environ.get("MEIZHOU_LEDGER"):
        return os.environ["MEIZHOU_LEDGER"]
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "meizhou-score", "ledger.sqlite3")


def open_ledger(path: str) -> sqlite3.Connection:
    """Open (creating when missing) and migrate the ledger; WAL journal, foreign keys on."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        conn = sqlite3.connect(path, isolation_level=None)  # transactions are begun explicitly
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA foreign_keys=ON")
        _migrate(conn)
    except (OSError, sqlite3.Error) as exc:
        raise LedgerError(at(path, msg("cannot open the ledger: {why}",
                                                                             why=str(exc)))) from None
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > len(MIGRATIONS):
        raise LedgerError(msg("the ledger is at schema version {version}, newer than this program knows ({known}); "
                              "upgrade meizhou-score", version=version, known=len(MIGRATIONS)))
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        with _transaction(conn):
            if script.startswith("_"):
                globals()[script](conn)
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


class _transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error: a change is all there or not at all."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind, value, trace):
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")
        return False


# ---------------------------------------------------------------- adding nights

class Added(NamedTuple):
    night: int
    new: bool  # False: the same night was already in the ledger
    hands: int
    date: str


def night_identity(data: Any, rules: Rules) -> str:
    """The night's identity: its data as written and the base rules, hashed in a canonical form.

    Worked out from the data itself: numbers keep the digits they were written with (2.50 and 2.5 stay
    apart), dates are ISO days, keys are sorted; no printer's output is involved.
    """
    canonical = json.dumps(_canonical(data), sort_keys=True, ensure_ascii=False)
    ruled = json.dumps(rules.as_dict(), sort_keys=True)
    return hashlib.sha256(f"{canonical}\n{ruled}".encode("utf-8")).hexdigest()


def _canonical(value: Any) -> Any:
    """Plain data with every number as the text it was written as, and every key as text."""
    if isinstance(value, dict):
        return {str(key): _canonical(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_canonical(item) for item in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return str(value)


def _identify_again(conn: sqlite3.Connection) -> None:
    """Migration 2: each stored night's identity worked out from its data (it was a hash of the JSON printer's
    output, which gave the same value for the same data; recomputing keeps every ledger in step)."""
    from msgspec.json import Decoder

    decode = Decoder(float_hook=Decimal).decode
    for night, data, rules in conn.execute("SELECT id, data, rules FROM nights").fetchall():
        identity_now = night_identity(decode(data), DEFAULT_RULES.override(json.loads(rules), ""))
        conn.execute("UPDATE nights SET hash = ? WHERE id = ?", (identity_now, night))


def add_night(conn: sqlite3.Connection, data: Any, source: str, date: str | None, rules: Rules = DEFAULT_RULES,
        accept_disputes: bool = False) -> Added:
    """Settle a night (session or one hand) and store it whole, in one transaction.

    ``date``: the file's ``date:``, else the caller's choice (the file's day).
    Raises RecordError for a bad night, LedgerError for a disputed one unless
    ``accept_disputes``.
    """
    from ..render.jsonout import encode
    from ..settling.night import settle_data

    result = settle_data(data, rules)
    hands = result.hands
    if result.disputed and not accept_disputes:
        which = [str(n) for n, s in enumerate(hands, start=1) if s.disputed]
        raise LedgerError(at(source, msg(
            "hand {hands} is disputed (not a win, claims or dealer differ); settle it first, or add it anyway with "
            "--accept-disputes", hands=tuple(which))))
    from ..records.validators import date as calendar_day

    written = data.get("date") if isinstance(data, dict) else None
    # the night's day only: a date written with a time (2026-11-19 20:00:00) is that day's night
    night_date = calendar_day(written, "date") if written else date or datetime.date.today().isoformat()
    digest = night_identity(data, rules)
    found = conn.execute("SELECT id, date FROM nights WHERE hash = ?", (digest,)).fetchone()
    if found:
        return Added(found[0], False, len(hands), found[1])
    players = hands[0].record.players
    with _transaction(conn):
        ids = {name: _player_id(conn, name) for name in players}
        night = conn.execute(
            "INSERT INTO nights (date, source, hash, data, rules, disputed, added) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (night_date, source, digest, encode(data).decode("utf-8"), json.dumps(rules.as_dict()),
             int(result.disputed), datetime.datetime.now().isoformat(timespec="seconds"))).lastrowid
        conn.executemany("INSERT INTO seats VALUES (?, ?, ?)", [(night, n, ids[p]) for n, p in enumerate(players)])
        for number, settled in enumerate(hands, start=1):
            _add_hand(conn, night, number, settled, ids)
    return Added(night, True, len(hands), night_date)


def _player_id(conn: sqlite3.Connection, name: str) -> int:
    key = identity(name)
    found = conn.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
    if found:
        return found[0]
    return conn.execute("INSERT INTO players (name, key) VALUES (?, ?)", (name, key)).lastrowid


def _add_hand(conn: sqlite3.Connection, night: int, number: int, s, ids: dict[str, int]) -> None:
    r = s.record
    scored = s.valid and s.score is not None
    hand = conn.execute(
        "INSERT INTO hands (night_id, number, dealer_id, draw, winner_id, win_type, robbed_id, valid, ratio, "
        "patterns, stake) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (night, number, ids[r.dealer], int(r.draw), ids.get(r.winner), r.win_type, ids.get(r.robbed), int(s.valid),
         s.score.ratio if scored else 0, json.dumps(list(s.score.patterns) if scored else []),
         str(r.stake))).lastrowid
    from ..settling.money import gold_at
    from ..engine.tiles import TILES

    to_gold = gold_at(r.stake)

    conn.executemany("INSERT INTO transfers VALUES (?, ?, ?, ?, ?, ?, ?)",
                     [(hand, ids[t.payer], ids[t.payee], t.units, str(to_gold(t.units)), t.reason, t.rule)
                      for t in s.transfers])
    conn.executemany("INSERT INTO kongs VALUES (?, ?, ?, ?)",
                     [(hand, ids[k.player], k.type, str(TILES[k.tile])) for k in r.kongs])
    conn.executemany("INSERT INTO balances VALUES (?, ?, ?)",
                     [(hand, ids[name], units) for name, units in s.balances.items()])


# ---------------------------------------------------------------- a night read back, changed or removed

def night_data(conn: sqlite3.Connection, night: int) -> tuple[Any, Rules]:
    """A night's data under its players' names of today (renames applied), and its base rules."""
    found = conn.execute("SELECT data, rules FROM nights WHERE id = ?", (night,)).fetchone()
    if not found:
        raise LedgerError(msg("no night {night} in the ledger (see: meizhou-score ledger nights)", night=night))
    from msgspec.json import Decoder

    data = Decoder(float_hook=Decimal).decode(found[0])
    rules = DEFAULT_RULES.override(json.loads(found[1]), "")
    names = {}
    for seat, name in conn.execute("SELECT s.seat, p.name FROM seats s JOIN players p ON p.id = s.player_id "
                                   "WHERE s.night_id = ?", (night,)):
        names[str(data["players"][seat])] = name
    return _renamed(data, names), rules


def _renamed(data: dict, names: dict[str, str]) -> dict:
    """The night with each player's name replaced where the format puts a name (docs/rules.md, “The files”)."""
    def one(value):
        return names.get(value, value) if isinstance(value, str) else value

    def hand(h: dict) -> dict:
        h = dict(h)
        for key in ("dealer", "winner", "robbed"):
            if key in h:
                h[key] = one(h[key])
        if isinstance(h.get("kongs"), list):
            h["kongs"] = [{k: one(v) if k in ("player", "from") else v for k, v in kong.items()}
                          for kong in h["kongs"]]
        if isinstance(h.get("claimed"), dict):
            h["claimed"] = {one(k): v for k, v in h["claimed"].items()}
        return h

    out = hand(data)
    out["players"] = [one(p) for p in data["players"]]
    if isinstance(data.get("hands"), list):
        out["hands"] = [hand(h) for h in data["hands"]]
    return out


def remove(conn: sqlite3.Connection, night: int) -> None:
    with _transaction(conn):
        if not conn.execute("DELETE FROM nights WHERE id = ?", (night,)).rowcount:
            raise LedgerError(msg("no night {night} in the ledger (see: meizhou-score ledger nights)", night=night))


def rename(conn: sqlite3.Connection, old: str, new: str) -> None:
    """Give a player a new name; their history stays theirs."""
    with _transaction(conn):
        found = conn.execute("SELECT id FROM players WHERE key = ?", (identity(old),)).fetchone()
        if not found:
            raise LedgerError(msg("no player {name!r} in the ledger", name=old))
        taken = conn.execute("SELECT id, name FROM players WHERE key = ?", (identity(new),)).fetchone()
        if taken and taken[0] != found[0]:
            raise LedgerError(msg("{name!r} is already another player in the ledger", name=taken[1]))
        conn.execute("UPDATE players SET name = ?, key = ? WHERE id = ?", (new.strip(), identity(new), found[0]))
