"""Recording a hand against settling the night: `record` at 1, 40, 1,000 and 8,000 hands.

    python benchmarks/bench_record.py [--rounds 5]

A night's file is grown a hand at a time by `record`, so a night's recording costs
n times one `record`; that one must cost about what `settle` of the same file does
(it reads the file once, settles it once, appends). For each size this writes a
session at one table (self-draws, draws, a concealed kong, the dealer rotation
followed), then times, in child processes on one core, alternating which goes
first: `settle FILE` and `record FILE --draw --yes --no-ask` on a fresh copy of the
same file. Prints the median seconds of each, their ratio, and each one's peak RSS.
Target (the issue): record ≤ 1.5× settle at 8,000 hands, under 256 MiB, and the
40th hand about what the first costs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAD = "players: [Ah Fook, Mei, Jun, Lan]\nstake: 10\nhands:\n"
FIRST = (
    "  - dealer: Ah Fook\n    winner: Mei\n    win_type: self_draw\n"
    "    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}\n"
)
CYCLE = (
    "  - winner: Mei\n    win_type: self_draw\n    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}\n",
    "  - draw: true\n",
    "  - winner: Lan\n    win_type: self_draw\n    hand: {concealed: 11m 33m 55p 77p 99s 22s 11z, winning_tile: 1z}\n"
    "    kongs:\n      - {player: Jun, type: concealed, tile: 5z}\n",
)


def night(hands: int) -> str:
    return HEAD + FIRST + "".join(CYCLE[i % 3] for i in range(hands - 1))


def child(args: list[str]) -> tuple[float, float]:
    """(CPU seconds, peak RSS MiB) of one run of the command, on one core."""
    proc = subprocess.Popen(
        ["taskset", "-c", "0", sys.executable, "-m", "meizhou_score", *args],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {args}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", default="1,40,1000,8000")
    args = parser.parse_args()
    print(
        f"{'hands':>6}  {'settle s':>9}  {'record s':>9}  {'ratio':>6}  {'settle MiB':>10}  {'record MiB':>10}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for hands in map(int, args.sizes.split(",")):
            source = os.path.join(folder, f"night-{hands}.yaml")
            with open(source, "w", encoding="utf-8") as out:
                out.write(night(hands))
            settled, recorded = [], []
            for round_ in range(args.rounds):
                copy = os.path.join(folder, "copy.yaml")
                shutil.copyfile(source, copy)
                runs = [
                    ("settle", ["settle", source]),
                    ("record", ["record", copy, "--draw", "--yes", "--no-ask"]),
                ]
                for name, command in runs if round_ % 2 == 0 else runs[::-1]:
                    (settled if name == "settle" else recorded).append(child(command))
            s = statistics.median(t for t, _ in settled)
            r = statistics.median(t for t, _ in recorded)
            print(
                f"{hands:>6}  {s:>9.3f}  {r:>9.3f}  {r / s:>6.2f}  {max(m for _, m in settled):>10.0f}  "
                f"{max(m for _, m in recorded):>10.0f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
