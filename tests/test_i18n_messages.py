"""Every error a player can read exists in Chinese too, with the same blanks (messages.py)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from meizhou_score.i18n import messages, zh_hant_messages
from meizhou_score.i18n.messages import msg

PACKAGE = Path(messages.__file__).parent.parent  # the whole package, every room
# the error types a player reads, and the CLI's ways of showing words
SHOWN = {
    "RecordError",
    "RulesError",
    "TileError",
    "EntryError",
    "SessionFileError",
    "LedgerError",
    "Usage",
    "_fail",
    "_error",
    "ConstructorError",
    "fail",
    "error_with_hint",
}


PATHED = {"RecordError", "RulesError", "fail"}  # their first argument is a key path, not words


def _calls():
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                yield path.relative_to(PACKAGE).as_posix(), node


def _name(call: ast.Call) -> str | None:
    func = call.func
    return (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else None
    )


def _templates():
    for file, call in _calls():
        if _name(call) == "msg" and call.args and isinstance(call.args[0], ast.Constant):
            yield file, call.lineno, call.args[0].value, {k.arg for k in call.keywords}


def _blanks(template: str) -> set[str]:
    return {
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(template)
        if field
    }


TEMPLATES = list(_templates())


def test_the_package_raises_many_messages():
    assert len(TEMPLATES) > 150  # the scan below would pass vacuously on an empty list


@pytest.mark.parametrize(
    "file, line, template, given", TEMPLATES, ids=[f"{f}:{n}" for f, n, _, _ in TEMPLATES]
)
def test_every_message_has_chinese_with_the_same_blanks(file, line, template, given):
    chinese = messages.chinese(template)
    assert chinese is not None, f"{file}:{line}: no Chinese for {template!r}"
    assert _blanks(chinese) == _blanks(template) == given, f"{file}:{line}: {template!r}"


def test_no_error_is_raised_with_bare_english():
    """Words shown to a player are messages, never an f-string or a plain string that Chinese cannot reach."""
    bare = []
    for file, call in _calls():
        if _name(call) not in SHOWN or file == "messages.py":
            continue
        words = (
            call.args[1:]
            if _name(call) in PATHED
            else call.args[2:3]
            if _name(call) == "ConstructorError"
            else call.args
        )
        for arg in words:
            if isinstance(arg, ast.JoinedStr) or (
                isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and arg.value
                and " " in arg.value
            ):
                bare.append(f"{file}:{call.lineno}")
    assert not bare


def test_a_message_is_said_in_either_language():
    found = msg(
        "expected {expected}; got {found}",
        expected=msg("one of {options}", options=("a", "b")),
        found="'c'",
    )
    assert str(found) == "expected one of a, b; got 'c'"
    assert found.say("zh") == "這裡要寫以下其中之一：a、b，現在寫的是 'c'"


def test_chinese_punctuation_is_full_width():
    """Colons, semicolons, commas and brackets in Chinese sentences are the full-width forms (：；，（）)."""
    half = []
    for chinese in messages._chinese_table().values():
        plain = re.sub(
            r"\{[^{}]*\}|'[^']*'|`[^`]*`|「[^」]*」", "", chinese
        )  # blanks and quoted notation aside
        for notation in NOTATION:
            plain = plain.replace(notation, "")
        if any(mark in plain for mark in (";", "(", ")", ", ", ": ")):
            half.append(chinese)
    assert not half


# half-width marks that are notation, not punctuation: a YAML key, a flag's form, a limit
NOTATION = (
    "玩家:種類:牌",
    "玩家:exposed:牌:打出者",
    ":exposed:",
    ":打出者",
    "hands:",
    "draw: true",
    "[...]",
    "10^",
    "名字=金額",
    "--max-session-bytes",
    "MEIZHOU_MAX_SESSION_BYTES",
)


def test_every_translation_is_used():
    """No sentence is translated that nothing says (PyYAML's own words excepted: they come from outside)."""
    used = {template for _, _, template, _ in TEMPLATES} | {"{first}{then}"}
    table = zh_hant_messages.TABLE.split("# (PyYAML")[0]
    unused = [
        line.split(" | ")[0]
        for line in table.strip("\n").split("\n")
        if line.split(" | ")[0] not in used
    ]
    assert not unused
