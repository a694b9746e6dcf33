"""``seat``: tables of four for each round of a club's night, players meeting as few repeated
opponents as they can, the winds rotated and the sit-outs shared (loaded only when called)."""

from __future__ import annotations

import click

from .shared import options


@click.command()
@click.argument("names", metavar="NAMES...", nargs=-1)
@click.option(
    "--rounds", "rounds", type=int, required=True, metavar="R", help="How many rounds to seat."
)
@options.format_option
@options.lang_option
@options.common
def seat(names, rounds, fmt, lang):
    """Seat NAMES at tables of four for R rounds, so that players meet as few repeated
    opponents as possible; the winds (East, South, West, North) rotated over the rounds, and
    when the players are not a multiple of four, the sit-outs shared as evenly as they can be.

    Prints the repeats (a pair's meetings after its first) and the fewest any plan can have:
    a plan at that bound is proven best.

    \b
    Examples:
      meizhou-score seat Ah Mei Jun Lan Fook Ying Wai Kit --rounds 3
      meizhou-score seat A B C D E F G H I J K L M N O P --rounds 5 --format json
    """
    from ..render.seating import seating_json, seating_text
    from ..seating.plan import checked_names, checked_rounds, plan_numbers

    players = checked_names(list(names), "NAMES")
    count = checked_rounds(rounds, "--rounds")
    plan = plan_numbers(players, count)
    click.echo(seating_json(plan) if fmt == "json" else seating_text(plan, lang))
