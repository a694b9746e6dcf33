"""The words of the command line around an error and in --help, in the player's language: the usage
line after a usage error, the placeholders of the help, and its lines measured as a terminal shows
them (issue 34 §2)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli


def _stderr(*args, env=None):
    result = CliRunner().invoke(cli, list(args), env=env, prog_name="meizhou-score")
    assert result.exit_code == 2, result.output
    return result.stderr


@pytest.mark.parametrize(
    ("lang", "usage"),
    [
        ("zh-Hant", "用法：meizhou-score settle [選項] "),
        ("zh-Hans", "用法：meizhou-score settle [选项] "),
    ],
)
def test_the_usage_line_after_an_error_is_in_the_players_words(lang, usage):
    said = _stderr("settle", "--lang", lang, "--bogus")
    assert said.startswith(usage), said
    assert "OPTIONS" not in said and "Usage" not in said


def test_a_mistyped_command_under_a_chinese_locale_shows_chinese_placeholders():
    said = _stderr("nosuch", env={"LC_ALL": "zh_TW.UTF-8"})
    assert said.startswith("用法：meizhou-score [選項] 命令 [參數]...\n"), said


def test_english_usage_errors_are_clicks_own_words():
    # click gives no "Try ... --help" line where a command carries its own --help, as settle does
    said = _stderr("settle", "--bogus", env={"LC_ALL": "C"})
    assert said == (
        "Usage: meizhou-score settle [OPTIONS] FILE...\n\n"
        "Error: No such option '--bogus'. Did you mean '--jobs'?\n"
    )
    said = _stderr("nosuch", env={"LC_ALL": "C"})
    assert said == (
        "Usage: meizhou-score [OPTIONS] COMMAND [ARGS]...\n"
        "Try 'meizhou-score --help' for help.\n\n"
        "Error: No such command 'nosuch'.\n"
    )


def test_chinese_usage_errors_always_say_where_the_help_is():
    said = _stderr("settle", "--lang", "zh-Hant", "--bogus")
    assert "\n用「meizhou-score settle --help」看說明。\n\n錯誤：" in said


@pytest.mark.parametrize(
    ("lang", "usage", "option"),
    [
        ("zh-Hant", "用法：meizhou-score record [選項] 場次文件.yaml", "--winner 名字"),
        ("zh-Hans", "用法：meizhou-score record [选项] 场次文件.yaml", "--winner 名字"),
    ],
)
def test_the_helps_placeholders_are_chinese(lang, usage, option):
    result = CliRunner().invoke(
        cli, ["record", "--help", "--lang", lang], prog_name="meizhou-score"
    )
    assert result.output.startswith(usage + "\n"), result.output
    assert f"  {option} " in result.output
    for english in ("SESSION.yaml", "NAME", "TILES", "PLAYER:TYPE", "FILE"):
        assert english not in result.output.split("例子")[0], english


def test_placeholders_in_a_usage_error_and_in_english():
    said = _stderr("ledger", "pay", "--lang", "zh-Hant")
    assert said.startswith("用法：meizhou-score ledger pay [選項] 付款者 收款者 金額\n"), said
    english = CliRunner().invoke(cli, ["record", "--help"], env={"LC_ALL": "C"})
    assert "[OPTIONS] SESSION.yaml" in english.output and "--winner NAME " in english.output


@pytest.mark.parametrize(
    ("lang", "locale"), [("zh-Hant", "zh_TW.UTF-8"), ("zh-Hans", "zh_CN.UTF-8")]
)
def test_chinese_help_fits_80_cells(lang, locale):
    """Every command's --help at COLUMNS=80 measured as a terminal shows it (a Chinese character
    takes two cells); only the examples, typed as they are in English too, may run longer."""
    from wcwidth import wcswidth

    from meizhou_score.cli.shared.speaking import commands

    for path, _ in commands(cli):
        args = [] if path == "meizhou-score" else path.split()
        result = CliRunner().invoke(
            cli,
            [*args, "--help"],
            env={"LC_ALL": locale, "COLUMNS": "80"},
            prog_name="meizhou-score",
            terminal_width=80,
        )
        assert result.exit_code == 0, result.output
        for line in result.output.splitlines():
            if line.startswith("        meizhou-score ") or line.startswith("        cat "):
                continue  # an example command line
            assert wcswidth(line) <= 80, (path, wcswidth(line), line)
            assert line.strip()[:1] not in set("，。、：；）」”"), (
                path,
                line,
            )  # no closing mark first
