"""Winning hands to stand in for tiles nobody wrote down (例牌): one per pattern of R4's table.

When a night's gold says a hand was bigger or smaller than its tiles as recorded (清一色
written as 平胡), or that a hand is missing, the tiles that were really held are not known: only
the gold the pattern pays. :mod:`.mistakes` then writes one of these in their place, so that the
corrected night is a night the judge can settle. Each is a winner without kongs; the suits are
turned round (:func:`turned`), or its honours moved on (:func:`shifted`), where a kong elsewhere in
the hand already holds four of a tile.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from typing import Any, Final

# pattern id → (concealed, pungs, the winning tile); the winning tile is held once where it can be
# (a robbed kong's winner holds no other copy, R7), and each hand matches its pattern and no larger
# one under the document's rules (tests/test_reconcile_examples.py settles each)
EXAMPLES: Final[dict[str, tuple[str, tuple[str, ...], str]]] = {
    "ordinary": ("123m 456m 789p 234s 55s", (), "4s"),
    "all_pungs": ("111m 999p 22s", ("555s", "777z"), "2s"),
    "mixed_one_suit": ("123m 456m 789m 111z 22z", (), "5m"),
    "seven_pairs": ("11m 33m 55p 77p 99s 22s 11z", (), "1z"),
    "pure_one_suit": ("123s 456s 789s 234s 55s", (), "7s"),
    "mixed_terminals": ("111m 999p 99s", ("111s", "111z"), "9s"),
    "luxury_seven_pairs": ("1111m 33m 55p 77p 99s 22s", (), "3m"),
    "concealed_pungs": ("111m 999p 555s 777z 22s", (), "2s"),
    "all_terminals": ("111m 999m 99s", ("111p", "999p"), "9s"),
    "all_honours": ("111z 222z 77z", ("333z", "555z"), "7z"),
    "thirteen_orphans": ("19m 19p 19s 1234567z 7z", (), "1m"),
    "double_luxury_seven_pairs": ("1111m 3333m 55p 77p 99s", (), "5p"),
    "triple_luxury_seven_pairs": ("1111m 3333m 5555p 99s", (), "9s"),
}

# the examples a robbed kong's winner may hold: the robbed tile completes a run (R7), or is the
# single terminal or honour of thirteen orphans
ROBBERS: Final = ("ordinary", "mixed_one_suit", "pure_one_suit", "thirteen_orphans")


def turned(text: str, order: tuple[str, ...]) -> str:
    """Tiles with their suits turned round: ``m p s`` become ``order`` (honours stay)."""
    table: dict[str, str | int | None] = dict(zip("mps", order, strict=True))
    return text.translate(str.maketrans(table))


def shifted(text: str, by: int) -> str:
    """Tiles with their honours moved on ``by`` (1z … 7z round; no pattern of R4 names one honour
    over another), the suits as they are."""
    table: dict[str, str | int | None] = {str(n): str((n - 1 + by) % 7 + 1) for n in range(1, 8)}
    return " ".join(
        part[:-1].translate(str.maketrans(table)) + "z" if part.endswith("z") else part
        for part in text.split(" ")
    )


def example_hands(pattern: str) -> Iterator[dict[str, Any]]:
    """The example of ``pattern`` as a record's ``hand``, each way its suits can be turned, then
    with its honours moved on (where a kong elsewhere in the hand holds the honour it needs)."""
    concealed, pungs, winning = EXAMPLES[pattern]
    for by in range(7 if "z" in concealed + "".join(pungs) else 1):
        for order in permutations("mps"):
            hand: dict[str, Any] = {"concealed": shifted(turned(concealed, order), by)}
            if pungs:
                hand["pungs"] = [shifted(turned(pung, order), by) for pung in pungs]
            hand["winning_tile"] = shifted(turned(winning, order), by)
            yield hand
