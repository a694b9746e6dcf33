"""Debts paid (還錢): money that changed hands after the nights, and what each player is owed now.

A payment is not a hand: statistics and a night's figures never see one. What
a player is owed now is what the nights say, plus what they have paid, less what
they have received (a player down 100 who pays 100 is square). Amounts are exact
Decimals; a payment in a date range counts by its date.
"""

from __future__ import annotations

import datetime
import sqlite3
from decimal import Decimal
from typing import NamedTuple

from ..errors import LedgerError, RecordError
from ..i18n.messages import msg
from ..records.names import controlled
from ..records.validators import describe, typed_amount
from ..settling import settleup
from ..settling.money import EXACT, Gold, add, exact
from ..settling.settleup import SettleUp, settle_up
from .players import find
from .store import transaction


class Payment(NamedTuple):
    id: int
    date: str
    payer: str
    payee: str
    amount: Gold
    note: str

    def named(self) -> dict[str, object]:
        """The payment by the names every format gives it (CSV, JSON lines, ``ledger payments``):
        ``payment``, ``date``, ``from``, ``to``, ``amount``, ``note``."""
        return {
            "payment": self.id,
            "date": self.date,
            "from": self.payer,
            "to": self.payee,
            "amount": self.amount,
            "note": self.note,
        }


class Owed(NamedTuple):
    """One player's standing: what the nights say, what they paid and received,
    and what is owed now."""

    player: str
    nights: Gold
    paid: Gold
    received: Gold
    now: Gold  # + the player is owed this much; − the player owes it


def amount_of(text: str) -> Decimal:
    """A payment's amount: a positive exact number within the limits a record's amounts keep."""
    try:
        value = typed_amount(text, "AMOUNT")
    except RecordError as error:  # past the limits: quote what was typed (1e400, not 1.000E+400)
        if "found" not in error.message.values:
            raise
        said = msg(error.message.template, **{**error.message.values, "found": describe(text)})
        raise RecordError(error.path, said) from None
    if value is None or value <= 0:
        raise LedgerError(
            msg(
                "expected the amount as a positive number, like 120 or 2.5; got {text!r}", text=text
            )
        )
    return value


def pay(
    conn: sqlite3.Connection,
    payer: str,
    payee: str,
    amount: Decimal,
    date: str | None = None,
    note: str = "",
) -> Payment:
    """Record that ``payer`` paid ``payee`` ``amount``; both must be players of the ledger,
    and two people. The payment as recorded: the names as the ledger knows them."""
    if amount <= 0:
        raise LedgerError(
            msg(
                "expected the amount as a positive number, like 120 or 2.5; got {text!r}",
                text=str(amount),
            )
        )
    if controlled(note):
        raise LedgerError(
            msg(
                "a note may not hold control characters, direction overrides or broken Unicode "
                "(they would rewrite the line it is shown on); got {note!r}",
                note=note,
            )
        )
    with transaction(conn):
        return _insert(conn, payer, payee, amount, date, note)


def _insert(
    conn: sqlite3.Connection,
    payer: str,
    payee: str,
    amount: Decimal | int,
    date: str | None,
    note: str,
) -> Payment:
    """One payment, inside the caller's write transaction."""
    (payer_id, payer_name), (payee_id, payee_name) = find(conn, payer), find(conn, payee)
    ids = [payer_id, payee_id]
    if ids[0] == ids[1]:
        raise LedgerError(
            msg(
                "{payer!r} and {payee!r} are one player: a payment is between two",
                payer=payer,
                payee=payee,
            )
        )
    day = date or datetime.date.today().isoformat()
    row = conn.execute(
        "INSERT INTO payments (date, payer_id, payee_id, amount, note, added) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            day,
            ids[0],
            ids[1],
            str(exact(amount)),
            note.strip(),
            datetime.datetime.now().isoformat(timespec="seconds"),
        ),
    ).lastrowid
    assert row is not None, "an INSERT names the row it made"
    return Payment(row, day, payer_name, payee_name, exact(Decimal(amount)), note.strip())


def square(
    conn: sqlite3.Connection,
    since: str | None,
    until: str | None,
    date: str | None,
    agreed: tuple[settleup.Payment, ...] | None = None,
) -> SettleUp:
    """Settle up and record it as paid, in ONE write transaction (找數): what is owed is read,
    the fewest payments worked out and recorded against that same state, so that programs doing
    it at once record them once (the others find everyone square: no payments).

    ``agreed``: the payments a person said yes to; if what is owed has changed since, nothing is
    recorded.
    """
    from .balances import totals

    with transaction(conn):
        standing = owed(conn, totals(conn, since, until), since, until)
        result = settle_up({o.player: o.now for o in standing})
        if agreed is not None and result.payments and tuple(result.payments) != tuple(agreed):
            raise LedgerError(
                msg(
                    "what is owed changed while you were asked (another program recorded "
                    "something); nothing was recorded: run settle-up again"
                )
            )
        for p in result.payments:
            _insert(conn, p.payer, p.payee, p.amount, date, "settle-up")
    return result


def payments(
    conn: sqlite3.Connection, since: str | None = None, until: str | None = None
) -> list[Payment]:
    query = (
        "SELECT m.id, m.date, a.name, b.name, m.amount, m.note FROM payments m JOIN players a ON "
        "a.id = m.payer_id JOIN players b ON b.id = m.payee_id WHERE m.date >= ? AND m.date <= ? "
        "ORDER BY m.date, m.id"
    )
    from .stored import amount_problem

    found = []
    for n, date, payer, payee, amount, note in conn.execute(
        query, (since or "0000-00-00", until or "9999-99-99")
    ):
        problem = amount_problem("payment", n, None, amount)
        if problem is not None:  # a row changed by hand: named, as `ledger check` names it
            raise LedgerError(problem)
        found.append(Payment(n, date, payer, payee, exact(Decimal(amount)), note))
    return found


def remove_payment(conn: sqlite3.Connection, number: int) -> None:
    with transaction(conn):
        if not conn.execute("DELETE FROM payments WHERE id = ?", (number,)).rowcount:
            raise LedgerError(
                msg(
                    "no payment {number} in the ledger (see: meizhou-score ledger payments)",
                    number=number,
                )
            )


def owed(
    conn: sqlite3.Connection,
    nights: dict[str, Decimal],
    since: str | None = None,
    until: str | None = None,
) -> list[Owed]:
    """Each player's standing over the range: the nights' totals, the payments,
    and what is owed now."""
    paid: dict[str, Decimal] = {}
    received: dict[str, Decimal] = {}
    for p in payments(conn, since, until):
        paid[p.payer] = add(paid.get(p.payer, Decimal(0)), p.amount)
        received[p.payee] = add(received.get(p.payee, Decimal(0)), p.amount)
    out = []
    for name in {*nights, *paid, *received}:
        base = Decimal(nights.get(name, 0))
        now = EXACT.subtract(
            EXACT.add(base, paid.get(name, Decimal(0))), received.get(name, Decimal(0))
        )
        out.append(
            Owed(
                name,
                exact(base),
                exact(paid.get(name, Decimal(0))),
                exact(received.get(name, Decimal(0))),
                exact(now),
            )
        )
    return sorted(out, key=lambda o: (-o.now, o.player))
