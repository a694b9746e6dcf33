"""The shipped tables (牌表): every complete group of one suit or the honours, built once and
loaded in ~2 ms.

Every combination of up to four sets and at most one pair inside one suit
(and inside the honours, which form only triplets and pairs) is enumerated in
advance and stored under the group's counts as a ``bytes`` key
(``_tables.marshal``); the readings of every complete group are shipped too
(``_readings.marshal``), for bulk work. This module builds them (at release
time: ``python -m meizhou_score.engine.tables``) and loads them (at run time);
:mod:`.hand` asks them its questions.
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import Final

from .tiles import COPIES

# A set inside one group (a suit or the honours): (kind, rank), kind one of
PAIR, PUNG, RUN = 0, 1, 2
# Where each group starts in the 34-slot count list, and its size.
GROUPS = ((0, 9), (9, 9), (18, 9), (27, 7))

# Precomputed tables shipped with the package (see build_tables); rebuilt if absent.
TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_tables.marshal")
TABLE_VERSION = 2


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


def write_tables(path: str = TABLE_FILE, readings_path: str | None = None) -> None:
    """Regenerate the shipped table files: ``python -m meizhou_score.engine.tables``."""
    with open(path, "wb") as handle:
        handle.write(marshal.dumps((TABLE_VERSION, *build_tables())))
    with open(readings_path or READINGS_FILE, "wb") as handle:
        handle.write(marshal.dumps((TABLE_VERSION, *build_readings())))


# The readings of every complete group, shipped too, for bulk work: a hand seen for the first time
# is then read by look-up, not by search. Each group's readings are packed in bytes: the pair's byte
# (its rank, or 0xFE for none) then a byte a set (kind × 16 + rank), readings apart by 0xFF; one
# file
# of about 0.5 MB.
READINGS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_readings.marshal")
_SHIPPED: tuple[dict[bytes, bytes], dict[bytes, bytes]] | None = None


def shipped_readings() -> tuple[dict[bytes, bytes], dict[bytes, bytes]] | None:
    """The shipped readings once :func:`preload_readings` has loaded them, else None (then they are
    searched)."""
    return _SHIPPED


def pack(readings: Iterable[tuple[tuple[int, int], ...]]) -> bytes:
    """Readings as bytes: each its pair's byte (or 0xFE, none) then its sets' bytes in tile order;
    0xFF apart."""
    return b"\xff".join(
        bytes(
            [next((rank for kind, rank in reading if kind == PAIR), NO_PAIR)]
            + [kind * 16 + rank for kind, rank in reading if kind != PAIR]
        )
        for reading in readings
    )


NO_PAIR: Final = 0xFE


def build_readings() -> tuple[dict[bytes, bytes], dict[bytes, bytes]]:
    """(suit readings, honour readings) of every complete group, packed, from scratch (about 0.4
    s)."""
    suit, honour = build_tables()
    return (
        {key: pack(group_readings(key, True)) for key in suit},
        {key: pack(group_readings(key, False)) for key in honour},
    )


def preload_readings() -> None:
    """Load the shipped readings (bulk mode and the benchmarks do; ``settle`` of one hand does
    not)."""
    global _SHIPPED
    if _SHIPPED is None:
        try:
            with open(READINGS_FILE, "rb") as handle:
                version, suit, honour = marshal.loads(handle.read())
            if version == TABLE_VERSION and isinstance(suit, dict) and isinstance(honour, dict):
                _SHIPPED = suit, honour
        except (OSError, ValueError, EOFError, TypeError):
            # without the file, readings are searched for, as before: slower at first sight only
            pass


_TABLES: tuple[dict[bytes, int], dict[bytes, int]] | None = None


def tables() -> tuple[dict[bytes, int], dict[bytes, int]]:
    """(suit table, honour table), loaded once from the shipped file (about 2 ms)."""
    global _TABLES
    if _TABLES is None:
        try:
            with open(TABLE_FILE, "rb") as handle:
                version, suit, honour = marshal.loads(handle.read())
            if (
                version != TABLE_VERSION
                or not isinstance(suit, dict)
                or not isinstance(honour, dict)
            ):
                raise ValueError("stale table file")
            _TABLES = suit, honour
        except (OSError, ValueError, EOFError, TypeError):
            _TABLES = build_tables()
    return _TABLES


def group_readings(key: bytes, runs: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to read one group (a suit, or the honours) as sets and at most one pair.

    Enumerated afresh: :func:`_group_blocks` remembers the result per group.
    """
    out: set[tuple[tuple[int, int], ...]] = set()
    counts = list(key)

    def walk(start: int, blocks: list[tuple[int, int]], pair_used: bool) -> None:
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


if __name__ == "__main__":  # pragma: no cover
    write_tables()
    print(f"wrote {TABLE_FILE}")
