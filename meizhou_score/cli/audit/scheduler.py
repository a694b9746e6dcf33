"""``audit --scheduler``: the addresses Dask connects to, checked before any connection is tried."""

from __future__ import annotations

import ipaddress
import json
import os
import re

from ...i18n.messages import Message, at, msg
from ...i18n.visible import visible
from ..shared.errors import Usage

PROTOCOLS = (
    "tcp",
    "tls",
    "ws",
    "wss",
)  # Dask's protocols that take HOST:PORT (tcp when none is given)
_NAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


def scheduler_of(given: str | None) -> tuple[str | None, str | None]:
    """``--scheduler`` as (address, scheduler file): ``tcp://HOST:PORT``, ``HOST:PORT`` (tcp),
    another of Dask's protocols (``tls://``, ``ws://``, ``wss://``), or the JSON file that ``dask
    scheduler --scheduler-file`` writes, its address checked the same way. Anything else is
    refused."""
    if given is None:
        return None, None
    if os.path.isfile(given):
        try:
            with open(given, encoding="utf-8") as file:
                address = json.load(file).get("address")
        except (OSError, ValueError, AttributeError):
            address = None
        if not isinstance(address, str):
            _refuse(given, msg("a scheduler file is JSON with the scheduler's address"))
        _check(given, address)
        return None, given
    _check(given, given)
    return given, None


def _check(given: str, address: str) -> None:
    protocol, sep, rest = address.partition("://")
    if not sep:
        protocol, rest = "tcp", address
    if protocol not in PROTOCOLS:
        _refuse(
            given, msg("Dask does not connect by {protocol}", protocol=visible(protocol) + "://")
        )
    if rest.startswith("["):  # an IPv6 address: [::1]:8786
        host, bracket, port = rest[1:].partition("]")
        if not bracket or not port.startswith(":") or not _ipv6(host):
            _refuse(given, msg("{host} is not a host name or an IP address", host=visible(rest)))
        port = port[1:]
    else:
        host, colon, port = rest.rpartition(":")
        if not colon:
            _refuse(given, msg("no port after the host"))
        if not _NAME.fullmatch(host):  # an IPv4 address is a name of digits and dots
            _refuse(
                given, msg("{host} is not a host name or an IP address", host=visible(host) or "''")
            )
    # at most 5 digits before int(): Python refuses to read over 4,300 (and 1-65535 needs 5)
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        _refuse(given, msg("the port must be a number from 1 to 65535"))


def _ipv6(host: str) -> bool:
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        return False
    return True


def _refuse(given: str, why: Message) -> None:
    raise Usage(
        at(
            "--scheduler",
            msg(
                "expected tcp://HOST:PORT, HOST:PORT, tls://, ws:// or wss://HOST:PORT, or a "
                "scheduler file; got {found}: {why}",
                found=visible(given),
                why=why,
            ),
        )
    )
