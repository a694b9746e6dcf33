"""Hand records and sessions (docs/rules.md, “The files”): plain data in,
validated :class:`Record` out.

Everything that makes a record *bad* (exit 2) is found here: unknown or
missing keys, wrong types, bad tiles, the count rule, more than four copies
of a tile (R1, and R7's conservation), pungs that are not three identical
tiles, names not at the table. Whether the tiles *win* is a dispute (exit 1)
and is settled in :mod:`meizhou_score.settlement`. Reading files is
:mod:`meizhou_score.loader`'s job.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Final

from ..engine.memo import Memo, new_tuple
from ..engine.tiles import TILES, format_indices, parse_counted
from ..errors import RecordError, TileError
from ..i18n import terms
from ..i18n.messages import msg
from . import validators
from .conservation import check_conservation, written_twice
from .model import (
    KONG_TYPE_NAMES,
    MAX_TILE_TEXT,
    ONE,
    OPEN_KONG,
    WIN_TYPE_NAMES,
    WIN_TYPES,
    Kong,
    Record,
    Session,
    WinningHand,
)
from .names import player as _player
from .names import seat as _players
from .rules import DEFAULT_RULES, KONG_TYPES, Rules
from .tally import HAND_SIZE, hand_size

_HAND: Final = (
    "dealer",
    "stake",
    "draw",
    "winner",
    "win_type",
    "robbed",
    "hand",
    "kongs",
    "claimed",
)
_HAND_KEYS: Final = validators.keys(*_HAND)
_RECORD_KEYS: Final = validators.keys("players", *_HAND, "rules", "date")
_SESSION_KEYS: Final = validators.keys("players", "stake", "rules", "hands", "date")
_SESSION_REQUIRED_KEYS: Final = validators.keys("players", "hands")
_WINNING_HAND_KEYS: Final = validators.keys("concealed", "pungs", "winning_tile")
_RECORD_REQUIRED_KEYS: Final = validators.keys("players", "dealer")
_WIN_REQUIRED: Final = frozenset(("winner", "win_type", "hand"))
_KONG_KEYS: Final = validators.keys("player", "type", "tile", "from")
_KONG_REQUIRED: Final = validators.keys("player", "type", "tile")
_HAND_REQUIRED: Final = validators.keys("concealed", "winning_tile")
_NOTHING: Final = validators.keys()
_FIRST_HAND_REQUIRED: Final = validators.keys("dealer")


def parse_record(data: Any, rules: Rules = DEFAULT_RULES) -> Record:
    """Validate one hand record (docs/rules.md, “The files”).

    ``rules`` come from ``--rules``; the record's own override them.
    """
    validators.mapping(data, "", _RECORD_KEYS, required=_RECORD_REQUIRED_KEYS)
    players = _players(data["players"], "players")
    if "date" in data:
        validators.date(data["date"], "date")
    if "rules" in data:
        rules = _own_rules(rules, data["rules"])
    stake = validators.amount(data["stake"], "stake", positive=True) if "stake" in data else ONE
    return _hand(
        data, "", players, stake, rules, dealer=_player(data["dealer"], "", "dealer", players)
    )


# A record's own house rules: a log repeats a few mappings of choices (``{"combine": "add"}``),
# each applied over the run's rules once (an override costs 31,000 instructions).
_OWN_RULES: Final[Memo[tuple[Any, ...], tuple[Rules, Rules]]] = Memo(
    "record.rules", 256, "a record's own house rules, written as choices, over the run's rules"
)


def _own_rules(rules: Rules, written: Any) -> Rules:
    """``rules`` with a record's ``rules`` applied; a mapping of texts only (choices) is known by
    its items, which only a mapping of the same texts in the same order equals."""
    key = tuple(written.items()) if type(written) is dict else ()
    try:
        known = _OWN_RULES.get(key)
    except TypeError:  # a list or a mapping among the values: override says if it may be there
        key, known = (), None
    if known is not None and known[0] is rules:
        return known[1]
    applied = rules.override(written, "rules")
    if key and all(type(value) is str for _, value in key):
        _OWN_RULES.remember(key, (rules, applied))
    return applied


def parse_session(data: Any, rules: Rules = DEFAULT_RULES) -> Session:
    """Validate a session: players and rules fixed, hands in order."""
    validators.mapping(data, "", _SESSION_KEYS, required=_SESSION_REQUIRED_KEYS)
    players = _players(data["players"], "players")
    rules = rules.override(data.get("rules"), "rules")
    stake = validators.amount(data["stake"], "stake", positive=True) if "stake" in data else ONE
    hands = validators.sequence(data["hands"], "hands")
    if not hands:
        raise RecordError("hands", msg("no hand recorded yet (an empty list): record adds hand 1"))
    parsed = []
    for n, entry in enumerate(hands):
        path = f"hands[{n}]"
        for fixed in ("players", "rules"):
            if isinstance(entry, dict) and fixed in entry:
                raise RecordError(
                    f"{path}.{fixed}",
                    msg(
                        "not allowed in a session's hand: {fixed} are fixed for "
                        "the whole session (start a new session when the table "
                        "changes)",
                        fixed=fixed,
                    ),
                )
        validators.mapping(
            entry, path, _HAND_KEYS, required=_FIRST_HAND_REQUIRED if n == 0 else _NOTHING
        )
        hand_stake = (
            validators.amount(entry["stake"], f"{path}.stake", positive=True)
            if "stake" in entry
            else stake
        )
        named = "dealer" in entry
        dealer = _player(entry["dealer"], path, "dealer", players) if named else None
        parsed.append((_hand(entry, path, players, hand_stake, rules, dealer), named))
    date = validators.date(data["date"], "date") if "date" in data else None
    return Session(players, tuple(parsed), rules, date)


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


def _hand(
    data: dict[str, Any],
    path: str,
    players: tuple[str, ...],
    stake: Decimal,
    rules: Rules,
    dealer: str | None,
) -> Record:
    def at(key: str) -> str:  # a key's path, for error messages only
        return validators.join(path, key)

    draw = validators.boolean(data["draw"], at("draw")) if "draw" in data else False
    kongs: tuple[Kong, ...] = ()
    if data.get("kongs"):
        raw = data["kongs"]
        if not isinstance(raw, list):
            raise validators.fail(at("kongs"), msg("a list"), raw)
        read = []  # a loop, not a comprehension: Python 3.11 calls a comprehension as a function
        for n, k in enumerate(raw):
            read.append(_kong(k, path, n, players, rules))
        kongs = tuple(read)
    claimed = _claimed(data["claimed"], at("claimed"), players) if "claimed" in data else None
    if draw:
        for key in ("winner", "win_type", "robbed", "hand"):
            if key in data:
                raise RecordError(
                    at(key), msg("not allowed in an exhaustive draw (draw: true): nobody won")
                )
        record = Record(
            players, dealer or players[0], stake, True, kongs=kongs, claimed=claimed, rules=rules
        )
        check_conservation(record, path)
        return record
    if not _WIN_REQUIRED <= data.keys():
        key = next(key for key in ("winner", "win_type", "hand") if key not in data)
        raise RecordError(
            at(key), msg("missing; a hand needs winner, win_type and hand (or draw: true)")
        )
    winner = _player(data["winner"], path, "winner", players)
    win_type = data["win_type"]
    if type(win_type) is str and win_type not in WIN_TYPES:
        win_type = WIN_TYPE_NAMES.get(win_type.strip(), win_type)
    if win_type not in WIN_TYPES or type(win_type) is not str:
        hint = validators.close(win_type, WIN_TYPES) if isinstance(win_type, str) else ""
        raise validators.error_with_hint(
            validators.fail(
                at("win_type"),
                terms.expected_win_type(WIN_TYPES),
                win_type,
            ),
            hint,
        )
    robbed = None
    if win_type == "robbed_kong":
        if "robbed" not in data:
            raise RecordError(at("robbed"), terms.robbed_missing())
        robbed = _player(data["robbed"], path, "robbed", players)
        if robbed == winner:
            raise RecordError(
                at("robbed"),
                msg("the robbed player cannot be the winner ({winner!r})", winner=winner),
            )
    elif "robbed" in data:
        raise RecordError(
            at("robbed"),
            msg(
                "only allowed when win_type is robbed_kong; got win_type {win_type!r}",
                win_type=win_type,
            ),
        )
    hand = _winning_hand(data["hand"], f"{path}.hand" if path else "hand")
    record = new_tuple(
        Record,
        (
            players,
            dealer or players[0],
            stake,
            False,
            winner,
            win_type,
            robbed,
            hand,
            kongs,
            claimed,
            rules,
        ),
    )
    own = 0  # the winner's kongs: a loop, where a comprehension is a call in Python 3.11
    for kong in kongs:
        if kong.player == winner:
            own += 1
    size = hand_size(len(hand.concealed), len(hand.pungs) + own)
    if size != HAND_SIZE:
        twice = [k.tile for k in kongs if k.player == winner and hand.counts[k.tile] >= 3]
        raise RecordError(
            at("hand"),
            msg(
                "expected 14 tiles counting each pung and kong as 3 (concealed "
                "{concealed} + 3 × {pungs} pungs + 3 × {kongs} kongs of {winner}); got "
                "{size}",
                concealed=len(hand.concealed),
                pungs=len(hand.pungs),
                kongs=own,
                winner=winner,
                size=size,
            )
            + (written_twice(hand, twice[0]) if twice else ""),
        )
    check_conservation(record, path)
    return record


def _winning_hand(value: Any, path: str) -> WinningHand:
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
    return new_tuple(WinningHand, (concealed, tuple(pungs), winning, counts))


def _kong(
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
    if kind == "exposed":
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
    return new_tuple(Kong, (player, kind, tile, discarder))


def open_kong(discarded: bool, rules: Rules, where: str) -> str:
    """明槓, the document's word for both open kongs: from a discard (直槓) when it names
    ``from``, the discarder; else added to one's own pung (加槓, 摸明槓). Where the house rules
    pay the two differently, a 明槓 that names no discarder could be either, and is refused
    rather than guessed."""
    if discarded:
        return "exposed"
    units = rules.kong_units
    if units["added"] != units["exposed"] or rules.exposed_kong_payer != "all":
        raise RecordError(where, terms.open_kong_unpaid())
    return "added"


def _claimed(value: Any, path: str, players: tuple[str, ...]) -> dict[str, Decimal]:
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
