"""What a request carries (請求): its JSON body, checked before it is used, and the version it saw.

A body is at most :data:`MAX_BODY` bytes, nested at most :data:`MAX_DEPTH` deep (checked on the
bytes, before the parser could recurse), and holds only text that can be written (no lone
surrogate). A refusal is a response in the player's language, never an exception.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ..render.jsonout import encode
from .words import said

MAX_BODY = 64 * 1024  # bytes a request body may have: a hand is a few hundred
MAX_DEPTH = 32  # a hand nests 4 deep; a setup with house rules 5
_OPEN, _CLOSE, _QUOTE, _ESCAPE = b"[{", b"]}", ord('"'), ord("\\")


class Json(JSONResponse):
    """JSON written by the package's one writer: exact decimals, never a float."""

    def render(self, content: Any) -> bytes:
        return encode(content)


def refused(lang: str, key: str, status: int, where: str = "", **values) -> Json:
    return Json({"error": said(key, lang, **values), "where": where}, status_code=status)


def too_deep(data: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text ``data`` nests arrays and objects deeper than ``limit`` (strings
    skipped)."""
    depth, in_string, escaped = 0, False, False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == _ESCAPE:
                escaped = True
            elif byte == _QUOTE:
                in_string = False
        elif byte == _QUOTE:
            in_string = True
        elif byte in _OPEN:
            depth += 1
            if depth > limit:
                return True
        elif byte in _CLOSE:
            depth -= 1
    return False


def unwritable(value: Any, where: str = "") -> str | None:
    """The key path of the first text in ``value`` that UTF-8 cannot hold (a lone surrogate), or
    None."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where or "(body)"
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            safe = str(key).encode("utf-8", "backslashreplace").decode("utf-8")
            path = f"{where}.{safe}" if where else safe
            found = unwritable(key, path) or unwritable(item, path)
            if found:
                return found
    elif isinstance(value, list):
        for n, item in enumerate(value):
            found = unwritable(item, f"{where}[{n}]")
            if found:
                return found
    return None


async def body_of(request: Request, lang: str, optional: bool = False) -> dict | Json:
    """The request's JSON object (``{}`` for none when ``optional``); else the response that
    refuses it (400, 413 or 422)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return refused(lang, "too_big", 413, size=f"{MAX_BODY:,}")
    data = b""
    async for part in request.stream():
        data += part
        if len(data) > MAX_BODY:
            return refused(lang, "too_big", 413, size=f"{MAX_BODY:,}")
    if optional and not data.strip():
        return {}
    if too_deep(data):
        return refused(lang, "too_deep", 400, depth=MAX_DEPTH)
    try:
        body = json.loads(data, parse_float=Decimal)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        return refused(lang, "not_json", 400, why=str(exc))
    if not isinstance(body, dict):
        return refused(lang, "not_object", 400)
    where = unwritable(body)
    if where is not None:
        return refused(lang, "not_text", 422, where=where)
    return body


def version_of(request: Request, body: dict | None = None) -> str | None:
    """The version the phone saw: ``If-Match: "<version>"``, else the body's ``"version"``, else
    ``?version=``; None when it gave none."""
    match = request.headers.get("if-match", "").strip()
    if match.startswith("W/"):
        match = match[2:]
    match = match.strip('"').strip()
    if match and match != "*":
        return match
    if body is not None and isinstance(body.get("version"), str) and body["version"]:
        return body["version"]
    return request.query_params.get("version") or None


def hand_of(body: dict) -> tuple[dict, dict | None, bool]:
    """(the hand as a session's hand, the table of a new night or None, allow a dispute?)."""
    table = body.get("table") if isinstance(body.get("table"), dict) else None
    allow = body.get("allow_dispute") is True
    own = ("table", "allow_dispute", "version", "amend")
    return {k: v for k, v in body.items() if k not in own}, table, allow
