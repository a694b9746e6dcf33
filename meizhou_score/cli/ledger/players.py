"""The ledger's players on the command line: ``ledger rename`` (one player's new name) and
``ledger merge`` (two spellings of one person)."""

from __future__ import annotations

import click

from ...i18n.words import phrase
from ..shared.options import common, lang_option
from .group import ledger, ledger_of


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
    from ...club import players

    players.rename(ledger_of(ctx), old, new)
    click.echo(phrase("ledger_renamed", lang, old=old, new=new))


@ledger.command("merge")
@click.argument("old")
@click.argument("new")
@lang_option
@common
@click.pass_context
def ledger_merge(ctx, old, new, lang):
    """Two spellings of one person become one: OLD's nights, hands and payments become NEW's.

    Refused when the two ever sat at the same table (they were two people then).

    \b
    Example:
      meizhou-score ledger merge "Man Chan" Jun
    """
    from ...club import players

    moved = players.merge(ledger_of(ctx), old, new)
    click.echo(phrase("ledger_merged", lang, old=old, new=new, nights=moved))
