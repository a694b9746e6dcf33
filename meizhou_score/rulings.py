"""The rulings R1–R11 (裁定): which ruling each payment, dealer change, rules key and refusal rests on.

The one owner of rule ids. Settlement stamps each transfer with its ruling
from here, the words tables cite them through ``{rule}``, and ``rules``
prints them beside each house-rules key; ``docs/rules.md`` explains each.
"""

from __future__ import annotations

TITLES: dict[str, str] = {
    "R1": "tiles: 136, four of each kind, no flowers; never five copies in one record",
    "R2": "winning shapes: a pair and four sets, seven pairs, thirteen orphans",
    "R3": "melds are pungs and kongs only: no chow, a run is always concealed",
    "R4": "the hand's ratio from its patterns; by default the single highest",
    "R5": "self-draw: each other player pays 2 x ratio",
    "R6": "kong bloom: paid as a self-draw; the winner must own a kong",
    "R7": "robbed kong: the robbed player alone pays 6 x ratio",
    "R8": "kongs: concealed 2, added 1, exposed 1 from each other player, paid only when someone wins",
    "R9": "exhaustive draw: no payments at all, kongs included",
    "R10": "next dealer: the robbed player, else the winner; after a draw the next player",
    "R11": "only self-draws, kong blooms and robbed kongs are wins",
}

# each payment's reason → its ruling
REASONS: dict[str, str] = {
    "self_draw": "R5",
    "kong_bloom": "R6",
    "robbed_kong": "R7",
    "concealed_kong": "R8",
    "added_kong": "R8",
    "exposed_kong": "R8",
}

# why the next dealer deals → its ruling
NEXT_DEALER: dict[str, str] = {
    "robbed": "R10",
    "winner": "R10",
    "dealer_wins": "R10",
    "draw_next": "R10",
    "draw_same": "R10",
    "invalid": "R10",
}

# each house-rules key (SPEC §3) → the ruling it changes
RULES_KEYS: dict[str, str] = {
    "patterns": "R4",
    "combine": "R4",
    "self_draw_share": "R5",
    "kong_bloom_multiplier": "R6",
    "robbed_kong_share": "R7",
    "kong_units": "R8",
    "exposed_kong_payer": "R8",
    "dealer_after_draw": "R10",
}

# what the tool refuses or reports → its ruling
FINDINGS: dict[str, str] = {
    "five_copies": "R1",
    "robbed_tile": "R7",
    "not_a_win": "R2",
    "kong_bloom_without_kong": "R6",
    "draw": "R9",
    "dealer_check": "R10",
}
