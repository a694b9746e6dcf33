"""Chinese as Meizhou players write it, in both scripts: every command's words and help, checked for the
seams of a translation (issue 34)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from meizhou_score.cli.app import cli
from meizhou_score.cli.shared.speaking import commands

CJK = "\u3000-\u303f\u3400-\u9fff\uff00-\uffef"
SEAMS = [
    (re.compile(f"[{CJK}]'|'[{CJK}]"), "a Python quote beside Chinese"),
    (re.compile(f"[{CJK}], ?[{CJK}]"), "a half-width comma inside Chinese"),
    (re.compile(f"[{CJK}] 的"), "a space before 的"),
    (re.compile(r"\[[a-z_]+\]"), "a raw id"),
]
TAIWAN = ("纪录", "规则档", "甚么", "终端机", "唯读", "附注", "预设", "「", "」", "找数", "晚数")


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="meizhou-score")


def outputs(lang: str, tmp_path) -> list[str]:
    said = []
    for example in sorted(EXAMPLES.glob("*.yaml")):
        for extra in ((), ("--explain",)):
            result = run("settle", example, "--lang", lang, *extra)
            said.append(result.output + (result.stderr if result.stderr_bytes else ""))
    said.append(run("settle", EXAMPLES / "session.yaml", "--settle-up", "--lang", lang).output)
    for tiles in (
        "1112345678999m",
        "123m 456m 789p 234s 5s",
        "19m19p19s1234567z1m",
        "12m456p789s11z",
    ):
        said.append(run("check", *tiles.split(), "--lang", lang).output)
    said.append(
        run(
            "deal",
            "10",
            "5",
            "--players",
            "阿福,小梅,阿君,阿蘭",
            "--dealer",
            "阿福",
            "--lang",
            lang,
        ).output
    )
    said.append(
        run("deal", "--seats", "7", "--players", "阿福,小梅,阿君,阿蘭", "--lang", lang).output
    )
    for n in range(1, 12):
        said.append(run("rules", "--explain", f"R{n}", "--lang", lang).output)
    db = tmp_path / f"{lang}.db"
    said.append(run("ledger", "--db", db, "add", EXAMPLES / "session.yaml", "--lang", lang).output)
    for report in ("nights", "totals", "stats", "history", "payments", "settle-up"):
        said.append(run("ledger", "--db", db, report, "--lang", lang).output)
    return said


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_no_seams_of_a_translation(lang, tmp_path):
    for out in outputs(lang, tmp_path):
        for seam, what in SEAMS:
            assert not seam.search(out), (what, seam.search(out).group(), out)
        if lang == "zh-Hans":
            assert not [word for word in TAIWAN if word in out], out


def test_the_meizhou_words():
    hant = "\n".join(
        [
            run("settle", EXAMPLES / "session.yaml", "--settle-up", "--lang", "zh").output,
            run("check", "19m19p19s1234567z1m", "--lang", "zh").output,
            run("check", "1112345678999m", "--lang", "zh").output,
        ]
    )
    assert "結算（最少的轉賬）：" in hant and "找數" not in hant  # settling up
    assert "胡牌：十三幺，倍數 10" in hant  # 十三幺 supersedes 混幺九 (R4)
    assert "聽牌，聽 9 張：" in hant  # 1m to 9m
    assert "拆法：" in hant or "計分的拆法" in hant


# ASCII words a help page may show: formats, programs and the names of things typed as they are
ALLOWED = re.compile(
    r"zh_\*|[\w./~*:-]+\.(yaml|json|jsonl|md|svg|sqlite3|db)\b|--?[\w-]+|\b[A-Z][A-Z_.0-9]*\b|\b\w*://\S*"
    r"|\b(SQLite|JSON|CSV|JSONL|YAML|SVG|Excel|VS Code|Dask|QR|Ctrl-C|MiB|README|docs|Schema|schema|"
    r"yaml-language-server|meizhou-score|record|settle|undo|rules|ledger|pay|add|check|deal|serve|"
    r"settle-up|summary|zh|zh-Hant|zh-Hans|en|zh_\w+|concealed|added|exposed|table|json|csv|jsonl|"
    r"night|week|month|both|hands|payments|all|local|share|file|valid|false|error|logs|tcp|"
    r"Hant|Hans|IO|LANG|LC_\w+|audit|merge|nights|totals|stats|history|export|remove|remove-payment|"
    r"rename|show|payments|Enter|x|VS|Code|meizhou|record\.schema|reconcile|held|seat)\b"
)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_help_is_chinese(lang):
    for path, _ in commands(cli):
        args = [] if path == "meizhou-score" else path.split()
        locale = "zh_TW.UTF-8" if lang == "zh-Hant" else "zh_CN.UTF-8"
        result = CliRunner().invoke(
            cli, [*args, "--help"], env={"LC_ALL": locale}, prog_name="meizhou-score"
        )
        text = result.output
        assert (
            "Usage:" not in text and "Options:" not in text and "Show this message" not in text
        ), text
        for line in text.splitlines():
            if (
                line.strip().startswith(("meizhou-score ", "cat ", "--", "用法"))
                or "meizhou-score " in line
            ):
                continue  # an example or the usage line, typed as it is
            prose = ALLOWED.sub("", line.split("  ", 2)[-1] if line.startswith("  -") else line)
            assert not re.search(r"[A-Za-z]{2,}", prose), (path, line)


@pytest.mark.parametrize(
    ("lang", "locale"), [("zh-Hant", "zh_TW.UTF-8"), ("zh-Hans", "zh_CN.UTF-8")]
)
def test_a_mistyped_command_is_told_in_chinese(lang, locale):
    result = CliRunner().invoke(cli, ["nosuch"], env={"LC_ALL": locale}, prog_name="meizhou-score")
    assert result.exit_code == 2
    assert "nosuch" in result.stderr and "No such command" not in result.stderr
    assert (
        "沒有這個命令「nosuch」" if lang == "zh-Hant" else "没有这个命令“nosuch”"
    ) in result.stderr


# Words a Chinese reader may meet in ASCII: what they type (commands, options, their choices and
# placeholders, locale codes), names of formats and tools, and the keys of a record a message
# points at. Anything else in ASCII letters is English left in Chinese (issue 34, "Done when").
TYPED = {
    "CSV",
    "JSON",
    "YAML",
    "SVG",
    "SQLite",
    "Excel",
    "MiB",
    "KiB",
    "QR",
    "Enter",
    "Ctrl",
    "C",
    "UTF",
    "BOM",
    "Dask",
    "URL",
    "tcp",
    "http",
    "https",
    "YYYY",
    "MM",
    "DD",
    "zh_CN",
    "zh_SG",
    "zh_TW",
    "zh_HK",
    "Hant",
    "Hans",
    "zh",
    "en",
    "jsonl",
    "csv",
    "json",
    "yaml",
    "svg",
    "cat",
    "hand",
    "hands",
    "concealed",
    "kongs",
    "pungs",
    "winning_tile",
    "file",
    "valid",
    "error",
    "false",
    "true",
    "players",
    "rules",
    "stake",
    "dealer",
    "winner",
    "win_type",
    "date",
    "tiles",
    # names of things, as their makers write them
    "Tab",
    "VS",
    "Code",
    "README",
    "IP",
    "pip",
    "install",
    "starlette",
    "uvicorn",
    "JavaScript",
    "TAG",  # YAML's %TAG line
    "null",
    "LC_ALL",
    "LC_MESSAGES",
    "LANG",
    "zh_",
    # the page's API: a header and a key a request sends
    "If",
    "Match",
    "version",
    # typed by the sweep's own bad command lines
    "nosuch",
    "foo",
    "again",
    "xx",
}


def typed_words() -> set[str]:
    """Every command, option, choice and placeholder of the command line, as typed."""
    import click

    words = set(TYPED)
    for path, command in commands(cli):
        words.update(re.findall(r"[A-Za-z_]+", path))
        for param in command.params:
            for opt in param.opts + param.secondary_opts:
                words.update(re.findall(r"[A-Za-z_]+", opt))
            if isinstance(param.type, click.Choice):
                for choice in param.type.choices:
                    words.update(re.findall(r"[A-Za-z_]+", str(choice)))
            words.update(re.findall(r"[A-Za-z_]+", param.metavar or ""))
            words.update(re.findall(r"[A-Za-z_]+", str(param.name or "")))
    return words


EXAMPLE_NAMES = re.compile(r"\b(Ah Fook|Man Chan|ah fook|Mei|Jun|Lan|mei|jun)\b")
TYPED_HERE = [
    re.compile(r"[「“][\x20-\x7e]*[」”]"),  # a value as typed, quoted
    re.compile(r"[^\s：，（）「」“”]*[/\\][^\s：，（）「」“”]*"),  # a path
    re.compile(r"\S+\.(yaml|jsonl|json|csv|svg|sqlite3|db)\b"),  # a file
    re.compile(r"\b(?:[1-9]+[mpsz])+\b|\bR\d+\b|\[\d+\]"),  # tiles, rulings, an index
    re.compile(r"\b[xX]\b(?=\s*[<>]=?)|(?<=[<>]=)\s*[xX]\b"),  # click's ranges: 1<=x<=12
    re.compile(r"\bMEIZHOU_[A-Z_]+\b|meizhou-score"),  # the program and its variables
    re.compile(r"\b[a-z_]+(?:\.[a-z_]+|\[\d+\])+"),  # a key path in a file: hand.concealed
    re.compile(r"# yaml-language-server:.*"),  # the schema's line, as an editor reads it
    re.compile(r"%\(\w+\)s"),  # click's own blanks: %(prog)s
]


def schema_keys() -> set[str]:
    """Every key of a record (the schema's property names), as a message may point at one."""
    import json

    keys: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            keys.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(CliRunner().invoke(cli, ["schema"]).stdout))
    walk(json.loads(CliRunner().invoke(cli, ["schema", "--house-rules"]).stdout))
    from meizhou_score.records.rules import ROWS

    keys.update(choice.id for row in ROWS for choice in row.choices)  # next, same, concealed, …
    keys.update(("self_draw", "kong_bloom", "robbed_kong", "open"))  # win and kong types
    return {word for key in keys for word in re.findall(r"[A-Za-z_]+", key)}


