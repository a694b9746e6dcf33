"""What the table looks up: ``check`` a hand, the ``rules`` in force, how to ``deal``,
the record ``schema``."""

from __future__ import annotations

import click

from ..i18n.messages import msg
from ..render.columns import fit
from .shared.completion import rulings
from .shared.errors import Usage
from .shared.options import (
    checked,
    common,
    echo_fitted,
    format_option,
    lang_option,
    load_rules,
    rules_option,
    screen_width,
)


@click.command()
@click.argument("tiles", metavar="TILES...", nargs=-1, required=True)
@click.option(
    "--pung", "pungs", multiple=True, metavar="TILES", help="An exposed pung (碰), e.g. 777z."
)
@click.option(
    "--kong",
    "kongs",
    multiple=True,
    metavar="TILES",
    help="An exposed or added kong (明槓), e.g. 5555m.",
)
@click.option(
    "--concealed-kong",
    "concealed_kongs",
    multiple=True,
    metavar="TILES",
    help="A concealed kong (暗槓), e.g. 1111z.",
)
@rules_option
@format_option
@lang_option
@common
def check(tiles, pungs, kongs, concealed_kongs, rules_file, fmt, lang):
    """Analyse TILES: with 14 (melds included) whether they win and how; with 13, the waits
    (聽牌).

    \b
    Examples:
      meizhou-score check 11122233388899m
      meizhou-score check 1112345678999m
      meizhou-score check 123m 456m 789p 234s 5s
      meizhou-score check 123m456p11s --pung 777z --kong 5555m
    """
    from ..settling.analysis import analyse

    rules = load_rules(rules_file)
    result = analyse(" ".join(tiles), pungs, kongs, rules, concealed_kongs)
    if fmt == "json":
        from ..render.jsonout import dumps

        click.echo(dumps({k: v for k, v in result.items() if k != "reading"}, indent=None))
    else:
        from ..render.text import check_text

        echo_fitted(check_text(result, rules, lang, screen_width()))


@click.command()
@rules_option
@format_option
@click.option(
    "--explain",
    "ruling",
    metavar="R1..R11",
    help="Print one ruling, what it says and why.",
    shell_complete=rulings,
)
@lang_option
@common
def rules(rules_file, fmt, ruling, lang):
    """Print the house rules in force: the defaults (docs/rules.md) overridden by --rules FILE.

    \b
    Examples:
      meizhou-score rules
      meizhou-score rules --explain R7
      meizhou-score rules --rules examples/house-rules.yaml --format json
    """
    from ..render.jsonout import dumps

    if ruling is not None:
        from ..i18n.rulings import EXPLAINED
        from ..i18n.words import WORDS
        from ..render.text import ruling_text

        key = ruling.strip().upper()
        key = key if key.startswith("R") else f"R{key}"
        if key not in EXPLAINED:
            raise Usage(msg("--explain: expected a ruling R1 to R11; got {found!r}", found=ruling))
        words = WORDS[lang]
        what, why = words[f"ruling_{key}_says"], words[f"ruling_{key}_why"]
        click.echo(
            dumps({"ruling": key, "says": what, "why": why})
            if fmt == "json"
            else ruling_text(key, what, why, lang, screen_width() or 78)
        )
        return
    effective = load_rules(rules_file)
    if fmt == "json":
        click.echo(dumps(effective.as_dict()))
    else:
        from ..render.rules import rules_text

        click.echo(rules_text(effective, lang, screen_width()))


@click.command()
@click.argument("dice", metavar="DEALER_DICE BREAKER_DICE", nargs=-1, type=click.IntRange(2, 12))
@click.option(
    "--players", "players_text", metavar="A,B,C,D", help="The players as they sit, in play order."
)
@click.option(
    "--dealer", metavar="NAME", help="Who deals (one of --players); names the players in the deal."
)
@click.option(
    "--seats",
    "seat_throw",
    type=click.IntRange(2, 12),
    metavar="SUM",
    help="Before the first hand: a throw of SUM by the first of --players, counted off to East.",
)
@format_option
@lang_option
@common
def deal(dice, players_text, dealer, seat_throw, fmt, lang):
    """Where to break the wall and how to deal (docs/rules.md, the game in brief),
    from two dice sums.

    DEALER_DICE is the dealer's throw, BREAKER_DICE the throw of the player
    whose wall is broken. With --players and --dealer the players are named;
    with --seats SUM, the seats are drawn instead: the thrower (the first of
    --players) counts SUM off in play order, starting from themself, and the
    player it lands on sits East.

    \b
    Examples:
      meizhou-score deal 10 5     # the document's own example
      meizhou-score deal 10 5 --players "Ah Fook,Mei,Jun,Lan" --dealer "Ah Fook" --format json
      meizhou-score deal --seats 7 --players "Ah Fook,Mei,Jun,Lan"
    """
    from ..render.jsonout import dumps
    from ..settling.dealing import deal_json, deal_text, seats, seats_text
    from .shared import answers

    players = (
        tuple(checked(answers.players_list, players_text, "--players")) if players_text else None
    )
    if seat_throw is not None:
        if dice or players is None:
            raise Usage(msg("--seats SUM takes --players and no dice"))
        click.echo(
            dumps({"throw": seat_throw, "thrower": players[0], "seats": seats(seat_throw, players)})
            if fmt == "json"
            else fit(seats_text(seat_throw, players, lang), screen_width())
        )
        return
    if len(dice) != 2:
        raise Usage(msg("expected two dice sums, DEALER_DICE BREAKER_DICE (or --seats SUM)"))
    names = None
    if dealer is not None or players is not None:
        if dealer is None or players is None:
            raise Usage(msg("--players and --dealer go together"))
        first = checked(lambda t: answers.player(t, players), dealer, "--dealer")
        d = players.index(first)
        names = tuple(players[(d + k) % 4] for k in range(4))  # from the dealer on, in play order
    click.echo(
        dumps(deal_json(dice[0], dice[1], names))
        if fmt == "json"
        else fit(deal_text(dice[0], dice[1], names, lang), screen_width())
    )


@click.command()
@click.option(
    "--house-rules", "house_rules", is_flag=True, help="The schema of a house-rules file instead."
)
@common
def schema(house_rules):
    """Print the JSON Schema of the hand record and session formats, or of a house-rules file.

    Editors that read JSON Schema check a file as it is typed: save the schema
    and name it on the file's first line (yaml-language-server, used by VS
    Code's YAML extension and others), e.g.
    ``# yaml-language-server: $schema=meizhou-record.schema.json``.

    \b
    Examples:
      meizhou-score schema > meizhou-record.schema.json
      meizhou-score schema --house-rules > meizhou-house-rules.schema.json
    """
    from ..records import schema as schemas
    from ..render.jsonout import dumps

    click.echo(dumps(schemas.house_rules_schema() if house_rules else schemas.schema()))
