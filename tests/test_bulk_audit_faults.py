"""`audit` used carelessly or stopped halfway (issue 30): an output on an input, a scheduler address
that is not one, Ctrl-C, a full disk — and blocks cut anywhere in a line (issue 33's byte ranges).

Real processes throughout: the command as a user runs it, a local Dask cluster where one is needed,
SIGINT sent to the whole process group as a terminal's Ctrl-C is, RLIMIT_FSIZE for the full disk.
"""

import json
import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CTRL_C_EXITS
from records import fresh_seating_log

ROOT = Path(__file__).resolve().parent.parent


def cli(*args, env=None, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        **kwargs,
    )


def log(path: Path, count: int, seed: int = 3) -> Path:
    rng = random.Random(seed)
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in fresh_seating_log(rng, count)),
        encoding="utf-8",
    )
    return path


def everything_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ------------------------------------------------------------------ --scheduler


@pytest.mark.parametrize(
    "given",
    [
        "tcp://10.0.0.5:8786",
        "10.0.0.5:8786",  # Dask's default protocol is tcp
        "tls://scheduler.club.example:8786",
        "ws://localhost:8786",
        "tcp://[::1]:8786",
        "[fe80::1]:1",
        "tcp://sched-1.internal:65535",
    ],
)
def test_the_addresses_dask_connects_to_are_taken(given):
    from meizhou_score.cli.audit.scheduler import scheduler_of

    assert scheduler_of(given) == (given, None)


@pytest.mark.parametrize(
    "given, why",
    [
        ("nonsense", "no port after the host"),
        ("http://127.0.0.1:8786", "Dask does not connect by http://"),
        ("tcp://[zz", "[zz is not a host name or an IP address"),
        ("tcp://[::1]8786", "[::1]8786 is not a host name or an IP address"),
        (":notaport", "'' is not a host name or an IP address"),
        ("tcp://host:notaport", "the port must be a number from 1 to 65535"),
        ("tcp://host:0", "the port must be a number from 1 to 65535"),
        ("tcp://host:65536", "the port must be a number from 1 to 65535"),
        ("tcp://-host:8786", "-host is not a host name or an IP address"),
        ("tcp://a b:8786", "a b is not a host name or an IP address"),
    ],
)
def test_anything_else_is_refused_before_connecting(tmp_path, given, why):
    (tmp_path / "a.jsonl").write_text("{}\n")
    out = tmp_path / "out"
    start = time.monotonic()
    done = cli("audit", tmp_path / "a.jsonl", "--out", out, "--scheduler", given)
    assert done.returncode == 2, done.stderr
    assert "--scheduler: expected tcp://HOST:PORT" in done.stderr
    assert f"got {given}: {why}" in done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert not out.exists()  # nothing made, nothing connected: no 20 s wait for an answer
    assert time.monotonic() - start < 15


def test_a_scheduler_file_is_read_for_its_address(tmp_path):
    from meizhou_score.cli.audit.scheduler import scheduler_of
    from meizhou_score.cli.shared.errors import Usage

    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    good.write_text(json.dumps({"type": "Scheduler", "address": "tcp://127.0.0.1:8786"}))
    bad.write_text(json.dumps({"type": "Scheduler", "address": "http://127.0.0.1:8786"}))
    broken.write_text("{not json")
    assert scheduler_of(str(good)) == (None, str(good))
    with pytest.raises(Usage, match="Dask does not connect by http://"):
        scheduler_of(str(bad))
    with pytest.raises(Usage, match="a scheduler file is JSON with the scheduler's address"):
        scheduler_of(str(broken))


# ------------------------------------------------------------------ outputs that are inputs


def test_an_output_that_is_an_input_is_refused_and_nothing_is_touched(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    day = log(logs / "day.jsonl", 20)
    before = day.read_bytes(), day.stat().st_mtime_ns, everything_in(logs)
    done = cli("audit", day, "--out", logs)  # the results would replace the log
    assert done.returncode == 2, done.stderr
    assert "day.jsonl: this is an input of the command" in done.stderr
    assert (day.read_bytes(), day.stat().st_mtime_ns, everything_in(logs)) == before
    # the same file by another name: a hard link, and a summary.json that is the log
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.link(day, elsewhere / "day.jsonl")
    done = cli("audit", day, "--out", elsewhere)
    assert done.returncode == 2 and "writing it would destroy it" in done.stderr
    os.unlink(elsewhere / "day.jsonl")
    os.link(day, elsewhere / "summary.json")
    done = cli("audit", day, "--out", elsewhere)
    assert done.returncode == 2 and "summary.json: this is an input of the command" in done.stderr
    assert (day.read_bytes(), day.stat().st_mtime_ns, everything_in(logs)) == before
    assert everything_in(elsewhere) == ["summary.json"]


# ------------------------------------------------------------------ Ctrl-C and a full disk


def _audit_under_way(tmp_path, where: str):
    """A real audit of about a megabyte (seconds of work here), in its own process group as a
    terminal's foreground job, once its first result or part is being written: (process, --out)."""
    path = log(tmp_path / "day.jsonl", 3000)
    out = tmp_path / "out"
    extra = ["--blocksize", "65536", "--workers", "1"] if where == "on a cluster" else []
    audit = subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "audit", str(path), "--out", str(out), *extra],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    started = ".audit-*/*.part" if where == "on a cluster" else ".audit-*/0.out"
    end = time.monotonic() + 60
    while not list(out.glob(started)) and audit.poll() is None and time.monotonic() < end:
        time.sleep(0.02)
    assert audit.poll() is None, "the audit ended before it could be stopped"
    return audit, out


