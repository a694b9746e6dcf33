"""Known designs: the affine spaces over GF(4), where every pair of players meets exactly once.

The points of AG(n, 4) are the 4^n vectors of length n over GF(4) (the field of four elements);
a line is {x + λd : λ ∈ GF(4)} for a point x and a direction d ≠ 0: four points. The
lines of one direction split the points into 4^(n-1) disjoint tables of four: a round. Any two
points lie on exactly one line, so over the (4^n - 1)/3 directions every pair meets exactly once:
16 players have 5 rounds without a repeat (the affine plane of order 4, the resolvable
2-(16,4,1) design), 64 players have 21.
"""

from __future__ import annotations

from itertools import product

Tables = list[list[int]]

# GF(4) = {0, 1, a, a+1} as 0, 1, 2, 3: addition is XOR, multiplication by the table below
_TIMES = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def affine_size(players: int) -> int | None:
    """n where ``players`` is 4^n with n ≥ 2 (16, 64, 256), else None."""
    n, size = 0, 1
    while size < players:
        size, n = size * 4, n + 1
    return n if size == players and n >= 2 else None


def affine_rounds(n: int) -> list[Tables]:
    """Every parallel class of AG(n, 4) as a round: its tables of players 0 .. 4^n - 1.

    A direction is taken once up to a scalar: its first non-zero coordinate is 1."""
    points = list(product(range(4), repeat=n))
    number = {point: k for k, point in enumerate(points)}
    rounds: list[Tables] = []
    for d in points:
        if not any(d) or d[next(i for i, c in enumerate(d) if c)] != 1:
            continue
        seen: set[int] = set()
        tables: Tables = []
        for x in points:
            if number[x] in seen:
                continue
            line = [
                number[tuple(xi ^ _TIMES[lam][di] for xi, di in zip(x, d, strict=True))]
                for lam in range(4)
            ]
            seen.update(line)
            tables.append(sorted(line))
        rounds.append(tables)
    return rounds


def known_design(players: int, rounds: int) -> list[Tables] | None:
    """A plan without a repeat from a design, where one is known for ``players`` × ``rounds``:
    the first ``rounds`` parallel classes of AG(n, 4) when ``players`` = 4^n and ``rounds`` ≤
    (4^n - 1)/3; else None (the search's job)."""
    n = affine_size(players)
    if n is None or rounds > (players - 1) // 3:
        return None
    return affine_rounds(n)[:rounds]
