"""The gates that hold without anyone remembering: ruff's linter and formatter, mypy over the whole
package (strict where the game lives), no line over 100 columns, and every suppression explained."""

import re
import subprocess
import sys

import pytest
from conftest import ROOT

PACKAGE = ROOT / "meizhou_score"
# mypy --strict: where the game's rules are, and each room since brought up to it
STRICT_ROOMS = (
    "engine",
    "records",
    "settling",
    "night",
    "i18n",
    "render",
    "errors.py",
    "web",
    "bulk",
    "club",
    "seating",
)

pytestmark = pytest.mark.skipif(
    __import__("os").environ.get("MEIZHOU_EXPECT_COMPILED") == "1",
    reason="the compiled run: the pure run checks the source once",
)


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "meizhou_score", "tests", "benchmarks", "setup.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_ruff_format_leaves_every_file_as_it_is():
    done = _run("ruff", "format", "--check", "meizhou_score", "tests", "benchmarks", "setup.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_mypy_passes_over_the_whole_package():
    done = _run("mypy", "meizhou_score")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-1000:]


def test_mypy_strict_passes_where_the_game_lives():
    done = _run("mypy", "--strict", *(f"meizhou_score/{room}" for room in STRICT_ROOMS))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-1000:]


def test_no_line_is_wider_than_100_columns():
    # ruff's E501 measures display width (a Chinese character is two columns), the catalogs too
    done = _run("ruff", "check", "--select", "E501", "meizhou_score")
    assert done.returncode == 0, done.stdout[-3000:]


def test_no_line_of_the_package_is_longer_than_100_bytes():
    # a checker that counts bytes reads a Chinese character as 3 (ruff counts display columns, 2):
    # every line of the package, the catalogs and the generated tables included, is within 100
    # bytes of UTF-8 too
    long = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "meizhou_score").rglob("*.py"))
        for number, line in enumerate(path.read_bytes().split(b"\n"), start=1)
        if len(line) > 100
    ]
    assert not long


SUPPRESSION = re.compile(r"#\s*(noqa|type:\s*ignore)(\[[^\]]*\]|:\s*[A-Z0-9, ]+)?(?P<why>.*)$")


def test_every_suppression_says_why_on_its_line():
    bare = []
    code = [
        *PACKAGE.rglob("*.py"),
        *(ROOT / "tests").glob("*.py"),
        *(ROOT / "benchmarks").glob("*.py"),
    ]
    for path in sorted(code):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = SUPPRESSION.search(line)
            if found and len(found["why"].strip(" -—:;,")) < 8:
                bare.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert bare == []


_THIN = re.compile(r"[\s()\[\]{},:;.\"'*\\]*")  # a line of punctuation alone says nothing


def _code_lines(path) -> list[tuple[int, str]]:
    """A module's lines that carry code, white space folded: blank lines, comments, lines of
    punctuation alone and imports passed over (as the `duplicates` tool reads a tree)."""
    kept = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        folded = " ".join(line.split())
        if folded.startswith(("#", "import ", "from ")) or _THIN.fullmatch(folded):
            continue
        kept.append((number, folded))
    return kept


def test_no_run_of_six_lines_is_written_twice_in_the_package():
    # One home per concept: six lines of code standing again elsewhere are a copy that will
    # drift. Each run of six kept lines, wherever it stands first; any second place is named.
    first: dict[tuple[str, ...], str] = {}
    again = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = _code_lines(path)
        for i in range(len(lines) - 5):
            run = tuple(text for _, text in lines[i : i + 6])
            where = f"{path.relative_to(ROOT)}:{lines[i][0]}-{lines[i + 5][0]}"
            if run in first and not first[run].startswith(f"{path.relative_to(ROOT)}:"):
                again.append(f"{where} repeats {first[run]}")
            elif run in first:
                start, end = (int(n) for n in first[run].rsplit(":", 1)[1].split("-"))
                if lines[i][0] > end:  # the same module, past the first place
                    again.append(f"{where} repeats {first[run]}")
            else:
                first[run] = where
    assert not again, "\n".join(again)
