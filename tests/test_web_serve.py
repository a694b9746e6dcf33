"""``serve`` is closed unless opened (issue 30 §4) and keeps one link per night (issue 31 §2)."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys

import pytest

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from conftest import ROOT
from test_web_api import client
from test_web_faults import raw_request, serve_lan, stop


def own_address() -> str | None:
    """A non-loopback IPv4 address of this machine (as `hostname -I` gives), or None."""
    found = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return next((a for a in found if "." in a and not a.startswith("127.")), None)


def test_a_network_address_without_lan_is_refused(tmp_path):
    for host in ("0.0.0.0", own_address() or "192.0.2.1", "::"):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "meizhou_score",
                "serve",
                str(tmp_path / "n.yaml"),
                "--host",
                host,
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and "--lan" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(own_address() is None, reason="this machine has no non-loopback address")
def test_a_server_on_the_network_wants_the_token_whatever_the_host_header(tmp_path):
    address = own_address()
    night = tmp_path / "night.yaml"
    port, proc, token = serve_lan(tmp_path, "--host", address)
    try:
        for request in (b"GET /api/night HTTP/1.1", b"DELETE /api/hands/last HTTP/1.1"):
            status, body = raw_request(
                port,
                [
                    request,
                    f"Host: localhost:{port}".encode(),
                    f"Origin: http://localhost:{port}".encode(),
                    b"Connection: close",
                ],
                host=address,
            )
            assert status == 401 and json.loads(body)["error"]
        assert not night.exists()
    finally:
        stop(proc)


def test_the_link_names_the_one_address_asked_for(tmp_path):
    """`--lan --host ADDRESS` listens on that address alone: the link it prints names it, not one
    of the machine's network addresses that nothing listens on. 127.0.0.2 is
    this machine's too, and no network address of it."""
    port, proc, token = serve_lan(tmp_path, "--host", "127.0.0.2")
    try:
        assert f"http://127.0.0.2:{port}/?token={token}" in proc.serving
        rest = stop(proc)
        assert "http://" not in rest  # no second link
    finally:
        if proc.poll() is None:
            stop(proc)


def test_lan_with_host_127_0_0_1_listens_there_alone(tmp_path):
    """`--lan --host 127.0.0.1` listens on 127.0.0.1 alone and prints a link to it (it
    listened on 0.0.0.0 and printed the machine's network address). 127.0.0.2 is
    this machine's too: a server on every address would answer there."""
    port, proc, token = serve_lan(tmp_path, "--host", "127.0.0.1")
    try:
        assert proc.serving.strip() == (
            f"Serving {tmp_path / 'night.yaml'} at http://127.0.0.1:{port}/?token={token}"
        )
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.2", port), timeout=5).close()
        rest = stop(proc)
        assert "http://" not in rest  # no second link
    finally:
        if proc.poll() is None:
            stop(proc)


def test_one_link_per_night_across_restarts_and_a_new_one_on_asking(tmp_path):
    port, proc, first = serve_lan(tmp_path)
    stop(proc)
    store = tmp_path / "state" / "meizhou-score" / "links.json"
    assert stat.S_IMODE(store.stat().st_mode) == 0o600
    assert json.loads(store.read_text())[os.path.realpath(tmp_path / "night.yaml")] == first
    port, proc, again = serve_lan(tmp_path)
    stop(proc)
    assert again == first and len(first) >= 32  # 24 random bytes, urlsafe: 192 bits
    port, proc, new = serve_lan(tmp_path, "--new-link")
    try:
        assert new != first
        host = f"Host: 127.0.0.1:{port}".encode()
        old = raw_request(
            port,
            [
                b"GET /api/night HTTP/1.1",
                host,
                f"Cookie: meizhou_token={first}".encode(),
                b"Connection: close",
            ],
        )
        fresh = raw_request(
            port,
            [
                b"GET /api/night HTTP/1.1",
                host,
                f"Cookie: meizhou_token={new}".encode(),
                b"Connection: close",
            ],
        )
        assert old[0] == 401 and fresh[0] == 200
    finally:
        stop(proc)


def test_an_ipv6_link_is_bracketed(tmp_path):
    try:
        socket.socket(socket.AF_INET6).close()
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
            port = s.getsockname()[1]
    except OSError:
        pytest.skip("no IPv6 loopback here")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "meizhou_score",
            "serve",
            str(tmp_path / "n.yaml"),
            "--host",
            "::1",
            "--port",
            str(port),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert f"http://[::1]:{port}/" in proc.stdout.readline()
    finally:
        stop(proc)


def test_a_refused_browser_gets_a_page_in_its_language(tmp_path):
    c = client(tmp_path / "night.yaml", token="s3cret", hosts=())
    page = c.get("/", headers={"Accept": "text/html,*/*", "Accept-Language": "fr;q=1, zh-CN;q=0.8"})
    assert page.status_code == 401 and page.headers["content-type"].startswith("text/html")
    assert (
        "请再扫一次" in page.text and 'lang="zh-Hans"' in page.text and "<script" not in page.text
    )
    english = c.get("/", headers={"Accept": "text/html", "Accept-Language": "en-GB"})
    assert "Scan the table&#x27;s code again" in english.text
    api = c.get("/api/night", headers={"Accept": "application/json"})
    assert api.status_code == 401 and api.json()["error"]
    for name in ("manifest.json", "icon.svg"):  # browsers fetch these without cookies
        assert c.get(f"/static/{name}").status_code == 200
    assert c.get("/static/page.js").status_code == 401
