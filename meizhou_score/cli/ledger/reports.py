"""The ledger's reports on the command line: ``totals``, ``settle-up`` and ``stats``."""

from __future__ import annotations

import click

from ...i18n.words import phrase
from ..shared.options import common, lang_option
from .group import day_of, ledger, ledger_of, since_until
from .rows import emit_rows, table_formats


def _report(player: bool):
    """A report's options: --since, --until, (--player,) --format table|json|csv,
    and the ledger's context."""

    def wrap(func):
        func = table_formats(lang_option(common(click.pass_context(func))))
        if player:
            func = click.option("--player", metavar="NAME", help="Only this player.")(func)
        return since_until(func)

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
    from ...club import payments, reports
    from ...render.jsonout import number

    conn = ledger_of(ctx)
    span = day_of(since, "--since"), day_of(until, "--until")
    found = reports.totals(conn, *span, player)
    if not payments.payments(conn, *span):  # no money changed hands: the nights' totals, as ever
        emit_rows(
            [{"player": name, "total": number(value)} for name, value in found.items()], fmt, lang
        )
        return
    standing = payments.owed(conn, reports.totals(conn, *span), *span)
    if player is not None:
        standing = [o for o in standing if o.player in found]
    # total: what is owed now (+ owed to the player, − owed by them) = nights + paid − received
    emit_rows(
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
    from ...club import payments, reports
    from ...settling.settleup import settle_up

    conn = ledger_of(ctx)
    span = day_of(since, "--since"), day_of(until, "--until")
    paid_on = span[1] if span[1] and span[1] < _today() else None
    if (
        record_it and yes
    ):  # read, worked out and recorded in one transaction (several at once: once)
        result = payments.square(conn, *span, paid_on)
    else:
        standing = payments.owed(conn, reports.totals(conn, *span), *span)
        result = settle_up({o.player: o.now for o in standing})
    if not result.payments:
        click.echo(phrase("settle_none", lang)) if fmt == "table" else emit_rows([], fmt, lang)
        return
    emit_rows(
        [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in result.payments], fmt, lang
    )
    if not result.exact and fmt == "table":
        click.echo(phrase("ledger_inexact", lang), err=True)
    if record_it and not yes:
        from ...i18n.messages import msg
        from ..shared.errors import Usage
        from ..shared.options import confirm, someone_can_answer

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
    from ...club import reports
    from ...render.jsonout import number

    found = reports.stats(
        ledger_of(ctx), day_of(since, "--since"), day_of(until, "--until"), player
    )
    if (
        fmt == "table" and found
    ):  # words for headings, patterns by name; a block a player on a narrow screen
        from ...render.stats import stats_text
        from ..shared.options import screen_width

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
    emit_rows(rows, fmt, lang)
