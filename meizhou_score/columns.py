"""Plain text columns sized by display width (a Chinese character takes two cells), with no dependency.

For the ledger's tables, which are printed by a command that should start
fast: ``tabulate`` and ``wcwidth`` cost more to import than the query takes.
"""

from __future__ import annotations

from unicodedata import east_asian_width


def width(text: str) -> int:
    """Terminal cells: wide and full-width characters take two."""
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in text)


def columns(rows: list[list[str]]) -> str:
    """The first row as headings, underlined; text left-aligned, numbers right-aligned."""
    sizes = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
    numeric = [all(_number(row[i]) for row in rows[1:]) for i in range(len(rows[0]))]

    def line(cells: list[str]) -> str:
        out = []
        for cell, size, right in zip(cells, sizes, numeric):
            pad = " " * (size - width(cell))
            out.append(pad + cell if right else cell + pad)
        return "  ".join(out).rstrip()

    return "\n".join([line(rows[0]), line(["-" * s for s in sizes])] + [line(row) for row in rows[1:]])


def _number(text: str) -> bool:
    return text.lstrip("-+").replace(".", "", 1).isdigit()


def wrap(text: str, cells: int, indent: str = "") -> str:
    """Lines of at most ``cells`` terminal cells: broken at spaces, or between Chinese characters."""
    lines, line = [], ""
    for word in _words(text):
        if line and width(line + word.rstrip()) > cells:
            lines.append(line.rstrip())
            line = indent + word.lstrip()
        else:
            line += word
    lines.append(line.rstrip())
    return "\n".join(lines)


def _words(text: str):
    """The pieces a line may break after: a word with its space, or one wide character."""
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
