"""Debts paid and the history of a balance on the command line: ``ledger pay``, ``payments``,
``remove-payment`` and ``history``."""

from __future__ import annotations

import click

from ...i18n.messages import msg
from ...i18n.visible import visible
from ...i18n.words import phrase
from ..shared.errors import Usage
from ..shared.options import common, confirm, lang_option, someone_can_answer, the_run
from .group import NIGHT, day_of, ledger, ledger_of, since_until
from .rows import emit_rows, table_formats


@ledger.command("pay")
@click.argument("payer", metavar="FROM")
@click.argument("payee", metavar="TO")
@click.argument("amount", metavar="AMOUNT")
@click.option(
    "--date", "date_text", metavar="YYYY-MM-DD", help="When it was paid [default: today]."
)
@click.option("--note", default="", help="A note kept with the payment.")
@lang_option
@common
@click.pass_context
def ledger_pay(ctx, payer, payee, amount, date_text, note, lang):
    """Record money that changed hands: FROM paid TO AMOUNT. Totals and settle-up then show what is
    owed now.

    \b
    Examples:
      meizhou-score ledger pay "Ah Fook" Jun 140
      meizhou-score ledger pay Lan Mei 2.5 --date 2026-11-30 --note "cash at the door"
    """
    from ...club import payments
    from ...settling.money import text

    paid = payments.amount_of(amount)
    done = payments.pay(ledger_of(ctx), payer, payee, paid, day_of(date_text, "--date"), note)
    # as recorded: the names as the ledger knows them ("ah fook" is Ah Fook), " 1_000 " as 1000
    said = phrase(
        "ledger_paid", lang, payer=done.payer, payee=done.payee, amount=text(paid), number=done.id
    )
    click.echo(said)


@ledger.command("payments")
@since_until
@table_formats
@lang_option
@common
@click.pass_context
def ledger_payments(ctx, since, until, fmt, lang):
    """List the payments recorded (ledger pay, settle-up --record), by date.

    \b
    Example:
      meizhou-score ledger payments --since 2026-11-01
    """
    from ...club import payments

    found = payments.payments(ledger_of(ctx), day_of(since, "--since"), day_of(until, "--until"))
    emit_rows(
        [p.named() for p in found],
        fmt,
        lang,
    )


@ledger.command("remove-payment")
@click.argument("number", metavar="N", type=NIGHT)
@click.option("--yes", "-y", is_flag=True, help="Remove without asking.")
@lang_option
@common
@click.pass_context
def ledger_remove_payment(ctx, number, yes, lang):
    """Take back payment N (asks first, unless --yes): the debt it paid is owed again.

    \b
    Example:
      meizhou-score ledger remove-payment 3 --yes
    """
    from ...club import payments

    conn = ledger_of(ctx)
    if not yes:
        if not someone_can_answer():
            raise Usage(msg("ledger remove-payment asks first; pass --yes when nobody can answer"))
        if not confirm(phrase("ledger_remove_payment", lang, number=number), False, lang):
            click.echo(phrase("record_nothing_removed", lang))
            return
    payments.remove_payment(conn, number)
    click.echo(phrase("ledger_payment_removed", lang, number=number))


@ledger.command("history")
@click.argument("players", metavar="[PLAYER]...", nargs=-1)
@since_until
@click.option(
    "--by",
    type=click.Choice(["night", "week", "month"]),
    default="night",
    show_default=True,
    help="One point a night, a week or a month.",
)
@click.option(
    "--chart",
    metavar="FILE.svg",
    help="Also draw it as a line chart, SVG (- writes it to standard output).",
)
@table_formats
@lang_option
@common
@click.pass_context
def ledger_history(ctx, players, since, until, by, chart, fmt, lang):
    """Each player's running balance over time — the nights, and the payments by their dates —
    as a table, and with --chart as a line chart (self-contained SVG, no script).

    \b
    Examples:
      meizhou-score ledger history --since 2026-09-01 --by week
      meizhou-score ledger history Mei Jun --by month --chart mei-jun.svg
    """
    from ...club import reports
    from ...club.store import files_of
    from ...records.outputs import check_output, write_output

    if chart is not None:  # refused before any work: a folder, the ledger itself, '', a loop
        check_output(chart, files_of(the_run().ledger["db"]))
    labels, series = reports.history(
        ledger_of(ctx), tuple(players), day_of(since, "--since"), day_of(until, "--until"), by
    )
    if chart is not None:
        from ...render.chart import line_chart

        svg = line_chart(phrase("chart_history", lang), labels, series, lang)
        if chart == "-":
            click.echo(svg, nl=False)
            return
        write_output(chart, svg, inputs=files_of(the_run().ledger["db"]))
        click.echo(phrase("record_written_to", lang, path=visible(chart)), err=True)
    emit_rows(
        [
            {"when": label, **{name: series[name][i] for name in series}}
            for i, label in enumerate(labels)
        ],
        fmt,
        lang,
    )
