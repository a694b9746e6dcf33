"""Plain text tables sized by display width (a Chinese character takes two cells),
with no dependency.

Every table the tool prints per hand — the hand, a session's totals, ``check``'s
waits and discards — and the ledger's tables are laid out here. A player runs
the CLI once per hand, and ``tabulate`` (with the ``wcwidth`` it loads) costs
more to import than settling the hand: about 60 ms of a 160 ms start. Only the
``rules`` reference, whose long cells wrap, still uses ``tabulate``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from unicodedata import combining, east_asian_width

LEFT, RIGHT = "left", "right"


def width(text: str) -> int:
    """Terminal cells: wide and full-width characters take two, combining marks none."""
    return sum(0 if combining(c) else 2 if east_asian_width(c) in "WF" else 1 for c in text)


def table(
    rows: Sequence[Sequence[Any]], headers: Sequence[str], align: Sequence[str] | None = None
) -> str:
    """Headings, a rule of dashes, then the rows; two spaces between columns, none at the end
    (tabulate's "simple").

    Each column is as wide as its widest cell and at least two cells wider than
    its heading; ``align`` is ``LEFT`` or ``RIGHT`` per column (all left when
    not given). Cells are trimmed of spaces at their ends, as tabulate does.
    """
    return _lay_out(
        [list(headers)] + [["" if c is None else str(c).strip() for c in row] for row in rows],
        align or [LEFT] * len(headers),
        margin=2,
    )


def columns(rows: list[list[str]]) -> str:
    """The first row as headings, underlined; text left-aligned, numbers right-aligned;
    no trailing spaces."""
    align = [
        RIGHT if all(_number(row[i]) for row in rows[1:]) else LEFT for i in range(len(rows[0]))
    ]
    return _lay_out(rows, align, margin=0)


def _lay_out(rows: list[list[str]], align: Sequence[str], margin: int) -> str:
    """Rows (headings first) padded to their column's width, with no trailing spaces.

    ``margin``: how many cells a column is at least wider than its heading.
    """
    sizes = [
        max([width(rows[0][i]) + margin] + [width(row[i]) for row in rows[1:]])
        for i in range(len(rows[0]))
    ]

    def line(cells: list[str]) -> str:
        out = []
        for cell, size, side in zip(cells, sizes, align, strict=False):  # as many as the headings
            pad = " " * (size - width(cell))
            out.append(pad + cell if side == RIGHT else cell + pad)
        return "  ".join(out).rstrip()

    return "\n".join(
        [line(rows[0]), "  ".join("-" * s for s in sizes)] + [line(row) for row in rows[1:]]
    )


def _number(text: str) -> bool:
    return text.lstrip("-+").replace(".", "", 1).isdigit()


def wrap(text: str, cells: int, indent: str = "", phrases: bool = False) -> str:
    """Lines of at most ``cells`` terminal cells: broken at spaces, or between Chinese
    characters — in Chinese text; an English line keeps its Chinese terms (清一色) whole, as
    words. With ``phrases`` (a table's cell, where a word broken in two reads as two words),
    Chinese breaks only after a space or a mark (、，；：）), or inside a phrase too long for
    a line of its own."""
    lines, line = [], ""
    english = sum(c.isascii() and c.isalpha() for c in text) > sum(
        east_asian_width(c) in "WF" for c in text
    )
    words: Iterable[str]
    if english:
        words = _spaced(text)
    else:
        words = _phrases(text, cells - width(indent)) if phrases else _words(text)
    for word in words:
        if line and width(line + word.rstrip()) > cells:
            lines.append(line.rstrip())
            line = indent + word.lstrip()
        else:
            line += word
    lines.append(line.rstrip())
    return "\n".join(lines)


def _spaced(text: str) -> Iterator[str]:
    """The words of an English line, each with its space."""
    parts = text.split(" ")
    for n, part in enumerate(parts):
        yield part + (" " if n < len(parts) - 1 else "")


_CLOSING = set(
    "，。、；：！？」』）》〉】"
)  # never begins a line: it stays with the character before
_OPENING = set("「『（《〈【")  # never ends a line: it stays with the character after


def _words(text: str) -> list[str]:
    """The pieces a line may break after: a word with its space, or one wide character (a closing
    mark kept with the character before it, an opening one with the character after)."""
    pieces: list[str] = []
    for piece in _pieces(text):
        if pieces and (piece[0] in _CLOSING or pieces[-1][-1] in _OPENING):
            pieces[-1] += piece
        else:
            pieces.append(piece)
    return pieces


def _phrases(text: str, cells: int) -> Iterator[str]:
    """The pieces a cell's Chinese may break after: a phrase ending in a space or a closing mark;
    a phrase wider than ``cells`` in the pieces of :func:`_words`."""
    phrase: list[str] = []
    for piece in [*_words(text), " "]:
        phrase.append(piece)
        if piece.endswith(" ") or piece[-1] in _CLOSING:
            said = "".join(phrase)
            yield from [said] if width(said.rstrip()) <= cells else phrase
            phrase = []


def _pieces(text: str) -> Iterator[str]:
    word = ""
    for char in text:
        if east_asian_width(char) in "WF":
            if word:
                yield word
                word = ""
            yield char
        elif char == " ":
            yield word + " "
            word = ""
        else:
            word += char
    if word:
        yield word


def fit(text: str, cells: int | None) -> str:
    """``text`` for a screen ``cells`` wide: each longer line wrapped at word boundaries (or between
    Chinese characters), its continuation indented two cells beyond the line's own indent; tables
    are kept whole (a line with columns — two spaces between words — or a rule of dashes is
    never broken)."""
    if not cells:
        return text
    out = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        if width(line) <= cells or _tabular(body):
            out.append(line)
            continue
        indent = " " * (len(line) - len(body))
        out.append(wrap(line, cells, indent=indent + "  "))
    return "\n".join(out)


def _tabular(body: str) -> bool:
    return "  " in body.rstrip() or (bool(body) and set(body) <= {"-", "=", " "})


def wrap_choices(question: str, cells: int) -> str:
    """A question of choices (``Who won? [1] Ah Fook  [2] Mei …``) in lines of at most ``cells``,
    broken between its choices (two spaces apart) where it can be,
    and within one only when it is wider than a line."""
    if width(question) <= cells:
        return question
    lines = [""]
    for piece in question.split("  "):
        joined = lines[-1] + ("  " if lines[-1].strip() else "") + piece
        if lines[-1].strip() and width(joined) > cells:
            lines.append("  " + piece)
        else:
            lines[-1] = joined
    return "\n".join(
        wrap(line, cells, indent="  ") if width(line) > cells else line for line in lines
    )
