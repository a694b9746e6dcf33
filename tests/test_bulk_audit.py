"""`audit` on a real Dask cluster: a local one, and a real `dask scheduler` with two `dask worker` processes.

Every output is compared byte for byte with `settle --jsonl FILE` on the same input, and the summary with
what bulk mode says on standard error.
"""

import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip(
    "distributed", reason="audit needs Dask: pip install -e '.[test]' (or '.[dask]')"
)

from records import club_log

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def cli(*args, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=kwargs.pop("cwd", ROOT),
        **kwargs,
    )


def write_logs(folder: Path, sizes=(1200, 800, 500)) -> list[Path]:
    """Three club logs; the second with bad lines (a wrong key, not JSON, a blank line), the third without a final
    newline."""
    paths = []
    for n, count in enumerate(sizes):
        text = "".join(json.dumps(record) + "\n" for record in club_log(random.Random(n), count))
        if n == 1:
            text = text[:5000] + '{"oops": 1}\nnot json\n\n' + text[5000:].split("\n", 1)[1]
        if n == 2:
            text = text.rstrip("\n")
        path = folder / f"night-{n}.jsonl"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


_BULK_MODE: dict[bytes, tuple[bytes, dict]] = {}


def bulk_mode(path: Path) -> tuple[bytes, dict]:
    """What `settle --jsonl PATH` writes and says, run once per distinct input: the logs are
    written from seeded generators, so most tests audit the very bytes an earlier one did."""
    text = path.read_bytes()
    if text not in _BULK_MODE:
        _BULK_MODE[text] = _run_bulk_mode(path)
    return _BULK_MODE[text]


def _run_bulk_mode(path: Path) -> tuple[bytes, dict]:
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path)],
        capture_output=True,
        cwd=ROOT,
    )
    said = re.search(rb"([\d,]+) settled, ([\d,]+) disputed, ([\d,]+) refused", done.stderr)
    figures = dict(
        zip(
            ("settled", "disputed", "refused"),
            (int(g.replace(b",", b"")) for g in said.groups()),
            strict=True,
        )
    )
    return done.stdout, figures


def check_outputs(paths, out: Path):
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert [Path(f["input"]).name for f in summary["files"]] == [p.name for p in paths]
    for path, row in zip(paths, summary["files"], strict=True):
        expected, figures = bulk_mode(path)
        assert (out / path.name).read_bytes() == expected, path.name
        assert {k: row[k] for k in figures} == figures
        assert row["lines"] == len(path.read_bytes().splitlines())
    return summary


def test_a_local_cluster_writes_what_bulk_mode_writes(tmp_path):
    paths = write_logs(tmp_path)
    done = cli(
        "audit",
        tmp_path / "night-*.jsonl",
        "--out",
        tmp_path / "out",
        "--workers",
        "2",
        "--blocksize",
        65536,
    )
    assert done.returncode == 2, done.stderr  # a line was refused: bulk mode's exit code
    summary = check_outputs(paths, tmp_path / "out")
    # the second log lost the record cut at byte 5,000 and gained three lines: 1,200 + 802 + 500
    assert summary["files"][1]["refused"] >= 2 and summary["total"]["lines"] == 2502
    assert summary["total"]["settled"] == sum(f["settled"] for f in summary["files"])
    assert "in all: 2,502 lines" in done.stderr and done.stdout == ""
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        *(p.name for p in paths),
        "summary.json",
    ]


def test_a_url_and_a_clean_log_exit_0(tmp_path):
    from meizhou_score.bulk.lines import SETTLED, settle_line

    path = tmp_path / "clean.jsonl"
    lines = [json.dumps(r) for r in club_log(random.Random(9), 300)]
    path.write_text(
        "".join(line + "\n" for line in lines if settle_line(line, 1)[1] == SETTLED),
        encoding="utf-8",
    )
    done = cli("audit", path.as_uri(), "--out", tmp_path / "out", "--workers", "1")
    expected, figures = bulk_mode(path)
    assert (tmp_path / "out" / "clean.jsonl").read_bytes() == expected
    assert figures["settled"] > 200 and not figures["disputed"] and not figures["refused"]
    assert done.returncode == 0, done.stderr


