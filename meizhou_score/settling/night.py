"""A night (一晚): what one file holds, settled — a single hand record, or a session of hands in
order.

The API (:func:`meizhou_score.settle`), the CLI (``settle``, ``record``, ``undo``),
the ledger and bulk mode all come through :func:`settle_data`. Whether the
data is a hand record or a session is decided here, once, on the parsed data;
every consumer then reads the one :class:`Night` it returns.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from ..records.model import is_session, same
from ..records.record import parse_record, parse_session
from ..records.rules import DEFAULT_RULES, Rules
from .money import Gold, add, exact
from .settlement import Settlement, settle_record, settle_session


class Night:
    """Every hand of a night, settled in order, with its totals, next dealer and disputes.

    ``session`` is False for a single hand record: its one hand is then the whole night, and the
    JSON and text of a hand record are written for it.
    """

    __slots__ = ("players", "hands", "session", "_sums")

    def __init__(
        self,
        players: tuple[str, ...],
        hands: list[Settlement],
        session: bool,
        sums: list[dict[str, Decimal]] | None = None,
    ):
        self.players = players
        self.hands = hands
        self.session = session
        # the running totals after each hand, summed once (a prefix of them may be given: the
        # totals of the hands this night shares from the first with one summed before)
        self._sums: list[dict[str, Decimal]] = sums[: len(hands)] if sums else []

    @property
    def totals(self) -> dict[str, Gold]:
        """What each player won (+) or lost (−) over the night, exactly, in seat order: the
        running totals after its last hand (only that hand's are made), nothing before one."""
        for _, _, running in self.running(len(self.hands) - 1):
            return running
        return {name: exact(Decimal(0)) for name in self.players}

    def running(self, start: int = 0) -> Iterator[tuple[int, Settlement, dict[str, Gold]]]:
        """The one running total: each hand (from 1) with every player's total after it, exactly,
        in seat order — (number, settlement, running); from hand ``start + 1`` on (the totals
        still summed from the first, once a night). The score sheet, the chart and
        :attr:`totals` read it."""
        sums = self._summed()
        for number in range(max(start, 0) + 1, len(self.hands) + 1):
            running = sums[number - 1]
            yield number, self.hands[number - 1], {n: exact(v) for n, v in running.items()}

    def _summed(self) -> list[dict[str, Decimal]]:
        if len(self._sums) == len(self.hands):
            return self._sums
        sums = list(self._sums)  # another thread may be reading the list kept: a new one
        running = dict(sums[-1]) if sums else dict.fromkeys(self.players, Decimal(0))
        for s in self.hands[len(sums) :]:
            for name, amount in s.amounts.items():
                running[name] = add(running[name], amount)
            sums.append(dict(running))
        self._sums = sums
        return sums

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
    """Validate and settle a hand record or a session (plain data); raises RecordError on bad
    input."""
    if is_session(data):
        session = parse_session(data, rules)
        return Night(session.players, settle_session(session), True)
    record = parse_record(data, rules)
    return Night(record.players, [settle_record(record)], False)


def settle_next(
    before: Night, data: dict[str, Any], hand: dict[str, Any], rules: Rules = DEFAULT_RULES
) -> Night:
    """``before`` with one more hand: only the new hand is settled, its dealer following the
    night's (R10).

    What ``settle_data`` of the whole night with the hand appended gives, at the cost of one hand.
    A hand it refuses is refused by the whole night too, which then says where (``hands[N]…``).
    """
    from ..errors import MeizhouError

    expected = before.next_dealer
    table = {key: value for key, value in data.items() if key != "hands"}
    dealt = hand if "dealer" in hand or expected is None else {"dealer": expected, **hand}
    try:
        session = parse_session({**table, "hands": [dealt]}, rules)
    except MeizhouError:
        return settle_data(
            {**data, "hands": [*data["hands"], hand]}, rules
        )  # its error, at the right place
    settled = settle_session(session)[0]
    if "dealer" in hand and expected is not None and settled.record.dealer != expected:
        settled = settled._replace(dealer_expected=expected)
    return Night(before.players, [*before.hands, settled], True, before._sums)


def settle_again(before: Night, was: Any, data: Any, rules: Rules = DEFAULT_RULES) -> Night:
    """``data`` settled, ``before`` being the night ``was`` settled: the hands they share from the
    first (the same head, the same hands as written) are kept, and the night is settled again from
    the first that differs — a hand's settlement takes from the hands before it only the dealer
    they pass on (R10), and the running totals are summed from the hands.

    What ``settle_data(data)`` gives, its refusals too (a hand refused here is refused by the whole
    night, which then says where)."""
    from ..errors import MeizhouError

    if not (before.session and is_session(was) and is_session(data)):
        return settle_data(data, rules)
    head = [[k, v] for k, v in data.items() if k != "hands"]
    if not same(head, [[k, v] for k, v in was.items() if k != "hands"]):
        return settle_data(data, rules)
    old, new = was["hands"], data["hands"]
    if not isinstance(old, list) or not isinstance(new, list) or len(old) != len(before.hands):
        return settle_data(data, rules)
    kept, most = 0, min(len(old), len(new))
    while kept < most and same(old[kept], new[kept]):
        kept += 1
    if kept == 0:
        return settle_data(data, rules)
    try:
        session = parse_session(data, rules, start=kept)
        tail = settle_session(session, before.hands[kept - 1].next_dealer, start=kept)
    except MeizhouError:
        return settle_data(data, rules)  # its refusal, as the whole night words it
    return Night(before.players, [*before.hands[:kept], *tail], True, before._sums[:kept])
