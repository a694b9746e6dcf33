"""Amounts as the ledger stores them (存的金額): read back through the loader's limits,
so that a row changed by hand (sqlite3, an older program) is named — by `ledger check` and by
every report that meets it (exit 2) — and never reaches the arithmetic as something it cannot
keep."""

from __future__ import annotations

import sqlite3
from decimal import Decimal

from ..errors import LedgerError, RecordError
from ..i18n.messages import Message, msg

_STORED = (
    "SELECT 'payment', id, NULL, amount FROM payments UNION ALL "
    "SELECT 'stake', night_id, number, stake FROM hands UNION ALL "
    "SELECT 'transfer', h.night_id, h.number, t.amount FROM transfers t "
    "JOIN hands h ON h.id = t.hand_id ORDER BY 1, 2, 3"
)


def unreadable_amounts(conn: sqlite3.Connection) -> list[Message]:
    """Every stored amount (a payment's, a stake, a transfer's) that the reports could not read:
    not an exact number, or past the loader's limits (a row written by hand, or by an older
    program)."""
    found = (amount_problem(*row) for row in conn.execute(_STORED))
    return [problem for problem in found if problem is not None]


def amount_problem(kind: str, number: int, hand: int | None, text: object) -> Message | None:
    """Why the stored amount ``text`` (``kind`` payment, stake or transfer; payment ``number``, or
    night ``number``'s ``hand``) cannot be read by the reports, or None when it can."""
    from ..records.validators import amount

    try:
        amount(Decimal(str(text)), kind, positive=kind != "transfer")
        return None
    except ArithmeticError:  # not a number at all
        why = msg("expected {expected}; got {found}", expected=msg("a number"), found=repr(text))
    except RecordError as exc:
        why = exc.message
    return msg(
        "{what}: an amount the reports cannot read ({why}); correct or remove it",
        what=msg("payment {number}", number=number)
        if kind == "payment"
        else msg("night {night}, hand {hand}", night=number, hand=hand),
        why=why,
    )


def readable(conn: sqlite3.Connection, text: object) -> Decimal:  # as SQLite holds it
    """The stored amount ``text`` as a Decimal; one the reports cannot read is refused, naming the
    first such row of the ledger as `ledger check` does (LedgerError: exit 2)."""
    from ..records.validators import amount

    try:
        value = Decimal(str(text))
        amount(value, "amount", positive=False)
        return value
    except (ArithmeticError, RecordError):
        # the row is one of those the check reads, and as strictly read there: it is named
        raise LedgerError(unreadable_amounts(conn)[0]) from None
