"""The command line of the club's ledger: ``ledger add``, ``totals``, ``settle-up``, … (loaded only when called)."""

from __future__ import annotations

import click

from .app import ExitStatus
from .options import Usage, someone_can_answer, common, format_option, lang_option, load_rules, rules_option, say_error, the_run
from ..i18n.messages import at, msg
from ..i18n.words import phrase
from ..errors import MeizhouError, RecordError

# ---------------------------------------------------------------- the ledger

def _since_until(func):
    func = click.option("--until", metavar="YYYY-MM-DD", help="Only nights on or before this day.")(func)
    return click.option("--since", metavar="YYYY-MM-DD", help="Only nights on or after this day.")(func)


def _day(value, option):
    from ..records.validators import date

    try:
        return date(value, option) if value else None
    except RecordError as exc:
        raise Usage(exc.message if not exc.path else at(exc.path, exc.message))


def _open(ctx):
    from ..club.store import open_ledger

    return open_ledger(the_run().ledger["db"])


@click.group()
@click.option("--db", metavar="PATH", envvar="MEIZHOU_LEDGER", type=click.Path(),
              help="The ledger file [default: MEIZHOU_LEDGER, else ~/.local/share/meizhou-score/ledger.sqlite3].")
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
    from ..club.store import default_path

    the_run().ledger["db"] = db or default_path()


@ledger.command("add")
@click.argument("files", metavar="FILE...", nargs=-1, required=True, type=click.Path())
@click.option("--date", "date_text", metavar="YYYY-MM-DD",
              help="The night's date when the file has no date: [default: the file's modification day].")
@rules_option
@click.option("--accept-disputes", is_flag=True, help="Add a night even if a hand in it is disputed.")
@lang_option
@common
@click.pass_context
def ledger_add(ctx, files, date_text, rules_file, accept_disputes, lang):
    """Settle each session (or hand) FILE and store the night: its date, players, rules, hands and payments.

    Adding the same night again changes nothing. A night that does not settle,
    or holds a dispute, is refused (--accept-disputes adds it anyway); nothing
    half-written ever stays.

    \b
    Examples:
      meizhou-score ledger add nights/*.yaml
      meizhou-score ledger add night.yaml --date 2026-11-12
    """
    import datetime
    import os

    from ..club import reports, store
    from ..records.loader import load_record

    day = _day(date_text, "--date")
    rules = load_rules(rules_file)
    conn = _open(ctx)
    worst = ExitStatus.OK
    for path in files:
        try:
            data = load_record(path)
            when = day or datetime.date.fromtimestamp(os.stat(path).st_mtime).isoformat() if path != "-" else day
            added = store.add_night(conn, data, path, when, rules, accept_disputes)
        except RecordError as exc:
            say_error(exc if exc.source else exc.with_source(path))
            worst = ExitStatus.BAD
            continue
        except MeizhouError as exc:
            say_error(exc)
            worst = ExitStatus.BAD
            continue
        click.echo(phrase("ledger_added" if added.new else "ledger_already", lang, night=added.night, date=added.date,
                       hands=added.hands, path=path))
    return worst


@ledger.command("nights")
@_since_until
@format_option
@lang_option
@common
@click.pass_context
def ledger_nights(ctx, since, until, fmt, lang):
    """List the nights in the ledger.

    \b
    Example:
      meizhou-score ledger nights --since 2026-11-01
    """
    from ..club import reports, store

    found = reports.nights(_open(ctx), _day(since, "--since"), _day(until, "--until"))
    if fmt == "json":
        from ..render.jsonout import dumps

        click.echo(dumps([n._asdict() for n in found]))
        return
    from ..render.columns import table

    rows = [[n.id, n.date, n.hands, ", ".join(n.players), phrase("ledger_disputed", lang) if n.disputed else "",
             n.source] for n in found]
    click.echo(table(rows, phrase("ledger_nights_headers", lang).split("|")) if rows else phrase("ledger_no_nights", lang))


@ledger.command("show")
@click.argument("night", type=int)
@format_option
@click.option("--explain", is_flag=True, help="List every payment with the rule behind it.")
@lang_option
@common
@click.pass_context
def ledger_show(ctx, night, fmt, explain, lang):
    """Settle NIGHT again from what the ledger stored, as `settle` would print it.

    \b
    Example:
      meizhou-score ledger show 3 --explain
    """
    from ..club import reports, store
    from ..settling.night import settle_data

    data, rules = store.night_data(_open(ctx), night)
    result = settle_data(data, rules)
    if fmt == "json":
        from ..render.jsonout import night_json_text

        click.echo(night_json_text(result))
    else:
        from ..render.text import night_text

        click.echo(night_text(result, lang, explain))


@ledger.command("remove")
@click.argument("night", type=int)
@click.option("--yes", "-y", is_flag=True, help="Remove without asking.")
@lang_option
@common
@click.pass_context
def ledger_remove(ctx, night, yes, lang):
    """Remove NIGHT and everything stored with it (asks first, unless --yes).

    \b
    Example:
      meizhou-score ledger remove 3 --yes
    """
    from ..club import reports, store

    conn = _open(ctx)
    found = [n for n in reports.nights(conn) if n.id == night]
    if not found:
        raise MeizhouError(msg("no night {night} in the ledger (see: meizhou-score ledger nights)", night=night))
    n = found[0]
    if not yes:
        if not someone_can_answer():
            raise Usage(msg("ledger remove asks first; pass --yes when nobody can answer"))
        if not click.confirm(phrase("ledger_remove", lang, night=n.id, date=n.date, hands=n.hands,
                                 players=phrase("list_sep", lang).join(n.players)), default=False,
                             prompt_suffix="：" if lang == "zh" else ": "):
            click.echo(phrase("record_nothing_removed", lang))
            return
    store.remove(conn, night)
    click.echo(phrase("ledger_removed", lang, night=night))


