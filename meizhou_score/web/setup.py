"""Setting a night up on the page (開局): the house-rule presets, the dice, a new night's head.

``GET /api/rules`` offers the presets (the defaults, 包槓, the dealer keeping the deal after a
draw, the example house rules shipped with the package) and every house-rule key with its
default and choices; ``GET /api/deal`` answers as ``deal --format json``; a setup's ``table``
names its rules by a preset id or as a mapping.
"""

from __future__ import annotations

from typing import Any

from ..records import rules as house
from ..records.names import seat, typed_table
from ..settling.dealing import deal_json, seats
from .words import said

# id → the night's rules: the keys it changes (its name: ``preset.<id>`` in words.py's catalog)
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "bao_kong": {"exposed_kong_payer": "discarder"},
    "dealer_keeps": {"dealer_after_draw": "same"},
    "house_rules": {  # examples/house-rules.yaml, shipped here (a test compares the two)
        "patterns": {"thirteen_orphans": 0, "all_pungs": 3},
        "combine": "add",
        "self_draw_share": 3,
        "kong_units": {"concealed": 3},
        "dealer_after_draw": "same",
    },
}


def rules_json(lang: str) -> dict[str, Any]:
    """What ``GET /api/rules`` answers: the presets and every house-rule key."""
    presets = [
        {
            "id": key,
            "name": said(f"preset.{key}", lang),
            "rules": rules,
            "effective": house.DEFAULT_RULES.override(rules).as_dict(),
        }
        for key, rules in PRESETS.items()
    ]
    keys = [  # the house rules' rows (records/rules.py), as the page needs them
        {
            "key": row.key,
            "kind": row.kind,
            "default": house.defaults()[row.key],
            "choices": [c.id for c in row.choices] if row.kind == "choice" else None,
            "ruling": row.ruling,
            "description": house.description(row, lang),
        }
        for row in house.ROWS
    ]
    return {"presets": presets, "keys": keys}


def head_of(table: dict[str, Any]) -> dict[str, Any] | None:
    """A setup's table with its rules as the night's file writes them (a preset id → its keys);
    None when it names no preset we have."""
    rules = table.get("rules")
    if isinstance(rules, str):
        if rules not in PRESETS:
            return None
        rules = PRESETS[rules] or None
    return {**table, "rules": rules}


def table_players(names: list[str]) -> list[str]:
    """``GET /api/players``' answer: the four names a new night's form holds, in seat order, as the
    night's file will hold them, checked by the rule a file's ``players`` is (a RecordError at
    ``players[N]`` otherwise), before the first hand is entered."""
    return list(seat(names, "players"))


def deal_answer(query: dict[str, str]) -> tuple[dict[str, Any] | None, str]:
    """``GET /api/deal``'s answer, or (None, the parameter that is wrong); its ``players`` are
    read as ``deal --players`` reads them (a RecordError at ``players`` otherwise)."""
    typed = query.get("players", "")
    players = tuple(typed_table(typed)) if typed.strip() else ()
    if "seats" in query:
        total = _dice(query["seats"])
        if total is None or not players:
            return None, "seats" if total is None else "players"
        found = seats(total, players)
        return {"throw": total, "thrower": players[0], "seats": found, "dealer": found["East"]}, ""
    dealer, breaker = _dice(query.get("dealer_dice", "")), _dice(query.get("breaker_dice", ""))
    if dealer is None or breaker is None:
        return None, "dealer_dice" if dealer is None else "breaker_dice"
    names = None
    if players:
        first = query.get("dealer") or players[0]
        if first not in players:
            return None, "dealer"
        d = players.index(first)
        names = tuple(players[(d + k) % 4] for k in range(4))  # from the dealer on, in play order
    return deal_json(dealer, breaker, names), ""


def _dice(text: str) -> int | None:
    """A sum of two dice, 2 to 12, or None."""
    ok = text.isascii() and text.isdigit() and len(text) <= 2  # int() refuses 4,300+ digits
    return int(text) if ok and 2 <= int(text) <= 12 else None
