"""Simplified as the mainland writes it (大陆用语): the reviewed words where converting Taiwan's
text character by character (OpenCC's t2s) leaves a word the mainland does not use.

Read by a reviewer against mainland usage, one word a line, each pinned by a test
(tests/test_words_mainland.py) on a sentence the program really says. Applied after the characters
are converted, so the left side is already in Simplified characters; the longest words first.
"""

from __future__ import annotations

# Taiwan's word, converted character by character → the mainland's word
REVIEWED: dict[str, str] = {
    "档案": "文件",  # a file (before 规则档, so that 规则档案 is not 规则文件案)
    "规则档": "规则文件",  # a house-rules file
    "档名": "文件名",
    # a night's file, as the help's placeholder names it (场次文件.yaml)
    "场档": "场次文件",
    "图档": "图片文件",  # the chart's file (图片文件.svg)
    "输入档": "输入文件",  # 这个命令的输入文件: a command's input file
    "指令": "命令",  # a command (Taiwan's 指令码, a script, is made 脚本 before this)
    "纪录": "记录",  # a record (纪录 is a sports record)
    "栏": "列",  # 第 2 行第 1 列: a column
    "附注": "备注",  # a note
    "甚么": "什么",
    "预设值": "默认值",
    "预设": "默认",
    "终端机": "终端",
    "唯读": "只读",
    # the rules document the players wrote (tw2sp's 文档 reads as a computer file)
    "文档": "规则文本",
    "资料夹": "文件夹",
    "位元组": "字节",
    "字元": "字符",
    "布林值": "布尔值",
    "巢状": "嵌套",
    "缩排": "缩进",
    "程式": "程序",
    "伺服器": "服务器",
    "讯息": "信息",
    "萤幕": "屏幕",
    "网路": "网络",
    "游标": "光标",
    "执行": "运行",
    "稽核": "审核",
    "连结": "链接",
    "埠": "端口",
    "注解": "注释",  # a comment in a file (the night file's first lines say comments are kept)
    # a laptop (Hong Kong's 手提電腦; the phone page's "not answering")
    "手提电脑": "笔记本电脑",
}

# Taiwan's corner quotes → the mainland's curly quotes
QUOTES = str.maketrans({"「": "“", "」": "”", "『": "‘", "』": "’"})


def mainland(text: str) -> str:
    """``text`` (in Simplified characters) with the mainland's words and quotes."""
    for taiwan, said in REVIEWED.items():
        if taiwan in text:
            text = text.replace(taiwan, said)
    return text.translate(QUOTES)
