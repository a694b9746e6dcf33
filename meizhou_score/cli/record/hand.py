"""A hand's questions in table order (draw or winner, how, robbed, the winner's tiles, pungs,
kongs), asked until the hand settles or the table accepts a dispute; the claims flags."""

# ruff: noqa: B023 - each closure in a loop is called (asked) in the pass that made it

from __future__ import annotations

from typing import Any, NamedTuple

import click

from ...errors import EntryError, HandConflict, MeizhouError
from ...i18n.language import typed_for
from ...i18n.messages import Message, msg
from ...records.kinds import WinType
from ...records.names import identity
from ..shared.errors import Back, FromTheHand, Usage
from ..shared.options import checked, language
from ..shared.prompts import (
    Questions,
    amended_default,
    ask_player,
    names_a_player,
    numbered_choices,
)
from .kongs import ask_kongs, given_kongs, kept_kongs, none_given, none_said
from .verdict import as_on_screen, judge

DRAW_KEY = "d"  # [d] at "who won?": an exhaustive draw, as are the languages' words for it


# what a player may type, or a flag say, for a win on another player's discard
# (放槍, 點炮, ron): never a win here (R11), and told so rather than refused as an unknown word
DISCARD_WORDS = (
    "discard",
    "by discard",
    "on a discard",
    "from a discard",
    "ron",
    "放槍",
    "放铳",
    "放銃",
    "放炮",
    "點炮",
    "点炮",
    "點砲",
    "出銃",
    "食胡",
    "胡別人打出的牌",
    "胡别人打出的牌",
)


def not_by_discard() -> Message:
    """Why a win on a discard cannot be recorded, and where the ruling is told (R11)."""
    return msg(
        "a win on another player's discard is not scored in Meizhou mahjong: only a self-draw, "
        "a kong bloom or a robbed kong wins (R11: meizhou-score rules --explain R11)"
    )


def how_won(text: str, lang: str) -> str:
    """How the winner won, as typed at the question: one of the three ways (in ``lang``'s words
    too); a win on a discard refused with its ruling."""
    from ..shared import answers as entry

    if text.strip().casefold() in DISCARD_WORDS:
        raise EntryError(not_by_discard())
    return entry.choice(text, entry.said_in(entry.WIN_TYPE_WORDS, lang), msg("a win type"), lang)


def _collect(q: Questions, players, given: dict, rules) -> dict:
    """The hand as the table tells it, in table order: draw or winner, how, robbed, tiles, melds."""
    from ..shared import answers as entry

    if given["draw"] and (given["winner"] or given["win_type"] or given["robbed"] or given["hand"]):
        raise Usage(
            msg("--draw takes no --winner, win type, --robbed-kong, --hand or --winning-tile")
        )
    if given["draw"]:
        winner = None
    elif given["winner"]:
        winner = checked(lambda t: entry.player(t, players), given["winner"], "--winner")
    else:

        def winner_or_draw(text):
            typed = text.strip().casefold()
            said = typed in typed_for("draw") and not names_a_player(text, players)
            if typed == DRAW_KEY or said:  # d always; a player named Draw is a player
                return None
            return entry.player(text, players, numbered=True)

        winner = q.ask(
            q.words("record_who_won", choices=numbered_choices(players, lang=q.lang)),
            winner_or_draw,
            "--winner NAME or --draw",
            default=amended_default(given, "winner"),
            players=players,
        )
    if winner is None:
        hand: dict[str, Any] = {"draw": True}
        kongs = given_kongs(players, given, rules)
        if kongs is None:  # a draw's kongs are not asked: given by flags, or an amended hand's
            kongs = kept_kongs(given)
        if kongs:
            hand["kongs"] = kongs
        return hand
    hand = {"winner": winner}
    if given["robbed"]:
        if given["win_type"]:
            raise Usage(msg("give one win type: --self-draw, --kong-bloom or --robbed-kong NAME"))
        win_type = "robbed_kong"
    elif given["win_type"]:
        win_type = given["win_type"]
    else:
        kept = amended_default(given, "win_type")  # an amended hand's, said as the player types it
        win_type = q.ask(
            q.words("record_how", winner=winner),
            lambda t: how_won(t, q.lang),
            "--self-draw, --kong-bloom or --robbed-kong NAME",
            default=q.words(f"answer_{kept}") if kept in entry.WIN_TYPE_WORDS else kept,
        )
    hand["win_type"] = win_type
    if win_type == WinType.ROBBED_KONG:
        if given["robbed"]:
            hand["robbed"] = checked(
                lambda t: entry.player(t, players, exclude=(winner,)),
                given["robbed"],
                "--robbed-kong",
            )
        else:
            hand["robbed"] = ask_player(
                q,
                q.words("record_whose_robbed", winner=winner),
                players,
                "--robbed-kong NAME",
                exclude=(winner,),
                default=amended_default(given, "robbed"),
            )
    return hand


