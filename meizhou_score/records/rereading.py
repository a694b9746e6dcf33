"""A night's file read again after another writer changed it: only the hands whose text changed.

A night's file grows a hand at a time (``record``), loses its last (``undo``) or has one hand
rewritten (``--amend``); the other hands' text stays byte for byte. When the head before the
hands is unchanged and the hands are the file's last key, one ``- `` item a hand, the new text is
cut at each item's dash; an item whose text one of the file's items had as read before is that
item's data again, and only the others are parsed (each alone, at its own column). Whatever this
cannot be sure of — an anchor, an alias or a tag among the hands, a line that is no item's, an
item that does not parse alone as one — gives None, and the file is parsed whole, as before: the
same data, the same refusals, in the same words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..errors import RecordError
from .loader import load_yaml

if TYPE_CHECKING:
    from yaml import Node


class Layout(NamedTuple):
    """Where the ``hands:`` list stands in the text, found while the file was read
    (no second parse)."""

    column: int  # the column of each item's dash
    block: bool  # one '- ' item per hand (not [...] on one line)
    last: bool  # hands: is the file's last key
    items: int
    last_start: int  # the last item's first character, and the end of its text
    last_end: int
    # nothing but blank lines and comments after the list: a hand appended at the end is its own
    closed: bool
    starts: tuple[int, ...] = ()  # each item's first character


class AsRead(Protocol):
    """What a file as read gives a reading again (a :class:`~.sessionfile.SessionFile`)."""

    @property
    def text(self) -> str: ...

    @property
    def data(self) -> Any: ...

    @property
    def layout(self) -> Layout: ...


def reread(before: AsRead, text: str, source: str) -> tuple[Any, Layout] | None:
    """The data in ``text`` and where its hands stand, reusing what ``before`` read; None when the
    whole text must be parsed."""
    layout, old = before.layout, before.data.get("hands")
    if not (layout.block and layout.last and layout.items and isinstance(old, list)):
        return None
    if len(old) != layout.items:
        return None
    column = layout.column
    old_dashes = _dashes_before(before.text, layout.starts)
    if old_dashes is None:
        return None
    first = old_dashes[0]
    head = before.text[:first]
    if not text.startswith(head) or any(mark in text[first:] for mark in "&*!"):
        return None
    dashes = _dashes(text, first, column)
    if dashes is None:
        return None
    items = _items(before.text, old_dashes)
    offsets = [start - dash for start, dash in zip(layout.starts, old_dashes, strict=True)]
    was = list(zip(items, old, offsets, strict=True))
    known = {item: (hand, offset) for item, hand, offset in was}
    ends = [*dashes[1:], len(text)]
    hands: list[Any] = []
    starts: list[int] = []
    root: Node | None = None
    for n, (start, end) in enumerate(zip(dashes, ends, strict=True)):
        item = text[start:end]
        last = n == len(dashes) - 1
        # the item at its old place first (the cheapest to compare later: the very same data)
        reused = known.get(item) if n >= len(was) or was[n][0] != item else was[n][1:]
        if reused is not None and not last:
            hands.append(reused[0])
            starts.append(start + reused[1])
            continue
        nodes: list[Node | None] = []
        try:
            parsed = load_yaml(" " * column + item, source, nodes)
        except RecordError:  # its refusal is the whole file's to word
            return None
        if not isinstance(parsed, list) or len(parsed) != 1:
            return None
        hands.append(parsed[0])
        root = nodes[0]
        assert root is not None, "a list was read"
        starts.append(start - column + root.value[0].start_mark.index)
    assert root is not None, "the last item is always parsed"
    shift = dashes[-1] - column  # the last item's text starts at column ``column`` of its own
    end = root.value[0].end_mark.index + shift
    rest = text[max(end, root.end_mark.index + shift) :]
    closed = all(not line.strip() or line.lstrip().startswith("#") for line in rest.splitlines())
    data = {key: hands if key == "hands" else value for key, value in before.data.items()}
    where = Layout(column, True, True, len(hands), starts[-1], end, closed, tuple(starts))
    return data, where


def _items(text: str, starts: list[int]) -> list[str]:
    """Each item's text, from its dash to the next item's (the last to the end of the file)."""
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def _dashes_before(text: str, starts: tuple[int, ...]) -> list[int] | None:
    """The dash before each item's first character, nothing but spaces between; else None."""
    dashes = []
    for start in starts:
        dash = text.rfind("-", 0, start)
        if dash == -1 or text[dash + 1 : start].strip(" "):
            return None
        dashes.append(dash)
    return dashes


def _dashes(text: str, first: int, column: int) -> list[int] | None:
    """Where each item's dash stands, from ``first``: every line after it is blank, a comment,
    indented past ``column``, or an item's dash at ``column`` — else None."""
    if not text.startswith("-", first) or text[first + 1 : first + 2] not in (" ", "\n", "\r"):
        return None
    dashes = [first]
    at = text.find("\n", first)
    pad = " " * column
    while at != -1:
        line_start = at + 1
        at = text.find("\n", line_start)
        line = text[line_start : at if at != -1 else len(text)].rstrip("\r")
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if not body or body.startswith("#"):
            continue
        if indent > column and not body.startswith("\t"):
            continue
        if line.startswith(pad + "-") and line[column + 1 : column + 2] in ("", " "):
            dashes.append(line_start + column)
            continue
        return None
    return dashes
