"""The ledger's reports on the command line: ``totals``, ``settle-up``, ``stats`` and ``export``."""

from __future__ import annotations

import click

from ..i18n.words import phrase
from .ledger_base import _day, _open, _since_until, ledger
from .shared.options import common, lang_option


def _table_formats(func):
    func = _bom_option(func)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["table", "json", "csv"]),
        default="table",
        show_default=True,
        help="A table, JSON or CSV.",
    )(func)


def _bom_option(func):
    """--bom, kept in the context for the CSV writer (the commands themselves never look at it)."""
    return click.option(
        "--bom",
        is_flag=True,
        expose_value=False,
        callback=lambda ctx, param, value: ctx.meta.__setitem__("bom", value),
        help="CSV for Excel: begin with a byte-order mark, so that Chinese names open intact.",
    )(func)


def _csv_writer(echo=click.echo):
    """A CSV writer onto standard output as RFC 4180 writes it (CRLF line ends), a byte-order mark
    first with ``bom`` (Excel reads UTF-8 only after one)."""
    import csv

    class _Out:
        def write(self, text):
            echo(text, nl=False)

    class _Neutral:
        """Every row's text cells made inert for a spreadsheet (see :func:`_inert`)."""

        def __init__(self, writer):
            self.writer = writer

        def writerow(self, row):
            self.writer.writerow([_inert(cell) for cell in row])

        def writerows(self, rows):
            for row in rows:
                self.writerow(row)

    if click.get_current_context().meta.get("bom"):
        echo("\ufeff", nl=False)
    return _Neutral(csv.writer(_Out(), lineterminator="\r\n"))


def _inert(cell):
    """A CSV cell a spreadsheet will not run (OWASP, CSV injection): text that begins with = + - @,
    a tab or a carriage return gets a ' in front, so that ``=HYPERLINK(…)`` in a name or a note is
    shown, not evaluated. Numbers the tool worked out (amounts, units: ``-40``) are numbers, not
    formulas, and stay as they are, so a spreadsheet still adds them up."""
    if isinstance(cell, str) and cell[:1] in _FORMULA_STARTS:
        return "'" + cell
    return cell


_FORMULA_STARTS = frozenset("=+-@\t\r")


def _csv_value(value):
    """true/false for a flag (as JSON writes it), the value itself otherwise."""
    return ("true" if value else "false") if isinstance(value, bool) else value


def _emit(rows: list[dict], fmt: str, lang: str = "en") -> None:
    """Rows of plain values as a table (its headings in ``lang``), JSON or CSV
    (the keys as they are)."""
    if fmt == "json":
        from ..render.jsonout import dumps

        click.echo(dumps(rows))
    elif fmt == "csv":
        if rows:
            writer = _csv_writer()
            writer.writerow(list(rows[0]))
            writer.writerows([_csv_value(v) for v in row.values()] for row in rows)
    elif rows:
        from ..render.columns import columns

        # the headings in the player's language (English: the keys themselves, as JSON and CSV show
        # them)
        names = dict(pair.split("=") for pair in phrase("ledger_columns", lang).split("|"))
        click.echo(
            columns(
                [[names.get(key, key) for key in rows[0]]]
                + [[_cell(v) for v in row.values()] for row in rows]
            )
        )
    else:
        click.echo(phrase("ledger_nothing", lang))


def _cell(value) -> str:
    from decimal import Decimal

    from ..settling.money import text

    return text(value) if isinstance(value, Decimal) else str(value)


def _report(player: bool):
    """A report's options: --since, --until, (--player,) --format table|json|csv,
    and the ledger's context."""

    def wrap(func):
        func = _table_formats(lang_option(common(click.pass_context(func))))
        if player:
            func = click.option("--player", metavar="NAME", help="Only this player.")(func)
        return _since_until(func)

    return wrap


