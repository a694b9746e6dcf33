"""``serve``: the night on every phone at the table, a real web server (Starlette on uvicorn)."""

from __future__ import annotations

import click

from ..errors import MeizhouError
from ..i18n.messages import msg
from ..i18n.visible import visible
from .shared.errors import Stopped, Usage
from .shared.options import common, lang_option, the_run


@click.command()
@click.argument("night", metavar="NIGHT.yaml", type=click.Path(dir_okay=False))
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8765,
    show_default=True,
    help="The port to listen on.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar="ADDRESS",
    help="The address to listen on (this machine only, unless --lan).",
)
@click.option(
    "--lan",
    is_flag=True,
    help="Let the phones on this network in: listen on every address (on --host's alone when "
    "given), with a secret link (and its QR code) that every request must carry.",
)
@click.option(
    "--new-link",
    is_flag=True,
    help="A new secret link for this night: the old one stops working (without --lan: the next "
    "--lan makes the new one).",
)
@click.option(
    "--db",
    metavar="LEDGER",
    type=click.Path(dir_okay=False),
    help="The club's ledger, for the page's 'add to the ledger'.",
)
@lang_option
@common
def serve(night, port, host, lan, new_link, db, lang):
    """Serve NIGHT.yaml to the phones at the table: the score sheet, a new hand in a few taps,
    every page updated within a second or two of a hand recorded anywhere — another phone or
    `record` on the command line.

    The night's file is made on the page when it does not exist yet. Every write
    goes through the same safe writer as `record`. With --lan the link is kept
    for the night (the same link after a restart; --new-link makes a new one).
    Any address but this machine's own needs --lan. Ctrl-C stops the server.

    \b
    Examples:
      meizhou-score serve night.yaml
      meizhou-score serve night.yaml --lan --db club.sqlite3
      meizhou-score serve night.yaml --port 9000 --lang zh
    """
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.door import BACKLOG, server_for
        from ..web.wire import protocol_for
    except ImportError as exc:  # pragma: no cover - both are regular dependencies
        raise Usage(
            msg(
                "serve needs starlette and uvicorn: pip install 'meizhou-score' again ({why})",
                why=str(exc),
            )
        ) from None
    import os

    folder = os.path.dirname(os.path.abspath(night))
    if not os.path.isdir(folder):
        raise MeizhouError(
            msg(
                "the folder {folder} does not exist; make it first, or serve a night in a folder "
                "that exists",
                folder=folder,
            )
        )
    if os.path.exists(night) and not os.path.isfile(night):  # a FIFO, a device: never opened
        from ..errors import RecordError
        from ..records.kept import not_regular

        raise not_regular(night, RecordError)
    from ..night.files import tidy_up

    tidy_up(night)  # a write killed mid-way (kill -9) left its temporary file: removed
    # --lan with --host listens on that address alone (127.0.0.1 too), without on every address
    source = click.get_current_context().get_parameter_source("host")
    asked = source is not click.core.ParameterSource.DEFAULT
    host = _unbracketed(host)
    if not lan and not _loopback(host):
        raise Usage(
            msg(
                "--host {host} lets other machines reach the server; add --lan to let them in "
                "with the table's secret link (or leave --host out: this machine only)",
                host=visible(host),
            )
        )
    token = _token(night, lan, new_link, lang)  # 192 bits, kept for the night
    bind = "0.0.0.0" if lan and not asked else host
    hosts = () if lan else _names(host, port)
    _can_listen(bind, port)  # before anything is printed: why it cannot listen, if it cannot
    app = create_app(night, lang, token, hosts, db, the_run().limits, warm=True)
    if lan and bind not in ("0.0.0.0", "::"):  # one address asked for: the link names it alone
        urls = [f"http://{_bracketed(bind)}:{port}/?token={token}"]
    else:
        urls = _addresses(port, token) if lan else [f"http://{_bracketed(host)}:{port}/"]
    click.echo(msg("Serving {night} at {url}", night=visible(night), url=urls[0]).say(lang))
    for url in urls[1:]:
        click.echo(f"  {url}")
    if lan:
        import segno

        click.echo(
            msg(
                "Scan to open it on a phone (the link carries the table's secret: share it with "
                "the table only):"
            ).say(lang)
        )
        segno.make(urls[0], error="m").terminal(compact=True)
    click.echo(msg("Ctrl-C stops the server.").say(lang))
    config = uvicorn.Config(
        app,
        host=bind,
        port=port,
        http=protocol_for(lang),  # what HTTP cannot read: the API's JSON; web/door.py's caps
        loop="asyncio",  # the loop whose refused accepts door.py says quietly
        backlog=BACKLOG,  # one turn's accepts fit in the files door.py keeps free
        timeout_keep_alive=5,  # an answered connection waits 5 s for the next request
        h11_max_incomplete_event_size=16 * 1024,  # a request's head: 16 KiB at most
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=3,  # Ctrl-C stops it even while a request hangs
    )
    import signal

    told: list[int] = []  # Ctrl-C or SIGTERM, until uvicorn listens for them and after it stops

    def stop(signum, frame):  # noqa: ARG001 - a signal handler's arguments
        told.append(signum)  # never raised: a half-made event loop cannot be closed cleanly

    server = server_for(config, lang, told_to_stop=lambda: bool(told))
    sockets = _dual_stack(port) if bind == "::" else None  # the links printed are IPv4 too
    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run(sockets=sockets)  # uvicorn raises what it caught again once it has stopped
    except SystemExit:  # uvicorn could not start: it has said why
        if not told:
            raise MeizhouError(_port_taken(bind, port)) from None
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
    if not told and not server.started:
        raise MeizhouError(_port_taken(bind, port))
    raise Stopped(
        msg("The server stopped; every hand recorded is in {night}.", night=visible(night))
    )


