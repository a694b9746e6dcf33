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
"""

from __future__ import annotations

import marshal
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import NamedTuple
import os

from .tiles import COPIES, KINDS, TERMINALS_AND_HONOURS, format_indices

# A set inside one group (a suit or the honours): (kind, rank), kind one of
PAIR, PUNG, RUN = 0, 1, 2
# Where each group starts in the 34-slot count list, and its size.
GROUPS = ((0, 9), (9, 9), (18, 9), (27, 7))

STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS = "standard", "seven_pairs", "thirteen_orphans"


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


class Reading(NamedTuple):
    """One way of reading a winning hand: its shape and its blocks in tile order."""

    shape: str
    blocks: tuple[Block, ...]

    def notation(self) -> list[str]:
        return [str(b) for b in self.blocks]


# Precomputed tables shipped with the package (see build_tables); rebuilt if absent.
TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_tables.marshal")
TABLE_VERSION = 1


def _enumerate_complete(size: int, runs: bool) -> dict[bytes, int]:
    """Every group of up to four sets and at most one pair: key -> number of pairs (0 or 1)."""
    kinds = [(PUNG, r) for r in range(size)]
    if runs:
        kinds += [(RUN, r) for r in range(size - 2)]
    complete: dict[bytes, int] = {}
    for n_sets in range(5):
        for sets in combinations_with_replacement(kinds, n_sets):
            base = [0] * size
            for kind, r in sets:
                if kind == PUNG:
                    base[r] += 3
                else:
                    base[r] += 1
                    base[r + 1] += 1
                    base[r + 2] += 1
            if max(base, default=0) > COPIES:
                continue
            complete[bytes(base)] = 0
            for pair in range(size):
                if base[pair] + 2 <= COPIES:
                    base[pair] += 2
                    complete[bytes(base)] = 1
                    base[pair] -= 2
    return complete


def build_tables() -> tuple[dict[bytes, int], dict[bytes, int]]:
    """(suit table, honour table), enumerated from scratch (about 0.2 s)."""
    return _enumerate_complete(9, runs=True), _enumerate_complete(7, runs=False)


def write_tables(path: str = TABLE_FILE) -> None:
    """Regenerate the shipped table file: ``python -m meizhou_score.hand``."""
    with open(path, "wb") as handle:
        handle.write(marshal.dumps((TABLE_VERSION, *build_tables())))


@lru_cache(maxsize=None)
def tables() -> tuple[dict[bytes, int], dict[bytes, int]]:
    """(suit table, honour table), loaded once from the shipped file (about 2 ms)."""
    try:
        with open(TABLE_FILE, "rb") as handle:
            version, suit, honour = marshal.loads(handle.read())
        if version == TABLE_VERSION and isinstance(suit, dict) and isinstance(honour, dict):
            return suit, honour
    except (OSError, ValueError, EOFError, TypeError):
        pass
    return build_tables()


@lru_cache(maxsize=None)
def group_readings(key: bytes, runs: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to read one group (a suit, or the honours) as sets and at most one pair.

    Memoised per key: each distinct group is enumerated once, then looked up.
    """
    out: set[tuple[tuple[int, int], ...]] = set()
    counts = list(key)

    def walk(start: int, blocks: list, pair_used: bool) -> None:
        r = start
        while r < len(counts) and not counts[r]:
            r += 1
        if r == len(counts):
            out.add(tuple(sorted(blocks, key=_block_order)))
            return
        if counts[r] >= 2 and not pair_used:
            counts[r] -= 2
            walk(r, blocks + [(PAIR, r)], True)
            counts[r] += 2
        if counts[r] >= 3:
            counts[r] -= 3
            walk(r, blocks + [(PUNG, r)], pair_used)
            counts[r] += 3
        if runs and r + 2 < len(counts) and counts[r + 1] and counts[r + 2]:
            for k in (r, r + 1, r + 2):
                counts[k] -= 1
            walk(r, blocks + [(RUN, r)], pair_used)
            for k in (r, r + 1, r + 2):
                counts[k] += 1

    walk(0, [], False)
    return tuple(sorted(out))


def _block_order(block: tuple[int, int]) -> tuple[int, int]:
    # tile order of the first tile; a pung (111) before a run (123) from the same tile
    return (block[1], block[0])


def _keys(counts) -> tuple[bytes, bytes, bytes, bytes]:
    b = bytes(counts)
    return b[0:9], b[9:18], b[18:27], b[27:34]


def is_standard(counts) -> bool:
    """Pair + sets (the melds already taken out): four table look-ups."""
    complete, honour = tables()
    b = bytes(counts)
    m = complete.get(b[0:9])
    if m is None:
        return False
    p = complete.get(b[9:18])
    if p is None:
        return False
    s = complete.get(b[18:27])
    if s is None:
        return False
    z = honour.get(b[27:34])
    if z is None:
        return False
    return m + p + s + z == 1


def is_seven_pairs(counts) -> bool:
    """七小對: fourteen tiles, every kind held 0, 2 or 4 times."""
    return sum(counts) == 14 and all(c in (0, 2, 4) for c in counts)


