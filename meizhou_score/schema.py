"""JSON Schema (draft 2020-12) of the hand record and session formats (docs/rules.md, “The files”).

It describes the shapes; the tile rules (count rule, four copies, a winning
shape) are checked by ``settle`` and cannot be said in a schema.
"""

from __future__ import annotations

from .patterns import PATTERNS
from .record import WIN_TYPES

_TILES = {"type": "string", "description": "tile notation, e.g. '123m 456p 11z' (docs/rules.md)"}
_NAME = {"type": "string", "minLength": 1}
_AMOUNT = {"type": "number"}
_COUNT = {"type": "integer", "minimum": 0}


def _object(properties: dict, required: tuple[str, ...] = ()) -> dict:
    """A mapping with exactly these keys (an unknown key is an error, docs/rules.md), ``required`` among them."""
    out: dict = {"type": "object", "additionalProperties": False}
    if required:
        out["required"] = list(required)
    out["properties"] = properties
    return out


_KONG = _object(required=("player", "type", "tile"), properties={
    "player": _NAME,
    "type": {"enum": ["concealed", "added", "exposed"]},
    "tile": _TILES,
    "from": {**_NAME, "description": "exposed kongs only: the discarder"},
})
_HAND = _object(required=("concealed", "winning_tile"), properties={
    "concealed": _TILES,
    "pungs": {"type": "array", "items": _TILES},
    "winning_tile": _TILES,
})
_RULES = _object({
    "patterns": _object({p.id: _COUNT for p in PATTERNS}),
    "combine": {"enum": ["highest", "add", "multiply"]},
    "self_draw_share": _COUNT,
    "kong_bloom_multiplier": _COUNT,
    "robbed_kong_share": _COUNT,
    "kong_units": _object({k: _COUNT for k in ("concealed", "added", "exposed")}),
    "exposed_kong_payer": {"enum": ["all", "discarder"]},
    "dealer_after_draw": {"enum": ["next", "same"]},
})
_HAND_PROPERTIES = {
    "dealer": _NAME,
    "stake": {**_AMOUNT, "exclusiveMinimum": 0},
    "draw": {"type": "boolean"},
    "winner": _NAME,
    "win_type": {"enum": list(WIN_TYPES)},
    "robbed": _NAME,
    "hand": _HAND,
    "kongs": {"type": "array", "items": _KONG},
    "claimed": {"type": "object", "additionalProperties": _AMOUNT},
}
_DATE = {"type": "string", "format": "date", "description": "the night's date, YYYY-MM-DD"}
_PLAYERS = {"type": "array", "items": _NAME, "minItems": 4, "maxItems": 4, "uniqueItems": True}

RECORD = _object(required=("players", "dealer"),
                 properties={"players": _PLAYERS, **_HAND_PROPERTIES, "rules": _RULES, "date": _DATE})
SESSION = _object(required=("players", "hands"), properties={
    "date": _DATE,
    "players": _PLAYERS,
    "stake": _HAND_PROPERTIES["stake"],
    "rules": _RULES,
    "hands": {"type": "array", "minItems": 1, "items": _object(_HAND_PROPERTIES)},
})

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "meizhou-score hand record or session",
    "oneOf": [{"$ref": "#/$defs/session"}, {"$ref": "#/$defs/record"}],
    "$defs": {"record": RECORD, "session": SESSION, "rules": _RULES},
}
