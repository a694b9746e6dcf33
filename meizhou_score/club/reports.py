"""The club's ledger (賬簿), its reports: the nights, totals over any range, statistics, export.

Read-only queries of :mod:`.store`'s tables; money is summed as exact Decimals.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from decimal import Decimal
from typing import Any, NamedTuple

from ..errors import LedgerError
from ..i18n.messages import Message, msg
from ..records.kinds import KONG_TYPES, WIN_TYPES, WinType
from ..records.names import identity
from .balances import day_range, totals  # the nights' totals, where every report finds them
from .stored import readable, unreadable_amounts


class Night(NamedTuple):
    id: int
    date: str
    source: str
    players: tuple[str, ...]
    hands: int
    disputed: bool


def nights(
    conn: sqlite3.Connection, since: str | None = None, until: str | None = None
) -> list[Night]:
    out = []
    for night, date, source, disputed in conn.execute(
        "SELECT id, date, source, disputed FROM nights WHERE date >= ? AND date <= ? ORDER BY "
        "date, id",
        (since or "0000-00-00", until or "9999-99-99"),
    ):
        players = tuple(
            name
            for (name,) in conn.execute(
                "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.night_id "
                "= ? ORDER BY s.seat",
                (night,),
            )
        )
        hands = conn.execute("SELECT COUNT(*) FROM hands WHERE night_id = ?", (night,)).fetchone()[
            0
        ]
        out.append(Night(night, date, source, players, hands, bool(disputed)))
    return out


class Stats(NamedTuple):
    player: str
    nights: int
    hands: int
    wins: dict[str, int]  # by win type
    self_draw_rate: Decimal  # self-draw wins per hand played
    robbed: int  # times this player's kong was robbed
    kongs: dict[str, int]  # by type
    biggest_ratio: int
    biggest_patterns: tuple[str, ...]
    net: Decimal
    net_per_hand: Decimal


def stats(
    conn: sqlite3.Connection,
    since: str | None = None,
    until: str | None = None,
    player: str | None = None,
) -> list[Stats]:
    """Per player: nights, hands, wins by type, self-draw rate, times robbed, kongs, biggest hand,
    net."""
    span = day_range(since, until)
    people = {
        pid: name
        for pid, name in conn.execute(
            "SELECT DISTINCT p.id, p.name FROM seats s JOIN players p ON p.id = s.player_id "
            "JOIN nights n ON n.id = s.night_id WHERE n.date >= ? AND n.date <= ?",
            span,
        )
    }
    if player is not None:
        people = {pid: name for pid, name in people.items() if identity(name) == identity(player)}
        if not people:
            raise LedgerError(msg("no player {name!r} in the ledger for that range", name=player))
    net = totals(conn, since, until)
    played, wins, robbed, kongs, top = _per_player(conn, span)
    out = []
    for pid, name in sorted(people.items(), key=lambda item: item[1]):
        nights_played, hands_played = played.get(pid, (0, 0))
        won = wins.get(pid, {})
        best = top.get(pid)
        total = net.get(name, Decimal(0))
        out.append(
            Stats(
                name,
                nights_played,
                hands_played,
                {t: won.get(t, 0) for t in WIN_TYPES},
                _ratio(won.get(WinType.SELF_DRAW, 0), hands_played),
                robbed.get(pid, 0),
                {t: kongs.get(pid, {}).get(t, 0) for t in KONG_TYPES},
                best[0] if best else 0,
                tuple(json.loads(best[1])) if best else (),
                total,
                _per_hand(total, hands_played),
            )
        )
    return out


class _PerPlayer(NamedTuple):
    """Each player's figures over a range, by player id, as the grouped queries give them."""

    played: dict[int, tuple[int, int]]  # (nights, hands)
    wins: dict[int, dict[str, int]]  # by win type
    robbed: dict[int, int]  # times a kong of theirs was robbed
    kongs: dict[int, dict[str, int]]  # by kong type
    top: dict[int, tuple[int, str]]  # the biggest hand: its ratio, its patterns as JSON text


