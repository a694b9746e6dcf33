"""Small type checks that raise :class:`RecordError` with the key path.

Shared by the record and rules loaders so that every message reads the
same: ``hands[2].kongs[0].type: expected one of concealed, added, exposed;
got 'dark'``.
"""

from __future__ import annotations

from collections.abc import Iterable, KeysView
from collections.abc import Set as AbstractSet
from decimal import Decimal, InvalidOperation
from typing import Any, Final, cast

from ..engine.memo import Memo
from ..errors import RecordError
from ..i18n.messages import Message, msg


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def describe(value: Any) -> str | Message:
    """How a found value is quoted in a message: its repr, shortened, with its type."""
    if value is None:
        return msg("nothing (null)")
    if isinstance(value, bool):  # YAML's true and false (yes, no, on and off read as them)
        return msg("true (a yes-or-no value)") if value else msg("false (a yes-or-no value)")
    if isinstance(value, dict):
        return msg("a mapping")
    if isinstance(value, list):
        return msg("a list")
    if (
        isinstance(value, int) and value.bit_length() > 330
    ):  # repr() of a huge int is slow, or refused
        return msg("a whole number of about {digits} digits", digits=value.bit_length() * 3 // 10)
    if isinstance(value, Decimal) and value.is_finite() and abs(value.adjusted()) > 40:
        return f"{value:.3E}"
    text = repr(value if not isinstance(value, Decimal) else str(value))
    if isinstance(value, str) and len(text) <= 60:
        # quoted in the reader's language: 'Mei', 「Mei」, “Mei”
        return msg("{text!r}", text=value)
    if len(text) > 60:
        text = text[:57] + "..."
    return text


def fail(
    path: str, expected: Message, value: Any, error: type[RecordError] = RecordError
) -> RecordError:
    """``expected …; got …``: the error for a value of the wrong kind."""
    return error(
        path, msg("expected {expected}; got {found}", expected=expected, found=describe(value))
    )


def keys(*names: str) -> KeysView[str]:
    """A set of keys in the order written: compared as a set, listed in that order in a message."""
    return dict.fromkeys(names).keys()


def mapping(
    value: Any,
    path: str,
    allowed: AbstractSet[str],
    required: AbstractSet[str] = frozenset(),
    error: type[RecordError] = RecordError,
) -> dict[str, Any]:
    """A mapping with string keys, no unknown key and every required key.

    ``allowed`` and ``required`` are sets of keys, best made by :func:`keys` (a message then lists
    them in the order written); ``required`` is a part of ``allowed``.
    """
    if not isinstance(value, dict):
        raise fail(path, msg("a mapping"), value, error)
    keys = value.keys()
    # the common case: nothing to report. Exactly the required keys (a kong, most winning hands)
    # is one comparison, where a set's two cost 1,400 instructions each (1.3% of a line)
    if keys == required or (keys <= allowed and keys >= required):
        return value
    for key in value:
        if not isinstance(key, str):
            raise error(path, msg("expected text keys; got {found}", found=describe(key)))
        if key not in allowed:
            hint = close(key, allowed)
            raise error(
                join(path, key),
                msg(
                    "unknown key{hint}; expected one of {allowed}",
                    hint=hint,
                    allowed=tuple(allowed),
                ),
            )
    for key in required:
        if key not in value:
            raise error(join(path, key), msg("missing; this key is required"))
    return value


# A misspelt key recurs (a club's log writes ``winer`` hundreds of times), and difflib weighs it
# against every allowed key in interpreted Python: 300,000 instructions a hint.
_HINTS: Final[Memo[tuple[str, tuple[str, ...]], Message | str]] = Memo(
    "validators.hints", 1024, "a near miss and the keys it was weighed against: its hint"
)


def close(key: str, allowed: Iterable[str]) -> Message | str:
    """`` (did you mean 'X'?)`` for a near miss: other case, spacing, a hyphen, a letter or two."""
    written, choices = str(key), tuple(allowed)
    hint = _HINTS.get((written, choices))
    if hint is None:
        hint = _HINTS.remember((written, choices), _near_miss(written, choices))
    return hint


def _near_miss(key: str, allowed: tuple[str, ...]) -> Message | str:
    from difflib import get_close_matches

    folded = {" ".join(a.replace("-", "_").split()).casefold(): a for a in allowed}
    exact = folded.get(" ".join(key.replace("-", "_").split()).casefold())
    near = [exact] if exact else get_close_matches(key, allowed, n=1)
    return msg(" (did you mean {near!r}?)", near=near[0]) if near else ""


def count(value: Any, path: str, error: type[RecordError] = RecordError) -> int:
    """A non-negative integer up to COUNT_LIMIT (ratios, shares, multipliers, units)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= COUNT_LIMIT:
        raise fail(path, msg("a whole number from 0 to {limit:,}", limit=COUNT_LIMIT), value, error)
    return value


def choice(
    value: Any,
    path: str,
    options: Iterable[str],
    error: type[RecordError] = RecordError,
    shown: tuple[Any, ...] | None = None,
) -> str:
    """``value`` if it is one of ``options``; the error lists ``shown`` (each with its words) or
    the options."""
    options = tuple(options)
    if not isinstance(value, str) or value not in options:
        raise fail(path, msg("one of {options}", options=shown or options), value, error)
    return value


def boolean(value: Any, path: str, error: type[RecordError] = RecordError) -> bool:
    if not isinstance(value, bool):
        raise fail(path, msg("true or false"), value, error)
    return value


# Amounts (stakes, claims): exact, and within what a table can mean. At most AMOUNT_DIGITS
# significant digits, at most AMOUNT_DECIMALS of them after the point, and below
# 10 ** AMOUNT_MAGNITUDE.
AMOUNT_DIGITS: Final = 30
AMOUNT_DECIMALS: Final = 30
AMOUNT_MAGNITUDE: Final = 30
COUNT_LIMIT: Final = 1_000_000  # house-rule figures: ratios, shares, multipliers, kong units


def amount(value: Any, path: str, positive: bool = False) -> Decimal:
    """An exact number of gold: an integer or a decimal, never rounded through a float,
    within the limits."""
    if type(value) is int and 0 < value < 10**AMOUNT_MAGNITUDE:
        return Decimal(value)  # the usual stake: a whole number
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        hint = msg("; remove the quotes") if isinstance(value, str) and _numeric(value) else ""
        raise error_with_hint(
            fail(path, msg("a positive number") if positive else msg("a number"), value), hint
        )
    if isinstance(value, int):
        if value.bit_length() > 64 * 8:
            raise RecordError(
                path,
                msg(
                    "expected an amount below 10^{magnitude}; got a number of {digits}+ digits",
                    magnitude=AMOUNT_MAGNITUDE,
                    digits=value.bit_length() * 3 // 10,
                ),
            )
        number = Decimal(value)
    else:
        try:
            # str() of a float is its shortest round-trip text: 0.1 -> Decimal('0.1')
            number = value if isinstance(value, Decimal) else Decimal(str(value))
        except InvalidOperation:  # pragma: no cover - every int/float has a text
            raise fail(path, msg("a number"), value) from None
    if not number.is_finite():
        raise fail(path, msg("a finite number"), value)
    if positive and number <= 0:
        raise fail(path, msg("a positive number"), value)
    if number:
        _, digits, written = number.as_tuple()
        exponent = cast(
            int, written
        )  # a finite number's: 'n', 'N' and 'F' are NaN's and infinity's
        while len(digits) > 1 and digits[-1] == 0:  # 2.50 is 2.5: trailing zeros are not precision
            digits, exponent = digits[:-1], exponent + 1
        if (
            len(digits) > AMOUNT_DIGITS
            or exponent < -AMOUNT_DECIMALS
            or number.adjusted() >= AMOUNT_MAGNITUDE
        ):
            raise RecordError(
                path,
                msg(
                    "expected an amount of at most {digits} digits, at most {decimals} after "
                    "the point, below 10^{magnitude}; got {found} (amounts are kept exact, "
                    "so the tool refuses what it cannot keep)",
                    digits=AMOUNT_DIGITS,
                    decimals=AMOUNT_DECIMALS,
                    magnitude=AMOUNT_MAGNITUDE,
                    found=describe(number),
                ),
            )
    return number


def json_decimal(text: str) -> Decimal:
    """A JSON number with a point or an exponent, exact (json's and msgspec's ``parse_float``). One
    whose exponent Python's decimal cannot hold at all (``1e999…9``, past about ±10^18) is kept
    as 1e±999999999, so that :func:`amount` refuses it at its key, past the limits, where
    ``Decimal(text)`` raised InvalidOperation (a fault of the program's own)."""
    try:
        return Decimal(text)
    except InvalidOperation:
        mantissa, _, exponent = text.lower().partition("e")
        sign = "-" if mantissa.startswith("-") else ""
        return Decimal(f"{sign}1e{'-' if exponent.startswith('-') else ''}999999999")


def typed_amount(text: str, path: str) -> Decimal | None:
    """An amount typed as text (an argument, a flag, an answer), exact: None when it is no finite
    number; one past :func:`amount`'s limits (``1e400``, ``1e-400``, 31 digits) raises its error
    at ``path``. Only ASCII digits, as a record file's numbers: Python's Decimal would also read
    Arabic-Indic ٣ or full-width １２, which no YAML reader takes for a number."""
    written = str(text).strip()
    if not written.isascii():
        return None
    try:
        number = Decimal(written)
    except InvalidOperation:
        return None
    return amount(number, path) if number.is_finite() else None


def _numeric(text: str) -> bool:
    try:
        Decimal(text.strip())
    except InvalidOperation:
        return False
    return True


def error_with_hint(error: RecordError, hint: Message | str) -> RecordError:
    return type(error)(error.path, error.message + hint) if hint else error


def sequence(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise fail(path, msg("a list"), value)
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
    raise fail(path, msg("a date like 2026-11-30"), value)