@pytest.mark.parametrize("where", ["in process", "on a cluster"])
def test_ctrl_c_exits_130_and_leaves_nothing_behind(tmp_path, where):
    audit, out = _audit_under_way(tmp_path, where)
    os.killpg(audit.pid, signal.SIGINT)  # Ctrl-C: every process of the group hears it
    _, stderr = audit.communicate(timeout=60)
    assert audit.returncode in CTRL_C_EXITS, stderr
    assert "Stopped." in stderr.decode() and b"Traceback" not in stderr
    assert everything_in(out) == []  # no result, no part, no temporary folder


@pytest.mark.parametrize("where", ["in process", "on a cluster"])
def test_sigterm_exits_143_and_leaves_nothing_behind(tmp_path, where):
    # `timeout 40 meizhou-score audit ...` (SIGTERM, as a job scheduler stops
    # a job) left the hidden .audit-... folder in --out, which the docs say is removed whatever
    # happens. The signal goes to the audit alone, as kill and timeout send it
    audit, out = _audit_under_way(tmp_path, where)
    audit.send_signal(signal.SIGTERM)
    _, stderr = audit.communicate(timeout=60)
    assert audit.returncode == 143, stderr
    assert b"Traceback" not in stderr
    assert everything_in(out) == []


class _Answers:
    """A TCP server on 127.0.0.1 that is not Dask: it greets every connection with ``greeting``
    (an SSH server's banner; nothing at all) and then holds it open."""

    def __init__(self, greeting: bytes):
        import socket
        import threading

        self.greeting = greeting
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.held: list = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.held.append(connection)
            if self.greeting:
                connection.sendall(self.greeting)

    def close(self):
        self.server.close()
        for connection in self.held:
            connection.close()


def test_an_address_where_something_else_answers_is_refused_not_taken_for_a_bug(tmp_path):
    # --scheduler at a live port that is not Dask's crashed with "internal
    # error (MemoryError)... this is a bug" (Dask read the banner as a frame's length), exit 3
    path = log(tmp_path / "day.jsonl", 300)
    out = tmp_path / "out"
    other = _Answers(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n" + b"\xff" * 64)
    try:
        done = cli(
            "audit",
            path,
            "--out",
            out,
            "--blocksize",
            "65536",
            "--scheduler",
            f"tcp://127.0.0.1:{other.port}",
            timeout=120,
        )
    finally:
        other.close()
    assert done.returncode == 2, done.stderr
    assert "is not a Dask scheduler" in done.stderr and "Traceback" not in done.stderr
    assert everything_in(out) == []


def test_an_address_that_never_answers_in_dasks_protocol_is_given_up():
    # at a web server's port, Dask's handshake waited for ever (its own 20 s
    # bound the connection only); the connection is now given up after HANDSHAKE seconds
    from meizhou_score.bulk import audit as bulk_audit

    started = time.monotonic()
    with pytest.raises(bulk_audit.NotDask, match="no answer in Dask's protocol within 0.5 s"):
        bulk_audit._within(lambda: time.sleep(30), 0.5)
    assert time.monotonic() - started < 5
    with pytest.raises(ConnectionRefusedError):  # Dask's own refusal passes as it is
        bulk_audit._within(lambda: (_ for _ in ()).throw(ConnectionRefusedError(111, "refused")), 5)
    assert bulk_audit._within(lambda: "client", 5) == "client"


def _small_disk():
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))  # bytes a file may grow to


@pytest.mark.parametrize("where", ["in process", "on a cluster"])
def test_a_full_disk_exits_4_and_leaves_nothing_behind(tmp_path, where):
    path = log(tmp_path / "day.jsonl", 300)  # its results are far over 20,000 bytes; a part too
    out = tmp_path / "out"
    extra = ["--blocksize", "16384", "--workers", "1"] if where == "on a cluster" else []
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "audit", str(path), "--out", str(out), *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        preexec_fn=_small_disk,
    )
    assert done.returncode == 4, done.stderr
    assert "the output could not be written: File too large" in done.stderr
    assert "Traceback" not in done.stderr
    assert everything_in(out) == []


# ------------------------------------------------------------------ blocks cut anywhere


