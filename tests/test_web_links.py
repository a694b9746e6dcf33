"""``serve``'s one link per night (issue 44 §5): ``--new-link`` always revokes the old link,
links.json keeps every night's token when servers start at once, a relative XDG_STATE_HOME is
ignored as the XDG spec says. Real processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from conftest import ROOT, read_until, start_serve
from test_web_faults import raw_request, serve_lan, stop


def served(tmp_path, *extra, cwd=ROOT, env=None) -> str:
    """Run ``serve NIGHT`` with ``extra`` until it says where it serves, stop it (Ctrl-C): what
    it printed."""
    _, proc = start_serve(
        tmp_path / "night.yaml",
        *extra,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), **(env or {})},
    )  # listening before it is stopped
    said = read_until(proc, proc.stdout, b"Ctrl-C")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert b"Traceback" not in err, err
    return (said + out).decode()


def test_new_link_without_lan_revokes_the_old_link(tmp_path):
    port, proc, first = serve_lan(tmp_path)
    stop(proc)
    said = served(tmp_path, "--new-link")  # this machine only: no link printed, none kept
    assert "no longer works" in said and "token=" not in said
    store = tmp_path / "state" / "meizhou-score" / "links.json"
    assert os.path.realpath(tmp_path / "night.yaml") not in json.loads(store.read_text())
    port, proc, again = serve_lan(tmp_path)
    try:
        assert again != first
        old = raw_request(
            port,
            [
                b"GET /api/night HTTP/1.1",
                f"Host: 127.0.0.1:{port}".encode(),
                f"Cookie: meizhou_token={first}".encode(),
                b"Connection: close",
            ],
        )
        assert old[0] == 401
    finally:
        stop(proc)


STARTER = textwrap.dedent(
    """
    import sys
    from meizhou_score.web.tokens import link_token
    print("ready", flush=True)
    sys.stdin.readline()  # the test's signal: every process goes at once
    print(link_token(sys.argv[1]), flush=True)
    """
)


def test_eight_servers_started_at_once_keep_every_nights_token(tmp_path):
    """Eight processes each keep a night's token at the same moment (a barrier: each waits on
    its stdin, the test writes to all at once), three rounds: links.json holds all 24 tokens,
    each the one its process was given."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    given = {}
    for round_ in range(3):
        nights = [str(tmp_path / f"night-{round_}-{n}.yaml") for n in range(8)]
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", STARTER, night],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
                text=True,
            )
            for night in nights
        ]
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
        for proc in procs:
            proc.stdin.write("go\n")
            proc.stdin.flush()
        for night, proc in zip(nights, procs, strict=True):
            out, _ = proc.communicate(timeout=60)
            assert proc.returncode == 0
            given[os.path.realpath(night)] = out.strip()
    kept = json.loads((tmp_path / "state" / "meizhou-score" / "links.json").read_text())
    assert kept == given and len(set(given.values())) == 24


def test_a_relative_xdg_state_home_is_ignored(tmp_path):
    """The XDG spec: a relative path in XDG_STATE_HOME is invalid and ignored, so the link is
    kept in ~/.local/state, not in a folder named after the variable under wherever serve was
    started."""
    home = tmp_path / "home"
    home.mkdir()
    started = tmp_path / "started_here"
    started.mkdir()
    said = served(
        tmp_path, "--lan", "--host", "127.0.0.1", cwd=started,
        env={"HOME": str(home), "XDG_STATE_HOME": "relative/state"},
    )  # fmt: skip
    token = said.split("token=", 1)[1].split()[0]
    kept = json.loads((home / ".local" / "state" / "meizhou-score" / "links.json").read_text())
    assert kept == {os.path.realpath(tmp_path / "night.yaml"): token}
    assert not (started / "relative").exists()
