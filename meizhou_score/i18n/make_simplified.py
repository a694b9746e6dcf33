"""Build the Simplified Chinese table (簡體字表) from the package's Traditional text with
OpenCC.

A build-time tool, never imported by the program: ``python -m meizhou_score.i18n.make_simplified``
rewrites the table's two modules beside it — ``simplified_characters.py`` (the character map) and
``simplified_phrases.py`` (the runs kept whole) — and ``tests/test_i18n_scripts.py`` runs it again
and fails on any difference, so the table cannot fall behind the words. It needs the ``opencc``
package (a test extra), the program does not.

What is converted: every run of Chinese characters in a string the package may show — each ``.py``
module's string constants (docstrings left out: nobody reads them at the table) and the phone page's
words (``web/static/words.json``). OpenCC's ``t2s`` profile gives the characters, its ``tw2sp``
profile the words as the mainland says them (檔案 → 文件, 資料夾 → 文件夹,
伺服器 → 服务器, 程式 → 程序); the table keeps a character map and, whole, the runs
whose words change, with :data:`REVIEWED` — the words a mahjong table must never see
wrong — fixed last.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .scripts import RUN

PACKAGE = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
# the two modules written: the character map, and the runs whose Simplified depends on the context
CHARACTERS_MODULE = HERE / "simplified_characters.py"
PHRASES_MODULE = HERE / "simplified_phrases.py"
MODULES = (CHARACTERS_MODULE, PHRASES_MODULE)
MAX_LINE_BYTES = 100  # the longest line the package holds, counted in bytes
_RUN = re.compile(RUN)
Convert = Callable[[str], str]  # one of OpenCC's conversions: Traditional text in, text out

# Reviewed by hand: the words a mahjong table cares most about, fixed whatever OpenCC's t2s would
# say (OpenCC 1.4 agrees with every one; a future profile that read 槓 as 扛 would not win).
# Each is in the table even where the program does not print it yet (雞胡), and each has a test
# (tests/test_i18n_scripts.py).
REVIEWED: dict[str, str] = {
    "槓": "杠",  # never 扛
    "莊": "庄",
    "萬": "万",
    "條": "条",
    "筒": "筒",
    "發": "发",
    "雞胡": "鸡胡",
    "帳": "账",  # a ledger is 账本 (money), not 帐 (a tent)
    "文件": "文件",  # a file, as Hong Kong and the mainland say it (tw2sp would read 文档)
    "程序": "程序",  # the program (tw2sp would read Taiwan's 程序, a process: 进程)
}

# Taiwan's words the 繁體 text no longer says (it keeps to Hong Kong's: docs/architecture.md),
# kept in the table so that one written again still comes out as the mainland says it
# (mainland.py)
TAIWAN = (
    "規則檔",
    "檔案",
    "檔名",
    "輸入檔",
    "新檔",
    "檔尾",
    "終端機",
    "唯讀",
    "附註",
    "指令",
    "程式",
    "印出",
)


def strings_in_code(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings, with their lines: the text it
    carries (docstrings left out: nobody reads them at the table)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def runs() -> set[str]:
    """Every run of Chinese characters the package may show, in its Traditional spelling."""
    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in {*(module.name for module in MODULES), "make_simplified.py"}:
            continue
        if path.name.startswith("zh_hans_"):  # 简体 written by hand: nothing to convert
            continue
        for _, text in strings_in_code(path):
            found.update(_RUN.findall(text))
    page = json.loads((PACKAGE / "web" / "static" / "words.json").read_text(encoding="utf-8"))
    for text in _strings(page.get("zh-Hant", {})):
        found.update(_RUN.findall(text))
    return found | set(REVIEWED) | set(TAIWAN)


def _strings(value: Any) -> list[str]:  # the page's words.json: plain JSON
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def table(characters_of: Convert, words_of: Convert) -> tuple[dict[str, str], dict[str, str]]:
    """(characters, phrases): the character map from ``characters_of`` (OpenCC's t2s, character for
    character) and, for each run whose words read differently on the mainland (``words_of``,
    OpenCC's tw2sp: 檔案 → 文件, 伺服器 → 服务器, 預設值 → 默认值), the whole
    run as a phrase; the reviewed words last.

    A character goes in the map with the conversion it has in most runs; a run that does not come
    out of the map as OpenCC said is kept whole.
    """
    said = {run: _with_reviewed(run, words_of(run)) for run in runs()}
    votes: dict[str, dict[str, int]] = {}
    for run in said:
        out = _with_reviewed(run, characters_of(run))
        if len(out) == len(run):
            for t, s in zip(run, out, strict=True):
                votes.setdefault(t, {}).setdefault(s, 0)
                votes[t][s] += 1
    characters = {t: max(sorted(choices), key=choices.__getitem__) for t, choices in votes.items()}
    characters = {t: s for t, s in characters.items() if t != s}
    phrases = {run: out for run, out in said.items() if _convert(run, characters, {}) != out}
    return dict(sorted(characters.items())), _longest_first(phrases)


def _longest_first(phrases: dict[str, str]) -> dict[str, str]:
    return dict(sorted(phrases.items(), key=lambda item: (-len(item[0]), item[0])))


def _convert(text: str, characters: dict[str, str], phrases: dict[str, str]) -> str:
    """What :func:`~.scripts.simplified` does with this table: each run whole when the table keeps
    it, else character by character."""
    table = str.maketrans(characters)
    return _RUN.sub(
        lambda found: phrases.get(found.group()) or found.group().translate(table), text
    )


def _with_reviewed(run: str, out: str) -> str:
    if len(out) != len(run):
        return out if not any(t in run for t in REVIEWED) else _reviewed_by_hand(run, out)
    for traditional, simplified in REVIEWED.items():
        if traditional in run:
            out = _reviewed(run, out, traditional, simplified)
    return out


def _reviewed_by_hand(run: str, out: str) -> str:
    """A run whose words changed length: the reviewed characters are checked in it, not placed."""
    for traditional, simplified in REVIEWED.items():
        if len(traditional) == 1 and traditional in run and simplified not in out:
            raise SystemExit(
                f"{run} -> {out}: the reviewed {traditional} -> {simplified} is not there"
            )
    return out


def _reviewed(run: str, out: str, traditional: str, simplified: str) -> str:
    """``out`` with the reviewed spelling wherever ``traditional`` stands in ``run``."""
    start = run.find(traditional)
    while start != -1:
        out = out[:start] + simplified + out[start + len(traditional) :]
        start = run.find(traditional, start + 1)
    return out


def sources(characters_of: Convert, words_of: Convert) -> dict[Path, str]:
    """The text of each module of the table: the character map, and the phrases."""
    characters, phrases = table(characters_of, words_of)
    return {
        CHARACTERS_MODULE: _module(
            "The Simplified Chinese characters (簡體字)",
            "Traditional character → Simplified, where they differ",
            "CHARACTERS",
            characters,
        ),
        PHRASES_MODULE: _module(
            "The Simplified Chinese phrases (簡體詞)",
            "whole runs whose Simplified depends on their context (longest first)",
            "PHRASES",
            phrases,
        ),
    }


def _module(title: str, comment: str, name: str, entries: dict[str, str]) -> str:
    lines = [
        f'"""{title}: generated by make_simplified.py from the package\'s',
        "Traditional text with OpenCC (t2s, tw2sp) and the reviewed words there. Do not edit: run",
        '``python -m meizhou_score.i18n.make_simplified``."""',
        "",
        f"# {comment}",
    ]
    body = [_entry(t, s) for t, s in entries.items()]
    # ruff's formatter would join an entry written over two lines back into one: the table keeps
    # its own layout where any entry needs two
    fenced = any("\n" in entry for entry in body)
    lines += ["# fmt: off"] if fenced else []
    lines += [f"{name} = {{", *body, "}"]
    lines += ["# fmt: on", ""] if fenced else [""]
    return "\n".join(lines)


def _entry(traditional: str, simplified: str) -> str:
    """One entry of the table: on one line, or over two where one line would pass
    :data:`MAX_LINE_BYTES` bytes of UTF-8 (a Chinese character is three)."""
    line = f"    {_quoted(traditional)}: {_quoted(simplified)},"
    if len(line.encode("utf-8")) <= MAX_LINE_BYTES:
        return line
    return f"    {_quoted(traditional)}:\n        {_quoted(simplified)},"


def _quoted(text: str) -> str:
    """A string as ruff's formatter writes it (double quotes), so the table stays as formatted."""
    return json.dumps(text, ensure_ascii=False)


def opencc(profile: str) -> Convert:
    """One of OpenCC's conversions (a build-time dependency: ``pip install opencc``)."""
    import opencc

    convert: Convert = opencc.OpenCC(profile).convert  # opencc ships no types: text in, text out
    return convert


def main() -> int:
    for module, text in sources(opencc("t2s"), opencc("tw2sp")).items():
        module.write_text(text, encoding="utf-8")
        print(f"wrote {module}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
