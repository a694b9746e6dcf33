"""Every ```console example of the README and docs/ is run, and must exit and print as shown.

An example's output is what its block shows after the command: the whole screen, standard output
and standard error as they were written, nothing when the block shows nothing (a line "…" at its
end: the rest left out). Its exit code is 0 unless the block's last line says otherwise,
``[exit N]``; any other code fails, and so does an example that prints otherwise than shown.
Each document runs in a folder of its own (``examples/`` beside it), its commands in order,
so that a file one command writes (``night.yaml``) is there for the next.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil

import pytest
from click.testing import CliRunner
from conftest import ROOT

from meizhou_score.cli.app import cli

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EXIT = re.compile(r"\n?\[exit (\d+)\]\n$")
ELIDED = "…\n"  # an output's last line: the rest of it left out


def examples(path) -> list[tuple[str, str, int]]:
    """(command, output shown, exit code shown) for each console example of a document, in order."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
        for chunk in block.split("$ ")[1:]:
            command, _, output = chunk.partition("\n")
            found = EXIT.search(output)
            code = int(found.group(1)) if found else 0
            out.append((command, EXIT.sub("\n", output) if found else output, code))
    return out


CASES = [
    (path.relative_to(ROOT).as_posix(), n, *case)
    for path in DOCUMENTS
    for n, case in enumerate(examples(path))
]


@pytest.fixture(scope="session")
def ran(tmp_path_factory):
    """Every document's examples run once, in order, each document in its own folder: results by document."""
    results = {}
    for path in DOCUMENTS:
        name = path.relative_to(ROOT).as_posix()
        folder = tmp_path_factory.mktemp(path.stem)
        shutil.copytree(ROOT / "examples", folder / "examples")
        results[name] = (folder, [])
        here = os.getcwd()
        os.chdir(folder)
        # whole lines, as a reader of the document sees them: the suite's own COLUMNS guard is a
        # test's fixture, which runs after this session's one (and a test runner may set COLUMNS)
        width = os.environ.pop("COLUMNS", None)
        try:
            for command, _, _ in examples(path):
                args = shlex.split(command)
                assert args[0] == "meizhou-score", f"{name}: {command}"
                results[name][1].append(CliRunner().invoke(cli, args[1:]))
        finally:
            os.chdir(here)
            if width is not None:
                os.environ["COLUMNS"] = width
    return results


def test_the_documents_have_examples():
    assert len([c for c in CASES if c[0] == "README.md"]) >= 10
    assert len({c[0] for c in CASES}) >= 2


@pytest.mark.parametrize(
    "document, n, command, output, code", CASES, ids=[f"{c[0]}: {c[2]}" for c in CASES]
)
def test_example(document, n, command, output, code, ran):
    result = ran[document][1][n]
    assert result.exit_code == code, (
        f"exit {result.exit_code}, the document shows {code}\n{result.output}"
    )
    # the whole screen, as the reader sees it: both streams in the order written, and a block
    # that shows nothing after its command means the command printed nothing. A last line "…"
    # says the rest is left out (a long JSON or CSV): what is shown is how the output begins
    if output.endswith(ELIDED):
        shown = output[: -len(ELIDED)]
        assert result.output.startswith(shown) and len(result.output) > len(shown)
    else:
        assert result.output == output


def test_the_readme_night_settles_to_the_totals_it_states(ran):
    """The README's record / undo / record walk-through leaves the night its text states."""
    import json

    folder = ran["README.md"][0]
    result = CliRunner().invoke(cli, ["settle", str(folder / "night.yaml"), "--format", "json"])
    assert json.loads(result.stdout)["totals"] == {"Ah Fook": -70, "Mei": 50, "Jun": 90, "Lan": -70}
    # hand 1: Mei self-draws (+60, −20 each); hand 3: Jun self-draws (+60) with a concealed kong (+60) and pays Mei's
    # added kong (−10): +110, Mei −20 −20 +30 = −10, the others −20 −20 −10 = −50
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for line in (
        "East    Ah Fook       -70",
        "South   Mei           +50",
        "West    Jun           +90",
        "North   Lan           -70",
    ):
        assert line in readme


def test_the_readme_python_examples():
    from meizhou_score import is_win, load_record, settle, waits

    assert is_win("123m456m789m123p55s") is True
    assert waits("1112345678999m") == [f"{n}m" for n in range(1, 10)]
    out = settle(load_record(str(ROOT / "examples" / "robbed-kong.yaml")))
    assert out["claims"]["differences"] == {
        "Jun": {"claimed": -260, "computed": -240},
        "Lan": {"claimed": 20, "computed": 0},
    }
    assert out["claims"]["corrections"] == [{"from": "Lan", "to": "Jun", "amount": 20}]


def test_the_readme_is_for_players():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # short enough to read through: the reference (the library, the figures) lives in docs/
    assert len(readme.splitlines()) <= 300
    for doc in ("formats", "rules", "auditing", "architecture", "performance"):
        assert f"(docs/{doc}.md" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/python -m pytest" in readme and "python -m pytest" in ci


def test_every_link_between_the_documents_resolves():
    for path in DOCUMENTS:
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (path.parent / target).exists(), f"{path.name}: {target}"


def test_the_performance_document_is_todays_figures():
    """docs/performance.md is read for today's figures (issue 45): at most 250 lines, the rounds'
    history left to the commit log, and a figure or a pointer for every benchmark there is."""
    doc = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert len(doc.splitlines()) <= 250
    for bench in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        assert f"benchmarks/{bench.name}" in doc, bench.name


def test_the_performance_headings_the_code_names_exist():
    """A module that sends its reader to docs/performance.md, "a heading", finds that heading."""
    doc = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ (.+)$", doc, re.M))
    cited = 0
    for source in [ROOT / "setup.py", *sorted((ROOT / "benchmarks").glob("*.py"))]:
        text = source.read_text(encoding="utf-8")
        for heading in re.findall(r'docs/performance\.md,\s+"([^"]+)"', text):
            cited += 1
            assert heading in headings, f"{source.name}: {heading}"
    assert cited >= 2  # setup.py and benchmarks/bench_bulk.py


def test_every_record_in_the_documents_settles_as_it_says():
    """A ```yaml block that is a whole record or session settles; where it claims balances, they agree."""
    import yaml

    from meizhou_score import settle

    found = 0
    for path in DOCUMENTS:
        for block in re.findall(r"```yaml\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
            data = yaml.safe_load(block)
            if (
                not isinstance(data, dict)
                or "players" not in data
                or not ({"winner", "draw", "hands"} & data.keys())
            ):
                continue
            out = settle(data)
            found += 1
            assert out.get("valid", True), (path.name, out)
            if "claimed" in data:
                assert out["claims"]["agree"], (path.name, out["claims"])
    assert found >= 3


def test_the_rulings_read_the_same_in_docs_and_at_the_table():
    """docs/rules.md's table and `rules --explain` (both languages' English) say every ruling in the same words."""
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = {
        r: (what, why)
        for r, what, why in re.findall(r"^\| (R\d+) \| (.*?) \| (.*?) \|$", doc, re.M)
    }
    assert len(table) == 11
    for key, (what, why) in table.items():
        said = " ".join(CliRunner().invoke(cli, ["rules", "--explain", key]).stdout.split())
        what, why = (
            what.replace("`", ""),
            why.replace("`", ""),
        )  # the table's `code` is plain text at the table
        assert " ".join(what.split()) in said and " ".join(why.split()) in said, key