def test_blocks_cut_inside_lines_give_bulk_modes_output(tmp_path):
    """Blocks of 1 KiB over lines of 300-600 bytes: a block boundary falls inside nearly every
    line, one line is longer than several blocks, and each kind of line bulk mode treats apart is
    there."""
    lines = log(tmp_path / "base.jsonl", 120).read_text(encoding="utf-8").splitlines(True)
    lines[0] = "\ufeff" + lines[0]  # a byte-order mark before line 1
    lines[10] = "\n"  # blank: numbered, not answered
    lines[20] = "   \t\n"
    lines[30] = lines[30].rstrip("\n") + "\r\n"  # CRLF
    lines[40] = json.dumps({"note": "x" * 5000}) + "\n"  # over MEIZHOU_MAX_RECORD_BYTES below
    lines[50] = "not json\n"
    lines[-1] = lines[-1].rstrip("\n")  # no final newline
    path = tmp_path / "cut.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    env = {"MEIZHOU_MAX_RECORD_BYTES": "4096"}
    expected = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path)],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **env},
    ).stdout
    assert b'"line":41,"valid":false,"error":"line 41: longer than 4,096 bytes' in expected
    out = tmp_path / "out"
    done = cli("audit", path, "--out", out, "--workers", "2", "--blocksize", "1024", env=env)
    assert done.returncode == 2, done.stderr
    assert (out / "cut.jsonl").read_bytes() == expected
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["total"]["lines"] == 120
    assert everything_in(out) == ["cut.jsonl", "summary.json"]


def test_a_local_block_is_cut_where_fsspecs_read_block_cuts_it(tmp_path):
    """Local files are read with plain ``open`` (fsspec's import cost each worker 0.1 s): every
    block must be fsspec's to the byte, and consecutive blocks must give back the whole file."""
    from fsspec.utils import read_block

    from meizhou_score.bulk.blocks import read_range

    small = tmp_path / "small.jsonl"
    small.write_bytes(b"ab\n\ncd\nef")  # a blank line, no final newline
    # By hand: a block from 0 takes the lines up to the newline at or after its end; a block from
    # 3 starts after the newline at 3 (the blank line went to the block before it).
    assert read_range(str(small), 0, 2) == b"ab\n"
    assert read_range(str(small), 0, 3) == b"ab\n\n"
    assert read_range(str(small), 3, 2) == b"cd\n"
    assert read_range(str(small), 5, 10) == b"ef"
    assert read_range(str(small), 20, 5) == b""
    for size in (1, 2, 3, 7):
        blocks = [read_range(str(small), at, size) for at in range(0, 9, size)]
        assert b"".join(blocks) == small.read_bytes(), size

    rng = random.Random(5)
    lines = [b"x" * rng.choice([0, 1, 40, 300, 70_000, 140_000]) + b"\n" for _ in range(60)]
    for name, text in [("ended", b"".join(lines)), ("unended", b"".join(lines) + b"tail")]:
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(text)
        ends = [n + 1 for n, byte in enumerate(text) if byte == 10]
        offsets = {0, 1, len(text) - 1, len(text), len(text) + 3, *ends, *(e - 1 for e in ends)}
        offsets |= {rng.randrange(len(text)) for _ in range(40)}
        for offset in sorted(offsets):
            for length in (1, 2, 1 << 10, 1 << 16, 200_000, len(text)):
                with open(path, "rb") as file:
                    expected = read_block(file, offset, length, delimiter=b"\n")
                assert read_range(str(path), offset, length) == expected, (name, offset, length)
        for size in (1 << 10, 65_537, 1 << 20):
            blocks = [read_range(str(path), at, size) for at in range(0, len(text), size)]
            assert b"".join(blocks) == text, (name, size)


def test_an_inputs_name_cannot_take_over_the_terminal(tmp_path):
    # audit's summary printed an input named evil<ESC>]0;pwned<BEL>.jsonl
    # as it is, which retitles the terminal; every other message escapes such names
    path = tmp_path / "evil\x1b]0;pwned\x07.jsonl"
    path.write_text(
        '{"players": ["A", "B", "C", "D"], "dealer": "B", "draw": true}\n', encoding="utf-8"
    )
    done = cli("audit", path, "--out", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr
    assert "evil\\x1b]0;pwned\\x07.jsonl: 1 lines, 1 settled" in done.stderr


def test_an_input_that_is_a_folder_or_a_pipe_is_called_so(tmp_path):
    # `audit DIR` and `audit FIFO` said "No such file or directory"
    folder = tmp_path / "logs"
    folder.mkdir()
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    said = cli("audit", folder, "--out", tmp_path / "o1")
    assert said.returncode == 2 and "logs: cannot read the file: Is a directory" in said.stderr
    said = cli("audit", fifo, "--out", tmp_path / "o2", timeout=30)
    assert said.returncode == 2 and "pipe.jsonl: not a regular file" in said.stderr
