"""What record writes reads back as written, and a session file is never lost, cut short or grown past reading."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest
import yaml
from click.testing import CliRunner
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from meizhou_score.cli.app import cli
from meizhou_score.records.loader import load_yaml
from meizhou_score.records.yamlout import scalar

FIRST = [
    "--dealer",
    "Ah Fook",
    "--winner",
    "mei",
    "--self-draw",
    "--hand",
    "123m 456m 789p 234s 55s",
    "--winning-tile",
    "4s",
    "--yes",
    "--no-ask",
]
PLAYERS = ["--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--date", "2026-11-19"]


def record(*args, env=None):
    return CliRunner().invoke(cli, ["record", *map(str, args)], env=env)


# names a record may hold: no control, invisible or broken characters, none at the ends (records/names.py)
NAMES = (
    st.text(
        st.characters(blacklist_categories=("Cc", "Cs", "Cf", "Zl", "Zp")), min_size=1, max_size=64
    )
    .map(str.strip)
    .filter(bool)
)


@settings(max_examples=400, deadline=None)
@given(NAMES)
def test_a_name_reads_back_as_the_text_it_is(name):
    # what PyYAML's own resolver and our loader make of the name as written, in the flow list players use
    written = f"[{scalar(name)}]"
    assert yaml.safe_load(written) == [name]
    assert load_yaml(written) == [name]


@pytest.mark.parametrize(
    "names", ["0x1F,0b11,Jun,Mei", "2026-01-01,yes,~,1_000", ".inf,null,NO,12:30"]
)
def test_names_that_look_like_numbers_dates_or_words_stay_names(tmp_path, names):
    night = tmp_path / "night.yaml"
    first = names.split(",")[0]
    result = record(night, "--players", names, "--dealer", first, "--draw", "--yes", "--no-ask")
    assert result.exit_code == 0, result.output
    out = json.loads(CliRunner().invoke(cli, ["settle", str(night), "--format", "json"]).stdout)
    assert list(out["totals"]) == names.split(",")


def test_a_write_past_the_size_limit_is_refused_first(tmp_path):
    night = tmp_path / "night.yaml"
    assert record(night, *PLAYERS, *FIRST).exit_code == 0
    before = night.read_bytes()
    env = {
        "MEIZHOU_MAX_SESSION_BYTES": str(len(before) + 5)
    }  # the file reads; one more hand would not
    result = record(night, "--draw", "--yes", "--no-ask", env=env)
    assert (
        result.exit_code == 2 and "past the limit" in result.stderr and "new night" in result.stderr
    )
    assert night.read_bytes() == before
    assert CliRunner().invoke(cli, ["settle", str(night)], env=env).exit_code == 0  # still readable


def test_a_linked_session_writes_its_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "nights" / "2026-11-19.yaml"
    target.parent.mkdir()
    assert record(target, *PLAYERS, *FIRST).exit_code == 0
    link = tmp_path / "tonight.yaml"
    link.symlink_to(target)
    assert record(link, "--draw", "--yes", "--no-ask").exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert "draw: true" in target.read_text(encoding="utf-8")


def test_a_read_only_session_is_refused(tmp_path):
    night = tmp_path / "night.yaml"
    assert record(night, *PLAYERS, *FIRST).exit_code == 0
    night.chmod(0o444)
    before = night.read_bytes()
    for args in (["--draw", "--yes", "--no-ask"], ["--amend", *FIRST[2:]]):
        result = record(night, *args)
        assert result.exit_code == 2 and "read-only" in result.stderr
    assert CliRunner().invoke(cli, ["undo", str(night), "--yes"]).exit_code == 2
    assert night.read_bytes() == before and stat.S_IMODE(night.stat().st_mode) == 0o444


def test_a_comment_after_the_last_hand_survives_undo_and_amend(tmp_path):
    night = tmp_path / "night.yaml"
    assert record(night, *PLAYERS, *FIRST).exit_code == 0
    assert record(night, "--draw", "--yes", "--no-ask").exit_code == 0
    with night.open("a", encoding="utf-8") as handle:
        handle.write("# paid in full at 23:40 — Lan\n")
    assert (
        record(
            night,
            "--amend",
            "--winner",
            "jun",
            "--self-draw",
            "--hand",
            "123m 456p 789s 111z 55s",
            "--winning-tile",
            "5s",
            "--yes",
            "--no-ask",
        ).exit_code
        == 0
    )
    text = night.read_text(encoding="utf-8")
    assert text.endswith("# paid in full at 23:40 — Lan\n") and "draw: true" not in text
    assert CliRunner().invoke(cli, ["undo", str(night), "--yes"]).exit_code == 0
    text = night.read_text(encoding="utf-8")
    assert text.endswith("# paid in full at 23:40 — Lan\n") and "winner: Jun" not in text


def test_an_empty_file_is_a_new_session(tmp_path):
    night = tmp_path / "night.yaml"
    night.touch()
    assert record(night, *PLAYERS, *FIRST).exit_code == 0
    out = json.loads(CliRunner().invoke(cli, ["settle", str(night), "--format", "json"]).stdout)
    assert out["totals"] == {
        "Ah Fook": -20,
        "Mei": 60,
        "Jun": -20,
        "Lan": -20,
    }  # R5: 2 units × 10 from each


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path, umask, mode):
    night = tmp_path / "night.yaml"
    code = (
        f"import os, sys; os.umask({umask}); from meizhou_score.cli.app import main; "
        f"sys.argv = ['meizhou-score', 'record', {str(night)!r}, *{PLAYERS!r}, *{FIRST!r}]; main()"
    )
    assert (
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True).returncode == 0
    )
    assert stat.S_IMODE(night.stat().st_mode) == mode


def test_a_record_killed_at_any_moment_leaves_the_old_file_or_the_new(tmp_path):
    # real processes killed with SIGKILL while they record: the file always reads, with the hands it had or one more
    import random
    import signal
    import time

    night = tmp_path / "night.yaml"
    head = (ROOT / "examples" / "session.yaml").read_text(encoding="utf-8")
    night.write_text(
        head + "  - draw: true\n" * 3000, encoding="utf-8"
    )  # large enough to take a while to write
    code = (
        f"import sys; from meizhou_score.cli.app import main; "
        f"sys.argv = ['meizhou-score', 'record', {str(night)!r}, '--draw', '--yes', '--no-ask']; main()"
    )
    rng = random.Random(5)
    hands = 3004
    # a record of this night takes ~0.45 s here, its write ~1 ms of it: half the kills come at a
    # random moment, half as soon as a write is seen begun (a new temporary file, or the file
    # itself changed: a write in place would be caught in the middle)
    for round_ in range(8):
        left = {p.name for p in tmp_path.iterdir()}  # a killed write's temporary file stays
        was = night.stat()

        def writing() -> bool:
            now = night.stat()
            if (now.st_size, now.st_mtime_ns) != (was.st_size, was.st_mtime_ns):
                return True
            return any(p.name.endswith(".tmp") and p.name not in left for p in tmp_path.iterdir())

        proc = subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if round_ % 2:
            deadline = time.monotonic() + 60
            while proc.poll() is None and time.monotonic() < deadline:
                if writing():
                    break
                time.sleep(0.0002)
        else:
            time.sleep(rng.uniform(0.05, 0.6))  # the moment is the point: not a wait
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        out = CliRunner().invoke(cli, ["settle", str(night), "--format", "json"])
        assert out.exit_code == 0, out.output[-300:]
        now = len(json.loads(out.stdout)["hands"])
        assert now in (hands, hands + 1)
        hands = now
