"""The connections the server holds (門口的連接): a phone's request always gets in.

A connection costs the server one open file. Left to uvicorn, a connection that never finishes
its headers is held for ever, so a thousand idle sockets — no token needed — exhaust a normal
open-files limit: the phones' connections are then refused and asyncio logs a traceback for
every refused accept. Here:

- **A header timeout.** A request's head (and its body) must arrive within
  :data:`HEADER_TIMEOUT` seconds of the connection opening or of the last answer on it; a
  connection still waiting then is closed. uvicorn's own ``timeout_keep_alive`` is cancelled by
  any byte, so a head sent a byte at a time would hold it for ever.
- **A cap per client.** A client (its address) holds at most :data:`PER_CLIENT` connections
  waiting for a request; one more closes its own oldest waiting one.
- **A cap in all**, below the open-files limit (``RLIMIT_NOFILE`` as the server starts, less
  the files it holds and a reserve for the night's files and the accept queue): a connection past
  it closes the oldest waiting connection of the client holding the most, so a phone with one
  connection is never the one put out. A connection with a request in flight is never closed.
- uvicorn's ``limit_concurrency`` is not used: it answers 503 to the phones as well once idle
  sockets fill it. The accept queue (``backlog``) is kept short, so the accepts of the few
  turns of the loop before a connection is held fit in the reserve; an accept the system
  refuses all the same is one line in the log, in the server's language, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

if TYPE_CHECKING:
    import socket

    import uvicorn

HEADER_TIMEOUT = 10.0  # seconds for a request's head and body
PER_CLIENT = 48  # connections waiting for a request, per client address
BACKLOG = 16  # the listen queue: at most this many accepted in one turn of the loop
# files kept free: the accepts of the four turns of the loop a connection takes from its accept
# to its first byte read (or its close), the night's files, SQLite
RESERVE = 4 * BACKLOG + 64
FEWEST = 16  # connections allowed in all, however low the limit


def budget() -> int:
    """How many connections the server may hold: the open-files limit less the files open now
    and :data:`RESERVE`."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 1 << 20
    try:
        open_now = len(os.listdir("/proc/self/fd"))
    except OSError:  # not Linux: assume a few dozen
        open_now = 32
    return max(FEWEST, soft - open_now - RESERVE)


class Connection(Protocol):
    """A connection as the door sees it: its client's address, and how it is put out."""

    client_host: str

    def put_out(self) -> None: ...


class Door:
    """The connections of one server: those waiting for a request, by client, oldest first."""

    def __init__(self, most: int | None = None):
        self.most = budget() if most is None else most
        self.live: set[Connection] = set()
        self.waiting: dict[str, OrderedDict[Connection, None]] = {}

    def opened(self, conn: Connection) -> None:
        self.live.add(conn)
        self.wait(conn)
        mine = self.waiting[conn.client_host]
        if len(mine) > PER_CLIENT:
            self._close(next(iter(mine)))
        if len(self.live) > self.most:
            most = max(self.waiting.values(), key=len, default=None)
            self._close(next(iter(most)) if most else conn)  # none waiting: this one refused

    def wait(self, conn: Connection) -> None:
        """``conn`` waits for a request's head (opened, or answered and kept alive): newest."""
        mine = self.waiting.setdefault(conn.client_host, OrderedDict())
        mine.pop(conn, None)
        mine[conn] = None

    def busy(self, conn: Connection) -> None:
        """``conn`` has a request's head: never closed by the caps."""
        mine = self.waiting.get(conn.client_host)
        if mine is not None:
            mine.pop(conn, None)
            if not mine:
                del self.waiting[conn.client_host]

    def closed(self, conn: Connection) -> None:
        self.live.discard(conn)
        self.busy(conn)

    def _close(self, conn: Connection) -> None:
        self.closed(conn)
        conn.put_out()


class Held(H11Protocol):
    """uvicorn's h11 protocol with the header timeout and the caps of one :class:`Door`: each
    server's protocol is a class of its own made from this one (:func:`.wire.protocol_for`), with
    a door of its own, made when the first connection opens (the server's limits as it serves)."""

    door: ClassVar[list[Door]]  # the server's door, once made
    client_host = ""
    _timer: asyncio.TimerHandle | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.door = []  # each server's protocol its own door

    def connection_made(  # type: ignore[override]  # uvicorn's own: a Transport, not a Base one
        self, transport: asyncio.Transport
    ) -> None:
        super().connection_made(transport)
        self.client_host = self.client[0] if self.client else ""
        door = type(self).door
        if not door:
            door.append(Door())
        self._arm()
        door[0].opened(self)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:
            type(self).door[0].busy(self)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            type(self).door[0].wait(self)
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        door = type(self).door
        if door:
            door[0].closed(self)
        super().connection_lost(exc)

    def shutdown(self) -> None:
        """The server stops: a body still coming is not waited for (uvicorn would wait, then
        cancel the request with a traceback); the connection is closed, so the request reads as
        cut off and is answered as such, to nobody."""
        cycle = self.cycle
        if self.conn.their_state is h11.SEND_BODY and cycle is not None and cycle.more_body:
            type(self).door[0].closed(self)
            self.put_out()
            return
        super().shutdown()

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.loop.call_later(HEADER_TIMEOUT, self._too_slow)

    def _too_slow(self) -> None:
        self._timer = None
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):  # the head or body not in
            type(self).door[0].closed(self)
            self.put_out()

    def put_out(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()


def quiet_accepts(lang: str) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """An event loop's exception handler that says a refused accept (out of open files) in one
    line of the server's language, once a minute at most, never with a traceback; anything else
    as asyncio says it."""
    from .words import said

    said_once = said("out_of_files", lang)  # made now: no file is read when none can be opened
    last = [float("-inf")]

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") == "socket.accept() out of system resource":
            if loop.time() - last[0] >= 60:
                last[0] = loop.time()
                logging.getLogger("uvicorn.error").warning(said_once)
            return
        loop.default_exception_handler(context)

    return handler


def server_for(
    config: uvicorn.Config, lang: str, told_to_stop: Callable[[], bool] = lambda: False
) -> uvicorn.Server:
    """uvicorn's server for ``config``, its event loop saying a refused accept quietly
    (:func:`quiet_accepts`); it does not start at all when ``told_to_stop()`` (a Ctrl-C came while
    its event loop was being made, before uvicorn listens for signals itself)."""
    import uvicorn

    class Server(uvicorn.Server):
        async def serve(self, sockets: list[socket.socket] | None = None) -> None:
            if told_to_stop():
                return
            asyncio.get_running_loop().set_exception_handler(quiet_accepts(lang))
            await super().serve(sockets=sockets)

    return Server(config)
