"""What README.md and docs/ must say for a reader who has only them: every command in formats.md's list,
the win a record cannot hold (R11) said where a player looks first, the page's setup as the page
has it, and Dask installed from a clone."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import ROOT

from meizhou_score.cli.app import cli


def test_the_commands_list_names_every_command_and_the_bulk_and_chart_options():
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    listed = text.split("## The commands", 1)[1].split("```", 2)[1]
    commands = re.findall(r"^meizhou-score (\S+)", listed, re.M)
    assert set(cli.commands) <= set(commands), set(cli.commands) - set(commands)
    for option in ("settle FILE... [--rules FILE]", "--chart FILE.svg", "--jsonl", "--jobs N"):
        assert option in listed, option
    for where in ("auditing.md", "web.md", "#the-ledger", "#recording-a-hand"):
        assert f"]({where})" in text.replace("\n", " "), where


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "a win on another player's discard is not scored and cannot be recorded (R11"),
        ("zh-Hant", "只有自摸、槓上開花和搶槓才算胡：胡別人打出的牌不計分，也無法記下（R11"),
        ("zh-Hans", "只有自摸、杠上开花和抢杠才算胡：胡别人打出的牌不计分，也无法记下（R11"),
    ],
    ids=["en", "zh-Hant", "zh-Hans"],
)
def test_record_help_says_a_discard_win_cannot_be_recorded(lang, said):
    done = CliRunner().invoke(cli, ["record", "--help", "--lang", lang], env={"COLUMNS": "300"})
    assert done.exit_code == 0
    assert said in " ".join(done.stdout.split()).replace("， ", "，"), done.stdout


def test_the_readme_says_what_a_night_can_record_and_how_the_page_sets_one_up():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "a discard win cannot be recorded ([R11](docs/rules.md))" in readme
    assert "first dealer" not in readme  # the setup form has no dealer: the first hand asks
    assert "its first hand asks who deals, and nothing is saved until that hand is recorded" in (
        readme
    )


def test_dask_is_installed_from_pypi_or_from_a_clone():
    text = " ".join((ROOT / "docs" / "auditing.md").read_text(encoding="utf-8").split())
    assert "`pip install 'meizhou-score[dask]'` from PyPI" in text
    assert "`pip install -e '.[dask]'` in a clone" in text
