"""Settle-up (找數): who pays whom, in the fewest payments, so that every balance is squared.

With ``n`` players whose balances are not zero, ``n - k`` payments suffice and
are needed, where ``k`` is the largest number of disjoint groups of players
whose balances each sum to zero (a group of ``m`` squares itself in ``m - 1``
payments; no payment can serve two groups). ``k`` is found exactly, for up to
:data:`EXACT_LIMIT` players, as the longest chain of zero-sum sets of players,
each inside the next (in about 20 ms and 5 MiB at twenty: benchmarks/bench_settleup.py); beyond
that the payments are made greedily (at most
``n - 1``) and the result says it is a bound, not the minimum. Amounts stay
exact: balances are Decimals scaled to whole numbers and back.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import NamedTuple

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

        raise MeizhouError(
            msg(
                "the balances sum to {total}, not 0, so no payments can square them (a ledger "
                "changed by hand? ledger check says where)",
                total=exact(total),
            )
        )
    if not owed:
        return SettleUp((), True)
    names = list(owed)
    # every amount is finite here (a NaN or an infinity fails the sum above): its exponent an int
    low = min(value.as_tuple().exponent for value in owed.values())
    scale = -min(low, 0)  # type: ignore[operator]  # finite amounts: low is an int
    whole = [
        int(owed[name].scaleb(scale, EXACT)) for name in names
    ]  # exact: in the smallest unit used
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
    optimal answer, so they are paired first. For the rest, the groups are a
    chain of zero-sum sets, each inside the next (the differences are the
    groups). ``levels[j]`` is the set of zero-sum sets that end a chain of
    ``j + 1``, kept as one bit per set of players in a big integer: a set is in
    the next level when it is zero-sum and strictly holds a set of this one,
    which whole-integer shifts find for every set at once (one shift a player).
    The chain is walked back from everyone to give the groups.
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
    if not left:
        return groups
    n = len(left)
    zero_sum = _zero_sum_sets([values[i] for i in left])
    bits = bytearray(1 << n >> 3 or 1)
    for mask in zero_sum:
        bits[mask >> 3] |= 1 << (mask & 7)
    zero = int.from_bytes(bits, "little")
    without = _without_player(n)
    everyone = (1 << n) - 1
    levels = [zero]
    while True:  # the zero-sum sets strictly holding a set of the last level
        held = levels[-1]
        for player in range(n):  # every superset: add each player to the sets without them
            held |= (held & without[player]) << (1 << player)
        bigger = 0
        for player in range(n):
            bigger |= (held & without[player]) << (1 << player)
        following = bigger & zero
        if not following >> everyone & 1:
            break
        levels.append(following)
    # walk back: everyone ends a chain of len(levels); take off a zero-sum set that ends one of one
    # fewer
    members = [bytes(level.to_bytes(len(bits), "little")) for level in levels]
    cur = everyone
    for level in reversed(members[:-1]):
        inner = next(
            mask
            for mask in zero_sum
            if mask & cur == mask and mask != cur and level[mask >> 3] >> (mask & 7) & 1
        )
        groups.append([left[i] for i in range(n) if (cur ^ inner) >> i & 1])
        cur = inner
    groups.append([left[i] for i in range(n) if cur >> i & 1])
    return groups


def _without_player(n: int) -> list[int]:
    """For each player, the sets of ``n`` players without them, one bit per set (bit ``mask`` of
    the integer)."""
    size = 1 << n
    out = []
    for player in range(n):
        run = 1 << player  # 2^player sets without, then 2^player with, repeated
        if run < 8:
            byte = {1: 0x55, 2: 0x33, 4: 0x0F}[run]
            pattern = bytes([byte]) * max(size >> 3, 1)
        else:
            pattern = (b"\xff" * (run >> 3) + b"\x00" * (run >> 3)) * (size // (2 * run))
        out.append(int.from_bytes(pattern, "little") & ((1 << size) - 1))
    return out


def _zero_sum_sets(values: list[int]) -> list[int]:
    """Every non-empty set of ``values`` (as a bit mask) that sums to zero, by meeting in the
    middle: the sums of each half's subsets, matched by value."""
    half = len(values) // 2
    low, high = _subset_sums(values[:half]), _subset_sums(values[half:])
    masks_of: dict[int, list[int]] = {}
    for mask, total in enumerate(low):
        masks_of.setdefault(total, []).append(mask)
    return [
        mask | top << half
        for top, total in enumerate(high)
        for mask in masks_of.get(-total, ())
        if mask or top
    ]


def _subset_sums(values: list[int]) -> list[int]:
    """The sum of each subset of ``values``, indexed by its bit mask."""
    sums = [0]
    for value in values:
        sums += [total + value for total in sums]
    return sums


def _square(group: list[int], values: list[int]) -> list[tuple[int, int, int]]:
    """A zero-sum group squared in (size - 1) payments: the biggest debtor pays the biggest
    creditor."""
    left = {i: values[i] for i in group}
    out: list[tuple[int, int, int]] = []
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
