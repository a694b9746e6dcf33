"""The search for a plan where no design is known: a greedy start, then a tabu search.

Players are numbers 0 .. players - 1; a plan is its rounds, each a list of tables of four. Who
sits out is fixed before the search (:func:`sit_outs`), so the search only moves seated players
between the tables of one round. A move swaps two players of one round at different tables; its
change in repeats is worked from the meeting counts of the six pairs it touches. Each step takes
the best move that involves a player who meets someone again (a tabu list keeps a player from
going straight back), so the search climbs out of a plan that no single swap improves. It stops
at the bound or when its budget of moves looked at is spent. Every random choice comes from one
generator seeded with a fixed number: the same players and rounds give the same plan.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Tables = list[list[int]]
SEED = 48
KICK = 150  # steps without a better plan before the search is kicked
KICKS = 4  # the random swaps of a kick


def sit_outs(players: int, rounds: int) -> list[list[int]]:
    """Who sits out each round: players % 4 a round, taken in turn around the players, so each
    sits out ⌊s·rounds/players⌋ times or once more, and nobody twice before everyone once."""
    out = players % 4
    return [sorted((r * out + i) % players for i in range(out)) for r in range(rounds)]


def repeats_of(plan: Sequence[Sequence[Sequence[int]]], players: int) -> int:
    """The plan's repeats: for each pair, its meetings after the first."""
    met = [0] * (players * players)
    found = 0
    for tables in plan:
        for table in tables:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    if met[p * players + q]:
                        found += 1
                    met[p * players + q] += 1
                    met[q * players + p] += 1
    return found


def random_plan(players: int, rounds: int, rng: random.Random) -> list[Tables]:
    """A plan drawn at random with the same sit-outs: the plain search the search is measured
    against."""
    plan: list[Tables] = []
    for out in sit_outs(players, rounds):
        seated = [p for p in range(players) if p not in out]
        rng.shuffle(seated)
        plan.append([seated[i : i + 4] for i in range(0, len(seated), 4)])
    return plan


def random_search(players: int, rounds: int, budget: int, seed: int = SEED) -> int:
    """The fewest repeats among ``budget`` plans drawn at random."""
    rng = random.Random(seed)
    return min(
        repeats_of(random_plan(players, rounds, rng), players) for _ in range(max(1, budget))
    )


def greedy(players: int, rounds: int, rng: random.Random) -> list[Tables]:
    """Round by round, each table filled with whoever has met its players least so far."""
    met = [0] * (players * players)
    plan: list[Tables] = []
    for out in sit_outs(players, rounds):
        left = [p for p in range(players) if p not in out]
        rng.shuffle(left)
        tables: Tables = []
        while left:
            table = [left.pop()]
            while len(table) < 4:
                pick = min(
                    range(len(left)), key=lambda i: sum(met[left[i] * players + q] for q in table)
                )
                table.append(left.pop(pick))
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    met[p * players + q] += 1
                    met[q * players + p] += 1
            tables.append(table)
        plan.append(tables)
    return plan


def _meetings(plan: list[Tables], n: int) -> list[int]:
    """How often each pair meets: ``met[p * n + q]``."""
    met = [0] * (n * n)
    for tables in plan:
        for table in tables:
            for p in table:
                for q in table:
                    if p != q:
                        met[p * n + q] += 1
    return met


def search(
    players: int, rounds: int, bound: int, budget: int, start: list[Tables] | None = None
) -> list[Tables]:
    """The plan with the fewest repeats found within ``budget`` moves looked at (from ``start``,
    else the greedy plan); stops early at ``bound``."""
    rng = random.Random(SEED)
    plan = [[list(t) for t in tables] for tables in (start or greedy(players, rounds, rng))]
    n = players
    met = _meetings(plan, n)
    cost = repeats_of(plan, n)
    best, best_plan = cost, [[list(t) for t in tables] for tables in plan]
    tabu: dict[tuple[int, int, int], int] = {}  # (round, player, table) → the step it is free
    step = looked = 0
    stale = 0
    while looked < budget and best > bound:
        step += 1
        moves: list[tuple[int, int, int, int, int, int]] = []  # delta, r, a's table, a, b's, b
        low = None
        for r, tables in enumerate(plan):
            if len(tables) < 2:
                continue
            for ka, table in enumerate(tables):
                clash = [p for p in table if any(met[p * n + q] > 1 for q in table if q != p)]
                for a in clash:
                    others_a = [x for x in table if x != a]
                    for kb, other in enumerate(tables):
                        if kb == ka:
                            continue
                        for b in other:
                            looked += 1
                            delta = 0
                            for x in others_a:
                                delta += (met[b * n + x] > 0) - (met[a * n + x] > 1)
                            for y in other:
                                if y != b:
                                    delta += (met[a * n + y] > 0) - (met[b * n + y] > 1)
                            free = (
                                tabu.get((r, a, kb), 0) <= step and tabu.get((r, b, ka), 0) <= step
                            )
                            if not free and cost + delta >= best:
                                continue
                            if low is None or delta < low:
                                low, moves = delta, []
                            if delta == low:
                                moves.append((delta, r, ka, a, kb, b))
        if not moves:
            break
        delta, r, ka, a, kb, b = moves[rng.randrange(len(moves))]
        for x in plan[r][ka]:
            if x != a:
                met[a * n + x] -= 1
                met[x * n + a] -= 1
                met[b * n + x] += 1
                met[x * n + b] += 1
        for y in plan[r][kb]:
            if y != b:
                met[b * n + y] -= 1
                met[y * n + b] -= 1
                met[a * n + y] += 1
                met[y * n + a] += 1
        plan[r][ka][plan[r][ka].index(a)] = b
        plan[r][kb][plan[r][kb].index(b)] = a
        tabu[(r, a, ka)] = step + 5 + rng.randrange(5)
        tabu[(r, b, kb)] = step + 5 + rng.randrange(5)
        cost += delta
        if cost < best:
            best, best_plan, stale = cost, [[list(t) for t in ts] for ts in plan], 0
        else:
            stale += 1
        if stale > KICK:  # long without a better plan: a few random swaps from the best one
            stale = 0
            plan = [[list(t) for t in ts] for ts in best_plan]
            for _ in range(KICKS):
                tables = plan[rng.randrange(len(plan))]
                if len(tables) > 1:
                    ka, kb = rng.sample(range(len(tables)), 2)
                    i, j = rng.randrange(4), rng.randrange(4)
                    tables[ka][i], tables[kb][j] = tables[kb][j], tables[ka][i]
            met = _meetings(plan, n)
            cost = repeats_of(plan, n)
            tabu.clear()
    return best_plan
