"""``reconcile``: which hand is wrong? A whole night checked against the gold each player holds
(loaded only when called)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import click

from ..errors import MeizhouError, RecordError
from ..i18n.messages import at, msg
from .shared import options
from .shared.errors import Usage
from .status import ExitStatus


@click.command()
@click.argument("night_file", metavar="NIGHT.yaml", type=click.Path())
@click.option(
    "--held",
    "held",
    multiple=True,
    metavar="NAME=AMOUNT",
    help="A player's gold at the end of the night, as counted on the table (each player once; "
    "NAME=AMOUNT,NAME=AMOUNT also reads). Without it, the file's held: is read.",
)
@options.format_option
@click.option(
    "--apply",
    "apply",
    type=click.IntRange(1),
    metavar="K",
    help="Correct the night with explanation K (written whole, as record --amend writes).",
)
@options.rules_option
@options.lang_option
@options.common
def reconcile(night_file, held, fmt, apply, rules_file, lang):
    """Which hand is wrong? Check a whole night against the gold each player holds.

    Finds the fewest recording mistakes (the wrong winner or win type, a kong missing or extra, a
    pattern missed, a hand missing or written twice, a draw written as a win, the wrong stake)
    whose correction makes the night settle to what the table holds, the likeliest first; says so
    when several explain the gold as well. Exit 0 when the record matches, 1 when it does not.

    \b
    Examples:
      meizhou-score reconcile examples/night-with-a-mistake.yaml
      meizhou-score reconcile night.yaml --held Ah=-20 --held Mei=60 --held Jun=0 --held Lan=-40
      meizhou-score reconcile night.yaml --format json
      meizhou-score reconcile night.yaml --apply 1
    """
    from ..night.service import NightFile
    from ..records.model import is_session
    from ..records.parts import held as held_of
    from ..render import session
    from ..render.jsonout import dumps
    from ..render.reconcile import reconcile_json, reconcile_text
    from ..settling.night import settle_data
    from ..settling.reconcile import changed_hands
    from ..settling.reconcile import reconcile as search
    from .shared import answers
    from .shared.night_writes import refused_writes

    rules = options.load_rules(rules_file)
    night_file_ = NightFile(night_file, options.the_run().limits)
    seen = night_file_.read()
    if seen.found is None:
        raise MeizhouError(at(night_file, msg("no such session file")))
    data = seen.found.data
    if not is_session(data) or not data.get("hands"):
        raise MeizhouError(
            at(night_file, msg("reconcile checks a night of hands (a session with hands:)"))
        )
    try:
        night = settle_data(data, rules)
        players = night.players
        if held:
            typed: dict[str, Any] = {}
            for name, amount in _pairs(held).items():
                found = options.checked(lambda t: answers.player(t, players), name, "--held")
                if found in typed:
                    raise Usage(msg("--held names {name!r} twice", name=found))
                typed[found] = amount
            counted = held_of(typed, "--held", players)
        elif "held" in data:
            counted = held_of(data["held"], "held", players)
        else:
            raise Usage(
                msg(
                    "give the gold each player holds: --held NAME=AMOUNT for each player, or "
                    "held: in the file"
                )
            )
    except RecordError as exc:
        raise (exc if exc.source else exc.with_source(night_file)) from None
    result = search(data, night, counted, rules)
    if apply is not None:
        if apply > len(result.explanations) or not result.exact:
            raise Usage(
                msg(
                    "--apply {k}: there is no exact explanation {k} (there are {n})",
                    k=apply,
                    n=len(result.explanations) if result.exact else 0,
                )
            )
        explanation = result.explanations[apply - 1]
        changes, appended = changed_hands(explanation.edits, len(data["hands"]))
        night_file_.refuse_read_only()
        with refused_writes(
            night_file,
            lambda _: msg("the file changed meanwhile; nothing was corrected"),
            lambda why: msg("cannot write the file: {why}; nothing was corrected", why=why),
        ):
            written = night_file_.correct(changes, appended, seen.version, was=seen.target)
        from ..i18n.words import phrase

        after = written.night
        click.echo(phrase("rec_applied", lang, rank=apply))
        if after is not None:
            options.echo_fitted(session.sheet_end(after, lang, 3, options.screen_width()) + "\n")
        return ExitStatus.OK
    if fmt == "json":
        click.echo(dumps(reconcile_json(result)))
    else:
        options.echo_fitted(reconcile_text(result, night_file, len(data["hands"]), lang))
    return ExitStatus.OK if result.matches and result.sum_zero else ExitStatus.DISPUTE


_NUMBER = re.compile(r"^[+-]?\d{1,30}(\.\d{1,30})?$")  # as a file writes an amount


def _pairs(given: tuple[str, ...]) -> dict[str, Any]:
    """``--held`` as written (NAME=AMOUNT, or several joined by commas) → {name: amount}; a name
    given twice is refused where it is read (the same name written two ways too)."""
    pairs: dict[str, Any] = {}
    for option in given:
        for part in option.replace("，", ",").split(","):
            name, sign, amount = part.partition("=")
            if not sign or not name.strip():
                raise Usage(msg("--held {given!r}: expected NAME=AMOUNT, like Mei=-20", given=part))
            if name.strip() in pairs:
                raise Usage(msg("--held names {name!r} twice", name=name.strip()))
            written = amount.strip()
            pairs[name.strip()] = Decimal(written) if _NUMBER.match(written) else written
    return pairs
