"""``record SESSION.yaml``: the night's next hand (or hand N again), asked for, shown, and written
through the night service."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ...errors import MeizhouError, RecordError
from ...i18n.messages import Message, at, msg, reason
from ...i18n.visible import visible
from ..shared.errors import Unwritten
from ..shared.night_writes import refused_writes
from ..shared.options import echo_fitted, screen_width, the_run
from ..shared.prompts import Questions
from ..status import ExitStatus
from .amend import amended_number, defaults_of
from .hand import claims_of, fill
from .table import the_dealer, the_table

if TYPE_CHECKING:
    from .flags import Flags


SHEET_ROWS = 3  # the score sheet's last rows that record and undo end with


def record_session(q: Questions, given: dict, flags: Flags, path: str) -> ExitStatus:
    """``record SESSION.yaml``: the night's next hand (or, with --amend, hand N again), written
    through the night service."""
    from ...night.service import NightFile
    from ...records.rules import DEFAULT_RULES
    from ...render import session
    from ...settling.judge import Amendment

    night_file = NightFile(path, the_run().limits)
    seen = _read_session(night_file, flags.amend)  # the night as the service read it
    found = seen.found
    data, players, hand_stake = the_table(q, flags, found)
    amending = amended_number(found, flags.amend)  # the hand replaced, or None
    number = amending or len(data["hands"]) + 1  # this hand's number, from 1
    given = {**given, "claims": claims_of(players, flags.claims)}
    amendment = None
    if amending:  # what the hand is, before who deals it and the questions
        amendment = Amendment(amending, seen.night)  # judged as the page judges one
        echo_fitted(
            q.words("record_replacing", n=amending)
            + "\n"
            + session.session_hand_text(amendment.before, amending, flags.lang)
            + "\n",
            err=not q.asking,
        )
        given["defaults"] = defaults_of(data["hands"][amending - 1])
        q.keeping = True  # with nobody to ask, or --yes, each answer is kept as written
        if hand_stake is None:  # the hand's own stake, kept unless --stake changes it
            hand_stake = given["defaults"].get("stake")
    before = seen.before(number)  # the night this hand's dealer follows (R10)
    named, expected = the_dealer(q, flags, found, before, players, number, amending)
    click.echo(q.words("record_deals", n=number, dealer=named or expected), err=not q.asking)

    def as_written(hand):
        out = {"dealer": named} if named else {}
        out.update(hand)
        if hand_stake is not None and hand_stake != data.get("stake", 1):
            out["stake"] = hand_stake
        return out

    def build(hand):  # the night as the service would write it, settled against what was read
        return seen.with_hand(as_written(hand), amending, data)

    def to_write(result) -> bool:  # the hand, and whether to write it (< goes back a question)
        if not (q.asked or q.asking):  # in a terminal: always shown, and asked, before writing
            return True
        echo_fitted(session.session_hand_text(result, number, flags.lang))
        return q.confirm(q.words("record_rewrite" if amending else "record_record", n=number))

    hand, result, write = fill(
        q,
        players,
        given,
        build,
        flags.allow_dispute,
        DEFAULT_RULES.override(data.get("rules")),
        number,
        amendment,
        confirm=None if flags.yes else to_write,
    )
    previewed = (q.asked or q.asking) and not flags.yes  # shown, and asked, before writing
    if not write:
        click.echo(q.words("record_nothing_written"))
        return ExitStatus.OK
    result, moved = _write_hand(night_file, seen, data, as_written(hand), flags, result, amending)
    number = amending or len(result.hands)
    try:
        shown = previewed and not moved
        return _said(q, night_file.path, seen.night, result, number, amending, shown, flags.lang)
    except BrokenPipeError:
        raise  # the reader went away (| head): said as any closed pipe
    except OSError as exc:  # the hand is in the file; only what is said of it is not
        raise Unwritten(
            msg(
                "hand {n} is written in {path}; the output could not be written: {why}",
                n=number,
                path=visible(night_file.path),
                why=reason(exc),
            )
        ) from None


def _said(
    q, path: str, before, result, number: int, amending, shown: bool, lang: str
) -> ExitStatus:
    """What ``record`` says of the hand it wrote: the hand (unless ``shown`` as it is), the sheet's
    last rows (or those an amendment changed), where it is; flushed, so that an output that
    refuses it is known here, where the hand is known to be written."""
    from ...render import session

    if not shown:  # the hand as written, unless it was just shown as it is
        echo_fitted(session.session_hand_text(result, number, lang))
    click.echo("")
    rows = _changed_rows(before, result, amending, lang) if amending else None
    echo_fitted(
        session.sheet_text(
            result, lang, last=None if rows else SHEET_ROWS, cells=screen_width(), numbers=rows
        )
    )  # after the hand's table: the last rows, or the amended hand's and those it changed
    click.echo(
        "\n"
        + q.words(
            "record_replaced" if amending else "record_recorded", n=number, path=visible(path)
        )
    )
    sys.stdout.flush()
    return ExitStatus.DISPUTE if result.hands[number - 1].disputed else ExitStatus.OK


def _changed_rows(before, after, amending: int, lang: str) -> list[int]:
    """The hands whose rows an amendment changed: the amended hand's, and each later one whose
    dealer, change or running total is not what it was (R10: the rotation may follow it)."""
    from ...render import session

    was, now = session.sheet_rows(before, lang), session.sheet_rows(after, lang)
    later = range(amending + 1, len(now) + 1)
    return [amending, *(n for n in later if n > len(was) or was[n - 1] != now[n - 1])]


def _read_session(night_file, amend: int | None):
    """The night's file as read (the night settled before this hand); a bad file writes nothing."""
    try:
        seen = night_file.read()
        seen.night  # noqa: B018 - settled now: a bad night is refused before any question
    except MeizhouError as exc:
        path = night_file.path
        said = exc if isinstance(exc, RecordError) and exc.source else at(path, exc)
        raise MeizhouError(msg("{message}; nothing was written", message=said)) from None
    if seen.found is not None:
        night_file.refuse_read_only()  # before the questions, not after them
    if seen.found is None and amend is not None:
        raise MeizhouError(
            at(night_file.path, msg("no such session file; there is no hand to amend"))
        )
    return seen