def test_without_dask_it_says_how_to_install_it(tmp_path):
    """A cluster needs Dask; an input under one block needs none (it is settled in process)."""
    code = (
        "import sys; sys.modules['distributed'] = None; sys.modules['dask'] = None\n"
        "from meizhou_score.cli import main; sys.argv = ['meizhou-score', 'audit', *sys.argv[1:]]\n"
        "main()"
    )
    (tmp_path / "a.jsonl").write_text("{}\n" * 1000)  # 3,000 bytes
    for blocks, status, said in (("1024", 2, "pip install 'meizhou-score[dask]'"), ("4096", 2, "")):
        done = subprocess.run(
            [sys.executable, "-c", code, tmp_path / "a.jsonl", "--out", tmp_path / "out"]
            + ["--blocksize", blocks],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert done.returncode == status and said in done.stderr
        assert "Traceback" not in done.stderr
    assert "3,000 bytes in all, under one block (4,096): settled in this process" in done.stderr
    assert "1,000 lines, 0 settled, 0 disputed, 1,000 refused" in done.stderr


def test_bad_inputs_are_refused_with_exit_2(tmp_path):
    done = cli("audit", tmp_path / "none-*.jsonl", "--out", tmp_path / "out")
    assert done.returncode == 2 and "no file matches" in done.stderr
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "x.jsonl").write_text("{}\n")
    done = cli(
        "audit", tmp_path / "a" / "x.jsonl", tmp_path / "b" / "x.jsonl", "--out", tmp_path / "out"
    )
    assert (
        done.returncode == 2
        and "both named x.jsonl" in done.stderr
        and "Traceback" not in done.stderr
    )


