"""What each memo of the speed layer earns, on a club's log: bulk mode with it and without it.

    python benchmarks/bench_memos.py [--records 100000] [--rounds 3]

Runs ``settle --jsonl`` on the club's log (tests/records.py ``club_log``: 60
tables at once from a pool of 400 names, every kind of hand, 2% broken
lines) in a child process on one core, once with every memo and once with
one memo switched off (``MEIZHOU_MEMOS_OFF``), alternating which runs first,
for each memo in turn, and counts the child's CPU seconds. Prints each memo's
gain: how much more CPU the run takes without it (median of the rounds). A
memo whose gain is within the noise (a few per cent here) does not pay.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from records import club_log


def seconds(path: str, off: str) -> float:
    """The child's CPU seconds (user + system): steadier than wall time on a shared machine."""
    env = {**os.environ, "MEIZHOU_MEMOS_OFF": off}
    child = subprocess.Popen(
        ["taskset", "-c", "0", sys.executable, "-m", "meizhou_score", "settle", "--jsonl", path],
        stdout=subprocess.DEVNULL,
        env=env,
        cwd=ROOT,
    )
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", help="comma-separated memo names (default: every memo)")
    args = parser.parse_args()
    path = os.path.join(ROOT, "benchmarks", "out", f"club.{args.records}.jsonl")
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            for rec in club_log(random.Random(7), args.records):
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    import meizhou_score.bulk.lines  # noqa: F401 - every module with a memo
    import meizhou_score.settling.analysis  # noqa: F401 - check's memos are made on import too
    from meizhou_score.engine.memo import REGISTRY

    names = args.only.split(",") if args.only else sorted(REGISTRY)
    groups = sorted(
        {
            name.split(".")[0] if name.split(".")[0] in ("readings", "single_reading") else name
            for name in names
        }
    )
    print(f"{args.records:,} lines of a club's log, one core, median of {args.rounds} rounds")
    for group in groups:
        off = ",".join(n for n in names if n == group or n.startswith(group + "."))
        with_memo, without = [], []
        for r in range(args.rounds):
            pair = [("with", ""), ("without", off)]
            if r % 2:
                pair.reverse()
            for side, switch in pair:
                (with_memo if side == "with" else without).append(seconds(path, switch))
        a, b = statistics.median(with_memo), statistics.median(without)
        print(f"  {group:<22} with {a:6.2f} s  without {b:6.2f} s  gain {100 * (b / a - 1):+5.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
