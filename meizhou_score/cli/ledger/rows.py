"""A ledger report's rows written out: a table (its headings in the player's language), JSON or
CSV (RFC 4180, a byte-order mark with ``--bom``, every text cell made inert for a spreadsheet);
the ``--format`` and ``--bom`` options that choose."""

from __future__ import annotations

import click

from ...i18n.words import phrase


def table_formats(func):
    func = bom_option(func)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["table", "json", "csv"]),
        default="table",
        show_default=True,
        help="A table, JSON or CSV.",
    )(func)


def bom_option(func):
    """--bom, kept in the context for the CSV writer (the commands themselves never look at it)."""
    return click.option(
        "--bom",
        is_flag=True,
        expose_value=False,
        callback=lambda ctx, param, value: ctx.meta.__setitem__("bom", value),
        help="CSV for Excel: begin with a byte-order mark, so that Chinese names open intact.",
    )(func)


def csv_writer(echo=click.echo):
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


def csv_value(value):
    """true/false for a flag (as JSON writes it), the value itself otherwise."""
    return ("true" if value else "false") if isinstance(value, bool) else value


def emit_rows(rows: list[dict], fmt: str, lang: str = "en") -> None:
    """Rows of plain values as a table (its headings in ``lang``), JSON or CSV
    (the keys as they are)."""
    if fmt == "json":
        from ...render.jsonout import dumps

        click.echo(dumps(rows))
    elif fmt == "csv":
        if rows:
            writer = csv_writer()
            writer.writerow(list(rows[0]))
            writer.writerows([csv_value(v) for v in row.values()] for row in rows)
    elif rows:
        from ...render.columns import columns

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

    from ...settling.money import text

    return text(value) if isinstance(value, Decimal) else str(value)
