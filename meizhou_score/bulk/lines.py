"""Bulk mode (``settle --jsonl``): one JSON record per line in, one JSON result per line out.

For auditing months of hands: each line goes through the one pipeline on its
own; a bad line yields an error object with its line number and the run goes
on. Results are the same objects ``--format json`` prints, written compact by
the same encoder. Memory stays flat: lines are read and settled one at a
time and written a batch at a time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Final, NamedTuple

from ..errors import MeizhouError
from ..i18n.messages import at
from ..records.record import written_keys
from ..records.rules import DEFAULT_RULES, Rules
from ..records.untrusted import Refused, keys_within_depth, nested, no_duplicates, refusal
from ..records.validators import json_decimal
from ..render.jsonout import encode, encode_into, hand_json, session_json
from ..settling.night import settle_data
from .rows import TransferRow

SETTLED: Final = "settled"
DISPUTED: Final = "disputed"
REFUSED: Final = "refused"
FAILED: Final = "failed"
_BATCH: Final = 256
_BOM: Final = b"\xef\xbb\xbf"
# a line's decoder: JSON text in, its data out (plain data, Any: the record's loader judges it)
Decode = Callable[[str | bytes], Any]


# json decides what the fast decoder refused (lone surrogates, NaN) and words the error; it also
# refuses a key written twice, as the YAML loader and the page do (the last one must not silently
# win), in the words of :mod:`..records.untrusted`
_DECODER: Final = json.JSONDecoder(parse_float=json_decimal, object_pairs_hook=no_duplicates)


class Summary(NamedTuple):
    """How many lines were settled (and agreed), disputed, refused as bad records, and failed (a
    bug)."""

    settled: int
    disputed: int
    refused: int
    failed: int = 0


class TooLong(NamedTuple):
    """A line longer than the record limit: skipped unread, reported as that line's error."""

    limit: int


def lines_of(stream: IO[bytes], max_bytes: int) -> Iterator[bytes | TooLong]:
    """The lines of a binary stream, each at most ``max_bytes`` long; a longer one is never held
    whole."""
    while True:
        raw = stream.readline(max_bytes + 2)  # a record of max_bytes and its "\r\n"
        if not raw:
            return
        if len(raw) > max_bytes + 1 and not raw.endswith(b"\n"):
            while True:  # drop the rest of the line, a piece at a time
                rest = stream.readline(1 << 16)
                if not rest or rest.endswith(b"\n"):
                    break
            yield TooLong(max_bytes)
            continue
        yield raw


def record_bytes(line: bytes) -> int:
    """A line's length without its end (``\n`` or ``\r\n``): what the record limit weighs."""
    return len(line) - (2 if line.endswith(b"\r\n") else 1 if line.endswith(b"\n") else 0)


def _may_repeat_a_key(text: str | bytes, data: Any, keys: int | None = None) -> bool:
    """Could a key be written twice in ``text``? False only when it surely is not (a few µs).

    Every key is followed by a colon, and every other colon stands inside a
    string, raw or escaped as ``\\u003a``. A key dropped as a repeat is missing from
    the decoded data, so the data holds fewer keys than the text has colons. When
    the counts agree (the usual line: no colon inside a string), no key was
    repeated; otherwise writing the decoded data again must give as many colons
    as the text held (escaped ones counted too), and when those differ too,
    json reads the line again and finds the repeat, if any. ``keys``, when known, is how many
    keys the data holds (:func:`..records.record.written_keys`); else they are counted here (True
    for a line nested deeper than a record may be: json reads it again and refuses the depth).
    """
    if isinstance(text, str):
        colons = text.count(":")
        if "\\" in text:  # one character: memchr's speed, where "\\u" took a search
            colons += text.count("\\u003a") + text.count("\\u003A")
    else:
        colons = text.count(b":")
        if b"\\" in text:
            colons += text.count(b"\\u003a") + text.count(b"\\u003A")
    if keys is None and (type(data) is dict or type(data) is list):
        keys = keys_within_depth(data)
        if keys is None:  # json reads it again, and refuses the depth in its words
            return True
    if keys == colons:  # text colons = keys written + colons in strings
        return False
    return encode(data).count(b":") != colons


