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
from ..records.model import Record, same
from ..render.jsonout import encode, night_json, session_json
from ..render.sheet import sheet
from ..settling.night import Night

_KEPT = 4  # (version, language) bodies kept
_KEPT_BYTES = 64 << 20  # ... and at most this many bytes of them (the newest always kept)


class Made(NamedTuple):
    """A version's night in parts: its table and hands as written, each hand's JSON (settle's,
    the same in every language) and, per language asked, the sheet's rows made so far (a prefix:
    the rows of the hands it shares with the version they were made for), encoded."""

    table: Any  # the night's head as written: plain data
    written: list[Any]  # its hands as written: plain data
    hands: list[bytes]
    rows: dict[str, list[bytes]]


class States:
    """The night's JSON for each (version, language) asked for lately, as bytes."""

    def __init__(self, night_path: str, ledger: bool):
        self.night_path, self.ledger = night_path, ledger
        self._kept: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._making: dict[tuple[str, str], threading.Lock] = {}
        self._last: Made | None = None  # the parts of the last version made
        self._drawing = threading.Lock()  # one version's parts made at a time
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
                b",".join(parts.rows[lang]),
                b"]}",
            ]
        )

    def _parts(self, night: Night, written: list[Any], table: Any, lang: str) -> Made:
        """The night's parts: settled once per version, its hands' JSON made once whatever the
        language, and only the sheet's rows drawn per language; what it shares with the last
        version made kept."""
        with self._drawing:
            made = self._shared(night, written, table)
            have = made.rows.setdefault(lang, [])
            if len(have) < len(night.hands):
                rows = sheet(night, lang, start=len(have))
                for n, row in enumerate(rows, start=len(have)):
                    if n < len(written):
                        # the hand as the file has it, its kinds by id: the editor's
                        row["record"] = _by_id(_plain(written[n]), night.hands[n].record)
                have.extend(map(encode, rows))
            self._last = made
            return made

    def _shared(self, night: Night, written: list[Any], table: Any) -> Made:
        """This version's parts in no language: the last version's when it is the same, else its
        hands' JSON, those it shares with the last version kept, and their rows in each language
        kept (a hand's row is the same while the hands before it are)."""
        last = self._last
        kept = 0
        if last is not None and same(last.table, table):
            most = min(len(last.written), len(written), len(night.hands))
            while kept < most and same(last.written[kept], written[kept]):
                kept += 1
            if kept == len(last.written) == len(written) == len(last.hands) == len(night.hands):
                return last  # the same hands: another language of the same night
        new = Night(night.players, night.hands[kept:], True)
        hands = session_json(new)["hands"]
        for n, hand in enumerate(hands, start=kept):
            hand["index"] = n + 1  # its number in the whole night
        rows = {lang: had[:kept] for lang, had in last.rows.items()} if last else {}
        return Made(
            table, list(written), [*(last.hands[:kept] if last else ()), *map(encode, hands)], rows
        )


def joined(before: dict[str, Any], body: bytes) -> bytes:
    """The JSON object ``before`` with the encoded object ``body``'s keys after its own."""
    if not before:
        return body
    return encode(before)[:-1] + b"," + body[1:]


def _by_id(written: Any, record: Record) -> Any:
    """A hand as written with its win type and kong types as the ids the page's buttons name: a
    hand written in the table's words (杠上花, 补杠, 明杠 with from) opens with its choices
    chosen."""
    if not isinstance(written, dict):
        return written
    if record.win_type is not None and "win_type" in written:
        written["win_type"] = record.win_type
    kongs = written.get("kongs")
    if isinstance(kongs, list) and len(kongs) == len(record.kongs):
        for kong, read in zip(kongs, record.kongs, strict=True):
            if isinstance(kong, dict):
                kong["type"] = read.type
    return written


def _plain(value: Any) -> Any:
    """Data as written, ready for JSON: a date as its ISO text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value
