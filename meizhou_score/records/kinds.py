"""The kinds a hand's record names, where code compares them: how the hand was won, how a kong was
made.

Each is a ``StrEnum``: a member is its word in the JSON and YAML records, equal to it, hashed and
written as it is, so a record read keeps the word it was given and code compares that word with a
member, never with a bare string. The words' lists (``WIN_TYPES``, ``KONG_TYPES``) stay plain
strings, in this order: the schema, the messages and the outputs show them as before.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class WinType(StrEnum):
    """How the winner completed the hand."""

    SELF_DRAW = "self_draw"  # 自摸 (R5)
    KONG_BLOOM = "kong_bloom"  # 槓上開花: the tile drawn after a kong (R6)
    ROBBED_KONG = "robbed_kong"  # 搶槓: the tile another player added to a pung (R7)


class KongType(StrEnum):
    """How a kong (槓) was made."""

    CONCEALED = "concealed"  # 暗槓: four drawn tiles
    ADDED = "added"  # 加槓: a drawn fourth tile added to one's own pung
    EXPOSED = "exposed"  # 點槓: a discard taken to three held tiles


WIN_TYPES: Final = tuple(kind.value for kind in WinType)
KONG_TYPES: Final = tuple(kind.value for kind in KongType)

# The members as module names, for the hot path: Python 3.11 finds an enum's member through its
# class, about 140 ns a comparison against 21 ns for a module's name (timeit); a line of bulk mode
# makes about seven such comparisons
SELF_DRAW: Final = WinType.SELF_DRAW
KONG_BLOOM: Final = WinType.KONG_BLOOM
ROBBED_KONG: Final = WinType.ROBBED_KONG
CONCEALED: Final = KongType.CONCEALED
ADDED: Final = KongType.ADDED
EXPOSED: Final = KongType.EXPOSED
