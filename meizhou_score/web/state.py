"""The night as the page reads it (``GET /api/night``): settle's JSON, the sheet, the table.

Made once per version and language, and kept as the bytes sent: a night read again unchanged is
neither settled, drawn nor encoded again (:class:`~meizhou_score.night.service.NightFile` keeps
the settled night by version). Phones asking at once for a version not made yet wait for the one
making it, never make it side by side. A new version costs only its new hands: the hands a
version shares with the last one made (the same table, the same hands as written from the
first) keep their JSON and their sheet rows, encoded once — a hand recorded at the end of 12,000
makes one hand's JSON and one row.
"""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict
from typing import Any, NamedTuple

from ..night.seen import Seen
from ..records.model import same
from ..render.jsonout import encode, night_json, session_json
from ..render.sheet import sheet
from ..settling.night import Night

_KEPT = 4  # (version, language) bodies kept
_KEPT_BYTES = 64 << 20  # ... and at most this many bytes of them (the newest always kept)


class Made(NamedTuple):
    """A version's night in one language, in parts: its table and hands as written, each hand's
    JSON (settle's) and each sheet row, encoded."""

    table: Any  # the night's head as written: plain data
    written: list[Any]  # its hands as written: plain data
    hands: list[bytes]
    rows: list[bytes]


class States:
    """The night's JSON for each (version, language) asked for lately, as bytes."""

    def __init__(self, night_path: str, ledger: bool):
        self.night_path, self.ledger = night_path, ledger
        self._kept: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._making: dict[tuple[str, str], threading.Lock] = {}
        self._last: dict[str, Made] = {}  # per language: the parts of the last version made
        self._guard = threading.Lock()

    def body(self, seen: Seen, lang: str) -> bytes:
        """The night's JSON object, encoded: made once per version and language."""
        key = (seen.version, lang)
        with self._guard:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
            making = self._making.setdefault(key, threading.Lock())
        with making:  # one maker per version; the others wait for its bytes
            with self._guard:
                if key in self._kept:
                    return self._kept[key]
            made = self._made(seen, lang)
            with self._guard:
                self._kept[key] = made
                self._making.pop(key, None)
                while len(self._kept) > _KEPT or (
                    len(self._kept) > 1 and sum(map(len, self._kept.values())) > _KEPT_BYTES
                ):
                    self._kept.popitem(last=False)
        return made

    def with_keys(self, seen: Seen, lang: str, before: dict[str, Any]) -> bytes:
        """``before``'s keys, then the night's (a write's answer: ``hand``, ``taken_back``)."""
        return joined(before, self.body(seen, lang))

    def _made(self, seen: Seen, lang: str) -> bytes:
        night = seen.night
        out: dict[str, Any] = {
            "file": self.night_path,
            "version": seen.version,
            "exists": seen.found is not None,  # the file, even with every hand taken back
            "ledger": self.ledger,
        }
        if seen.found is not None:  # the table it keeps, even with every hand taken back
            table = seen.table or {}
            out["table"] = {k: _plain(v) for k, v in table.items()}
        if night is None:
            return encode(out)
        if not night.session:  # one hand record: nothing to keep between versions
            rows = sheet(night, lang)
            return encode(
                {**night_json(night), "sheet": rows, "players": list(night.players), "lang": lang}
                | out
            )
        written = seen.hands
        parts = self._parts(night, written, out.get("table"), lang)
        top = {
            "valid": all(s.valid for s in night.hands),
            "totals": night.totals,
            "next_dealer": night.next_dealer,
            "disputes": [{"hand": n, "kind": kind} for n, kind in night.disputes],
            "players": list(night.players),
            "lang": lang,
            **out,
        }
        return b"".join(
            [
                encode(top)[:-1],
                b',"hands":[',
                b",".join(parts.hands),
                b'],"sheet":[',
                b",".join(parts.rows),
                b"]}",
            ]
        )

    def _parts(self, night: Night, written: list[Any], table: Any, lang: str) -> Made:
        """The night's parts, those of the hands it shares with the last version made kept."""
        last = self._last.get(lang)
        kept = 0
        if last is not None and same(last.table, table):
            most = min(len(last.written), len(written), len(night.hands))
            while kept < most and same(last.written[kept], written[kept]):
                kept += 1
        new = Night(night.players, night.hands[kept:], True)
        hands = session_json(new)["hands"]
        rows = sheet(night, lang, start=kept)
        for n, (hand, row) in enumerate(zip(hands, rows, strict=True), start=kept):
            hand["index"] = n + 1  # its number in the whole night
            if n < len(written):
                row["record"] = _plain(written[n])  # the hand as the file has it: the editor's
        made = Made(
            table,
            list(written),
            [*(last.hands[:kept] if last else ()), *map(encode, hands)],
            [*(last.rows[:kept] if last else ()), *map(encode, rows)],
        )
        self._last[lang] = made
        return made


def joined(before: dict[str, Any], body: bytes) -> bytes:
    """The JSON object ``before`` with the encoded object ``body``'s keys after its own."""
    if not before:
        return body
    return encode(before)[:-1] + b"," + body[1:]


def _plain(value: Any) -> Any:
    """Data as written, ready for JSON: a date as its ISO text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value
