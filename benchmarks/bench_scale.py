"""How bulk mode scales with cores: `settle --jsonl --jobs N` against `audit --workers N`.

    python benchmarks/bench_scale.py [--lines 200000] [--runs 3] [--max N] [--small]

Generates (once, fixed seed) a platform's log where every line seats four of 400
names afresh (tests/records.py ``fresh_seating_log``), then for N = 1, 2, 4, …
up to the cores this process may use (or --max), runs `settle --jsonl --jobs N`
and `audit --workers N` (a local Dask cluster) on it, alternating which goes
first, and prints each one's median wall time, its speed-up over `--jobs 1` and
its efficiency (speed-up ÷ N). For audit it also prints the client's own CPU
time as a share of its workers' (the client process, scheduler included,
against the worker processes it started). --small times a five-line audit
against `settle --jsonl` of the same lines. The machine's load is printed
before and after, and beside each run's figures on standard error: figures
taken on a busy machine say so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from records import fresh_seating_log  # noqa: E402 - the tests' generator

# Runs the CLI in this process and prints its own CPU time and its children's on standard error.
_TIMED = (
    "import os, resource, sys, time\n"
    "start = time.perf_counter()\n"
    "def said():\n"
    "    me = resource.getrusage(resource.RUSAGE_SELF)\n"
    "    kids = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "    os.write(2, ('@@ %f %f %f\\n' % (time.perf_counter() - start,\n"
    "        me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime)).encode())\n"
    "import atexit; atexit.register(said)\n"
    "from meizhou_score.cli import main\n"
    "sys.argv = ['meizhou-score', *sys.argv[1:]]\n"
    "main()\n"
)


def generate(path: str, count: int, seed: int = 7) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        for rec in fresh_seating_log(rng, count):
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")


def timed(args: list[str]) -> tuple[float, float, float]:
    """Wall seconds, the process's own CPU seconds and its children's, of one run of the CLI."""
    done = subprocess.run(
        [sys.executable, "-c", _TIMED, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    line = [x for x in done.stderr.splitlines() if x.startswith("@@ ")]
    if done.returncode not in (0, 1, 2) or not line:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    wall, own, kids = map(float, line[-1].split()[1:])
    return wall, own, kids


def said(what: str, figures: tuple[float, float, float]) -> None:
    """One run's figures on standard error, with the load average as it ended: the machine is
    shared, and a figure taken while it was busy should say so."""
    wall, own, kids = figures
    print(
        f"  {what}: {wall:.2f} s (CPU: own {own:.2f} s, children {kids:.2f} s); "
        f"load average {os.getloadavg()[0]:.2f}",
        file=sys.stderr,
        flush=True,
    )


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def scale(path: str, lines: int, runs: int, counts: list[int]) -> None:
    out = tempfile.mkdtemp(prefix="bench-scale-")
    rows: dict[tuple[str, int], list[tuple[float, float, float]]] = {}
    try:
        for n in counts:
            jobs = ["settle", "--jsonl", path, "--jobs", str(n)]
            audit = ["audit", path, "--out", os.path.join(out, str(n)), "--workers", str(n)]
            for r in range(runs):
                pair = [("jobs", jobs), ("audit", audit)]
                for name, args in pair if r % 2 == 0 else pair[::-1]:
                    rows.setdefault((name, n), []).append(timed(args))
                    said(f"{name} N={n} run {r + 1}", rows[(name, n)][-1])
    finally:
        shutil.rmtree(out, ignore_errors=True)
    base = median([wall for wall, _, _ in rows[("jobs", counts[0])]]) * counts[0]  # as if 1 scaled
    print(f"{lines:,} lines, fresh seatings; median of {runs} alternating runs; {load()}")
    if counts[0] != 1:
        print(
            f"(no --jobs 1 run: speed-ups are against --jobs {counts[0]} counted as {counts[0]}x)"
        )
    print(
        "| N | `--jobs N` | speed-up | efficiency | `audit --workers N` | speed-up | efficiency "
        "| audit ÷ jobs | client CPU ÷ workers' |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for n in counts:
        jobs = median([wall for wall, _, _ in rows[("jobs", n)]])
        audit = median([wall for wall, _, _ in rows[("audit", n)]])
        share = median([own / kids for _, own, kids in rows[("audit", n)] if kids])
        print(
            f"| {n} | {jobs:.1f} s | {base / jobs:.2f}x | {base / jobs / n:.0%} | {audit:.1f} s "
            f"| {base / audit:.2f}x | {base / audit / n:.0%} | {audit / jobs:.2f} | {share:.0%} |"
        )


def small(runs: int) -> None:
    """A five-line audit against settle --jsonl of the same five lines."""
    path = os.path.join(ROOT, "examples", "hands.jsonl")
    out = tempfile.mkdtemp(prefix="bench-small-")
    settle, audit = [], []
    try:
        for r in range(runs):
            pair = [
                ("settle --jsonl", settle, ["settle", "--jsonl", path]),
                ("audit", audit, ["audit", path, "--out", out]),
            ]
            for name, walls, args in pair if r % 2 == 0 else pair[::-1]:
                figures = timed(args)
                walls.append(figures[0])
                said(f"five lines, {name}, run {r + 1}", figures)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    a, s = median(audit), median(settle)
    print(
        f"five lines: audit {a:.2f} s, settle --jsonl {s:.2f} s: {a - s:+.2f} s "
        f"(target <= +0.5 s) {'OK' if a - s <= 0.5 else 'MISSED'}; {load()}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="--jobs N against audit --workers N")
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3, help="runs of each; the median is shown")
    parser.add_argument("--max", type=int, default=cores(), help="the most processes [the cores]")
    parser.add_argument("--file", help="the log [benchmarks/out/fresh.LINES.jsonl]")
    parser.add_argument("--counts", help="the N to run, as 2,16 [1, 2, 4 ... --max]")
    parser.add_argument("--small", action="store_true", help="also time a five-line audit")
    args = parser.parse_args()
    path = args.file or os.path.join(ROOT, "benchmarks", "out", f"fresh.{args.lines}.jsonl")
    if not os.path.exists(path):
        generate(path, args.lines)
    print(f"python {sys.version.split()[0]}, {cores()} cores; {load()}")
    if args.small:
        small(max(args.runs, 5))
    counts, n = [], 1
    while n <= args.max:
        counts.append(n)
        n *= 2
    if counts and counts[-1] != args.max:
        counts.append(args.max)
    if args.counts:
        counts = sorted({int(n) for n in args.counts.split(",")})
    if counts:  # --max 0: the five-line figure alone
        scale(path, args.lines, args.runs, counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
