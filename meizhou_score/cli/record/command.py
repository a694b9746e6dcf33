"""The command line at the table: ``record`` a hand (loaded only when called).

Its flags and what it does with them; the asking is ``cli/shared/prompts.py``'s, the questions
are in this room's ``table``, ``hand`` and ``kongs``, a night's hand in ``night``, ``-o`` in
``one``, ``undo`` in its own module."""

from __future__ import annotations

import click

from ...i18n.messages import msg
from ..shared.completion import players_of_the_session
from ..shared.errors import Usage
from ..shared.options import HandOrLast, common, lang_option, rules_option, someone_can_answer
from ..shared.prompts import Questions, stopped_at_question
from .amend import LAST, AmendCommand
from .flags import Flags
from .night import record_session
from .one import record_one


@click.command(cls=AmendCommand)
@click.argument("session_file", metavar="SESSION.yaml", required=False, type=click.Path())
@click.option(
    "--players",
    "players_text",
    metavar="A,B,C,D",
    help="A new file's players, in seat order E, S, W, N.",
)
@click.option(
    "--stake",
    "stake_text",
    metavar="N",
    help="Gold per unit: a new file's stake, or this hand's own.",
)
@rules_option
@click.option(
    "--date", "date_text", metavar="YYYY-MM-DD", help="A new file's date [default: today]."
)
@click.option(
    "--dealer",
    metavar="NAME",
    help="The first hand's dealer (later ones follow the rotation).",
    shell_complete=players_of_the_session,
)
@click.option("--winner", metavar="NAME", help="Who won.", shell_complete=players_of_the_session)
@click.option("--self-draw", "win_type", flag_value="self_draw", help="Won by self-draw (自摸).")
@click.option(
    "--kong-bloom",
    "win_type",
    flag_value="kong_bloom",
    help="Won on a kong's replacement tile (槓上開花).",
)
@click.option(
    "--robbed-kong",
    "robbed",
    metavar="ROBBED_NAME",
    help="Won by robbing this player's kong (搶槓).",
    shell_complete=players_of_the_session,
)
@click.option("--discard", is_flag=True, hidden=True)  # no way to win here: told why (R11)
@click.option("--draw", is_flag=True, help="An exhaustive draw (荒莊): nobody won.")
@click.option(
    "--hand",
    "concealed",
    metavar="TILES",
    help="The winner's concealed tiles, winning tile included.",
)
@click.option(
    "--winning-tile", metavar="TILE", help="The winning tile (the robbed tile for a robbed kong)."
)
@click.option(
    "--pung",
    "pungs",
    multiple=True,
    metavar="TILES",
    help="The winner's exposed pung (碰); repeatable.",
)
@click.option(
    "--kong",
    "kongs",
    multiple=True,
    metavar="PLAYER:TYPE:TILE[:FROM]",
    help="A kong this hand: TYPE concealed|added|exposed, FROM the discarder of an exposed one; "
    "repeatable.",
)
@click.option(
    "--claimed",
    "claims",
    multiple=True,
    metavar="NAME=AMOUNT",
    help="What the table says a player won (+) or lost (-); repeatable; checked.",
)
@click.option(
    "--amend",
    type=HandOrLast(LAST),
    is_flag=False,
    flag_value=LAST,
    default=None,
    metavar="[N]",
    help="Replace hand N (the last when N is left out) instead of adding one: shows it, and "
    "offers its answers as the defaults (Enter keeps each).",
)
@click.option(
    "--allow-dispute",
    is_flag=True,
    help="Record a hand even if it is a dispute (not a win, claims differ).",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    type=click.Path(),
    help="Write one hand record to FILE (- prints it) instead of a session.",
)
@click.option("--yes", "-y", is_flag=True, help="Record without asking for confirmation.")
@click.option(
    "--ask/--no-ask",
    default=None,
    help="Ask for what the flags leave out [default: when standard input is a terminal].",
)
@lang_option
@common
def record(
    session_file,
    players_text,
    stake_text,
    rules_file,
    date_text,
    dealer,
    winner,
    win_type,
    robbed,
    discard,
    draw,
    concealed,
    winning_tile,
    pungs,
    kongs,
    claims,
    amend,
    allow_dispute,
    output,
    yes,
    ask,
    lang,
):
    """Record one hand at the table: append it to SESSION.yaml and print its settlement and \
the totals.

    The file is created when missing (--players, --stake, --dealer, optionally
    --rules). Later hands follow the dealer rotation. Flags give the hand;
    whatever they leave out is asked for, in table order, when standard input
    is a terminal. Every answer is checked as it is typed, and only a hand that
    settles is written. The file is changed atomically, hand by hand, and the
    hands already in it stay exactly as they were.

    A hand is won by self-draw, kong bloom or robbing a kong: a win on another
    player's discard is not scored and cannot be recorded (R11, docs/rules.md).

    \b
    Examples:
      meizhou-score record night.yaml --players "Ah Fook,Mei,Jun,Lan" --stake 10 --dealer "Ah Fook"
      meizhou-score record night.yaml --winner mei --self-draw --hand "123m 456m 789p 234s 55s" \
--winning-tile 4s
      meizhou-score record night.yaml --draw
      meizhou-score record night.yaml --winner jun --self-draw --hand "123m 456p 789s 55s" \\
          --winning-tile 5s --kong "Jun:concealed:1z" --yes
      meizhou-score record --players "A,B,C,D" --dealer A -o hand.yaml
    """
    # The help's lines that end in one \ go on at the next line: the help shows each whole.
    if discard:  # (answers, imported here: --help stays free of the engine)
        from .hand import not_by_discard

        raise Usage(not_by_discard())
    asking = someone_can_answer() if ask is None else ask
    q = Questions(asking, lang)
    q.quick = yes  # --yes: a hand the flags give whole is written as given
    given = {
        "draw": draw,
        "winner": winner,
        "win_type": win_type,
        "robbed": robbed,
        "hand": concealed,
        "winning_tile": winning_tile,
        "pungs": pungs,
        "kongs": kongs,
        "claims": None,
    }
    flags = Flags(
        players_text,
        stake_text,
        rules_file,
        date_text,
        dealer,
        claims,
        amend,
        allow_dispute,
        yes,
        lang,
    )
    try:
        if output is not None:
            if session_file:
                raise Usage(msg("give SESSION.yaml or -o FILE, not both"))
            return record_one(q, given, flags, output)
        if not session_file:
            raise Usage(msg("missing SESSION.yaml (or -o FILE for a single hand record)"))
        return record_session(q, given, flags, session_file)
    except click.Abort as exc:
        stopped_at_question(exc)
