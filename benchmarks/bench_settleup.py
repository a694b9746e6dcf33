"""Settle-up (找數) exactly, for up to twenty players: time and memory, against the subset table it replaced.

    python benchmarks/bench_settleup.py [--runs 5] [--players 20]

Balances as a club's month makes them: each player's total over many hands of
stake 10 (multiples of 10, varied), with the exact opposites (+a, −a) rare, and
a harder case of small balances (a few gold each), where many sets of players
cancel out. Prints, for each, the median time and the peak memory (tracemalloc)
of ``settle_up`` and of the peer — the table over every subset of players that
settle-up used before (issue 24: 1.16 s and 62 MiB at twenty) — and their ratio.
Target (issue 24): exact up to twenty players within 0.3 s and 64 MiB.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from decimal import Decimal

from meizhou_score.settling.settleup import settle_up


def peer_groups_count(values: list[int]) -> int:
    """The replaced algorithm, as it was: pairs first, then ``best[mask]`` over every subset of the rest."""
    count, waiting = 0, {}
    for value in values:
        if waiting.get(-value):
            waiting[-value] -= 1
            count += 1
        else:
            waiting[value] = waiting.get(value, 0) + 1
    left = [v for v, n in waiting.items() for _ in range(n)]
    size = 1 << len(left)
    sums, best = [0] * size, bytearray(size)
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[low ^ mask] + left[low.bit_length() - 1]
        top, rest = 0, mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
            rest ^= bit
        best[mask] = top + (not sums[mask])
    return count + best[size - 1]


def club_month(rng: random.Random, players: int) -> list[int]:
    """Each player's net over a month of four-player hands at stake 10."""
    totals = [0] * players
    for _ in range(players * 12):
        table = rng.sample(range(players), 4)
        winner, ratio = table[0], rng.choice((1, 1, 1, 2, 3, 4, 5))
        for loser in table[1:]:
            totals[loser] -= 20 * ratio
            totals[winner] += 20 * ratio
    return totals


def small(rng: random.Random, players: int) -> list[int]:
    """Winners up odd amounts, losers down even ones, a few gold each: no exact opposites to pair, and
    thousands of sets of players that cancel out."""
    while True:  # until no two balances are exact opposites: all twenty go to the search
        values = [
            rng.choice((1, 3, 5, 7, 9)) if n % 2 else -rng.choice((2, 4, 6, 8))
            for n in range(players - 1)
        ]
        values.append(-sum(values))
        if values[-1] and -values[-1] not in values:
            return values


def measure(function, runs: int) -> tuple[float, float]:
    """The median time of ``runs`` calls, then the peak memory of one more under tracemalloc (which slows it)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    function()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(times), peak / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(24)
    print(
        f"{'balances':<26}{'payments':>9}{'mine s':>9}{'MiB':>7}{'peer s':>9}{'MiB':>7}{'ratio':>8}"
    )
    for name, make in (("a club's month", club_month), ("small, thousands cancel", small)):
        for _ in range(3):
            values = make(rng, args.players)
            balances = {f"P{i}": Decimal(v) for i, v in enumerate(values)}
            result = settle_up(balances)
            nonzero = sum(1 for v in values if v)
            assert result.exact and len(result.payments) == nonzero - peer_groups_count(
                [v for v in values if v]
            )
            mine, mine_mib = measure(lambda: settle_up(balances), args.runs)
            peer, peer_mib = measure(lambda: peer_groups_count([v for v in values if v]), 1)
            print(
                f"{name:<26}{len(result.payments):>9}{mine:>9.3f}{mine_mib:>7.1f}{peer:>9.3f}{peer_mib:>7.1f}"
                f"{peer / mine:>7.0f}x"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
