"""Usage errors (用法錯誤) shown in the player's language: click's own and the commands'.

In English click shows its message as it always has. In Chinese the message
is read back from click's English words (a missing argument, an unknown
option, a bad value) and said again from :mod:`meizhou_score.messages`;
words this module does not know are shown as click wrote them.
"""

from __future__ import annotations

import re

import click

from ...i18n.help import click_words, help_words
from ...i18n.messages import Message, foreign, msg

# click's English messages, as click 8 words them, and what each becomes
_NO_OPTION = re.compile(
    r"No such option:? '?(?P<option>[^' ]+?)'?\.?(?: Did you mean '?(?P<near>[^'?]+)'?\?| \(Did "
    r"you mean one of: (?P<several>[^)]*)\?\)| \(Possible options: (?P<possible>[^)]*)\))?$"
)
_NO_COMMAND = re.compile(r"No such command '(?P<name>[^']*)'\.$")
_MISSING = re.compile(
    r"Missing (?P<what>argument|option|parameter) '?(?P<name>.+?)'?\.(?: .*)?$", re.S
)
_INVALID = re.compile(r"Invalid value for (?P<name>.+?): (?P<problem>.*)$", re.S)
_NEEDS_VALUE = re.compile(r"Option '(?P<option>[^']+)' requires an argument\.$")
_EXTRA = re.compile(r"Got unexpected extra arguments? \((?P<extra>.*)\)$")
_NOT_ONE_OF = re.compile(r"(?P<value>.*?) is not one of (?P<options>.*)\.$", re.S)
_RANGE = re.compile(r"(?P<value>\S+) is not in the range (?P<low>-?\d+)<=x<=(?P<high>-?\d+)\.$")
_AT_LEAST = re.compile(r"(?P<value>\S+) is not in the range x>=(?P<low>-?\d+)\.$")
_NOT_INT = re.compile(r"'(?P<value>.*)' is not a valid integer(?: range)?\.$", re.S)


def words_of(exc: click.ClickException, lang: str = "en") -> Message:
    """What a usage error says, as a message that can be said in either language (a missing
    argument named by its placeholder in ``lang``: 缺少參數「場次文件.yaml」)."""
    words = getattr(exc, "words", None)
    if isinstance(words, Message):
        return words
    text = exc.format_message()
    found = _NO_COMMAND.match(text)
    if found:
        return msg("no such command {name!r}", name=found["name"])
    found = _NO_OPTION.match(text)
    if found:
        near = found["near"] or (found["several"] or found["possible"] or "").split(",")[
            0
        ].strip().strip("'")
        hint = msg(" (did you mean {near!r}?)", near=near) if near else ""
        return msg("no such option: {option}{hint}", option=found["option"], hint=hint)
    found = _MISSING.match(text)
    if found:
        return msg(
            "missing {what} {name!r}",
            what=msg("argument") if found["what"] == "argument" else msg("option"),
            name=_placeholder(exc, lang) or found["name"],
        )
    found = _NEEDS_VALUE.match(text)
    if found:
        return msg("{option} needs a value", option=found["option"])
    found = _EXTRA.match(text)
    if found:
        return msg("got unexpected extra arguments ({extra})", extra=found["extra"])
    found = _INVALID.match(text)
    if found:
        return msg(
            "invalid value for {name!r}: {problem}",
            name=_placeholder(exc, lang) or found["name"].strip("'"),
            problem=_problem(found["problem"]),
        )
    return foreign(text)


def _placeholder(exc: click.ClickException, lang: str) -> str | None:
    """The missing argument's placeholder as the usage line shows it in ``lang``
    (場次文件.yaml, 文件: the help catalog's words, its ``...`` left out), or None where the
    catalog has none."""
    from .speaking import metavar

    param = getattr(exc, "param", None)
    if not isinstance(param, click.Argument):
        return None
    said = help_words(lang).get(f"* metavar {metavar(param)}")
    return said.removesuffix("...") if said else None


def _problem(text: str) -> Message:
    found = _NOT_ONE_OF.match(text)
    if found:
        return msg(
            "{value!r} is not one of {options}",
            value=found["value"].strip("'"),
            options=tuple(o.strip().strip("'") for o in found["options"].split(",")),
        )
    found = _RANGE.match(text)
    if found:
        return msg(
            "{value} is not in the range {low} to {high}",
            value=found["value"],
            low=found["low"],
            high=found["high"],
        )
    found = _AT_LEAST.match(text)
    if found:  # --amend 0: hands are numbered from 1
        return msg("{value} is not in the range x>={low}", value=found["value"], low=found["low"])
    found = _NOT_INT.match(text)
    if found:
        return msg("{value!r} is not a whole number", value=found["value"])
    return foreign(text)


def show(exc: click.ClickException, lang: str) -> None:
    """Print a usage error as click does (its usage line, the hint, the error), in ``lang``'s words
    from the catalogs: click's own, and the messages'. A language whose catalog of click's words is
    click's own (English) is shown exactly as click shows it: click gives no hint where a command
    carries its own --help (every subcommand here); the others always give it."""
    from .speaking import speaking

    own = click_words(lang).get("Error: {message}") == "Error: {message}"
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        # 用法：… [選項] in the player's words
        with speaking(None, lang, usage_of=ctx.command):
            usage = ctx.get_usage()
        hint = ""
        if not own or ctx.command.get_help_option(ctx) is not None:
            hint = msg("Try '{command} --help' for help.", command=ctx.command_path).say(lang)
            hint += "\n"
        click.echo(f"{usage}\n{hint}", err=True)
    said = words_of(exc, lang)
    if own and not isinstance(getattr(exc, "words", None), Message):
        said = foreign(exc.format_message())  # click's own sentence, as click wrote it
    click.echo(msg("Error: {message}", message=said).say(lang), err=True)
