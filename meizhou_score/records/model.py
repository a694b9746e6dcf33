"""The record model (牌局): a hand (一局) and a session (一晚) as validated values, and the
words for them.

:mod:`.record` makes these from plain data; settlement reads them. Nothing
here checks anything: a :class:`Record` that exists is a valid one.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Final, NamedTuple

from ..engine.value import Value
from ..i18n.terms import KONG_TYPE_WORDS, WIN_TYPE_WORDS, spelled
from .rules import DEFAULT_RULES, Rules

SEATS: Final = ("East", "South", "West", "North")  # the seat winds, in play order
# What a whole night shares, at the head of its file: the one list of a night's head keys (a
# session's, a new night's table on the page and at `record`'s questions, what the ledger compares
# when a night comes again). A hand record holds them beside its hand's keys (its stake is both).
HEAD_KEYS: Final = ("players", "stake", "rules", "date")
# A hand's own keys, as a session's hand and a hand record write them: the one list (the
# record's fields, its validator's keys, the hand the ledger keeps of a hand record).
HAND_KEYS: Final = (
    "dealer",
    "stake",
    "draw",
    "winner",
    "win_type",
    "robbed",
    "robbed_from",
    "hand",
    "kongs",
    "claimed",
)
MAX_TILE_TEXT: Final = (
    200  # characters in any tile text: 14 tiles with spaces, or in Chinese, fit many times over
)
ONE: Final = Decimal(1)  # the stake when a record names none

# What a player may write for a win type or a kong type besides its id: the tool's own spelling
# with a hyphen, and the Chinese names of i18n/terms.py (their one home) in every mix of
# Traditional and Simplified characters, as the document itself mixes them (槓/杠, 開/开,
# 搶/抢):
# 杠上開花, 槓上开花, 抢槓, 补杠 … all read alike.
# 明槓: the document's word for both open kongs — from a discard (點槓) or added (加槓)
OPEN_KONG: Final = "open"
WIN_TYPE_NAMES: Final = {
    "self-draw": "self_draw",
    "kong-bloom": "kong_bloom",
    "robbed-kong": "robbed_kong",
    **spelled(WIN_TYPE_WORDS),
}
KONG_TYPE_NAMES: Final = spelled(KONG_TYPE_WORDS) | {OPEN_KONG: OPEN_KONG}


class Kong(Value):
    """槓: four identical tiles laid down by ``player``.

    ``type`` is concealed (暗槓), added (加槓 / 摸明槓: a drawn fourth tile
    added to one's own pung) or exposed (點槓: from ``discarder``'s discard).
    """

    _fields = ("player", "type", "tile", "discarder")
    __slots__ = _fields

    def __init__(self, player: str, type: str, tile: int, discarder: str | None = None) -> None:
        self.player = player
        self.type = type
        self.tile = tile
        self.discarder = discarder


class WinningHand(Value):
    """The winner's final hand: concealed tiles (winning tile included) and exposed pungs (碰)."""

    _fields = ("concealed", "pungs", "winning_tile", "counts")
    __slots__ = _fields

    def __init__(
        self, concealed: tuple[int, ...], pungs: tuple[int, ...], winning_tile: int, counts: bytes
    ) -> None:
        self.concealed = concealed
        self.pungs = pungs  # the tile of each exposed pung
        self.winning_tile = winning_tile
        self.counts = counts  # the concealed tiles as 34 counts, for the hot core


class Record(Value):
    """One hand (一局), validated."""

    _fields = ("players", *HAND_KEYS, "rules")  # the table's players and rules, the hand's keys
    __slots__ = _fields

    def __init__(
        self,
        players: tuple[str, ...],
        dealer: str,
        stake: Decimal = Decimal(1),
        draw: bool = False,
        winner: str | None = None,
        win_type: str | None = None,
        robbed: str | None = None,
        robbed_from: str | None = None,
        hand: WinningHand | None = None,
        kongs: tuple[Kong, ...] = (),
        claimed: dict[str, Decimal] | None = None,
        rules: Rules = DEFAULT_RULES,
    ) -> None:
        self.players = players
        self.dealer = dealer
        self.stake = stake
        self.draw = draw
        self.winner = winner
        self.win_type = win_type
        self.robbed = robbed
        # the discarder, when the robbed kong was being made from a discard (點槓), not added to a
        # pung: only robbable_kongs: open lets such a kong be robbed (R7)
        self.robbed_from = robbed_from
        self.hand = hand
        self.kongs = kongs
        self.claimed = claimed
        self.rules = rules

    def owns_a_kong(self, player: str | None) -> bool:
        """Whether ``player`` owns one of the kongs (a kong bloom's winner must)."""
        for kong in self.kongs:
            if kong.player == player:
                return True
        return False

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def next_in_seat(self, player: str) -> str:
        """下家: the player after ``player`` in play order East → South → West → North."""
        return self.players[(self.seat(player) + 1) % 4]


class Session(NamedTuple):
    """A sitting of several hands at one table with one set of rules."""

    players: tuple[str, ...]
    hands: tuple[tuple[Record, bool], ...]  # (record, did the hand name its dealer?)
    rules: Rules
    date: str | None = None  # the night's date, YYYY-MM-DD, when the file gives one
    # the gold each player held at the end, as counted on the table (``reconcile``), when given
    held: dict[str, Decimal] | None = None


def is_session(data: Any) -> bool:
    """A session is a mapping with ``hands`` (docs/rules.md, “The files”); anything else is one
    hand record."""
    return isinstance(data, dict) and "hands" in data


def with_dealer(record: Record, dealer: str) -> Record:
    """The same hand dealt by ``dealer`` (a session hand that did not name one)."""
    return record._replace(dealer=dealer)


def same(a: Any, b: Any) -> bool:
    """The same data as written, not only equal: types, keys in order and each number's digits
    (``1``, ``True``, ``1.0`` and ``Decimal("1.00")`` are all equal, and none is the same)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return len(a) == len(b) and all(
            same(ka, kb) and same(va, vb)
            for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True)
        )
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and str(a) == str(b)
