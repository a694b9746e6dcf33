"""A night's identity (認得一晚): what makes two added files the same night's data, worked out from the data.

Used by adding (the same data twice changes nothing) and by the ledger's
migration 2, which worked it out again for nights stored before.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import sqlite3
from decimal import Decimal
from typing import Any

from ..records.rules import DEFAULT_RULES, Rules


def night_identity(data: Any, rules: Rules) -> str:
    """The night's content identity: its data as written and the base rules, hashed in a canonical form.

    Worked out from the data itself: numbers keep the digits they were written with (2.50 and 2.5 stay
    apart), dates are ISO days, keys are sorted; no printer's output is involved.
    """
    written = json.dumps(canonical(data), sort_keys=True, ensure_ascii=False)
    ruled = json.dumps(rules.as_dict(), sort_keys=True)
    return hashlib.sha256(f"{written}\n{ruled}".encode()).hexdigest()


def canonical(value: Any) -> Any:
    """Plain data with every number as the text it was written as, and every key as text."""
    if isinstance(value, dict):
        return {str(key): canonical(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return str(value)


def identify_again(conn: sqlite3.Connection) -> None:
    """Migration 2: each stored night's identity worked out from its data (it was a hash of the JSON printer's
    output, which gave the same value for the same data; recomputing keeps every ledger in step)."""
    from msgspec.json import Decoder

    decode = Decoder(float_hook=Decimal).decode
    for night, data, rules in conn.execute("SELECT id, data, rules FROM nights").fetchall():
        identity_now = night_identity(decode(data), DEFAULT_RULES.override(json.loads(rules), ""))
        conn.execute("UPDATE nights SET hash = ? WHERE id = ?", (identity_now, night))
