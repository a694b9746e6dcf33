"""Money (金幣): units times the stake (底分), exactly, and written with every digit it holds.

A payment is a whole number of units; gold is units × stake, a Decimal. Amounts
are never floats and never rounded: Decimal's own context would round past 28
digits, so every sum and product here goes through :data:`EXACT`, which raises
rather than round. One formatter, :func:`text`, writes an amount for a table,
a CSV cell or YAML; :func:`exact` gives the value JSON writes.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Context, Decimal, Inexact, InvalidOperation, Overflow
from typing import Final

from ..engine.memo import Memo
from ..records.model import ONE

# Amounts are at most 30 digits (validators.amount) and units are whole numbers, so every product
# and sum
# fits in 100 digits. Should one ever not, the context raises instead of rounding.
EXACT: Final = Context(prec=100, traps=[Inexact, Overflow, InvalidOperation])

Gold = int | Decimal
"""An amount of gold: an int when whole (the usual table), else an exact Decimal."""


def exact(value: Gold) -> Gold:
    """An exact amount: an int when whole, else a Decimal without trailing zeros (never rounded)."""
    if isinstance(value, int):
        return value
    if value == value.to_integral_value():
        return int(value)
    return EXACT.normalize(value)


def text(value: Gold) -> str:
    """An amount as people write it: every digit it holds, no exponent, no trailing zeros (``2.5``,
    ``-140``)."""
    value = exact(value)
    return format(value, "f") if isinstance(value, Decimal) else str(value)


def signed(value: Gold) -> str:
    """An amount with its sign, as a balance is shown: ``+60``, ``-20``, ``0``."""
    written = text(value)
    return f"+{written}" if value > 0 else written


def gold_at(stake: Decimal) -> Callable[[int], Gold]:
    """Units → gold at ``stake``: the one place where units become gold, exactly.

    A whole stake (the usual table) multiplies plain integers; any other gives exact Decimals,
    each number of units worked out once for the stake (a log's lines repeat a few stakes and a
    few numbers of units: 16 Decimal products a line were 6% of a compiled line). A record that
    names no stake plays for one (:data:`..records.model.ONE`): its units are its gold, known
    without looking at the Decimal (79% of a club's lines; 2% of a line's instructions).
    """
    if stake is ONE:
        return _units
    known = _AT_STAKE.get(stake)  # equal stakes (2.5, 2.50) give equal gold: exact() says so
    if known is not None:
        return known
    return _AT_STAKE.remember(stake, _rate(stake))


def _rate(stake: Decimal) -> Callable[[int], Gold]:
    """Units → gold at a stake not seen before (a function of its own: the closure's cells would
    otherwise be made on every call of :func:`gold_at`, the stake known or not)."""
    if stake == stake.to_integral_value():
        whole = int(stake)
        return lambda units: units * whole
    golds: dict[int, Gold] = {}

    def at_stake(units: int) -> Gold:
        gold = golds.get(units)
        if gold is None:
            gold = exact(EXACT.multiply(Decimal(units), stake))
            if len(golds) < _UNITS_KEPT:
                golds[units] = gold
        return gold

    return at_stake


_AT_STAKE: Final[Memo[Decimal, Callable[[int], Gold]]] = Memo(
    "money.stakes", 256, "a stake's units → gold, with the gold of each number of units"
)
_UNITS_KEPT: Final = 64  # numbers of units remembered for one stake


def _units(units: int) -> Gold:
    return units


def gold(units: int, stake: Decimal) -> Gold:
    """``units`` × ``stake``, exactly."""
    return exact(EXACT.multiply(Decimal(units), stake))


def add(total: Decimal, amount: Gold) -> Decimal:
    """A running total, exactly."""
    return EXACT.add(total, Decimal(amount))


def difference(amount: Gold, less: Gold) -> Gold:
    """``amount - less``, exactly (how far one total is from another)."""
    return exact(EXACT.subtract(Decimal(amount), Decimal(less)))


def negated(amount: Gold) -> Gold:
    """``-amount``, exactly: Decimal's unary minus rounds to the thread's context (28 digits), where
    an amount may hold 30 (a claim of 1.6666666666666666666666666665 lost its last digit)."""
    return -amount if isinstance(amount, int) else amount.copy_negate()
