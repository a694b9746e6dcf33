"""The ledger's nights on the command line: ``ledger add``, ``nights``, ``show``, ``remove`` and
``check`` (the players, the reports, the export and the payments join the group from their own
modules; all loaded only when called)."""

from __future__ import annotations

import click

from ...errors import MeizhouError, RecordError
from ...i18n.language import language
from ...i18n.messages import msg
from ...i18n.visible import visible
from ...i18n.words import phrase
from ..shared.errors import Usage
from ..shared.options import (
    common,
    confirm,
    echo_fitted,
    format_option,
    lang_option,
    load_rules,
    rules_option,
    say_error,
    screen_width,
    someone_can_answer,
    the_run,
)
from ..status import ExitStatus
from .group import NIGHT, day_of, ledger, ledger_of, since_until


@ledger.command("add")
@click.argument("files", metavar="FILE...", nargs=-1, required=True, type=click.Path())
@click.option(
    "--date",
    "date_text",
    metavar="YYYY-MM-DD",
    help=(
        "The night's date when the file has no date: [default: the day the file last changed "
        "when the night is first added; kept as it grows]."
    ),
)
@rules_option
@click.option(
    "--accept-disputes", is_flag=True, help="Add a night even if a hand in it is disputed."
)
@click.option("--replace", type=NIGHT, metavar="N", help="Replace night N with FILE as it is now.")
@lang_option
@common
@click.pass_context
def ledger_add(ctx, files, date_text, rules_file, accept_disputes, replace, lang):
    """Settle each session (or hand) FILE and store the night: its date, players, rules,
    hands and payments.

    A night is known by its file, the date it writes and its players, never by
    the day it is added. Adding the same night again
    changes nothing; adding it after more hands were recorded grows it ("night 3
    now has 9 hands, was 8"). A night whose earlier hands changed is refused
    (--replace N replaces it on purpose). A night that does not settle, or holds
    a dispute, is refused (--accept-disputes adds it anyway); nothing
    half-written ever stays, and night numbers are never used twice.

    \b
    Examples:
      meizhou-score ledger add nights/*.yaml
      meizhou-score ledger add night.yaml --date 2026-11-12
      meizhou-score ledger add night.yaml --replace 3
    """
    from ...club import adding
    from ...night.service import read_whole

    if replace is not None and len(files) != 1:
        raise Usage(msg("--replace N takes one FILE"))
    day = day_of(date_text, "--date")
    rules = load_rules(rules_file)
    conn = ledger_of(ctx, create=True)
    worst = ExitStatus.OK
    for path in files:
        try:
            night = read_whole(path)  # through the night service, as record and the page read
            # dated as the page dates it: the file's date:, --date, else the day it was first added
            added = adding.add_file(conn, night.data, path, day, rules, accept_disputes, replace)
        except RecordError as exc:
            say_error(exc if exc.source else exc.with_source(path))
            worst = ExitStatus.BAD
            continue
        except MeizhouError as exc:
            say_error(exc)
            worst = ExitStatus.BAD
            continue
        click.echo(
            phrase(
                f"ledger_{added.outcome}",
                lang,
                night=added.night,
                date=added.date,
                hands=added.hands,
                was=added.was,
                path=visible(path),
            )
        )
    return worst


@ledger.command("nights")
@since_until
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
    from ...club import reports

    found = reports.nights(ledger_of(ctx), day_of(since, "--since"), day_of(until, "--until"))
    if fmt == "json":
        from ...render.jsonout import dumps

        click.echo(dumps([n._asdict() for n in found]))
        return
    from ...render.columns import table, width

    if not found:
        click.echo(phrase("ledger_no_nights", lang))
        return
    headers = phrase("ledger_nights_headers", lang).split("|")
    rows = [
        [
            n.id,
            n.date,
            n.hands,
            language(lang).join(n.players),
            phrase("ledger_disputed", lang) if n.disputed else "",
            visible(n.source),
        ]
        for n in found
    ]
    wide, cells = table(rows, headers), screen_width()
    if cells is None or max(width(line) for line in wide.split("\n")) <= cells:
        click.echo(wide)
        return
    # a narrow screen: each night's file (and a dispute) on a line of its own, under its figures
    lines = table([row[:4] for row in rows], headers[:4]).split("\n")
    out = lines[:2]
    for line, row in zip(lines[2:], rows, strict=False):  # a line per row, as before
        out += [line, f"  {row[5]}" + (f" ({row[4]})" if row[4] else "")]
    echo_fitted("\n".join(out))


@ledger.command("show")
@click.argument("night", type=NIGHT)
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
    from ...club import nights

    result = nights.settled_again(ledger_of(ctx), night)  # the money the ledger holds, or refused
    if fmt == "json":
        from ...render.jsonout import night_json_text

        click.echo(night_json_text(result))
    else:
        from ...render.session import night_text

        echo_fitted(night_text(result, lang, explain, cells=screen_width()))


@ledger.command("remove")
@click.argument("night", type=NIGHT)
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
    from ...club import nights, reports

    conn = ledger_of(ctx)
    found = [n for n in reports.nights(conn) if n.id == night]
    if not found:
        raise MeizhouError(
            msg("no night {night} in the ledger (see: meizhou-score ledger nights)", night=night)
        )
    n = found[0]
    if not yes:
        if not someone_can_answer():
            raise Usage(msg("ledger remove asks first; pass --yes when nobody can answer"))
        if not confirm(
            phrase(
                "ledger_remove",
                lang,
                night=n.id,
                date=n.date,
                hands=n.hands,
                players=phrase("list_sep", lang).join(n.players),
            ),
            False,
            lang,
        ):
            click.echo(phrase("record_nothing_removed", lang))
            return
    nights.remove(conn, night)
    click.echo(phrase("ledger_removed", lang, night=night))


@ledger.command("check")
@lang_option
@common
@click.pass_context
def ledger_check(ctx, lang):
    """Check the ledger: SQLite's integrity check, and that every hand's balances sum to zero.

    \b
    Example:
      meizhou-score ledger check
    """
    from ...club import reports
    from ...errors import LedgerError

    problems = reports.check(ledger_of(ctx), the_run().ledger["db"])
    if problems:
        for problem in problems:
            say_error(problem)
        raise LedgerError(
            msg(
                "the ledger failed its check ({count} problems); nothing was changed",
                count=len(problems),
            )
        )
    click.echo(phrase("ledger_checked", lang, path=visible(the_run().ledger["db"])))
