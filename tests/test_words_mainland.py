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


# 繁體 keeps to Hong Kong and Guangdong usage (docs/architecture.md, "One voice in each script"):
# Taiwan's word beside Hong Kong's is a reader's stumble. Each with the word the catalogs say.
TAIWAN_IN_TRADITIONAL = {
    "檔": "文件",
    "程式": "程序",
    "預設": "默認",
    "資料夾": "文件夾",
    "字元": "字符",
    "位元組": "字節",
    "終端機": "終端",
    "唯讀": "只讀",
    "網路": "網絡",
    "埠": "端口",
    "紀錄": "記錄",
    "做莊": "坐莊",
    "二維碼": "QR 碼",
    "巢狀": "嵌套",
    "縮排": "縮進",
    "叢集": "集群",
    "排程器": "調度器",
    "位址": "地址",
    "磁碟": "磁盤",
    "印出": "輸出",
    "套件": "軟件包",
    "試算表": "電子表格",
    "管線": "管道",
    "稽核": "審計",
    "對照表": "映射",
    "一支手機": "一部手機",
    "結束代碼": "退出碼",
    "依語系": "按系統語言",
    "擴充功能": "插件",
}


def test_traditional_keeps_to_one_regional_voice():
    from meizhou_score.web import words as _web  # noqa: F401 - registers the server's words

    texts = [
        text
        for kind in ("messages", "words", "help", "click", "web")
        for text in catalog("zh-Hant", kind).values()
    ]
    left = {(word, text[:60]) for text in texts for word in TAIWAN_IN_TRADITIONAL if word in text}
    assert sorted(left) == []


@pytest.mark.parametrize(
    ("kind", "key", "said"),
    [
        # the docs (說明文件) were read as the rules document: 说明规则文本：套件源代码旁的 README
        ("help", "meizhou-score epilog", "说明：软件包源代码旁的 README"),
        # a row is 行 on the mainland (列 is a column)
        ("help", "ledger export --format", "CSV（每笔付款一行；没有付款的一局也占一行）"),
        # a preset is not a default (没有这个默认)
        ("web", "no_preset", "没有这套规则"),
        # a server that answers responds (响应); a port is 端口, not 连接端口
        ("web", "page_host", "这个服务器只响应它自己的地址"),
        ("messages", "no port after the host", "主机之后没有端口"),
        # 程序 is the program, never tw2sp's 进程 (a process); 文件 a file, never 文档
        ("messages", "the file could not be written as meant; nothing was written", "文件"),
        ("help", "serve", "另一部手机"),
    ],
)
def test_a_word_keeps_its_meaning_in_simplified(kind, key, said):
    from meizhou_score.web import words as _web  # noqa: F401 - registers the server's words

    text = catalog("zh-Hans", kind)[key]
    assert said in text, text
    assert "进程" not in text and "文档" not in text and "规则文本" not in text, text
