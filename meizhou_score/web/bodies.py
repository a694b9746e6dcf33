"""What a request carries (請求): its JSON body, checked before it is used, and the version it
saw.

A body is at most :data:`MAX_BODY` bytes; what it may hold is the one rule of
:mod:`..records.untrusted`, as for a file or a bulk line: nested at most its ``MAX_DEPTH`` (8)
deep (checked on the bytes, before the parser could recurse), no key written twice, only text that
can be written (no lone surrogate). A refusal is a response in the player's language, never an
exception.
"""

from __future__ import annotations

import datetime
import json
import re
from decimal import Decimal
from typing import Any, NamedTuple

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from ..i18n.messages import Message
from ..records.model import HEAD_KEYS
from ..records.untrusted import (
    Refused,
    lone_surrogate,
    nested,
    no_duplicates,
    too_deep_text,
    unwritable,
)
from ..records.validators import json_decimal
from ..render.jsonout import encode
from .words import said

MAX_BODY = 64 * 1024  # bytes a request body may have: a hand is a few hundred
_INT_DIGITS = 4000  # Python refuses int() of more than 4,300 digits
_NEVER = "W/"  # the version a weak tag names: no night has it
# a request's JSON object: plain data as the phone sent it, judged by the loader and the judge
Body = dict[str, Any]


class Json(JSONResponse):
    """JSON written by the package's one writer: exact decimals, never a float."""

    def render(self, content: Any) -> bytes:
        return encode(content)


def refused(lang: str, key: str | Message, status: int, where: str = "", **values: object) -> Json:
    """The answer refusing a request: the sentence ``key`` of the server's catalog, or a message of
    the package's (:mod:`..records.untrusted`'s refusals), in the player's language."""
    error = key.say(lang) if isinstance(key, Message) else said(key, lang, **values)
    return Json({"error": error, "where": where}, status_code=status)


async def body_of(request: Request, lang: str, optional: bool = False) -> Body | Json:
    """The request's JSON object (``{}`` for none when ``optional``); else the response that
    refuses it (400, 413 or 422)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return refused(lang, "too_big", 413, size=f"{MAX_BODY:,}")
    data = b""
    try:
        async for part in request.stream():
            data += part
            if len(data) > MAX_BODY:
                return refused(lang, "too_big", 413, size=f"{MAX_BODY:,}")
    except ClientDisconnect:  # the phone went away mid-way: nobody to answer, nothing to log
        return refused(lang, "cut_off", 400)
    if optional and not data.strip():
        return {}
    if too_deep_text(data):
        return refused(lang, nested(), 400)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return refused(lang, "not_utf8", 400, at=exc.start + 1)
    try:
        body = json.loads(
            text,
            parse_float=json_decimal,
            parse_int=_integer,
            parse_constant=_no_constant,
            object_pairs_hook=no_duplicates,
        )
    except Refused as exc:  # a key written twice: the last one must not silently win
        return refused(lang, exc.message, 400)
    except json.JSONDecodeError as exc:  # its place, never the parser's English
        return refused(lang, "not_json", 400, line=exc.lineno, column=exc.colno)
    except (ValueError, RecursionError):
        return refused(lang, "not_json", 400, line=1, column=1)
    if not isinstance(body, dict):
        return refused(lang, "not_object", 400)
    where = unwritable(body)
    if where is not None:
        return refused(lang, lone_surrogate(), 422, where=where)
    return body


def _integer(digits: str) -> int | Decimal:
    """A JSON integer: exact, and a Decimal past Python's digit limit for ``int`` (an amount that
    long is the loader's to refuse, at its key)."""
    return int(digits) if len(digits) <= _INT_DIGITS else Decimal(digits)


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN, Infinity: not JSON (RFC 8259), never a float amount


class Versions(NamedTuple):
    """The version a write names, or why it names none that can be used: ``refusal`` is a key of
    :data:`~.words.SAID` with its status."""

    version: str | None
    refusal: tuple[str, int] | None = None


def versions_of(request: Request, body: Body | None = None) -> Versions:
    """The version the phone saw: ``If-Match: "<version>"``, the body's ``"version"`` and
    ``?version=`` — each one given must name the same version (two that differ: 400, nothing
    written). If-Match is RFC 9110's list: every tag on every line of it counts. A weak tag
    (``W/"…"``) never matches (§13.1.1: If-Match compares strongly): it is a version no night
    has, so the write is stale (412); so is the empty tag ``""``. An unquoted tag, or ``*``
    beside a tag, is not an entity tag: 400; ``*`` alone names no version."""
    named: list[str] = []
    # RFC 9110 §5.3: the field's lines are one list, its empty members skipped
    tags = [t.strip() for line in request.headers.getlist("if-match") for t in line.split(",")]
    tags = [tag for tag in tags if tag]
    if tags != ["*"]:  # `*` alone names no version; beside a tag it is not an If-Match
        for tag in tags:
            if tag.startswith("W/") or tag == '""':  # weak, or empty: well formed, no version
                named.append(_NEVER)
            elif len(tag) >= 3 and tag[0] == tag[-1] == '"' and '"' not in tag[1:-1]:
                named.append(tag[1:-1])
            else:
                return Versions(None, ("bad_if_match", 400))
    given = body.get("version") if body is not None else None
    if given is not None:
        if not isinstance(given, str) or not given:
            return Versions(None, ("bad_version", 400))
        named.append(given)
    query = request.query_params.getlist("version")
    named += [q for q in query if q]
    if len(set(named)) > 1:
        return Versions(None, ("two_versions", 400))
    if not named:
        return Versions(None, ("no_version", 428))
    return Versions(named[0])


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def unused(body: Body, lang: str, amending: bool = False) -> Json | None:
    """The refusal (422 at its key) of what a write would not use, or None: ``table`` when
    amending a hand, a table that is not an object or holds a key a night's head has not,
    a ``date`` that is not a date (``false``, ``0``, ``""`` would have been today),
    ``allow_dispute`` not true or false. The hand's own keys are the loader's to judge."""
    if "table" in body:
        table = body["table"]
        if amending:
            return refused(lang, "unused_key", 422, where="table")
        if not isinstance(table, dict):
            return refused(lang, "not_a_table", 422, where="table")
        for key in table:
            if key not in HEAD_KEYS:  # a new night's table: what new_head writes
                return refused(lang, "unused_key", 422, where=f"table.{key}")
        if "date" in table and not _a_date(table["date"]):
            return refused(lang, "not_a_date", 422, where="table.date")
    if "allow_dispute" in body and not isinstance(body["allow_dispute"], bool):
        return refused(lang, "not_yes_no", 422, where="allow_dispute")
    return None


def _a_date(value: Any) -> bool:
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        return False
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def hand_of(body: Body, preview: bool = False) -> tuple[Body, Body | None, bool]:
    """(the hand as a session's hand, the table of a new night or None, allow a dispute?).
    ``amend`` is the preview's key only: a write that carries it is refused as any unknown key."""
    table = body.get("table") if isinstance(body.get("table"), dict) else None
    allow = body.get("allow_dispute") is True
    own = (
        ("table", "allow_dispute", "version", "amend")
        if preview
        else ("table", "allow_dispute", "version")
    )
    return {k: v for k, v in body.items() if k not in own}, table, allow
