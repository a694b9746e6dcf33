"""Only the table gets in (門口): the token, the Host, the Origin of writes, the security headers.

Checked before anything else reads the request, on the raw headers: a token or cookie that is not
ASCII is simply not the token (401). A refused browser gets a small page in its own language
(Accept-Language) saying to scan the table's code again; an API call gets the API's JSON. The
manifest and the icon hold nothing and browsers fetch them without cookies: served without it.
"""

from __future__ import annotations

import hmac
from urllib.parse import parse_qsl

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .bodies import Json
from .words import language_for, refusal_page, said

COOKIE = "meizhou_token"
OPEN = ("/static/manifest.json", "/static/icon.svg")  # served without the token
SECURITY = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; manifest-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token may be in the page's address
    "Cache-Control": "no-store",
}


class Guard:
    """ASGI middleware: refuses what is not the table's, and secures every response."""

    def __init__(self, app: ASGIApp, token: str | None, hosts: tuple[str, ...], lang: str):
        self.app, self.token, self.hosts, self.lang = app, token, hosts, lang

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        # a browser's list may come in several lines: one list (RFC 9110), as the page reads it
        headers["accept-language"] = ", ".join(
            v.decode("latin-1") for k, v in scope["headers"] if k.lower() == b"accept-language"
        )
        status = self._refused(scope, headers)
        if status:
            response = self._refusal(status, scope, headers)
            return await response(scope, receive, send)

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    *[(k.lower().encode(), v.encode()) for k, v in SECURITY.items()],
                ]
            await send(message)

        return await self.app(scope, receive, secured)

    def _refusal(self, status: int, scope: Scope, headers: dict[str, str]) -> Response:
        key = "no_token" if status == 401 else "not_ours"
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        if "text/html" in headers.get("accept", "") and scope["method"] == "GET":
            lang = language_for(query.get("lang"), self.lang, headers.get("accept-language"))
            page = "page_scan" if status == 401 else "page_host"
            return Response(
                refusal_page(page, lang),
                status_code=status,
                media_type="text/html; charset=utf-8",
                headers=SECURITY,
            )
        lang = language_for(query.get("lang") or headers.get("x-lang"), self.lang)
        return Json({"error": said(key, lang), "where": ""}, status_code=status, headers=SECURITY)

    def _refused(self, scope: Scope, headers: dict[str, str]) -> int:
        host = headers.get("host", "")
        if self.hosts and host not in self.hosts:
            return 403  # a name this server was not started under (DNS rebinding)
        if self.token and scope["path"] not in OPEN:
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            cookies = dict(
                part.strip().split("=", 1)
                for part in headers.get("cookie", "").split(";")
                if "=" in part
            )
            given = query.get("token") or cookies.get(COOKIE) or ""
            if not given.isascii() or not hmac.compare_digest(given, self.token):
                return 401
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            origin = headers.get("origin")
            if origin is None or origin != f"http://{host}":
                return 403  # writes come from this page only: no cross-site writes
            if self.token and host.lower() not in own_names(scope.get("server")):
                return 403  # --lan: a write names the address it came to, not a name (rebinding)
        return 0


def own_names(server: tuple[str, int | None] | None) -> set[str]:
    """The Host headers naming the address a request came to (``scope["server"]``): the address
    with its port (bracketed IPv6; an IPv4 address mapped into IPv6 as itself), and this machine's
    own names when it is a loopback address."""
    import ipaddress

    if not server or server[1] is None:
        return set()
    try:
        address = ipaddress.ip_address(str(server[0]).split("%")[0])
    except ValueError:
        return set()
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    port = server[1]
    shown = f"[{address}]" if address.version == 6 else str(address)
    names = [shown]
    if address.is_loopback:
        names += ["localhost", "127.0.0.1", "[::1]"]
    return {f"{name}:{port}" for name in names} | (set(names) if port == 80 else set())
