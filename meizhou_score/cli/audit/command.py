"""``audit``: JSONL logs settled on a Dask cluster, one result file per input and a summary."""

from __future__ import annotations

import errno
import glob
import os
import shutil
import signal
import sys

import click

from ...errors import MeizhouError, RecordError
from ...i18n.messages import at, cannot_read, msg, reason
from ...i18n.visible import visible
from ..shared.errors import Usage
from ..shared.options import common, language, load_rules, the_run
from ..status import ExitStatus
from . import folder as audit_folder
from .scheduler import scheduler_of


@click.command()
@click.argument("inputs", metavar="INPUT...", nargs=-1, required=True)
@click.option(
    "--out",
    "out_dir",
    metavar="DIR",
    required=True,
    type=click.Path(file_okay=False),
    help="Where the results go: one JSONL per input, named as it, and summary.json.",
)
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="An existing Dask cluster's scheduler: its address, or the file dask scheduler "
    "--scheduler-file wrote.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 512),
    default=2,
    show_default=True,
    help="Without --scheduler: the local cluster's worker processes.",
)
@click.option(
    "--rules",
    "rules_file",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="House-rules YAML file for every line (a line's own rules: override it).",
)
@click.option(
    "--blocksize",
    type=click.IntRange(1 << 10),
    default=None,
    metavar="BYTES",
    help="Bytes a block [default: 1-32 MiB, 8 a worker]; inputs under one block are settled "
    "here, without a cluster (4 MiB), so a smaller one tries a cluster on a small log.",
)
@common
def audit(inputs, out_dir, scheduler, workers, rules_file, blocksize):
    """Settle each JSONL INPUT on a Dask cluster, as `settle --jsonl` does on one machine.

    INPUT is a file, a glob (quoted: 'logs/*.jsonl') or any URL Dask can read
    (s3://…, gs://…, with the filesystem's package installed). Each input's
    results go to DIR under its name, byte for byte what `settle --jsonl INPUT`
    prints; the lines settled, disputed and refused, per file and in all, are
    printed at the end and written to DIR/summary.json. The exit code is bulk
    mode's: 2 when a line was refused, else 1 when one was disputed. Inputs
    under 4 MiB in all are settled in this process, without a cluster.

    \b
    Examples:
      meizhou-score audit 'logs/*.jsonl' --out audited/
      meizhou-score audit s3://club/2026/*.jsonl --out audited/ --scheduler tcp://10.0.0.5:8786
    """
    from ...bulk import audit as bulk_audit
    from ...bulk.errors import Unreadable

    lang = language()
    address, scheduler_file = scheduler_of(scheduler)
    rules_data = None
    if rules_file:
        load_rules(rules_file)  # checked here, once; each worker builds it from the data
        from ...records.loader import load_record

        rules_data = load_record(rules_file)
    paths = _expand(inputs)
    outputs = _outputs(paths, out_dir)
    try:
        os.makedirs(out_dir, exist_ok=True)
        into = audit_folder.make(out_dir)  # parts, and outputs until whole
    except OSError as exc:
        raise MeizhouError(
            at(out_dir, msg("cannot write the file: {why}", why=reason(exc)))
        ) from None
    client = None
    stopped = _cleaned_up_on_sigterm()
    try:
        lengths = bulk_audit.sizes(paths)
        block = blocksize or bulk_audit.SMALL
        if sum(lengths) < block:
            click.echo(
                msg(
                    "{size:,} bytes in all, under one block ({block:,}): settled in this process, "
                    "without a cluster",
                    size=sum(lengths),
                    block=block,
                ).say(lang),
                err=True,
            )
            found = bulk_audit.audit_here(
                paths, outputs, rules_data, the_run().limits.record_bytes, into
            )
        else:
            client = _connect(bulk_audit, address, scheduler_file, workers)
            found = bulk_audit.audit(
                client,
                paths,
                outputs,
                rules_data,
                the_run().limits.record_bytes,
                into,
                blocksize,
                _progress if sys.stderr.isatty() else None,
            )
        summary = _summary(found)
        _write_summary(os.path.join(out_dir, "summary.json"), summary, into)
    except Unreadable as exc:
        unread = OSError(exc.errno, exc.words, exc.path)
        raise RecordError("", cannot_read(unread), exc.path) from None
    finally:
        try:
            if client is not None:
                bulk_audit.close(client)  # the workers stop before their folder goes
            shutil.rmtree(into, ignore_errors=True)
        finally:
            signal.signal(signal.SIGTERM, stopped)
    _say(found, summary, lang)
    from ...bulk.report import return_code

    return ExitStatus(return_code(summary["total"]))


def _cleaned_up_on_sigterm():
    """SIGTERM (kill, a job scheduler's stop, ``timeout``) ends the run as Ctrl-C does: the workers
    stopped and the temporary folder removed, then exit 143. Returns the handler it replaced."""

    def stop(signum, frame):
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: the clean-up is not cut short
        raise SystemExit(ExitStatus.TERMINATED)

    return signal.signal(signal.SIGTERM, stop)


