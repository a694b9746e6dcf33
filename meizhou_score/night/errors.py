"""The night room's errors, each carrying what its caller needs to answer it: :class:`Stale` (the
night changed since the caller saw it), :class:`Refused` (the table cannot accept the change),
:class:`NotLast` (a hand taken back that is not the last), :class:`Moved` (the night's link
re-pointed since it was read). Each is a
:class:`~meizhou_score.errors.MeizhouError`, its message said in the player's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..errors import MeizhouError
from ..i18n.messages import msg
from ..i18n.visible import visible
from ..settling.judge import dispute_reasons

if TYPE_CHECKING:
    from ..settling.judge import Amendment
    from ..settling.settlement import Settlement
    from .seen import Seen

KINDS = ("recorded", "taken_back", "amended", "created", "changed")  # what a Stale says changed


class Change(NamedTuple):
    """What changed since a version: ``kind`` (one of :data:`KINDS`), the hand (from 1) or None."""

    kind: str
    hand: int | None


class Stale(MeizhouError):
    """The night changed since the caller saw it: nothing was written. ``now`` is the night as it
    now stands, ``change`` what changed; ``why`` why the change cannot follow it (``record``)."""

    def __init__(self, now: Seen, change: Change, why: MeizhouError | None = None) -> None:
        self.now, self.change, self.why = now, change, why
        super().__init__(msg("the file changed while this hand was entered; nothing was written"))


class Moved(Stale):
    """The night's link names another file than the one the caller read (``was``): nothing was
    written. ``now`` is the night the link names now, ``target`` its file."""

    def __init__(self, now: Seen, was: str, target: str, name: str):
        super().__init__(now, Change("changed", None))
        self.was, self.target = was, target
        MeizhouError.__init__(
            self,
            msg(
                "{name} was pointed at another file ({target}) after the night was read from "
                "{was}; nothing was written (run it again to write to the night it names now)",
                name=visible(name),
                target=visible(target),
                was=visible(was),
            ),
        )


class Refused(MeizhouError):
    """A change the table cannot accept as it stands (a dispute): hand ``number`` and its
    settlement; the reasons are the message."""

    def __init__(
        self, number: int, settled: Settlement, amendment: Amendment | None = None
    ) -> None:
        self.number, self.settled, self.amendment = number, settled, amendment
        reasons = dispute_reasons(settled)
        super().__init__(
            msg("hand {number}: {reasons}", number=number, reasons=reasons)
            if amendment is not None
            else msg("not recorded: {reasons}", reasons=reasons)
        )


class NotLast(MeizhouError):
    """The hand a caller asked to take back is not the last hand of the night it saw: ``asked``,
    and the last hand there (0: none)."""

    def __init__(self, asked: int, last: int) -> None:
        self.asked, self.last = asked, last
        super().__init__(
            msg("no hand {number} in the night ({count} hand{count:s})", number=asked, count=last)
        )
