"""The package as it ships: its metadata, a wheel that works from its own files, and an sdist whose tests pass
from the unpacked archive."""

import email
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INSIDE = (
    os.environ.get("MEIZHOU_IN_SDIST") == "1"
)  # this suite, run from an unpacked sdist by the test below
pytestmark = pytest.mark.skipif(
    os.environ.get("MEIZHOU_EXPECT_COMPILED") == "1",
    reason="the compiled run: the pure-Python run builds and checks the packages",
)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--sdist",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return next(out.glob("*.tar.gz")), next(out.glob("*.whl"))


@pytest.mark.skipif(INSIDE, reason="already inside the unpacked sdist")
def test_the_wheel_says_its_licence_and_kind_and_carries_what_it_needs(built, tmp_path):
    _, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        meta = email.message_from_bytes(
            archive.read(next(n for n in names if n.endswith("dist-info/METADATA")))
        )
    assert meta["License-Expression"] == "MIT"  # PEP 639
    assert any(n.endswith("dist-info/licenses/LICENSE") for n in names)
    classifiers = meta.get_all("Classifier")
    assert (
        "Typing :: Typed" in classifiers
        and "Natural Language :: Chinese (Simplified)" in classifiers
    )
    assert not any(
        c.startswith("License ::") for c in classifiers
    )  # PEP 639: the expression, not a classifier
    assert not any(
        n.endswith(".so") for n in names
    )  # the default wheel is pure Python (a stale build/ would not be)
    for needed in (
        "meizhou_score/py.typed",
        "meizhou_score/web/static/words.json",
        "meizhou_score/engine/_tables.marshal",
        "meizhou_score/i18n/simplified_table.py",
    ):
        assert needed in names
    # the rulings are inside the package: rules --explain works from the wheel's own files, no docs/ beside it
    unpacked = tmp_path / "wheel"
    zipfile.ZipFile(wheel).extractall(unpacked)
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "rules", "--explain", "R7"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(unpacked)},
    )
    assert done.returncode == 0 and done.stdout.startswith("R7: Robbed kong:"), done.stderr


@pytest.mark.skipif(INSIDE, reason="already inside the unpacked sdist")
def test_the_sdists_own_tests_pass_from_the_unpacked_archive(built, tmp_path):
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    unpacked = next(tmp_path.glob("meizhou_score-*"))
    for needed in (
        "tests/conftest.py",
        "tests/records.py",
        "examples/session.yaml",
        "docs/rules.md",
        "LICENSE",
        ".ci/run",
    ):
        assert (unpacked / needed).exists(), needed
    env = {
        **os.environ,
        "MEIZHOU_IN_SDIST": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "MEIZHOU_EXPECT_COMPILED": "0",
    }
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-p", "no:cacheprovider"],
        cwd=unpacked,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    summary = [line for line in done.stdout.splitlines() if " passed" in line]
    assert summary and " failed" not in summary[-1], done.stdout[-3000:]
