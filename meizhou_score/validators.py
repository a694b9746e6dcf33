"""Small type checks that raise :class:`RecordError` with the key path.

Shared by the record and rules loaders so that every message reads the
same: ``hands[2].kongs[0].type: expected one of concealed, added, exposed;
got 'dark'``.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, Iterable

from .errors import RecordError


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def describe(value: Any) -> str:
    """How a found value is quoted in a message: its repr, shortened, with its type."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{value!r} (a boolean)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value if not isinstance(value, Decimal) else str(value))
    if len(text) > 60:
        text = text[:57] + "..."
    return text


def fail(path: str, expected: str, value: Any, error=RecordError) -> RecordError:
    return error(path, f"expected {expected}; got {describe(value)}")


def mapping(value: Any, path: str, allowed: Iterable[str], required: Iterable[str] = (),
            error=RecordError) -> dict:
    """A mapping with string keys, no unknown key and every required key."""
    if not isinstance(value, dict):
        raise fail(path, "a mapping", value, error)
    allowed, required = tuple(allowed), tuple(required)
    keys = value.keys()
    if keys <= set(allowed) and set(required) <= keys:
        return value  # the common case: nothing to report
    for key in value:
        if not isinstance(key, str):
            raise error(path, f"expected text keys; got {describe(key)}")
        if key not in allowed:
            hint = _close(key, allowed)
            raise error(join(path, key), f"unknown key{hint}; expected one of {', '.join(allowed)}")
    for key in required:
        if key not in value:
            raise error(join(path, key), "missing; this key is required")
    return value


def _close(key: str, allowed: tuple[str, ...]) -> str:
    from difflib import get_close_matches

    near = get_close_matches(key, allowed, n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""


def count(value: Any, path: str, error=RecordError) -> int:
    """A non-negative integer (ratios, shares, units)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise fail(path, "a non-negative integer", value, error)
    return value


def choice(value: Any, path: str, options: Iterable[str], error=RecordError) -> str:
    options = tuple(options)
    if not isinstance(value, str) or value not in options:
        raise fail(path, f"one of {', '.join(options)}", value, error)
    return value


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(path, "true or false", value)
    return value


def amount(value: Any, path: str, positive: bool = False) -> Decimal:
    """An exact number of gold: an integer or a decimal, never rounded through a float."""
    if type(value) is int and value > 0:
        return Decimal(value)  # the usual stake: a whole number
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise fail(path, "a positive number" if positive else "a number", value)
    try:
        # str() of a float is its shortest round-trip text: 0.1 -> Decimal('0.1')
        number = value if isinstance(value, Decimal) else Decimal(str(value))
    except InvalidOperation:  # pragma: no cover - every int/float has a text
        raise fail(path, "a number", value)
    if not number.is_finite():
        raise fail(path, "a finite number", value)
    if positive and number <= 0:
        raise fail(path, "a positive number", value)
    return number


def sequence(value: Any, path: str) -> list:
    if not isinstance(value, list):
        raise fail(path, "a list", value)
    return value


def date(value: Any, path: str) -> str:
    """A calendar date, ``2026-11-30`` (YAML reads it as a date; JSON as text): its ISO text."""
    import datetime

    if isinstance(value, datetime.datetime):
        return value.date().isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip()).isoformat()
        except ValueError:
            pass
    raise fail(path, "a date like 2026-11-30", value)
