"""The command line at the table: ``undo`` the last hand of a night (loaded only when called)."""

from __future__ import annotations

import click

from ...errors import MeizhouError
from ...i18n.messages import at, msg
from ..shared.errors import Usage
from ..shared.night_writes import refused_writes
from ..shared.options import (
    common,
    confirm,
    echo_fitted,
    lang_option,
    screen_width,
    someone_can_answer,
    the_run,
)
from ..shared.prompts import stopped_at_question
from ..status import ExitStatus
from .night import SHEET_ROWS


@click.command()
@click.argument("session_file", metavar="SESSION.yaml", type=click.Path())
@click.option("--yes", "-y", is_flag=True, help="Remove without asking.")
@lang_option
@common
def undo(session_file, yes, lang):
    """Remove the last hand of SESSION.yaml (shows it and asks first, unless --yes).

    The rest of the file stays exactly as it was; the file is replaced
    atomically. To correct the last hand instead, use record --amend.

    \b
    Examples:
      meizhou-score undo night.yaml
      meizhou-score undo night.yaml --yes
    """
    from ...i18n.words import phrase
    from ...night.service import NightFile
    from ...render import session

    night_file = NightFile(session_file, the_run().limits)
    seen = night_file.read()
    if seen.found is None:
        raise MeizhouError(at(session_file, msg("no such session file")))
    night_file.refuse_read_only()  # before the question, not after it
    plan = night_file.taking_back(seen)
    result, number = plan.after, plan.number
    echo_fitted(_as_it_stands(seen, number, plan.text, lang) + "\n")
    if not yes:
        if not someone_can_answer():
            raise Usage(msg("undo asks before removing a hand; pass --yes when nobody can answer"))
        try:
            if not confirm(phrase("record_remove", lang, n=number), False, lang):
                click.echo(phrase("record_nothing_removed", lang))
                return ExitStatus.OK
        except click.Abort as exc:
            stopped_at_question(exc, asked="undo")
    with refused_writes(
        session_file,
        lambda _: msg("the file changed meanwhile; nothing was removed"),
        lambda why: msg("cannot write the file: {why}; nothing was removed", why=why),
    ):
        night_file.take_back(seen.version, was=seen.target)
    click.echo(phrase("record_removed", lang, n=number) + "\n")
    echo_fitted(
        session.sheet_end(result, lang, SHEET_ROWS, screen_width())
        if result is not None
        else phrase("record_emptied", lang)
    )


def _as_it_stands(seen, number: int, text: str, lang: str) -> str:
    """The hand taken back as ``record`` shows a hand (who won, how, each player's change), in the
    player's language; as written in the file where the night cannot be settled."""
    from ...i18n.words import phrase
    from ...render import session

    try:
        return session.session_hand_text(seen.settled_night, number, lang)
    except MeizhouError:
        return phrase("record_as_written", lang, n=number) + "\n" + text.rstrip()
