"""Bulk mode end to end: `meizhou-score settle --jsonl` on a generated file of varied records.

    python benchmarks/bench_bulk.py [--records 1000000] [--file benchmarks/out/hands.jsonl]
    python benchmarks/bench_bulk.py --ratios-only 100000 --runs 5   # issue 33's two ratios alone

It measures the meizhou-score installed beside the Python that runs it: the pure-Python package, or the
compiled build, each best measured as users run it, a wheel installed in a virtualenv of its own
(docs/performance.md, "Reproducing the figures", has the commands). The first line says which.

Generates (once, fixed seed) a club's log (tests/records.py ``club_log``): 60
tables playing at once, each seating four players drawn from a pool of 400
names in a random order and replaced every 10–40 hands; every win type, every
kong type, draws, house rules, claims, decimal stakes, and 2% broken lines.
Then runs the real command on it in a child process, one core, output to
/dev/null, and prints hands per second (the median of --runs runs: this
machine's speed wanders from one minute to the next), the child's peak RSS, and
the ratio to a peer measured in the same run: the standard library merely
reading and writing each line's JSON. It runs a tenth of the file too, so that flat memory shows as a bounded
peak for 10x the lines. The
YAML part measures issue 3's big sessions: a 10,000-hand session settled by
the CLI against PyYAML's pure-Python SafeLoader merely reading it.
Target: >= 30,000 hands/s on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = 30_000
sys.path.insert(0, os.path.join(ROOT, "tests"))
from records import PLAYERS, club_log, fresh_seating_log, make_record  # the tests' generators

# issue 33: times the json round trip of each line, one core, on both logs: the pure package at most
# 5.0x, the compiled build at most 3.0x
RATIO_TARGETS = {"pure Python": 5.0, "compiled by mypyc": 3.0}


def generate(path: str, count: int, seed: int = 7, log=club_log) -> None:
    """A club's log: 60 tables at once from a pool of 400 names, every kind of hand, 2% broken lines (or, with
    ``log=fresh_seating_log``, a platform's: every line seats four of the 400 afresh)."""
    rng = random.Random(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        for rec in log(rng, count):
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")


def bench_ratios(folder: str, n: int, runs: int) -> bool:
    """Both logs — the club's, and a platform's where every line seats four players afresh — each
    as the ratio of its time to the json round trip of its own lines, measured alternately in this
    run. Wall time, and CPU time (user + system): on a machine shared with other work a process
    waits for the core, and the CPU time is what it spent itself."""
    ok = True
    target = RATIO_TARGETS[build()]
    for name, log in (("club", club_log), ("fresh", fresh_seating_log)):
        path = os.path.join(folder, f"{name}.{n}.jsonl")
        if not os.path.exists(path) or sum(1 for _ in open(path, encoding="utf-8")) != n:
            generate(path, n, log=log)
        mine, peer = [], []
        for r in range(runs):
            pair = [
                lambda: mine.append(run_cli(["settle", "--jsonl", path])),
                lambda: peer.append(run_peer(path, cpu=True)),
            ]
            for run in pair if r % 2 == 0 else pair[::-1]:
                run()
        a, b = median([wall for wall, _, _ in mine]), median([wall for wall, _ in peer])
        ca, cb = median([cpu for _, _, cpu in mine]), median([cpu for _, cpu in peer])
        met = a / b <= target
        ok &= met
        print(
            f"  {name:>5} log, {n:,} lines: {a:.2f} s against {b:.2f} s for json.loads + json.dumps: "
            f"{a / b:.2f}x (target <= {target}x) {'OK' if met else 'MISSED'}; CPU time "
            f"{ca:.2f} s against {cb:.2f} s: {ca / cb:.2f}x; {load()}"
        )
    return ok


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}"


