"""The hot core: win test, every reading of a hand, and waits (聽牌).

A winning hand (胡牌) is one of three shapes (R2):

* standard — one pair (將頭) and four sets, each a run (順子) of one suit or a
  triplet (刻子); exposed pungs (碰) and kongs (槓) count as sets;
* seven pairs (七小對) — fourteen concealed tiles in pairs, four identical tiles
  counting as two pairs;
* thirteen orphans (十三幺) — one of each terminal and honour, one of them twice.

Speed comes from tables built once: every combination of up to four sets and
at most one pair inside one suit (and inside the honours, which form only
triplets and pairs) is enumerated in advance and stored under the group's
counts as a ``bytes`` key (``_tables.marshal``, shipped with the package and
loaded in about 2 ms). The win test is then four dictionary look-ups, and the
waits of a 13-tile hand a few look-ups in the one incomplete group — no
recursion per call. The readings of one group are enumerated once per
distinct group and memoised.

Every function here takes a hand as :data:`Counts` (``bytes`` of 34 counts);
:class:`Shape` is the winner's hand as scoring sees it, built once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from operator import itemgetter
from typing import Final, NamedTuple, Protocol

from .memo import Memo
from .tables import GROUPS, NO_PAIR, PAIR, PUNG, RUN, group_readings, pack, shipped_readings, tables
from .tiles import COPIES, KINDS, TERMINALS_AND_HONOURS, format_indices
from .value import Value

Counts = bytes
"""A hand inside the hot core: 34 counts, one byte per tile kind (index 0–33), made once at the
boundary."""


STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"


class HouseRules(Protocol):
    """What the engine reads of the house rules (``records.rules.Rules`` has it; no import up)."""

    @property
    def seven_pairs(self) -> bool: ...

    @property
    def thirteen_orphans(self) -> bool: ...

    @property
    def patterns(self) -> Mapping[str, int]: ...

    @property
    def combine(self) -> str: ...


class Block(NamedTuple):
    """One part of a reading: a pair (將), a run (順), a pung (刻/碰) or a kong (槓).

    ``tile`` is the index of the lowest tile; ``concealed`` is False for an
    exposed pung (碰) and for added or exposed kongs.
    """

    kind: str  # "pair" | "run" | "pung" | "kong" | "single" (十三幺 only)
    tile: int
    concealed: bool = True

    @property
    def indices(self) -> tuple[int, ...]:
        t = self.tile
        if self.kind == "run":
            return (t, t + 1, t + 2)
        return (t,) * {"single": 1, "pair": 2, "pung": 3, "kong": 4}[self.kind]

    def __str__(self) -> str:
        return format_indices(self.indices)


GroupReadings = tuple[tuple[tuple[Block, ...], Block | None], ...]
"""One group's readings: each its sets in tile order and its pair (None: the pair is elsewhere)."""

_PAIRS: Final = tuple(Block("pair", i) for i in range(KINDS))
EXPOSED_PUNGS: Final = tuple(Block("pung", i, False) for i in range(KINDS))  # 碰, by tile
KONGS: Final = (
    tuple(Block("kong", i, False) for i in range(KINDS)),  # 明槓 (exposed or added), by tile
    tuple(Block("kong", i, True) for i in range(KINDS)),
)  # 暗槓, by tile


class Reading(Value):
    """One way of reading a winning hand: its shape and its blocks in tile order."""

    _fields = ("shape", "blocks")
    __slots__ = _fields

    def __init__(self, shape: str, blocks: tuple[Block, ...]) -> None:
        self.shape = shape
        self.blocks = blocks

    def notation(self) -> list[str]:
        return [str(b) for b in self.blocks]


class Shape(Value):
    """The winner's hand as scoring sees it, built once: concealed counts, melds, every tile's
    count."""

    _fields = ("concealed", "melds", "every")
    __slots__ = _fields

    def __init__(self, concealed: Counts, melds: tuple[Block, ...], every: Counts) -> None:
        self.concealed = concealed  # the concealed tiles, winning tile included
        self.melds = melds  # exposed pungs (碰) and kongs (槓)
        self.every = every  # all tiles of the hand, melds included (a kong counts its four)


def shape(concealed: Counts, melds: tuple[Block, ...] = ()) -> Shape:
    """The :class:`Shape` of concealed counts and melds."""
    if not melds:
        return Shape(concealed, (), concealed)
    every = bytearray(concealed)
    for block in melds:
        every[block.tile] += 4 if block.kind == "kong" else 3
    return Shape(concealed, melds, bytes(every))


def with_tile(hand: Shape, tile: int) -> Shape:
    """The same hand with one more concealed ``tile`` (a wait tried out)."""
    concealed, every = bytearray(hand.concealed), bytearray(hand.every)
    concealed[tile] += 1
    every[tile] += 1
    return Shape(bytes(concealed), hand.melds, bytes(every))


def _seven_pairs(b: bytes) -> bool:
    """七小對: fourteen tiles, every kind held 0, 2 or 4 times."""
    return not b.count(1) and not b.count(3) and sum(b) == 14 and max(b) <= COPIES


