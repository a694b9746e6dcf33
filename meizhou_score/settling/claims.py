"""A dispute about what was paid (爭議), explained: each player's gap, the part of the hand it
matches, and the fewest payments that turn what the table paid into what it owes.

The claimed balances are what the table says it paid; the settlement is what
the rules make it owe. For each player whose figures differ: the gap (how much
the claim is short of the settlement, or over it), and — when the gap is
exactly one part of the hand for that player (the win, or one kong's
payments, and no other part of the same amount) — which part, with its rule. (A sum of several
parts is not offered: on a hand with three kongs some sum matches almost any gap.) The
corrections are :func:`.settleup.settle_up` over the gaps, when every player
claimed and the claims sum to zero; otherwise no payments can make it right
and the claims' own notes say why.
"""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple

from .money import add, exact, gold, negated
from .settlement import WIN_REASONS, Settlement
from .settleup import Payment, settle_up


class Part(NamedTuple):
    """One part of a hand for one player: the win, or one kong; what it came to for them, and its
    rule."""

    kind: str  # "win", or the kong's type: concealed_kong, added_kong, exposed_kong
    owner: str  # the winner, or the kong's owner
    tile: int | None  # the kong's tile
    amount: Decimal | int  # gold, + received, − paid, for this player
    rule: str


class Gap(NamedTuple):
    """A player whose claim differs: ``gap`` = settles − claimed (> 0: the claim is short), and
    the parts of the hand that make exactly the gap, when some do."""

    player: str
    claimed: Decimal | int
    settles: Decimal | int
    gap: Decimal | int
    parts: tuple[Part, ...]


def parts_of(s: Settlement, player: str) -> list[Part]:
    """The hand's parts as ``player`` saw them: the win, then each kong, each with what it came to
    for them."""
    found: list[Part] = []
    for paid in s.payments:
        if paid.payee == player:
            units = paid.units * len(paid.payers)
        elif player in paid.payers:
            units = -paid.units
        else:
            continue
        kind = "win" if paid.reason in WIN_REASONS else paid.reason
        found.append(
            Part(kind, paid.payee, paid.tile, exact(gold(units, s.record.stake)), paid.rule)
        )
    return found


def gaps(s: Settlement) -> list[Gap]:
    """Each claimed balance that differs from the settlement, with the parts that explain it when
    some do."""
    out = []
    for player, (claimed, settles) in s.claim_differences.items():
        gap = exact(add(Decimal(settles), negated(Decimal(claimed))))
        out.append(Gap(player, claimed, settles, gap, _matching(parts_of(s, player), gap)))
    return out


def _matching(parts: list[Part], gap: Decimal | int) -> tuple[Part, ...]:
    """The one part whose amount is exactly ``gap`` (left out of the claim); none when no part is,
    or when two
    are (the win and a kong of the same amount: which one was left out cannot be told)."""
    found = tuple(part for part in parts if part.amount == gap)
    return found if len(found) == 1 else ()


def corrections(s: Settlement, found: list[Gap] | None = None) -> tuple[Payment, ...] | None:
    """The fewest payments that turn what the table paid (the claims) into what it owes; None when
    the claims
    cannot be squared (not every player claimed, or the claims do not sum to zero). ``found``: the
    gaps, when the caller has them already."""
    if s.claim_notes:
        return None
    found = gaps(s) if found is None else found
    return settle_up({g.player: g.gap for g in found}).payments if found else ()
