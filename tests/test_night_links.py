"""A night's file written where it was read (issue 44 §4), when ``night.yaml`` is a link that is
re-pointed to another night in the middle of a write: ``record``, ``undo``, ``record --amend`` and
the page's writes, each a real process.

Two seams, both real: the writer re-pointing the link just before it writes (a ``sitecustomize``
on the child's ``PYTHONPATH`` wraps ``sessionfile.write``: the window between the read under the
lock and the rename), and this test holding the folder's lock while the link is re-pointed (the
window between the command's first read, before its questions, and its write). Whichever it is,
the other night's file keeps every byte; the night read is written as asked, or nothing is
written and the command says why (exit 2; 412 on the web).

Figures: a self-draw of an ordinary hand pays 2 units from each other player (R5); Mei wins hand
1 with Ah Fook dealing, so Mei deals hand 2 (R10); a draw pays nothing (R9).
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
import yaml
from conftest import ROOT, start_serve

FRIDAY = """\
date: 2026-11-20
players: [Ah Fook, Mei, Jun, Lan]
stake: 10
hands:
  - dealer: Ah Fook
    winner: Mei
    win_type: self_draw
    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}
  - draw: true
"""
SATURDAY = FRIDAY.replace("2026-11-20", "2026-11-21").replace("  - draw: true\n", "")
MEI = ["--winner", "Mei", "--self-draw", "--hand", "123m 456m 789p 234s 55s"]
MEI += ["--winning-tile", "4s"]
MEI_HAND = {
    "winner": "Mei",
    "win_type": "self_draw",
    "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
}
DRAW = {"draw": True}
COMMANDS = {  # what each command is asked, and the hands of Friday's file once it is done
    "record": (["record", "night.yaml", "--draw", "--yes"], 3),
    "undo": (["undo", "night.yaml", "--yes"], 1),
    "amend": (["record", "night.yaml", "--amend", "2", *MEI, "--yes"], 2),
}
HOOK = '''\
import os

from meizhou_score.records import sessionfile

_write = sessionfile.write


def _repointed_first(path, *args, **kwargs):
    """The night's link re-pointed to the other night just before the first write."""
    link, other = os.environ["REPOINT_LINK"], os.environ["REPOINT_TO"]
    if os.readlink(link) != other:
        os.symlink(other, link + ".new")
        os.replace(link + ".new", link)
    return _write(path, *args, **kwargs)


