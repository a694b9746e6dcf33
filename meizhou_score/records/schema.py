"""JSON Schema (draft 2020-12) of the files: hand records and sessions, and house-rules files.

The schemas say what the loader says about shapes: every key, its type, the
values a key may take (Chinese spellings included), and the conditions
between keys — ``robbed`` only with a robbed kong, ``from`` only on an
exposed kong, a draw with no winner, a winner with its win type and hand.
The tile rules (the count rule, four copies, a winning shape) are checked by
``settle`` and cannot be said in a schema. A test keeps the schemas and the
loader in agreement on a corpus of good and bad files.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import rules
from .kinds import KONG_TYPES, WIN_TYPES
from .model import KONG_TYPE_NAMES, MAX_TILE_TEXT, WIN_TYPE_NAMES
from .names import MAX_NAME
from .validators import COUNT_LIMIT

Schema = dict[str, Any]  # a JSON Schema object, as json.dumps writes it

DRAFT = "https://json-schema.org/draft/2020-12/schema"
RECORD_ID = "urn:meizhou-score:schema:record:1"
HOUSE_RULES_ID = "urn:meizhou-score:schema:house-rules:1"

_TILES = {
    "type": "string",
    "maxLength": MAX_TILE_TEXT,
    "description": "tile notation, e.g. '123m 456p 11z' (docs/rules.md, “The files”)",
}
# a name is text, or a number a table wrote bare (7): one of two types, not a union type (Ajv's
# strict mode)
_NAME = {
    "anyOf": [{"type": "string", "minLength": 1, "maxLength": MAX_NAME}, {"type": "integer"}],
    "description": "a player's name",
}
_AMOUNT = {"type": "number"}
_COUNT = {"type": "integer", "minimum": 0, "maximum": COUNT_LIMIT}


def _spellings(ids: Iterable[str], names: dict[str, str], only: str | None = None) -> list[str]:
    """The ids and every other spelling the loader accepts for them (自摸, self-draw, …)."""
    return [i for i in ids if only in (None, i)] + [
        n for n, i in names.items() if only in (None, i)
    ]


def _object(properties: Schema, required: tuple[str, ...] = (), **more: Any) -> Schema:
    """A mapping with exactly these keys (an unknown key is an error), ``required`` among them."""
    out: Schema = {"type": "object", "additionalProperties": False}
    if required:
        out["required"] = list(required)
    out["properties"] = properties
    out.update(more)
    return out


def _when(key: str, values: Sequence[str | bool], then: Schema, otherwise: Schema) -> Schema:
    """if ``key`` is one of ``values`` then … else …"""
    return {
        "if": {"required": [key], "properties": {key: {"enum": values}}},
        "then": then,
        "else": otherwise,
    }


def _required(*keys: str) -> Schema:
    """Every one of ``keys`` present (each named in ``properties`` too,
    as Ajv's strict mode asks)."""
    return {"required": list(keys), "properties": {k: True for k in keys}}


def _forbidden(*keys: str) -> Schema:
    """None of ``keys`` may be present: each key refused where it stands, so a validator or an
    editor points at that key (a ``not`` around the whole mapping pointed at nothing in it; a
    ``false`` subschema loses the key in Python's jsonschema)."""
    return {"properties": {k: {"not": {}, "description": f"{k} is not allowed here"} for k in keys}}


_KONG = _object(
    required=("player", "type", "tile"),
    properties={
        "player": _NAME,
        "type": {"enum": _spellings(KONG_TYPES, KONG_TYPE_NAMES)},
        "tile": _TILES,
        "from": {**_NAME, "description": "exposed kongs only: the discarder"},
    },
    allOf=[
        _when(
            "type",
            _spellings(KONG_TYPES, KONG_TYPE_NAMES, "exposed"),
            then=_required("from"),
            otherwise={},
        ),
        # 明槓 names both open kongs: with from, one from a discard; without, one added to a pung
        _when(
            "type",
            _spellings(KONG_TYPES, KONG_TYPE_NAMES, "exposed")
            + _spellings((), KONG_TYPE_NAMES, "open"),
            then={},
            otherwise=_forbidden("from"),
        ),
    ],
)
_HAND = _object(
    required=("concealed", "winning_tile"),
    properties={
        "concealed": _TILES,
        "pungs": {"anyOf": [{"type": "array", "items": _TILES}, _TILES, {"type": "null"}]},
        "winning_tile": _TILES,
    },
)


def house_rules() -> Schema:
    """The house-rules mapping: a property per row of records/rules.py, its type, values, words."""
    properties: Schema = {}
    for r in rules.ROWS:
        said = rules.description(r)
        if r.kind == "counts":  # each id, then its Chinese names (雞胡, 補槓, 明槓)
            keys = [c.id for c in r.choices] + list(r.names)
            properties[r.key] = _object({k: _COUNT for k in keys}, description=said)
        elif r.kind == "choice":  # each id, then the words for the choices (包槓, 連莊)
            values = [c.id for c in r.choices] + list(r.names)
            properties[r.key] = {"enum": values, "description": said}
        elif r.kind == "flag":
            properties[r.key] = {"type": "boolean", "description": said}
        else:
            properties[r.key] = {**_COUNT, "description": said}
    return _object(properties)


HOUSE_RULES = house_rules()
_HAND_PROPERTIES = {
    "dealer": _NAME,
    "stake": {**_AMOUNT, "exclusiveMinimum": 0},
    "draw": {"type": "boolean"},
    "winner": _NAME,
    "win_type": {"enum": _spellings(WIN_TYPES, WIN_TYPE_NAMES)},
    "robbed": _NAME,
    "robbed_from": {
        **_NAME,
        "description": "a robbed kong made from a discard (robbable_kongs: open): the discarder",
    },
    "hand": _HAND,
    "kongs": {"anyOf": [{"type": "array", "items": _KONG}, {"type": "null"}]},
    "claimed": {"type": "object", "additionalProperties": _AMOUNT},
}
# A draw (draw: true) has no winner, win type, robbed player or hand; any other hand has a winner,
# its win type and its hand; robbed names the robbed player of a robbed kong, and only then (and
# robbed_from, where that kong was being made from a discard, its discarder).
_HAND_CONDITIONS = [
    _when(
        "draw",
        [True],
        then=_forbidden("winner", "win_type", "robbed", "robbed_from", "hand"),
        otherwise=_required("winner", "win_type", "hand"),
    ),
    _when(
        "win_type",
        _spellings(WIN_TYPES, WIN_TYPE_NAMES, "robbed_kong"),
        then=_required("robbed"),
        otherwise=_forbidden("robbed", "robbed_from"),
    ),
]
# an ISO 8601 calendar date as Python reads one (2026-11-30, 20261130, 2026-W48-1); YAML's dates are
# text here
_DATE = {
    "type": "string",
    "format": "date",
    "pattern": r"^\s*\d{4}-?(\d{2}-?\d{2}|W\d{2}-?\d)\s*$",
    "description": "the night's date, YYYY-MM-DD",
}
_PLAYERS = {
    "type": "array",
    "items": _NAME,
    "minItems": 4,
    "maxItems": 4,
    "uniqueItems": True,
    "description": "four names in seat order East, South, West, North",
}

RECORD = _object(
    required=("players", "dealer"),
    properties={
        "players": _PLAYERS,
        **_HAND_PROPERTIES,
        "rules": {"$ref": "#/$defs/houseRules"},
        "date": _DATE,
    },
    allOf=_HAND_CONDITIONS,
)
_SESSION_HAND = _object(_HAND_PROPERTIES, allOf=_HAND_CONDITIONS)
SESSION = _object(
    required=("players", "hands"),
    properties={
        "date": _DATE,
        "players": _PLAYERS,
        "stake": _HAND_PROPERTIES["stake"],
        "rules": {"$ref": "#/$defs/houseRules"},
        "held": {
            "type": "object",
            "additionalProperties": _AMOUNT,
            "description": "each player's gold at the end, as counted on the table (reconcile)",
        },
        # (the first hand must name its dealer: settle checks it; a schema could say so only with an
        # open tuple, prefixItems beside items, which Ajv's strict mode refuses)
        "hands": {
            "type": "array",
            "minItems": 1,
            "items": _SESSION_HAND,
            "description": "the hands in order; the first names its dealer",
        },
    },
)

SCHEMA: Schema = {
    "$schema": DRAFT,
    "$id": RECORD_ID,
    "title": "meizhou-score hand record or session",
    "description": "A hand record or a session of hands (docs/rules.md, “The files”).",
    "oneOf": [{"$ref": "#/$defs/session"}, {"$ref": "#/$defs/record"}],
    "$defs": {"record": RECORD, "session": SESSION, "houseRules": HOUSE_RULES},
}


def house_rules_schema() -> Schema:
    """The schema of a house-rules file, made from the rows as they are now."""
    return {
        "$schema": DRAFT,
        "$id": HOUSE_RULES_ID,
        "title": "meizhou-score house rules",
        "description": "A house-rules file for --rules FILE (docs/rules.md, “House rules”); "
        "every key optional.",
        **house_rules(),
    }


def schema() -> Schema:
    """The schema of records and sessions, their house rules made from the rows as they are now."""
    return {**SCHEMA, "$defs": {**SCHEMA["$defs"], "houseRules": house_rules()}}


HOUSE_RULES_SCHEMA = house_rules_schema()