def _write_hand(night_file, seen, data: dict, hand: dict, flags: Flags, result, amending=None):
    """Write the hand through the night service: (the night as written, did another writer add a
    hand first, so that this one went after it?)."""
    from ...records.model import HEAD_KEYS

    path = night_file.path
    with refused_writes(path, _stale_words, _unwritten_words, unwritten_as=Unwritten):
        if amending:
            written = night_file.amend(
                amending, hand, seen.version, flags.allow_dispute, settled=result, was=seen.target
            )
        else:
            head = None
            if seen.found is None:
                head = {k: data.get(k) for k in HEAD_KEYS}
            written = night_file.add(
                hand,
                seen.version,
                head,
                flags.allow_dispute,
                follow=True,
                settled=result,
                lang=flags.lang,
                was=seen.target,
            )
    return written.night, not amending and written.number != len(result.hands)


def _stale_words(stale) -> Message:
    """What ``record`` says of a night changed while its hand was entered: why the hand cannot
    follow the change, where it cannot."""
    from ...night.errors import Refused
    from .verdict import refusal

    if stale.why is None:
        return msg("the file changed while this hand was entered; nothing was written")
    why = stale.why
    if isinstance(why, Refused):
        why = refusal((why.number, why.settled))
    return msg("the file changed while this hand was entered, and {why}", why=why)


def _unwritten_words(why) -> Message:
    """What ``record`` says of a file it cannot write (a full disk: exit 4)."""
    return msg("cannot write the file: {why}; nothing was written", why=why)