# Taiwan's words (in Simplified characters) that a mainland player does not write: each with what
# the mainland says instead (meizhou_score/i18n/mainland.py keeps them out of 简体)
TAIWAN_WORDS = {
    "印出": "输出/打印",
    "结束代码": "退出码",
    "依语系": "按系统语言",
    "套件": "软件包",
    "扩充功能": "插件/扩展",
    "试算表": "电子表格",
    "管线": "管道",
    "回应": "响应",
    "审核": "审计 (an audit)",
    "稽核": "审计",
    "对照表": "映射",
    "一支手机": "一部手机",
    "档": "文件 (新档, 档尾, 另开新档, 档名, 规则档)",
    "连接端口": "端口",
    "资料夹": "文件夹",
    "位元组": "字节",
    "字元": "字符",
    "布林": "布尔",
    "巢状": "嵌套",
    "缩排": "缩进",
    "程式": "程序",
    "伺服器": "服务器",
    "讯息": "信息",
    "萤幕": "屏幕",
    "网路": "网络",
    "游标": "光标",
    "终端机": "终端",
    "唯读": "只读",
    "纪录": "记录",
    "附注": "备注",
    "甚么": "什么",
    "预设": "默认 (a default) / 规则方案 (a preset)",
    "软体": "软件",
    "硬体": "硬件",
    "资料库": "数据库",
    "记忆体": "内存",
    "硬碟": "硬盘",
    "磁碟": "磁盘",
    "列印": "打印",
    "逾时": "超时",
    "连线": "连接",
    "使用者": "用户",
    "滑鼠": "鼠标",
    "介面": "界面",
    "位址": "地址",
    "快取": "缓存",
    "支援": "支持",
    "登入": "登录",
    "物件": "对象",
    "字串": "字符串",
    "变数": "变量",
    "批次": "批量",
    "丛集": "集群",
    "排程器": "调度器",
    "指令": "命令",
    "命令列": "命令行",
    "设定": "设置",
    "文档": "文件 / 规则文本",
    "手提电脑": "笔记本电脑",
    "做庄": "坐庄",
    "「": "“",
    "」": "”",
}
# a translation's seams: English sentence shapes said in Chinese words
CALQUES = [
    (
        re.compile(r"[应應]为[^。\n]*[；;，,][^。\n]*[却卻][是有]|[却卻]是|應為|应为"),
        "expected …; got …",
    ),
    (re.compile(r"不是合法的胡牌"), "not a legal win (不成胡)"),
    (re.compile(r"[自摸胡] ?×\s?\d|[×x]\{ratio\}|×\d+\s*$"), "×3 read as three times (3 倍)"),
    (re.compile(r"第 ?\S+ ?副[杠槓]"), "第 N 副杠 (第 N 个杠)"),
    (re.compile(r"向[听聽]"), "riichi's shanten (还差 N 张听牌)"),
    (re.compile(r"点[杠槓]的那张|點[槓杠]的那張"), "feed a kong, for tap the kong's tile"),
]
CJK_CHAR = "\u3400-\u9fff"
HALF_WIDTH = re.compile(f"[{CJK_CHAR}][,;!?()]|[,;!?()][{CJK_CHAR}]")


