"""Bulk mode on several worker processes (`settle --jsonl --jobs N`): the same output, in order."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import CTRL_C_EXITS, ROOT
from records import damaged_log, hand_record


def run(path, *args):
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path), *map(str, args)],
        cwd=ROOT,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    """The damaged log (records.py): 2% broken, a blank line, a line over the limit, a bad byte."""
    path = tmp_path_factory.mktemp("parallel") / "log.jsonl"
    path.write_bytes(damaged_log())
    return path


@pytest.fixture(scope="module")
def one(log):
    """The log settled by one process: what every number of workers must write (run once)."""
    return run(log, "--jobs", 1, "--max-record-bytes", 100_000)


@pytest.mark.parametrize("jobs", [2, 3, 0])
def test_several_workers_write_exactly_what_one_process_writes(log, one, jobs):
    many = run(log, "--jobs", jobs, "--max-record-bytes", 100_000)
    assert many.stdout == one.stdout
    assert many.returncode == one.returncode == 2  # the broken lines: refused
    assert many.stderr == one.stderr  # the same summary
    numbers = [json.loads(line)["line"] for line in many.stdout.splitlines()]
    assert numbers == [
        n for n in range(1, 5001) if n != 1201
    ]  # global line numbers, in order; the blank skipped
    results = {json.loads(line)["line"]: json.loads(line) for line in many.stdout.splitlines()}
    assert "longer than 100,000 bytes" in results[2501]["error"]
    assert "not UTF-8" in results[3701]["error"]


def test_exit_codes_are_the_worst_line_s(tmp_path):
    good = json.dumps(hand_record())
    disputed = json.dumps(hand_record(claimed={"Mei": 5}))  # Mei won 6 (R5), not 5
    path = tmp_path / "two.jsonl"
    path.write_text((good + "\n") * 3000 + disputed + "\n", encoding="utf-8")
    assert run(path, "--jobs", 2).returncode == 1
    path.write_text((good + "\n") * 3000, encoding="utf-8")
    assert run(path, "--jobs", 2).returncode == 0


def test_house_rules_reach_every_worker(tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("self_draw_share: 3\n", encoding="utf-8")
    path = tmp_path / "hands.jsonl"
    path.write_text((json.dumps(hand_record()) + "\n") * 4500, encoding="utf-8")
    out = run(path, "--jobs", 2, "--rules", rules)
    # share 3 × ratio 1 from each of three: Mei +9
    assert {json.loads(line)["balances"]["Mei"] for line in out.stdout.splitlines()} == {9}


def test_jobs_is_for_bulk_mode_only():
    proc = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "examples/draw.yaml", "--jobs", "2"],
        cwd=ROOT,
        capture_output=True,
    )
    assert proc.returncode == 2 and b"--jobs" in proc.stderr


def test_ctrl_c_stops_every_worker(tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text((json.dumps(hand_record()) + "\n") * 300_000, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path), "--jobs", "2"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    end = time.monotonic() + 60
    while len(children := _children(proc.pid)) < 2 and time.monotonic() < end:
        time.sleep(0.02)  # polled: the workers have started
    assert len(children) >= 2  # the workers are running
    proc.send_signal(signal.SIGINT)
    err = proc.communicate(timeout=30)[1]
    assert proc.returncode in CTRL_C_EXITS and b"Traceback" not in err
    end = time.monotonic() + 10
    while (running := _running(children)) and time.monotonic() < end:
        time.sleep(0.02)  # polled: each worker ends once it sees the pipe closed
    assert not running  # no worker left running


def test_ctrl_c_as_the_first_worker_starts_is_exit_130(tmp_path):
    """Ctrl-C as the pool forks its first worker: it hung at the exit (workers never told to
    stop), was raised in the new worker instead (the run went on to the end: exit 0), or was an
    internal error (exit 3), about one time in five; now held until every worker has started."""
    path = tmp_path / "some.jsonl"
    path.write_text((json.dumps(hand_record()) + "\n") * 20_000, encoding="utf-8")  # 10 chunks
    for _ in range(5):
        proc = subprocess.Popen(
            [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path), "--jobs", "2"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        end = time.monotonic() + 60
        while not _children(proc.pid) and proc.poll() is None and time.monotonic() < end:
            time.sleep(0.001)  # polled: the first worker is forked
        proc.send_signal(signal.SIGINT)
        try:
            err = proc.communicate(timeout=30)[1].decode()
        finally:
            if proc.poll() is None:
                proc.kill()
                for child in _children(proc.pid):
                    os.kill(child, signal.SIGKILL)
                proc.wait()
        assert proc.returncode in CTRL_C_EXITS and "Traceback" not in err, (
            proc.returncode,
            err[-300:],
        )


def _running(pids: list[int]) -> list[int]:
    alive = []
    for pid in pids:
        try:
            if open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z":
                alive.append(pid)
        except OSError:
            pass
    return alive


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return found


def test_never_more_workers_than_chunks(tmp_path, monkeypatch):
    # --jobs 64 on 10 lines starts one worker (it started 64); 2 chunks start two
    import concurrent.futures
    import io

    from meizhou_score.bulk import parallel

    started = []
    real = concurrent.futures.ProcessPoolExecutor

    class Counted(real):
        def __init__(self, max_workers=None, **kwargs):
            started.append(max_workers)
            super().__init__(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counted)
    lines = [json.dumps(hand_record()).encode() + b"\n"] * 10
    summary = parallel.run_parallel(iter(lines), io.BytesIO(), 64, None, 1 << 20)
    assert summary.settled == 10 and started == [1]
    summary = parallel.run_parallel(
        iter(lines * (parallel.CHUNK // 10 + 1)), io.BytesIO(), 64, None, 1 << 20
    )
    assert started == [1, 2]
    assert parallel.run_parallel(iter([]), io.BytesIO(), 64, None, 1 << 20).settled == 0


def _exactly(size: int) -> bytes:
    """A draw record (R9: nobody pays) of exactly ``size`` bytes, its first name padded."""
    record = {"players": ["A", "B", "C", "D"], "dealer": "B", "draw": True}
    text = json.dumps(record)
    record["players"][0] = "A" * (1 + size - len(text))
    text = json.dumps(record).encode()
    assert len(text) == size
    return text


@pytest.mark.parametrize(
    "content",
    [
        # a last line without its newline had one added on the way to the
        # workers, so --jobs 2 counted it as a byte longer and worded json's error otherwise
        b'{"players": ["A", "B", "C", "D"], "dealer": "B", "draw": true}\n{"a":',
        _exactly(64) + b"\n" + _exactly(64),  # at the limit, with and without its newline
        _exactly(64) + b"\n" + _exactly(65),
        _exactly(65) + b"\n" + _exactly(64) + b"\n",
    ],
)
def test_the_last_line_and_the_limit_read_alike_on_any_number_of_workers(tmp_path, content):
    path = tmp_path / "day.jsonl"
    path.write_bytes(content)
    env = {**os.environ, "MEIZHOU_MAX_RECORD_BYTES": "64"}
    done = [
        subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path), "--jobs", jobs],
            capture_output=True,
            cwd=ROOT,
            env=env,
        )
        for jobs in ("1", "2")
    ]
    assert done[0].stdout == done[1].stdout and done[0].returncode == done[1].returncode
    lines = [json.loads(line) for line in done[0].stdout.splitlines()]
    # the limit is the record's: 64 bytes pass with or without the newline after them, 65 do not
    for n, line in enumerate(content.split(b"\n"), start=1):
        if len(line) == 64:
            assert lines[n - 1]["valid"] is True and lines[n - 1]["balances"]["B"] == 0
        elif len(line) == 65:
            assert (
                lines[n - 1]["error"] == f"line {n}: longer than 64 bytes, the limit for a record"
            )


def test_a_long_blank_line_is_refused_in_a_block_as_in_one_process():
    # audit (blocks read whole by the workers) took a 5 MiB line of spaces
    # for a blank line and said nothing of it; settle --jsonl refuses it as too long
    import io

    from meizhou_score.bulk.lines import lines_of
    from meizhou_score.bulk.lines import run as one_process
    from meizhou_score.bulk.parallel import settle_block
    from meizhou_score.records.rules import DEFAULT_RULES

    block = _exactly(64) + b"\n" + b" " * 100 + b"\n" + b"   \n" + _exactly(64) + b"\n"
    alone = io.BytesIO()
    one_process(lines_of(io.BytesIO(block), 64), alone, DEFAULT_RULES, 64)
    text, counts = settle_block(1, block, DEFAULT_RULES, 64)
    assert text == alone.getvalue()
    assert counts == {"settled": 2, "disputed": 0, "refused": 1, "failed": 0}
    assert b'"line":2,"valid":false,"error":"line 2: longer than 64 bytes' in text


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_full_disk_is_the_outputs_failure_not_the_inputs(tmp_path, jobs):
    # `settle --jsonl many.jsonl > /dev/full` said "many.jsonl: cannot read
    # the file: No space left on device", exit 2; the output could not be written: exit 4
    path = tmp_path / "many.jsonl"
    path.write_bytes((_exactly(64) + b"\n") * 3000)
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path), "--jobs", jobs],
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            text=True,
        )
    assert done.returncode == 4, done.stderr
    assert "the output could not be written: No space left on device" in done.stderr
    assert "cannot read" not in done.stderr


def test_results_appended_to_their_own_input_are_refused(tmp_path):
    # `settle --jsonl f >> f` read its own results until the disk filled
    path = tmp_path / "f.jsonl"
    before = (_exactly(64) + b"\n") * 300
    path.write_bytes(before)
    with open(path, "ab") as same:
        done = subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path)],
            stdout=same,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert "this is an input of the command" in done.stderr
    assert path.read_bytes() == before


def test_a_record_at_the_limit_ends_with_either_line_end(tmp_path):
    # a record of exactly the limit followed by "\r\n" was refused
    # (its "\r" counted), and accepted as the file's last line without a line end
    content = (
        _exactly(64) + b"\r\n" + _exactly(64) + b"\r\n" + _exactly(65) + b"\r\n" + _exactly(64)
    )
    path = tmp_path / "windows.jsonl"
    path.write_bytes(content)
    env = {**os.environ, "MEIZHOU_MAX_RECORD_BYTES": "64"}
    outputs = []
    for jobs in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path), "--jobs", jobs],
            capture_output=True,
            cwd=ROOT,
            env=env,
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    lines = [json.loads(line) for line in outputs[0].splitlines()]
    assert [line.get("valid") for line in lines] == [True, True, False, True]
    assert lines[2]["error"] == "line 3: longer than 64 bytes, the limit for a record"
