"""Why a night's file is not added again (不照帳本): its head or its hands are not what the
ledger holds for the night it made, said with the way to replace it."""

from __future__ import annotations

from ..i18n.messages import Message, msg


def not_as_held(night: int, differ: list[int], head_differs: bool) -> Message:
    """Why a file that made night ``night`` is not added again: its stake or house rules, its
    hand ``n``, or its hands ``n`` and ``m`` (``differ``), are not what the ledger holds
    (``head_differs``: its stake or house rules)."""
    if head_differs:
        return msg(
            "night {night} came from this file, and its stake or house rules are not what the "
            "ledger holds; nothing was added (to replace night {night} with the file as it is "
            "now: ledger add --replace {night})",
            night=night,
        )
    if len(differ) == 1:
        return msg(
            "night {night} came from this file, and its hand {hand} is not what the ledger "
            "holds; nothing was added (to replace night {night} with the file as it is now: "
            "ledger add --replace {night})",
            night=night,
            hand=differ[0],
        )
    return msg(
        "night {night} came from this file, and its hands {hands} are not what the ledger "
        "holds; nothing was added (to replace night {night} with the file as it is now: "
        "ledger add --replace {night})",
        night=night,
        hands=msg("{some} and {last}", some=tuple(differ[:-1]), last=differ[-1]),
    )