def _token(night: str, lan: bool, new: bool, lang: str) -> str | None:
    """The night's token with --lan (a new one with --new-link); without --lan, --new-link
    forgets the old one all the same, so a leaked link stops working. A state folder that cannot
    be written: exit 2, the old link as it was."""
    from ..i18n.messages import reason
    from ..web.tokens import link_token, revoke, state_folder

    try:
        if lan:
            return link_token(night, new=new)
        if new:
            revoke(night)
            click.echo(
                msg(
                    "The old link of {night} no longer works; serve --lan makes a new one.",
                    night=visible(night),
                ).say(lang)
            )
        return None
    except OSError as exc:
        raise Usage(
            msg(
                "the links kept in {folder} could not be written ({why}); the old link still works",
                folder=visible(state_folder()),
                why=reason(exc),
            )
        ) from None


def _dual_stack(port: int) -> list | None:
    """``--host ::``: one socket for IPv6 and IPv4 alike (IPV6_V6ONLY off), for the links printed
    name this machine's IPv4 addresses; None (uvicorn's own, IPv6 alone) where the system has no
    dual stack."""
    import socket

    sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(("::", port))
    except OSError:
        sock.close()
        return None
    return [sock]


def _port_taken(bind: str, port: int):
    return msg(
        "could not listen on {host}:{port} (is another program using the port? try --port)",
        host=_bracketed(bind),
        port=port,
    )


def _unbracketed(host: str) -> str:
    """``--host`` as an address: ``[::1]`` (as a link writes it) is ``::1``; any other bracket is
    not an address (exit 2)."""
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1].strip()
    if not host or "[" in host or "]" in host or "/" in host:
        raise Usage(msg("{host} is not a host name or an IP address", host=visible(host)))
    return host


def _can_listen(bind: str, port: int) -> None:
    """Refuse, saying why, an address this machine cannot listen on (not its own, not an
    address) before the server starts; a port in use is said as such."""
    import errno
    import socket

    from ..i18n.messages import reason

    try:
        found = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise Usage(msg("{host} is not a host name or an IP address", host=visible(bind))) from None
    family, kind, proto, _, address = found[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise MeizhouError(_port_taken(bind, port)) from None
        raise MeizhouError(
            msg(
                "could not listen on {host}:{port}: {why}",
                host=_bracketed(bind),
                port=port,
                why=reason(exc),
            )
        ) from None


def _addresses(port: int, token: str) -> list[str]:
    """The links the phones can use: this machine's addresses on the network, with the secret."""
    import socket

    found = []
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.connect(
            ("192.0.2.1", 9)
        )  # no packet is sent: this only asks which address would be used
        found.append(probe.getsockname()[0])
        probe.close()
    except OSError:
        pass
    try:
        found += [
            a for a in socket.gethostbyname_ex(socket.gethostname())[2] if not a.startswith("127.")
        ]
    except OSError:
        pass
    found = list(dict.fromkeys(found)) or ["127.0.0.1"]
    return [f"http://{_bracketed(address)}:{port}/?token={token}" for address in found]


def _loopback(host: str) -> bool:
    """Whether ``host`` is this machine alone (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bracketed(host: str) -> str:
    """An address as a link writes it: an IPv6 address in brackets (http://[::1]:8765/)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _names(host: str, port: int) -> tuple[str, ...]:
    """The Host headers a loopback server answers to: its own names only (DNS rebinding)."""
    names = (_bracketed(host), "localhost", "127.0.0.1", "[::1]")
    return tuple(dict.fromkeys(f"{name}:{port}" for name in names))
