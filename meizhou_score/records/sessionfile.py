"""The night's session file on disk: grown a hand at a time, never left half-written.

``record`` appends a hand as text and ``undo`` cuts the last one out, so the
hands before it, the comments and the formatting stay byte for byte as the
user wrote them. Every change is checked by reading the new text back (the
hands before it must be exactly the old ones), written to a temporary file
in the same folder, flushed to disk and renamed over the original: a crash
at any moment leaves the old file or the new one. A lock on the folder keeps
two ``record`` runs from writing at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import RecordError, SessionFileError
from ..i18n.messages import at, cannot_read, msg
from . import readback
from .filewrite import locked as locked  # the night's lock and writer, where callers know them
from .filewrite import write as write
from .kept import read_regular
from .loader import DEFAULT_LIMITS, Limits, load_yaml, read_text
from .rereading import Layout as Layout
from .rereading import reread
from .yamlout import hand_yaml, session_yaml

if TYPE_CHECKING:
    from yaml import Node

_BOM = b"\xef\xbb\xbf"


class SessionFile(NamedTuple):
    """A session file as read: its text (without a byte-order mark) and the data in it."""

    path: str
    text: str
    data: Any
    bom: bool
    newline: str  # "\n", or "\r\n" when the file was written so
    raw: bytes  # the file's bytes as read: another writer meanwhile shows as a difference here
    layout: Layout  # where the hands stand in ``text``


def read(
    path: str,
    limits: Limits = DEFAULT_LIMITS,
    before: SessionFile | None = None,
    name: str | None = None,
) -> SessionFile | None:
    """The session file at ``path``, or None when there is none yet
    (a 0-byte file is a new session too). ``before``, the file as read last: the hands whose text
    is unchanged since are not parsed again (:mod:`.rereading`). ``name``: what the messages and
    the file as read call it (the link the user named, where ``path`` is the file it was
    resolved to)."""
    name = path if name is None else name
    try:
        raw = read_regular(path, limits.session_bytes + 1)  # a device or a pipe is refused unread
    except OSError as exc:
        raise RecordError("", cannot_read(exc), name) from None
    if not raw:  # no file, or an empty one
        return None
    if len(raw) > limits.session_bytes:
        raise RecordError(
            "",
            msg("the file is larger than the limit for a session (MEIZHOU_MAX_SESSION_BYTES)"),
            name,
        )
    text = read_text(name, raw)  # the BOM, if any, is dropped here and put back on writing
    newline = "\r\n" if "\r\n" in text else "\n"
    again = reread(before, text, name) if before is not None else None
    if again is not None:
        return SessionFile(name, text, again[0], raw.startswith(_BOM), newline, raw, again[1])
    nodes: list[Node | None] = []
    data = load_yaml(text, name, nodes)
    if not isinstance(data, dict) or "hands" not in data:
        raise RecordError(
            "",
            msg(
                "not a session: a session file has players and a list of hands (this looks like "
                "a single hand record; record appends to sessions only)"
            ),
            name,
        )
    return SessionFile(
        name, text, data, raw.startswith(_BOM), newline, raw, _layout(nodes[0], text)
    )


def _layout(root: Node | None, text: str) -> Layout:
    """Where the ``hands`` list and its last item stand, from the root node the loader composed."""
    assert root is not None, "the loader gives the root node of a document it read"
    keys = [getattr(key, "value", None) for key, _ in root.value]
    node = root.value[keys.index("hands")][1]
    block = getattr(node, "flow_style", True) is False and isinstance(node.value, list)
    items = node.value if block else []
    start = items[-1].start_mark.index if items else node.start_mark.index
    end = items[-1].end_mark.index if items else node.end_mark.index
    rest = text[max(end, node.end_mark.index) :]
    closed = all(not line.strip() or line.lstrip().startswith("#") for line in rest.splitlines())
    return Layout(
        node.start_mark.column,
        block,
        keys[-1] == "hands",
        len(items),
        start,
        end,
        closed,
        tuple(item.start_mark.index for item in items),
    )


def unchanged(
    session: SessionFile | None, path: str, limits: Limits = DEFAULT_LIMITS
) -> SessionFile | None:
    """The file now: ``session`` itself when its bytes have not changed since it was read
    (no second parse)."""
    try:
        raw = read_regular(path, limits.session_bytes + 1) or b""
    except OSError as exc:
        raise RecordError("", cannot_read(exc), path) from None
    if session is not None and raw == session.raw:
        return session
    return read(path, limits) if raw else None


def new_session(
    path: str,
    head: dict[str, Any],
    hand: dict[str, Any],
    lang: str = "en",
    comments: list[str] | None = None,
) -> str:
    """A new session file's text: its head (date, players, stake, rules) and its first hand,
    checked; the comment at its top in the player's language ``lang`` (or ``comments``, kept)."""
    text = session_yaml(
        list(head["players"]),
        head["stake"],
        head.get("rules"),
        head.get("date"),
        lang=lang,
        comments=comments,
    ) + hand_yaml(hand, 2)
    meant = {**{k: v for k, v in head.items() if v is not None and k != "hands"}, "hands": [hand]}
    readback.check_new(path, text, meant)
    return text


