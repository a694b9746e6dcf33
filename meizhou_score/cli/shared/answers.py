"""Quick entry (記分): a hand as the table says it, checked answer by answer.

``record`` asks for a hand field by field (or takes it from flags); each
answer is checked here the moment it is given — a tile that is not a tile,
five copies of one, a winning tile the hand does not hold — so a mistake is
caught at the question that caused it. The answers become a hand mapping in
the session format (docs/rules.md, “The files”), and :func:`hand_yaml` writes it as the few
lines of YAML that are appended to the night's file. Whether the finished
hand *settles* is decided by the one pipeline (:mod:`meizhou_score.record`
and :mod:`meizhou_score.settlement`), never here.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ...engine.tiles import KINDS, TILES, parse_counted
from ...errors import EntryError, HandConflict, RecordError, TileError
from ...i18n.messages import Message, msg
from ...i18n.rulings import FINDINGS
from ...records.kinds import KONG_TYPES, WIN_TYPES, KongType
from ...records.model import KONG_TYPE_NAMES, OPEN_KONG, WIN_TYPE_NAMES
from ...records.names import identity, typed_table
from ...records.tally import fifth_copy, tally


def _words(ids: tuple[str, ...], names: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """What a player may type for each id: the id, with a space for the underscore,
    and the record's names."""
    return {
        i: (i, i.replace("_", " "), *[name for name, meant in names.items() if meant == i])
        for i in ids
    }


WIN_TYPE_WORDS = _words(WIN_TYPES, WIN_TYPE_NAMES)  # 自摸, 槓上開花, 搶槓, self-draw, …
KONG_TYPE_WORDS = _words(
    (*KONG_TYPES, OPEN_KONG), KONG_TYPE_NAMES
)  # 暗槓, 加槓, 點槓, and 明槓 (either open kong)


def said_in(words: dict[str, tuple[str, ...]], lang: str) -> dict[str, tuple[str, ...]]:
    """``words`` with what ``lang``'s catalog calls each id (``answer_<id>``): the default an
    amended hand offers is said in the player's language, and Enter gives it back as typed."""
    from ...i18n.words import WORDS

    said = WORDS[lang]
    return {key: (*spellings, said.get(f"answer_{key}", key)) for key, spellings in words.items()}


def named(keys, lang: str) -> tuple[str, ...]:
    """The choices ``keys`` as ``lang`` names them: the ids themselves where it names by id
    (English), else its catalog's word for each (``answer_<id>``: 自摸, 暗槓)."""
    from ...i18n.language import language
    from ...i18n.words import WORDS

    if language(lang).by_id:
        return tuple(keys)
    said = WORDS[lang]
    return tuple(said.get(f"answer_{key}", key) for key in keys)


