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
    if isinstance(value, int) and value.bit_length() > 330:  # repr() of a huge int is slow, or refused
        return f"a whole number of about {value.bit_length() * 3 // 10} digits"
    if isinstance(value, Decimal) and value.is_finite() and abs(value.adjusted()) > 40:
        return f"{value:.3E}"
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
            hint = close(key, allowed)
            raise error(join(path, key), f"unknown key{hint}; expected one of {', '.join(allowed)}")
    for key in required:
        if key not in value:
            raise error(join(path, key), "missing; this key is required")
    return value


def close(key: str, allowed) -> str:
    """`` (did you mean 'X'?)`` for a near miss: other case, spacing, a hyphen, a letter or two."""
    from difflib import get_close_matches

    allowed = tuple(allowed)
    folded = {" ".join(a.replace("-", "_").split()).casefold(): a for a in allowed}
    exact = folded.get(" ".join(str(key).replace("-", "_").split()).casefold())
    near = [exact] if exact else get_close_matches(str(key), allowed, n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""



def count(value: Any, path: str, error=RecordError) -> int:
    """A non-negative integer up to COUNT_LIMIT (ratios, shares, multipliers, units)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= COUNT_LIMIT:
        raise fail(path, f"a whole number from 0 to {COUNT_LIMIT:,}", value, error)
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


# Amounts (stakes, claims): exact, and within what a table can mean. At most AMOUNT_DIGITS significant
# digits, at most AMOUNT_DECIMALS of them after the point, and below 10 ** AMOUNT_MAGNITUDE.
AMOUNT_DIGITS, AMOUNT_DECIMALS, AMOUNT_MAGNITUDE = 30, 30, 30
COUNT_LIMIT = 1_000_000  # house-rule figures: ratios, shares, multipliers, kong units


def amount(value: Any, path: str, positive: bool = False) -> Decimal:
    """An exact number of gold: an integer or a decimal, never rounded through a float, within the limits."""
    if type(value) is int and 0 < value < 10 ** AMOUNT_MAGNITUDE:
        return Decimal(value)  # the usual stake: a whole number
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        hint = "; remove the quotes" if isinstance(value, str) and _numeric(value) else ""
        raise error_with_hint(fail(path, "a positive number" if positive else "a number", value), hint)
    if isinstance(value, int):
        if value.bit_length() > 64 * 8:
            raise RecordError(path, f"expected an amount below 10^{AMOUNT_MAGNITUDE}; got a number of "
                              f"{value.bit_length() * 3 // 10}+ digits")
        number = Decimal(value)
    else:
        try:
            # str() of a float is its shortest round-trip text: 0.1 -> Decimal('0.1')
            number = value if isinstance(value, Decimal) else Decimal(str(value))
        except InvalidOperation:  # pragma: no cover - every int/float has a text
            raise fail(path, "a number", value)
    if not number.is_finite():
        raise fail(path, "a finite number", value)
    if positive and number <= 0:
        raise fail(path, "a positive number", value)
    if number:
        sign, digits, exponent = number.as_tuple()
        while len(digits) > 1 and digits[-1] == 0:  # 2.50 is 2.5: trailing zeros are not precision
            digits, exponent = digits[:-1], exponent + 1
        if (len(digits) > AMOUNT_DIGITS or exponent < -AMOUNT_DECIMALS
                or number.adjusted() >= AMOUNT_MAGNITUDE):
            raise RecordError(path, f"expected an amount of at most {AMOUNT_DIGITS} digits, at most "
                              f"{AMOUNT_DECIMALS} after the point, below 10^{AMOUNT_MAGNITUDE}; got "
                              f"{describe(number)} (amounts are kept exact, so the tool refuses what it "
                              "cannot keep)")
    return number


def _numeric(text: str) -> bool:
    try:
        Decimal(text.strip())
    except InvalidOperation:
        return False
    return True


def error_with_hint(error: RecordError, hint: str) -> RecordError:
    return type(error)(error.path, error.message + hint) if hint else error


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
