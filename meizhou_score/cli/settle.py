"""``settle``: hand records and sessions, one file or several, or a file of JSON lines
(bulk mode)."""

from __future__ import annotations

import os
import sys
from typing import IO, cast

import click

from ..errors import RecordError
from ..i18n.messages import cannot_read, msg, reason
from ..i18n.visible import visible
from ..i18n.words import phrase
from .shared.errors import Unwritten, Usage
from .shared.options import (
    common,
    echo_fitted,
    format_option,
    lang_option,
    language,
    load_rules,
    rules_option,
    say_error,
    screen_width,
    the_run,
)
from .status import ExitStatus


@click.command()
@click.argument("files", metavar="FILE...", nargs=-1, required=True, type=click.Path())
@rules_option
@format_option
@click.option("--explain", is_flag=True, help="List every payment with the rule behind it.")
@click.option(
    "--hands",
    "every_hand",
    is_flag=True,
    help="A session: each hand's whole table, not only the score sheet (--explain shows them too).",
)
@lang_option
@click.option(
    "--settle-up",
    "settle_up",
    is_flag=True,
    help="Also say who pays whom, in the fewest payments that square the balances.",
)
@click.option(
    "--jsonl",
    is_flag=True,
    help="Bulk mode: FILE holds one JSON record per line; print one JSON result per line.",
)
@click.option(
    "--jobs",
    type=click.IntRange(0, 256),
    default=1,
    show_default=True,
    metavar="N",
    help="Bulk mode: settle on N worker processes (0: every core); the output is the same.",
)
@click.option(
    "--chart",
    metavar="FILE.svg",
    help="Also draw the running totals, hand by hand, as a line chart "
    "(SVG; - writes it to standard output instead of the table).",
)
@click.option(
    "--max-record-bytes",
    type=click.IntRange(1, 1 << 30),
    default=None,
    metavar="N",
    help="Refuse a hand record larger than N bytes [default: 1 MiB, or MEIZHOU_MAX_RECORD_BYTES].",
)
@click.option(
    "--max-session-bytes",
    type=click.IntRange(1, 1 << 30),
    default=None,
    metavar="N",
    help="Refuse a session larger than N bytes [default: 4 MiB, or MEIZHOU_MAX_SESSION_BYTES].",
)
@common
def settle(
    files,
    rules_file,
    fmt,
    explain,
    every_hand,
    lang,
    settle_up,
    jsonl,
    jobs,
    chart,
    max_record_bytes,
    max_session_bytes,
):
    """Settle hand records or sessions: each FILE (- reads standard input).

    Prints the validation, every player's balance and the next dealer, and
    checks any claimed balances. A session prints its score sheet, a line a
    hand with the running totals (--hands: each hand's table). With several
    files each is reported under its name (JSON: a list of objects with
    "file" first, a file that cannot be settled as {"file", "valid": false,
    "error"}), and the exit code is the worst of them.

    \b
    Examples:
      meizhou-score settle examples/self-draw.yaml
      meizhou-score settle examples/kongs-every-type.yaml --explain
      meizhou-score settle examples/session.yaml --format json
      meizhou-score settle examples/*.yaml
      cat hand.yaml | meizhou-score settle - --lang zh
      meizhou-score settle --jsonl hands.jsonl > results.jsonl
    """
    limits = the_run().limits
    limits = limits._replace(
        record_bytes=max_record_bytes or limits.record_bytes,
        session_bytes=max_session_bytes or limits.session_bytes,
    )
    if jsonl:
        if len(files) != 1:
            raise Usage(msg("--jsonl reads one file of lines"))
        return _settle_jsonl(files[0], rules_file, limits.record_bytes, jobs)
    if jobs != 1:
        raise Usage(msg("--jobs is for bulk mode (--jsonl)"))
    if chart is not None and len(files) != 1:
        raise Usage(msg("--chart draws one night: give one FILE"))
    inputs = (*files, *([rules_file] if rules_file else []))
    if chart is not None:  # refused before any work: a folder, an input, '', a loop of links
        from ..records.outputs import check_output

        check_output(chart, inputs)
    from ..records.loader import load_record
    from ..settling.night import settle_data

    rules = load_rules(rules_file)
    from ..render.jsonout import dumps, night_json, night_json_text, settle_up_json
    from ..render.session import night_text

    worst, reports = ExitStatus.OK, []
    for file in files:
        try:
            result = settle_data(load_record(file, limits), rules)
        except RecordError as exc:
            exc = exc if exc.source else exc.with_source("<stdin>" if file == "-" else file)
            if len(files) == 1:
                raise exc from None
            say_error(exc)
            worst = ExitStatus.BAD
            if fmt == "json":
                reports.append({"file": file, "valid": False, "error": str(exc)})
            continue
        worst = max(worst, ExitStatus.DISPUTE if result.disputed else ExitStatus.OK)
        if chart is not None and len(files) == 1:
            from ..render.sheet import chart as night_chart

            svg = night_chart(result, lang)
            if chart == "-":
                click.echo(svg, nl=False)
                continue
            from ..records.outputs import write_output

            write_output(chart, svg, inputs)
            click.echo(phrase("record_written_to", lang, path=visible(chart)), err=True)
        if len(files) == 1:
            if fmt == "json":
                click.echo(night_json_text(result, settle_up))
            else:
                echo_fitted(
                    night_text(result, lang, explain, settle_up, every_hand, screen_width())
                )
        elif fmt == "json":
            obj = {"file": file, **night_json(result)}
            if settle_up:
                obj["settle_up"] = settle_up_json(result)
            reports.append(obj)
        else:
            echo_fitted(
                f"{file}\n{'-' * len(file)}\n"
                f"{night_text(result, lang, explain, settle_up, every_hand, screen_width())}\n"
            )
    if reports:
        click.echo(dumps(reports))
    return worst


