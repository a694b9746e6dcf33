"""What the HTTP parser refuses (線上): the API's JSON even there.

uvicorn answers a request it cannot read (two Host headers, none, a Content-Length past any
number, a byte that is not ASCII in the path) with its own plain text, "Invalid HTTP request
received.", before the app sees it. :class:`JsonH11` answers the same 400 as the API's JSON, in
the server's language (the request's own could not be read), with the security headers.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .door import Held
from .guard import SECURITY
from .words import said


def protocol_for(lang: str) -> type[H11Protocol]:
    """uvicorn's h11 protocol, answering what it cannot read as the API does, in ``lang``, and
    holding its connections as :mod:`.door` says (a header timeout, caps per client and in
    all)."""

    class JsonH11(Held):
        def send_400_response(self, msg: str) -> None:
            body = json.dumps(
                {"error": said("bad_http", lang), "where": ""}, ensure_ascii=False
            ).encode()
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
                *[(k.lower().encode(), v.encode()) for k, v in SECURITY.items()],
            ]
            for event in (
                h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                h11.Data(data=body),
                h11.EndOfMessage(),
            ):
                self.transport.write(self.conn.send(event))
            self.transport.close()

    return JsonH11
