"""The application: the command group, its commands loaded by name when called, and ``main``.

Commands return an :class:`~.status.ExitStatus` (or nothing: settled) and raise the
package's errors; the error map (:func:`.shared.error_map.run`) turns each kind of error into
its line and its code, and nothing else in the package exits. Heavy modules
(PyYAML, the tile tables) are imported inside the commands that use them, so
``meizhou-score --help`` pays only for click. No command imports this module: it is the top of
the command line (the import contract in pyproject.toml keeps it so).
"""

from __future__ import annotations

import os
import signal
import sys

import click

from .. import __version__
from ..i18n.catalog import register
from ..i18n.messages import msg
from .shared.error_map import run
from .shared.options import locale_language
from .status import ExitStatus


class _Commands(click.Group):
    """The commands, some loaded only when called (``settle`` must not pay for ``ledger``),
    run by :func:`run`."""

    LAZY = {  # a command's name: the module, under cli/, that defines it
        "settle": "settle",
        "check": "reference",
        "rules": "reference",
        "deal": "reference",
        "schema": "reference",
        "record": "record.command",
        "undo": "record.undo",
        "reconcile": "reconcile",
        "seat": "seat",
        "ledger": "ledger",
        "serve": "serve",
        "audit": "audit.command",
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
            from .shared import completion  # noqa: F401 - registers the fish script
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
    from .shared.speaking import english_help

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
        if signal.getitimer(signal.ITIMER_REAL)[0]:  # a Ctrl-C put off in an import, not raised:
            signal.setitimer(signal.ITIMER_REAL, 0)  # its alarm would kill the exit (-14)
            sys.exit(ExitStatus.STOPPED)  # the Ctrl-C is the answer: it was asked for


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
