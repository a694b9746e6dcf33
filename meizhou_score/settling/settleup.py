"""Settle-up (找數): who pays whom, in the fewest payments, so that every balance is squared.

With ``n`` players whose balances are not zero, ``n - k`` payments suffice and
are needed, where ``k`` is the largest number of disjoint groups of players
whose balances each sum to zero (a group of ``m`` squares itself in ``m - 1``
payments; no payment can serve two groups). ``k`` is found exactly, for up to
:data:`EXACT_LIMIT` players, as the longest chain of zero-sum sets of players,
each inside the next; beyond that the payments are made greedily (at most
``n - 1``) and the result says it is a bound, not the minimum. Amounts stay
exact: balances are Decimals scaled to whole numbers and back.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Mapping, NamedTuple

EXACT_LIMIT = 20


class Payment(NamedTuple):
    """``payer`` gives ``payee`` ``amount`` gold."""

    payer: str
    payee: str
    amount: Decimal | int


class SettleUp(NamedTuple):
    payments: tuple[Payment, ...]
    exact: bool  # False: more than EXACT_LIMIT players owed money, so the count is a bound


def settle_up(balances: Mapping[str, Decimal | int]) -> SettleUp:
    """The fewest payments that bring every balance to zero (balances must sum to zero)."""
    from .money import EXACT, add, exact

    owed = {name: Decimal(value) for name, value in balances.items() if value}
    total = Decimal(0)
    for value in owed.values():
        total = add(total, value)
    if total != 0:
        from ..errors import MeizhouError
        from ..i18n.messages import msg

        raise MeizhouError(msg("the balances sum to {total}, not 0, so no payments can square them (a ledger "
                               "changed by hand? ledger check says where)", total=exact(total)))
    if not owed:
        return SettleUp((), True)
    names = list(owed)
    scale = -min(min(value.as_tuple().exponent for value in owed.values()), 0)
    whole = [int(owed[name].scaleb(scale, EXACT)) for name in names]  # exact: in the smallest unit used
    provably_fewest = len(names) <= EXACT_LIMIT
    groups = _zero_sum_groups(whole) if provably_fewest else [list(range(len(names)))]
    payments: list[Payment] = []
    for group in groups:
        for payer, payee, amount in _square(group, whole):
            gold = Decimal(amount).scaleb(-scale, EXACT)
            payments.append(Payment(names[payer], names[payee], exact(gold)))
    return SettleUp(tuple(payments), provably_fewest)


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups covering every index.

    Two balances that cancel exactly (+a and −a) always form a group of an
    optimal answer, so they are paired first. For the rest, ``best[mask]`` is
    the longest chain of zero-sum sets inside ``mask``, each inside the next:
    the best of ``mask`` without one player, plus one when ``mask`` itself
    sums to zero. Walking the chain back gives the groups.
    """
    groups: list[list[int]] = []
    waiting: dict[int, list[int]] = {}
    for i, value in enumerate(values):
        partner = waiting.get(-value)
        if partner:
            groups.append([partner.pop(), i])
        else:
            waiting.setdefault(value, []).append(i)
    left = sorted(i for indices in waiting.values() for i in indices)
    n = len(left)
    if not n:
        return groups
    size = 1 << n
    sums = [0] * size
    best = bytearray(size)
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[low ^ mask] + values[left[low.bit_length() - 1]]
        top, rest = 0, mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
            rest ^= bit
        best[mask] = top + (not sums[mask])
    # walk the chain back from everyone: step into the next smaller chain length, then shed players
    # while that length holds; a set that cannot shed anyone is the zero-sum set the chain passed through
    cur, length = size - 1, best[size - 1]
    while length:
        top = cur
        cur = next(cur ^ bit for bit in _bits(cur) if best[cur ^ bit] == length - 1)
        shed = True
        while shed:
            shed = False
            for bit in _bits(cur):
                if best[cur ^ bit] == length - 1:
                    cur ^= bit
                    shed = True
                    break
        groups.append([left[i] for i in range(n) if (top ^ cur) >> i & 1])
        length -= 1
    return groups


def _bits(mask: int):
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def _square(group: list[int], values: list[int]) -> list[tuple[int, int, int]]:
    """A zero-sum group squared in (size - 1) payments: the biggest debtor pays the biggest creditor."""
    left = {i: values[i] for i in group}
    out = []
    while True:
        debtors = sorted((i for i in left if left[i] < 0), key=lambda i: (left[i], i))
        creditors = sorted((i for i in left if left[i] > 0), key=lambda i: (-left[i], i))
        if not debtors:
            return out
        payer, payee = debtors[0], creditors[0]
        amount = min(-left[payer], left[payee])
        out.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
        for i in (payer, payee):
            if not left[i]:
                del left[i]