def _per_player(conn: sqlite3.Connection, span: tuple[str, str]) -> _PerPlayer:
    """Every player's figures over the range, each in one grouped query
    (the ledger's indexes serve them)."""
    in_range = "JOIN nights n ON n.id = h.night_id WHERE n.date >= ? AND n.date <= ?"
    played = {
        pid: (nights, hands)
        for pid, nights, hands in conn.execute(
            "SELECT s.player_id, COUNT(DISTINCT s.night_id), COUNT(h.id) FROM seats s JOIN nights "
            "n ON n.id = s.night_id JOIN hands h ON h.night_id = n.id WHERE n.date >= ? AND n.date "
            "<= ? GROUP BY s.player_id",
            span,
        )
    }
    wins: dict[int, dict[str, int]] = {}
    for pid, kind, count in conn.execute(
        f"SELECT h.winner_id, h.win_type, COUNT(*) FROM hands h {in_range} "
        "AND h.valid AND h.winner_id IS NOT NULL GROUP BY h.winner_id, h.win_type",
        span,
    ):
        wins.setdefault(pid, {})[kind] = count
    robbed = dict(
        conn.execute(
            f"SELECT h.robbed_id, COUNT(*) FROM hands h {in_range} AND h.valid "
            "AND h.robbed_id IS NOT NULL GROUP BY h.robbed_id",
            span,
        ).fetchall()
    )
    kongs: dict[int, dict[str, int]] = {}
    for pid, kind, count in conn.execute(
        f"SELECT k.player_id, k.type, COUNT(*) FROM kongs k JOIN hands h ON "
        f"h.id = k.hand_id {in_range} GROUP BY k.player_id, k.type",
        span,
    ):
        kongs.setdefault(pid, {})[kind] = count
    top = {
        pid: (ratio, patterns)
        for pid, ratio, patterns in conn.execute(
            "SELECT winner_id, ratio, patterns FROM (SELECT h.winner_id, h.ratio, h.patterns, "
            "ROW_NUMBER() OVER (PARTITION BY h.winner_id ORDER BY h.ratio DESC, n.date, h.number) "
            "AS place FROM hands h "
            f"{in_range} AND h.valid AND h.winner_id IS NOT NULL) WHERE place = 1",
            span,
        )
    }
    return _PerPlayer(played, wins, robbed, kongs, top)


def _per_hand(total: Decimal, hands: int) -> Decimal:
    """Gold won or lost per hand, to the hundredth (half up): money, not a rate."""
    from decimal import ROUND_HALF_UP

    return (
        (Decimal(total) / hands).quantize(Decimal("0.01"), ROUND_HALF_UP) if hands else Decimal(0)
    )


def _ratio(part: int, whole: int) -> Decimal:
    """``part / whole``: exact when it ends within four decimal places (1/8 is 0.125, never 0.12),
    else rounded half up to four (2/7 is 0.2857); 0 when there is no whole."""
    from decimal import ROUND_HALF_UP

    if not whole:
        return Decimal(0)
    exact = Decimal(part) / whole
    rounded = exact.quantize(Decimal("0.0001"), ROUND_HALF_UP)
    return rounded.normalize() if rounded == exact else rounded


def rows(
    conn: sqlite3.Connection, since: str | None = None, until: str | None = None
) -> Iterator[dict[str, Any]]:
    """Every hand of the range in order, with its transfers: what ``ledger export`` writes."""
    query = (
        "SELECT h.id, n.id, n.date, h.number, d.name, h.draw, w.name, h.win_type, r.name, h.valid, "
        "h.ratio, h.patterns, h.stake FROM hands h JOIN nights n ON n.id = h.night_id "
        "LEFT JOIN players d ON d.id = h.dealer_id LEFT JOIN players w ON w.id = h.winner_id "
        "LEFT JOIN players r ON r.id = h.robbed_id WHERE n.date >= ? AND n.date <= ? ORDER BY "
        "n.date, n.id, h.number"
    )
    for (
        hand,
        night,
        date,
        number,
        dealer,
        draw,
        winner,
        win_type,
        robbed,
        valid,
        ratio,
        patterns,
        stake,
    ) in conn.execute(query, day_range(since, until)).fetchall():
        transfers = [
            {
                "from": payer,
                "to": payee,
                "units": units,
                "amount": readable(conn, amount),
                "reason": reason,
                "rule": rule,
            }
            for payer, payee, units, amount, reason, rule in conn.execute(
                "SELECT a.name, b.name, t.units, t.amount, t.reason, t.rule FROM transfers t "
                "JOIN players a ON a.id = t.payer_id JOIN players b ON b.id = t.payee_id WHERE "
                "t.hand_id = ? ORDER BY t.rowid",
                (hand,),
            )
        ]
        yield {
            "night": night,
            "date": date,
            "hand": number,
            "dealer": dealer,
            "draw": bool(draw),
            "winner": winner,
            "win_type": win_type,
            "robbed": robbed,
            "valid": bool(valid),
            "ratio": ratio,
            "patterns": json.loads(patterns),
            "stake": readable(conn, stake),
            "transfers": transfers,
        }


