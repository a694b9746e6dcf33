"""Start-up: one `meizhou-score settle` process against importing its three dependencies.

Target (issue 3): the settle process's wall time is at most 1.15 × that of
``python -c "import click, yaml, tabulate"`` in the same virtualenv, median of
at least 20 alternating runs. Also checks that ``--help`` and ``--version``
import neither YAML nor tabulate nor the tile tables. Settling a hand no longer
imports tabulate, so it also prints the ratio to ``import click, yaml`` alone.

    python benchmarks/bench_startup.py [--runs 30] [--example examples/self-draw.yaml]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = 1.15


def wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False)
    return time.perf_counter() - start


def imported_by(args: list[str]) -> set[str]:
    """Modules imported by one CLI call, read off ``python -X importtime``."""
    code = (
        "import sys; from meizhou_score.cli.app import main; sys.argv = ['meizhou-score'] + sys.argv[1:]\n"
        "main()"
    )
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stderr
    return {line.rsplit("|", 1)[-1].strip() for line in out.splitlines() if "|" in line}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--example", default="examples/self-draw.yaml")
    args = parser.parse_args()
    script = os.path.join(os.path.dirname(sys.executable), "meizhou-score")
    # The dependencies were byte-compiled by pip; an editable install of ours is
    # not, and with PYTHONDONTWRITEBYTECODE=1 (set on this workplace's machines)
    # it would be compiled again on every run. Compile it once, as pip would.
    import compileall

    import meizhou_score

    compileall.compile_dir(os.path.dirname(meizhou_score.__file__), quiet=1)
    ours = [script, "settle", args.example]
    peer = [sys.executable, "-c", "import click, yaml, tabulate"]
    bare = [
        sys.executable,
        "-c",
        "import click, yaml",
    ]  # what settling a hand as text imports of the three
    for _ in range(3):  # warm the page cache and .pyc files
        wall(ours), wall(peer), wall(bare)
    a, b, c = [], [], []
    for _ in range(args.runs):
        a.append(wall(ours))
        b.append(wall(peer))
        c.append(wall(bare))
    ours_ms, peer_ms, bare_ms = (statistics.median(x) * 1000 for x in (a, b, c))
    ratio = ours_ms / peer_ms
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.runs} alternating runs, medians"
    )
    print(f"  meizhou-score settle {args.example}: {ours_ms:7.1f} ms")
    print(f"  python -c 'import click, yaml, tabulate': {peer_ms:7.1f} ms")
    print(f"  ratio {ratio:.3f} (target <= {TARGET}) {'OK' if ratio <= TARGET else 'MISSED'}")
    print(
        f"  python -c 'import click, yaml' (settle needs no tabulate): {bare_ms:7.1f} ms; ratio {ours_ms / bare_ms:.3f}"
    )
    heavy = {
        "yaml",
        "tabulate",
        "wcwidth",
        "msgspec",
        "sqlite3",
        "meizhou_score.engine.hand",
        "meizhou_score.records.record",
        "meizhou_score.render.text",
        "meizhou_score.club.store",
    }
    ok = ratio <= TARGET
    for flag in ("--help", "--version"):
        loaded = sorted(imported_by([flag]) & heavy)
        print(f"  {flag} imports {loaded or 'none of ' + ', '.join(sorted(heavy))}")
        ok = ok and not loaded
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
