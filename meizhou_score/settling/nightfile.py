"""A night's file kept by many hands at once (記分): a hand added, amended or taken back, each settled first.

What the phone page and any other program use to change a night's file: under
the file's lock the file is read again, the change is settled against the
night as it now stands, and only a change the table can accept is written —
by :mod:`~meizhou_score.records.sessionfile`'s writer (temporary file, read
back, rename), the same one ``record`` uses. So the command line and any
number of phones can write one file at once, and no hand is lost.
"""

from __future__ import annotations

import datetime
from typing import Any, NamedTuple

from ..errors import MeizhouError, RecordError
from ..i18n.messages import Message, msg
from ..i18n.rulings import FINDINGS
from ..records import sessionfile
from ..records.loader import DEFAULT_LIMITS, Limits
from .night import Night, settle_data, settle_next
from .settlement import Settlement


class Refused(MeizhouError):
    """A hand the table cannot accept as it stands (a dispute): its reasons are the message."""


def read(path: str, limits: Limits = DEFAULT_LIMITS) -> tuple[Night | None, bytes]:
    """(the night settled, or None when there is no file yet; the file's bytes: its version)."""
    found = sessionfile.read(path, limits)
    if found is None:
        return None, b""
    if found.data.get("hands") == []:  # every hand taken back: the table is kept, no night yet
        return None, found.raw
    return settle_data(found.data), found.raw


def _new_head(table: dict[str, Any] | None) -> dict[str, Any]:
    """A new night's head from the page's table: players in seat order, stake, date (today unless given)."""
    if not table:
        raise RecordError("players", msg("missing; a new night names its players, in seat order"))
    return {
        "date": table.get("date") or datetime.date.today().isoformat(),
        "players": table.get("players"),
        "stake": table.get("stake", 1),
    }


def preview(
    path: str,
    hand: dict[str, Any],
    table: dict[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Night:
    """The night with ``hand`` added, settled as :func:`add_hand` would, and nothing written."""
    found = sessionfile.read(path, limits)
    if found is None:
        return settle_data({**_new_head(table), "hands": [hand]})
    if found.data.get("hands") == []:
        return settle_data({**found.data, "hands": [hand]})
    return settle_next(settle_data(found.data), found.data, hand)


def add_hand(
    path: str,
    hand: dict[str, Any],
    table: dict[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
    allow_dispute: bool = False,
) -> tuple[Night, bytes]:
    """Append ``hand`` to the night's file; a missing file is made from ``table`` (players, stake, date).

    Each change returns the night as it now stands and the file's new bytes (its version).
    """
    with sessionfile.locked(path):
        found = sessionfile.read(path, limits)
        if found is None:
            head = _new_head(table)
            night = settle_data({**head, "hands": [hand]})
            _accept(night, allow_dispute)
            return night, sessionfile.write(
                path, sessionfile.new_session(path, head, hand), limit=limits.session_bytes
            )
        if (
            found.data.get("hands") == []
        ):  # emptied by undo: its first hand again, under the table it kept
            night = settle_data({**found.data, "hands": [hand]})
            _accept(night, allow_dispute)
            return night, sessionfile.write(
                path, sessionfile.with_first(found, hand), found.bom, limits.session_bytes
            )
        night = settle_next(settle_data(found.data), found.data, hand)
        _accept(night, allow_dispute)
        return night, sessionfile.write(
            path, sessionfile.with_hand(found, hand), found.bom, limits.session_bytes
        )


def amend_hand(
    path: str,
    number: int,
    hand: dict[str, Any],
    limits: Limits = DEFAULT_LIMITS,
    allow_dispute: bool = False,
) -> tuple[Night, bytes]:
    """Replace hand ``number`` (from 1); the hands after it must still settle as they did (R10 checked)."""
    with sessionfile.locked(path):
        found = _existing(path, limits)
        hands = found.data["hands"]
        if not 1 <= number <= len(hands):
            raise RecordError(
                "",
                msg(
                    "no hand {number} in the night ({count} hand{count:s})",
                    number=number,
                    count=len(hands),
                ),
                path,
            )
        night = settle_data({**found.data, "hands": [*hands[: number - 1], hand, *hands[number:]]})
        upset = Amendment(number, settle_data(found.data)).upset(night)
        if upset is not None and not allow_dispute:
            n, settled = upset
            raise Refused(
                msg("hand {number}: {reasons}", number=n, reasons=dispute_reasons(settled))
            )
        return night, sessionfile.write(
            path,
            sessionfile.with_hand_replaced(found, number, hand),
            found.bom,
            limits.session_bytes,
        )


class Amendment(NamedTuple):
    """Hand ``number`` (from 1) of the night ``before`` replaced: by the phone page or by ``record --amend``."""

    number: int
    before: Night  # the night as it was written

    def upset(self, after: Night) -> tuple[int, Settlement] | None:
        """(number, settlement) of the first hand the amendment leaves disputed, or None when the table can accept it.

        That is the amended hand itself when disputed, or a later hand the change upsets: disputed now and not
        before (its dealer now follows the rotation the amended hand gives, R10). A later hand that was already
        disputed, written so on purpose, does not stop the amendment.
        """
        for n in range(self.number, len(after.hands) + 1):
            settled = after.hands[n - 1]
            if settled.disputed and (n == self.number or not self.before.hands[n - 1].disputed):
                return n, settled
        return None


def undo_last(path: str, limits: Limits = DEFAULT_LIMITS) -> tuple[Night | None, bytes]:
    """Take the night's last hand back (the only one too: the night is then None, its table kept)."""
    with sessionfile.locked(path):
        found = _existing(path, limits)
        remaining, _ = sessionfile.without_last(found)
        hands = found.data["hands"][:-1]
        night = settle_data({**found.data, "hands": hands}) if hands else None
        return night, sessionfile.write(path, remaining, found.bom)


def _existing(path: str, limits: Limits):
    found = sessionfile.read(path, limits)
    if found is None:
        raise RecordError("", msg("no such session file"), path)
    return found


def _accept(night: Night, allow_dispute: bool) -> None:
    """Only a hand the table can accept is written (``allow_dispute`` writes a disputed one anyway)."""
    if night.last.disputed and not allow_dispute:
        raise Refused(msg("not recorded: {reasons}", reasons=dispute_reasons(night.last)))


def dispute_reasons(settled) -> Message:
    """Why a hand is a dispute, in one sentence: not a win, claims that differ, a dealer off the rotation."""
    why = list(settled.errors)
    if settled.record.claimed is not None and settled.claim_differences:
        why.append(
            msg(
                "the claimed balances differ from the settlement: {claims}",
                claims=tuple(
                    msg(
                        "{name} claimed {claimed}, computed {computed}",
                        name=k,
                        claimed=v[0],
                        computed=v[1],
                    )
                    for k, v in settled.claim_differences.items()
                ),
            )
        )
    if settled.dealer_expected:
        why.append(
            msg(
                "the rotation gives {dealer} as dealer ({rule})",
                dealer=settled.dealer_expected,
                rule=FINDINGS["dealer_check"],
            )
        )
    said = why[0]
    for more in why[1:]:
        said = msg("{before}; {after}", before=said, after=more)
    return said
