"""`reconcile --apply K` racing `record` on the same night file, both real processes.

examples/night-with-a-mistake.yaml: hand 3 was Lan's and is written as Jun's (explanation 1, the
wrong winner). A draw recorded moves no gold (R9), so the gap is the same before and after it and
both sequential histories end in the same night: hand 3 Lan's and the draw after hand 6. The only
other outcome allowed is `--apply` refused because the file changed between its reading and its
writing: exit 2, "the file changed meanwhile; nothing was corrected", and the file as `record`
left it (hand 3 still Jun's, the draw kept). Never a hand lost, never a half-written file.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from conftest import EXAMPLES

ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
}
APPLY = ("reconcile", "--apply", "1")
RECORD = ("record", "--draw")


def _start(command: tuple[str, ...], path: Path) -> subprocess.Popen:
    name, *flags = command
    return subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", name, str(path), *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=ENV,
        cwd=path.parent,
    )


def _finished(process: subprocess.Popen) -> tuple[int, str]:
    _, err = process.communicate(timeout=120)
    return process.returncode, err


def _in_turn(path: Path, *commands: tuple[str, ...]) -> bytes:
    """The night after ``commands`` run one after the other on a fresh copy of the example."""
    shutil.copy(EXAMPLES / "night-with-a-mistake.yaml", path)
    for command in commands:
        code, err = _finished(_start(command, path))
        assert code == 0, err
    return path.read_bytes()


def _winners(text: bytes) -> list[str]:
    hands = yaml.safe_load(text.decode("utf-8"))["hands"]
    return ["draw" if hand.get("draw") else hand["winner"] for hand in hands]


def test_apply_racing_record_ends_in_a_sequential_history(tmp_path):
    applied_first = _in_turn(tmp_path / "a.yaml", APPLY, RECORD)
    recorded_first = _in_turn(tmp_path / "b.yaml", RECORD, APPLY)
    refused = _in_turn(tmp_path / "c.yaml", RECORD)  # record alone: apply changed nothing
    both = ["Mei", "draw", "Lan", "Lan", "Ah Fook", "Mei", "draw"]  # hand 3 Lan's, the draw kept
    assert _winners(applied_first) == _winners(recorded_first) == both
    assert _winners(refused) == ["Mei", "draw", "Jun", "Lan", "Ah Fook", "Mei", "draw"]
    night = tmp_path / "night.yaml"
    seen = {"both written": 0, "apply refused": 0}
    for _ in range(20):
        shutil.copy(EXAMPLES / "night-with-a-mistake.yaml", night)
        apply, record = _start(APPLY, night), _start(RECORD, night)
        (apply_code, apply_err), (record_code, record_err) = _finished(apply), _finished(record)
        after = night.read_bytes()
        assert record_code == 0, record_err  # a record never waits on a version: always written
        if apply_code == 0:
            assert after in (applied_first, recorded_first), after.decode("utf-8")
            seen["both written"] += 1
        else:
            assert apply_code == 2, apply_err
            assert "the file changed meanwhile; nothing was corrected" in apply_err
            assert "Traceback" not in apply_err
            assert after == refused, after.decode("utf-8")
            seen["apply refused"] += 1
        assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp left
    assert sum(seen.values()) == 20, seen
