"""The API's writes and the preview (docs/web.md): a hand added, amended, taken back, the night
into the ledger — each against the version the phone saw — and a hand settled without
writing."""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..night.errors import NotLast, Stale
from ..render.sheet import sheet
from ..settling.judge import dispute_reasons
from .bodies import Body, Json, body_of, hand_of, refused, unused, versions_of
from .routes import Api
from .setup import head_of
from .words import said

_HAND_NUMBER = re.compile(r"[1-9][0-9]{0,8}")  # a hand number: ASCII digits (never ３ or ٣)


class Writes(Api):
    """The handlers that change the night (and the preview, which reads a body as they do)."""

    async def asked(
        self, request: Request, lang: str, optional: bool = False
    ) -> tuple[Body, str] | Response:
        """(the body, the version it was decided on), or the response refusing the request."""
        body = await body_of(request, lang, optional)
        if isinstance(body, Response):
            return body
        named = versions_of(request, body)
        if named.refusal is not None:
            key, status = named.refusal
            return refused(lang, key, status, where="version" if status == 400 else "")
        return body, str(named.version)

    async def post_hand(self, request: Request) -> Response:
        lang = self.language(request)
        asked = await self.asked(request, lang)
        if isinstance(asked, Response):
            return asked
        body, version = asked
        wrong = unused(body, lang)
        if wrong is not None:
            return wrong
        hand, table, allow = hand_of(body)
        head = head_of(table) if table is not None else None
        if table is not None and head is None:
            return refused(lang, "no_preset", 422, where="table.rules", ids=", ".join(_ids()))

        def work() -> Response:
            written = self.night.add(hand, version, head, allow, lang=lang)
            return self.answer(written.seen, lang, 201, hand=written.number)

        return await self.threaded(lang, work)

    async def put_hand(self, request: Request) -> Response:
        lang = self.language(request)
        number = int(request.path_params["number"])
        asked = await self.asked(request, lang)
        if isinstance(asked, Response):
            return asked
        body, version = asked
        wrong = unused(body, lang, amending=True)
        if wrong is not None:
            return wrong
        hand, _, allow = hand_of(body)

        def work() -> Response:
            written = self.night.amend(number, hand, version, allow)
            return self.answer(written.seen, lang, 200, hand=number)

        return await self.threaded(lang, work)

    async def delete_last(self, request: Request) -> Response:
        lang = self.language(request)
        named = versions_of(request)
        if named.refusal is not None:
            key, status = named.refusal
            return refused(lang, key, status, where="version" if status == 400 else "")
        version = str(named.version)
        asked = request.query_params.get("hand")  # the hand the player was asked about
        if asked is not None and not _HAND_NUMBER.fullmatch(asked):  # ASCII digits, as everywhere
            return refused(lang, "amend_number", 422, where="hand")
        last = int(asked) if asked is not None else None

        def work() -> Response:
            try:
                plan = self.night.take_back(version, last)
            except NotLast as error:
                return refused(
                    lang, "not_last", 422, where="hand", hand=error.asked, last=error.last
                )
            row = sheet(plan.before, lang, start=plan.number - 1)[0]  # its row alone
            taken = {"hand": plan.number, "what": row["what"], "changes": row["changes"]}
            assert plan.seen is not None, "take_back answers the file as written"
            return self.answer(plan.seen, lang, 200, hand=plan.number, taken_back=taken)

        return await self.threaded(lang, work)

    async def preview(self, request: Request) -> Response:
        """A hand settled against the night as it stands (or as hand ``amend``), nothing written:
        the page's preview before Record, judged by the same judge as a write."""
        lang = self.language(request)
        body = await body_of(request, lang)
        if isinstance(body, Response):
            return body
        amend = body.get("amend")
        if amend is not None and (type(amend) is not int or amend < 1):
            return refused(lang, "amend_number", 422, where="amend")
        wrong = unused(body, lang, amending=amend is not None)
        if wrong is not None:
            return wrong
        hand, table, _ = hand_of(body, preview=True)
        head = head_of(table) if table is not None else None
        if table is not None and head is None:
            return refused(lang, "no_preset", 422, where="table.rules", ids=", ".join(_ids()))

        def work() -> Response:
            night, upset, _ = self.night.preview(hand, head, amend)
            row = sheet(night, lang, start=(amend or len(night.hands)) - 1)[0]
            return Json(
                {
                    "row": row,
                    "disputed": upset is not None,
                    "why": _why(upset, amend, lang),
                    "next_dealer": night.next_dealer,
                }
            )

        return await self.threaded(lang, work)

    async def ledger_add(self, request: Request) -> Response:
        """The night into the club's ledger, as ``ledger add`` does it: the version seen."""
        lang = self.language(request)
        db = self.db
        if db is None:
            return refused(lang, "no_ledger", 404)
        asked = await self.asked(request, lang, optional=True)
        if isinstance(asked, Response):
            return asked
        body, version = asked
        for key in body or {}:
            if key != "version":  # the night is added as it stands: nothing else to say
                return refused(lang, "unused_key", 422, where=key)

        def work() -> Response:
            from ..club import adding
            from ..club.store import guarded, open_ledger

            seen = self.night.read()
            if seen.version != version:
                raise Stale(seen, self.night.change_since(version, seen))
            data = seen.found.data if seen.found is not None else None
            with guarded(db):
                conn = open_ledger(db, create=True)
                try:
                    added = adding.add_file(conn, data, self.night_path)  # as ledger add does
                finally:
                    conn.close()
            return Json(added._asdict())

        return await self.threaded(lang, work)


def _ids() -> list[str]:
    from .setup import PRESETS

    return list(PRESETS)


def _why(upset: Any, amend: int | None, lang: str) -> list[str]:
    """Why the hand (or a later hand an amendment upsets) is disputed, in the player's words."""
    if upset is None:
        return []
    n, settled = upset
    if amend is not None and n != amend and settled.dealer_expected:
        named = settled.record.dealer
        return [said("later_dealer", lang, hand=n, expected=settled.dealer_expected, named=named)]
    reasons = dispute_reasons(settled).say(lang)
    if amend is not None and n != amend:
        return [said("hand_reasons", lang, hand=n, reasons=reasons)]
    return [reasons]