_NO_TILES: Final = bytes(7)


def _thirteen_orphans(b: bytes) -> bool:
    """十三幺: each terminal and honour once, one of them twice, nothing else."""
    # nothing between the terminals of each suit, fourteen tiles, all thirteen kinds held
    return (
        b[1:8] == _NO_TILES
        and b[10:17] == _NO_TILES
        and b[19:26] == _NO_TILES
        and sum(b) == 14
        and all(b[i] for i in TERMINALS_AND_HONOURS)
    )


def is_win_counts(
    counts: Sequence[int], seven_pairs: bool = True, thirteen_orphans: bool = True
) -> bool:
    """Win test on the concealed tiles' counts (melds taken out).

    The honours are looked at first: in most hands that do not win, an odd
    honour rules out the standard shape and seven pairs, and a missing one
    thirteen orphans, before the rest of the hand is even converted.
    """
    h = counts[27:34]
    if 1 in h and 0 in h:
        # a single honour rules out pair + sets and seven pairs; a missing one 十三幺
        return False
    suit, honour = tables()
    h = bytes(h)
    z = honour.get(h)
    if z is not None:
        b = bytes(counts[0:27])
        m = suit.get(b[0:9])
        if m is not None:
            p = suit.get(b[9:18])
            if p is not None:
                s = suit.get(b[18:27])
                if s is not None and m + p + s + z == 1:
                    return True
    elif (h.count(1) or h.count(3)) and 0 in h:
        return False  # the standard shape failed; seven pairs and thirteen orphans cannot hold
    b = bytes(counts)
    return bool((seven_pairs and _seven_pairs(b)) or (thirteen_orphans and _thirteen_orphans(b)))


# Memoised per group (0-2 a suit, 3 the honours): the group's counts -> its readings / waits.
# 1 << 16 holds every complete suit (21,743) and as many incomplete ones again.
_BLOCKS: Final[tuple[Memo[bytes, GroupReadings], ...]] = tuple(
    Memo(f"readings.{g}", 1 << 16, "the readings of one suit or the honours") for g in "mpsz"
)
GroupWaits = tuple[tuple[int, int], ...]  # (rank, pairs after) for each tile completing a group
_WAITS: Final[tuple[Memo[bytes, GroupWaits], Memo[bytes, GroupWaits]]] = (
    Memo("waits.suit", 1 << 17, "the tiles that complete one suit"),
    Memo("waits.honours", 1 << 12, "the tiles that complete the honours"),
)


def _group_blocks(key: bytes, group: int) -> GroupReadings:
    """The readings of one group as (sets in tile order, pair or None), memoised."""
    memo = _BLOCKS[group]
    found = memo.get(key)
    if found is None:
        shipped = shipped_readings()
        packed = shipped[group == 3].get(key) if shipped is not None else None
        if packed is None:
            searched = group_readings(key, group < 3)
            if not searched:
                return memo.remember(key, ())  # not pair + sets (seven pairs, say)
            packed = pack(searched)  # an empty group packs as one empty reading
        blocks = _BY_BYTE[group]
        sets = blocks.__getitem__
        found = memo.remember(
            key,
            tuple(
                [
                    (
                        tuple(map(sets, reading[1:])),
                        blocks[reading[0]] if reading[0] != NO_PAIR else None,
                    )
                    for reading in packed.split(b"\xff")
                ]
            ),
        )
    return found


def _standard_readings(b: bytes, melds: tuple[Block, ...]) -> list[Reading]:
    """Every reading of the standard shape (``b`` the concealed counts), melds included, sorted."""
    m, p, s, z = b[0:9], b[9:18], b[18:27], b[27:34]
    gm = _group_blocks(m, 0)
    gp = _group_blocks(p, 1)
    gs = _group_blocks(s, 2)
    gz = _group_blocks(z, 3)
    if len(gm) == len(gp) == len(gs) == len(gz) == 1:
        # the common hand: one reading per group, already in tile order; no combinations to try
        ((s0, p0),) = gm
        ((s1, p1),) = gp
        ((s2, p2),) = gs
        ((s3, p3),) = gz
        if (p0 is None) + (p1 is None) + (p2 is None) + (p3 is None) != 3:
            return []
        pair = p0 or p1 or p2 or p3  # the one group that holds the pair
        assert pair is not None, "three groups without a pair leave it to the fourth"
        if melds:
            sets = tuple(sorted((*s0, *s1, *s2, *s3, *melds), key=_tile_order))
            return [Reading(STANDARD, (*sets, pair))]
        return [Reading(STANDARD, (*s0, *s1, *s2, *s3, pair))]
    if not (gm and gp and gs and gz):
        return []  # a group that is not pair + sets
    out = []
    for combo in product(gm, gp, gs, gz):
        pairs = [pair for _, pair in combo if pair is not None]
        if len(pairs) != 1:
            continue
        sets = combo[0][0] + combo[1][0] + combo[2][0] + combo[3][0]  # already in tile order
        if melds:
            sets = tuple(sorted(sets + tuple(melds), key=_tile_order))
        out.append(Reading(STANDARD, sets + (pairs[0],)))
    if len(out) > 1:
        out.sort(key=_reading_key)
    return out


