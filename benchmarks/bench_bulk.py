"""Bulk mode end to end: `meizhou-score settle --jsonl` on a generated file of varied records.

    python benchmarks/bench_bulk.py [--records 1000000] [--file benchmarks/out/hands.jsonl]

Generates (once, fixed seed) a file of valid, varied hand records — every win
type, every kong type, draws, house rules, claims, decimal stakes — then runs
the real command on it in a child process, one core, output to /dev/null, and
prints hands per second and the child's peak RSS. It runs a tenth of the file
too, so that flat memory shows as the same peak for 10x the lines. The
YAML part measures issue 3's big sessions: a 10,000-hand session settled by
the CLI against PyYAML's pure-Python SafeLoader merely reading it.
Target (issue 3): >= 30,000 hands/s on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = 30_000
PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]

# Winning hands: (concealed, pungs, winning tile). Kongs of the winner are added separately.
HANDS = [
    ("123m 456m 789p 234s 55s", [], "4s"),
    ("11m 33m 55p 77p 99s 22s 11z", [], "1z"),
    ("123s 456s 789s 234s 55s", [], "7s"),
    ("111m 999p 555s 22s", ["777z"], "2s"),
    ("19m19p19s1234567z 7z", [], "7z"),
    ("1111m 33m 55p 77p 99s 22s", [], "3m"),
    ("123m 456m 789m 222z 11z", [], "8m"),
    ("234m 678m 345p 666s 99p", [], "9p"),
    ("111p 333p 555p 777p 99p", [], "9p"),
    ("234m 567p 345s 678s 11m", [], "1m"),
]
# For robbed kongs: the winning tile must be the winner's only copy and complete a run.
ROBBED = [
    ("123m 456m 234p 678s 99s", "3p"),
    ("11s 123s 456s 789s 789s", "5s"),
    ("123m 456m 567p 789s 22s", "6p"),
]


def make_record(rng: random.Random) -> dict:
    from meizhou_score.tiles import parse_indices, TILES

    rec: dict = {"players": PLAYERS, "dealer": rng.choice(PLAYERS)}
    if rng.random() < 0.2:
        rec["stake"] = rng.choice([5, 10, 0.5, 2.5])
    kind = rng.random()
    used: set[int] = set()
    winner = rng.choice(PLAYERS)
    if kind < 0.1:
        rec["draw"] = True
    elif kind < 0.25:
        concealed, winning = rng.choice(ROBBED)
        robbed = rng.choice([p for p in PLAYERS if p != winner])
        rec.update(winner=winner, win_type="robbed_kong", robbed=robbed,
                   hand={"concealed": concealed, "winning_tile": winning})
        used |= set(parse_indices(concealed))
    else:
        concealed, pungs, winning = rng.choice(HANDS)
        rec.update(winner=winner, win_type="self_draw", hand={"concealed": concealed, "winning_tile": winning})
        if pungs:
            rec["hand"]["pungs"] = pungs
        used |= set(parse_indices(concealed)) | {parse_indices(p)[0] for p in pungs}
    free = [i for i in range(34) if i not in used]
    kongs = []
    if "hand" in rec and rec["win_type"] == "self_draw" and not rec["hand"].get("pungs") and rng.random() < 0.3:
        # a kong bloom: the winner's own concealed kong replaces a pung of the hand
        rec["win_type"] = "kong_bloom"
        rec["hand"] = {"concealed": "123m 456m 789p 55s", "winning_tile": "5s"}
        free = [i for i in range(34) if i not in set(parse_indices("123m456m789p55s"))]
        tile = rng.choice(free)
        free.remove(tile)
        kongs.append({"player": winner, "type": "concealed", "tile": str(TILES[tile])})
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        owner = rng.choice([p for p in PLAYERS if p != winner] if "hand" in rec else PLAYERS)
        tile = rng.choice(free)
        free.remove(tile)
        k = {"player": owner, "type": rng.choice(["concealed", "added", "exposed"]), "tile": str(TILES[tile])}
        if k["type"] == "exposed":
            k["from"] = rng.choice([p for p in PLAYERS if p != owner])
        kongs.append(k)
    if kongs:
        rec["kongs"] = kongs
    if rng.random() < 0.1:
        rec["rules"] = {"exposed_kong_payer": "discarder", "combine": rng.choice(["add", "highest"])}
    if rng.random() < 0.1:
        rec["claimed"] = {"Mei": rng.choice([0, 6, -2])}
    return rec


def generate(path: str, count: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(count):
            out.write(json.dumps(make_record(rng)) + "\n")


def run_cli(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of one child process."""
    script = os.path.join(os.path.dirname(sys.executable), "meizhou-score")
    code = ("import resource, subprocess, sys, time\n"
            "t = time.perf_counter()\n"
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
            "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, "taskset", "-c", "0", script, *args],
                         capture_output=True, text=True, cwd=ROOT).stdout.split()
    return float(out[0]), int(out[1]) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description="bulk mode throughput")
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--file", default=os.path.join(ROOT, "benchmarks", "out", "hands.jsonl"))
    parser.add_argument("--session-hands", type=int, default=10_000)
    args = parser.parse_args()
    small = args.file.replace(".jsonl", f".{args.records // 10}.jsonl")
    for path, n in ((args.file, args.records), (small, args.records // 10)):
        if not os.path.exists(path) or sum(1 for _ in open(path, encoding="utf-8")) != n:
            start = time.perf_counter()
            generate(path, n)
            print(f"generated {n:,} records in {time.perf_counter() - start:.1f} s: {path}")
    ok = True
    print(f"python {sys.version.split()[0]}, one core (taskset -c 0)")
    for path, n in ((small, args.records // 10), (args.file, args.records)):
        seconds, rss = run_cli(["settle", "--jsonl", path])
        rate = n / seconds
        print(f"  settle --jsonl {n:>9,} records: {seconds:6.1f} s, {rate:8,.0f} hands/s, peak RSS {rss:6.1f} MiB")
        ok &= rate >= TARGET
    print(f"  target >= {TARGET:,} hands/s: {'OK' if ok else 'MISSED'}")
    ok &= bench_session(args.session_hands, os.path.dirname(args.file))
    return 0 if ok else 1


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
    seconds, rss = run_cli(["settle", path, "--format", "json"])
    c_loader = getattr(yaml, "__with_libyaml__", False)
    print(f"  session of {hands:,} hands: settle {seconds:.2f} s (libyaml {'present' if c_loader else 'ABSENT'}); "
          f"pure-Python SafeLoader only reading it {pure:.2f} s; ratio {seconds / pure:.2f} "
          f"({'OK' if seconds < pure else 'MISSED'})")
    return seconds < pure


if __name__ == "__main__":
    sys.exit(main())
