"""How few repeats any plan can have: a lower bound, proven here, so that a plan at it is best.

A plan of ``rounds`` rounds for ``players`` players seats t = players // 4 tables a round and
lets s = players % 4 sit out. Two players *meet* at a round where they share a table; a pair that
meets m ≥ 1 times has m - 1 *repeats*, and a plan's repeats are the sum over its pairs.

**The count of opponents.** A player seated k times meets 3k opponents, counted with repeats,
among the players - 1 others; so at least 3k - (players - 1) of those meetings are repeats of
that player's. Summed over the players, every repeat of a pair is counted twice (once by each of
the two), so

    repeats ≥ ⌈ Σ_p max(0, 3·k_p - (players - 1)) / 2 ⌉.

The seats taken, Σ k_p = 4·t·rounds, are the same for every plan, and the term is a convex
function of k_p: moving a seat from a player seated more often to one seated less never raises
the sum, so it is least when the sit-outs are shared as evenly as they can be (each player sits
out ⌊s·rounds/players⌋ or ⌈s·rounds/players⌉ times). The bound uses that sharing and so
holds for every plan, whoever sits out.

**Two rounds side by side.** With fewer than four tables, two rounds cannot keep everyone apart:
eight players at two tables, then again at two, always bring two pairs of the first round's
tables together (a table's four come from two tables of four: 2 + 2 or 3 + 1, one pair each side
or three on one). The least overlap of two rounds, ``overlap``, is found by trying every way
the tables of one round can draw on those of another (how many of each table of round one sit at
each table of round two, sit-outs included). A pair that meets m times is in C(m, 2) of the
round-pairs' overlaps, and m - 1 ≥ C(m, 2)·2/rounds because m ≤ rounds; the C(rounds, 2)
round-pairs each overlap in at least ``overlap`` pairs, so

    repeats ≥ ⌈ C(rounds, 2)·overlap·2/rounds ⌉ = (rounds - 1)·overlap.

The bound is the larger of the two. It is not always reached (no search proves that nothing
better exists); a plan that reaches it is the best there is.
"""

from __future__ import annotations

from functools import cache
from math import comb


def sit_outs_each(players: int, rounds: int) -> tuple[int, int]:
    """(how many players sit out once more than the rest, the fewer times each sits out): the
    fairest sharing of players % 4 sit-outs a round over ``rounds`` rounds."""
    total = (players % 4) * rounds
    return total % players, total // players


def counting_bound(players: int, rounds: int) -> int:
    """The count of opponents: each player's 3k meetings among players - 1 others."""
    more, fewer = sit_outs_each(players, rounds)
    excess = 0
    for sat_out, count in ((fewer + 1, more), (fewer, players - more)):
        excess += count * max(0, 3 * (rounds - sat_out) - (players - 1))
    return (excess + 1) // 2


@cache
def overlap(players: int) -> int:
    """The fewest pairs that share a table in both of two rounds (0 from four tables on, where
    a round's tables can each draw on four different tables of the other)."""
    tables, out = divmod(players, 4)
    if tables >= 4:
        return 0  # a lower bound of 0 needs no proof
    sizes = (4,) * tables + (out,)  # round one's groups: its tables, then its sit-outs

    def best(row: int, room: tuple[int, ...]) -> int:
        # round one's group ``row`` spread over round two's groups with ``room`` seats left
        if row == len(sizes):
            return 0
        found = None
        for spread in _spreads(sizes[row], room):
            cost = 0 if row == tables else sum(comb(a, 2) for a in spread[:tables])
            rest = best(row + 1, tuple(r - a for r, a in zip(room, spread, strict=True)))
            found = cost + rest if found is None else min(found, cost + rest)
        return found if found is not None else 10**9

    return best(0, sizes)


def _spreads(count: int, room: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to put ``count`` players into groups with ``room`` seats free."""
    if not room:
        return [()] if count == 0 else []
    return [
        (a, *rest) for a in range(min(count, room[0]) + 1) for rest in _spreads(count - a, room[1:])
    ]


def lower_bound(players: int, rounds: int) -> int:
    """The fewest repeats any plan of ``rounds`` rounds for ``players`` players can have."""
    return max(counting_bound(players, rounds), (rounds - 1) * overlap(players))
