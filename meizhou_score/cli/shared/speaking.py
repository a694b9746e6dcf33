"""The command line's own words in the player's language: every command's help and click's messages.

click words its messages through gettext (``_("Usage:")``); :func:`speaking` answers those from the
``click`` catalog, and lends every command, for as long as it lasts, its description, epilog and
options' help from the ``help`` catalog (:mod:`meizhou_score.i18n.help`), keyed by the command's
path. English is click's own words and the commands' docstrings, untouched.
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager

import click

from ...i18n.help import click_words, help_words
from ...i18n.language import language, written_in

_SPEAKING: list[str] = ["en"]
_BACKSPACE = "\b"


def _gettext(message: str) -> str:
    lang = _SPEAKING[-1]
    return message if written_in(lang) else click_words(lang).get(message, message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return _gettext(singular if n == 1 else plural)


def _hook() -> None:
    """click's modules say their words through our catalog from now on (each module bound
    gettext's ``_``)."""
    import importlib

    for name in ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types"):
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            setattr(module, "_", _gettext)  # noqa: B010 - click's name for gettext, answered here
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", _ngettext)  # noqa: B010 - as above, for plurals

    formatter = click.formatting.HelpFormatter
    heading, usage = formatter.write_heading, formatter.write_usage

    def write_heading(self, heading: str) -> None:
        if written_in(_SPEAKING[-1]):
            return _heading(self, heading)
        self.write(f"{'':>{self.current_indent}}{heading}{click_words(_SPEAKING[-1])[':']}\n")

    def _heading(self, text: str) -> None:
        heading(self, text)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None and not written_in(_SPEAKING[-1]):
            # "Usage:" and a space where the language's colon has one (用法：has none)
            space = " " if language(_SPEAKING[-1]).colon.endswith(" ") else ""
            prefix = _gettext("Usage:") + space
        usage(self, prog, args, prefix)

    # the formatter's own methods, replaced once: a heading and the usage line in the player's words
    setattr(formatter, "write_heading", write_heading)  # noqa: B010 - a class's method replaced
    setattr(formatter, "write_usage", write_usage)  # noqa: B010 - as above


_hook()


def commands(group: click.Group, path: str = "meizhou-score"):
    """Every command of the tree, with its path (``meizhou-score``, ``settle``, ``ledger add``)."""
    ctx = click.Context(group)
    yield path, group
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        sub = name if path == "meizhou-score" else f"{path} {name}"
        if isinstance(command, click.Group):
            yield from commands(command, sub)
        elif command is not None:
            yield sub, command


def _prose(text: str) -> str:
    """A command's description without its examples (the part before click's ``\\b``)."""
    return (text[: text.find(_BACKSPACE)] if _BACKSPACE in text else text).rstrip()


def english_help(group: click.Group) -> dict[str, str]:
    """The English help catalog, read from the commands themselves (their docstrings and options):
    the ids every other language's help catalog says in its own words."""
    words = {"* examples": "Examples:"}
    for path, command in commands(group):
        if command.help:
            words[path] = _prose(command.help)
        if command.epilog:
            words[f"{path} epilog"] = command.epilog
        for param in command.params:
            placeholder = metavar(param)
            if placeholder:
                words[f"* metavar {placeholder}"] = placeholder
            if isinstance(param, click.Option):
                name = ([n for n in param.opts if n.startswith("--")] or param.opts)[0]
                if param.help:
                    words[f"{path} {name}"] = param.help
                if isinstance(param.show_default, str):
                    words[f"{path} {name} default"] = param.show_default
    return words


def metavar(param: click.Parameter) -> str | None:
    """The placeholder click shows for ``param`` in English (its metavar, an argument's name, or an
    option's type's word: TEXT, INTEGER RANGE), or None where it shows none of its own (a flag, a
    list of choices)."""
    if param.metavar:
        return param.metavar
    if isinstance(param, click.Argument) and param.nargs == 1:
        return param.human_readable_name  # OLD, NIGHT: the argument's name, as click shows it
    if isinstance(param, click.Option) and not param.is_flag and param.nargs == 1:
        if not isinstance(param.type, click.Choice):
            return param.type.name.upper()
    return None