def catalogs(lang: str, kinds=("messages", "words", "help", "click", "web")) -> list[str]:
    """Every sentence of every catalog in ``lang`` (errors, words, help, click's, the server's
    and the page's), its blanks taken out."""
    from meizhou_score.i18n import help as _help  # noqa: F401 - registers the help catalog
    from meizhou_score.i18n import messages as _messages  # noqa: F401 - and the messages
    from meizhou_score.i18n import words as _words  # noqa: F401 - and the words
    from meizhou_score.i18n.catalog import catalog
    from meizhou_score.web import words as _web  # noqa: F401 - and the server's and the page's

    blank = re.compile(r"\{[^{}]*\}")
    return [blank.sub(" ", text) for kind in kinds for text in catalog(lang, kind).values()]


# Files the loader and the YAML parser refuse, one for each kind of mistake a player makes
BROKEN_YAML = [
    "players: [a, b]\n\tstake: 1\n",  # a tab
    'winner: "Mei\n',  # a quote not closed
    'winner: "M\\qei"\n',  # an escape YAML does not know
    "winner: Mei\n---\nwinner: Jun\n",  # two documents
    "winner: !!python/object:os.system x\n",  # a tag
    "winner: *nobody\n",  # an alias never defined
    "winner: &a\n  - &a x\n",  # an anchor
    "%YAML 2.0\n---\nwinner: Mei\n",  # a directive
    "winner: Mei\n  stake: 10\n",  # a key where it cannot stand
    "players: [a, b\nstake: 1\n",  # a list not closed
    "winner: {a: 1\n",  # a mapping not closed
    "hand: |9\n  x\n",  # a block scalar
    "winner: Mei\n- x\n",  # a list item out of place
    "winner: \x01\n",  # a control character
    "winner: Mei\nwinner: Jun\n",  # a key twice
    "a: &x [*x]\n",  # an alias inside itself
    "players: true\nstake: yes\n",  # YAML's booleans
    "- 1\n- 2\n",  # not a mapping
    "{}\n",  # nothing
]
# Command lines click and the commands refuse
BAD_COMMANDS = [
    ["deal", "1", "5"],
    ["deal", "3"],
    ["settle", "--jobs", "x", "x.yaml"],
    ["settle", "--jobs", "999", "x.yaml"],
    ["record", "x.yaml", "--amend", "0"],
    ["settle", "--nosuch"],
    ["settle"],
    ["rules", "--explain", "R99"],
    ["settle", "x.yaml", "--lang", "xx"],
    ["ledger", "nosuch"],
    ["serve", "--port", "0", "x.yaml"],
    ["record", "x.yaml", "--players", "a,b,c", "--stake", "1", "--dealer", "a"],
    ["record", "x.yaml", "--players", "a,b,c,d", "--stake", "-1", "--dealer", "a"],
    ["record", "x.yaml", "--kong", "a:foo"],
    # a new night's questions not asked: the option each stands for, in the player's words
    ["record", "{tmp}/n.yaml", "--players", "a,b,c,d", "--stake", "1", "--dealer", "a", "--no-ask"],
    ["record", "{tmp}/n.yaml", "--players", "a,b,c,d", "--stake", "1", "--dealer", "a", "--winner"]
    + ["a", "--no-ask"],
]


