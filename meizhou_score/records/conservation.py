"""R1 and R7's conservation (四張為限): no tile kind more than four times in a whole record, and
when there are, where each copy was written and what the writer most likely meant."""

from __future__ import annotations

from typing import Final

from ..engine.tiles import COPIES, KINDS, TILES
from ..errors import RecordError
from ..i18n.messages import Message, msg
from ..i18n.rulings import FINDINGS
from . import validators
from .model import Record, WinningHand
from .tally import fifth_copy, tally


def _places(record: Record, path: str) -> list[tuple[int, int, str | Message]]:
    """(tile, copies, where) for every tile the record holds."""

    def at(key: str) -> str:
        return validators.join(path, key)

    hand = record.hand
    out: list[tuple[int, int, str | Message]] = []
    if hand is not None:
        out += [
            (tile, hand.concealed.count(tile), at("hand.concealed"))
            for tile in sorted(set(hand.concealed))
        ]
        out += [(tile, 3, f"{at('hand.pungs')}[{n}]") for n, tile in enumerate(hand.pungs)]
        if record.robbed is not None:
            out.append((hand.winning_tile, 3, msg("{player}'s robbed pung", player=record.robbed)))
    out += [(kong.tile, 4, f"{at('kongs')}[{n}]") for n, kong in enumerate(record.kongs)]
    return out


def written_twice(hand: WinningHand, tile: int) -> Message:
    """The hint for a kong whose tiles were also written among the concealed tiles."""
    return msg(
        " — {count} copies of {tile} in concealed and a kong of {tile}: write the kong once,"
        " under kongs, and leave its tiles out of concealed",
        count=hand.counts[tile],
        tile=str(TILES[tile]),
    )


_AT_MOST_FOUR: Final = bytes(range(COPIES + 1))  # the counts a tile kind may have
_NO_TILES: Final = bytes(KINDS)


def _within_four(record: Record) -> bool:
    """Surely no fifth copy (the usual record): no concealed count above four (one C call over
    the 34 counts), and room among the concealed copies of each pung's, kong's and robbed pung's
    tile for its three or four."""
    hand = record.hand
    concealed = hand.counts if hand is not None else _NO_TILES
    if concealed.translate(None, _AT_MOST_FOUR):
        return False  # a count the deletion left: more than four of a kind among the concealed
    laid: dict[int, int] = {}
    if hand is not None:
        for tile in hand.pungs:
            laid[tile] = laid.get(tile, 0) + 3
        if record.robbed is not None:
            laid[hand.winning_tile] = laid.get(hand.winning_tile, 0) + 3
    for kong in record.kongs:
        laid[kong.tile] = laid.get(kong.tile, 0) + 4
    for tile, copies in laid.items():
        if concealed[tile] + copies > COPIES:
            return False
    return True


def check_conservation(record: Record, path: str) -> None:
    """R1 / R7: no tile kind more than four times in the whole record."""
    if _within_four(record):
        return
    hand = record.hand
    counts = tally(
        hand.counts if hand is not None else bytes(34),
        hand.pungs if hand is not None else (),
        [kong.tile for kong in record.kongs],
        hand.winning_tile if hand is not None and record.robbed is not None else None,
    )
    tile = fifth_copy(counts)
    if tile is None:
        return
    places: Message | None = None
    for kind, n, place in _places(record, path):
        if kind == tile:
            found = msg("{count} in {place}", count=n, place=place)
            places = (
                found if places is None else msg("{before}; {after}", before=places, after=found)
            )
    note: str | Message = ""
    where = validators.join(path, "hand" if hand else "kongs")
    kongs = [n for n, kong in enumerate(record.kongs) if kong.tile == tile]
    if record.robbed is not None and hand is not None and tile == hand.winning_tile:
        robbed = [n for n in kongs if record.kongs[n].player == record.robbed]
        if robbed:  # the kong that was robbed, written as if it stood
            note = msg(
                " — a robbed kong is not listed under kongs: it was never completed ({rule})",
                rule=FINDINGS["robbed_tile"],
            )
            where = f"{validators.join(path, 'kongs')}[{robbed[0]}]"
        else:
            note = msg(
                " — a robbed kong's tile is the winner's only copy ({rule}): the robbed player's "
                "pung holds the other three",
                rule=FINDINGS["robbed_tile"],
            )
    elif (
        kongs and hand is not None and hand.counts[tile] >= 3
    ):  # the kong's tiles written in concealed too
        note = written_twice(hand, tile)
        where = validators.join(path, "hand.concealed")
    raise RecordError(
        where,
        msg(
            "{count} copies of {tile} ({places}); there are only four of each tile ({rule}){note}",
            count=counts[tile],
            tile=str(TILES[tile]),
            places=places,
            rule=FINDINGS["five_copies"],
            note=note,
        ),
    )
