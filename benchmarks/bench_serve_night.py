"""A big night on the page: `GET /api/night` of a 12,001-hand night, served by a real uvicorn.

    python benchmarks/bench_serve_night.py [--hands 12001] [--rounds 3]

Writes a session of HANDS hands at one table (self-draws, draws, a concealed kong: the night of
benchmarks/bench_record.py), starts `meizhou-score serve FILE` on a free port of 127.0.0.1 and
times, from this process, the wall seconds of:

- cold: the first GET after start (serve makes the night's answer as it starts, so this is the
  time from the process's start to the first answer);
- after a CLI record: `record FILE --draw --yes --no-ask` run by another process, then a GET (the
  server sees the file changed under it);
- after a CLI undo: `undo FILE --yes`, then a GET;
- after a page write: `POST /api/hands` (a draw, If-Match the version seen), then a GET;
- repeated: a GET of a version already answered.

Each is printed with its ratio to `settle FILE` of the same file run in the same session (one
process, wall seconds), the peer for the cost of a night read and settled whole; the server's
peak RSS (VmHWM) is printed with `settle`'s. The median of ROUNDS rounds is printed. Target (issue
44): a GET after a CLI write within 1 s at 12,000 hands; no timing is asserted in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_record import night

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cli(*args: str) -> float:
    """Wall seconds of one CLI run (its output dropped)."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    return time.perf_counter() - start


def get(base: str) -> tuple[float, str]:
    """Wall seconds of one `GET /api/night`, and the version it names."""
    start = time.perf_counter()
    with urllib.request.urlopen(base + "/api/night", timeout=60) as answer:
        body = answer.read()
    return time.perf_counter() - start, json.loads(body)["version"]


def post_draw(base: str, version: str) -> None:
    request = urllib.request.Request(
        base + "/api/hands",
        data=b'{"draw": true}',
        method="POST",
        headers={"Origin": base, "If-Match": f'"{version}"', "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        answer.read()


def peak_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def settle_peak(path: str) -> tuple[float, float]:
    """`settle FILE`: wall seconds and peak RSS MiB."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "settle", path],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def one_round(path: str) -> dict[str, float]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "serve", path, "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while True:
            try:
                _, version = get(base)
                break
            except OSError:
                time.sleep(0.02)
        figures = {"cold": time.perf_counter() - start}
        cli("record", path, "--draw", "--yes", "--no-ask")
        figures["after CLI record"], version = get(base)
        cli("undo", path, "--yes")
        figures["after CLI undo"], version = get(base)
        post_draw(base, version)
        figures["after a page write"], version = get(base)
        figures["repeated"] = statistics.median(get(base)[0] for _ in range(5))
        figures["peak RSS MiB"] = peak_mib(server.pid)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12001)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "night.yaml")
        rounds, settles = [], []
        for _ in range(args.rounds):
            with open(path, "w", encoding="utf-8") as out:
                out.write(night(args.hands))
            settles.append(settle_peak(path))
            rounds.append(one_round(path))
        settle = statistics.median(s for s, _ in settles)
        settle_mib = statistics.median(m for _, m in settles)
        print(f"{args.hands:,} hands, median of {args.rounds} rounds")
        print(f"  settle FILE (the peer)   {settle:7.3f} s   peak {settle_mib:6.1f} MiB")
        for key in ("cold", "after CLI record", "after CLI undo", "after a page write", "repeated"):
            value = statistics.median(r[key] for r in rounds)
            print(f"  GET {key:<21}{value:7.3f} s   {value / settle:5.2f} × settle")
        mib = statistics.median(r["peak RSS MiB"] for r in rounds)
        print(f"  server peak RSS          {mib:7.1f} MiB {mib / settle_mib:5.2f} × settle's")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
