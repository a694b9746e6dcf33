"""The package as it ships: its metadata, a wheel that works from its own files, and an sdist that
carries every file its tests and docs need."""

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


def test_the_sdist_carries_every_file_the_suite_and_the_docs_need(built):
    """The sdist's manifest, checked against git: every tracked file of the package, the tests,
    the examples, the docs, the benchmarks and CI is in the archive (running the whole suite
    again from the unpacked archive, as this test once did, cost two minutes of every CI run)."""
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout: the unpacked sdist checks itself")
    needed = [
        path
        for path in tracked
        if path.split("/")[0] in ("meizhou_score", "tests", "examples", "docs", "benchmarks")
        or path in (".ci/run", "README.md", "LICENSE", "pyproject.toml", "setup.py", "MANIFEST.in")
    ]
    missing = [path for path in needed if path not in names]
    assert missing == [], missing