class _Output:
    """Bulk mode's standard output: a write it refuses (a full disk, a size limit) is the output's
    failure, exit 4, never taken for the input's (a read error, exit 2)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, data) -> int:
        return self._refused_as_output(self.stream.write, data)

    def flush(self) -> None:
        self._refused_as_output(self.stream.flush)

    def isatty(self) -> bool:
        return self.stream.isatty()

    @staticmethod
    def _refused_as_output(act, *args):
        try:
            return act(*args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            said = msg("the output could not be written: {why}", why=reason(exc))
            raise Unwritten(said) from None


def _not_its_own_output(source, file: str) -> None:
    """``settle --jsonl f >> f`` would read its own results for ever: refused before a line."""
    try:
        read, written = os.fstat(source.fileno()), os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return  # no file behind one of them (a test's streams): nothing to compare
    from ..records.outputs import replaces_input, same_file

    if same_file(read, written):
        if file != "-":
            source.close()
        raise Usage(replaces_input(file, file))


def _settle_jsonl(file, rules_file, max_line_bytes: int, jobs: int = 1) -> ExitStatus:
    from ..bulk.lines import lines_of, run

    ctx = click.get_current_context()
    for name, flag in (
        ("explain", "--explain"),
        ("lang", "--lang"),
        ("fmt", "--format"),
        ("every_hand", "--hands"),
        ("settle_up", "--settle-up"),
        ("chart", "--chart"),
    ):
        if ctx.get_parameter_source(name) not in (
            None,
            click.core.ParameterSource.DEFAULT,
            click.core.ParameterSource.DEFAULT_MAP,
        ):
            if name != "fmt" or ctx.params["fmt"] != "json":
                raise Usage(
                    msg(
                        "{flag} does nothing with --jsonl (bulk mode writes JSON lines); leave it "
                        "out",
                        flag=flag,
                    )
                )
    rules = load_rules(rules_file)
    if file == "-" and sys.stdin is None:
        raise RecordError(
            "", msg("standard input is closed; give a file, or pipe the record in"), "<stdin>"
        )
    try:
        source = sys.stdin.buffer if file == "-" else open(file, "rb")
    except OSError as exc:
        raise RecordError("", cannot_read(exc), file) from None
    _not_its_own_output(source, file)
    out = cast(IO[bytes], _Output(sys.stdout.buffer))
    try:
        if jobs == 1:
            summary = run(lines_of(source, max_line_bytes), out, rules, max_line_bytes)
        else:
            from ..bulk.parallel import cores, run_parallel

            rules_data = None
            if rules_file:
                from ..records.loader import load_record as read_yaml

                rules_data = read_yaml(
                    rules_file
                )  # already checked above; workers rebuild the Rules
            summary = run_parallel(
                lines_of(source, max_line_bytes), out, jobs or cores(), rules_data, max_line_bytes
            )
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        raise RecordError("", cannot_read(exc), file) from None
    finally:
        if file != "-":
            source.close()
    out.flush()
    said = msg(
        "{settled:,} settled, {disputed:,} disputed, {refused:,} refused",
        settled=summary.settled,
        disputed=summary.disputed,
        refused=summary.refused,
    )
    if summary.failed:
        said += msg(", {failed:,} failed (a bug)", failed=summary.failed)
    click.echo(f"meizhou-score: {said.say(language())}", err=True)
    from ..bulk.report import return_code

    return ExitStatus(return_code(summary._asdict()))
