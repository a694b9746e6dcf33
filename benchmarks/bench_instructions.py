"""Bulk mode in machine instructions: a figure that does not wander with the machine's speed.

    python benchmarks/bench_instructions.py [--lines 3000] [--file benchmarks/out/hands.100000.jsonl]

Wall-clock figures on a shared virtual machine move by 20-30% from one minute
to the next, and the same code has measured three times slower on one day than
on another. Valgrind's callgrind counts the instructions a program executes:
the same count for the same code and input, whatever else the machine does.

Runs ``settle --jsonl`` under callgrind on the first ``--lines`` lines of the
club's log and on its first ``--lines // 15``, and divides the difference by the
lines between, so start-up and imports cancel out. The peer, measured the same
way in the same run: the standard library merely reading and writing each
line's JSON. ``PYTHONHASHSEED`` is fixed so that dictionaries lay out alike.

With ``--rate`` (instructions per second, say 8.8e9), it also prints the
hands per second that count gives at that speed. Needs valgrind (Debian's
package ``valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEER = (
    "import json, sys\n"
    "out = open('/dev/null', 'w')\n"
    "for line in open(sys.argv[1], encoding='utf-8'):\n"
    "    out.write(json.dumps(json.loads(line)) + '\\n')\n"
)


def instructions(args: list[str]) -> int:
    """The instructions callgrind counts for one run of ``python args…``."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_line(args: list[str], long: str, short: str, lines: int) -> float:
    """Instructions a line: the long file's count less the short one's, over the lines between."""
    return (instructions([*args, long]) - instructions([*args, short])) / lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=3000)
    parser.add_argument(
        "--file", default=os.path.join(ROOT, "benchmarks", "out", "hands.100000.jsonl")
    )
    parser.add_argument(
        "--rate", type=float, help="instructions per second to turn the count into hands per second"
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind)")
        return 2
    if not os.path.exists(args.file):
        print(
            f"{args.file}: no such file; python benchmarks/bench_bulk.py --records 100000 generates the club's log"
        )
        return 2
    short_count = max(args.lines // 15, 1)
    with open(args.file, encoding="utf-8") as source:
        head = [line for _, line in zip(range(args.lines), source, strict=False)]
    with tempfile.TemporaryDirectory() as folder:
        long, short = os.path.join(folder, "long.jsonl"), os.path.join(folder, "short.jsonl")
        with open(long, "w", encoding="utf-8") as out:
            out.writelines(head)
        with open(short, "w", encoding="utf-8") as out:
            out.writelines(head[:short_count])
        between = len(head) - short_count
        ours = per_line(["-m", "meizhou_score", "settle", "--jsonl"], long, short, between)
        peer = per_line(["-c", PEER], long, short, between)
    print(
        f"python {sys.version.split()[0]}, callgrind, lines {short_count + 1:,}-{len(head):,} of {args.file}"
    )
    print(
        f"  settle --jsonl: {ours:,.0f} instructions a line; json.loads + json.dumps: {peer:,.0f}; "
        f"ratio {ours / peer:.2f}"
    )
    if args.rate:
        print(f"  at {args.rate:.3g} instructions a second: {args.rate / ours:,.0f} hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
