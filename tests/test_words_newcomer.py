"""What a newcomer and a native reader still found in English or unclear (issue 34): the night
file's comment, the tile notation in a bad tile's error, the system's reasons, click's placeholders
and the --kong help, in the player's language, in both scripts (and English where it applies).

Every expected figure is worked out by hand from RULES.md in the comments.
"""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

from meizhou_score.cli.app import cli

HAND = [
    "--players",
    "阿福,阿梅,阿君,阿蘭",
    "--stake",
    "10",
    "--dealer",
    "阿福",
    "--date",
    "2026-11-19",
    "--winner",
    "阿梅",
    "--self-draw",
    "--hand",
    "123m 456m 789p 234s 55s",
    "--winning-tile",
    "4s",
    "--yes",
    "--no-ask",
]

NIGHT_COMMENTS = {
    "en": [
        "# A night of Meizhou mahjong, written by `meizhou-score record`.",
        "# Hands are appended below; comments and edits you make are kept.",
    ],
    "zh-Hant": [
        "# 梅州麻將的一場，由 `meizhou-score record` 記下。",
        "# 各局依次加在下面；你寫的註解和修改都會保留。",
    ],
    "zh-Hans": [
        "# 梅州麻将的一场，由 `meizhou-score record` 记下。",
        "# 各局依次加在下面；你写的注释和修改都会保留。",
    ],
}
HAND_COMMENT = {
    "en": "# One hand of Meizhou mahjong, written by `meizhou-score record`.",
    "zh-Hant": "# 梅州麻將的一局，由 `meizhou-score record` 記下。",
    "zh-Hans": "# 梅州麻将的一局，由 `meizhou-score record` 记下。",
}


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_night_file_begins_with_a_comment_in_the_players_language(tmp_path, lang):
    night = tmp_path / "night.yaml"
    result = run("record", night, *HAND, "--lang", lang)
    assert result.exit_code == 0, result.output
    lines = night.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == NIGHT_COMMENTS[lang]
    data = yaml.safe_load(night.read_text(encoding="utf-8"))  # only comments changed
    assert data["players"] == ["阿福", "阿梅", "阿君", "阿蘭"] and len(data["hands"]) == 1
    # Mei self-draws an ordinary hand (ratio 1) at stake 10: 2 units from each of three (R5)
    settled = run("settle", night, "--format", "json")
    assert settled.exit_code == 0, settled.output
    assert json.loads(settled.stdout)["totals"] == {
        "阿福": -20,
        "阿梅": 60,
        "阿君": -20,
        "阿蘭": -20,
    }


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_a_single_hand_record_begins_with_a_comment_in_the_players_language(lang):
    result = run("record", *HAND, "--lang", lang, "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == HAND_COMMENT[lang]


def test_the_comment_is_kept_when_the_only_hand_is_taken_back_and_recorded_again(tmp_path):
    night = tmp_path / "night.yaml"
    assert run("record", night, *HAND, "--lang", "zh-Hans").exit_code == 0
    assert run("undo", night, "--yes", "--lang", "en").exit_code == 0  # the file is emptied
    assert night.read_text(encoding="utf-8").splitlines()[:2] == NIGHT_COMMENTS["zh-Hans"]
    again = run("record", night, *HAND[4:6], *HAND[8:], "--lang", "en")  # hand 1 again
    assert again.exit_code == 0, again.output
    assert night.read_text(encoding="utf-8").splitlines()[:2] == NIGHT_COMMENTS["zh-Hans"]
