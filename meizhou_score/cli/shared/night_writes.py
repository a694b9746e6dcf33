"""A write through the night service answered the one way every command answers it: the link
re-pointed (:class:`~meizhou_score.night.errors.Moved`) said in its own words, a night changed
meanwhile (:class:`~meizhou_score.night.errors.Stale`) and a file that cannot be written
(``OSError``) each said at the file, in the words the command gives for what it left undone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ...errors import MeizhouError
from ...i18n.messages import Message, at, reason

if TYPE_CHECKING:
    from ...night.errors import Stale


@contextmanager
def refused_writes(
    path: object,
    stale: Callable[[Stale], Message],
    unwritten: Callable[[Message], Message],
    unwritten_as: type[Exception] = MeizhouError,
) -> Iterator[None]:
    """The block's write through the night service, its refusals said at ``path``: ``stale``
    gives the words for a night changed meanwhile, ``unwritten`` those for a file that cannot be
    written (given why), raised as ``unwritten_as`` (``Unwritten``, exit 4, where the command says
    a full disk so); a moved link says its own words. Each is a :class:`MeizhouError` otherwise."""
    from ...night.errors import Moved, Stale

    try:
        yield
    except Moved as moved:  # the link names another night now: nothing done to it
        raise MeizhouError(moved.args[0]) from None
    except Stale as exc:
        raise MeizhouError(at(path, stale(exc))) from None
    except OSError as exc:
        raise unwritten_as(at(path, unwritten(reason(exc)))) from None
