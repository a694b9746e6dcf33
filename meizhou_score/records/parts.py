"""The parts of a hand record (docs/rules.md, “The files”): the winner's tiles, each kong, the
claimed balances, each read from plain data and checked where it stands.

:mod:`.record` reads the record around them (its players, dealer, stake, win) and checks the
whole (the count rule, R1's five copies); an error here names the part's own key
(``kongs[1].from``, ``hand.pungs[0]``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Final

from ..engine.tiles import TILES, format_indices, parse_counted
from ..errors import RecordError, TileError
from ..i18n import terms
from ..i18n.messages import msg
from . import validators
from .kinds import EXPOSED, KONG_TYPES
from .model import KONG_TYPE_NAMES, MAX_TILE_TEXT, OPEN_KONG, Kong, WinningHand
from .names import player as _player
from .rules import DEFAULT_RULES, Rules

_WINNING_HAND_KEYS: Final = validators.keys("concealed", "pungs", "winning_tile")
_HAND_REQUIRED: Final = validators.keys("concealed", "winning_tile")
_KONG_KEYS: Final = validators.keys("player", "type", "tile", "from")
_KONG_REQUIRED: Final = validators.keys("player", "type", "tile")


def _tiles(value: Any, path: str, key: str | int) -> list[int]:
    return list(_counted(value, path, key)[0])


def _counted(value: Any, path: str, key: str | int) -> tuple[tuple[int, ...], bytes]:
    """Tiles as text → (indices in written order, 34 counts); errors name the key."""
    if not isinstance(value, str):
        raise validators.fail(
            validators.join(path, key), msg("tiles as text, like '123m 456p 11z'"), value
        )
    if len(value) > MAX_TILE_TEXT:
        raise RecordError(
            validators.join(path, key),
            msg(
                "{length:,} characters: longer than any hand's tiles can be written ({limit})",
                length=len(value),
                limit=MAX_TILE_TEXT,
            ),
        )
    try:
        return parse_counted(value)
    except TileError as exc:
        raise RecordError(validators.join(path, key), exc.args[0]) from None


# "5z" -> 32: a kong's or winning tile, at once; "777z" -> 33: a pung, at once
_ONE_TILE: Final = {str(tile): tile.index for tile in TILES}
_PUNGS: Final = {f"{tile.number}" * 3 + tile.suit: tile.index for tile in TILES}


def _one_tile(value: Any, path: str, key: str) -> int:
    index = _ONE_TILE.get(value) if type(value) is str else None
    if index is not None:
        return index
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # "tile: 5" is not a tile, but say so in tile terms
    tiles = _tiles(value, path, key)
    if len(tiles) != 1:
        raise RecordError(
            validators.join(path, key),
            msg("expected one tile; got {count} in {text!r}", count=len(tiles), text=value),
        )
    return tiles[0]


def winning_hand(value: Any, path: str) -> WinningHand:
    validators.mapping(value, path, _WINNING_HAND_KEYS, required=_HAND_REQUIRED)
    concealed, counts = _counted(value["concealed"], path, "concealed")
    pungs = []
    raw_pungs = value.get("pungs") or []
    if isinstance(raw_pungs, str):  # "pungs: 777z" for a single pung
        raw_pungs = [raw_pungs]
    if not isinstance(raw_pungs, list):
        raise validators.fail(validators.join(path, "pungs"), msg("a list"), raw_pungs)
    for n, text in enumerate(raw_pungs):
        tile = _PUNGS.get(text) if type(text) is str else None
        if tile is not None:
            pungs.append(tile)
            continue
        tiles = _tiles(text, validators.join(path, "pungs"), n)
        if len(tiles) != 3 or tiles[0] != tiles[1] or tiles[0] != tiles[2]:
            raise RecordError(
                f"{validators.join(path, 'pungs')}[{n}]",
                terms.expected_pung(text),
            )
        pungs.append(tiles[0])
    winning = _one_tile(value["winning_tile"], path, "winning_tile")
    if not counts[winning]:
        raise RecordError(
            validators.join(path, "winning_tile"),
            msg(
                "{tile} is not among the concealed tiles {concealed}",
                tile=str(TILES[winning]),
                concealed=format_indices(concealed),
            ),
        )
    return WinningHand(concealed, tuple(pungs), winning, counts)


def kong(
    value: Any, base: str, n: int, players: tuple[str, ...], rules: Rules = DEFAULT_RULES
) -> Kong:
    path = f"{base}.kongs[{n}]" if base else f"kongs[{n}]"
    validators.mapping(value, path, _KONG_KEYS, required=_KONG_REQUIRED)
    player = _player(value["player"], path, "player", players)
    kind = value["type"]
    if type(kind) is str and kind not in KONG_TYPES:
        kind = KONG_TYPE_NAMES.get(kind.strip(), kind)
    if kind == OPEN_KONG:
        kind = open_kong("from" in value, rules, validators.join(path, "type"))
    if kind not in KONG_TYPES or type(kind) is not str:
        raise validators.fail(
            validators.join(path, "type"),
            terms.expected_kong_type(KONG_TYPES),
            kind,
        )
    tile = _one_tile(value["tile"], path, "tile")
    discarder = None
    if kind == EXPOSED:
        if "from" not in value:
            raise RecordError(
                validators.join(path, "from"),
                msg("missing; an exposed kong names the discarder it came from"),
            )
        discarder = _player(value["from"], path, "from", players)
        if discarder == player:
            raise RecordError(
                validators.join(path, "from"),
                msg(
                    "the discarder must be another player than the kong's owner ({player!r})",
                    player=player,
                ),
            )
    elif "from" in value:
        raise RecordError(
            validators.join(path, "from"),
            msg("only allowed for an exposed kong; this kong is {kind}", kind=kind),
        )
    return Kong(player, kind, tile, discarder)


def open_kong(discarded: bool, rules: Rules, where: str) -> str:
    """明槓, the document's word for both open kongs: from a discard (點槓) when it names
    ``from``, the discarder; else added to one's own pung (加槓, 摸明槓). Where the house rules
    pay the two differently, a 明槓 that names no discarder could be either, and is refused
    rather than guessed."""
    if discarded:
        return "exposed"
    units = rules.kong_units
    if units["added"] != units["exposed"] or rules.exposed_kong_payer != "all":
        raise RecordError(where, terms.open_kong_unpaid())
    return "added"


def claimed(value: Any, path: str, players: tuple[str, ...]) -> dict[str, Decimal]:
    if not isinstance(value, dict):
        raise validators.fail(path, msg("a mapping of player to balance"), value)
    out = {}
    for name, balance in value.items():
        if not isinstance(name, str):  # 1, yes, null: not names, and never merged with '1'
            raise validators.fail(
                path, msg("names of players as keys ({players})", players=players), name
            )
        where = validators.join(path, name)
        found = _player(name, path, name, players)
        if found in out:
            raise RecordError(
                where, msg("{name!r} is claimed twice (the same name written two ways)", name=found)
            )
        out[found] = validators.amount(balance, where)
    return out


def held(value: Any, path: str, players: tuple[str, ...]) -> dict[str, Decimal]:
    """The gold each player holds at the end of the night, as counted on the table (``held:``,
    ``reconcile --held``): every player's net, in seat order, names as everywhere."""
    found = claimed(value, path, players)
    missing = [name for name in players if name not in found]
    if missing:
        raise RecordError(
            path,
            msg(
                "every player's gold is needed; {missing} not given",
                missing=tuple(missing),
            ),
        )
    return {name: found[name] for name in players}
