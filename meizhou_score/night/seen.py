"""A night's file as read (讀到的一晚): its version, the file, and what follows from it — the
night settled, the night before a hand, the night with a hand added or replaced — settled only
when asked for, and never read or written again here (:mod:`.service` reads and writes)."""

from __future__ import annotations

import datetime
import enum
import hashlib
from typing import Any, Final, Literal

from ..errors import RecordError
from ..i18n.messages import msg
from ..records.model import HEAD_KEYS
from ..records.sessionfile import SessionFile
from ..settling.night import Night, settle_again, settle_data, settle_next

NO_FILE = "0"  # the version of a night whose file does not exist yet


class Unsettled(enum.Enum):
    """The one mark of a night not settled yet (None is a night before its first hand)."""

    UNSETTLED = "unsettled"


UNSETTLED: Final = Unsettled.UNSETTLED
NightOrNot = Night | None | Literal[Unsettled.UNSETTLED]  # a Seen's night, settled or not yet


def version_of(raw: bytes) -> str:
    """A night's version: the first 16 hex digits of the sha256 of its file's bytes."""
    return hashlib.sha256(raw).hexdigest()[:16] if raw else NO_FILE


def all_taken_back(data: Any) -> bool:
    """Every hand taken back (``hands: []``): the table is kept, there is no night yet."""
    return isinstance(data, dict) and data.get("hands") == []


class Seen:
    """A night's file as read: its version, the file (None before it exists), the night settled
    when first asked for (None before its first hand), and ``target``: the file it was read from,
    the night's path with its links resolved (where a change of it is written)."""

    __slots__ = ("version", "found", "_night", "_after", "target")

    def __init__(
        self,
        version: str,
        found: SessionFile | None,
        night: NightOrNot = UNSETTLED,
        after: Seen | None = None,
        target: str = "",
    ):
        self.version: str = version
        self.found: SessionFile | None = found
        self._night: NightOrNot = night
        # the file as read before: the hands they share from the first are not settled again
        self._after = after if night is UNSETTLED else None
        self.target: str = target

    @property
    def night(self) -> Night | None:
        if self._night is UNSETTLED:
            found, after = self.found, self._after
            self._after = None  # kept no longer than it is needed
            if found is None or all_taken_back(found.data):
                self._night = None
            elif after is not None and after.found is not None and isinstance(after._night, Night):
                self._night = settle_again(after._night, after.found.data, found.data)
            else:
                self._night = settle_data(found.data)
        return self._night

    @property
    def settled(self) -> bool:
        return self._night is not UNSETTLED

    @property
    def hands(self) -> list[Any]:  # the hands as written: plain data, checked when settled
        found = self.found
        return list(found.data["hands"]) if found is not None else []

    @property
    def settled_night(self) -> Night:
        """The night, which has a hand: the file's hands were checked first."""
        night = self.night
        if night is None:  # pragma: no cover - callers check the hands first
            raise RecordError("", msg("no such session file"), "")
        return night

    @property
    def table(self) -> dict[str, Any] | None:
        """The night's head: players, stake, rules, date (None before the file exists)."""
        if self.found is None:
            return None
        # everything but the hands: a key a night has not stays, for the judge to refuse
        return {k: v for k, v in self.found.data.items() if k != "hands"}

    def before(self, number: int) -> Night | None:
        """The night settled before hand ``number`` (from 1): what that hand's dealer follows
        (None before the first hand)."""
        if number > len(self.hands):
            return self.night
        if number <= 1 or self.found is None:
            return None
        return settle_data({**self.found.data, "hands": self.hands[: number - 1]})

    def with_hand(
        self, hand: dict[str, Any], number: int | None = None, head: dict[str, Any] | None = None
    ) -> Night:
        """The night with ``hand`` added — or replacing hand ``number`` (from 1) — settled as a
        write would settle it; before the file exists, under ``head`` (players, stake, rules,
        date). Nothing is read or written: this is the night the caller saw."""
        found = self.found
        if number is not None and found is not None:
            hands = self.hands
            hands[number - 1] = hand  # the hands after it follow the rotation it gives (R10)
            return settle_data({**found.data, "hands": hands})
        night = self.night
        if night is not None and found is not None:
            return settle_next(night, found.data, hand)  # only the new hand is settled
        table = self.table if found is not None else head
        return settle_data({**(table or {}), "hands": [hand]})


def new_head(table: dict[str, Any] | None) -> dict[str, Any]:
    """A new night's head: players in seat order, stake, rules, date (today unless given)."""
    if not table:
        raise RecordError("players", msg("missing; a new night names its players, in seat order"))
    head = {key: table.get(key) for key in HEAD_KEYS}
    head["date"] = head["date"] or datetime.date.today().isoformat()
    head["stake"] = table.get("stake", 1)
    if head["rules"] is None:
        del head["rules"]
    return head
