"""The package's own error types.

The library raises these; only ``cli.py`` turns them into messages and exit
codes (the exit codes in README.md). Every one is a ``ValueError``, so callers who do not care
about the distinction can catch that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .i18n.messages import Message


class MeizhouError(ValueError):
    """Base class of every error this package raises on bad input (the CLI exits 2).

    Its one argument is a :class:`~meizhou_score.messages.Message`, said in
    English by ``str()`` and in either language by :meth:`say`.
    """

    def say(self, lang: str = "en") -> str:
        from .i18n.messages import say

        return say(self.args[0], lang) if self.args else ""


class TileError(MeizhouError):
    """Text that is not valid tile notation (牌), quoted with its column."""


class RecordError(MeizhouError):
    """A hand record, session or rules file that breaks the format (docs/rules.md, “The files”).

    ``path`` is the key path inside the document (``hands[2].kongs[0].type``);
    ``source`` is the file name, filled in by whoever read the file.
    """

    def __init__(self, path: str | Message, message: Message, source: str | None = None):
        self.path = path
        self.message = message
        self.source = source
        super().__init__(self.say("en"))

    def with_source(self, source: str) -> RecordError:
        return type(self)(self.path, self.message, source)

    def __str__(self) -> str:
        # worded once, when raised (nothing changes an error after): bulk mode words each
        # refused line's error, and wording it again cost 2% of a line on average
        return str(self.args[0])

    def say(self, lang: str = "en") -> str:
        from .i18n.language import language
        from .i18n.messages import say
        from .i18n.visible import visible

        colon = language(lang).colon
        parts = [visible(self.source or ""), say(self.path, lang), say(self.message, lang)]
        return colon.join(part for part in parts if part)


class RulesError(RecordError):
    """A house-rules mapping with an unknown key or an out-of-range value."""


class EntryError(MeizhouError):
    """An answer typed at ``record`` that cannot be right (a bad tile, a name not at the table)."""


class HandConflict(EntryError):
    """A winning tile that shows the hand is wrong, not the tile: a robbed tile the hand holds twice
    (R7)."""


class SessionFileError(MeizhouError):
    """A session file that ``record`` or ``undo`` cannot safely change."""


class OutputError(MeizhouError):
    """An output path that is refused: a folder, an input of the command,
    or a node of another kind."""


class LedgerError(MeizhouError):
    """A ledger that cannot be opened or changed, or a night or player it does not hold.

    ``disk``: SQLite said the disk refused the write (full, or an I/O error): the server answers
    507, nothing was added."""

    def __init__(self, message: Message, *, disk: bool = False) -> None:
        super().__init__(message)
        self.disk = disk
