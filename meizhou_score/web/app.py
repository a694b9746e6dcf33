"""The app behind ``serve`` (網頁): the page, its files and the JSON API (docs/web.md), on Starlette.

Every write goes through :mod:`~meizhou_score.settling.nightfile` — the file's
lock, the settlement first, the same writer as ``record`` — so the command line
and any number of phones can write one night at once. Only the table gets in:
with a token (``--lan``) every request must carry it (the page keeps it in a
same-site, HTTP-only cookie after the first visit); a write must come from the
page's own origin; bodies are capped; only the package's own files are served;
every response carries a Content-Security-Policy with no inline script.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from decimal import Decimal
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import MeizhouError, RecordError
from ..i18n.scripts import language_of, simplified
from ..records.loader import DEFAULT_LIMITS, Limits
from ..render.jsonout import encode, night_json
from ..render.sheet import sheet
from ..settling import nightfile

MAX_BODY = 64 * 1024  # bytes a request body may have: a hand is a few hundred
COOKIE = "meizhou_token"
# the page's own files, by the name a request may ask for: nothing else of the file system is ever served
STATIC = {
    **{f"{n}.js": "text/javascript" for n in ("core", "setup", "editor", "page")},
    "page.css": "text/css",
    "manifest.json": "application/manifest+json",
    "icon.svg": "image/svg+xml",
    "words.json": "application/json",
}
SECURITY = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token may be in the page's address
    "Cache-Control": "no-store",
}


def _page_words(written: bytes) -> dict:
    """The page's words (static/words.json: English and Traditional as written) with Simplified made from
    Traditional by the same table as the command line's."""
    words = json.loads(written)
    words["zh-Hans"] = {
        key: simplified(text) if isinstance(text, str) else [simplified(t) for t in text]
        for key, text in words["zh-Hant"].items()
    }
    return words


class _Json(JSONResponse):
    """JSON written by the package's one writer: exact decimals, never a float."""

    def render(self, content: Any) -> bytes:
        return encode(content)


def create_app(
    night_path: str,
    lang: str = "en",
    token: str | None = None,
    hosts: tuple[str, ...] = (),
    db: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Starlette:
    """The app for the night in ``night_path``; ``token`` (with --lan) is required of every request, and
    ``hosts`` are the Host headers the server answers to (none given: any)."""
    page = resources.files("meizhou_score.web") / "static"

    def language(request: Request) -> str:
        asked = request.query_params.get("lang") or request.headers.get("x-lang")
        return language_of(asked) or lang

    def refusal(request: Request, error: MeizhouError, status: int = 422) -> Response:
        said = language(request)
        where = error.path if isinstance(error, RecordError) else ""
        where = where.say(said) if hasattr(where, "say") else str(where or "")
        return _Json({"error": error.say(said), "where": where}, status_code=status)

    def night_state(request: Request, night, raw: bytes) -> dict:
        said = language(request)
        out: dict[str, Any] = {
            "file": night_path,
            "version": hashlib.sha256(raw).hexdigest()[:16],
            "exists": night is not None,
            "ledger": db is not None,
        }
        if (
            night is not None
        ):  # settle --format json's object, then the sheet's rows and the page's own keys
            out = {
                **night_json(night),
                "sheet": sheet(night, said),
                "players": list(night.players),
                "lang": said,
                **out,
            }
        return out

    async def index(request: Request) -> Response:
        body = (page / "index.html").read_bytes()
        response = Response(body, media_type="text/html; charset=utf-8")
        given = request.query_params.get("token")
        if token and given and hmac.compare_digest(given, token):
            response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        return response

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return Response(status_code=404)
        if name == "words.json":
            return _Json(_page_words((page / name).read_bytes()))
        return Response((page / name).read_bytes(), media_type=STATIC[name])

    async def get_night(request: Request) -> Response:
        try:
            night, raw = nightfile.read(night_path, limits)
        except MeizhouError as error:
            return refusal(request, error)
        state = night_state(request, night, raw)
        etag = f'"{state["version"]}-{state.get("lang", lang)}"'
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers={"ETag": etag})
        return _Json(state, headers={"ETag": etag})

    async def changed(
        request: Request, change, status: int = 200, with_body: bool = True
    ) -> Response:
        """Make a change to the night's file (``change(hand, table, allow)`` → the night, the file's bytes), then
        answer with the night."""
        hand, table, allow = {}, None, False
        if with_body:
            body = await _body(request)
            if isinstance(body, Response):
                return body
            hand, table, allow = _hand_of(body)
        try:
            night, raw = change(
                hand, table, allow
            )  # the night as written, and the file's bytes: no second read
        except MeizhouError as error:
            return refusal(request, error)
        extra = {"hand": len(night.hands)} if status == 201 else {}
        return _Json({**extra, **night_state(request, night, raw)}, status_code=status)

    async def post_hand(request: Request) -> Response:
        return await changed(
            request,
            lambda hand, table, allow: nightfile.add_hand(night_path, hand, table, limits, allow),
            status=201,
        )

    async def put_hand(request: Request) -> Response:
        number = int(request.path_params["number"])
        return await changed(
            request,
            lambda hand, _, allow: nightfile.amend_hand(night_path, number, hand, limits, allow),
        )

    async def delete_last(request: Request) -> Response:
        return await changed(
            request, lambda *_: nightfile.undo_last(night_path, limits), with_body=False
        )

    async def preview(request: Request) -> Response:
        """A hand settled against the night as it stands, nothing written: the page's preview before Record."""
        body = await _body(request)
        if isinstance(body, Response):
            return body
        hand, table, _ = _hand_of(body)
        try:
            night = nightfile.preview(night_path, hand, table, limits)
        except MeizhouError as error:
            return refusal(request, error)
        row = sheet(night, language(request))[-1]
        return _Json(
            {"row": row, "disputed": night.last.disputed, "next_dealer": night.next_dealer}
        )

    async def chart(request: Request) -> Response:
        """The night's running totals as a line chart, drawn by the same code as ``settle --chart``."""
        from ..render.sheet import chart as night_chart

        try:
            night, _ = nightfile.read(night_path, limits)
        except MeizhouError as error:
            return refusal(request, error)
        if night is None:
            return Response(status_code=404)
        return Response(night_chart(night, language(request)), media_type="image/svg+xml")

    async def settle_up(request: Request) -> Response:
        from ..settling.settleup import settle_up as fewest

        try:
            night, _ = nightfile.read(night_path, limits)
        except MeizhouError as error:
            return refusal(request, error)
        payments = fewest(night.totals).payments if night is not None else ()
        return _Json(
            {"payments": [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments]}
        )

    async def ledger_add(request: Request) -> Response:
        """The night into the club's ledger, as ``ledger add`` does it."""
        if db is None:
            return _Json(
                {"error": "no ledger: start serve with --db LEDGER", "where": ""}, status_code=404
            )
        from ..club import nights
        from ..club.store import guarded, open_ledger
        from ..records.loader import load_record

        try:
            with guarded(db):
                conn = open_ledger(db, create=True)
                try:
                    added = nights.add_night(
                        conn, load_record(night_path, limits), night_path, None
                    )
                finally:
                    conn.close()
        except MeizhouError as error:
            return refusal(request, error)
        return _Json(added._asdict())

    routes = [
        Route("/", index),
        Route("/static/{name}", static),
        Route("/api/night", get_night),
        Route("/api/preview", preview, methods=["POST"]),
        Route("/api/hands", post_hand, methods=["POST"]),
        Route("/api/hands/last", delete_last, methods=["DELETE"]),
        Route("/api/hands/{number:int}", put_hand, methods=["PUT"]),
        Route("/api/settle-up", settle_up),
        Route("/api/chart.svg", chart),
        Route("/api/ledger", ledger_add, methods=["POST"]),
    ]
    app = Starlette(routes=routes)
    return _Guard(app, token, hosts)