_NESTED: Final = str(nested())


def line_decoder() -> Decode:
    """msgspec decodes a line in 40% of json's time, decimals just as exact."""
    from msgspec.json import Decoder

    return Decoder(float_hook=json_decimal).decode


def settle_line(
    text: str | bytes | TooLong,
    number: int,
    rules: Rules = DEFAULT_RULES,
    max_bytes: int = 1 << 20,
    decode: Decode | None = None,
) -> tuple[bytes, str]:
    """One line → (its JSON result, with ``line`` first; settled, disputed, refused or failed).

    Nothing on one line can end the run: whatever goes wrong becomes that line's error object.
    """
    out = bytearray()
    outcome = settle_into(out, text, number, rules, max_bytes, decode)
    return bytes(out), outcome


def settle_into(
    out: bytearray,
    text: str | bytes | TooLong,
    number: int,
    rules: Rules = DEFAULT_RULES,
    max_bytes: int = 1 << 20,
    decode: Decode | None = None,
) -> str:
    """:func:`settle_line`, its result written at the end of ``out`` (no newline): many lines'
    results in one buffer. Returns settled, disputed, refused or failed."""
    start = len(out)
    try:
        obj, outcome = _settle_line(text, number, rules, max_bytes, decode)
        _write(out, number, obj)
    except Exception as exc:  # noqa: BLE001 - a bug must cost one line, never the run
        del out[start:]
        obj, outcome = _error_line(
            number,
            f"could not be settled ({type(exc).__name__}: {exc}); this is a bug, please "
            "report it with the line",
            FAILED,
        )
        _write(out, number, obj)
    return outcome


def _write(out: bytearray, number: int, obj: dict[str, Any]) -> None:
    """``{"line": N, ...the object's keys}``: the object encoded in place after ``line``, not
    copied (its ``{`` becomes the comma)."""
    out += b'{"line":%d' % number
    at = len(out)
    encode_into(obj, out, at)
    out[at] = 0x2C  # ","


def _settle_line(
    text: str | bytes | TooLong, number: int, rules: Rules, max_bytes: int, decode: Decode | None
) -> tuple[Any, str]:
    """The line's result as an object without its ``line``, and the outcome."""
    if isinstance(text, TooLong):
        return _error_line(number, f"longer than {text.limit:,} bytes, the limit for a record")
    if isinstance(text, bytes):
        if number == 1 and text.startswith(_BOM):
            text = text[len(_BOM) :]
        if len(text) > max_bytes and record_bytes(text) > max_bytes:
            return _error_line(number, f"longer than {max_bytes:,} bytes, the limit for a record")
        data = _fast(text, decode)
        if data is not _SLOW:  # read from the bytes: JSON, UTF-8 throughout
            found = _settled(data, number, rules, text)
            if found is not None:  # no key written twice
                return found
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _error_line(
                number, f"not UTF-8 text (byte {exc.start + 1} is {text[exc.start]:#04x})"
            )
    else:
        if record_bytes(text.encode("utf-8", "surrogatepass")) > max_bytes:
            return _error_line(number, f"longer than {max_bytes:,} bytes, the limit for a record")
        data = _fast(text, decode)
        if data is not _SLOW:
            found = _settled(data, number, rules, text)
            if found is not None:
                return found
    try:
        data = _DECODER.decode(text)  # json says why it is not JSON, or finds the repeated key
        refused = refusal(data)  # nested deeper than a record may be, a lone surrogate
    except Refused as exc:  # a key written twice
        return _error_line(number, str(exc.message))
    except json.JSONDecodeError as exc:
        return _error_line(number, _not_json(text, exc))
    except ValueError as exc:
        return _error_line(number, f"not JSON: {exc}")
    except RecursionError:  # json's own limit is the stack's; the same words as the depth's
        return _error_line(number, _NESTED)
    if refused is not None:
        where, why = refused
        return _error_line(number, str(at(where, why)) if where else str(why))
    settled = _settled(data, number, rules)  # json refused any key written twice
    assert settled is not None, "with no text to weigh, the data is settled"
    return settled


