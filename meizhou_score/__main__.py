"""``python -m meizhou_score`` and the ``meizhou-score`` program.

Ctrl-C is a quiet exit 130 from the very first moment: until the command line is running (and
can undo what it started), a Ctrl-C simply ends the program, as nothing has been written yet.
The package's own import loads nothing heavy, so this runs within milliseconds of the start.
"""

# signal's C half, built in: ``import signal`` alone takes milliseconds (it builds its enums)
import _signal  # type: ignore[import-not-found]  # typeshed has no stub for the C half
import os


def _stopped_before_anything(signum, frame):  # noqa: ARG001 - a signal handler's arguments
    os.write(2, b"\n")
    os._exit(130)


def main() -> None:
    """The program: Ctrl-C handled first, then the command line (:func:`cli.app.main`)."""
    _signal.signal(_signal.SIGINT, _stopped_before_anything)
    from .cli.app import main as run_program

    run_program(quiet_until=_stopped_before_anything)


if __name__ == "__main__":
    main()
