"""What every command shares: --help and --version, --format, --lang, --rules; the run's state; a
flag checked.

Commands never exit: they return an :class:`~..status.ExitStatus` or raise the
package's errors, and the error map (:func:`~.error_map.run`) alone turns those into exit codes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import click

from ... import __version__
from ...errors import MeizhouError
from ...i18n.language import language_of, pick
from ...i18n.messages import Message, at, msg
from ...i18n.scripts import choices
from ...records.loader import DEFAULT_LIMITS, Limits


@dataclass
class Run:
    """What one run of the command line knows beyond a command's flags: the limits and the player's
    language.

    Made by ``main`` (the limits read once from the environment) and handed to click as the
    context's object.
    """

    limits: Limits = DEFAULT_LIMITS
    lang: str | None = None  # --lang, once click has read it
    ledger: dict = field(default_factory=dict)  # the ledger group's --db, for its commands


class HandOrLast(click.IntRange):
    """A hand's number, from 1, for an option whose value may be left out: the option alone gives
    ``last`` (click hands over its flag value as an int, passed through); 0 or a negative number
    typed is refused with the range."""

    def __init__(self, last: int):
        super().__init__(1, None)
        self.last = last

    def convert(self, value, param, ctx):
        if type(value) is int and value == self.last:  # the option alone, not a number typed
            return value
        return super().convert(value, param, ctx)


def the_run() -> Run:
    """This run's :class:`Run` (a fresh default one when a command is called outside ``main``)."""
    ctx = click.get_current_context(silent=True)
    found = ctx.find_object(Run) if ctx is not None else None
    return found if found is not None else Run()


def locale_language() -> str:
    """The locale's language (LC_ALL, then LC_MESSAGES, then LANG, the first one set): zh_CN, zh_SG
    and zh_Hans read Simplified; zh_TW, zh_HK, zh_MO, zh_Hant and any other Chinese Traditional;
    anything else English."""
    return pick(locale=[os.environ.get(name) for name in ("LC_ALL", "LC_MESSAGES", "LANG")])


def language() -> str:
    """The language the player chose: --lang as click read it, else the locale's."""
    return the_run().lang or locale_language()


def screen_width() -> int | None:
    """How many cells wide the player's screen is: COLUMNS when set, else the terminal's; None when
    the output is not a terminal (a file or a pipe gets every line whole)."""
    import sys

    said = os.environ.get("COLUMNS", "")
    if said.isdigit() and len(said) <= 9 and int(said) >= 20:  # int() refuses 4,300+ digits
        return int(said)
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns if sys.stdout.isatty() else None
    except (OSError, ValueError, AttributeError):
        return None


def echo_fitted(text: str, **kwargs) -> None:
    """Print ``text`` fitted to the screen's width (tables kept whole)."""
    from ...render.columns import fit

    click.echo(fit(text, screen_width()), **kwargs)


def someone_can_answer() -> bool:
    """Is standard input a terminal (someone there to answer a question)? Not when it is closed or
    a pipe."""
    import sys

    return sys.stdin is not None and sys.stdin.isatty()


def confirm(question: str, default: bool, lang: str, back: bool = False) -> bool | None:
    """A yes/no question; any language's yes and no answer it (是/否 and 對/不 as well as y/n).
    A wrong answer asks again, in ``lang``; the question shows the default as the language does
    ([Y/n], [是/否，默認 是]). With ``back``, ``<`` or a word for back answers None."""
    from ...i18n.language import language as spoken
    from ...i18n.language import typed_for

    said = spoken(lang)
    yes, no = said.yes, said.no

    def answer(text: str) -> bool | None:
        typed = text.strip().casefold()
        if back and (typed == "<" or typed in typed_for("back")):
            return None
        if typed in typed_for("yes"):
            return True
        if typed in typed_for("no"):
            return False
        raise click.UsageError(msg("answer {yes} or {no}", yes=yes, no=no).say(lang))

    from .speaking import speaking

    asked = f"{question} {said.question_hint(default)}"
    with speaking(None, lang):  # click's "Error:" before a wrong answer in the language: 錯誤：
        return click.prompt(
            asked,
            default=yes if default else no,
            show_default=False,
            value_proc=answer,
            prompt_suffix=said.prompt_suffix(asked),
        )


def say_error(message: Message | MeizhouError, lang: str | None = None) -> None:
    """One error line on standard error, in the player's language; the command goes on."""
    echo_fitted(
        msg("meizhou-score: error: {message}", message=message).say(lang or language()), err=True
    )


def checked(check, value, flag: str | Message):
    """A flag's value through the same check a typed answer gets; a bad one is an error naming the
    flag."""
    try:
        return check(value)
    except MeizhouError as exc:
        raise MeizhouError(at(flag, exc)) from None


def load_rules(rules_file):
    """The defaults, or a house-rules file over them."""
    from ...records.rules import DEFAULT_RULES

    if rules_file is None:
        return DEFAULT_RULES
    if not rules_file.strip():
        raise MeizhouError(at("--rules", msg("expected a house-rules file; got an empty name")))
    from ... import load_rules as read_rules

    return read_rules(rules_file)


def _remember_language(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    value = language_of(value) if value is not None else None  # zh is zh-Hant; ZH-hans is zh-Hans
    if value is not None and ctx.obj is not None and isinstance(ctx.obj, Run):
        ctx.obj.lang = value
    return value


def common(func):
    """--version and --help on every command."""
    func = click.version_option(__version__, prog_name="meizhou-score")(func)
    return click.help_option("-h", "--help")(func)


def format_option(func):
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["table", "json"]),
        default="table",
        show_default=True,
        help="Output as a table or as JSON.",
    )(func)


class _Languages(click.Choice):
    """The languages --lang accepts, read when a value is checked (a registered one counts)."""

    def __init__(self) -> None:
        super().__init__(choices(), case_sensitive=False)

    @property
    def choices(self):
        return choices()

    @choices.setter
    def choices(self, value) -> None:
        pass


def lang_option(func):
    """--lang en|zh-Hant|zh-Hans (zh: zh-Hant), by default the locale's language (read first, so
    that even a
    usage error speaks it)."""
    return click.option(
        "--lang",
        type=_Languages(),
        default=locale_language,
        is_eager=True,
        callback=_remember_language,
        show_default="the locale's: zh_CN, zh_SG zh-Hans; zh_TW, zh_HK zh-Hant; else en",
        help="Language: English, Traditional (zh-Hant, or zh) or Simplified Chinese (zh-Hans).",
    )(func)


def rules_option(func):
    return click.option(
        "--rules",
        "rules_file",
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help="House-rules YAML file; the record's own rules: override it.",
    )(func)
