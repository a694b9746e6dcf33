"""The ledger's export on the command line: ``ledger export``, every hand and payment for a
spreadsheet or another program, to standard output or a file (``--output``)."""

from __future__ import annotations

import click

from ...i18n.visible import visible
from ...i18n.words import phrase
from ..shared.options import common, lang_option, the_run
from .group import day_of, ledger, ledger_of, since_until
from .rows import bom_option, csv_value, csv_writer


@ledger.command("export")
@since_until
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "jsonl"]),
    default="csv",
    show_default=True,
    help=(
        "CSV (a row per payment; a hand without payments has one row) or JSON lines "
        "(a hand a line)."
    ),
)
@click.option(
    "--what",
    type=click.Choice(["hands", "payments", "all"]),
    default="hands",
    show_default=True,
    help="The hands with their payments, the money paid after the nights (ledger pay), or both.",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    type=click.Path(),
    help="Write it to FILE (replaced whole; a pipe is written through) [default: standard output].",
)
@bom_option
@lang_option
@common
@click.pass_context
def ledger_export(ctx, since, until, fmt, what, output, lang):
    """Every hand and every payment of the range, for a spreadsheet or another program.

    \b
    Examples:
      meizhou-score ledger export --format csv > club.csv
      meizhou-score ledger export --format jsonl --since 2026-11-01
      meizhou-score ledger export --what payments --format csv
      meizhou-score ledger export --output club.csv --bom
    """
    if output in (None, "-"):
        return _export(ledger_of(ctx), since, until, fmt, what, click.echo)
    from ...club.store import files_of
    from ...records.outputs import check_output, write_output

    ledger_files = files_of(the_run().ledger["db"])
    check_output(output, ledger_files)  # before any work: a folder, the ledger itself
    parts: list[str] = []
    _export(ledger_of(ctx), since, until, fmt, what, lambda t, nl=True: parts.append(t + "\n" * nl))
    write_output(output, "".join(parts), ledger_files)
    click.echo(phrase("record_written_to", lang, path=visible(output)), err=True)


def _export(conn, since, until, fmt, what, echo) -> None:
    """The export, each piece of text handed to ``echo`` (click's, or one that gathers a file)."""
    from ...club import payments, reports

    span = day_of(since, "--since"), day_of(until, "--until")
    hands = reports.rows(conn, *span) if what != "payments" else iter(())
    paid = payments.payments(conn, *span) if what != "hands" else []
    if fmt == "jsonl":
        from ...render.jsonout import encode

        for hand in hands:
            echo(encode({"kind": "hand", **hand} if what == "all" else hand).decode("utf-8"))
        for p in paid:  # a payment by the names the CSV and `ledger payments` give it
            echo(encode({"kind": "payment", **p.named()}).decode("utf-8"))
        return
    from ...render.jsonout import number
    from ...settling.money import text  # an amount written out, 0.000001 and never 1E-6

    writer = csv_writer(echo)
    if what == "payments":
        writer.writerow(["payment", "date", "from", "to", "amount", "note"])
        for p in paid:
            writer.writerow([p.id, p.date, p.payer, p.payee, text(p.amount), p.note])
        return

    writer.writerow(
        [
            "night",
            "date",
            "hand",
            "dealer",
            "draw",
            "winner",
            "win_type",
            "robbed",
            "valid",
            "ratio",
            "patterns",
            "stake",
            "from",
            "to",
            "units",
            "amount",
            "reason",
            "rule",
        ]
        + (["note"] if what == "all" else [])  # a payment's note, in a column of its own
    )
    tail = [""] if what == "all" else []  # a hand has no note
    for hand in hands:
        head = [
            hand["night"],
            hand["date"],
            hand["hand"],
            hand["dealer"],
            csv_value(hand["draw"]),
            hand["winner"] or "",
            hand["win_type"] or "",
            hand["robbed"] or "",
            csv_value(hand["valid"]),
            hand["ratio"],
            " ".join(hand["patterns"]),
            text(number(hand["stake"])),
        ]
        for t in hand["transfers"] or [None]:
            writer.writerow(
                head
                + (
                    ["", "", "", "", "", ""]
                    if t is None
                    else [
                        t["from"],
                        t["to"],
                        t["units"],
                        text(number(t["amount"])),
                        t["reason"],
                        t["rule"],
                    ]
                )
                + tail
            )
    # --what all: a payment is a row of its own, its reason "payment", no rule, its note last
    for p in paid:
        writer.writerow(
            [
                "",
                p.date,
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                p.payer,
                p.payee,
                "",
                text(p.amount),
                "payment",
                "",
                p.note,
            ]
        )