sessionfile.write = _repointed_first
'''


@pytest.fixture
def nights(tmp_path):
    """friday.yaml and saturday.yaml, and night.yaml a link to friday.yaml."""
    (tmp_path / "friday.yaml").write_text(FRIDAY)
    (tmp_path / "saturday.yaml").write_text(SATURDAY)
    (tmp_path / "night.yaml").symlink_to("friday.yaml")
    return tmp_path


def hooked(folder):
    """The environment of a child whose writer re-points night.yaml to saturday.yaml first."""
    hook = folder / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(HOOK)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return {
        **env,
        "PYTHONPATH": os.pathsep.join([str(hook), str(ROOT)]),
        "REPOINT_LINK": str(folder / "night.yaml"),
        "REPOINT_TO": "saturday.yaml",
    }


def hands(path):
    return yaml.safe_load(path.read_text())["hands"]


def run(args, cwd, env=None, **popen):
    return subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **popen,
    )


# ---------------------------------------------------------------- re-pointed before the rename


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_writes_the_night_it_read_when_the_link_moves_before_the_rename(nights, command):
    args, count = COMMANDS[command]
    proc = run(args, nights, hooked(nights))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err.decode()
    assert os.readlink(nights / "night.yaml") == "saturday.yaml"  # the hook did re-point it
    assert (nights / "saturday.yaml").read_text() == SATURDAY  # every byte of the other night
    friday = hands(nights / "friday.yaml")
    assert len(friday) == count and friday[0] == {"dealer": "Ah Fook", **MEI_HAND}
    if command == "record":
        assert friday[1:] == [DRAW, DRAW]
    if command == "amend":  # hand 2, the draw, now Mei's self-draw (she deals it, R10)
        assert friday[1] == MEI_HAND


def call(base, path, body=None, method="POST", headers=None):
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Content-Type": "application/json", "Origin": base, **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


WEB_WRITES = {  # method, path, body; the hands of Friday's file once it is written
    "POST": ("POST", "/api/hands", DRAW, 3),
    "PUT": ("PUT", "/api/hands/2", MEI_HAND, 2),
    "DELETE": ("DELETE", "/api/hands/last", None, 1),
}


@pytest.mark.parametrize("write", WEB_WRITES)
def test_a_write_from_the_page_goes_to_the_night_it_read_when_the_link_moves(nights, write):
    method, path, body, count = WEB_WRITES[write]
    version = _version(nights / "friday.yaml")
    base, proc = start_serve(
        nights / "night.yaml",
        env=hooked(nights),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        status, answer = call(base, path, body, method, {"If-Match": f'"{version}"'})
    finally:
        proc.send_signal(signal.SIGINT)
        err = proc.communicate(timeout=30)[1]
    assert b"Traceback" not in err
    assert status in (200, 201), answer
    assert (nights / "saturday.yaml").read_text() == SATURDAY
    assert len(hands(nights / "friday.yaml")) == count == len(answer["hands"])
    assert answer["version"] == _version(nights / "friday.yaml")  # what was written, and where


def _version(path):
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


# ---------------------------------------------------------------- re-pointed before the lock

MOVED = {
    "en": "night.yaml was pointed at another file ({saturday}) after the night was read from "
    "{friday}; nothing was written (run it again to write to the night it names now)",
    "zh-Hant": "從 {friday} 讀出這一場之後，night.yaml 被改為指向另一個文件（{saturday}）；"
    "沒有寫入任何東西（要寫入它現在指向的一場，請再執行一次）",
    "zh-Hans": "从 {friday} 读出这一场之后，night.yaml 被改为指向另一个文件（{saturday}）；"
    "没有写入任何东西（要写入它现在指向的一场，请再运行一次）",
}


def waiting_for_lock(pid: int, folder, timeout: float = 60) -> None:
    """Until process ``pid`` waits for the flock on ``folder`` (a ``->`` line in /proc/locks)."""
    inode = f":{os.stat(folder).st_ino} "
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with open("/proc/locks") as locks:
            for line in locks:
                fields = line.split()
                if "->" in fields and str(pid) in fields and inode in line + " ":
                    return
        time.sleep(0.01)
    pytest.fail(f"process {pid} did not wait for the lock on {folder} within {timeout} s")


@pytest.fixture
def copied(nights):
    """saturday.yaml a copy of friday.yaml, byte for byte (the careless table's cp): no version
    tells the two apart, only the file."""
    (nights / "saturday.yaml").write_text(FRIDAY)
    return nights


@pytest.mark.parametrize(
    "command, lang", [("record", "en"), ("undo", "zh-Hant"), ("amend", "zh-Hans")]
)
def test_a_command_refuses_when_the_link_names_another_night_by_its_write(copied, command, lang):
    args = [*COMMANDS[command][0], "--lang", lang]
    folder = os.open(copied, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)  # the night's lock: the command reads, then waits
        proc = run(args, copied)
        waiting_for_lock(proc.pid, copied)
        os.symlink("saturday.yaml", copied / "night.new")
        os.replace(copied / "night.new", copied / "night.yaml")
    finally:
        os.close(folder)  # the lock let go
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2, (out.decode(), err.decode())
    said = MOVED[lang].format(friday=copied / "friday.yaml", saturday=copied / "saturday.yaml")
    assert said in " ".join(err.decode().split()), err.decode()
    assert (copied / "friday.yaml").read_text() == FRIDAY
    assert (copied / "saturday.yaml").read_text() == FRIDAY


WEB_MOVED = {
    "en": "The night's file was switched for another one while this was written; nothing was "
    "written. This is the night it names now.",
    "zh-Hant": "寫入時這一場的文件被換成了另一個文件；沒有寫入任何東西。這是它現在指向的一場。",
    "zh-Hans": "写入时这一场的文件被换成了另一个文件；没有写入任何东西。这是它现在指向的一场。",
}


@pytest.mark.parametrize("lang", WEB_MOVED)
def test_a_write_from_the_page_is_refused_412_when_the_link_moves_while_it_waits(copied, lang):
    base, proc = start_serve(
        copied / "night.yaml", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    version = _version(copied / "friday.yaml")
    answers: list = []
    try:
        import threading

        folder = os.open(copied, os.O_RDONLY)
        try:
            fcntl.flock(folder, fcntl.LOCK_EX)
            phone = threading.Thread(
                target=lambda: answers.append(
                    call(
                        base, f"/api/hands?lang={lang}", DRAW, "POST", {"If-Match": f'"{version}"'}
                    )
                )
            )
            phone.start()
            waiting_for_lock(proc.pid, copied)
            os.symlink("saturday.yaml", copied / "night.new")
            os.replace(copied / "night.new", copied / "night.yaml")
        finally:
            os.close(folder)
        phone.join(timeout=60)
    finally:
        proc.send_signal(signal.SIGINT)
        err = proc.communicate(timeout=30)[1]
    assert b"Traceback" not in err
    [(status, answer)] = answers
    assert status == 412 and answer["error"] == WEB_MOVED[lang]
    assert answer["changed"] == {"kind": "changed", "hand": None}
    assert len(answer["night"]["hands"]) == 2  # the night it names now: Saturday's two hands
    assert (copied / "friday.yaml").read_text() == FRIDAY
    assert (copied / "saturday.yaml").read_text() == FRIDAY
