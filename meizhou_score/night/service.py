"""One night's file, kept by many hands at once (記分): read, locked, judged, added to, amended,
taken back — each change against the version its caller saw.

``record``, ``undo``, ``record --amend`` and the phone page all change a night through
:class:`NightFile`; ``ledger add`` reads one whole through :func:`read_whole`. Under the file's
lock the file is read again and compared with the version the caller saw (the first 16 hex digits
of the sha256 of its bytes; "0" before the file exists): a mismatch raises :class:`Stale`, carrying
the night as it now stands and what changed, and writes nothing. A change the table cannot accept
(:func:`~meizhou_score.settling.judge.refused`, the one judge) raises :class:`Refused`. What is
accepted is written by :mod:`~meizhou_score.records.sessionfile`'s writer (temporary file, read
back, rename).

A night's path may be a link (``night.yaml`` to ``friday.yaml``). Each change resolves it once,
locks the folder of the file it names, reads that file and writes that same file, no other night's.
A caller that read the night earlier (the command line, before its questions) names the file it
read; when the link names another one by the time of the write, :class:`Moved`: nothing written.
"""

from __future__ import annotations

import datetime
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from ..errors import MeizhouError, RecordError
from ..i18n.messages import msg
from ..records import sessionfile
from ..records.loader import DEFAULT_LIMITS, Limits, load_record
from ..records.sessionfile import SessionFile
from ..settling.judge import Amendment, refused
from ..settling.night import Night, settle_data, settle_next
from ..settling.settlement import Settlement
from . import files
from .errors import Change, Moved, NotLast, Refused, Stale
from .files import NOT_REGULAR as NOT_REGULAR
from .seen import NO_FILE, UNSETTLED, Seen, all_taken_back, new_head, version_of

_REMEMBERED = 64  # versions whose hands are kept, to say what changed since a caller saw one


class Written(NamedTuple):
    """A change written: the night as it now stands, its new version, the hand it concerned, and
    the file as written."""

    night: Night | None
    version: str
    number: int
    seen: Seen


class TakeBack(NamedTuple):
    """The last hand taken back: its number, its text as written, the file before (the night
    settled only when asked for: a last hand that does not settle can still be taken back) and
    the night after."""

    number: int
    text: str
    was: Seen
    after: Night | None
    remaining: str  # the file's text without it
    seen: Seen | None = None  # the file once written

    @property
    def before(self) -> Night:
        return self.was.settled_night


class Whole(NamedTuple):
    """A night's file read whole, as the ledger adds one: the data, and the day the file was last
    changed (None for standard input)."""

    data: Any  # a session, or one hand's record
    day: str | None


def read_whole(path: str, limits: Limits = DEFAULT_LIMITS) -> Whole:
    """The night in ``path`` read whole, nothing locked or judged: a session or one hand's record
    (``-`` is standard input), as ``ledger add`` stores it."""
    data = load_record(path, limits)
    if path == "-":
        return Whole(data, None)
    changed = os.stat(path).st_mtime
    return Whole(data, datetime.date.fromtimestamp(changed).isoformat())


