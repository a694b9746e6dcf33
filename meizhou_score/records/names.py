"""Who a player is (玩家): a name as written, and the identity that says two spellings are one
person.

The one rule for every place that names a player — a record's ``players``,
``dealer``, ``winner``, ``robbed``, a kong's ``player`` and ``from``,
``claimed``; an answer typed at ``record``; the club's ledger. A table may
not seat two names with one identity (``Mei`` and ``MEI``, ``Ah Fook`` and
``Ah  Fook``): the ledger would count them as one person, the prompts could
not tell them apart.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any, Final

from ..engine.memo import Memo
from ..errors import RecordError
from ..i18n.messages import msg
from ..i18n.visible import hidden
from . import validators


def player_name(value: str | int) -> str:
    """A name as the table writes it: Unicode NFC (one way to write é), spaces at the ends
    dropped."""
    return unicodedata.normalize("NFC", str(value)).strip()


def identity(name: str | int) -> str:
    """The person behind a name: NFC, trimmed, inner spacing collapsed to one space, case folded."""
    return " ".join(unicodedata.normalize("NFC", str(name)).split()).casefold()


def same_person(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two of ``names`` that are one person written two ways, or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = identity(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


# ---------------------------------------------------------------- seating a table

MAX_NAME: Final = 64  # characters in a player's name


def seat(value: Any, path: str) -> tuple[str, ...]:
    """A table's four names in seat order (East, South, West, North), each checked and no person
    seated twice; ``path`` names them in an error.

    Four names each checked before (a log names its club's members again and again, at tables
    that change) are four look-ups and a set: the same cost whether the table plays on or every
    line seats four afresh."""
    if type(value) is list and len(value) == 4:
        known = _NAMED.get
        try:
            a, b, c, d = known(value[0]), known(value[1]), known(value[2]), known(value[3])
        except TypeError:  # a list or a mapping for a name: _seat says so
            return _seat(value, path)
        if a and b and c and d and len({a[1], b[1], c[1], d[1]}) == 4:
            return (a[0], b[0], c[0], d[0])
    return _seat(value, path)


# A name checked once, then known by its text: a log names its club's members again and again,
# whether a table plays on or every line seats four of them afresh.
_NAMED: Final[Memo[str, tuple[str, str]]] = Memo(
    "record.names", 4096, "a player's name as written: the name and its identity, checked once"
)


def _named(value: Any, path: str, n: int) -> tuple[str, str]:
    """(the name as the table writes it, its identity), checked by :func:`valid_name`; ``path``
    and ``n`` say where (``players[2]``) in an error only."""
    known = _NAMED.get(value) if type(value) is str else None
    if known is None:
        name = valid_name(value, validators.join(path, n))
        known = (name, identity(name))
        if type(value) is str:
            _NAMED.remember(value, known)
    return known


def _seat(value: Any, path: str) -> tuple[str, ...]:
    names = validators.sequence(value, path)
    if len(names) != 4:
        raise RecordError(
            path,
            msg(
                "expected exactly 4 players in seat order East, South, West, North; got {count}",
                count=len(names),
            ),
        )
    out: list[str] = []
    keys: list[str] = []
    for n, written in enumerate(names):
        name, key = _named(written, path, n)
        if key in keys:  # one person seated twice (the same name has the same identity)
            where = validators.join(path, n)
            if name in out:
                raise RecordError(
                    where, msg("{name!r} is already seated; the four names must differ", name=name)
                )
            raise RecordError(
                where,
                msg(
                    "{name!r} and {other!r} are one player written two ways; the four names must "
                    "differ by more than case and spacing",
                    name=out[keys.index(key)],
                    other=name,
                ),
            )
        out.append(name)
        keys.append(key)
    return tuple(out)


# the commas a table types between names, as either input method types them
_COMMAS: Final = re.compile(r"[,\uff0c\u3001]")  # , ， 、


def typed_table(text: str, path: str = "players") -> list[str]:
    """``A,B,C,D`` typed (``record --players``, its question, ``deal --players``, ``GET
    /api/deal``'s ``players``) → the four names in seat order, as typed but for the spaces at
    the ends: the rule :func:`seat` holds a file's ``players`` to (each name :func:`valid_name`,
    no person seated twice), said as a typed line is; ``path`` names them in an error."""
    names = [part.strip() for part in _COMMAS.split(text)]
    if len(names) != 4 or not all(names):
        raise RecordError(
            path,
            msg(
                "expected four names separated by commas, in seat order East, South, West, North; "
                "got {text!r}",
                text=text,
            ),
        )
    for n, name in enumerate(names):
        valid_name(name, validators.join(path, n))
    twice = same_person(names)
    if twice is not None and twice[0] == twice[1]:
        raise RecordError(path, msg("the four names must differ; got {text!r}", text=text))
    if twice is not None:
        raise RecordError(
            path,
            msg(
                "{name!r} and {other!r} are one player written two ways; the four names must "
                "differ by more than case and spacing",
                name=twice[0],
                other=twice[1],
            ),
        )
    return names


def valid_name(value: Any, where: str) -> str:
    """A name as the table writes it, or an error at ``where``: text (or a number), not blank, at
    most 64 characters, no control characters (a line break, an escape sequence), no invisible or
    broken ones."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise validators.fail(where, msg("a name (text; quote names such as 'Yes' or 'No')"), value)
    name = player_name(value)
    if not name:
        raise validators.fail(where, msg("a name"), value)
    if len(name) > MAX_NAME:
        raise RecordError(
            where,
            msg(
                "a name of {length:,} characters; at most {limit}", length=len(name), limit=MAX_NAME
            ),
        )
    if controlled(name):
        raise RecordError(
            where,
            msg(
                "a name may not hold control characters or broken Unicode; got {name!r}", name=name
            ),
        )
    if any(unicodedata.category(c) == "Cf" for c in name):
        raise RecordError(
            where,
            msg(
                "a name may not hold invisible characters (zero-width spaces, direction "
                "marks): two names that look the same must be the same; got {name!r}",
                name=name,
            ),
        )
    return name


def controlled(text: str) -> bool:
    """Whether text holds what would take over a terminal or a line where it is shown (a control
    character, a direction override, a line separator), broken Unicode (a lone surrogate) or a
    noncharacter (U+FFFE: no XML, so no SVG, may hold it): :func:`..i18n.visible.hidden`. Names are
    refused for it (and for any invisible character); so are the ledger's notes."""
    return any(hidden(c) for c in text)


def player(value: Any, path: str, key: str | int, players: tuple[str, ...]) -> str:
    """One of the four names; ``path`` and ``key`` name it in an error only."""
    if value in players and type(value) is str:
        return value
    name = (
        player_name(value)
        if isinstance(value, (str, int)) and not isinstance(value, bool)
        else None
    )
    if name not in players:
        hint = validators.close(name, players) if name else ""
        raise validators.error_with_hint(
            validators.fail(
                validators.join(path, key),
                msg("one of the players ({players})", players=players),
                value,
            ),
            hint,
        )
    return name
