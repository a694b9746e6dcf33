"""The winds (門風) at each table: the four seats East, South, West, North shared out so that each
player sits at each wind as often as at any other, or once more, over the rounds they are seated.

Always possible, and found exactly, never searched for. Draw the plan as a graph with a node for
each table of each round, a node for each player, and an edge for each seat: giving each seat a
wind is colouring the edges with four colours, a table's four edges all different. Cut each
player's seats, in round order, into runs of four, each run a node of its own: no node has more
than four edges, and the graph has two sides (tables, runs), so by Kőnig's edge-colouring theorem
four colours are enough for no node to have two edges of one colour. A full run then holds each
wind once, and the last run each wind at most once: a player's four counts differ by at most one
(the equitable colouring de Werra proved exists). The colouring is the textbook one: an edge
takes a colour free at both its ends, or first swaps two colours along the path that blocks it.
"""

from __future__ import annotations

Tables = list[list[int]]
WINDS = 4
FREE = -1


def rotate_winds(plan: list[Tables], players: int) -> list[Tables]:
    """The plan with each table in seat order (East, South, West, North), the winds shared."""
    tables = [table for round_tables in plan for table in round_tables]
    seats_so_far = [0] * players
    runs: dict[tuple[int, int], int] = {}  # (player, which run of four) → its node
    edges: list[tuple[int, int]] = []  # (table node, run node)
    for t, table in enumerate(tables):
        for p in table:
            key = (p, seats_so_far[p] // WINDS)
            seats_so_far[p] += 1
            node = runs.setdefault(key, len(tables) + len(runs))
            edges.append((t, node))
    at = [[FREE] * WINDS for _ in range(len(tables) + len(runs))]  # node → wind → other end
    for table_node, run_node in edges:
        _colour(at, table_node, run_node)
    player_of = {node: p for (p, _), node in runs.items()}
    seated = [[player_of[at[t][wind]] for wind in range(WINDS)] for t in range(len(tables))]
    out: list[Tables] = []
    for round_tables in plan:
        out.append(seated[: len(round_tables)])
        seated = seated[len(round_tables) :]
    return out


def _colour(at: list[list[int]], u: int, v: int) -> None:
    """Give the edge ``u``–``v`` a wind free at both ends, swapping two winds along a path first
    where it must (the path cannot come back to ``u``: the graph has two sides)."""
    a = at[u].index(FREE)
    if at[v][a] != FREE:
        b = at[v].index(FREE)
        path: list[tuple[int, int, int]] = []
        node, wind = v, a
        while at[node][wind] != FREE:
            other = at[node][wind]
            path.append((node, other, wind))
            node, wind = other, (b if wind == a else a)
        for x, y, wind in path:
            at[x][wind] = at[y][wind] = FREE
        for x, y, wind in path:
            swapped = b if wind == a else a
            at[x][swapped], at[y][swapped] = y, x
    at[u][a], at[v][a] = v, u
