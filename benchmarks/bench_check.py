"""`check` on dense one-suit hands that do not win, against a bare Python start in the same run.

    python benchmarks/bench_check.py [--runs 15]

A 14-tile hand that does not win is weighed discard by discard, draw by draw
(shanten, 向聽); in one dense suit that search once ran again for every pair.
Prints the median wall time of `meizhou-score check HAND` for each hand, and its
ratio to `python -c "import click, yaml"` measured alternately. Target (issue
24): within 5x a bare start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HANDS = ("22333445566778m", "11223344556677p", "11234556789999s", "23445566778899m")


def wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    bare = [sys.executable, "-c", "import click, yaml"]
    for hand in HANDS:
        mine, peer = [], []
        for n in range(args.runs):
            pair = [
                ("mine", [sys.executable, "-m", "meizhou_score", "check", hand]),
                ("peer", bare),
            ]
            for name, command in pair if n % 2 == 0 else pair[::-1]:
                (mine if name == "mine" else peer).append(wall(command))
        m, p = statistics.median(mine), statistics.median(peer)
        print(
            f"check {hand}: {m * 1000:7.1f} ms; bare start {p * 1000:6.1f} ms; ratio {m / p:5.2f} (target <= 5)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