def _hands(session: SessionFile) -> Layout:
    """The ``hands`` list's layout; a list written [...] on one line cannot be grown or cut as
    text."""
    layout = session.layout
    if not layout.block:
        raise SessionFileError(
            at(
                session.path,
                msg(
                    "hands: written as [...] on one line; record and undo change only a list "
                    "written one '- ' item per hand"
                ),
            )
        )
    return layout


def with_hand(session: SessionFile, hand: dict[str, Any]) -> str:
    """The file's text with ``hand`` appended at the end, as a new item of ``hands:``.

    The new item is read back on its own and compared with ``hand``; where the file ends with its
    hands (comments aside), that is what the whole file then reads as. Any other layout is read back
    whole.
    """
    layout = _hands(session)
    if not layout.last:
        raise SessionFileError(
            at(
                session.path,
                msg(
                    "hands: is not the last key of the file, so a hand appended at the end would "
                    "not belong to it; move hands: to the end"
                ),
            )
        )
    text = session.text
    if text and not text.endswith("\n"):
        text += session.newline
    item = hand_yaml(hand, layout.column, session.newline)
    if layout.closed and layout.items:
        if readback.plain(
            readback.read_back(session.path, "hands:" + session.newline + item)
        ) != readback.plain({"hands": [hand]}):
            raise SessionFileError(
                at(session.path, msg("the file could not be written as meant; nothing was written"))
            )
        return text + item
    new = text + item
    readback.check(session.path, session.data, new, session.data["hands"], [hand])
    return new


def without_last(session: SessionFile) -> tuple[str, str]:
    """(the file's text without its last hand, that hand's text as written);
    comments after it stay."""
    if not session.data.get("hands"):
        raise SessionFileError(at(session.path, msg("the session has no hand to take back")))
    layout = _hands(session)
    start, end = _last_item(session.text, layout)
    if layout.items < 2:
        return _emptied(session), session.text[start:end]
    new = session.text[:start] + session.text[end:]
    readback.check(session.path, session.data, new, session.data["hands"][:-1], [])
    return new, session.text[start:end]


def _emptied(session: SessionFile) -> str:
    """The file with no hand left (``undo`` of the only one): the table as it was, and
    ``hands: []``, so that ``record`` goes on with the same players, stake and rules from hand 1."""
    data = session.data
    head = session_yaml(
        [str(p) for p in data["players"]],
        data.get("stake", 1),
        data.get("rules"),
        str(data["date"]) if data.get("date") is not None else None,
        session.newline,
        comments=head_comments(session.text),
    )
    new = head.rstrip("\r\n") + " []" + session.newline
    readback.check_new(
        session.path, new, {**{k: v for k, v in data.items() if k != "hands"}, "hands": []}
    )
    return new