@contextmanager
def speaking(group: click.Group | None, lang: str, usage_of: click.Command | None = None):
    """click's words, and with ``group`` every command's help, in ``lang`` while the block runs;
    ``usage_of`` is one command whose usage line is said (its placeholders in ``lang``'s words)."""
    # every command made (its module imported) before the block: click says the words of a
    # command's --help and --version when the command is made, and a command first made while
    # Chinese is spoken would keep them in Chinese for good, in every language after
    tree = list(commands(group)) if group is not None and not written_in(lang) else []
    _SPEAKING.append(lang)
    lent: list = []
    try:
        for path, command in tree:
            _lend(path, command, lang, lent)
        if usage_of is not None:
            _lend_usage(usage_of, lang, _putter(lent))
        # click measures len(): Chinese is measured in a terminal's cells
        if language(lang).chinese:
            from .widths import WideWrapper, cells  # wcwidth only where Chinese help is shown

            put = _putter(lent)
            put(click.formatting, "term_len", cells)
            put(click._textwrap, "TextWrapper", WideWrapper)
            _lend_extras(lang, put)
        yield
    finally:
        for thing, attribute, value in reversed(lent):
            setattr(thing, attribute, value)
        _SPEAKING.pop()


def _lend_extras(lang: str, put) -> None:
    """click's bracket after an option's help (its default, its range: ``[default: 1; 0<=x<=256]``)
    in ``lang``'s words and punctuation: ［默認：1；0 到 256］."""
    clicks = click_words(lang)
    record = click.Option.get_help_record

    def describe(self) -> str:
        if self.max is not None and self.max >= sys.maxsize:  # no limit a player would meet
            return clicks["at least {low}"].format(low=self.min)
        if self.min is not None and self.max is not None:
            return clicks["{low} to {high}"].format(low=self.min, high=self.max)
        if self.min is not None:
            return clicks["at least {low}"].format(low=self.min)
        return clicks["at most {high}"].format(high=self.max)

    def help_record(self, ctx):
        said = record(self, ctx)
        if said is None or not said[1].endswith("]") or "  [" not in said[1]:
            return said
        text, _, extra = said[1].rpartition("  [")
        # click puts a default given as words in brackets of its own:
        # ［默認：按系統語言…］
        parts = [re.sub(r"^(.*?：)\((.*)\)$", r"\1\2", part) for part in extra[:-1].split("; ")]
        return said[0], f"{text}［{'；'.join(parts)}］"

    put(click.types._NumberRangeBase, "_describe_range", describe)
    put(click.Option, "get_help_record", help_record)


def _putter(lent: list):
    """A function that sets an attribute for the block, noting in ``lent`` what to give back."""

    def put(thing, attribute, value):
        lent.append((thing, attribute, getattr(thing, attribute)))
        setattr(thing, attribute, value)

    return put


def _lend_usage(command: click.Command, lang: str, put) -> None:
    """The placeholders of ``command``'s usage line and options ([OPTIONS], COMMAND [ARGS]...,
    FILE, NAME) in ``lang``."""
    clicks, words = click_words(lang), help_words(lang)
    # click makes a command's own --help once, in the words of that moment: one made in the
    # block (the usage line or the help asks for it) is dropped with the block
    if hasattr(command, "_help_option"):
        put(command, "_help_option", None)
    for param in command.params:
        placeholder = words.get(f"* metavar {metavar(param)}")
        if placeholder:
            put(param, "metavar", placeholder)
    put(command, "options_metavar", clicks.get("[OPTIONS]", command.options_metavar))
    if isinstance(command, click.Group):
        put(
            command,
            "subcommand_metavar",
            clicks.get("COMMAND [ARGS]...", command.subcommand_metavar),
        )


def _lend(path: str, command: click.Command, lang: str, lent: list) -> None:
    words = help_words(lang)
    put = _putter(lent)

    if path in words:
        english = command.help or ""
        examples = english[english.find(_BACKSPACE) :] if _BACKSPACE in english else ""
        for heading in ("Examples:", "Example:"):
            examples = examples.replace(heading, words["* examples"], 1)
        examples = words.get(f"{path} examples", examples)  # the language's own, where written
        said = words[path]
        put(command, "help", said + ("\n\n" + examples if examples else ""))
        first = said.split("\n")[0]
        put(command, "short_help", first.split("。")[0] + "。" if "。" in first else first)
    if f"{path} epilog" in words:
        put(command, "epilog", words[f"{path} epilog"])
    _lend_usage(command, lang, put)
    for param in command.params:
        if not isinstance(param, click.Option):
            continue
        names = [n for n in param.opts if n.startswith("--")] or param.opts
        name = names[0]
        option_help = words.get(f"{path} {name}") or words.get(f"* {name}")
        if option_help:
            put(param, "help", option_help)
        default = words.get(f"{path} {name} default") or words.get(f"* {name} default")
        if isinstance(param.show_default, str) and default:
            put(param, "show_default", default)
