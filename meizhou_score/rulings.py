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

# each house-rules key (docs/rules.md, “House rules”) → the ruling it changes
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


# Each ruling as docs/rules.md gives it (a test keeps the two the same): what it says, and why.
EXPLAINED: dict[str, tuple[str, str]] = {
    "R1": (
        "136 tiles: characters 萬, dots 筒 and bamboo 條 from 1 to 9, the four winds and three dragons, four of "
        "each; no flowers. No tile may appear more than four times in one record (the winner's hand, every "
        "kong, the robbed player's pung).",
        "A fifth copy means the record is wrong, whatever else it says.",
    ),
    "R2": (
        "A win is a pair and four sets (runs of one suit, or triplets; pungs and kongs count as sets), seven "
        "pairs (four of a kind counts as two pairs), or thirteen orphans. Honours never form runs. A shape "
        "whose pattern ratio is 0 in the house rules is not a win.",
        "The document's winning shape, plus the two special shapes its pattern table prices.",
    ),
    "R3": (
        "Melds are pungs and kongs only; a run is always concealed.",
        "There is no chow.",
    ),
    "R4": (
        "A hand's **ratio** comes from its patterns (table below): ordinary 1, seven pairs 3, pure one suit 4"
        " — the document's 6 / 18 / 24 points divided by the robbed-kong share 6. By default the hand takes "
        "its single highest pattern.",
        "The document counts no fan (不計番數): each hand type has one price.",
    ),
    "R5": (
        "Self-draw: each of the other three pays `2 × ratio` units.",
        "The document: a self-draw is worth at least 2 from each.",
    ),
    "R6": (
        "Kong bloom: paid exactly as a self-draw; the winner must own a kong in the record.",
        "The replacement tile is a drawn tile; with no kong there was no replacement.",
    ),
    "R7": (
        "Robbed kong: the robbed player alone pays `6 × ratio`; the other two pay nothing for the win. The "
        "robbed kong is not paid as a kong (it was never completed). The robbed player's pung holds three "
        "copies of the tile and the robbed tile is the fourth, so the winner can hold no other copy.",
        "The document's 6 points for an ordinary hand and 24 for pure one suit, all from the robbed player. A"
        " seven-pairs or all-pungs hand would need a second copy, so neither can rob a kong; thirteen orphans"
        " can (it holds the tile once).",
    ),
    "R8": (
        "Kongs are paid only when someone wins, every kong: concealed, 2 units from each other player; added,"
        " 1 from each; exposed, 1 from each (the document is silent; a house rule can make the discarder pay "
        "all three shares, 包槓).",
        "A concealed kong pays twice an exposed one, as the document says.",
    ),
    "R9": (
        "A draw pays nothing, kongs included.",
        "No winner, no kong settlement.",
    ),
    "R10": (
        "Next dealer: the robbed player after a robbed kong; else the winner (a winning dealer deals again); "
        "after a draw the dealer's next player (a house rule can keep the dealer).",
        "The document's three rules of who deals.",
    ),
    "R11": (
        "Only self-draws, kong blooms and robbed kongs are wins; a win on an ordinary discard is not scored, "
        "and a record cannot express one.",
        "The document scores only self-drawn wins.",
    ),
}
