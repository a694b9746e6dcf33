"""A night's identity (認得一晚): what makes two added files the same night's data,
worked out from the data.

Used by adding (the same data twice changes nothing) and by the ledger's
migration 2, which worked it out again for nights stored before.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import sqlite3
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..records import rules as house
from ..records.rules import DEFAULT_RULES, ROBBED_PAYS_FOR, Rules

# The house rules' defaults of version 1, frozen: every stored identity hashes the rules in this
# layout, so it must never change (tests/test_rules_identity.py pins the identities it gives).
VERSION_ONE: dict[str, Any] = {
    "patterns": {
        "ordinary": 1,
        "all_pungs": 2,
        "mixed_one_suit": 2,
        "seven_pairs": 3,
        "pure_one_suit": 4,
        "mixed_terminals": 5,
        "luxury_seven_pairs": 6,
        "concealed_pungs": 10,
        "all_terminals": 10,
        "all_honours": 10,
        "thirteen_orphans": 10,
        "double_luxury_seven_pairs": 12,
        "triple_luxury_seven_pairs": 18,
        "four_kongs": 18,
    },
    "combine": "highest",
    "self_draw_share": 2,
    "kong_bloom_multiplier": 1,
    "robbed_kong_share": 6,
    "kong_units": {"concealed": 2, "added": 1, "exposed": 1},
    "exposed_kong_payer": "all",
    "dealer_after_draw": "next",
}


def night_identity(data: Any, rules: Rules) -> str:
    """The night's identity: its data as written and the base rules, hashed in a canonical form.

    Worked out from the data itself: numbers keep the digits they were written with (2.50 and 2.5
    stay apart), dates are ISO days, keys are sorted; no printer's output is involved. The rules
    count only where they differ from version 1's defaults (``ruled``).
    """
    written = json.dumps(canonical(data), sort_keys=True, ensure_ascii=False)
    own = data.get("rules") if isinstance(data, dict) else None
    ruled_text = json.dumps(ruled(rules, own), sort_keys=True)
    return hashlib.sha256(f"{written}\n{ruled_text}".encode()).hexdigest()


def ruled(rules: Rules, own: Any = None) -> dict[str, Any]:
    """The rules as an identity hashes them: version 1's defaults, with each rule that differs.

    A key of version 1 is always there (as version 1 wrote every key); a rule added since, or a
    pattern added to a mapping, only where it differs from its own default, so that a new option
    at its default changes no stored night. A rule that follows another (robbed_kong_share unset)
    keeps version 1's figure: version 1 stored its default for a night that did not set it.
    A robbed_kong_share set to that same figure is marked as set wherever following would pay
    otherwise: under these rules, or under the night's ``own`` rules when they set the share.
    """
    form: dict[str, Any] = {
        k: dict(v) if isinstance(v, dict) else v for k, v in VERSION_ONE.items()
    }
    for row in house.ROWS:  # the rows as they are now
        value = rules.value(row.key)
        before = VERSION_ONE.get(row.key)
        if isinstance(value, Mapping):
            known = before or {}
            changed = {k: v for k, v in value.items() if k in known or v != row.default.get(k)}
            form[row.key] = {**known, **changed}
        elif before is not None:
            form[row.key] = before if value is None else value
        elif value != row.default:
            form[row.key] = value
    if rules.robbed_kong_share == VERSION_ONE["robbed_kong_share"] and not _follows_alike(
        rules, own
    ):
        # set to 6 where following the share would pay otherwise: not the same rules as unset
        form["robbed_kong_share_set"] = True
    return form


def _follows_alike(rules: Rules, own: Any) -> bool:
    """Whether the robbed kong, were the base rules not to set it, would pay what 6 pays (R7):
    under the base rules' self_draw_share, and under the night's own where its rules set one and
    leave robbed_kong_share to the base."""
    shares = [rules.self_draw_share]
    if isinstance(own, Mapping) and "self_draw_share" in own and "robbed_kong_share" not in own:
        shares.append(
            rules.override({"self_draw_share": own["self_draw_share"]}, "").self_draw_share
        )
    return all(ROBBED_PAYS_FOR * share == VERSION_ONE["robbed_kong_share"] for share in shares)


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
    """Migration 2: each stored night's identity worked out from its data (it was a hash of the JSON
    printer's output, which gave the same value for the same data;
    recomputing keeps every ledger in step)."""
    from msgspec.json import Decoder

    decode = Decoder(float_hook=Decimal).decode
    for night, data, rules in conn.execute("SELECT id, data, rules FROM nights").fetchall():
        stored = {k: v for k, v in json.loads(rules).items() if v is not None}  # null: follows
        if stored.get("robbed_kong_share") == VERSION_ONE["robbed_kong_share"]:
            # version 1 wrote its default 6 for a night that did not set it: read as not set
            del stored["robbed_kong_share"]
        identity_now = night_identity(decode(data), DEFAULT_RULES.override(stored, ""))
        conn.execute("UPDATE nights SET hash = ? WHERE id = ?", (identity_now, night))