def with_first(session: SessionFile, hand: dict[str, Any]) -> str:
    """An emptied session's text (``hands: []``) with its first hand: the table as it stands,
    then ``hand``."""
    data = session.data
    head = {
        "date": str(data["date"]) if data.get("date") is not None else None,
        "players": data["players"],
        "stake": data.get("stake", 1),
        "rules": data.get("rules"),
    }
    return new_session(session.path, head, hand, comments=head_comments(session.text))


def head_comments(text: str) -> list[str]:
    """The comment lines at the top of a file (in whatever language they were written), kept when
    its head is written again."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines


def with_last_replaced(session: SessionFile, hand: dict[str, Any]) -> str:
    """The file's text with its last hand replaced by ``hand`` (``record --amend``);
    comments after it stay."""
    layout = _hands(session)
    if not layout.last:
        raise SessionFileError(
            at(session.path, msg("hands: is not the last key of the file; move hands: to the end"))
        )
    start, end = _last_item(session.text, layout)
    new = (
        session.text[:start] + hand_yaml(hand, layout.column, session.newline) + session.text[end:]
    )
    readback.check(session.path, session.data, new, session.data["hands"][:-1], [hand])
    return new


def with_hand_replaced(session: SessionFile, number: int, hand: dict[str, Any]) -> str:
    """The file's text with hand ``number`` (from 1) replaced by ``hand``;
    every other hand stays as written."""
    layout = _hands(session)
    if number == layout.items:
        return with_last_replaced(session, hand)
    text = session.text
    start, end = _line_of(text, layout.starts[number - 1]), _line_of(text, layout.starts[number])
    new = text[:start] + hand_yaml(hand, layout.column, session.newline) + text[end:]
    hands = session.data["hands"]
    readback.check(session.path, session.data, new, hands[: number - 1], [hand], hands[number:])
    return new


def _line_of(text: str, index: int) -> int:
    """Where the line of an item's first character starts (the line of its dash)."""
    dash = text.rindex("-", 0, index)
    start = text.rfind("\n", 0, dash) + 1
    return dash if text[start:dash].strip() else start


def _last_item(text: str, layout: Layout) -> tuple[int, int]:
    """Where the last hand's text starts (its dash's line) and ends:
    before the comment lines that close the file."""
    last = layout.last
    dash = text.rindex("-", 0, layout.last_start)
    start = text.rfind("\n", 0, dash) + 1  # the whole line the dash stands on
    if text[start:dash].strip():
        start = dash
    if not last:
        return start, layout.last_end
    end = len(text)
    lines = text[start:].splitlines(keepends=True)
    while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        end -= len(
            lines.pop()
        )  # a comment (or blank line) after the last hand is the user's, not the hand's
    return start, end


def with_hands_changed(
    session: SessionFile, changes: dict[int, dict[str, Any] | None], appended: list[dict[str, Any]]
) -> str:
    """The file's text with several hands corrected at once (``reconcile --apply``): each hand
    ``number`` (from 1) in ``changes`` replaced by its hand, or taken out where that is None, then
    ``appended`` after the last; every other hand, comment and line stays as written."""
    layout = _hands(session)
    if appended and not layout.last:
        raise SessionFileError(
            at(session.path, msg("hands: is not the last key of the file; move hands: to the end"))
        )
    text = session.text
    for number in sorted(changes, reverse=True):  # from the end: earlier places do not move
        if number == layout.items:
            start, end = _last_item(text, layout)
        else:
            start = _line_of(text, layout.starts[number - 1])
            end = _line_of(text, layout.starts[number])
        hand = changes[number]
        item = hand_yaml(hand, layout.column, session.newline) if hand is not None else ""
        text = text[:start] + item + text[end:]
    if appended and text and not text.endswith("\n"):
        text += session.newline
    for hand in appended:
        text += hand_yaml(hand, layout.column, session.newline)
    hands = session.data["hands"]
    meant = [changes.get(n, hand) for n, hand in enumerate(hands, start=1)]
    readback.check(
        session.path, session.data, text, [], [h for h in meant if h is not None] + appended
    )
    return text
