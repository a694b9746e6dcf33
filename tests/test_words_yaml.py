"""The YAML parser's refusals in the player's words (i18n/yaml_words.py): each kind of mistake a
player makes in a file is said in Chinese after its line and column, never in the parser's English;
English readers read the parser's own sentence."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli

# (the file, what 简体 says of it, what 繁體 says) — each sentence written by hand from the mistake
MISTAKES = [
    ('winner: "Mei\n', "文件意外结束（引号没有关上？）", "文件意外結束（引號沒有關上？）"),
    ('winner: "M\\qei"\n', "双引号里的“\\”写法 YAML 不认得", "雙引號裡的「\\」寫法 YAML 不認得"),
    ("winner: Mei\n---\nwinner: Jun\n", "文件里有第二份内容", "文件裡有第二份內容"),
    (
        "winner: !!python/object:os.system x\n",
        "这里不收以“!”开头的标签",
        "這裡不收以「!」開頭的標籤",
    ),
    (
        "%YAML 2.0\n---\nwinner: Mei\n",
        "以“%”开头的一行是 YAML 的声明",
        "以「%」開頭的一行是 YAML 的聲明",
    ),
    ("winner: *nobody\n", "以“*”开头的别名没有定义", "以「*」開頭的別名沒有定義"),
    ("a: &x 1\nb: &x 2\nc: [*x, *x]\n&x\n", "锚点或别名", "錨點或別名"),
    ("winner: \x01\n", "有看不见的控制字符", "有看不見的控制字符"),
    ("players: [a, b\nstake: 1\n", "方括号没有关上", "方括號沒有關上"),
    ("players: [a, b]\n\tstake: 1\n", "缩进里有 Tab", "縮進裡有 Tab"),
]
ENGLISH = re.compile(r"\b(found|expected|while|scanning|parsing|but|could|not|second|occurrence)\b")


@pytest.mark.parametrize(("text", "hans", "hant"), MISTAKES)
def test_a_yaml_mistake_is_said_in_chinese(text, hans, hant, tmp_path):
    path = tmp_path / "night.yaml"
    path.write_bytes(text.encode("utf-8"))
    for lang, said in (("zh-Hans", hans), ("zh-Hant", hant)):
        result = CliRunner().invoke(cli, ["settle", str(path), "--lang", lang])
        assert result.exit_code == 2
        error = result.stderr.replace(str(path), "night.yaml")
        assert said in error, error
        assert not ENGLISH.search(error), error
    english = CliRunner().invoke(cli, ["settle", str(path), "--lang", "en"]).stderr
    assert "YAML error: " in english and ENGLISH.search(english), english  # the parser's words
