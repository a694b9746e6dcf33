"""A year of a club's nights in the ledger: `ledger add` and `ledger totals`, timed as a user runs them.

    python benchmarks/bench_ledger.py [--nights 300] [--hands 30]

Writes --nights session files (a fixed seed; each night four of the club's
sixteen members in a random seating, --hands hands of every kind, stake 1, 5
or 0.5), then times, in child processes as a user would run them:

- ``meizhou-score ledger add`` of all the files into a new ledger (target < 10 s);
- ``meizhou-score ledger totals`` over the whole year (target < 0.3 s), beside
  the peer: Python starting, opening the same SQLite file and summing every
  balance with one SQL ``SUM`` (floats, so not exact: only a yardstick).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from records import PLAYERS, make_record, name_pool


def write_nights(folder: str, nights: int, hands: int, members: int = 16) -> list[str]:
    rng = random.Random(2026)
    members = name_pool(members, seed=9)
    paths = []
    for n in range(nights):
        table = rng.sample(members, 4)
        rename = dict(zip(PLAYERS, table, strict=True))
        night = {
            "date": f"2026-{n // 28 % 12 + 1:02d}-{n % 28 + 1:02d}",
            "players": table,
            "stake": rng.choice([1, 5, 0.5]),
            "hands": [],
        }
        for _ in range(hands):
            rec = make_record(rng)
            for key in ("players", "rules", "claimed"):
                rec.pop(key, None)
            text = json.dumps(rec)
            for old, new in rename.items():
                text = text.replace(f'"{old}"', json.dumps(new))
            night["hands"].append(json.loads(text))
        path = os.path.join(folder, f"night-{n:05d}.yaml")
        with open(path, "w", encoding="utf-8") as out:
            json.dump(night, out, ensure_ascii=False)  # JSON is YAML
        paths.append(path)
    return paths


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=ROOT)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=300)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--members", type=int, default=16, help="the club's members the tables are drawn from"
    )
    args = parser.parse_args()
    cli = [sys.executable, "-m", "meizhou_score", "ledger"]
    with tempfile.TemporaryDirectory() as folder:
        paths = write_nights(folder, args.nights, args.hands, args.members)
        db = os.path.join(folder, "club.sqlite3")
        add = timed([*cli, "--db", db, "add", *paths, "--accept-disputes"])
        print(
            f"ledger add of {args.nights} nights x {args.hands} hands: {add:.2f} s "
            f"({args.nights * args.hands / add:,.0f} hands/s; target < 10 s) {'OK' if add < 10 else 'MISSED'}"
        )
        peer_code = (
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "print(c.execute('SELECT b.player_id, SUM(b.units * CAST(h.stake AS REAL)) FROM balances b JOIN hands h ON h.id = b.hand_id "
            "GROUP BY b.player_id').fetchall())"
        )
        ours, peer = [], []
        for r in range(args.runs):  # alternate which goes first
            pair = [
                lambda: ours.append(timed([*cli, "--db", db, "totals"])),
                lambda: peer.append(timed([sys.executable, "-c", peer_code, db])),
            ]
            for run in pair if r % 2 == 0 else pair[::-1]:
                run()
        total, yardstick = statistics.median(ours), statistics.median(peer)
        print(
            f"ledger totals over {args.nights} nights: {total:.3f} s (median of {args.runs}; target < 0.3 s) "
            f"{'OK' if total < 0.3 else 'MISSED'}; {total / yardstick:.2f}x Python + one SQL SUM "
            f"({yardstick:.3f} s)"
        )
        bare, stats = [], []
        for r in range(args.runs):
            pair = [
                lambda: stats.append(timed([*cli, "--db", db, "stats", "--format", "json"])),
                lambda: bare.append(timed([sys.executable, "-c", "import click, yaml"])),
            ]
            for run in pair if r % 2 == 0 else pair[::-1]:
                run()
        each, start = statistics.median(stats), statistics.median(bare)
        print(
            f"ledger stats, {args.members} members over {args.nights} nights: {each:.3f} s, {each / start:.1f}x a bare "
            f"start ({start:.3f} s; target <= 10x)"
        )
        print(f"ledger file: {os.path.getsize(db) / 1024 / 1024:.1f} MiB")
    return 0 if add < 10 and total < 0.3 else 1


if __name__ == "__main__":
    sys.exit(main())