def build() -> str:
    """Which build the child processes run: pure Python, or the bulk path compiled by mypyc."""
    where = subprocess.run(
        [sys.executable, "-P", "-c", "import meizhou_score.bulk.lines as m; print(m.__file__)"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout.strip()
    return "pure Python" if where.endswith(".py") else "compiled by mypyc"


def compile_bytecode() -> None:
    """The measured package's modules compiled to bytecode first, as pip leaves an installed
    package: otherwise, where ``PYTHONDONTWRITEBYTECODE`` is set or the sources changed since,
    every run compiles the interpreted modules again at start (30 ms of a compiled 1-second run)."""
    package = subprocess.run(
        [
            sys.executable,
            "-P",
            "-c",
            "import meizhou_score, os; print(os.path.dirname(meizhou_score.__file__))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout.strip()
    subprocess.run([sys.executable, "-m", "compileall", "-q", package], check=False)


def run_cli(args: list[str], cores: str = "0") -> tuple[float, float, float]:
    """Wall seconds, peak RSS (MiB) and CPU seconds of one child process (on one core unless told
    otherwise)."""
    script = os.path.join(os.path.dirname(sys.executable), "meizhou-score")
    code = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
        "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(time.perf_counter() - t, r.ru_maxrss, r.ru_utime + r.ru_stime)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, "taskset", "-c", cores, script, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout.split()
    return float(out[0]), int(out[1]) / 1024, float(out[2])


def run_peer(path: str, cpu: bool = False):
    """The peer: the standard library merely reading and writing each line's JSON, one core, same
    file: its wall seconds (and, with ``cpu``, its CPU seconds too)."""
    code = (
        "import json, sys, time\n"
        "t, c = time.perf_counter(), time.process_time()\n"
        "out = open('/dev/null', 'w')\n"
        "for line in open(sys.argv[1], encoding='utf-8'):\n"
        "    out.write(json.dumps(json.loads(line)) + '\\n')\n"
        "print(time.perf_counter() - t, time.process_time() - c)"
    )
    out = subprocess.run(
        ["taskset", "-c", "0", sys.executable, "-c", code, path], capture_output=True, text=True
    ).stdout.split()
    return (float(out[0]), float(out[1])) if cpu else float(out[0])


def main() -> int:
    parser = argparse.ArgumentParser(description="bulk mode throughput")
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--file", default=os.path.join(ROOT, "benchmarks", "out", "hands.jsonl"))
    parser.add_argument("--session-hands", type=int, default=10_000)
    parser.add_argument(
        "--runs", type=int, default=3, help="runs of each file; the median is reported"
    )
    parser.add_argument(
        "--ratios-only",
        type=int,
        metavar="LINES",
        help="only the two logs' ratios to the json round trip, on LINES lines each",
    )
    args = parser.parse_args()
    compile_bytecode()
    if args.ratios_only:
        print(f"python {sys.version.split()[0]}, {build()}, one core (taskset -c 0)")
        return 0 if bench_ratios(os.path.dirname(args.file), args.ratios_only, args.runs) else 1
    small = args.file.replace(".jsonl", f".{args.records // 10}.jsonl")
    for path, n in ((args.file, args.records), (small, args.records // 10)):
        if not os.path.exists(path) or sum(1 for _ in open(path, encoding="utf-8")) != n:
            start = time.perf_counter()
            generate(path, n)
            print(f"generated {n:,} records in {time.perf_counter() - start:.1f} s: {path}")
    ok = True
    print(f"python {sys.version.split()[0]}, {build()}, one core (taskset -c 0)")
    for path, n in ((small, args.records // 10), (args.file, args.records)):
        runs, peer = [], []
        for r in range(args.runs):  # alternate which goes first
            pair = [
                lambda: runs.append(run_cli(["settle", "--jsonl", path])),
                lambda: peer.append(run_peer(path)),
            ]
            for run in pair if r % 2 == 0 else pair[::-1]:
                run()
        runs.sort()
        seconds, rss = runs[len(runs) // 2][0], max(r for _, r, _ in runs)
        rate = n / seconds
        spread = ", ".join(f"{n / s:,.0f}" for s, _, _ in runs)
        peer_seconds = sorted(peer)[len(peer) // 2]
        print(
            f"  settle --jsonl {n:>9,} records: {seconds:6.1f} s, {rate:8,.0f} hands/s (median of {spread}), "
            f"peak RSS {rss:6.1f} MiB; {seconds / peer_seconds:.2f}x the time of json.loads + json.dumps "
            f"of each line ({n / peer_seconds:,.0f} lines/s)"
        )
        ok &= rate >= TARGET
    print(f"  target >= {TARGET:,} hands/s: {'OK' if ok else 'MISSED'}")
    ok &= bench_ratios(os.path.dirname(args.file), args.records // 10, args.runs)
    ok &= bench_jobs(args.file, args.records, args.runs)
    ok &= bench_session(args.session_hands, os.path.dirname(args.file))
    return 0 if ok else 1


def bench_jobs(path: str, n: int, runs: int) -> bool:
    """--jobs 2 against --jobs 1 on the same file, in the same run, alternating which goes first."""
    one, two = [], []
    for r in range(max(runs, 3)):
        pair = [
            lambda: one.append(run_cli(["settle", "--jsonl", path, "--jobs", "1"], cores="0,1")[0]),
            lambda: two.append(run_cli(["settle", "--jsonl", path, "--jobs", "2"], cores="0,1")[0]),
        ]
        for run in pair if r % 2 == 0 else pair[::-1]:
            run()
    a, b = sorted(one)[len(one) // 2], sorted(two)[len(two) // 2]
    print(
        f"  --jobs 2 on two cores, {n:,} lines: {b:.1f} s against {a:.1f} s for --jobs 1: {a / b:.2f}x "
        f"(target >= 1.8x) {'OK' if a / b >= 1.8 else 'MISSED'}"
    )
    return a / b >= 1.8


def bench_session(hands: int, folder: str) -> bool:
    """A big YAML session: the CLI settles it faster than PyYAML's pure-Python loader reads it."""
    import yaml

    rng = random.Random(11)
    path = os.path.join(folder, f"session-{hands}.yaml")
    if not os.path.exists(path):
        session = {"players": PLAYERS, "stake": 10, "hands": []}
        for n in range(hands):
            rec = make_record(rng)
            for key in ("players", "rules"):
                rec.pop(key, None)
            if n:
                rec.pop("dealer", None)
                rec["dealer"] = None
            session["hands"].append(rec)
        # every hand names its dealer so that a wrong one is reported, not an error
        for h in session["hands"]:
            if h.get("dealer") is None:
                h.pop("dealer")
                h["dealer"] = "Ah Fook"
        with open(path, "w", encoding="utf-8") as out:
            yaml.safe_dump(session, out, allow_unicode=True, sort_keys=False)
    start = time.perf_counter()
    with open(path, encoding="utf-8") as handle:
        yaml.load(handle, Loader=yaml.SafeLoader)
    pure = time.perf_counter() - start
    seconds, rss, _ = run_cli(["settle", path, "--format", "json"])
    c_loader = getattr(yaml, "__with_libyaml__", False)
    print(
        f"  session of {hands:,} hands: settle {seconds:.2f} s (libyaml {'present' if c_loader else 'ABSENT'}); "
        f"pure-Python SafeLoader only reading it {pure:.2f} s; ratio {seconds / pure:.2f} "
        f"({'OK' if seconds < pure else 'MISSED'})"
    )
    return seconds < pure


if __name__ == "__main__":
    sys.exit(main())
