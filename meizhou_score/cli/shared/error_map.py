"""The error map: one command line run, and whatever happens, one clear line and an honest exit
code, never a traceback.

Commands return an :class:`~..status.ExitStatus` (or nothing: settled) and raise the package's
errors; :func:`run` maps each kind of error to its line and its code, and nothing else in the
package exits. A full disk or a closed stdout met by the last flush is an error too.
"""

from __future__ import annotations

import os
import sys

import click

from ...errors import MeizhouError
from ...i18n.language import language_of
from ...i18n.messages import msg, reason
from ..status import ExitStatus
from .errors import Stopped, Unwritten
from .options import Run, locale_language, say_error


def run(group: click.Group, args, prog_name: str, complete_var=None, **extra) -> int:
    """Run one command line; whatever happens, one clear line and an honest exit code,
    never a traceback.

    The error map: each kind of failure, its words and its :class:`ExitStatus`. A traceback is shown
    only for a fault of the program's own, and only when ``MEIZHOU_DEBUG`` is set.
    """
    from ...records.loader import Limits

    state = Run()
    stdout = sys.stdout
    args = list(sys.argv[1:] if args is None else args)

    def lang() -> str:
        return state.lang or _language_in(group, args, prog_name) or locale_language()

    try:
        state.limits = Limits.from_environment(os.environ)
        from .speaking import speaking

        helped = "--help" in args or "-h" in args  # the help is said in the player's language
        with speaking(group if helped else None, lang() if helped else "en"):
            code = click.Group.main(
                group, args, prog_name, complete_var, standalone_mode=False, obj=state, **extra
            )
    except Stopped as exc:
        click.echo("\n" + exc.args[0].say(lang()), err=True)
        code = ExitStatus.STOPPED
    except click.exceptions.Abort:  # click has already ended the line
        click.echo(msg("Stopped.").say(lang()), err=True)
        code = ExitStatus.STOPPED
    except KeyboardInterrupt:
        click.echo("\n" + msg("Stopped.").say(lang()), err=True)
        code = ExitStatus.STOPPED
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.exceptions.ClickException as exc:
        from .usage import show

        show(exc, lang())
        code = ExitStatus.BAD
    except MeizhouError as exc:
        say_error(exc, lang())
        # the ledger's disk refused the write (full, a size limit): output unwritten, not bad input
        code = ExitStatus.OUTPUT if getattr(exc, "disk", False) else ExitStatus.BAD
    except SystemExit as exc:  # click met a closed pipe, replaced stdout and said 1: not a dispute
        code = (
            ExitStatus.PIPE
            if sys.stdout is not stdout
            else exc.code
            if isinstance(exc.code, int)
            else 0
        )
    except BrokenPipeError:
        _quiet_pipe()
        code = ExitStatus.PIPE
    except Unwritten as exc:
        say_error(exc.args[0], lang())
        code = ExitStatus.OUTPUT
    except OSError as exc:
        say_error(msg("the output could not be written: {why}", why=reason(exc)), lang())
        code = ExitStatus.OUTPUT
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if os.environ.get("MEIZHOU_DEBUG"):
            raise
        bug = msg(
            "internal error ({kind}: {detail}). This is a bug; please report it with the input and "
            "the output of the same command run with MEIZHOU_DEBUG=1.",
            kind=type(exc).__name__,
            detail=str(exc),
        )
        click.echo("meizhou-score: " + bug.say(lang()), err=True)
        code = ExitStatus.BUG
    return _flushed(int(code or 0), lang)


def _language_in(group: click.Group, args: list[str], prog_name: str) -> str | None:
    """--lang as click reads it from a command line that failed before click got to it
    (an unknown option)."""
    try:
        ctx = group.make_context(prog_name, list(args), resilient_parsing=True)
        while isinstance(ctx.command, click.Group) and _pending(ctx):
            name, command, rest = ctx.command.resolve_command(ctx, _pending(ctx))
            if command is None:  # a mistyped command: --lang is read from the words below
                raise click.UsageError(name or "")
            ctx = command.make_context(name, rest, parent=ctx, resilient_parsing=True)
        value = ctx.params.get("lang")
        if ctx.get_parameter_source("lang") is not click.core.ParameterSource.COMMANDLINE:
            value = None  # the locale's, or not read: --lang is read from the words below
    except (click.ClickException, click.exceptions.Exit, ImportError):
        value = None
    if not isinstance(value, str):  # a mistyped command: --lang read from the words as they stand
        said = [arg.split("=", 1)[1] for arg in args if arg.startswith("--lang=")]
        said += [args[n + 1] for n, arg in enumerate(args[:-1]) if arg == "--lang"]
        value = said[-1] if said else None
    return language_of(value) if isinstance(value, str) else None


def _pending(ctx: click.Context) -> list[str]:
    """The words a group has not parsed yet: the command's name and its own
    (click 8.1 and 8.2+ alike)."""
    protected = ctx.__dict__.get("_protected_args", ctx.__dict__.get("protected_args", []))
    return [*protected, *ctx.args]


def _flushed(code: int, lang) -> int:
    """Flush stdout now, so that a full disk or a closed stdout is an error, not a silent exit 0.

    A buffered stdout (any shell's: ``PYTHONUNBUFFERED`` unset) keeps what it could not write and
    tries again as Python exits, which would say a second error and exit 120. So where the flush
    fails, the error is said once (not again when the command's own write met it first: the
    error map has said it, and the code is 4 already) and stdout is pointed at the null device,
    where what is left goes quietly at exit.
    """
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        _quiet_pipe()
        return ExitStatus.PIPE
    except (OSError, ValueError) as exc:
        if code != ExitStatus.OUTPUT:
            try:
                say_error(
                    msg(
                        "the output could not be written: {why}",
                        why=reason(exc) if isinstance(exc, OSError) else str(exc),
                    ),
                    lang(),
                )
            except (OSError, ValueError):
                pass
        _quiet_pipe()
        return ExitStatus.OUTPUT
    return code


def _quiet_pipe() -> None:
    """The reader went away (``| head -1``) or stdout refused a write (a full disk): stop quietly,
    stdout pointed at the null device, so that what Python flushes at exit goes nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