class NightFile:
    """The night in ``path``: every read and write of it. Settled nights are kept by version, so a
    night read again unchanged is not settled again."""

    def __init__(self, path: str, limits: Limits = DEFAULT_LIMITS):
        self.path, self.limits = path, limits
        self._guard = threading.Lock()
        self._hands: OrderedDict[str, list[Any]] = OrderedDict()  # version → its hands as written
        self._settled: OrderedDict[str, Night | None] = OrderedDict()  # version → its night
        self._last: Seen | None = None

    # ------------------------------------------------------------------ reading

    def version(self) -> str:
        """The file's version now, from its bytes alone: nothing parsed or settled (a FIFO or a
        device refused, never waited on)."""
        raw = files.read_bytes(self.path, self.limits.session_bytes + 1)
        return version_of(raw) if raw is not None else NO_FILE

    def refuse_read_only(self) -> None:
        """Refuse a night no one may write, before any question is asked about it."""
        from ..records.filewrite import refuse_read_only

        refuse_read_only(self.path)

    def read(self) -> Seen:
        """The night as it stands (``target``: the file the path names now); the one read last
        when it is the same file and its bytes have not changed since."""
        target = files.resolve(self.path)
        last = self._last
        if last is not None and last.target == target:
            raw = files.read_bytes(target, self.limits.session_bytes + 1)
            if (version_of(raw) if raw is not None else NO_FILE) == last.version:
                return last
        return self._read(target)

    def _read(self, target: str) -> Seen:
        """The file ``target`` (the path resolved) read, named as the caller named it; what it
        shares with the same file as read last is neither parsed nor settled again."""
        files.refuse_irregular(target, self.path)
        last = self._last if self._last is not None and self._last.target == target else None
        found = sessionfile.read(target, self.limits, last.found if last else None, self.path)
        version = version_of(found.raw) if found is not None else NO_FILE
        with self._guard:
            night = self._settled.get(version, UNSETTLED)
        if night is UNSETTLED and last is not None and last.version == version and last.settled:
            night = last.night
        seen = Seen(version, found, night, last, target)  # settled from where it differs
        self._remember(version, seen.hands)
        self._last = seen
        return seen

    def _remember(self, version: str, hands: list[Any]) -> None:
        """Keep a version's hands, to say later what changed since a caller saw it."""
        with self._guard:
            self._hands[version] = hands
            self._hands.move_to_end(version)
            if len(self._hands) > _REMEMBERED:
                self._hands.popitem(last=False)
            while len(self._settled) > 8:
                self._settled.popitem(last=False)

    def change_since(self, version: str, now: Seen) -> Change:
        """What changed between the version a caller saw and the night ``now``."""
        if version == NO_FILE:
            return Change("created" if now.found is not None else "changed", None)
        with self._guard:
            old = self._hands.get(version)
        new = now.hands
        if old is None or now.found is None:
            return Change("changed", None)
        if len(new) > len(old) and new[: len(old)] == old:
            return Change("recorded", len(old) + 1)
        if len(new) < len(old) and old[: len(new)] == new:
            return Change("taken_back", len(new) + 1)
        differ = [n for n, (a, b) in enumerate(zip(old, new, strict=False), start=1) if a != b]
        if len(new) == len(old) and len(differ) == 1:
            return Change("amended", differ[0])
        return Change("changed", None)

    @contextmanager
    def _held(self, was: str | None) -> Iterator[Seen]:
        """The path resolved once, the folder of the file it names locked, that file read: the
        night every change is judged on and written back to. ``was``: the file the caller read
        (None: the one the path names now); a link that names another one is :class:`Moved`."""
        target = files.resolve(self.path)
        if was is not None and target != was:
            raise Moved(self._read(target), was, target, self.path)
        with sessionfile.locked(target):
            now = self._read(target)
            moved = files.resolve(self.path)
            if moved != target:  # re-pointed while the lock was waited for
                raise Moved(self._read(moved), target, moved, self.path)
            yield now

    def _current(self, now: Seen, version: str | None) -> Seen:
        """Under the lock: the file as read again, checked against the version the caller saw."""
        if version is not None and now.version != version:
            raise Stale(now, self.change_since(version, now))
        return now

    def _write(self, now: Seen, text: str, night: Night | None) -> Seen:
        """Write under the lock, to the file ``now`` was read from (never where a link was
        re-pointed since); the file is read back (parsed, not settled again): its version."""
        found, target = now.found, now.target
        bom = found.bom if found is not None else False
        files.tidy(target)  # what a writer killed mid-write left (we hold the lock)
        raw = sessionfile.write(target, text, bom, self.limits.session_bytes, follow=False)
        with self._guard:
            if night is not None:
                self._settled[version_of(raw)] = night
        return self._read(target)

    # ------------------------------------------------------------------ changing

    def add(
        self,
        hand: dict[str, Any],
        version: str | None,
        head: dict[str, Any] | None = None,
        allow_dispute: bool = False,
        follow: bool = False,
        settled: Night | None = None,
        lang: str = "en",
        was: str | None = None,
    ) -> Written:
        """Append ``hand``; a missing file is made from ``head`` (players, stake, rules, date), its
        comment in the player's language ``lang``.

        ``version``: the one the caller saw. With ``follow`` (``record``), a night another writer
        changed meanwhile is not refused: the hand goes after what is there now, if the table
        still accepts it there. ``settled``: the night with the hand as the caller already settled
        it (used when nothing changed). A ``head`` with a night that has hands is a second setup:
        :class:`Stale` ("created"). ``was``: the file the caller read (:class:`Moved` when the
        path's link names another now).
        """
        with self._held(was) as now:
            saw = now.version if version is None else version
            moved = now.version != saw
            if moved and (not follow or now.found is None):
                raise Stale(now, self.change_since(saw, now))
            found = now.found
            try:
                if found is None:
                    head = new_head(head)
                    night = settled or settle_data({**head, "hands": [hand]})
                    text = sessionfile.new_session(self.path, head, hand, lang)
                elif all_taken_back(found.data):  # its first hand again
                    if head is not None and not follow:  # set up again on the page: its new table
                        table = new_head(head)
                        text = sessionfile.new_session(self.path, table, hand, lang)
                    else:  # under the table it kept
                        table = now.table or {}
                        text = sessionfile.with_first(found, hand)
                    night = settle_data({**table, "hands": [hand]})
                else:
                    if head is not None and not follow:
                        raise Stale(now, Change("created", None))
                    if settled is not None and not moved:
                        night = settled
                    else:
                        night = settle_next(now.settled_night, found.data, hand)
                    text = sessionfile.with_hand(found, hand)
                upset = None if allow_dispute else refused(night)
                if upset is not None:
                    raise Refused(*upset)
            except MeizhouError as exc:
                if moved and not isinstance(exc, Stale):
                    raise Stale(now, self.change_since(saw, now), exc) from None
                raise
            seen = self._write(now, text, night)
            return Written(night, seen.version, len(night.hands), seen)

    def amend(
        self,
        number: int,
        hand: dict[str, Any],
        version: str | None,
        allow_dispute: bool = False,
        settled: Night | None = None,
        was: str | None = None,
    ) -> Written:
        """Replace hand ``number`` (from 1); the hands after it must still settle as they did."""
        with self._held(was) as read:
            now = self._current(read, version)
            found = self._existing(now)
            self._in_range(number, now.hands)
            night = settled if settled is not None else now.with_hand(hand, number)
            amendment = Amendment(number, now.settled_night)
            upset = None if allow_dispute else refused(night, amendment)
            if upset is not None:
                raise Refused(*upset, amendment)
            text = sessionfile.with_hand_replaced(found, number, hand)
            seen = self._write(now, text, night)
            return Written(night, seen.version, number, seen)

    def correct(
        self,
        changes: dict[int, dict[str, Any] | None],
        appended: list[dict[str, Any]],
        version: str,
        was: str | None = None,
    ) -> Written:
        """Several hands corrected at once (``reconcile --apply``: an explanation already judged
        on ``version``, the one the caller saw): each hand in ``changes`` replaced, or taken out
        where None, and ``appended`` after the last; :class:`Stale` when the night changed since."""
        with self._held(was) as read:
            now = self._current(read, version)
            found = self._existing(now)
            text = sessionfile.with_hands_changed(found, changes, appended)
            seen = self._write(now, text, None)
            return Written(seen.settled_night, seen.version, min(changes, default=0), seen)

    def taking_back(self, now: Seen) -> TakeBack:
        """What taking the last hand of ``now`` back would do, nothing written."""
        found = self._existing(now)
        remaining, text = sessionfile.without_last(found)
        hands = now.hands[:-1]
        after = settle_data({**found.data, "hands": hands}) if hands else None
        return TakeBack(len(hands) + 1, text, now, after, remaining)

    def take_back(
        self, version: str | None, last: int | None = None, was: str | None = None
    ) -> TakeBack:
        """Take the last hand back (the only one too: the night is then None, its table kept).
        ``last``: the hand the caller asked about (another last hand at the version seen is
        :class:`NotLast`; a night moved on is :class:`Stale` first); ``was`` as for :meth:`add`."""
        with self._held(was) as read:
            now = self._current(read, version)
            if last is not None and last != len(now.hands):
                raise NotLast(last, len(now.hands))
            plan = self.taking_back(now)
            return plan._replace(seen=self._write(now, plan.remaining, plan.after))

    def preview(
        self,
        hand: dict[str, Any],
        head: dict[str, Any] | None = None,
        amend: int | None = None,
    ) -> tuple[Night, tuple[int, Settlement] | None, Amendment | None]:
        """The night with ``hand`` added (or with hand ``amend`` replaced), settled as a write
        would settle it, and judged: (night, the hand that stops it or None, the amendment)."""
        now = self.read()
        if amend is not None:
            self._existing(now)
            self._in_range(amend, now.hands)
            night = now.with_hand(hand, amend)
            amendment = Amendment(amend, now.settled_night)
            return night, refused(night, amendment), amendment
        night = now.with_hand(hand, head=new_head(head) if now.found is None else None)
        return night, refused(night), None

    def _existing(self, now: Seen) -> SessionFile:
        if now.found is None:
            raise RecordError("", msg("no such session file"), self.path)
        return now.found

    def _in_range(self, number: int, hands: list[Any]) -> None:
        if not 1 <= number <= len(hands):
            raise RecordError(
                "",
                msg(
                    "no hand {number} in the night ({count} hand{count:s})",
                    number=number,
                    count=len(hands),
                ),
                self.path,
            )