@ledger.command("rename")
@click.argument("old")
@click.argument("new")
@lang_option
@common
@click.pass_context
def ledger_rename(ctx, old, new, lang):
    """Rename a player: OLD's nights, hands and payments become NEW's.

    \b
    Example:
      meizhou-score ledger rename "ah fook" "Ah Fook Chan"
    """
    from ..club import reports, store

    store.rename(_open(ctx), old, new)
    click.echo(phrase("ledger_renamed", lang, old=old, new=new))


def _table_formats(func):
    return click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
                        show_default=True, help="A table, JSON or CSV.")(func)


def _emit(rows: list[dict], fmt: str, lang: str = "en") -> None:
    """Rows of plain values as a table (its headings in ``lang``), JSON or CSV (the keys as they are)."""
    if fmt == "json":
        from ..render.jsonout import dumps

        click.echo(dumps(rows))
    elif fmt == "csv":
        import csv
        import io

        out = io.StringIO()
        if rows:
            writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        click.echo(out.getvalue(), nl=False)
    elif rows:
        from ..render.columns import columns

        # Chinese headings for the table; English shows the keys themselves, as JSON and CSV do
        names = dict(pair.split("=") for pair in phrase("ledger_columns", lang).split("|")) if lang == "zh" else {}
        click.echo(columns([[names.get(key, key) for key in rows[0]]]
                           + [[_cell(v) for v in row.values()] for row in rows]))
    else:
        click.echo(phrase("ledger_nothing", lang))


def _cell(value) -> str:
    from decimal import Decimal

    from ..settling.money import text

    return text(value) if isinstance(value, Decimal) else str(value)


def _report(player: bool):
    """A report's options: --since, --until, (--player,) --format table|json|csv, and the ledger's context."""
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
    from ..club import reports, store
    from ..render.jsonout import number

    found = reports.totals(_open(ctx), _day(since, "--since"), _day(until, "--until"), player)
    _emit([{"player": name, "total": number(value)} for name, value in found.items()], fmt, lang)


@ledger.command("settle-up")
@_report(player=False)
def ledger_settle_up(ctx, since, until, fmt, lang):
    """Who pays whom over the range, in the fewest payments that square every total.

    \b
    Example:
      meizhou-score ledger settle-up --since 2026-11-01 --until 2026-11-30
    """
    from ..club import reports, store
    from ..settling.settleup import settle_up

    found = reports.totals(_open(ctx), _day(since, "--since"), _day(until, "--until"))
    result = settle_up(found)
    _emit([{"from": p.payer, "to": p.payee, "amount": p.amount} for p in result.payments], fmt, lang)
    if not result.exact and fmt == "table":
        click.echo(phrase("ledger_inexact", lang), err=True)


@ledger.command("stats")
@_report(player=True)
def ledger_stats(ctx, since, until, player, fmt, lang):
    """Per player: nights, hands, wins by type, self-draw rate, times robbed, kongs, biggest hand, net.

    \b
    Examples:
      meizhou-score ledger stats
      meizhou-score ledger stats --player jun --format json
    """
    from ..club import reports, store
    from ..render.jsonout import number

    found = reports.stats(_open(ctx), _day(since, "--since"), _day(until, "--until"), player)
    rows = []
    for st in found:
        row = {"player": st.player, "nights": st.nights, "hands": st.hands}
        row.update({f"wins_{k}": v for k, v in st.wins.items()})
        row.update(self_draw_rate=st.self_draw_rate, robbed=st.robbed)
        row.update({f"kongs_{k}": v for k, v in st.kongs.items()})
        row.update(biggest_ratio=st.biggest_ratio, biggest_patterns=" ".join(st.biggest_patterns),
                   net=number(st.net), net_per_hand=st.net_per_hand)
        rows.append(row)
    _emit(rows, fmt, lang)


@ledger.command("export")
@_since_until
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl"]), default="csv", show_default=True,
              help="CSV (a row per payment; a hand without payments has one row) or JSON lines (a hand a line).")
@common
@click.pass_context
def ledger_export(ctx, since, until, fmt):
    """Every hand and every payment of the range, for a spreadsheet or another program.

    \b
    Examples:
      meizhou-score ledger export --format csv > club.csv
      meizhou-score ledger export --format jsonl --since 2026-11-01
    """
    from ..club import reports, store

    hands = reports.rows(_open(ctx), _day(since, "--since"), _day(until, "--until"))
    if fmt == "jsonl":
        from ..render.jsonout import encode

        for hand in hands:
            click.echo(encode(hand).decode("utf-8"))
        return
    import csv

    from ..render.jsonout import number

    class _Out:
        def write(self, text):
            click.echo(text, nl=False)

    writer = csv.writer(_Out(), lineterminator="\n")
    writer.writerow(["night", "date", "hand", "dealer", "draw", "winner", "win_type", "robbed", "valid", "ratio",
                     "patterns", "stake", "from", "to", "units", "amount", "reason", "rule"])
    for hand in hands:
        head = [hand["night"], hand["date"], hand["hand"], hand["dealer"], hand["draw"], hand["winner"] or "",
                hand["win_type"] or "", hand["robbed"] or "", hand["valid"], hand["ratio"],
                " ".join(hand["patterns"]), number(hand["stake"])]
        for t in hand["transfers"] or [None]:
            writer.writerow(head + (["", "", "", "", "", ""] if t is None else
                                    [t["from"], t["to"], t["units"], number(t["amount"]), t["reason"], t["rule"]]))