def player(
    text: str, players: tuple[str, ...], numbered: bool = False, exclude: tuple[str, ...] = ()
) -> str:
    """A name at the table from what was typed: the whole name or a unique prefix, any case.

    With ``numbered``, ``1``–``4`` choose by seat (the numbers shown beside a prompt).
    """
    typed = text.strip()
    choices = [name for name in players if name not in exclude]
    if not typed:
        raise EntryError(msg("type a name: {choices}", choices=tuple(choices)))
    if (
        numbered and typed.isdecimal() and len(typed) <= 9 and 1 <= int(typed) <= len(players)
    ):  # ３ too; ² is not a number here
        found = players[int(typed) - 1]
        if found in exclude:
            raise EntryError(msg("{name} cannot be chosen here", name=found))
        return found
    folded = identity(typed)
    exact = [name for name in choices if identity(name) == folded]
    if exact:
        return exact[0]
    starting = [name for name in choices if identity(name).startswith(folded)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise EntryError(
            msg(
                "{typed!r} could be {choices}: type more of the name",
                typed=typed,
                choices=tuple(starting),
            )
        )
    if any(identity(name) == folded for name in exclude):
        raise EntryError(msg("{typed!r} cannot be chosen here", typed=typed))
    raise EntryError(
        msg("{typed!r} is not at the table ({choices})", typed=typed, choices=tuple(choices))
    )


def players_list(text: str) -> list[str]:
    """``A,B,C,D`` → four distinct names in seat order East, South, West, North: the records'
    rule for a typed table (:func:`..records.names.typed_table`), refused as an answer."""
    try:
        return typed_table(text)
    except RecordError as error:
        raise EntryError(error.message) from None


def choice(
    text: str, words: dict[str, tuple[str, ...]], what: Message, lang: str | None = None
) -> str:
    """One of ``words``' keys from its number (1-based), a spelling it lists, or a unique prefix;
    a refusal lists them as ``lang``'s question does (:func:`named`), a flag's (no ``lang``) by
    id."""
    typed = text.strip()
    keys = list(words)
    if typed.isdecimal() and len(typed) <= 9 and 1 <= int(typed) <= len(keys):
        return keys[int(typed) - 1]
    folded = typed.casefold().replace("-", "_")
    found = {
        key
        for key, spellings in words.items()
        for word in spellings
        if word.casefold().replace("-", "_") == folded
    }
    if not found and folded:
        found = {
            key
            for key, spellings in words.items()
            for word in spellings
            if word.casefold().replace("-", "_").startswith(folded)
        }
    if len(found) == 1:
        return found.pop()
    raise EntryError(
        msg(
            "expected {what}: {keys} (or its number); got {text!r}",
            what=what,
            keys=tuple(keys) if lang is None else named(keys, lang),
            text=text,
        )
    )


def stake(text: str) -> Decimal:
    """Gold per unit (底分): a positive whole or decimal number."""
    value = _typed_amount(text)
    if value is None or value <= 0:
        raise EntryError(
            msg("expected the stake as a positive number, like 10 or 0.5; got {text!r}", text=text)
        )
    return value


def _typed_amount(text: str) -> Decimal | None:
    """An amount typed, read as every amount is (validators.typed_amount): exact, in the limits."""
    from ...records.validators import typed_amount

    try:
        return typed_amount(text, "")
    except RecordError as exc:
        raise EntryError(exc.message) from None


def tiles(text: str) -> bytes:
    """Tile notation → 34 counts, with the notation's own message for a mistake and R1 checked."""
    try:
        indices, counts = parse_counted(text)
    except TileError as exc:
        raise EntryError(exc.args[0]) from None
    over = fifth_copy(counts)
    if over is not None:
        raise EntryError(
            msg(
                "{count} copies of {tile} in {text!r}; there are only four of each tile ({rule})",
                count=indices.count(over),
                tile=str(TILES[over]),
                text=text.strip(),
                rule=FINDINGS["five_copies"],
            )
        )
    return counts


def concealed(text: str) -> bytes:
    """The winner's concealed tiles, winning tile included: 14, or 14 less 3 per pung and kong."""
    counts = tiles(text)
    size = sum(counts)
    if size > 14 or size % 3 != 2:
        raise EntryError(
            msg(
                "{size} tiles: the concealed tiles are 14, or 11, 8, 5 or 2 beside pungs and kongs "
                "(each counts as 3)",
                size=size,
            )
        )
    return counts


def must_win(text: str, rules) -> None:
    """Fourteen concealed tiles that do not win under ``rules`` are refused at once (R2)."""
    from ...settling.analysis import analyse

    if not analyse(text, rules=rules)["win"]:
        raise EntryError(
            msg(
                "{tiles} is not a winning hand under the rules in force: not a pair and four sets, "
                "nor seven pairs, nor thirteen orphans ({rule})",
                tiles=" ".join(text.split()),
                rule=FINDINGS["not_a_win"],
            )
        )


def winning_tile(text: str, held: bytes, robbed: bool) -> int:
    """The winning tile: one of the concealed tiles; a robbed tile is the winner's only copy
    (R7)."""
    counts = tiles(text)
    if sum(counts) != 1:
        raise EntryError(
            msg("expected one tile; got {count} in {text!r}", count=sum(counts), text=text.strip())
        )
    tile = counts.index(1)
    if not held[tile]:
        raise EntryError(msg("{tile} is not among the concealed tiles", tile=str(TILES[tile])))
    if robbed and held[tile] > 1:
        raise HandConflict(
            msg(
                "the hand holds {tile} {count} times, but a robbed tile is the winner's only copy: "
                "the robbed player's pung holds the other three ({rule})",
                tile=str(TILES[tile]),
                count=held[tile],
                rule=FINDINGS["robbed_tile"],
            )
        )
    return tile


def pungs(text: str) -> list[str]:
    """Exposed pungs (碰) from one line, e.g. ``777z 999m``: three identical tiles each."""
    try:
        indices = parse_counted(text)[0]
    except TileError as exc:
        raise EntryError(exc.args[0]) from None
    if len(indices) % 3:
        raise EntryError(
            msg(
                "a pung is three identical tiles, like 777z (there is no chow, 吃); got {text!r}",
                text=text.strip(),
            )
        )
    out = []
    for n in range(0, len(indices), 3):
        a, b, c = indices[n : n + 3]
        if not a == b == c:
            raise EntryError(
                msg(
                    "a pung is three identical tiles, like 777z (there is no chow, 吃); "
                    "got {meld} "
                    "in {text!r}",
                    meld=f"{TILES[a]}{TILES[b]}{TILES[c]}",
                    text=text.strip(),
                )
            )
        out.append(f"{TILES[a].number}" * 3 + TILES[a].suit)
    return out


def one_tile(text: str) -> str:
    counts = tiles(text)
    if sum(counts) != 1:
        raise EntryError(
            msg("expected one tile; got {count} in {text!r}", count=sum(counts), text=text.strip())
        )
    return str(TILES[counts.index(1)])


def kong(text: str, players: tuple[str, ...]) -> dict[str, str]:
    """``PLAYER:TYPE:TILE[:FROM]`` (the ``--kong`` flag) → a kong mapping of the record format."""
    parts = text.split(":")
    if len(parts) not in (3, 4):
        raise EntryError(
            msg(
                "expected PLAYER:TYPE:TILE or PLAYER:exposed:TILE:FROM, like 'Mei:added:9m'; got "
                "{text!r}",
                text=text,
            )
        )
    owner = player(parts[0], players)
    kind = choice(parts[1], KONG_TYPE_WORDS, msg("a kong type"))
    if (
        kind == OPEN_KONG
    ):  # 明槓: from a discard when it names the discarder, else added (or refused: prompts)
        kind = "exposed" if len(parts) == 4 else OPEN_KONG
    out = {"player": owner, "type": kind, "tile": one_tile(parts[2])}
    if kind == KongType.EXPOSED:
        if len(parts) != 4:
            raise EntryError(
                msg(
                    "an exposed kong names its discarder: {owner}:exposed:{tile}:FROM; got "
                    "{text!r}",
                    owner=owner,
                    tile=parts[2],
                    text=text,
                )
            )
        out["from"] = player(parts[3], players, exclude=(owner,))
    elif len(parts) == 4:
        raise EntryError(
            msg(
                "only an exposed kong names a discarder; this kong is {kind}: {text!r}",
                kind=kind,
                text=text,
            )
        )
    return out


def claim(text: str, players: tuple[str, ...]) -> tuple[str, Decimal]:
    """``NAME=AMOUNT`` (the ``--claimed`` flag): what the table says a player won or lost."""
    name, sep, amount = text.rpartition("=")
    if not sep:
        raise EntryError(
            msg("expected NAME=AMOUNT, like 'Mei=60' or 'Jun=-20'; got {text!r}", text=text)
        )
    value = _typed_amount(amount)
    if value is None:
        raise EntryError(
            msg("expected an amount after '=', like 'Mei=60'; got {text!r}", text=text)
        )
    return player(name, players), value


def conservation(hand: dict[str, Any], robbed: bool = False) -> None:
    """R1: no tile more than four times among the concealed tiles,
    the pungs and the kongs so far."""
    held = hand.get("hand") or {}
    robbed_tile = held.get("winning_tile") if robbed else None
    if robbed_tile is not None and any(
        parse_counted(k["tile"])[0] == parse_counted(robbed_tile)[0] for k in hand.get("kongs", ())
    ):  # R7: the robbed kong is the win itself, never one of the hand's kongs
        raise EntryError(
            msg(
                "a kong of {tile}, the robbed tile: the robbed kong was never completed, so it is "
                "not entered as a kong (robbed kong, 搶槓, already pays for it)",
                tile=str(robbed_tile),
            )
        )
    counts = tally(
        parse_counted(held["concealed"])[1] if "concealed" in held else bytes(KINDS),
        [parse_counted(text)[0][0] for text in held.get("pungs", ())],
        [parse_counted(k["tile"])[0][0] for k in hand.get("kongs", ())],
        parse_counted(held["winning_tile"])[0][0] if robbed and "winning_tile" in held else None,
    )
    over = fifth_copy(counts)
    if over is not None:
        raise EntryError(
            msg(
                "that makes {count} copies of {tile} in this hand; there are only four of each "
                "tile ({rule})",
                count=counts[over],
                tile=str(TILES[over]),
                rule=FINDINGS["five_copies"],
            )
        )
