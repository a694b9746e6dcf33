"""The base house rules a night was settled with (底規), as the ledger keeps them: stored as set,
read back as set, and migration 6, which makes the rows stored before say what they meant.

A rule that follows another (``robbed_kong_share`` unset: 3 × ``self_draw_share``, R7) is stored
as following (``null``), never as the figure it came to: a night that sets its own
``self_draw_share`` is then settled again as it was settled when it was added. Before version 6
the ledger stored the figure (6 under the default rules), so some stored figures could mean
either; migration 6 decides each such row by the money the ledger holds for it
(see ``keep_following``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..records import rules as house
from ..records.rules import DEFAULT_RULES, ROBBED_PAYS_FOR, Rules
from .identity import VERSION_ONE, night_identity

if TYPE_CHECKING:
    from ..settling.night import Night

FOLLOWS = "robbed_kong_share"  # the one rule that may follow another


def stored(rules: Rules) -> str:
    """The base rules as the ledger stores them: every rule as set, a following rule ``null``."""
    out: dict[str, Any] = {}
    for row in house.ROWS:
        value = rules.value(row.key)
        out[row.key] = dict(value) if isinstance(value, Mapping) else value
    return json.dumps(out)


def read_back(text: str) -> Rules:
    """The base rules a night's row holds (``null``: the rule follows, as it did when added)."""
    return DEFAULT_RULES.override({k: v for k, v in json.loads(text).items() if v is not None}, "")


def keep_following(conn: sqlite3.Connection) -> None:
    """Migration 6: each stored night's base rules as set.

    Until version 6 a following ``robbed_kong_share`` was stored as the figure it came to, 3 × the
    stored ``self_draw_share``, and version 1 stored its default 6 for a night that did not set it
    (what migration 2 reads as unset). So a stored figure that is neither was set, and stays; one
    that is either is ambiguous and read as following, unless the two readings pay a hand of the
    night differently and only the figure as set gives every hand the balances the ledger holds
    (the totals were always counted from those): then it stays set. A night that neither reading
    settles to its stored money is read as following, and ``ledger show`` refuses it. A night
    kept set has its identity worked out again under the rules as set (``identity.ruled``).
    """
    from msgspec.json import Decoder

    decode = Decoder(float_hook=Decimal).decode
    for night, data, text, digest in conn.execute(
        "SELECT id, data, rules, hash FROM nights"
    ).fetchall():
        kept = _as_set(conn, night, data, json.loads(text), decode)
        conn.execute("UPDATE nights SET rules = ? WHERE id = ?", (json.dumps(kept), night))
        if kept.get(FOLLOWS) is None:
            continue  # following: its identity is what it was
        # set: the identity marks it set wherever following would pay otherwise, the night's own
        # self_draw_share included (identity.ruled); one another night holds already is left
        now = night_identity(decode(data), read_back(json.dumps(kept)))
        if (
            now != digest
            and not conn.execute("SELECT 1 FROM nights WHERE hash = ?", (now,)).fetchone()
        ):
            conn.execute("UPDATE nights SET hash = ? WHERE id = ?", (now, night))


def _as_set(
    conn: sqlite3.Connection,
    night: int,
    data: str,
    rules: dict[str, Any],  # a house-rules document, as stored
    decode: Callable[[str], Any],  # a night's JSON text read back as plain data
) -> dict[str, Any]:
    """The base rules of night ``night``'s row as they were set (see ``keep_following``)."""
    share, self_draw = rules.get(FOLLOWS), rules.get("self_draw_share", 0)
    written_out = share == ROBBED_PAYS_FOR * self_draw  # how a following rule was stored
    if share is None or not (written_out or share == VERSION_ONE[FOLLOWS]):
        return rules  # already as set, or a figure no following rule was stored as: set
    following = {**rules, FOLLOWS: None}
    if not (written_out and _pays_alike(data)):
        held, night_data = held_balances(conn, night), decode(data)
        as_set = _balances(night_data, read_back(json.dumps(rules)))
        if as_set == held != _balances(night_data, read_back(json.dumps(following))):
            return rules  # only the figure as set pays what the ledger holds: it was set
    return following


def _pays_alike(data_text: str) -> bool:
    """Whether both readings of an ambiguous row give every hand of the night the same rules: the
    night's own rules do not set ``self_draw_share``, or set ``robbed_kong_share`` too."""
    night = json.loads(data_text)
    own = night.get("rules") if isinstance(night, dict) else None
    return not isinstance(own, dict) or "self_draw_share" not in own or FOLLOWS in own


def held_balances(conn: sqlite3.Connection, night: int) -> list[dict[int, int]]:
    """Each hand's balances as the ledger holds them, by seat (0 to 3), in hand order."""
    hands: dict[int, dict[int, int]] = {}
    for number, seat, units in conn.execute(
        "SELECT h.number, s.seat, b.units FROM balances b JOIN hands h ON h.id = b.hand_id "
        "JOIN seats s ON s.night_id = h.night_id AND s.player_id = b.player_id "
        "WHERE h.night_id = ? ORDER BY h.number",
        (night,),
    ):
        hands.setdefault(number, {})[seat] = units
    return [hands[n] for n in sorted(hands)]


def balances(result: Night) -> list[dict[int, int]]:
    """Each hand's balances of a settled night, by seat, in hand order."""
    seat = {name: n for n, name in enumerate(result.players)}
    return [{seat[name]: units for name, units in s.balances.items()} for s in result.hands]


def _balances(data: Any, rules: Rules) -> list[dict[int, int]] | None:
    from ..errors import MeizhouError
    from ..settling.night import settle_data

    try:
        return balances(settle_data(data, rules))
    except MeizhouError:  # a night this program no longer settles: neither reading is kept
        return None
