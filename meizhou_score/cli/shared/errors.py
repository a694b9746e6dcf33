"""The command line's own errors, each said by the error map (:mod:`.error_map`) or caught where
a question is asked: bad usage, a stop, a file not written, and the two that send ``record`` back
(a question, the whole hand)."""

from __future__ import annotations

import click

from ...i18n.messages import Message


class Usage(click.UsageError):
    """Bad usage, its words said in the player's language when shown (exit 2)."""

    def __init__(self, words: Message):
        super().__init__(str(words))
        self.words = words


class Stopped(Exception):
    """Ctrl-C at a question (exit 130): its one argument says what was kept."""


class Unwritten(Exception):
    """A file could not be written (a full disk, a folder that refuses): its words, said by ``run``
    with exit 4, as any output that could not be written."""


class Back(Exception):
    """``<`` typed at a question: the answers before the one asked are given again, and it is
    asked anew."""


class FromTheHand(Exception):
    """An answer that shows the hand itself was wrong (a robbed tile it holds twice): the hand is
    asked again."""