# One Block per concealed pung and run, by kind and first tile: readings share them.
_CONCEALED_SETS: Final = {
    PUNG: tuple(Block("pung", i) for i in range(KINDS)),
    RUN: tuple(Block("run", i) for i in range(KINDS)),
}


# Each group's Blocks by packed byte (kind × 16 + rank), for reading packed readings.
_BY_BYTE: Final = tuple(
    {
        kind * 16 + rank: (_PAIRS if kind == PAIR else _CONCEALED_SETS[kind])[start + rank]
        for kind in (PAIR, PUNG, RUN)
        for rank in range(size)
        if kind != RUN or rank + 2 < size
    }
    for start, size in GROUPS
)

# Sets in tile order; a pung or kong (111) before a run (123) from the same tile:
# (tile, kind) does it, as "kong" and "pung" sort before "run".
_tile_order: Final = itemgetter(1, 0)


def _reading_key(reading: Reading) -> list[tuple[int, ...]]:
    return [b.indices for b in reading.blocks]


def seven_pairs_reading(counts: Sequence[int]) -> Reading:
    pairs = []  # a loop, not a generator: Python 3.11 runs a generator as a frame of its own
    for i, n in enumerate(counts):
        if n:
            for _ in range(n // 2):
                pairs.append(_PAIRS[i])
    return Reading(SEVEN_PAIRS, tuple(pairs))


def thirteen_orphans_reading(counts: Sequence[int]) -> Reading:
    pair = next(i for i in TERMINALS_AND_HONOURS if counts[i] == 2)
    singles = tuple(Block("pair" if i == pair else "single", i) for i in TERMINALS_AND_HONOURS)
    return Reading(THIRTEEN_ORPHANS, singles)


def readings(
    counts: Counts,
    melds: tuple[Block, ...] = (),
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
) -> list[Reading]:
    """Every reading of a hand: seven pairs, then thirteen orphans, then standard.

    ``counts`` are the concealed tiles; ``melds`` the exposed pungs and kongs.
    """
    b = counts
    if melds or (b.count(1) and b[1:8] != _NO_TILES):
        return _standard_readings(
            b, melds
        )  # neither seven pairs (a single) nor 十三幺 (a middle tile)
    out = []
    if seven_pairs and _seven_pairs(b):
        out.append(seven_pairs_reading(counts))
    if thirteen_orphans and _thirteen_orphans(b):
        out.append(thirteen_orphans_reading(counts))
    return out + _standard_readings(b, melds) if out else _standard_readings(b, melds)


def _group_waits(key: bytes, honours: bool) -> GroupWaits:
    """(rank, pairs after) for each tile that completes this group, memoised."""
    memo = _WAITS[honours]
    found = memo.get(key)
    if found is None:
        table = tables()[honours]
        k = bytearray(key)
        out = []
        for rank in range(len(k)):
            # a tile can complete a group only beside what it holds: the same tile, or (in a suit)
            # within two
            if k[rank] < COPIES and (
                k[rank] if honours else any(key[rank - 2 if rank > 1 else 0 : rank + 3])
            ):
                k[rank] += 1
                pairs = table.get(bytes(k))
                k[rank] -= 1
                if pairs is not None:
                    out.append((rank, pairs))
        found = memo.remember(key, tuple(out))  # bounded: any 13 tiles may be asked about
    return found


def waits_counts(
    counts: Sequence[int], seven_pairs: bool = True, thirteen_orphans: bool = True
) -> list[int]:
    """The tiles that complete a hand one short (聽牌), in tile order.

    A tile already held four times is not a wait. For the standard shape every
    group but one must already be complete (a table look-up each); the waits
    of the remaining group are looked up in its memoised list.
    """
    suit, honour = tables()
    b = bytes(counts)
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    complete = (suit.get(keys[0]), suit.get(keys[1]), suit.get(keys[2]), honour.get(keys[3]))
    missing = complete.count(None)
    found: list[int] = []
    if missing <= 1:
        for g in range(4):
            if missing and complete[g] is not None:
                continue
            others = sum(complete[h] or 0 for h in range(4) if h != g)  # each complete: its pairs
            start = GROUPS[g][0]
            for rank, pairs in _group_waits(keys[g], g == 3):
                if others + pairs == 1:
                    found.append(start + rank)
    if seven_pairs and b.count(1) + b.count(3) == 1 and sum(b) == 13:
        found.append(b.index(1) if b.count(1) else b.index(3))
    if (
        thirteen_orphans
        and b[1:8] == _NO_TILES
        and b[10:17] == _NO_TILES
        and b[19:26] == _NO_TILES
        and sum(b) == 13
    ):
        held = [i for i in TERMINALS_AND_HONOURS if b[i]]
        if len(held) == 13:
            found.extend(TERMINALS_AND_HONOURS)
        elif len(held) == 12:
            found.extend(i for i in TERMINALS_AND_HONOURS if not b[i])
    if len(found) > 1:
        found = sorted(set(found))
    return [i for i in found if b[i] < COPIES]
