"""A night (一晚): what one file holds, settled — a single hand record, or a session of hands in order.

The API (:func:`meizhou_score.settle`), the CLI (``settle``, ``record``, ``undo``),
the ledger and bulk mode all come through :func:`settle_data`. Whether the
data is a hand record or a session is decided here, once, on the parsed data;
every consumer then reads the one :class:`Night` it returns.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ..records.model import is_session
from ..records.record import parse_record, parse_session
from ..records.rules import DEFAULT_RULES, Rules
from .money import Gold, add, exact
from .settlement import Settlement, settle_record, settle_session


class Night:
    """Every hand of a night, settled in order, with its totals, next dealer and disputes.

    ``session`` is False for a single hand record: its one hand is then the whole night, and the JSON and
    text of a hand record are written for it.
    """

    __slots__ = ("players", "hands", "session")

    def __init__(self, players: tuple[str, ...], hands: list[Settlement], session: bool):
        self.players = players
        self.hands = hands
        self.session = session

    @property
    def totals(self) -> dict[str, Gold]:
        """What each player won (+) or lost (−) over the night, exactly, in seat order."""
        out = dict.fromkeys(self.players, Decimal(0))
        for s in self.hands:
            for name, amount in s.amounts.items():
                out[name] = add(out[name], amount)
        return {name: exact(value) for name, value in out.items()}

    @property
    def last(self) -> Settlement:
        return self.hands[-1]

    @property
    def next_dealer(self) -> str | None:
        return self.hands[-1].next_dealer if self.hands else None

    @property
    def disputed(self) -> bool:
        """A dispute (exit 1) in any hand."""
        return any(s.disputed for s in self.hands)

    @property
    def disputes(self) -> list[tuple[int, str]]:
        """Every dispute of the night: (hand number from 1, kind), in order."""
        return [(n, kind) for n, s in enumerate(self.hands, start=1) for kind in s.dispute_kinds]


def settle_data(data: Any, rules: Rules = DEFAULT_RULES) -> Night:
    """Validate and settle a hand record or a session (plain data); raises RecordError on bad input."""
    if is_session(data):
        session = parse_session(data, rules)
        return Night(session.players, settle_session(session), True)
    record = parse_record(data, rules)
    return Night(record.players, [settle_record(record)], False)
