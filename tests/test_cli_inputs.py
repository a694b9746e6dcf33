"""Every input is input: closed streams, odd digits, absurd counts and impossible dates give exit 2, never 3."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from meizhou_score.cli.app import cli


def shell(command: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        command, shell=True, cwd=ROOT, capture_output=True, text=True, executable="/bin/bash"
    )


PROGRAM = f"{sys.executable} -m meizhou_score"


@pytest.mark.parametrize("command", ["settle -", "settle --jsonl -", "record night.yaml --draw"])
def test_a_closed_standard_input_is_a_clear_error(command, tmp_path):
    result = shell(f"cd {tmp_path} && {PROGRAM} {command} <&-")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert not (tmp_path / "night.yaml").exists()


@pytest.mark.parametrize("kong", ["mei:²:1z", "²:concealed:1z", "mei:concealed:²z"])
def test_a_superscript_digit_is_refused_not_a_crash(kong, tmp_path):
    night = tmp_path / "night.yaml"
    result = CliRunner().invoke(
        cli,
        [
            "record",
            str(night),
            "--players",
            "Ah Fook,Mei,Jun,Lan",
            "--dealer",
            "Ah Fook",
            "--winner",
            "jun",
            "--self-draw",
            "--hand",
            "123m 456p 789s 55s",
            "--winning-tile",
            "5s",
            "--kong",
            kong,
            "--no-ask",
            "--yes",
        ],
    )
    assert result.exit_code == 2 and "internal error" not in result.output
    assert not night.exists()


def test_unicode_decimal_digits_choose_as_ascii_ones_do():
    from meizhou_score.cli.shared.answers import KONG_TYPE_WORDS, choice, player
    from meizhou_score.errors import EntryError
    from meizhou_score.i18n.messages import msg

    table = ("Ah Fook", "Mei", "Jun", "Lan")
    assert (
        player("３", table, numbered=True) == "Jun"
    )  # a full-width 3, as a Chinese input method types it
    assert choice("２", KONG_TYPE_WORDS, msg("a kong type")) == "added"
    with pytest.raises(EntryError):
        player("²", table, numbered=True)
    with pytest.raises(EntryError):
        choice("²", KONG_TYPE_WORDS, msg("a kong type"))


def test_absurd_counts_in_check_say_the_true_count():
    pungs = [arg for _ in range(90) for arg in ("--pung", "777z")]
    result = CliRunner().invoke(cli, ["check", "11m", *pungs])
    assert result.exit_code == 2 and "270 copies of 7z" in result.stderr  # 90 pungs × 3
    result = CliRunner().invoke(cli, ["check", "1m" * 2000])
    assert result.exit_code == 2 and "2000 copies of 1m" in result.stderr


@pytest.mark.parametrize("day", ["2026-13-45", "2026-02-30"])
def test_a_date_that_is_not_in_the_calendar(day, tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(
        (EXAMPLES / "session.yaml").read_text(encoding="utf-8") + f"date: {day}\n", encoding="utf-8"
    )
    settled = CliRunner().invoke(cli, ["settle", str(night)])
    assert settled.exit_code == 2 and "not a date in the calendar" in settled.stderr
    db = tmp_path / "club.sqlite3"
    added = CliRunner().invoke(cli, ["ledger", "--db", str(db), "add", str(night)])
    assert added.exit_code == 2 and "not a date in the calendar" in added.output


def test_a_date_with_a_time_is_that_days_night(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(
        (EXAMPLES / "session.yaml").read_text(encoding="utf-8") + "date: 2026-11-19 20:00:00\n",
        encoding="utf-8",
    )
    db = str(tmp_path / "club.sqlite3")
    assert CliRunner().invoke(cli, ["ledger", "--db", db, "add", str(night)]).exit_code == 0
    nights = json.loads(
        CliRunner()
        .invoke(
            cli,
            [
                "ledger",
                "--db",
                db,
                "nights",
                "--since",
                "2026-11-19",
                "--until",
                "2026-11-19",
                "--format",
                "json",
            ],
        )
        .stdout
    )
    assert [n["date"] for n in nights] == ["2026-11-19"]


@pytest.mark.parametrize(
    "option", [["--settle-up"], ["--hands"], ["--chart", "totals.svg"], ["--explain"]]
)
def test_an_option_bulk_mode_cannot_honour_is_refused_not_ignored(option, tmp_path, monkeypatch):
    # --settle-up, --hands and --chart were taken with --jsonl and did
    # nothing (no settle_up in the output, no chart written), where --explain was refused
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["settle", "--jsonl", str(EXAMPLES / "hands.jsonl"), *option])
    assert result.exit_code == 2
    assert f"{option[0]} does nothing with --jsonl" in result.stderr
    assert result.stdout == "" and not (tmp_path / "totals.svg").exists()


def test_a_jsonl_log_given_without_jsonl_is_pointed_there():
    # `settle my.jsonl` said only "YAML error: did not find expected
    # <document start>"
    result = CliRunner().invoke(cli, ["settle", str(EXAMPLES / "hands.jsonl")])
    assert result.exit_code == 2
    assert "YAML error" in result.stderr
    assert "(one JSON record a line? settle --jsonl reads such a log)" in result.stderr


def test_a_jsonl_log_with_blank_lines_is_pointed_there_too(tmp_path):
    # a blank line near the top hid the hint
    for name, text in (("gap", '{"a": 1}\n\n{"b": 2}\n'), ("blanks", '\n\n{"a": 1}\n{"b": 2}\n')):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(cli, ["settle", str(path)])
        assert result.exit_code == 2
        assert "settle --jsonl reads such a log" in result.stderr, name
