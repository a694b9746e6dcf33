"""`audit` killed outright (SIGKILL: nothing of its own runs) leaves its hidden working folder in
`--out`; the next audit that writes there removes it — and never the folder of a run still at work
(docs/auditing.md).

Real processes: the audits as a user runs them, one killed with SIGKILL (in this process, or with
its local Dask cluster; left unreaped, a zombie, while the next starts), one held still with
SIGSTOP while a third writes to the same `--out`.
"""

import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_bulk_audit_faults import everything_in, log

ROOT = Path(__file__).resolve().parent.parent


def _audit(path: Path, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "audit", str(path), "--out", str(out), *extra],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _writing(audit: subprocess.Popen, out: Path, begun=".audit-*/0.out", but=()) -> Path:
    """The hidden folder ``audit`` works in (none of ``but``), once ``begun`` is there in it (its
    first result, or a worker's first part)."""
    end = time.monotonic() + 60
    while time.monotonic() < end and audit.poll() is None:
        found = [p.parent for p in out.glob(begun) if p.parent.name not in but]
        if found:
            return found[0]
        time.sleep(0.02)
    raise AssertionError(f"the audit began no result (exit {audit.poll()})")


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as found:
        return found.read().rsplit(")", 1)[1].split()[0]


@pytest.mark.parametrize("where", ["in process", "on a cluster"])
def test_a_killed_audits_folder_is_removed_by_the_next_and_a_running_ones_never(tmp_path, where):
    day = log(tmp_path / "day.jsonl", 3000)  # seconds of work: time to kill it halfway
    out = tmp_path / "out"
    if where == "on a cluster":  # a local Dask cluster, its workers killed with the client
        killed = _audit(day, out, "--blocksize", "65536", "--workers", "1")
        left = _writing(killed, out, ".audit-*/*.part")
    else:
        killed = _audit(day, out)
        left = _writing(killed, out)
    os.killpg(killed.pid, signal.SIGKILL)  # the whole group: the client and any worker
    while _state(killed.pid) != "Z":  # dead, not reaped: its pid still shows in /proc
        time.sleep(0.01)
    assert left.is_dir() and any(left.iterdir())  # what a killed run leaves

    running = _audit(day, out)
    folder = _writing(running, out, but=[left.name])
    assert not left.exists()  # removed by the run that next writes to --out
    os.killpg(running.pid, signal.SIGSTOP)  # alive, and still
    try:
        small = log(tmp_path / "small.jsonl", 5, seed=4)
        third = subprocess.run(
            [sys.executable, "-m", "meizhou_score", "audit", str(small), "--out", str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert third.returncode in (0, 1, 2) and "Traceback" not in third.stderr, third.stderr
        assert folder.is_dir() and (folder / "0.out").exists()  # a running audit's: left alone
    finally:
        os.killpg(running.pid, signal.SIGCONT)
    running.wait(timeout=120)
    killed.wait(timeout=10)
    assert everything_in(out) == ["day.jsonl", "small.jsonl", "summary.json"]
    settled = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(day)],
        cwd=ROOT,
        capture_output=True,
    )
    assert (out / "day.jsonl").read_bytes() == settled.stdout  # the held run finished whole


def test_only_this_machines_folders_of_runs_that_are_over_are_removed(tmp_path):
    # a folder's name: .audit-MACHINE-PID-START-…, MACHINE the first 8 hex digits of the SHA-256
    # of "hostname\nboot id" (docs/auditing.md); START the process's start in /proc/PID/stat
    boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    here = hashlib.sha256(f"{socket.gethostname()}\n{boot}".encode()).hexdigest()[:8]
    me = os.getpid()
    started = int(Path(f"/proc/{me}/stat").read_text().rsplit(")", 1)[1].split()[19])
    out = tmp_path / "out"
    names = {
        f".audit-{here}-{me}-{started}-alive": True,  # this test's own process: alive
        f".audit-{here}-{me}-{started + 1}-reused": False,  # its pid, another start: over
        f".audit-{here}-999999999-1-gone": False,  # no such process
        f".audit-{'0' * 8}-999999999-1-elsewhere": True,  # another machine's: it alone can tell
        ".audit-k3j9x2ab": True,  # named as audits named them before: kept
    }
    for name in names:
        (out / name).mkdir(parents=True)
        (out / name / "0.out").write_text("{}\n")
    (out / "elsewhere").mkdir()
    os.symlink(out / "elsewhere", out / f".audit-{here}-999999999-1-link")  # a link: not ours
    small = log(tmp_path / "small.jsonl", 5, seed=4)
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "audit", str(small), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode in (0, 1, 2) and "Traceback" not in done.stderr, done.stderr
    kept = sorted(name for name, alive in names.items() if alive)
    found = sorted(p.name for p in out.iterdir() if p.name.startswith(".audit-"))
    assert found == sorted([*kept, f".audit-{here}-999999999-1-link"])
    assert (out / "elsewhere").is_dir()
