"""The night as the page reads it (``GET /api/night``): settle's JSON, the sheet, the table.

Made once per version and language: a night read again unchanged is neither settled nor drawn
again (:class:`~meizhou_score.night.service.NightFile` keeps the settled night by version).
"""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict
from typing import Any

from ..night.service import Seen
from ..render.jsonout import night_json
from ..render.sheet import sheet

_KEPT = 8  # (version, language) states kept


class States:
    """The night's JSON for each (version, language) asked for lately."""

    def __init__(self, night_path: str, ledger: bool):
        self.night_path, self.ledger = night_path, ledger
        self._kept: OrderedDict[tuple[str, str], dict] = OrderedDict()
        self._guard = threading.Lock()

    def of(self, seen: Seen, lang: str) -> dict[str, Any]:
        key = (seen.version, lang)
        with self._guard:
            if key in self._kept:
                return self._kept[key]
        state = self._made(seen, lang)
        with self._guard:
            self._kept[key] = state
            while len(self._kept) > _KEPT:
                self._kept.popitem(last=False)
        return state

    def _made(self, seen: Seen, lang: str) -> dict[str, Any]:
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
            return out
        rows = sheet(night, lang)
        for row, written in zip(rows, seen.hands, strict=False):
            row["record"] = _plain(written)  # the hand as the file has it: the editor's answers
        return {
            **night_json(night),
            "sheet": rows,
            "players": list(night.players),
            "lang": lang,
            **out,
        }


def _plain(value: Any) -> Any:
    """Data as written, ready for JSON: a date as its ISO text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value
