"""How far tiles are from waiting (向聽, shanten), and which discards bring them closest.

Shanten is the number of tiles a hand must still draw to the right places,
one exchange at a time, before it waits (聽牌): 0 is waiting, -1 is a win.
The standard shape counts each suit's sets, partial sets (two of a run, or a
pair beyond the eyes) and eyes; seven pairs counts pairs (a four of a kind is
two pairs, as the rules say); thirteen orphans counts its thirteen kinds.
Only shapes the house rules allow are counted; patterns are not consulted.
"""

from __future__ import annotations

from typing import NamedTuple

from .hand import HouseRules
from .memo import Memo

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_GROUPS = (
    (0, 9, False),
    (9, 18, False),
    (18, 27, False),
    (27, 34, True),
)  # three suits, then the honours

_SUIT_OPTIONS: Memo[tuple[bytes, bool], tuple[tuple[int, int, int], ...]] = Memo(
    "distance.suits", 8192, "one suit's (sets, partial sets, eyes) combinations, by its counts"
)


def _options(counts: bytes, honours: bool) -> tuple[tuple[int, int, int], ...]:
    """Every undominated (sets, partial sets, eyes) one suit's tiles can make."""
    key = (counts, honours)
    found = _SUIT_OPTIONS.get(key)
    if found is None:
        out = _parts(tuple(counts), honours)
        found = _SUIT_OPTIONS.remember(
            key,
            tuple(
                o
                for o in out
                if not any(p != o and p[0] >= o[0] and p[1] >= o[1] and p[2] >= o[2] for p in out)
            ),
        )
    return found


_PARTS: Memo[tuple[tuple[int, ...], bool], frozenset[tuple[int, int, int]]] = Memo(
    "distance.parts", 1 << 16, "what the rest of one suit can make, by the counts still to place"
)


def _parts(c: tuple[int, ...], honours: bool) -> frozenset[tuple[int, int, int]]:
    """Every (sets, partial sets, eyes ≤ 1) the tiles ``c`` can make, each remainder worked out
    once.

    From the lowest tile held: a pung, a run, a pair (as the eyes or as a partial set), two of a
    run (a partial set), or the tile left to help nothing. A dense suit reaches the same remainder
    by many paths; remembering each remainder's answer makes the search polynomial where it was
    exponential.
    """
    key = (c, honours)
    found = _PARTS.get(key)
    if found is not None:
        return found
    i = next((k for k, n in enumerate(c) if n), None)
    if i is None:
        return _PARTS.remember(key, frozenset({(0, 0, 0)}))
    out: set[tuple[int, int, int]] = set()

    def less(*taken: int) -> tuple[int, ...]:
        rest = list(c)
        for k in taken:
            rest[k] -= 1
        return tuple(rest)

    if c[i] >= 3:
        out |= {(s + 1, p, e) for s, p, e in _parts(less(i, i, i), honours)}
    runs = not honours
    if runs and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        out |= {(s + 1, p, e) for s, p, e in _parts(less(i, i + 1, i + 2), honours)}
    if c[i] >= 2:
        rest = _parts(less(i, i), honours)
        out |= {(s, p, 1) for s, p, e in rest if not e}  # the pair as the eyes
        out |= {(s, p + 1, e) for s, p, e in rest}  # or as a partial set
    for step in (1, 2):
        if runs and i + step < len(c) and c[i + step]:
            out |= {(s, p + 1, e) for s, p, e in _parts(less(i, i + step), honours)}
    out |= _parts(less(i), honours)  # a tile that helps nothing
    return _PARTS.remember(key, frozenset(out))


def standard(counts: bytes, melds: int) -> int:
    """Shanten of the pair-and-four-sets shape, ``melds`` sets already exposed."""
    states = {(melds, 0, 0)}
    for start, end, honours in _GROUPS:
        part = bytes(counts[start:end])
        if not any(part):
            continue
        states = {
            (s + a, p + b, min(e + f, 1))
            for s, p, e in states
            for a, b, f in _options(part, honours)
            if e + f <= 1
        }
    best = 8
    for sets, partials, eyes in states:
        best = min(best, 8 - 2 * sets - min(partials, 4 - sets) - eyes)
    return best


def seven_pairs(counts: bytes) -> int:
    """Shanten of seven pairs, a four of a kind counting as two pairs (R2)."""
    return 6 - min(7, sum(n // 2 for n in counts))


def thirteen_orphans(counts: bytes) -> int:
    held = [counts[t] for t in _ORPHANS]
    return 13 - sum(1 for n in held if n) - (1 if any(n >= 2 for n in held) else 0)


def shanten(counts: bytes, melds: int, rules: HouseRules) -> int:
    """The fewest exchanges before ``counts`` (concealed tiles) wait, over the shapes the rules
    allow."""
    best = standard(counts, melds)
    if not melds:
        if rules.seven_pairs:
            best = min(best, seven_pairs(counts))
        if rules.thirteen_orphans:
            best = min(best, thirteen_orphans(counts))
    return best


class Discard(NamedTuple):
    """A tile to let go of, and what the hand then needs (打牌)."""

    tile: int
    shanten: int  # after the discard
    useful: tuple[
        int, ...
    ]  # the tiles that would bring the hand one step closer (or win, when waiting)
    count: int  # type: ignore[assignment]  # copies not in sight (shadows tuple.count, unused)


def useful(
    counts: bytes, melds: int, seen: bytes, rules: HouseRules
) -> tuple[tuple[int, ...], int, int]:
    """(tiles that lower the shanten, copies of them left, the shanten) for 13 concealed tiles
    (less melds)."""
    now = shanten(counts, melds, rules)
    held = bytearray(counts)
    tiles, left = [], 0
    for t in range(34):
        if seen[t] >= 4:
            continue
        held[t] += 1
        if shanten(bytes(held), melds, rules) < now:
            tiles.append(t)
            left += 4 - seen[t]
        held[t] -= 1
    return tuple(tiles), left, now


def best_discards(counts: bytes, melds: int, seen: bytes, rules: HouseRules) -> list[Discard]:
    """The discards from 14 tiles that leave the lowest shanten, the most useful copies first."""
    held = bytearray(counts)
    found = []
    for t in range(34):
        if not held[t]:
            continue
        held[t] -= 1
        tiles, left, after = useful(bytes(held), melds, seen, rules)
        found.append(Discard(t, after, tiles, left))
        held[t] += 1
    low = min(d.shanten for d in found)
    return sorted((d for d in found if d.shanten == low), key=lambda d: (-d.count, d.tile))