async def _body(request: Request) -> dict | Response:
    """The request's JSON object, at most MAX_BODY bytes; else the response that refuses it."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return _Json(
            {"error": f"the body is larger than {MAX_BODY:,} bytes", "where": ""}, status_code=413
        )
    data = b""
    async for part in request.stream():
        data += part
        if len(data) > MAX_BODY:
            return _Json(
                {"error": f"the body is larger than {MAX_BODY:,} bytes", "where": ""},
                status_code=413,
            )
    try:
        body = json.loads(data, parse_float=Decimal)
    except (ValueError, UnicodeDecodeError) as exc:
        return _Json({"error": f"not JSON: {exc}", "where": ""}, status_code=400)
    if not isinstance(body, dict):
        return _Json({"error": "expected a JSON object: one hand", "where": ""}, status_code=400)
    return body


def _hand_of(body: dict) -> tuple[dict, dict | None, bool]:
    """(the hand as a session's hand, the table of a new night or None, allow a dispute?) from a request body."""
    table = body.get("table") if isinstance(body.get("table"), dict) else None
    allow = body.get("allow_dispute") is True
    hand = {k: v for k, v in body.items() if k not in ("table", "allow_dispute")}
    return hand, table, allow


class _Guard:
    """ASGI middleware: the token, the Host, the Origin of writes, and the security headers on every response."""

    def __init__(self, app, token: str | None, hosts: tuple[str, ...]):
        self.app, self.token, self.hosts = app, token, hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        status = self._refused(scope, headers)
        if status:
            response = _Json(
                {
                    "error": {
                        401: "this page needs the table's link (its token)",
                        403: "refused: not from this table's page",
                    }[status],
                    "where": "",
                },
                status_code=status,
                headers=SECURITY,
            )
            return await response(scope, receive, send)

        async def secured(message):
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [
                    *message["headers"],
                    *[(k.lower().encode(), v.encode()) for k, v in SECURITY.items()],
                ]
            await send(message)

        return await self.app(scope, receive, secured)

    def _refused(self, scope, headers: dict) -> int:
        host = headers.get("host", "")
        if self.hosts and host not in self.hosts:
            return 403  # a name this server was not started under (DNS rebinding)
        if self.token:
            query = dict(
                part.split("=", 1)
                for part in scope.get("query_string", b"").decode().split("&")
                if "=" in part
            )
            cookies = dict(
                part.strip().split("=", 1)
                for part in headers.get("cookie", "").split(";")
                if "=" in part
            )
            given = query.get("token") or cookies.get(COOKIE) or ""
            if not hmac.compare_digest(given, self.token):
                return 401
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            origin = headers.get("origin")
            if origin is None or origin != f"http://{host}":
                return 403  # writes come from this page only: no cross-site writes
        return 0
