"""One process, several languages: the help and the usage errors said in one language leave no words
behind for the next command line (Chinese help, then English help, stays English).

click says the words of a command's --help and --version options when the command is made, and the
commands are made lazily, when first asked for. Each sequence runs in a fresh Python process, so
that the commands are first made inside it, in the order given, whatever the tests before have
imported.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from meizhou_score import __version__

SEQUENCE = """
import json, sys
from click.testing import CliRunner
from meizhou_score.cli.app import cli

said = []
for args, locale in json.loads(sys.argv[1]):
    env = {"LC_ALL": locale} if locale else None
    result = CliRunner().invoke(cli, args, env=env, prog_name="meizhou-score")
    said.append(
        result.stdout + "--- stderr\\n" + result.stderr + f"--- exit {result.exit_code}\\n"
    )
print(json.dumps(said))
"""

TW = "zh_TW.UTF-8"
CJK = re.compile("[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
# click's own words for its options, and the Traditional Chinese catalog's (issue 34)
ENGLISH = {"--help": "Show this message and exit.", "--version": "Show the version and exit."}
CHINESE = {"--help": "顯示這份說明後結束。", "--version": "顯示版本後結束。"}
ENGLISH_HELP = [
    (["--help"], None),
    (["settle", "--help", "--lang", "en"], None),
    (["ledger", "--help"], None),
    (["ledger", "add", "--help"], None),
]


def said(steps: list[tuple[list[str], str | None]]) -> list[str]:
    """What each command line of ``steps`` (its arguments, its LC_ALL) says, run one after the
    other in one fresh process whose locale is English."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LANGUAGE", "LC_MESSAGES")}
    env["LC_ALL"] = "C.UTF-8"
    done = subprocess.run(
        [sys.executable, "-c", SEQUENCE, json.dumps(steps)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def option_line(text: str, option: str) -> str:
    """The help's line for ``option`` (``-h, --help  Show this message and exit.``)."""
    lines = [line for line in text.splitlines() if re.match(rf"\s+(-h, )?{option}\s", line)]
    assert len(lines) == 1, text
    return lines[0]


def assert_help_in(text: str, words: dict[str, str]) -> None:
    for option, help_words in words.items():
        line = option_line(text, option)
        assert line.rstrip().endswith(help_words), line


@pytest.mark.parametrize(
    "chinese",
    [
        (["--help"], TW),
        (["ledger", "add", "--help"], TW),
        (["settle", "--help", "--lang", "zh"], None),
    ],
    ids=["main group", "subcommand", "--lang zh"],
)
def test_english_help_after_chinese_help_stays_english(chinese):
    first, *english = said([chinese, *ENGLISH_HELP, (["ledger", "add", "--version"], None)])
    assert_help_in(first, CHINESE)  # the Chinese help was Chinese
    for text in english[:-1]:
        assert_help_in(text, ENGLISH)
        assert not CJK.search(option_line(text, "--help") + option_line(text, "--version"))
    assert english[-1] == f"meizhou-score, version {__version__}\n--- stderr\n--- exit 0\n"
    # and word for word what a process that never spoke Chinese says
    assert english == said([*ENGLISH_HELP, (["ledger", "add", "--version"], None)])


def test_chinese_help_after_english_help_stays_chinese():
    chinese = [(args, TW) for args, _ in ENGLISH_HELP if "--lang" not in args]
    *english, after = said([*ENGLISH_HELP, *chinese])[len(ENGLISH_HELP) - 1 :]
    assert_help_in(english[0], ENGLISH)
    for text in [*english[1:], after]:
        assert_help_in(text, CHINESE)
        assert "Usage:" not in text and "Options:" not in text
    assert [*english[1:], after] == said(chinese)


def test_english_after_chinese_usage_errors_stays_english():
    mistakes = [
        (["settle", "--bogus"], TW),  # no such option
        (["--bogus"], TW),  # on the main group
        (["ledger", "add"], TW),  # a missing argument
        (["settle", "examples/self-draw.yaml", "--format", "xml"], TW),  # a bad choice
    ]
    english_errors = [(args, None) for args, _ in mistakes]
    after = said([*mistakes, *english_errors, *ENGLISH_HELP])
    for text in after[: len(mistakes)]:
        assert "用法：meizhou-score" in text and "錯誤：" in text and "--- exit 2" in text, text
    english = after[len(mistakes) :]
    assert english[0] == (
        "--- stderr\nUsage: meizhou-score settle [OPTIONS] FILE...\n\n"
        "Error: No such option '--bogus'. Did you mean '--jobs'?\n--- exit 2\n"
    )
    for text in english[: len(mistakes)]:
        assert not CJK.search(text), text
    assert english == said([*english_errors, *ENGLISH_HELP])
