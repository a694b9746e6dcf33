"""How the suite itself runs: with pytest-xdist on every core and a half (tests/conftest.py adds
`-n auto --dist loadfile`), and without it, in one process, for a machine that lacks xdist or a
debugger that wants one process."""

import os
import subprocess
import sys

from conftest import ROOT


def _collect(*options: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}  # not this run's
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-p",
            "no:randomly",
            *options,
            "tests/test_suite_runs.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def test_the_suite_collects_without_xdist():
    done = _collect("-p", "no:xdist")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "2 tests collected" in done.stdout, done.stdout[-3000:]


def test_xdist_is_asked_for_where_it_is_loaded():
    """With xdist and no -n, the run is distributed by file: the workers are brought up."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:randomly",
            "-v",
            "tests/test_suite_runs.py",
            "-k",
            "without_xdist",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")},
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "workers [1 item]" in done.stdout, done.stdout[-3000:]
