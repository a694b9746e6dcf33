"""The app behind ``serve`` (網頁): the page, its files and the JSON API (docs/web.md).

Assembled here from small parts: :mod:`.routes` and :mod:`.writes` (the handlers, each doing its
blocking work off the event loop through the night service), :mod:`.bodies` (what a request
carries), :mod:`.state` (the night as the page reads it), :mod:`.setup` (presets, dice),
:mod:`.guard` (only the table gets in), :mod:`.closing` ("Close the night": the gold held
checked, one explanation amended) and :mod:`.words` (the server's sentences).
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.convertors import IntegerConvertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..records.loader import DEFAULT_LIMITS, Limits
from .bodies import MAX_BODY, Json
from .closing import Closing
from .guard import COOKIE, SECURITY, Guard
from .routes import STATIC
from .words import said
from .writes import Writes

__all__ = ["COOKIE", "MAX_BODY", "SECURITY", "STATIC", "create_app"]


class HandNumber(IntegerConvertor):
    """A hand's number in a path: at most 9 digits, so that int() never meets the 4,300 digits
    Python refuses to read (a 500 inside the router); a longer one matches no route (404)."""

    regex = "[0-9]{1,9}"


register_url_convertor("hand", HandNumber())


def create_app(
    night_path: str,
    lang: str = "en",
    token: str | None = None,
    hosts: tuple[str, ...] = (),
    db: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
    warm: bool = False,
) -> Guard:
    """The app for the night in ``night_path``; ``token`` (with --lan) is required of every
    request, and ``hosts`` are the Host headers the server answers to (none given: any). With
    ``warm`` (``serve``), the night's JSON in ``lang`` is made at once, off the event loop, so
    the first phone waits for what is left of it, not for all of a big night."""
    api = Writes(night_path, lang, token, db, limits)
    if warm:
        import threading

        threading.Thread(target=api.warm, daemon=True).start()
    closing = Closing(api)
    routes = [
        Route("/", api.index),
        Route("/static/{name}", api.static),
        Route("/api/night", api.get_night),
        Route("/api/preview", api.preview, methods=["POST"]),
        Route("/api/hands", api.post_hand, methods=["POST"]),
        Route("/api/hands/last", api.delete_last, methods=["DELETE"]),
        Route("/api/hands/{number:hand}", api.put_hand, methods=["PUT"]),
        Route("/api/settle-up", api.settle_up),
        Route("/api/chart.svg", api.chart),
        Route("/api/ledger", api.ledger_add, methods=["POST"]),
        Route("/api/rules", api.rules),
        Route("/api/deal", api.deal),
        Route("/api/players", api.players),
        Route("/api/reconcile", closing.check, methods=["GET", "POST"]),
        Route("/api/reconcile/apply", closing.apply, methods=["POST"]),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        words = {404: "not_found", 405: "not_allowed"}.get(status)  # in the player's language
        error = said(words, api.language(request)) if words else getattr(exc, "detail", "")
        return Json({"error": error, "where": ""}, status_code=status)

    async def internal(request: Request, exc: Exception) -> Response:
        # the last resort: never a traceback to the phone (the server's log keeps it)
        return Json({"error": said("internal", api.language(request)), "where": ""}, 500)

    app = Starlette(
        routes=routes, exception_handlers={HTTPException: http_error, Exception: internal}
    )
    return Guard(app, token, hosts, lang)