def _connect(bulk_audit, address, scheduler_file, workers):
    try:
        return bulk_audit.connect(address, scheduler_file, workers)
    except bulk_audit.Missing as exc:
        raise Usage(
            msg(
                "audit runs on Dask, which is not installed: pip install 'meizhou-score[dask]' "
                "({why})",
                why=exc.why,
            )
        ) from None
    except OSError as exc:
        raise MeizhouError(
            at(
                "--scheduler",
                msg(
                    "no Dask scheduler answered at {address} ({why})",
                    address=address or scheduler_file,
                    why=str(exc),
                ),
            )
        ) from None
    except bulk_audit.NotDask as exc:
        raise MeizhouError(
            at(
                "--scheduler",
                msg(
                    "what answers at {address} is not a Dask scheduler ({why}); give the address "
                    "dask scheduler printed (tcp://HOST:8786) or its --scheduler-file",
                    address=address or scheduler_file,
                    why=exc.why,
                ),
            )
        ) from None


def _progress(done: int, total: int) -> None:
    width = 30
    bar = "#" * (width * done // total) + "-" * (width - width * done // total)
    click.echo(f"\r[{bar}] {done}/{total}", err=True, nl=done == total)


def _say(found, summary: dict, lang: str) -> None:
    """The figures, on standard error as bulk mode's summary is."""
    for row in found:
        click.echo(
            msg(
                "{file}: {lines:,} lines, {settled:,} settled, {disputed:,} disputed, {refused:,} "
                "refused",
                file=visible(row.input),  # a name can hold what would take over the terminal
                lines=row.lines,
                settled=row.settled,
                disputed=row.disputed,
                refused=row.refused,
            ).say(lang),
            err=True,
        )
    all_ = summary["total"]
    click.echo(
        msg(
            "in all: {lines:,} lines, {settled:,} settled, {disputed:,} disputed, {refused:,} "
            "refused",
            lines=all_["lines"],
            settled=all_["settled"],
            disputed=all_["disputed"],
            refused=all_["refused"],
        ).say(lang),
        err=True,
    )


def _outputs(paths: list[str], out_dir: str) -> list[str]:
    """Each input's result file in ``out_dir``: refused when two would share one, or when one (or
    the summary) would land on an input — before anything is written."""
    names = [os.path.basename(path.rstrip("/")) for path in paths]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise Usage(
            msg(
                "two inputs are both named {name}: their results would share one file in --out; "
                "audit them into different folders",
                name=twice[0],
            )
        )
    if "summary.json" in names:
        raise Usage(
            msg("an input is named summary.json, the name of the summary in --out; rename it")
        )
    outputs = [os.path.join(out_dir, name) for name in names]
    from ...records.outputs import input_at, replaces_input

    for output in [*outputs, os.path.join(out_dir, "summary.json")]:
        same = input_at(output, paths)
        if same is not None:
            raise Usage(replaces_input(output, same))
    return outputs


def _expand(inputs: tuple[str, ...]) -> list[str]:
    """Each INPUT's files: a URL's by its filesystem (fsspec), a local glob's by glob, a plain path
    as given."""
    paths: list[str] = []
    for given in inputs:
        if "://" in given:
            try:
                import fsspec
            except ImportError:
                raise Usage(
                    msg(
                        "audit runs on Dask, which is not installed: pip install "
                        "'meizhou-score[dask]' "
                        "({why})",
                        why="fsspec",
                    )
                ) from None
            try:
                fs, _, found = fsspec.get_fs_token_paths(given)
            except (ValueError, ImportError) as exc:
                raise Usage(at(given, msg("cannot read the file: {why}", why=str(exc)))) from None
            found = [fs.unstrip_protocol(path) for path in sorted(found)]
        elif glob.has_magic(given):
            found = sorted(glob.glob(given))
        else:
            found = [given]
        if not found:
            raise Usage(at(given, msg("no file matches")))
        for path in found:
            if "://" not in path and not os.path.isfile(path):
                _not_a_file(path)
        paths += [path for path in found if path not in paths]
    return paths


def _not_a_file(path: str) -> None:
    """The error for an input that is no regular file: missing, a folder, or a pipe or device
    (which audit cannot cut by its size)."""
    if os.path.isdir(path):
        raise RecordError("", cannot_read(IsADirectoryError(errno.EISDIR, "", path)), path)
    if os.path.exists(path):
        from ...records.kept import not_regular

        raise not_regular(path, RecordError)  # in the words every command refuses a pipe in
    raise RecordError("", cannot_read(FileNotFoundError(errno.ENOENT, "", path)), path)


def _summary(found) -> dict:
    keys = ("lines", "settled", "disputed", "refused", "failed")
    files = [
        {"input": row.input, "output": row.output, **{key: getattr(row, key) for key in keys}}
        for row in found
    ]
    return {"files": files, "total": {key: sum(row[key] for row in files) for key in keys}}


def _write_summary(path: str, summary: dict, into: str) -> None:
    from ...render.jsonout import dumps

    partial = os.path.join(into, "summary.json")
    with open(partial, "w", encoding="utf-8") as out:
        out.write(dumps(summary) + "\n")
    os.replace(partial, path)