@ledger.command("totals")
@_report(player=True)
def ledger_totals(ctx, since, until, player, fmt, lang):
    """Each player's net over the nights in a range (all nights by default), exact.

    \b
    Examples:
      meizhou-score ledger totals --since 2026-11-01 --until 2026-11-30
      meizhou-score ledger totals --player mei --format json
    """
    from ..club import payments, reports
    from ..render.jsonout import number

    conn = _open(ctx)
    span = _day(since, "--since"), _day(until, "--until")
    found = reports.totals(conn, *span, player)
    if not payments.payments(conn, *span):  # no money changed hands: the nights' totals, as ever
        _emit(
            [{"player": name, "total": number(value)} for name, value in found.items()], fmt, lang
        )
        return
    standing = payments.owed(conn, reports.totals(conn, *span), *span)
    if player is not None:
        standing = [o for o in standing if o.player in found]
    # total: what is owed now (+ owed to the player, − owed by them) = nights + paid − received
    _emit(
        [
            {
                "player": o.player,
                "nights": o.nights,
                "paid": o.paid,
                "received": o.received,
                "total": o.now,
            }
            for o in standing
        ],
        fmt,
        lang,
    )


@ledger.command("settle-up")
@_report(player=False)
@click.option(
    "--record",
    "record_it",
    is_flag=True,
    help="Record the payments it proposes (asks first, unless --yes).",
)
@click.option("--yes", "-y", is_flag=True, help="With --record: record without asking.")
def ledger_settle_up(ctx, since, until, fmt, lang, record_it, yes):
    """Who pays whom over the range, in the fewest payments that square what is owed now.

    What is owed now is what the nights say, less what has been paid since
    (ledger pay). With --record, the payments proposed are recorded as paid
    today, and everyone is square.

    \b
    Examples:
      meizhou-score ledger settle-up --since 2026-11-01 --until 2026-11-30
      meizhou-score ledger settle-up --record --yes
    """
    from ..club import payments, reports
    from ..settling.settleup import settle_up

    conn = _open(ctx)
    span = _day(since, "--since"), _day(until, "--until")
    paid_on = span[1] if span[1] and span[1] < _today() else None
    if (
        record_it and yes
    ):  # read, worked out and recorded in one transaction (several at once: once)
        result = payments.square(conn, *span, paid_on)
    else:
        standing = payments.owed(conn, reports.totals(conn, *span), *span)
        result = settle_up({o.player: o.now for o in standing})
    if not result.payments:
        click.echo(phrase("settle_none", lang)) if fmt == "table" else _emit([], fmt, lang)
        return
    _emit(
        [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in result.payments], fmt, lang
    )
    if not result.exact and fmt == "table":
        click.echo(phrase("ledger_inexact", lang), err=True)
    if record_it and not yes:
        from ..i18n.messages import msg
        from .shared.errors import Usage
        from .shared.options import confirm, someone_can_answer

        if not someone_can_answer():
            raise Usage(msg("settle-up --record asks first; pass --yes when nobody can answer"))
        if not confirm(
            phrase("ledger_record_payments", lang, count=len(result.payments)), False, lang
        ):
            click.echo(phrase("record_nothing_written", lang))
            return
        if not payments.square(conn, *span, paid_on, result.payments).payments:
            click.echo(phrase("ledger_already_square", lang))
            return
    if record_it:
        click.echo(phrase("ledger_payments_recorded", lang, count=len(result.payments)))


def _today() -> str:
    import datetime

    return datetime.date.today().isoformat()


@ledger.command("stats")
@_report(player=True)
def ledger_stats(ctx, since, until, player, fmt, lang):
    """Per player: nights, hands, wins by type, self-draw rate, times robbed, kongs, biggest hand,
    net.

    \b
    Examples:
      meizhou-score ledger stats
      meizhou-score ledger stats --player jun --format json
    """
    from ..club import reports
    from ..render.jsonout import number

    found = reports.stats(_open(ctx), _day(since, "--since"), _day(until, "--until"), player)
    if (
        fmt == "table" and found
    ):  # words for headings, patterns by name; a block a player on a narrow screen
        from ..render.stats import stats_text
        from .shared.options import screen_width

        click.echo(stats_text(found, lang, screen_width()))
        return
    rows = []
    for st in found:
        row = {"player": st.player, "nights": st.nights, "hands": st.hands}
        row.update({f"wins_{k}": v for k, v in st.wins.items()})
        row.update(self_draw_rate=st.self_draw_rate, robbed=st.robbed)
        row.update({f"kongs_{k}": v for k, v in st.kongs.items()})
        row.update(
            biggest_ratio=st.biggest_ratio,
            biggest_patterns=" ".join(st.biggest_patterns),
            net=number(st.net),
            net_per_hand=st.net_per_hand,
        )
        rows.append(row)
    _emit(rows, fmt, lang)
