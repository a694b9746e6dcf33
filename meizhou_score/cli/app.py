"""The application: the command group, and ``main`` — the one place that turns what happened
into an exit code.

Commands return an :class:`ExitStatus` (or nothing: settled) and raise the
package's errors; :func:`run` maps each kind of error to its line and its code
(the error map below), and nothing else in the package exits. Heavy modules
(PyYAML, the tile tables) are imported inside the commands that use them, so
``meizhou-score --help`` pays only for click.
"""

from __future__ import annotations

import os
import signal
import sys

import click

from .. import __version__
from ..errors import MeizhouError
from ..i18n.catalog import register
from ..i18n.language import language_of
from ..i18n.messages import msg, reason
from .options import Run, Stopped, Unwritten, locale_language, say_error
from .status import ExitStatus


class _Commands(click.Group):
    """The commands, some loaded only when called (``settle`` must not pay for ``ledger``),
    run by :func:`run`."""

    LAZY = {
        "settle": "settle",
        "check": "reference",
        "rules": "reference",
        "deal": "reference",
        "schema": "reference",
        "record": "record",
        "undo": "undo",
        "ledger": "ledger",
        "serve": "serve",
        "audit": "audit",
    }

    def list_commands(self, ctx):
        return sorted(self.LAZY)

    def get_command(self, ctx, name):
        if name not in self.LAZY:
            return None
        import importlib

        return getattr(importlib.import_module(f"meizhou_score.cli.{self.LAZY[name]}"), name)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Run a command line; in standalone mode (the program,
        click's test runner) exit with its code."""
        if os.environ.get(
            "_MEIZHOU_SCORE_COMPLETE"
        ):  # a shell asking to complete: our fish script, our values
            from . import completion  # noqa: F401 - registers the fish script
        code = run(self, args, prog_name or "meizhou-score", complete_var, **extra)
        if standalone_mode:
            sys.exit(code)
        return code


EPILOG = """\b
Environment:
  MEIZHOU_LEDGER             the ledger file (ledger --db)
  MEIZHOU_MAX_RECORD_BYTES   the largest hand record read [1 MiB]
  MEIZHOU_MAX_SESSION_BYTES  the largest session read [4 MiB]
  MEIZHOU_DEBUG=1            show a traceback for a fault of the program's own
  LC_ALL, LC_MESSAGES, LANG  when --lang is not given: zh_CN, zh_SG Simplified
                             Chinese; zh_TW, zh_HK, other zh_* Traditional
\b
Exit codes: 0 settled and agreed; 1 a dispute (not a win, claims or dealer
differ); 2 a bad record or bad usage; 3 a bug of the program's; 4 the output
could not be written; 130 stopped by Ctrl-C; 141 the reader closed the pipe.
\b
Documentation: the README and docs/ (formats, rules, auditing, architecture,
performance) beside the package's source."""


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EPILOG)
@click.version_option(__version__, prog_name="meizhou-score")
def cli():
    """Settle and check the gold payouts of Meizhou (梅州, Hakka) mahjong.

    \b
    Examples:
      meizhou-score settle examples/self-draw.yaml
      meizhou-score settle examples/robbed-kong.yaml --explain --lang zh
      meizhou-score check 1112345678999m
      meizhou-score check 123m 456m 789p 234s 5s
      meizhou-score rules --format json
    """


def _english_help() -> dict[str, str]:
    """The English help catalog: the ids and words of the commands themselves."""
    from .speaking import english_help

    return english_help(cli)


register("en", "help", _english_help)  # made when first asked for


def _interrupted(signum, frame) -> None:  # noqa: ARG001 - a signal handler's arguments
    """Ctrl-C while the command line runs: KeyboardInterrupt, so a write can be undone. Inside
    the import machinery CPython would only print it as "Exception ignored" with a traceback (a
    module lock's weak-reference callback) and go on: there it is put off for 5 ms (SIGALRM
    brings it back), until the import is done, and raised then."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            signal.signal(signal.SIGALRM, _interrupted)
            signal.setitimer(signal.ITIMER_REAL, 0.005)
            return
        frame = frame.f_back
    raise KeyboardInterrupt


def main(quiet_until=None) -> None:
    """The program: run the command line given, and exit with its code.

    ``quiet_until`` is the Ctrl-C handler the program started with (``__main__``): it stays until
    the command line runs, where Ctrl-C becomes KeyboardInterrupt (so a file being written is
    cleaned up), and is put back once the exit code is known.
    """
    if sys.stdout is None:  # started with stdout closed (>&-)
        if sys.stderr is not None:
            words = msg("the output could not be written: standard output is closed")
            sys.stderr.write(
                msg("meizhou-score: error: {message}", message=words).say(locale_language()) + "\n"
            )
        sys.exit(ExitStatus.OUTPUT)
    _readable_output()
    try:
        if quiet_until is not None:
            signal.signal(signal.SIGINT, _interrupted)
        cli.main(prog_name="meizhou-score")
    except KeyboardInterrupt:  # between the start and the command, or after it: nothing to undo
        sys.exit(ExitStatus.STOPPED)
    finally:
        if quiet_until is not None:
            signal.signal(signal.SIGINT, quiet_until)


def run(group: click.Group, args, prog_name: str, complete_var=None, **extra) -> int:
    """Run one command line; whatever happens, one clear line and an honest exit code,
    never a traceback.

    The error map: each kind of failure, its words and its :class:`ExitStatus`. A traceback is shown
    only for a fault of the program's own, and only when ``MEIZHOU_DEBUG`` is set.
    """
    from ..records.loader import Limits

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


def _readable_output() -> None:
    """A terminal that cannot show every character (latin-1,
    a Windows code page) gets ? instead of a crash."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf_8") and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (OSError, ValueError):
                pass


if __name__ == "__main__":  # pragma: no cover
    main()
