"""Text shown as stored (看得見): what could take over a terminal or a line is shown as an
escape.

A file's name is whatever the file system allows: ESC, BEL, a carriage return, a direction
override (U+202E) can all be in it, and printed raw they retitle the terminal, clear the screen,
overwrite the line or show it backwards. Every file name put into a message or a table goes through
:func:`visible`; names and notes a player writes are refused for the same characters
(:func:`hidden`, used by ``records.names.controlled``).
"""

from __future__ import annotations

import unicodedata

# direction embeddings, overrides and isolates: U+202A–202E, U+2066–2069
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def hidden(c: str) -> bool:
    """Whether the character ``c`` would act rather than show: a control character (C0, C1: escape,
    carriage return, bell), a direction override or isolate, a line or paragraph separator (U+2028,
    U+2029: a line break to some readers and not to others), a lone surrogate, or a noncharacter
    (U+FDD0–FDEF and the last two code points of every plane, U+FFFE, U+FFFF …: not in XML)."""
    code = ord(c)
    return (
        unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")
        or c in _BIDI
        or 0xFDD0 <= code <= 0xFDEF
        or code & 0xFFFE == 0xFFFE
    )


def visible(text: str) -> str:
    """``text`` with each :func:`hidden` character written as its escape (``\\x1b``,
    ``\\u202e``), the rest as it is: ``evil\\x1b]0;pwned\\x07.yaml``."""
    if not any(hidden(c) for c in text):
        return text
    return "".join(_escape(c) if hidden(c) else c for c in text)


def _escape(c: str) -> str:
    code = ord(c)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
