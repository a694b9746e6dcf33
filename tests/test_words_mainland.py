"""Simplified as the mainland writes it: each reviewed word of meizhou_score/i18n/mainland.py, and no word
Taiwan says otherwise left anywhere in the Simplified catalogs."""

from __future__ import annotations

import pytest

from meizhou_score.i18n import help as _help  # noqa: F401 - registers the help catalog read here
from meizhou_score.i18n import messages as _messages  # noqa: F401 - registers the messages catalog
from meizhou_score.i18n import words as _words  # noqa: F401 - registers the words catalog
from meizhou_score.i18n.catalog import catalog
from meizhou_score.i18n.language import language_of, pick
from meizhou_score.i18n.mainland import REVIEWED, mainland
from meizhou_score.i18n.scripts import simplified


def _simplified_texts() -> list[str]:
    return [
        text for kind in ("messages", "words", "help") for text in catalog("zh-Hans", kind).values()
    ]


@pytest.mark.parametrize(("taiwan", "said"), list(REVIEWED.items()))
def test_each_reviewed_word_is_the_mainlands(taiwan, said):
    assert mainland(f"在{taiwan}中") == f"在{said}中"
    left = [text for text in _simplified_texts() if taiwan in text and said not in text]
    assert not left, left[:3]


@pytest.mark.parametrize(
    ("traditional", "expected"),
    [
        ("規則檔", "规则文件"),
        ("第 2 行第 1 欄", "第 2 行第 1 列"),
        ("附註", "备注"),
        ("不論其餘寫了甚麼", "不论其余写了什么"),
        ("請在終端機執行", "请在终端运行"),
        ("「阿明」", "“阿明”"),
        ("這是這個指令的輸入檔（n.yaml）", "这是这个命令的输入文件（n.yaml）"),
    ],
)
def test_sentences_in_simplified(traditional, expected):
    assert simplified(traditional) == expected


def test_no_corner_quotes_or_taiwan_words_in_simplified():
    for text in _simplified_texts():
        assert "「" not in text and "」" not in text, text
        for word in ("纪录", "规则档", "甚么", "终端机", "唯读", "附注", "预设"):
            assert word not in text, text


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("zh-Hans-TW", "zh-Hans"),  # the script wins over the region
        ("zh-Hant-CN", "zh-Hant"),
        ("zh_CN.UTF-8", "zh-Hans"),
        ("zh_TW", "zh-Hant"),
        ("zh", "zh-Hant"),
        ("zh-SG", "zh-Hans"),
        ("en-GB", "en"),
        ("fr_FR", None),
    ],
)
def test_one_tag_names_one_language(tag, lang):
    assert language_of(tag) == lang


def test_pick_takes_the_option_then_the_browser_then_the_locale():
    assert pick("zh-Hans", accept="en") == "zh-Hans"
    assert pick(None, accept="fr-FR, zh-Hans-TW;q=0.9, en;q=0.8") == "zh-Hans"
    assert pick(None, accept="fr", locale=["", "zh_TW.UTF-8"]) == "zh-Hant"
    assert pick(None, locale=["C.UTF-8", "zh_CN.UTF-8"]) == "en"  # the first variable set decides
    assert pick() == "en"
