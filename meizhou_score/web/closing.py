"""The page's "Close the night" (收場對數, docs/web.md): the gold each player holds checked
against the night, explained by ``reconcile``'s own search, and one explanation written as an
amendment.

Each phone may send its own player's count, or one phone all four: the server keeps the counts
given (in memory, until ``serve`` stops), and answers the check once every player's is in. The
explanations are :mod:`..settling.reconcile`'s, said in the player's language by
:mod:`..render.reconcile`; an amendment names the version the player checked (If-Match) and is
written through the night service as ``reconcile --apply`` writes it: 412, nothing written, when
the night changed since.
"""

from __future__ import annotations

import threading
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..errors import RecordError
from ..i18n.words import phrase
from ..night.errors import Stale
from ..night.seen import Seen
from ..records.model import is_session
from ..records.parts import claimed, held
from ..records.rules import DEFAULT_RULES
from ..render.reconcile import explained, reconcile_json, summary
from ..settling.money import Gold, exact
from ..settling.reconcile import Reconciliation, changed_hands, reconcile
from .bodies import Body, Json, body_of, refused
from .writes import Writes


class Closing:
    """The handlers of "Close the night", beside ``api``'s: the counts kept, the check, the
    amendment."""

    def __init__(self, api: Writes):
        self.api = api
        self._counted: dict[str, Gold] = {}  # player → gold, as the phones sent them
        self._guard = threading.Lock()

    # ------------------------------------------------------------------ the check

    async def check(self, request: Request) -> Response:
        """``POST /api/reconcile {"held": {...}}``: the counts given kept (each phone its own, or
        all four), then the check; ``GET``: the check of the counts kept."""
        api = self.api
        lang = api.language(request)
        given: Any = {}
        if request.method == "POST":
            body = await body_of(request, lang)
            if isinstance(body, Response):
                return body
            wrong = _unused(body, lang, ("held",))
            if wrong is not None:
                return wrong
            if not isinstance(body.get("held"), dict):
                return refused(lang, "held_needed", 422, where="held")
            given = body["held"]

        def work() -> Response:
            seen, data = self._night(lang)
            if data is None:
                return refused(lang, "no_hands_to_check", 422)
            assert seen.night is not None, "a night with hands is settled"
            players = seen.night.players
            try:
                counts: dict[str, Gold] = dict(claimed(given, "held", players))
            except RecordError as error:
                return api.refusal(error, lang, sent=False)
            with self._guard:
                self._counted.update(counts)
                kept = {name: self._counted[name] for name in players if name in self._counted}
            waiting = [name for name in players if name not in kept]
            if waiting:
                out = {"held": kept, "held_text": _texts(kept), "waiting": waiting}
                out["version"] = seen.version
                return Json(out, headers={"ETag": f'"{seen.version}"'})
            result = reconcile(data, seen.night, kept, DEFAULT_RULES)
            return Json(_said(result, seen, len(data["hands"]), lang))

        return await api.threaded(lang, work, reading=True)

    # ------------------------------------------------------------------ the amendment

    async def apply(self, request: Request) -> Response:
        """``POST /api/reconcile/apply {"held", "explanation": K}`` with If-Match: the night
        amended with explanation K of the check on that version, as ``reconcile --apply K``."""
        api = self.api
        lang = api.language(request)
        asked = await api.asked(request, lang)  # the body, and the version checked (If-Match)
        if isinstance(asked, Response):
            return asked
        body, version = asked
        wrong = _unused(body, lang, ("held", "explanation", "version"))
        if wrong is not None:
            return wrong
        k = body.get("explanation")
        if type(k) is not int or k < 1:
            return refused(lang, "explanation_number", 422, where="explanation")

        def work() -> Response:
            seen, data = self._night(lang)
            if (
                seen.version != version
            ):  # checked on another night: nothing searched, nothing written
                raise Stale(seen, api.night.change_since(version, seen))
            if data is None:
                return refused(lang, "no_hands_to_check", 422)
            assert seen.night is not None, "a night with hands is settled"
            try:
                counts: dict[str, Gold] = dict(held(body.get("held"), "held", seen.night.players))
            except RecordError as error:
                return api.refusal(error, lang, sent=False)
            result = reconcile(data, seen.night, counts, DEFAULT_RULES)
            fits = len(result.explanations) if result.exact else 0
            if k > fits:
                return refused(lang, "no_explanation", 422, where="explanation", k=k, n=fits)
            edits = result.explanations[k - 1].edits
            changes, appended = changed_hands(edits, len(data["hands"]))
            written = api.night.correct(changes, appended, version, was=seen.target)
            after = written.seen
            now = after.found.data if after.found is not None else None
            assert after.night is not None and now is not None, "an amended night has hands"
            checked = reconcile(now, after.night, counts, DEFAULT_RULES)
            said = _said(checked, after, len(now["hands"]), lang)
            return api.answer(after, lang, 200, applied=k, reconcile=said)

        return await api.threaded(lang, work)

    def _night(self, lang: str) -> tuple[Seen, dict[str, Any] | None]:
        """The night as it stands, and its data when it is a night with hands (else None)."""
        seen = self.api.night.read()
        data = seen.found.data if seen.found is not None else None
        if seen.night is None or data is None or not is_session(data) or not data.get("hands"):
            return seen, None
        return seen, data


def _unused(body: Body, lang: str, keys: tuple[str, ...]) -> Json | None:
    for key in body:
        if key not in keys:
            return refused(lang, "unused_key", 422, where=key)
    return None


def _texts(amounts: dict[str, Gold]) -> dict[str, str]:
    """Each amount as exact text: what the page sends again (its numbers are floats)."""
    return {name: str(exact(amount)) for name, amount in amounts.items()}


def _said(result: Reconciliation, seen: Seen, hands: int, lang: str) -> dict[str, Any]:
    """reconcile's JSON (docs/formats.md), with the version checked, ``matches``, and what the
    command line says in the player's language: ``said`` (the summary's sentences) and each
    explanation's ``said`` (its edits, the hands named)."""
    out = reconcile_json(result)
    for explanation, shown in zip(result.explanations, out["explanations"], strict=True):
        shown["said"] = explained(explanation, result, hands, lang)
    lines = summary(result, lang)
    if result.more:
        lines.append(phrase("rec_more", lang, count=result.more))
    return {
        **out,
        "matches": result.matches and result.sum_zero,
        "said": lines,
        "held_text": _texts(result.held),
        "waiting": [],
        "version": seen.version,
    }
