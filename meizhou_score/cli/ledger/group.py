"""The club's ledger on the command line, its group: ``--db``,
and what every ledger command shares."""

from __future__ import annotations

import click

from ...errors import RecordError
from ...i18n.messages import at
from ..shared.errors import Usage
from ..shared.options import common, the_run


def since_until(func):
    """A report's ``--since`` and ``--until`` (YYYY-MM-DD, read by :func:`day_of`)."""
    func = click.option("--until", metavar="YYYY-MM-DD", help="Only nights on or before this day.")(
        func
    )
    return click.option("--since", metavar="YYYY-MM-DD", help="Only nights on or after this day.")(
        func
    )


def day_of(value, option):
    """A day typed for ``option`` (YYYY-MM-DD) as the ledger keeps it, None when not given; a day
    that is not one is a usage error naming the option."""
    from ...records.validators import date

    try:
        return date(value, option) if value else None
    except RecordError as exc:
        raise Usage(exc.message if not exc.path else at(exc.path, exc.message)) from None


def ledger_of(ctx, create: bool = False):
    """The ledger, open until the command ends (then closed, so that nothing holds it after)."""
    from ...club.store import open_ledger

    conn = open_ledger(the_run().ledger["db"], create)
    ctx.call_on_close(conn.close)
    return conn


class _Ledger(click.Group):
    """The ledger's commands, SQLite's own failures (busy, damaged) said as the ledger's
    (exit 2)."""

    def invoke(self, ctx):
        from ...club.store import guarded

        with guarded(lambda: the_run().ledger.get("db", "")):
            return super().invoke(ctx)


NIGHT = click.IntRange(1, (1 << 63) - 1)  # a night's number, as SQLite can hold it


@click.group(cls=_Ledger)
@click.option(
    "--db",
    metavar="PATH",
    envvar="MEIZHOU_LEDGER",
    type=click.Path(),
    help=(
        "The ledger file [default: MEIZHOU_LEDGER, else "
        "~/.local/share/meizhou-score/ledger.sqlite3]."
    ),
)
@common
@click.pass_context
def ledger(ctx, db):
    """The club's ledger: every night in one SQLite file; totals, settle-up, statistics, export.

    \b
    Examples:
      meizhou-score ledger add examples/session.yaml
      meizhou-score ledger totals --since 2026-11-01 --until 2026-11-30
      meizhou-score ledger settle-up --since 2026-11-01
      meizhou-score ledger stats --format csv
      meizhou-score ledger export --format csv > november.csv
    """
    from ...club.store import default_path

    the_run().ledger["db"] = db or default_path()
