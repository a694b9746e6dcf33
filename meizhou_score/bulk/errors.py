"""The bulk room's errors, each with the fields its caller says it from: :class:`Unreadable` (an
input a worker could not read), :class:`Missing` (Dask not installed), :class:`NotDask` (what
answered is not a Dask scheduler). ``cli/audit/command.py`` says each in the player's language.

Each keeps its fields as its arguments too, so that it pickles whole from a worker to the caller.
"""

from __future__ import annotations


class Unreadable(Exception):
    """An input a worker could not read: its ``path``, the ``errno`` and the system's ``words``,
    said as a read error."""

    def __init__(self, path: str, errno: int, words: str) -> None:
        super().__init__(path, errno, words)
        self.path, self.errno, self.words = path, errno, words


class Missing(Exception):
    """Dask is not installed: ``why``, what the import said."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class NotDask(Exception):
    """What answered at the address does not speak Dask's protocol: ``why`` says how."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why
