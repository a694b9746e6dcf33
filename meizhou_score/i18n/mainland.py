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
    "稽核": "审计",  # audit (审核 is approving a request)
    "连结": "链接",
    "埠": "端口",
    "连接端口": "端口",  # Taiwan's 連接埠, converted above
    "注解": "注释",  # a comment in a file (the night file's first lines say comments are kept)
    # a laptop (Hong Kong's 手提電腦; the phone page's "not answering")
    "手提电脑": "笔记本电脑",
    # Hong Kong's words the 繁體 catalogs use (docs/architecture.md, "One voice in each script")
    "回应": "响应",  # a server, a laptop that answers
    "设定": "设置",
    " QR 码": "二维码",  # 本桌的二维码: no space beside Chinese
    "QR 码": "二维码",
    # Taiwan's words, should one come back into the 繁體 text
    "另开新档": "另开一个新文件",
    "新档": "新文件",
    "档尾": "文件末尾",
    "印出": "输出",
    "结束代码": "退出码",
    "依语系": "按系统语言",
    "套件": "软件包",
    "扩充功能": "插件",
    "试算表": "电子表格",
    "管线": "管道",
    "对照表": "映射",
    "一支手机": "一部手机",
    "丛集": "集群",
    "排程器": "调度器",
    "位址": "地址",
    "磁碟": "磁盘",
    # 依 (according to) where the mainland says 按
    "依轮庄": "按轮庄",
    "依日期": "按日期",
    "依座位": "按座位",
    "依东、南、西、北": "按东、南、西、北",
    "依牌桌的顺序": "按牌桌的顺序",
    "依逆时针方向": "按逆时针方向",
}

# Taiwan's corner quotes → the mainland's curly quotes
QUOTES = str.maketrans({"「": "“", "」": "”", "『": "‘", "』": "’"})


def mainland(text: str) -> str:
    """``text`` (in Simplified characters) with the mainland's words and quotes."""
    for taiwan, said in REVIEWED.items():
        if taiwan in text:
            text = text.replace(taiwan, said)
    return text.translate(QUOTES)