def _collect_tiles(
    q: Questions,
    players,
    hand: dict,
    given: dict,
    rules,
    allow_dispute: bool,
    number: int | None = None,
) -> dict:
    """The winner's tiles, winning tile, exposed pungs and every kong, each checked as it comes;
    ``number`` is the hand's on the screen, which a refusal names (hand 6)."""
    from ..shared import answers as entry

    hand = {k: v for k, v in hand.items() if k not in ("hand", "kongs")}
    robbed = hand["win_type"] == WinType.ROBBED_KONG
    while True:
        if given["hand"] is not None:
            held = checked(entry.concealed, given["hand"], "--hand")
            text = " ".join(given["hand"].split())
        else:

            def concealed(text):
                counts = entry.concealed(text)
                if sum(counts) == 14 and not allow_dispute:
                    entry.must_win(text, rules)  # no melds can follow: whether it wins is known now
                return counts, " ".join(text.split())

            held, text = q.ask(
                q.words("record_concealed", winner=hand["winner"]),
                concealed,
                "--hand TILES",
                default=amended_default(given, "hand"),
            )
        if given["winning_tile"] is not None:
            tile = checked(
                lambda t: entry.winning_tile(t, held, robbed),
                given["winning_tile"],
                "--winning-tile",
            )
            break

        def winning(answer):
            try:
                return entry.winning_tile(answer, held, robbed)
            except HandConflict as exc:  # the hand is what is wrong: ask for it again
                raise FromTheHand(exc) from None

        try:
            tile = q.ask(
                q.words("record_robbed_tile" if robbed else "record_winning_tile"),
                winning,
                "--winning-tile TILE",
                default=amended_default(given, "winning_tile"),
            )
            break
        except FromTheHand as exc:
            if given["hand"] is not None or not q.asking:  # nobody to type the tiles again
                raise exc.args[0] from None
            click.echo(
                "  ✗ "
                + msg("{message}. Enter the tiles again.", message=exc.args[0]).say(language())
            )
            q.script.pop()  # the hand's answer, refused
    tiles: dict[str, Any] = {"concealed": text}
    from ...engine.tiles import TILES

    hand["hand"] = tiles
    kongs = given_kongs(players, given, rules)  # None: not given, so asked below (or kept)
    if kongs is None and not q.melds_asked():
        kongs = kept_kongs(given)  # an amendment by flags keeps the hand's kongs
    mine = identity(hand["winner"])
    winners = sum(identity(str(k.get("player"))) == mine for k in kongs or ())
    if given["pungs"]:
        if not none_given(given["pungs"], "--pung"):
            found = []
            for text in given["pungs"]:
                found += checked(entry.pungs, text, "--pung")
            tiles["pungs"] = found
    elif sum(held) + 3 * winners >= 14:
        pass  # whole already, the winner's kongs counted 3 each: no pung can be
    elif q.melds_asked():

        def more_pungs(text):
            none = not text.strip() or none_said(text)  # Enter, or - over a default
            found = [] if none else entry.pungs(text)
            entry.conservation({"hand": {**tiles, "pungs": found}}, robbed)
            return found

        found = q.ask(
            q.words("record_pungs"),
            more_pungs,
            "--pung TILES",
            default=amended_default(given, "pungs") or "",
        )
        if found:
            tiles["pungs"] = found
    elif amended_default(given, "pungs"):  # an amendment by flags keeps the hand's pungs
        tiles["pungs"] = checked(entry.pungs, amended_default(given, "pungs"), "--pung")
    tiles["winning_tile"] = str(TILES[tile])
    if kongs is None:
        kongs = ask_kongs(q, players, hand, given)
    if kongs:
        hand["kongs"] = kongs
    where = msg("this hand") if number is None else msg("hand {n}", n=number)
    checked(lambda h: entry.conservation(h, robbed), hand, where)
    return hand


def claims_of(players, claims) -> dict | None:
    from ..shared import answers as entry

    if not claims:
        return None
    out = {}
    for text in claims:
        name, value = checked(lambda t: entry.claim(t, players), text, "--claimed")
        out[name] = value
    return out


def fill(
    q: Questions,
    players,
    given: dict,
    build,
    allow_dispute: bool,
    rules,
    number: int | None = None,
    amending=None,
    confirm=None,
):
    """Ask for the hand until it settles; (hand, result, whether to write it). Flags that do not
    settle end the command.

    ``<`` at any question of the hand goes back to the one before it, and so it does at
    ``confirm(result)`` (the hand shown and "Record hand N?", a yes or no; none: yes), which is
    one of the hand's questions; ``number`` is the hand's number on the screen, which a refusal
    names (hand 6, not hands[5]).
    """
    q.script, q.replay = [], []
    q.going_back = True  # the table's questions are behind: < goes back within the hand only
    try:
        while True:
            try:
                asking = _Asking(players, build, allow_dispute, rules, number, amending)
                hand, result = _fill(q, given, asking)
                return hand, result, confirm(result) if confirm else True
            except Back:
                q.back()
    finally:
        q.going_back = False


class _Asking(NamedTuple):
    """What stays the same while a hand is asked again: the table, how it is judged, its number."""

    players: Any
    build: Any
    allow_dispute: bool
    rules: Any
    number: int | None
    amending: Any


def _fill(q: Questions, given: dict, asking: _Asking):
    players, build, allow_dispute, rules, number, amending = asking
    hand = _collect(q, players, given, rules)
    while True:
        if "winner" in hand:
            tiles_from = len(q.script)
            hand = _collect_tiles(q, players, hand, given, rules, allow_dispute, number)
        if given["claims"]:
            hand["claimed"] = given["claims"]
        result, why = judge(lambda: build(hand), allow_dispute, amending)
        if result is not None:
            return hand, result
        why = as_on_screen(why, number)
        if not q.asked or "winner" not in hand:
            raise why if isinstance(why, MeizhouError) else MeizhouError(why)
        click.echo("  ✗ " + msg("{message}. Enter the tiles again.", message=why).say(language()))
        del q.script[tiles_from:]  # the refused tiles are not answers to go back to
        q.keeping = False  # an amended hand's answers refused: offered again, not kept unasked
        given = {**given, "hand": None, "winning_tile": None, "pungs": (), "kongs": ()}
        if hand.get("kongs"):  # asked again, each kong given offered as the default, and said
            click.echo("  " + q.words("record_kongs_again"))
            given["defaults"] = {**given.get("defaults", {}), "kongs": hand["kongs"]}
