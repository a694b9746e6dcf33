"""seat: the club's rounds at tables of four (issue 48): the three named nights, and 200 random ones.

    python benchmarks/bench_seat.py [--cases 200] [--budget 2000]

First the named nights, through the command's own plan (a design where one is known, else the
search with its full budget): 16 players × 5 rounds and 20 × 5 must have no repeat, 24 × 6 at
most two, each within 10 s. Then ``--cases`` random (players 4-40, rounds 1-10), drawn with a
fixed seed: for each, the search and a plain random search (the fewest repeats among as many
random plans, the same sit-outs) with the same budget of plans looked at (``--budget``); and the
command's plan at its full budget beside the lower bound. Prints how often the search is above,
equal to or below the random search, and how often the plan is at the bound.
"""

from __future__ import annotations

import argparse
import random
import time

from meizhou_score.seating.bound import lower_bound
from meizhou_score.seating.plan import plan_numbers
from meizhou_score.seating.search import random_search, repeats_of, search

NAMED = [(16, 5, 0), (20, 5, 0), (24, 6, 2)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--budget", type=int, default=2000)
    args = parser.parse_args()
    for players, rounds, most in NAMED:
        start = time.perf_counter()
        plan = plan_numbers([f"P{i}" for i in range(players)], rounds)
        took = time.perf_counter() - start
        ok = plan.repeats <= most and took <= 10
        print(
            f"{players} x {rounds}: {plan.repeats} repeats (bound {plan.bound}, at most {most}), "
            f"{took:.2f} s {'ok' if ok else 'FAILED'}"
        )
    rng = random.Random(48)
    above = equal = below = at_bound = 0
    slowest = 0.0
    for _ in range(args.cases):
        players, rounds = rng.randint(4, 40), rng.randint(1, 10)
        bound = lower_bound(players, rounds)
        ours = repeats_of(search(players, rounds, bound, args.budget), players)
        plain = random_search(players, rounds, args.budget)
        above += ours > plain
        equal += ours == plain
        below += ours < plain
        start = time.perf_counter()
        plan = plan_numbers([f"P{i}" for i in range(players)], rounds)
        slowest = max(slowest, time.perf_counter() - start)
        at_bound += plan.repeats == plan.bound
    print(
        f"{args.cases} random (players 4-40, rounds 1-10), budget {args.budget} plans each: "
        f"the search above the random search {above}, equal {equal}, below {below}; "
        f"the plan at the bound {at_bound} of {args.cases}; slowest plan {slowest:.2f} s"
    )


if __name__ == "__main__":
    main()