def is_thirteen_orphans(counts) -> bool:
    """十三幺: each terminal and honour once, one of them twice, nothing else."""
    if sum(counts) != 14:
        return False
    return all(counts[i] >= 1 for i in TERMINALS_AND_HONOURS) and sum(counts[i] for i in TERMINALS_AND_HONOURS) == 14


def is_win_counts(counts, seven_pairs: bool = True, thirteen_orphans: bool = True) -> bool:
    """Win test on the concealed tiles' counts (melds taken out)."""
    if is_standard(counts):
        return True
    if sum(counts) == 14:
        if seven_pairs and is_seven_pairs(counts):
            return True
        if thirteen_orphans and is_thirteen_orphans(counts):
            return True
    return False


def standard_readings(counts, melds: tuple[Block, ...] = ()) -> list[Reading]:
    """Every reading of the standard shape, melds included, sorted."""
    per_group = []
    for g, key in enumerate(_keys(counts)):
        start = GROUPS[g][0]
        found = group_readings(key, g < 3)
        if not found:
            return []
        per_group.append([tuple(_to_block(kind, start + r) for kind, r in reading) for reading in found])
    out = []
    for combo in product(*per_group):
        blocks = [b for group in combo for b in group]
        if sum(b.kind == "pair" for b in blocks) != 1:
            continue
        out.append(Reading(STANDARD, _arrange(blocks + list(melds))))
    out.sort(key=_reading_key)
    return out


_KIND_NAMES = {PAIR: "pair", PUNG: "pung", RUN: "run"}


def _to_block(kind: int, tile: int) -> Block:
    return Block(_KIND_NAMES[kind], tile)


def _arrange(blocks) -> tuple[Block, ...]:
    """Sets in tile order, the pair last (pair + four sets)."""
    sets = sorted((b for b in blocks if b.kind != "pair"), key=lambda b: b.indices)
    pairs = [b for b in blocks if b.kind == "pair"]
    return tuple(sets + pairs)


def _reading_key(reading: Reading):
    return [b.indices for b in reading.blocks]


def seven_pairs_reading(counts) -> Reading:
    blocks = []
    for i, n in enumerate(counts):
        blocks += [Block("pair", i)] * (n // 2)
    return Reading(SEVEN_PAIRS, tuple(blocks))


def thirteen_orphans_reading(counts) -> Reading:
    pair = next(i for i in TERMINALS_AND_HONOURS if counts[i] == 2)
    singles = tuple(Block("pair" if i == pair else "single", i) for i in TERMINALS_AND_HONOURS)
    return Reading(THIRTEEN_ORPHANS, singles)


def readings(counts, melds: tuple[Block, ...] = (), seven_pairs: bool = True,
             thirteen_orphans: bool = True) -> list[Reading]:
    """Every reading of a hand: seven pairs, then thirteen orphans, then standard.

    ``counts`` are the concealed tiles; ``melds`` the exposed pungs and kongs.
    """
    out = []
    if not melds and sum(counts) == 14:
        if seven_pairs and is_seven_pairs(counts):
            out.append(seven_pairs_reading(counts))
        if thirteen_orphans and is_thirteen_orphans(counts):
            out.append(thirteen_orphans_reading(counts))
    out += standard_readings(counts, melds)
    return out


def waits_counts(counts, seven_pairs: bool = True, thirteen_orphans: bool = True) -> list[int]:
    """The tiles that complete a hand one short (聽牌), in tile order.

    A tile already held four times is not a wait. For the standard shape every
    group but one must already be complete (a table look-up each); the tiles
    of the remaining group that make it complete are then looked up too.
    """
    suit, honour = tables()
    keys = _keys(counts)
    tabs = (suit, suit, suit, honour)
    complete = [tab.get(k) for tab, k in zip(tabs, keys)]
    found: list[int] = []
    missing = [g for g in range(4) if complete[g] is None]
    candidates = missing if len(missing) == 1 else (range(4) if not missing else ())
    for g in candidates:
        others = sum(complete[h] for h in range(4) if h != g)
        start, size = GROUPS[g]
        key = bytearray(keys[g])
        table = tabs[g]
        for rank in range(size):
            if key[rank] >= COPIES:
                continue
            key[rank] += 1
            pairs = table.get(bytes(key))
            key[rank] -= 1
            if pairs is not None and others + pairs == 1:
                found.append(start + rank)
    if sum(counts) == 13:
        if seven_pairs:
            odd = [i for i, n in enumerate(counts) if n % 2]
            if len(odd) == 1:
                found.append(odd[0])
        if thirteen_orphans and sum(counts[i] for i in TERMINALS_AND_HONOURS) == 13:
            held = [i for i in TERMINALS_AND_HONOURS if counts[i]]
            if len(held) == 13:
                found.extend(TERMINALS_AND_HONOURS)
            elif len(held) == 12:
                found.extend(i for i in TERMINALS_AND_HONOURS if not counts[i])
    return sorted({i for i in found if counts[i] < COPIES})


if __name__ == "__main__":  # pragma: no cover
    write_tables()
    print(f"wrote {TABLE_FILE}")
