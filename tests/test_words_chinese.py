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
    return CliRunner().invoke(cli, [str(a) for a in args])


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
    r"rename|show|payments|Enter|x|VS|Code|meizhou|record\.schema|reconcile|held)\b"
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
        "沒有這個指令「nosuch」" if lang == "zh-Hant" else "没有这个命令“nosuch”"
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
    return {word for key in keys for word in re.findall(r"[A-Za-z_]+", key)}


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_no_english_left_in_chinese(lang, tmp_path):
    said = outputs(lang, tmp_path)
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
    allowed = {word.lower() for word in typed_words() | schema_keys()}
    left = set()
    for out in said:
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
