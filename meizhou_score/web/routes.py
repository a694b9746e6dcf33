"""The JSON API's handlers (docs/web.md): each reads its request, then does its work off the event
loop (the file's lock, settling, SQLite all block), through the night service.

Every write names the version it was decided on (428 without one; 412 with the night as it now
stands and what changed when another came first). Every refusal is the API's JSON in the player's
language: 422 bad input, 507 a disk that refused the write (the file intact).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable
from html import escape
from importlib import resources
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from ..errors import LedgerError, MeizhouError, RecordError
from ..i18n.language import named_by
from ..i18n.messages import reason
from ..night.errors import Moved, Stale
from ..night.seen import Seen
from ..night.service import NightFile
from ..records.loader import Limits
from ..records.model import HEAD_KEYS
from .bodies import Json, refused
from .guard import COOKIE
from .setup import deal_answer, rules_json, table_players
from .state import States, joined
from .words import language_for, page_words, said

STATIC = {  # the page's own files, by the name a request may ask for: nothing else is served
    **{
        f"{n}.js": "text/javascript"
        for n in ("core", "setup", "editor", "writes", "closing", "page")
    },
    "page.css": "text/css",
    "manifest.json": "application/manifest+json",
    "icon.svg": "image/svg+xml",
    "words.json": "application/json",
}
# the words index.html holds, each replaced by the picked language's: the tab's title and the
# page's heading (the page sets them again when the phone changes its language), and what a browser
# without JavaScript is told
TITLE = b"<title>Meizhou mahjong</title>"
HEADING = b'<h1 id="title">Meizhou mahjong</h1>'
NOSCRIPT = (
    b"This page needs JavaScript: it is the table's own score keeper, served by meizhou-score."
)


def _json(body: bytes, status: int, version: str) -> Response:
    """JSON already encoded (the night's, kept per version), with the version's ETag."""
    return Response(
        body, status_code=status, media_type="application/json", headers={"ETag": f'"{version}"'}
    )


def unchanged(request: Request, etag: str) -> bool:
    """Does the browser hold ``etag`` already? If-None-Match as RFC 9110 compares it: weakly (W/
    dropped), ``*`` matching whatever there is, its lines one list."""
    held = ",".join(request.headers.getlist("if-none-match"))
    tags = {tag.strip().removeprefix("W/") for tag in held.split(",")}
    return etag in tags or "*" in tags


_HAND = re.compile(r"hands\[\d+\](?:\.(.*))?")


def request_key(path: str, source: str | None) -> str:
    """Where a refused request went wrong, as the key path of what it sent: the hand's own keys
    (``winner``, ``hand.concealed``; the service says ``hands[N].winner``, the file's path), a new
    night's head under ``table``. A fault of the file itself (it names its source) is kept."""
    if source:
        return path
    hand = _HAND.fullmatch(path)
    if hand:
        return hand.group(1) or ""
    if path.split(".")[0].split("[")[0] in HEAD_KEYS:
        return f"table.{path}"
    return path


class Api:
    """The handlers of one night's server."""

    def __init__(
        self, night_path: str, lang: str, token: str | None, db: str | None, limits: Limits
    ):
        self.night = NightFile(night_path, limits)
        self.states = States(night_path, db is not None)
        self.night_path, self.lang, self.token, self.db = night_path, lang, token, db
        self.page = resources.files("meizhou_score.web") / "static"

    def warm(self) -> None:
        """Make the night's JSON in the server's language now (a phone asking meanwhile waits for
        it); a night that cannot be read is said when a phone asks."""
        try:
            self.states.body(self.night.read(), self.lang)
        except Exception:  # noqa: BLE001 - the phone's own GET says what is wrong
            pass

    def language(self, request: Request) -> str:
        """The language of an API call: ?lang= or X-Lang, else the server's own."""
        return language_for(
            request.query_params.get("lang") or request.headers.get("x-lang"), self.lang
        )

    # ------------------------------------------------------------------ answers

    def answer(self, seen: Seen, lang: str, status: int = 200, **extra: Any) -> Response:
        """The night as GET gives it (with its ETag), after ``extra``: made once per version."""
        body = self.states.with_keys(seen, lang, extra)
        return _json(body, status, seen.version)

    def stale(self, error: Stale, lang: str) -> Response:
        kind, hand = error.change
        text = said("moved", lang) if isinstance(error, Moved) else said(kind, lang, hand=hand)
        said_ = {"error": text, "changed": {"kind": kind, "hand": hand}}
        night = self.states.body(error.now, lang)
        return _json(joined(said_, b'{"night":' + night + b"}"), 412, error.now.version)

    @staticmethod
    def refusal(error: MeizhouError, lang: str, status: int = 422, sent: bool = True) -> Json:
        """``error`` as the API's JSON; ``sent``: its path is a key of the body sent (a night's
        head under ``table``), else a query's parameter, as it stands."""
        if sent and isinstance(error, RecordError) and isinstance(error.path, str):
            error = error.__class__(request_key(error.path, error.source), error.message)
        where = error.path if isinstance(error, RecordError) else ""
        where = where.say(lang) if hasattr(where, "say") else str(where or "")
        return Json({"error": error.say(lang), "where": where}, status_code=status)

    async def threaded(
        self, lang: str, work: Callable[[], Response], reading: bool = False
    ) -> Response:
        """``work()`` off the event loop; the night service's refusals as the API's answers. A
        file the system will not give (a night that became a folder, read or written; ``reading``:
        any file a read could not have) is 503."""

        def guarded() -> Response:
            try:
                return work()
            except Stale as error:
                return self.stale(error, lang)
            except MeizhouError as error:
                if isinstance(error, LedgerError) and error.disk:  # nothing added
                    return refused(lang, "ledger_disk", 507)
                cause = error.__context__  # the loader's refusal of a file it could not read
                if isinstance(error, RecordError) and isinstance(cause, IsADirectoryError):
                    return refused(lang, "unreadable", 503, why=reason(cause).say(lang))
                return self.refusal(error, lang)
            except OSError as error:  # the disk refused: the writer left the file as it was
                unreadable = reading or isinstance(error, IsADirectoryError)  # a folder: 503
                key, status = ("unreadable", 503) if unreadable else ("disk", 507)
                return refused(lang, key, status, why=reason(error).say(lang))

        return await run_in_threadpool(guarded)

    # ------------------------------------------------------------------ the page

    async def index(self, request: Request) -> Response:
        """The page, in the language the server picks for it (``<html lang>``, the tab's title and
        the heading): ?lang= first, else the browser's list, else ``--lang``. ``data-picked`` says
        which: a choice the phone made itself (its buttons) stands above the browser's list, never
        above ?lang=."""
        asked = request.query_params.get("lang")
        accept = ", ".join(request.headers.getlist("accept-language"))  # its lines are one list
        lang = language_for(asked, self.lang, accept)
        picked = "query" if named_by(asked) else "browser"  # a list in ?lang= is the query's too
        title = escape(said("page.title", lang))
        body = (
            (self.page / "index.html")
            .read_bytes()
            .replace(
                b'<html lang="en">', f'<html lang="{lang}" data-picked="{picked}">'.encode(), 1
            )
            .replace(TITLE, f"<title>{title}</title>".encode(), 1)
            .replace(HEADING, f'<h1 id="title">{title}</h1>'.encode(), 1)
            .replace(NOSCRIPT, escape(said("page_noscript", lang)).encode(), 1)
        )
        response = Response(body, media_type="text/html; charset=utf-8")
        given = request.query_params.get("token")
        if self.token and given and given.isascii() and hmac.compare_digest(given, self.token):
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict", path="/")
        return response

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            lang = self.language(request)
            return Json({"error": said("not_found", lang), "where": ""}, status_code=404)
        if name == "words.json":  # made from the catalogs: every language registered
            words = Json(page_words())
            etag = f'"{hashlib.sha256(words.body).hexdigest()[:16]}"'
            if unchanged(request, etag):
                return Response(status_code=304, headers={"ETag": etag})
            words.headers["ETag"] = etag
            return words
        return Response((self.page / name).read_bytes(), media_type=STATIC[name])

    # ------------------------------------------------------------------ reading

    async def get_night(self, request: Request) -> Response:
        lang = self.language(request)

        def work() -> Response:
            version = self.night.version()  # the ETag first: nothing settled when unchanged
            etag = f'"{version}"'
            if unchanged(request, etag):
                return Response(status_code=304, headers={"ETag": etag})
            return self.answer(self.night.read(), lang)

        return await self.threaded(lang, work, reading=True)

    async def chart(self, request: Request) -> Response:
        """The running totals as a line chart, drawn by the same code as ``settle --chart``."""
        from ..render.sheet import chart as night_chart

        lang = self.language(request)

        def work() -> Response:
            night = self.night.read().night
            if night is None:
                return Json({"error": said("no_hand_yet", lang), "where": ""}, status_code=404)
            return Response(night_chart(night, lang), media_type="image/svg+xml")

        return await self.threaded(lang, work, reading=True)

    async def settle_up(self, request: Request) -> Response:
        from ..settling.settleup import settle_up as fewest

        def work() -> Response:
            night = self.night.read().night
            payments = fewest(night.totals).payments if night is not None else ()
            return Json(
                {
                    "payments": [
                        {"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments
                    ]
                }
            )

        return await self.threaded(self.language(request), work, reading=True)

    async def rules(self, request: Request) -> Response:
        return Json(rules_json(self.language(request)))

    async def players(self, request: Request) -> Response:
        """A new night's four names checked before its first hand is entered: ``?player=`` once
        for each seat, East first."""
        try:
            return Json({"players": table_players(request.query_params.getlist("player"))})
        except RecordError as error:
            return self.refusal(error, self.language(request), sent=False)

    async def deal(self, request: Request) -> Response:
        try:
            found, wrong = deal_answer(dict(request.query_params))
        except RecordError as error:  # the players, refused as `deal --players` refuses them
            return self.refusal(error, self.language(request), sent=False)
        if found is None:
            lang = self.language(request)
            if wrong == "dealer":  # not a sum of dice: say what is wrong with it
                return refused(lang, f"deal_{wrong}", 422, where=wrong)
            return refused(lang, "bad_number", 422, where=wrong, low=2, high=12)
        return Json(found)
