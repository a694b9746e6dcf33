"""A reader that goes away (`| head -1`) ends every command with exit 141, quietly, under the lowest click the
package allows and the newest installed: never exit 1, which a script would read as a dispute."""

from __future__ import annotations

import datetime
import json
import re
import subprocess
import sys

import pytest
from conftest import EXAMPLES, ROOT


def lowest_click() -> str:
    """The lowest click pyproject.toml allows (click>=8.1 → 8.1.0)."""
    found = re.search(r'"click>=([0-9.]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    version = found.group(1)
    return version if version.count(".") == 2 else version + ".0"


@pytest.fixture(scope="module", params=["installed", "lowest"])
def click_path(request, tmp_path_factory):
    """'' for the click installed; a folder holding the lowest allowed click, put first on the path."""
    if request.param == "installed":
        return ""
    folder = tmp_path_factory.mktemp("click-lowest")
    got = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(folder),
            f"click=={lowest_click()}",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if got.returncode != 0:
        pytest.skip(
            f"click=={lowest_click()} could not be installed (no package registry?): {got.stderr[-200:]}"
        )
    return str(folder)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """Output far larger than a pipe holds, written a piece at a time (a single write of it all can be taken whole
    by the kernel before the reader goes, and then no error is seen): 20,000 lines of hands, a 2,004-hand session
    settled 40 times over, a 300-night ledger."""
    sys.path.insert(0, str(ROOT / "tests"))
    import random

    from records import club_log

    folder = tmp_path_factory.mktemp("pipes")
    lines = folder / "hands.jsonl"
    lines.write_text(
        "".join(
            json.dumps(r, ensure_ascii=False) + "\n" for r in club_log(random.Random(3), 20_000)
        ),
        encoding="utf-8",
    )
    session = folder / "long.yaml"
    one = (EXAMPLES / "session.yaml").read_text(encoding="utf-8")
    session.write_text(
        one + "  - draw: true\n" * 2000, encoding="utf-8"
    )  # the night goes on: 2,004 hands
    db = folder / "club.sqlite3"
    nights = []
    for day in range(300):  # 300 nights on 300 dates (one night per date and table): an export
        # of 211 kB (CSV) and 407 kB (JSON lines), far past what a pipe holds (64 kB)
        night = folder / f"n{day}.yaml"
        date = datetime.date(2025, 1, 1) + datetime.timedelta(days=day)
        night.write_text(one + f"date: {date}\n", encoding="utf-8")
        nights.append(str(night))
    subprocess.run(  # one `ledger add` of them all (it takes many files)
        [sys.executable, "-m", "meizhou_score", "ledger", "--db", str(db), "add", *nights],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return {"lines": lines, "session": session, "db": db}


COMMANDS = {
    "settle --jsonl": lambda i: f"settle --jsonl {i['lines']}",
    "settle --jsonl --jobs 2": lambda i: f"settle --jsonl {i['lines']} --jobs 2",
    "settle many files": lambda i: "settle " + " ".join([str(i["session"])] * 40) + " --explain",
    "ledger export": lambda i: f"ledger --db {i['db']} export",
    "ledger export --format jsonl": lambda i: f"ledger --db {i['db']} export --format jsonl",
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_closed_pipe_is_exit_141(name, inputs, click_path):
    env = f"PYTHONPATH={click_path} " if click_path else ""
    command = (
        f"{env}{sys.executable} -m meizhou_score {COMMANDS[name](inputs)} | head -1 > /dev/null; "
        "echo ${PIPESTATUS[0]}"
    )
    result = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.stdout.strip() == "141", (result.stdout, result.stderr[-500:])
    assert "Traceback" not in result.stderr and "error" not in result.stderr.lower()
