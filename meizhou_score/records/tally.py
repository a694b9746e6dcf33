"""The tile tally (R1) and the count rule: the two checks every hand must pass before it is scored.

* R1 — there are four of each tile (四張): the concealed tiles, the pungs (3
  each), the kongs (4 each) and, for a robbed kong (R7), the robbed player's
  pung (3) together may not hold a fifth copy.
* The count rule — a winning hand is 14 tiles, each pung and kong counting as 3.

Record validation, the answers typed at ``record`` and ``check`` all ask here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..engine.tiles import COPIES, KINDS

HAND_SIZE: Final = 14  # 十四張: a winning hand, each pung and kong counted as three


def tally(
    concealed: bytes | Iterable[int] = bytes(KINDS),
    pungs: Iterable[int] = (),
    kongs: Iterable[int] = (),
    robbed: int | None = None,
) -> list[int]:
    """Copies of each tile kind (34 counts) held by the whole hand: ``concealed`` counts, pung and
    kong tiles.

    ``robbed`` is the robbed tile of a robbed kong: the robbed player's pung holds three more of it.
    """
    counts = list(concealed)
    for tile in pungs:
        counts[tile] += 3
    for tile in kongs:
        counts[tile] += 4
    if robbed is not None:
        counts[robbed] += 3
    return counts


def fifth_copy(counts: Iterable[int]) -> int | None:
    """The first tile kind held more than four times (R1), or None."""
    if max(counts) <= COPIES:
        return None
    return next(tile for tile, n in enumerate(counts) if n > COPIES)


def hand_size(concealed: int, sets: int) -> int:
    """The count rule's figure: the concealed tiles plus 3 for each pung and kong (14 for a winning
    hand)."""
    return concealed + 3 * sets