def _not_json(text: str, exc: json.JSONDecodeError) -> str:
    """Where a line stops being JSON, in the line's own terms: its column (json counted the
    line's newline as a second line), a record cut short, a byte-order mark inside the file."""
    body = text.rstrip("\r\n")
    if body.startswith("\ufeff"):
        return (
            "not JSON: the line starts with a byte-order mark (U+FEFF), which only a file's first "
            "line may have (two files joined into one?)"
        )
    if exc.pos >= len(body.rstrip()):
        return 'not JSON: the line ends before its record does (a closing ", } or ] missing?)'
    where = f"column {exc.colno}" if exc.msg.endswith(" at") else f"at column {exc.colno}"
    return f"not JSON: {exc.msg} {where}"


_SLOW: Final = object()  # what _fast answers when json must read the line (and say what is wrong)


def _fast(text: str | bytes, decode: Decode | None) -> Any:
    """The line's data, read by msgspec; ``_SLOW`` when msgspec refuses it. msgspec reads UTF-8
    bytes without a str in between, and refuses any that are not UTF-8 (bytes outside strings must
    be JSON's own ASCII; inside, it checks every sequence), so bytes it reads are valid text. It
    keeps the last of a key written twice, which :func:`_settled` rules out."""
    try:
        return (decode or line_decoder())(text)
    except (ValueError, RecursionError):  # json reads it and says what is wrong
        return _SLOW


def _settled(
    data: Any, number: int, rules: Rules, text: str | bytes | None = None
) -> tuple[Any, str] | None:
    """The result of a line's data, or None when ``text``, the line msgspec read it from, may
    write a key twice (json then reads it again and says so, whatever else is wrong with it).

    The record is settled first: the keys of one it accepts are counted in a few steps
    (:func:`..records.record.written_keys`), where walking the data took an interpreted step for
    every name and tile; a line it refuses, or a session, is walked."""
    try:
        result = settle_data(data, rules)
    except (MeizhouError, RecursionError) as exc:
        if text is not None and _may_repeat_a_key(text, data):
            return None
        return _error_line(number, _NESTED if isinstance(exc, RecursionError) else str(exc))
    if text is not None and _may_repeat_a_key(
        text, data, None if result.session else written_keys(data)
    ):
        return None
    if result.session:
        return session_json(result), DISPUTED if result.disputed else SETTLED
    hand = result.last
    # a struct per transfer: the same bytes, sooner
    return hand_json(hand, TransferRow), DISPUTED if hand.disputed else SETTLED


def _error_line(number: int, message: str, outcome: str = REFUSED) -> tuple[Any, str]:
    text = f"line {number}: {message}".encode("utf-8", "backslashreplace").decode("utf-8")
    return {"valid": False, "error": text}, outcome


def run(
    lines: Iterable[str | bytes | TooLong],
    out: IO[bytes],
    rules: Rules = DEFAULT_RULES,
    max_bytes: int = 1 << 20,
) -> Summary:
    """Settle every line, writing one compact JSON object per line to the binary stream ``out``.

    Results are written a few hundred lines at a time (one at a time to a
    terminal): memory stays flat and the output is not slowed by a write per line.
    """
    from ..engine.tables import preload_readings

    preload_readings()  # many hands ahead: read each new suit by look-up
    counts = {SETTLED: 0, DISPUTED: 0, REFUSED: 0, FAILED: 0}
    batch = bytearray()
    waiting = 0  # results in the batch
    watched = getattr(out, "isatty", None)
    size = 1 if watched and watched() else _BATCH  # someone watching sees each result as it comes
    decode = line_decoder()
    for number, text in enumerate(lines, start=1):
        if not isinstance(text, TooLong) and (not text or text.isspace()):
            continue
        counts[settle_into(batch, text, number, rules, max_bytes, decode)] += 1
        batch += b"\n"
        waiting += 1
        if waiting >= size:
            out.write(batch)
            batch.clear()
            waiting = 0
    if batch:
        out.write(batch)
    return Summary(counts[SETTLED], counts[DISPUTED], counts[REFUSED], counts[FAILED])
