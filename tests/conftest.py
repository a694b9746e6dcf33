from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]


@pytest.fixture
def record():
    """A fresh ordinary self-draw record (Mei wins, Ah Fook deals) to modify."""
    from records import hand_record

    return hand_record()


def start_serve(night, **popen):
    """A real `meizhou-score serve NIGHT` on a free port of 127.0.0.1, answering: (its base URL, the process).

    The caller stops it (SIGINT, as Ctrl-C) when done.
    """
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "serve", str(night), "--port", str(port)],
        cwd=ROOT,
        **popen,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/night", timeout=1)
            break
        except urllib.error.HTTPError:
            break  # listening (a refusal is an answer)
        except OSError:
            time.sleep(0.1)
    return base, proc


@pytest.fixture(autouse=True)
def _whole_lines(monkeypatch):
    """Every test sees whole lines unless it sets COLUMNS itself (a tester's own terminal width must not leak in)."""
    monkeypatch.delenv("COLUMNS", raising=False)
