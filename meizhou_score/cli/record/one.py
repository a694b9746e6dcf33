"""``record -o FILE``: one hand record, written alone (for a dispute about one hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ...errors import MeizhouError
from ...i18n.messages import at, msg, reason
from ...i18n.visible import visible
from ..shared.errors import Unwritten
from ..shared.options import checked, echo_fitted
from ..shared.prompts import Questions, ask_player
from ..status import ExitStatus
from .hand import claims_of, fill
from .table import table

if TYPE_CHECKING:
    from .flags import Flags


def record_one(q: Questions, given: dict, flags: Flags, output: str) -> ExitStatus:
    """``record -o FILE``: one hand record, for a dispute about one hand."""
    import os

    from ...records import yamlout
    from ...records.outputs import check_output, write_new
    from ...records.rules import DEFAULT_RULES
    from ...render import text
    from ...settling.night import settle_data
    from ..shared import answers

    check_output(
        output, [flags.rules_file] if flags.rules_file else []
    )  # a device: written through
    if output != "-" and os.path.isfile(output):
        raise MeizhouError(at(output, msg("the file exists; record -o writes a new file only")))
    players, stake, rules, day = table(
        q, flags.players_text, flags.stake_text, flags.rules_file, flags.date_text
    )
    if flags.dealer:
        first = checked(lambda t: answers.player(t, players), flags.dealer, "--dealer")
    else:
        first = ask_player(q, q.words("record_who_dealt"), players, "--dealer NAME")
    given = {**given, "claims": claims_of(players, flags.claims)}
    head = {"date": day, "players": list(players), "dealer": first, "stake": stake}
    if rules:
        head["rules"] = rules

    def to_write(result) -> bool:  # the hand, and whether to write it (< goes back a question)
        if not (q.asked or q.asking):
            return True
        echo_fitted(text.hand_text(result.last, flags.lang))
        return q.confirm(q.words("record_write"))

    hand, result, write = fill(
        q,
        players,
        given,
        lambda h: settle_data({**head, **h}),
        flags.allow_dispute,
        DEFAULT_RULES.override(rules),
        confirm=None if flags.yes else to_write,
    )
    written = yamlout.record_yaml({**head, **hand}, lang=flags.lang)
    if not write:
        click.echo(q.words("record_nothing_written"))
        return ExitStatus.OK
    outcome = ExitStatus.DISPUTE if result.disputed else ExitStatus.OK
    if output == "-":
        click.echo(written, nl=False)
        return outcome
    try:
        new = write_new(output, written)
    except OSError as exc:  # a full disk: exit 4
        raise Unwritten(at(output, msg("cannot write the file: {why}", why=reason(exc)))) from None
    if not new:  # another program made the file since it was checked: it is theirs
        raise MeizhouError(at(output, msg("the file exists; record -o writes a new file only")))
    echo_fitted(text.hand_text(result.last, flags.lang))
    click.echo("\n" + q.words("record_written_to", path=visible(output)))
    return outcome
