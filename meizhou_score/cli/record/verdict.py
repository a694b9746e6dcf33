"""The verdict on a hand ``record`` is about to write: settled, and accepted by the table (the one
judge's refusal said as ``record`` says it), and a refusal's key path said as the screen numbers
the hands."""

from __future__ import annotations

from ...errors import MeizhouError
from ...i18n.messages import at, msg


def judge(build, allow_dispute: bool, amending=None):
    """Settle what ``build()`` makes; (result, None) when the table can accept it, else (None, why).

    The verdict is the one judge's (:func:`~meizhou_score.settling.judge.refused`): the last hand,
    or with ``amending`` (an :class:`~meizhou_score.settling.judge.Amendment`) the amended hand and
    every hand after it that the change upsets, as the phone page judges it (R10).
    """
    from ...settling.judge import refused

    try:
        result = build()
    except MeizhouError as exc:
        return None, exc
    upset = None if allow_dispute else refused(result, amending)
    if upset is None:
        return result, None
    return None, refusal(upset, amending)


def refusal(upset, amending=None):
    """Why ``record`` does not write a hand the judge refused: (number, settlement) → a
    message."""
    from ...settling.judge import dispute_reasons

    n, settled = upset
    reasons = dispute_reasons(settled)
    if amending is not None and n != amending.number:  # a later hand the change upsets
        reasons = msg("hand {n}", n=n) + ": " + reasons
    return msg(
        "not recorded: {reasons} (the file holds only hands the table accepted; "
        "--allow-dispute records it anyway)",
        reasons=reasons,
    )


def as_on_screen(why, number: int | None):
    """A refusal whose key path names the hand as the file does (``hands[5].hand``) said as the
    screen numbers it (hand 6: hand)."""
    from ...errors import RecordError

    if isinstance(why, RecordError) and number is not None and isinstance(why.path, str):
        import re

        found = re.match(r"hands\[(\d+)\]\.?(.*)", why.path)
        if found:
            n, key = int(found[1]) + 1, found[2]
            where = msg("hand {n}", n=n)
            if key == "hand":  # the winner's tiles: 第 6 局的手牌 in Chinese, not a key
                where = msg("hand {n}: hand", n=n)
            elif key:
                where = at(where, key)
            return RecordError(where, why.message)
    return why
