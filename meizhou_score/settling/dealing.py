"""Breaking the wall and dealing (起牌; docs/rules.md, the game in brief).

Each player's wall is 17 stacks (墩) of two tiles: 136 tiles in all. The
dealer's dice sum is counted off from the dealer as 1, in play order, to find
the wall to break; that player's own throw is added, and the dealer starts
drawing after that stack, continuing into the next player's wall when the
count runs past 17 (the document's "順延"). Players are named by their place
relative to the dealer.
"""

from __future__ import annotations

from typing import Any

from ..records.model import SEATS

STACKS_PER_WALL = 17
PLACES = (
    "the dealer (莊家)",
    "the dealer's next player (下家)",
    "the player opposite (對家)",
    "the dealer's previous player (上家)",
)


def break_point(dealer_dice: int, breaker_dice: int) -> tuple[int, int, int]:
    """Where the wall breaks: (breaker, wall, stack).

    ``breaker`` is the player whose wall is broken and who throws second;
    drawing starts after 1-based ``stack`` of ``wall``'s wall. Players are
    offsets from the dealer in play order (0 the dealer, 1 the next player).
    """
    breaker = (dealer_dice - 1) % 4
    count = dealer_dice + breaker_dice
    wall = (breaker + (count - 1) // STACKS_PER_WALL) % 4
    stack = (count - 1) % STACKS_PER_WALL + 1
    return breaker, wall, stack


def dealing_order() -> list[tuple[int, int]]:
    """(player offset from the dealer, tiles taken) for each draw of the deal."""
    order = [(p, 4) for _ in range(3) for p in range(4)]
    return order + [(0, 2), (1, 1), (2, 1), (3, 1)]


def deal_json(
    dealer_dice: int, breaker_dice: int, names: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """The break point and the dealing order as data; ``names`` from the dealer on,
    in play order."""
    breaker, wall, stack = break_point(dealer_dice, breaker_dice)
    who: tuple[str, ...] = names or PLACES  # each place's name, by its offset from the dealer
    held = [0, 0, 0, 0]
    dealing: list[dict[str, Any]] = []
    for player, tiles in dealing_order():
        held[player] += tiles
        dealing.append({"player": who[player], "takes": tiles, "holds": held[player]})
    return {
        "dealer_dice": dealer_dice,
        "breaker_dice": breaker_dice,
        "breaker": who[breaker],
        "wall": who[wall],
        "after_stack": stack,
        "dealing": dealing,
    }


def seats(total: int, players: tuple[str, ...]) -> dict[str, str]:
    """§2: a throw of ``total`` counted off from the thrower
    (``players[0]``) in play order lands on East.

    ``players`` are as they sit, in play order; the result names each seat wind, East first.
    """
    east = (total - 1) % 4
    return {wind: players[(east + n) % 4] for n, wind in enumerate(SEATS)}


def seats_text(total: int, players: tuple[str, ...], lang: str = "en") -> str:
    """§2 in words: who throws, and who sits at each wind."""
    from ..i18n.words import phrase

    found = seats(total, players)
    winds = dict(zip(found, phrase("deal_winds", lang).split("|"), strict=True))
    return "\n".join(
        [phrase("deal_seats", lang, thrower=players[0], total=total, east=found["East"])]
        + [phrase("deal_seat", lang, wind=winds[wind], name=name) for wind, name in found.items()]
    )


def deal_text(
    dealer_dice: int, breaker_dice: int, names: tuple[str, ...] | None = None, lang: str = "en"
) -> str:
    """The deal in words; ``names`` (from the dealer on, in play order) name the players,
    else their places."""
    from ..i18n.words import phrase

    places = names or tuple(phrase("deal_places", lang).split("|"))
    breaker, wall, stack = break_point(dealer_dice, breaker_dice)
    total = dealer_dice + breaker_dice
    lines = [
        phrase("deal_throw", lang, dice=dealer_dice, place=places[breaker]),
        phrase(
            "deal_second",
            lang,
            dice=breaker_dice,
            first=dealer_dice,
            total=total,
            place=places[breaker],
        ),
        phrase("deal_count", lang, place=places[breaker]),
    ]
    if wall != breaker:
        lines.append(
            phrase("deal_runs_on", lang, total=total, stacks=STACKS_PER_WALL, place=places[wall])
        )
    lines += [
        phrase("deal_start", lang, stack=stack, place=places[wall]),
        "",
        phrase("deal_order", lang),
    ]
    held = [0, 0, 0, 0]
    for n, (player, tiles) in enumerate(dealing_order(), start=1):
        held[player] += tiles
        lines.append(
            phrase("deal_take", lang, n=n, place=places[player], tiles=tiles, held=held[player])
        )
    lines += [phrase("deal_extra", lang), phrase("deal_end", lang)]
    return "\n".join(lines)
