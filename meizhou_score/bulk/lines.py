"""Bulk mode (``settle --jsonl``): one JSON record per line in, one JSON result per line out.

For auditing months of hands: each line goes through the one pipeline on its
own; a bad line yields an error object with its line number and the run goes
on. Results are the same objects ``--format json`` prints, written compact by
the same encoder. Memory stays flat: lines are read and settled one at a
time and written a batch at a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any, BinaryIO, Final, NamedTuple

from ..errors import MeizhouError
from ..records.rules import DEFAULT_RULES, Rules
from ..records.validators import json_decimal
from ..render.jsonout import encode, hand_json, session_json
from ..settling.night import settle_data
from .rows import TransferRow

SETTLED, DISPUTED, REFUSED, FAILED = "settled", "disputed", "refused", "failed"
_BATCH: Final = 256
_BOM: Final = b"\xef\xbb\xbf"


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    found: dict = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {key!r} appears twice in one mapping")
        found[key] = value
    return found


# json decides what the fast decoder refused (lone surrogates, NaN) and words the error; it also
# refuses
# a key written twice, as the YAML loader does (the last one must not silently win)
_DECODER: Final = json.JSONDecoder(parse_float=json_decimal, object_pairs_hook=_no_duplicates)


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


def lines_of(stream: BinaryIO, max_bytes: int) -> Iterator[bytes | TooLong]:
    """The lines of a binary stream, each at most ``max_bytes`` long; a longer one is never held
    whole."""
    while True:
        raw = stream.readline(max_bytes + 1)
        if not raw:
            return
        if len(raw) > max_bytes and not raw.endswith(b"\n"):
            while True:  # drop the rest of the line, a piece at a time
                rest = stream.readline(1 << 16)
                if not rest or rest.endswith(b"\n"):
                    break
            yield TooLong(max_bytes)
            continue
        yield raw


def _may_repeat_a_key(text: str | bytes, data) -> bool:
    """Could a key be written twice in ``text``? False only when it surely is not (a few µs).

    Every key is followed by a colon, and every other colon stands inside a
    string, raw or escaped as ``\\u003a``. Writing the decoded data again must
    give as many colons as the text held (escaped ones counted too); a key
    dropped as a repeat loses its colon, so the count comes out short. When the
    counts differ, json reads the line again and finds the repeat, if any.
    """
    if isinstance(text, str):
        colons = text.count(":")
        if "\\" in text:  # one character: memchr's speed, where "\\u" took a search
            colons += text.count("\\u003a") + text.count("\\u003A")
    else:
        colons = text.count(b":")
        if b"\\" in text:
            colons += text.count(b"\\u003a") + text.count(b"\\u003A")
    return encode(data).count(b":") != colons


def _decoder():
    """msgspec decodes a line in 40% of json's time, decimals just as exact."""
    from msgspec.json import Decoder

    return Decoder(float_hook=json_decimal).decode


def settle_line(
    text: str | bytes | TooLong,
    number: int,
    rules: Rules = DEFAULT_RULES,
    max_bytes: int = 1 << 20,
    decode=None,
) -> tuple[bytes, str]:
    """One line → (its JSON result, with ``line`` first; settled, disputed, refused or failed).

    Nothing on one line can end the run: whatever goes wrong becomes that line's error object.
    """
    try:
        return _settle_line(text, number, rules, max_bytes, decode)
    except Exception as exc:  # noqa: BLE001 - a bug must cost one line, never the run
        return _error_line(
            number,
            f"could not be settled ({type(exc).__name__}: {exc}); this is a bug, please "
            "report it with the line",
            FAILED,
        )


def _settle_line(text, number: int, rules: Rules, max_bytes: int, decode) -> tuple[bytes, str]:
    if isinstance(text, TooLong):
        return _error_line(number, f"longer than {text.limit:,} bytes, the limit for a record")
    if isinstance(text, bytes):
        if number == 1 and text.startswith(_BOM):
            text = text[len(_BOM) :]
        if len(text) > max_bytes:
            return _error_line(number, f"longer than {max_bytes:,} bytes, the limit for a record")
        data = _fast(text, decode)
        if data is not _SLOW:  # read from the bytes: JSON, UTF-8 throughout, no key written twice
            return _settled(data, number, rules)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _error_line(
                number, f"not UTF-8 text (byte {exc.start + 1} is {text[exc.start]:#04x})"
            )
    else:
        if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
            return _error_line(number, f"longer than {max_bytes:,} bytes, the limit for a record")
        data = _fast(text, decode)
        if data is not _SLOW:
            return _settled(data, number, rules)
    try:
        data = _DECODER.decode(text)  # json says why it is not JSON, or finds the repeated key
    except ValueError as exc:
        return _error_line(number, f"not JSON: {exc}")
    except RecursionError:
        return _error_line(number, "nested too deeply")
    return _settled(data, number, rules)


_SLOW: Final = object()  # what _fast answers when json must read the line (and say what is wrong)


def _fast(text: str | bytes, decode) -> Any:
    """The line's data, read by msgspec; ``_SLOW`` when msgspec refuses it or a key may be written
    twice. msgspec reads UTF-8 bytes without a str in between, and refuses any that are not UTF-8
    (bytes outside strings must be JSON's own ASCII; inside, it checks every sequence), so bytes it
    reads are valid text."""
    try:
        data = (decode or _decoder())(text)
    except (ValueError, RecursionError):
        return _SLOW
    return _SLOW if _may_repeat_a_key(text, data) else data


def _settled(data: Any, number: int, rules: Rules) -> tuple[bytes, str]:
    try:
        result = settle_data(data, rules)
    except MeizhouError as exc:
        return _error_line(number, str(exc))
    except RecursionError:
        return _error_line(number, "nested too deeply")
    if result.session:
        obj = session_json(result)
    else:
        obj = hand_json(result.last, TransferRow)  # a struct per transfer: the same bytes, sooner
    # {"line": N, ...the object's keys}: its encoding with "line" spliced in, not a copy of it
    return b'{"line":%d,' % number + encode(obj)[1:], DISPUTED if result.disputed else SETTLED


def _error_line(number: int, message: str, outcome: str = REFUSED) -> tuple[bytes, str]:
    text = f"line {number}: {message}".encode("utf-8", "backslashreplace").decode("utf-8")
    return encode({"line": number, "valid": False, "error": text}), outcome


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
    batch: list[bytes] = []
    watched = getattr(out, "isatty", None)
    size = 1 if watched and watched() else _BATCH  # someone watching sees each result as it comes
    decode = _decoder()
    for number, text in enumerate(lines, start=1):
        if not isinstance(text, TooLong) and (not text or text.isspace()):
            continue
        result, outcome = settle_line(text, number, rules, max_bytes, decode)
        counts[outcome] += 1
        batch.append(result)
        if len(batch) >= size:
            batch.append(b"")
            out.write(b"\n".join(batch))
            batch.clear()
    if batch:
        batch.append(b"")
        out.write(b"\n".join(batch))
    return Summary(counts[SETTLED], counts[DISPUTED], counts[REFUSED], counts[FAILED])