def refusals(lang: str, tmp_path) -> list[str]:
    """What the loader, the parser and click say of bad input in ``lang``."""
    said = []
    for number, text in enumerate(BROKEN_YAML):
        path = tmp_path / f"broken{number}.yaml"
        path.write_bytes(text.encode("utf-8"))
        result = run("settle", path, "--lang", lang)
        said.append(result.stderr.replace(str(path), "broken.yaml"))
        result = run("rules", "--rules", path, "--lang", lang)
        said.append(result.stderr.replace(str(path), "broken.yaml"))
    rules = tmp_path / "rules.yaml"
    for text in ("dealer_after_draw: again\n", "kong_units: {open: 2}\n", "patterns: {x: 1}\n"):
        rules.write_text(text, encoding="utf-8")
        said.append(run("rules", "--rules", rules, "--lang", lang).stderr.replace(str(rules), "r"))
    for args in BAD_COMMANDS:
        typed = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
        said.append(run(*typed, "--lang", lang).stderr.replace(str(tmp_path), "tmp"))
    return said


def api_answers(lang: str, tmp_path) -> list[str]:
    """What the server answers in ``lang``: a night, a hand, refusals of bad hands, the page's words
    (every string in the JSON, as the page shows it)."""
    from starlette.testclient import TestClient

    from meizhou_score.web.app import create_app

    host = "127.0.0.1:8765"
    c = TestClient(create_app(str(tmp_path / "web.yaml"), hosts=(host,)), base_url=f"http://{host}")
    origin = {"Origin": f"http://{host}"}

    def seen() -> dict:
        return {**origin, "If-Match": f'"{c.get("/api/night").json()["version"]}"'}

    hand = {"winner": "Mei", "win_type": "self_draw"}
    hand["hand"] = {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"}
    table = {"players": ["Ah Fook", "Mei", "Jun", "Lan"], "stake": 10}
    answers = [
        c.post(
            f"/api/hands?lang={lang}",
            json={"table": table, "dealer": "Ah Fook", **hand},
            headers=seen(),
        )
    ]
    for bad in (
        {**hand, "win_type": "dark"},
        {**hand, "hand": {"concealed": "123x", "winning_tile": "4s"}},
        {**hand, "hand": {**hand["hand"], "pungs": ["123m"]}},
        {"win_type": "self_draw"},
        [1, 2],
    ):
        answers.append(c.post(f"/api/hands?lang={lang}", json=bad, headers=seen()))
    answers.append(c.post(f"/api/hands?lang={lang}", content=b"{", headers=seen()))
    answers += [c.get(f"/api/night?lang={lang}"), c.get(f"/api/nosuch?lang={lang}")]
    said = []

    def strings(value):
        if isinstance(value, str):
            said.append(re.sub(r"\{[^{}]*\}", " ", value))  # the page's words keep their blanks
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("version", "file"):  # a hash, a path: not words
                    strings(item)
        elif isinstance(value, list):
            for item in value:
                strings(item)

    for answer in answers:
        try:
            strings(answer.json())
        except ValueError:
            said.append(answer.text)
    strings(c.get("/static/words.json").json().get(lang, {}))
    return said


def faults(text: str, lang: str) -> list[tuple[str, str]]:
    """What in ``text`` a Chinese reader would not write: a Taiwan word (in 简体), a calque,
    half-width punctuation against Chinese."""
    found = []
    if lang == "zh-Hans":
        found += [(word, text) for word in TAIWAN_WORDS if word in text]
    found += [(what, text) for calque, what in CALQUES if calque.search(text)]
    found += [("half-width " + seam.group(), text) for seam in HALF_WIDTH.finditer(text)]
    return found


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_no_english_left_in_chinese(lang, tmp_path):
    said = outputs(lang, tmp_path) + refusals(lang, tmp_path) + api_answers(lang, tmp_path)
    for path, _ in commands(cli):
        args = [] if path == "meizhou-score" else path.split()
        said.append(
            CliRunner()
            .invoke(cli, [*args, "--help", "--lang", lang], prog_name="meizhou-score")
            .output
        )
    said.append(
        CliRunner().invoke(cli, ["nosuch", "--lang", lang], prog_name="meizhou-score").output
    )
    wrong = set()
    for out in said + catalogs(lang):  # every sentence of every catalog, said or not
        for line in out.splitlines():
            if line.strip().startswith(("meizhou-score ", "cat ")):
                continue  # a typed example
            for typed in TYPED_HERE[:2]:  # a value as typed, quoted; a path
                line = typed.sub(" ", line)
            wrong.update((what, found.strip()[:100]) for what, found in faults(line, lang))
    assert sorted(wrong) == []
    # English: in what is said, and in every error, click's words, the server's and the page's
    # (the tables' and the help's words are read above, as the commands say them)
    allowed = {word.lower() for word in typed_words() | schema_keys()}
    left = set()
    for out in said + catalogs(lang, kinds=("messages", "click", "web")):
        for line in out.splitlines():
            if line.strip().startswith(("meizhou-score ", "cat ")):
                line = line.split(" # ", 1)[1] if " # " in line else ""  # a typed example
            line = EXAMPLE_NAMES.sub(" ", line)
            for typed in TYPED_HERE:
                line = typed.sub(" ", line)
            for word in re.findall(r"[A-Za-z][A-Za-z_]*", line):
                if word.lower() not in allowed:
                    left.add((word, line.strip()[:100]))
    assert sorted(left) == []
