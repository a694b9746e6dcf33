"""Hand patterns (牌型) and their ratios (R4 and the pattern table in docs/rules.md).

A hand is scored on one reading (see :mod:`meizhou_score.hand`); each pattern
is a named predicate over that reading and the hand's tiles. The ratios are
house rules; the table below only holds the names, the shapes and the
``supersedes`` column used when patterns are added or multiplied.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import prod
from typing import Final, NamedTuple

from .hand import (
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Block,
    HouseRules,
    Reading,
    Shape,
    readings,
)
from .tiles import KINDS
from .value import Value


class Pattern(NamedTuple):
    """A pattern (牌型): its id, its English name, its default ratio, and the patterns it
    supersedes. Its Chinese name is the catalog's (i18n/terms.py), by id."""

    id: str
    english: str
    ratio: int  # the default (docs/rules.md)
    supersedes: tuple[str, ...] = ()


PATTERNS: Final[tuple[Pattern, ...]] = (
    Pattern("ordinary", "ordinary hand", 1),
    Pattern("all_pungs", "all pungs", 2, ("ordinary",)),
    Pattern("mixed_one_suit", "mixed one suit", 2, ("ordinary",)),
    Pattern("seven_pairs", "seven pairs", 3),
    Pattern("pure_one_suit", "pure one suit", 4, ("ordinary",)),
    Pattern("mixed_terminals", "mixed terminals", 5, ("ordinary",)),
    Pattern("luxury_seven_pairs", "luxury seven pairs", 6, ("seven_pairs",)),
    Pattern("concealed_pungs", "four concealed pungs", 10, ("all_pungs",)),
    Pattern("all_terminals", "all terminals", 10, ("ordinary",)),
    Pattern("all_honours", "all honours", 10, ("ordinary",)),
    Pattern("thirteen_orphans", "thirteen orphans", 10, ("mixed_terminals",)),
    Pattern(
        "double_luxury_seven_pairs",
        "double luxury seven pairs",
        12,
        ("seven_pairs", "luxury_seven_pairs"),
    ),
    Pattern(
        "triple_luxury_seven_pairs",
        "triple luxury seven pairs",
        18,
        ("seven_pairs", "luxury_seven_pairs", "double_luxury_seven_pairs"),
    ),
    Pattern("four_kongs", "four kongs", 18, ("all_pungs",)),
)
BY_ID: Final[dict[str, Pattern]] = {p.id: p for p in PATTERNS}
TABLE_ORDER: Final[dict[str, int]] = {p.id: n for n, p in enumerate(PATTERNS)}
# 七小對 and its luxury rows, by the number of four-of-a-kinds they hold.
SEVEN_PAIRS_ROWS: Final = (
    "seven_pairs",
    "luxury_seven_pairs",
    "double_luxury_seven_pairs",
    "triple_luxury_seven_pairs",
)
COMBINE_MODES: Final = ("highest", "add", "multiply")
_SHAPE_PRIORITY: Final = {SEVEN_PAIRS: 2, THIRTEEN_ORPHANS: 1, STANDARD: 0}
_NONE9: Final = bytes(9)
_NONE7: Final = bytes(7)
_RUNS: Final = frozenset(
    Block("run", tile) for tile in range(KINDS)
)  # every run (順) a reading can hold: always concealed


class Score(Value):
    """The scored reading of a hand: matched patterns (highest first) and the ratio."""

    _fields = ("reading", "patterns", "ratio")
    __slots__ = _fields

    def __init__(self, reading: Reading, patterns: tuple[str, ...], ratio: int) -> None:
        self.reading = reading
        self.patterns = patterns
        self.ratio = ratio


def tile_patterns(counts: Sequence[int]) -> list[str]:
    """The patterns that look only at the tiles (any shape).

    ``counts`` holds every tile of the hand, melds included.
    """
    b = bytes(counts)
    suits = (b[0:9] != _NONE9) + (b[9:18] != _NONE9) + (b[18:27] != _NONE9)
    honours = b[27:34] != _NONE7
    found = []
    if suits == 1:
        found.append("mixed_one_suit" if honours else "pure_one_suit")
    if not suits:
        found.append("all_honours")
    elif (
        b[1:8] == _NONE7 and b[10:17] == _NONE7 and b[19:26] == _NONE7
    ):  # nothing but 1s and 9s in the suits
        found.append("mixed_terminals" if honours else "all_terminals")
    return found


def shape_patterns(reading: Reading, counts: Sequence[int]) -> list[str]:
    """The patterns that depend on the reading, before ratios are consulted."""
    if reading.shape == SEVEN_PAIRS:
        fours = counts.count(4)
        return [SEVEN_PAIRS_ROWS[min(fours, 3)]]
    if reading.shape == THIRTEEN_ORPHANS:
        return ["thirteen_orphans"]
    if not _RUNS.isdisjoint(reading.blocks):
        return []  # the usual hand, told at C speed
    kinds = [b.kind for b in reading.blocks]
    found = ["all_pungs"]  # 碰碰胡: pungs and kongs only (the pair is always concealed)
    if all(b.concealed for b in reading.blocks):
        found.append("concealed_pungs")  # 坎坎胡
    if "pung" not in kinds:
        found.append("four_kongs")  # 十八羅漢
    return found


