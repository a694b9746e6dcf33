"""What untrusted input may hold (不可信的輸入), one rule for every door: a file (YAML), a
line of ``settle --jsonl`` and a body the page POSTs.

Each is nested at most :data:`MAX_DEPTH` deep, writes no key twice in one mapping (the last one
must never silently win) and holds only text UTF-8 can write (no lone surrogate). The refusals
are catalog messages (:mod:`..i18n.messages`), said in the reader's language by whoever shows
them: the command line's error, the bulk line's ``error``, the page's 4xx answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ..i18n.messages import Message, msg

MAX_DEPTH: Final = 8  # a session nests 5 deep (hands, a hand, its kongs, a kong); house rules 3
_OPEN, _CLOSE, _QUOTE, _ESCAPE = b"[{", b"]}", ord('"'), ord("\\")


class Refused(ValueError):
    """Untrusted input this module refuses: its one argument, the :class:`Message` saying why."""

    def __init__(self, message: Message):
        super().__init__(message)
        self.message = message


def nested() -> Message:
    """The words for input nested deeper than :data:`MAX_DEPTH`."""
    return msg("nested more than {limit} deep; no hand record or session is", limit=MAX_DEPTH)


def twice(key: Any) -> Message:
    """The words for a key written twice in one mapping."""
    return msg("the key {key!r} appears twice", key=key)


def lone_surrogate() -> Message:
    """The words for text holding half of a UTF-16 pair, which UTF-8 cannot write."""
    return msg("not text: a lone surrogate (\\ud800)")


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's ``object_pairs_hook``: the mapping, or :class:`Refused` when a key is written
    twice."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise Refused(twice(key))
        found[key] = value
    return found


def too_deep_text(data: bytes) -> bool:
    """Whether the JSON text ``data`` nests arrays and objects deeper than :data:`MAX_DEPTH`
    (strings skipped): decided on the bytes, before a parser could recurse."""
    depth, in_string, escaped = 0, False, False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == _ESCAPE:
                escaped = True
            elif byte == _QUOTE:
                in_string = False
        elif byte == _QUOTE:
            in_string = True
        elif byte in _OPEN:
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif byte in _CLOSE:
            depth -= 1
    return False


def too_deep(value: Any) -> bool:
    """Whether decoded data (a list or a mapping) nests deeper than :data:`MAX_DEPTH`."""
    return keys_within_depth(value) is None


def keys_within_depth(value: Any, depth: int = 1) -> int | None:
    """How many keys the mappings in ``value`` (a list or a mapping) hold at every depth, or None
    when it nests deeper than :data:`MAX_DEPTH`: the one walk of the depth, which bulk lines also
    use to count keys (what a line may nest never depends on a process's stack)."""
    if depth > MAX_DEPTH:
        return None
    found = 0
    inner: Iterable[Any] = value
    if type(value) is dict:
        found = len(value)
        inner = value.values()
    for item in inner:
        if type(item) is dict or type(item) is list:
            below = keys_within_depth(item, depth + 1)
            if below is None:
                return None
            found += below
    return found


def refusal(value: Any) -> tuple[str, Message] | None:
    """What decoded input (a file's YAML, a line's JSON) may not hold: (the key path, why), or
    None. Nested deeper than :data:`MAX_DEPTH` first, then a lone surrogate; a key written twice
    is refused while the input is decoded (:func:`no_duplicates`, the YAML loader)."""
    if (type(value) is dict or type(value) is list) and too_deep(value):
        return "", nested()
    where = unwritable(value)
    return None if where is None else (where, lone_surrogate())


def unwritable(value: Any, where: str = "") -> str | None:
    """The key path of the first text in ``value`` that UTF-8 cannot hold (a lone surrogate), or
    None; ``"(body)"`` when ``value`` itself is such a text."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where or "(body)"
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            safe = str(key).encode("utf-8", "backslashreplace").decode("utf-8")
            path = f"{where}.{safe}" if where else safe
            found = unwritable(key, path) or unwritable(item, path)
            if found:
                return found
    elif isinstance(value, list):
        for n, item in enumerate(value):
            found = unwritable(item, f"{where}[{n}]")
            if found:
                return found
    return None