def check(conn: sqlite3.Connection, path: str) -> list[Message]:
    """What is wrong with the ledger, as messages: SQLite's integrity check,
    then hands that do not sum to 0."""
    from .store import integrity

    problems: list[Message] = []
    found = integrity(path)
    if found != "ok":
        problems.append(msg("SQLite's integrity check says: {check}", check=found))
    for night, number, units in conn.execute(
        "SELECT h.night_id, h.number, SUM(b.units) FROM balances b JOIN hands h ON h.id = "
        "b.hand_id GROUP BY b.hand_id HAVING SUM(b.units) != 0 ORDER BY h.night_id, h.number"
    ):
        problems.append(
            msg(
                "hand {hand} of night {night}: its balances sum to {units} units, not 0",
                hand=number,
                night=night,
                units=units,
            )
        )
    return problems + unreadable_amounts(conn)


# a period of history: a month or an ISO week (its order 0), or a night's day and its order in it
Period = tuple[str, int]


def history(
    conn: sqlite3.Connection,
    players: tuple[str, ...] = (),
    since: str | None = None,
    until: str | None = None,
    by: str = "night",
) -> tuple[list[str], dict[str, list[Decimal | int]]]:
    """Each player's running balance over time — the nights, and the payments by their dates: (the
    periods' labels, each player's balance at the end of each period). ``by``:
    night | week | month."""
    import datetime

    from ..settling.money import add, exact, gold, negated
    from .payments import payments

    changes: dict[Period, dict[str, Decimal]] = {}  # (period, order) -> player -> change

    def period(date: str, night: int | None) -> Period:
        if by == "month":
            return (date[:7], 0)
        if by == "week":
            year, week, _ = datetime.date.fromisoformat(date).isocalendar()
            return (f"{year:04d}-W{week:02d}", 0)  # ISO 8601: four digits, so labels sort
        return (date, night if night is not None else 1 << 62)  # a payment after that day's nights

    query = (
        "SELECT n.id, n.date, p.name, h.stake, SUM(b.units) FROM balances b JOIN hands h ON h.id = "
        "b.hand_id JOIN nights n ON n.id = h.night_id JOIN players p ON p.id = b.player_id "
        "WHERE n.date >= ? AND n.date <= ? GROUP BY n.id, b.player_id, h.stake"
    )
    for night, date, name, stake, units in conn.execute(query, day_range(since, until)):
        bucket = changes.setdefault(period(date, night), {})
        bucket[name] = add(bucket.get(name, Decimal(0)), gold(units, readable(conn, stake)))
    for p in payments(conn, since, until):
        bucket = changes.setdefault(period(p.date, None), {})
        bucket[p.payer] = add(bucket.get(p.payer, Decimal(0)), p.amount)
        bucket[p.payee] = add(bucket.get(p.payee, Decimal(0)), negated(Decimal(p.amount)))
    names = sorted({name for bucket in changes.values() for name in bucket})
    if players:
        wanted = {identity(p) for p in players}
        names = [n for n in names if identity(n) in wanted]
        missing = wanted - {identity(n) for n in names}
        if missing:
            raise LedgerError(
                msg("no player {name!r} in the ledger for that range", name=sorted(missing)[0])
            )
    keys = sorted(changes)
    running = dict.fromkeys(names, Decimal(0))
    series: dict[str, list[Decimal | int]] = {name: [] for name in names}
    for key in keys:
        for name in names:
            running[name] = add(running[name], changes[key].get(name, Decimal(0)))
            series[name].append(exact(running[name]))
    labels = [
        key[0] if by != "night" or key[1] == 1 << 62 else f"{key[0]} #{key[1]}" for key in keys
    ]
    return labels, series