# ------------------------------------------------------------------ a real scheduler and two workers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env() -> dict:
    return {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False", "PYTHONPATH": str(ROOT)}


def start_worker(address: str, name: str, logs: Path) -> subprocess.Popen:
    """One `dask worker` process joining the scheduler at ``address``, its log in ``logs``."""
    return subprocess.Popen(
        [
            str(BIN / "dask"),
            "worker",
            address,
            "--host",
            "127.0.0.1",
            "--nthreads",
            "1",
            "--no-nanny",
            "--no-dashboard",
            "--name",
            name,
        ],
        stdout=subprocess.DEVNULL,
        stderr=open(logs / f"worker-{name}.log", "w"),
        env=_env(),
        cwd=ROOT,
    )


def wait_for_workers(address: str, count: int) -> None:
    from distributed import Client

    with Client(address, timeout="30s") as client:
        client.wait_for_workers(count, timeout=60)


@contextlib.contextmanager
def running_cluster(tmp_path):
    """`dask scheduler` and two `dask worker` processes on 127.0.0.1, killed at the end (nothing of
    theirs is kept; a polite SIGTERM made each test wait up to 20 s for a worker to go)."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen(
        [
            str(BIN / "dask"),
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-dashboard",
            "--no-show",
        ],
        stdout=subprocess.DEVNULL,
        stderr=open(tmp_path / "scheduler.log", "w"),
        env=_env(),
    )
    workers = [start_worker(address, f"w{n}", tmp_path) for n in range(2)]
    try:
        wait_for_workers(address, 2)
        yield address, workers, tmp_path
    finally:
        for process in [*workers, scheduler]:
            if process.poll() is None:
                process.kill()
            process.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """One cluster (a scheduler, two workers) for the module: its tests leave it with the two
    workers it had (the worker-kill test kills only a third worker of its own)."""
    with running_cluster(tmp_path_factory.mktemp("cluster")) as running:
        yield running


def test_a_real_scheduler_and_two_workers(cluster, tmp_path):
    address = cluster[0]
    paths = write_logs(tmp_path)
    done = cli(
        "audit", *paths, "--out", tmp_path / "out", "--scheduler", address, "--blocksize", 65536
    )
    assert done.returncode == 2, done.stderr
    check_outputs(paths, tmp_path / "out")


def test_a_scheduler_file_and_an_address_without_protocol(cluster, tmp_path):
    """The two other forms of --scheduler Dask takes: its scheduler file, and HOST:PORT (tcp)."""
    address = cluster[0]
    scheduler_file = tmp_path / "scheduler.json"
    scheduler_file.write_text(json.dumps({"type": "Scheduler", "address": address}))
    paths = write_logs(tmp_path, sizes=(400,))
    for given in (scheduler_file, address.removeprefix("tcp://")):
        out = tmp_path / f"out-{len(str(given))}"
        done = cli("audit", *paths, "--out", out, "--scheduler", given, "--blocksize", 16384)
        assert done.returncode == 2, done.stderr  # the club's log has broken lines
        check_outputs(paths, out)


def test_workers_that_cannot_see_the_folder_send_their_results(tmp_path, monkeypatch):
    """A cluster on other machines, no shared file system: each block's results come back to the
    client, which writes them in their place (an in-process cluster, its workers told the folder
    is not there)."""
    from distributed import Client, LocalCluster

    from meizhou_score.bulk import audit, blocks

    paths = write_logs(tmp_path)
    seen = []

    def nowhere(folder, isdir=os.path.isdir):
        if str(folder) != str(into):
            return isdir(folder)  # Dask's own folders are there
        seen.append(folder)
        return False

    monkeypatch.setattr(blocks.os.path, "isdir", nowhere)
    out = tmp_path / "out"
    out.mkdir()
    into = tmp_path / "out" / ".audit-test"
    into.mkdir()
    outputs = [str(out / p.name) for p in paths]
    with LocalCluster(n_workers=2, processes=False, dashboard_address="127.0.0.1:0") as cluster:
        with Client(cluster) as client:
            found = audit.audit(
                client, list(map(str, paths)), outputs, None, 1 << 20, str(into), 16384
            )
    assert len(seen) == sum(-(-p.stat().st_size // 16384) for p in paths)  # every block asked
    for path, row in zip(paths, found, strict=True):
        expected, figures = bulk_mode(path)
        assert (out / path.name).read_bytes() == expected
        assert {key: getattr(row, key) for key in figures} == figures
    assert list(into.iterdir()) == []  # nothing left of the joined files


def test_a_worker_killed_mid_run_loses_and_doubles_nothing(cluster, tmp_path):
    """A third worker joins the module's cluster and is killed (SIGKILL) while it is settling a
    block, after the first results were written: the scheduler gives its blocks to the two others."""
    from distributed import Client

    address, _, logs = cluster
    doomed = start_worker(address, "doomed", tmp_path)
    try:
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(3, timeout=60)
            (at,) = (
                a for a, w in client.scheduler_info()["workers"].items() if w["name"] == "doomed"
            )
            paths = write_logs(tmp_path, sizes=(4000, 3000, 3000))
            out = tmp_path / "out"
            audit = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "meizhou_score",
                    "audit",
                    *map(str, paths),
                    "--out",
                    str(out),
                    "--scheduler",
                    address,
                    "--blocksize",
                    "32768",
                ],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )

            def mid_run() -> bool:  # a part written, and a block at the doomed worker
                return any(out.glob(".audit-*/*.part")) and bool(client.processing([at])[at])

            end = time.monotonic() + 60
            while audit.poll() is None and not mid_run() and time.monotonic() < end:
                time.sleep(0.01)
            assert audit.poll() is None, "the audit ended before a worker could be killed"
            doomed.send_signal(signal.SIGKILL)
        stdout, stderr = audit.communicate(timeout=180)
        assert doomed.wait(timeout=10) == -signal.SIGKILL
    finally:
        if doomed.poll() is None:
            doomed.kill()
        doomed.wait()
    removed = [
        line
        for line in (logs / "scheduler.log").read_text().splitlines()
        if "Remove worker" in line
    ]
    assert any("name: doomed" in line for line in removed), removed
    assert audit.returncode == 2, stderr
    check_outputs(paths, out)  # every line once, in its place
