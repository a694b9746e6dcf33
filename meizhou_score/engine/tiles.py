"""Tiles (牌) and their notation.

Thirty-four kinds, four copies each (R1): characters 萬 ``1m``–``9m``, dots 筒
``1p``–``9p``, bamboo 條 ``1s``–``9s``, winds ``1z``–``4z`` (東南西北) and dragons
``5z``–``7z`` (白發中). There are no flowers.

At the edges a tile is a :class:`Tile` (``str(tile) == "5m"``); inside the hot
core it is a plain index 0–33, and a hand is a 34-slot list of counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, NamedTuple

from ..errors import TileError
from ..i18n.messages import msg
from ..i18n.terms import HONOUR_MARKS, HONOURS_SAID, NUMERALS, SEPARATORS, SUIT_MARKS
from .memo import Memo

SUITS: Final = "mpsz"
KINDS: Final = 34
COPIES: Final = 4

# Characters that name a suit after a run of digits: the MPSZ letters, and the Chinese suits.
_SUIT_MARKS: Final = {"m": "m", "p": "p", "s": "s", "z": "z", **SUIT_MARKS}
# Characters that are one honour tile by themselves: E S W N P F C, and the Chinese honours.
_HONOUR_MARKS: Final = {
    **{letter: 27 + n for n, letter in enumerate("ESWNPFC")},
    **{mark: 26 + number for mark, number in HONOUR_MARKS.items()},
}
_DIGITS: Final = {str(d): d for d in range(10)} | {c: i + 1 for i, c in enumerate(NUMERALS)}


class Tile(NamedTuple):
    """One tile kind (牌), ordered m < p < s < z and by number within a suit.

    Immutable, equal, ordered and hashed by its index 0–33; ``TILES[i]`` is
    the one instance of each kind.
    """

    # the kind's number 0–33
    index: int  # type: ignore[assignment]  # hides tuple.index, which no tile needs

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Exactly one tile: ``Tile.parse("5m") == Tile(4)``."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise TileError(
                msg("expected one tile, got {count} in {text!r}", count=len(tiles), text=text)
            )
        return tiles[0]

    @property
    def suit(self) -> str:
        return SUITS[self.index // 9]

    @property
    def number(self) -> int:
        return self.index % 9 + 1

    @property
    def is_honour(self) -> bool:
        """字牌: a wind or a dragon."""
        return self.index >= 27

    @property
    def is_terminal(self) -> bool:
        """幺九: a 1 or a 9 of a suit."""
        return self.index < 27 and self.index % 9 in (0, 8)

    def __str__(self) -> str:
        return f"{self.number}{self.suit}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"  # eval(repr(tile)) == tile


TILES: Final[tuple[Tile, ...]] = tuple(Tile(i) for i in range(KINDS))
TERMINALS_AND_HONOURS: Final[tuple[int, ...]] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def parse_indices(text: str) -> list[int]:
    """Parse tile notation (docs/rules.md, “The files”) into tile indices, in written order.

    ``123m 456p 11z`` is seven tiles; ``一萬 東 中``, ``123萬`` and ``E S P`` are
    accepted too. Anything else raises :class:`TileError` quoting the bad
    character and its 1-based column.
    """
    return list(parse_counted(text)[0])


def parse_counted(text: str) -> tuple[tuple[int, ...], bytes]:
    """Tile notation → (indices in written order, 34 counts).

    The counts are the hot core's representation (habit 1: convert once, at
    the boundary); a count above 255 reads as 255, which is still five copies
    too many.
    """
    if not isinstance(text, str):
        raise TileError(msg("expected tiles as text, got {kind}", kind=type(text).__name__))
    if (
        not text.isascii()
    ):  # full-width digits and letters (１２３萬, ５Ｍ) read as their plain forms
        from unicodedata import normalize

        text = _SAID.sub(lambda word: HONOURS_SAID[word.group()], normalize("NFKC", text))
    return _parse(text)


_SAID: Final = re.compile("|".join(HONOURS_SAID))  # 紅中 is 中, 東風 is 東 (i18n/terms.py)


# "123m" -> ((0, 1, 2), its counts as one integer, a byte per tile kind): the words of tile
# notation recur, and a hand's counts are then the sum of its words' integers.
_TOKENS: Final[Memo[str, tuple[tuple[int, ...], int]]] = Memo(
    "tiles.words", 4096, "the words of tile notation ('123m') and their counts"
)


def _parse(text: str) -> tuple[tuple[int, ...], bytes]:
    """Parse word by word through a memo; any doubt goes to the full parser.

    Spaces are ignored in the notation ("12 3m" is 123m), so a word that does
    not parse alone is not an error yet: the whole text is parsed again, and
    that parse reports the column. Fewer than 256 tiles cannot hold a kind 256
    times, so no byte of the summed integer overflows into the next.
    """
    indices: list[int] = []
    weight = 0
    for word in text.split():
        part = _TOKENS.get(word)
        if part is None:
            try:
                tiles = tuple(_parse_any(word))
            except TileError:
                return _counted(_parse_any(text))
            if len(tiles) >= 256:
                return _counted(_parse_any(text))
            part = _TOKENS.remember(word, (tiles, sum(1 << (8 * i) for i in tiles)))
        indices += part[0]
        weight += part[1]
    if len(indices) < 256:
        return tuple(indices), weight.to_bytes(KINDS, "little")
    return _counted(indices)


def _counted(indices: Iterable[int]) -> tuple[tuple[int, ...], bytes]:
    indices = tuple(indices)
    return indices, bytes(min(indices.count(i), 255) for i in range(KINDS))


def _parse_any(text: str) -> list[int]:
    """Every accepted notation, with a quoted error for anything else."""
    out: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, column) waiting for a suit
    for column, char in enumerate(text, start=1):
        if char.isspace() or char == "," or char in SEPARATORS:  # 、 as Chinese input types it
            continue
        if char in _DIGITS:
            pending.append((_DIGITS[char], column))
            continue
        suit = _SUIT_MARKS.get(char)
        if suit is None and pending and char in "MPSZ":
            suit = (
                char.lower()
            )  # an upper-case suit after digits (123M); alone, S and P are South and White
        if suit is not None:
            if not pending:
                raise TileError(
                    msg(
                        "unexpected {char!r} at column {column} in {text!r}: no number before the "
                        "suit",
                        char=char,
                        column=column,
                        text=text,
                    )
                )
            base = SUITS.index(suit) * 9
            top = 7 if suit == "z" else 9
            for digit, _ in pending:
                if not 1 <= digit <= top and text.strip() == f"{digit}{suit}":
                    # the whole text is the bad tile: said once, not "no such tile '9z' in '9z'"
                    raise TileError(msg("no such tile '{digit}{suit}'", digit=digit, suit=suit))
                if not 1 <= digit <= top:
                    raise TileError(
                        msg(
                            "no such tile '{digit}{suit}' in {text!r}",
                            digit=digit,
                            suit=suit,
                            text=text,
                        )
                    )
                out.append(base + digit - 1)
            pending.clear()
            continue
        honour = _HONOUR_MARKS.get(char)
        if honour is not None and not pending:
            out.append(honour)
            continue
        raise TileError(
            msg(
                "unexpected {char!r} at column {column} in {text!r}",
                char=char,
                column=column,
                text=text,
            )
        )
    if pending:
        digit, column = pending[0]
        raise TileError(
            msg(
                "unexpected {char!r} at column {column} in {text!r}: "
                "a number with no suit after it",
                char=text[column - 1],
                column=column,
                text=text,
            )
        )
    return out


def parse_tiles(text: str) -> list[Tile]:
    """Parse tile notation into :class:`Tile` objects, in written order."""
    return [TILES[i] for i in parse_indices(text)]


def to_counts(indices: Iterable[int]) -> bytes:
    """The hot core's 34 counts (one byte per tile kind) from tile indices."""
    counts = [0] * KINDS
    for i in indices:
        counts[i] += 1
    return bytes(counts)


def format_indices(indices: Iterable[int]) -> str:
    """Compact MPSZ notation, sorted, digits sharing a suit letter: ``123m55p``."""
    out = []
    ordered = sorted(indices)
    for s, suit in enumerate(SUITS):
        digits = "".join(str(i - 9 * s + 1) for i in ordered if i // 9 == s)
        if digits:
            out.append(digits + suit)
    return "".join(out)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Compact notation of :class:`Tile` objects: ``format_tiles(parse_tiles(s))``."""
    return format_indices(t.index for t in tiles)
