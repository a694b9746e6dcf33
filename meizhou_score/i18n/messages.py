"""The words of every error a player may read (錯誤訊息), in English and Chinese.

An error is raised with a :class:`Message`: its English template and the
values to fill in, kept apart until a language is chosen. The English
template is also the key of its Chinese translation in ``_CHINESE`` below,
one line a message, so a test can check that every template raised anywhere
in the package has its translation, with the same blanks.

Values that are themselves messages (``expected {expected}; got {found}``
with ``expected`` = ``a mapping``) are said in the same language; tuples are
listed with ``, `` in English and ``、`` in Chinese.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from .catalog import catalog, register
from .language import language


@runtime_checkable
class Sayable(Protocol):
    """What says itself in a language: a :class:`Message`, the package's errors."""

    def say(self, lang: str = "en") -> str: ...


class Message:
    """An error's words: an English template and its values, said in a language when shown."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: Any):
        self.template = template
        self.values = values

    def say(self, lang: str = "en") -> str:
        said = self._said(lang)
        if self.template in TILE_ERRORS:  # a bad tile: every form a tile is written in, at once
            notation = msg(
                "a tile is a number and a suit: 1m–9m (萬), 1p–9p (筒), 1s–9s (條), "
                "1z–7z (字: 東南西北白發中)"
            )
            return msg("{error}; {notation}", error=said, notation=notation).say(lang)
        return said

    def _said(self, lang: str) -> str:
        template = template_in(self.template, lang)
        if not self.values and not language(lang).chinese:
            return template
        values = counted({key: _said(value, lang) for key, value in self.values.items()})
        return language(lang).fill(template, values)

    def __str__(self) -> str:
        return self.say("en")

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.values!r})"

    def __add__(self, other: Message | str) -> Message:
        return Message("{first}{then}", first=self, then=other)

    def __radd__(self, other: str) -> Message:
        return Message("{first}{then}", first=other, then=self)


msg = Message


class Named(Message):
    """An id a player types (``concealed``, ``next``), said with its Chinese words beside it where
    the reader reads Chinese: ``concealed（暗槓）``; as typed in English."""

    __slots__ = ("words",)

    def __init__(self, id: str, words: str):
        super().__init__(id)
        self.words = words  # in Traditional, as the catalogs write our Chinese

    def _said(self, lang: str) -> str:
        if not language(lang).chinese:
            return self.template
        from .scripts import in_script

        return f"{self.template}（{in_script(self.words, lang)}）"

    def __reduce__(self) -> tuple[type[Named], tuple[str, Any]]:
        return (Named, (self.template, self.words))


# The tile notation's errors (engine/tiles.py): each ends with how tiles are written, so that a
# newcomer who typed a bad tile reads every suit and its numbers in their own language.
TILE_ERRORS = frozenset(
    {
        "unexpected {char!r} at column {column} in {text!r}",
        "unexpected {char!r} at column {column} in {text!r}: no number before the suit",
        "unexpected {char!r} at column {column} in {text!r}: a number with no suit after it",
        "no such tile '{digit}{suit}' in {text!r}",
        "no such tile '{digit}{suit}'",
    }
)


class Count(int):
    """A whole number said in a sentence: ``{hands} hand{hands:s}`` gives "1 hand" and "4 hands"
    (English templates only; Chinese has no plural)."""

    def __format__(self, spec: str) -> str:
        if spec == "s":
            return "" if self == 1 else "s"
        if spec == "ies":  # {count} cop{count:ies}: 1 copy, 3 copies
            return "y" if self == 1 else "ies"
        return int.__format__(int(self), spec)


def counted(values: Mapping[str, object]) -> dict[str, object]:
    """``values`` with every whole number (not a flag) made a :class:`Count`."""
    return {key: Count(value) if type(value) is int else value for key, value in values.items()}


def say(words: Any, lang: str = "en") -> str:
    """A message, an error carrying one, or plain text, in ``lang``."""
    if isinstance(words, Message):
        return words.say(lang)
    if isinstance(words, BaseException):
        if isinstance(words, Sayable):
            return words.say(lang)
        return say(words.args[0], lang) if len(words.args) == 1 else str(words)
    return str(words)


def _said(value: Any, lang: str) -> Any:
    if isinstance(value, (Message, BaseException)):
        return say(value, lang)
    if isinstance(value, tuple):
        return language(lang).join(_said(v, lang) for v in value)
    return value


def template_in(template: str, lang: str) -> str:
    """The template of a message (its English words are its id) in ``lang``'s catalog."""
    return catalog(lang, "messages").get(template, template)


