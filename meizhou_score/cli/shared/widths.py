"""Text measured as a terminal shows it (顯示寬度): a Chinese character takes two cells, and a
line of Chinese may break between any two characters, never before a closing mark (，。、）」)
nor after an opening one (（「). click wraps its help by len(); :func:`~.speaking.speaking` lends
it these while it speaks Chinese."""

from __future__ import annotations

import re

import click._textwrap
from wcwidth import wcswidth, wcwidth

_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")
# a line never starts with these
_NO_START = set("，。、：；！？）」』”’］】》〉…%,.;:!?)]")
_NO_END = set("（「『“‘［【《〈([")  # nor ends with these


def cells(text: str) -> int:
    """How many cells ``text`` takes on a terminal (ANSI colours take none)."""
    plain = _ANSI.sub("", text)
    width = wcswidth(plain)
    return width if width >= 0 else sum(max(wcwidth(c), 0) for c in plain)


def _wide(char: str) -> bool:
    return wcwidth(char) == 2


def _pieces(chunk: str) -> list[str]:
    """One chunk cut where a line may break: between wide characters, ASCII runs and typed values
    (a half-width colon inside) kept whole, each closing mark kept with what precedes it and each
    opening mark with what follows."""
    if not any(_wide(c) for c in chunk) or ":" in chunk.rstrip(":"):
        return [chunk]  # ASCII, or a value typed as it is (阿君:暗槓:1z): never broken inside
    pieces: list[str] = []
    for char in chunk:
        if pieces and (
            char in _NO_START
            or pieces[-1][-1] in _NO_END
            or not (_wide(char) or _wide(pieces[-1][-1]))
        ):
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


class WideWrapper(click._textwrap.TextWrapper):
    """click's wrapper measuring cells, not characters, and breaking lines inside Chinese."""

    def _split(self, text: str) -> list[str]:
        return [piece for chunk in super()._split(text) for piece in _pieces(chunk)]

    def _wrap_chunks(self, chunks: list[str]) -> list[str]:
        lines: list[str] = []
        chunks = list(reversed(chunks))
        while chunks:
            indent = self.subsequent_indent if lines else self.initial_indent
            width = max(self.width - cells(indent), 1)
            if self.drop_whitespace and lines and not chunks[-1].strip():
                chunks.pop()
                continue
            line: list[str] = []
            used = 0
            while chunks and used + cells(chunks[-1]) <= width:
                used += cells(chunks[-1])
                line.append(chunks.pop())
            if not line and chunks:  # one piece wider than the line: cut it by cells
                line.append(_cut(chunks, width))
            if self.drop_whitespace and line and not line[-1].strip():
                line.pop()
            if line:
                lines.append(indent + "".join(line))
        return lines


def _cut(chunks: list[str], width: int) -> str:
    """As much of the next piece as fits in ``width`` cells (one character at least)."""
    piece, taken, used = chunks[-1], 0, 0
    while taken < len(piece) and (taken == 0 or used + cells(piece[taken]) <= width):
        used += cells(piece[taken])
        taken += 1
    head, rest = piece[:taken], piece[taken:]
    if rest:
        chunks[-1] = rest
    else:
        chunks.pop()
    return head
