"""A session file's new text read back before it is written (讀回): it must hold what was meant.

Every change :mod:`.sessionfile` makes as text (a hand appended, replaced, taken back, several
hands corrected at once) is parsed again here and compared with the data meant, so that a layout
the text surgery did not foresee is refused ("nothing was written") rather than written wrong.
"""

from __future__ import annotations

from typing import Any

from ..errors import RecordError, SessionFileError
from ..i18n.messages import at, msg
from .loader import load_yaml


def check(
    path: str,
    was: Any,
    new: str,
    hands_before: list[Any],
    added: list[Any],
    hands_after: list[Any] | None = None,
) -> None:
    """The new text must read back as the same session as ``was`` (``path``'s data as read):
    ``hands_before`` as they were, then
    ``added`` as meant, then ``hands_after`` as they were; the keys around the hands unchanged."""
    data = read_back(path, new)
    after = hands_after or []
    cut = len(hands_before) + len(added)
    same = (
        isinstance(data, dict)
        and isinstance(data.get("hands"), list)
        and data["hands"][: len(hands_before)] == hands_before
        and plain(data["hands"][len(hands_before) : cut]) == plain(added)
        and data["hands"][cut:] == after
        and {k: v for k, v in data.items() if k != "hands"}
        == {k: v for k, v in was.items() if k != "hands"}
    )
    if not same:
        raise SessionFileError(
            at(
                path,
                msg(
                    "the file could not be changed safely (its layout is unusual); nothing was "
                    "written"
                ),
            )
        )


def check_new(path: str, new: str, meant: dict[str, Any]) -> None:
    """A new file must read back as exactly the session meant."""
    if plain(read_back(path, new)) != plain(meant):
        raise SessionFileError(
            at(path, msg("the file could not be written as meant; nothing was written"))
        )


def read_back(path: str, new: str) -> Any:
    try:
        return load_yaml(new, path)
    except RecordError as exc:
        raise SessionFileError(
            at(
                path,
                msg(
                    "the file could not be changed safely ({why}); nothing was written",
                    why=exc.message,
                ),
            )
        ) from None


def plain(value: Any) -> Any:
    """Data as compared after writing: dates as their ISO text, numbers by value,
    everything else as it is."""
    import datetime

    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value