def match(
    reading: Reading,
    counts: Sequence[int],
    ratios: Mapping[str, int],
    by_tiles: list[str] | None = None,
) -> list[str]:
    """Every pattern this reading matches under ``ratios`` (a ratio of 0 is never matched).

    ``by_tiles`` is :func:`tile_patterns` of ``counts``, when already known.
    """
    found = []
    for pid in shape_patterns(reading, counts):
        if pid in SEVEN_PAIRS_ROWS:
            # a row turned off falls back to the next smaller luxury row: its
            # four-of-a-kinds then read as two pairs each (R2).
            row = SEVEN_PAIRS_ROWS.index(pid)
            while row > 0 and not ratios[SEVEN_PAIRS_ROWS[row]]:
                row -= 1
            pid = SEVEN_PAIRS_ROWS[row]
        if ratios[pid]:
            found.append(pid)
    if by_tiles is None:
        by_tiles = tile_patterns(counts)
    for pid in by_tiles:  # a loop, not a comprehension: Python 3.11 calls one as a function
        if ratios[pid]:
            found.append(pid)
    if reading.shape == STANDARD and not found and ratios["ordinary"]:
        found.append("ordinary")  # 平胡: nothing else matched
    if len(found) > 1:
        _by_ratio(found, ratios)
    return found


def _by_ratio(found: list[str], ratios: Mapping[str, int]) -> None:
    """Sorts matched patterns the largest ratio first, ties in the table's order. Its own
    function: a key function inside :func:`match` would make ``ratios`` a cell there, read more
    slowly for every reading."""
    found.sort(key=lambda pid: (-ratios[pid], TABLE_ORDER[pid]))


def combine(found: list[str], ratios: Mapping[str, int], mode: str) -> int:
    """The hand's ratio from its matched patterns (``combine`` house rule)."""
    if not found:
        return 0
    if len(found) == 1:
        return ratios[found[0]]  # the usual hand: one pattern, whatever the mode
    return working(found, ratios, mode).ratio


class Working(NamedTuple):
    """How a hand's ratio (倍數) was reached from its matched patterns, for the explanations to
    read."""

    counted: tuple[str, ...]  # the patterns whose ratios make the hand's
    superseded: dict[str, str]  # a matched pattern left out → the pattern that supersedes it
    mode: str  # the combine house rule: highest | add | multiply
    ratio: int


def working(found: Iterable[str], ratios: Mapping[str, int], mode: str) -> Working:
    """The one account of :func:`combine`: which patterns count, which are superseded, and the
    ratio.

    ``found`` is ordered highest ratio first, as :func:`match` orders it.
    """
    found = tuple(found)
    if mode == "highest" or len(found) <= 1:
        counted = found[:1]
        return Working(counted, {}, mode, ratios[counted[0]] if counted else 0)
    superseded = {s: pid for pid in found for s in BY_ID[pid].supersedes if s in found}
    counted = tuple(pid for pid in found if pid not in superseded)
    values = [ratios[pid] for pid in counted]
    return Working(counted, superseded, mode, sum(values) if mode == "add" else prod(values))


def best(
    readings: list[Reading], counts: Sequence[int], ratios: Mapping[str, int], mode: str
) -> Score | None:
    """Score every reading and keep the best (docs/rules.md, the pattern table).

    Highest ratio, then more matched patterns, then seven pairs before
    thirteen orphans before the standard shape, then the first in sorted
    order. None when no reading scores above 0 (not a win).
    """
    if not readings:
        return None
    by_tiles = tile_patterns(counts)
    if len(readings) == 1:  # the usual hand: one reading, nothing to compare
        found = match(readings[0], counts, ratios, by_tiles)
        ratio = combine(found, ratios, mode)
        return Score(readings[0], tuple(found), ratio) if ratio > 0 else None
    top = None
    top_key = None
    for n, reading in enumerate(readings):
        found = match(reading, counts, ratios, by_tiles)
        ratio = combine(found, ratios, mode)
        if ratio <= 0:
            continue
        key = (ratio, len(found), _SHAPE_PRIORITY[reading.shape], -n)
        if top_key is None or key > top_key:
            top, top_key = Score(reading, tuple(found), ratio), key
    return top


def score(hand: Shape, rules: HouseRules) -> tuple[Score | None, list[Reading]]:
    """The hand's best-scoring reading under ``rules`` (None: not a win), and every reading it
    has."""
    found = readings(hand.concealed, hand.melds, rules.seven_pairs, rules.thirteen_orphans)
    return best(found, hand.every, rules.patterns, rules.combine), found