def at(where: Any, message: Any) -> Message:
    """``where: message`` — a file, a flag or a key path before what is wrong there (full-width
    colon in Chinese); a file's name shown with its control characters escaped (``visible``)."""
    from .visible import visible

    return msg(
        "{path}: {message}",
        path=visible(where) if isinstance(where, str) else where,
        message=message,
    )


def cannot_read(exc: OSError) -> Message:
    """A file the system would not let us read, and its reason."""
    return msg("cannot read the file: {why}", why=reason(exc))


def foreign(text: str) -> Message:
    """Words another library wrote (PyYAML's syntax errors): said in Chinese when the table below
    knows them."""
    return Message(text)


# The system's reasons a player meets most, by errno: each the words of glibc's strerror (the id
# of its translation), so that they are said in the player's language whatever the system's
# own words are; any other errno is said as the system says it.
OS_REASONS = {
    errno.ENOENT: "No such file or directory",
    errno.EACCES: "Permission denied",
    errno.EISDIR: "Is a directory",
    errno.ENOTDIR: "Not a directory",
    errno.EEXIST: "File exists",
    errno.ENOSPC: "No space left on device",
    errno.EROFS: "Read-only file system",
    errno.ELOOP: "Too many levels of symbolic links",
    errno.EPERM: "Operation not permitted",
    errno.EFBIG: "File too large",  # RLIMIT_FSIZE, or the file system's own limit
    errno.EDQUOT: "Disk quota exceeded",
}


def reason(exc: OSError) -> Message:
    """Why the system refused a file: the common reasons (:data:`OS_REASONS`) in the player's
    language, any other in the system's own words."""
    known = OS_REASONS.get(exc.errno) if isinstance(exc.errno, int) else None
    return msg(known) if known else foreign(exc.strerror or str(exc))


def chinese(template: str) -> str | None:
    """The Chinese template of an English one (for the tests), or None."""
    return _chinese_table().get(template)


def message_ids() -> list[str]:
    """Every message's id (its English template), as the Traditional catalog lists them."""
    return list(_chinese_table())


_CHINESE: dict[str, str] = {}


def _chinese_table() -> dict[str, str]:
    """English template → Chinese, read from the table below when Chinese is first needed."""
    if not _CHINESE:
        from .seat_words import MESSAGES as SEAT
        from .zh_hant_messages import TABLE

        for line in (TABLE + SEAT).strip("\n").split("\n"):
            if not line.startswith("#"):
                english, chinese = line.split(" | ")  # one separator a line, or the table is wrong
                _CHINESE[english] = chinese
    return _CHINESE


_SIMPLIFIED: dict[str, str] = {}


def _simplified_table() -> dict[str, str]:
    """English template → 简体, the hand-written catalog (never converted from 繁體)."""
    if not _SIMPLIFIED:
        from .zh_hans_cli_messages import COMMAND_LINE
        from .zh_hans_messages import GAME

        for line in (GAME + COMMAND_LINE).strip("\n").split("\n"):
            english, chinese = line.split(" | ")
            _SIMPLIFIED[english] = chinese
    return _SIMPLIFIED


def _register() -> None:
    register("zh-Hant", "messages", _chinese_table)
    register("zh-Hans", "messages", _simplified_table)
    register("en", "messages", lambda: {key: key for key in _chinese_table()})  # ids are the words


_register()
