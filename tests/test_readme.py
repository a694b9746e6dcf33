"""Every ```console block of the README is run, and its output must match."""

import os
import re
import shlex

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```console\n(.*?)```", README, re.S)
CASES = []
for block in BLOCKS:
    for chunk in block.split("$ ")[1:]:
        command, _, output = chunk.partition("\n")
        CASES.append((command, output))


def test_readme_has_examples():
    assert len(CASES) >= 2


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A folder of the README's own: examples/ beside it, and files the examples write (night.yaml) kept
    from one command to the next, in the README's order."""
    import shutil

    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "examples", folder / "examples")
    return folder


@pytest.mark.parametrize("command, output", CASES, ids=[c for c, _ in CASES])
def test_readme_example(command, output, workdir):
    args = shlex.split(command)
    assert args[0] == "meizhou-score"
    old = os.getcwd()
    os.chdir(workdir)
    try:
        result = CliRunner().invoke(cli, args[1:])
    finally:
        os.chdir(old)
    assert result.exit_code in (0, 1, 2)
    if output.strip():  # an example of a refused file (exit 2) shows what stderr says
        assert (result.stderr if result.exit_code == 2 else result.stdout) == output


def test_readme_night_settles_to_the_totals_it_states(workdir):
    """The README's record / undo / record walk-through leaves the night it says (worked in its text)."""
    import json

    if not (workdir / "night.yaml").exists():
        pytest.skip("run with the README examples")
    result = CliRunner().invoke(cli, ["settle", str(workdir / "night.yaml"), "--format", "json"])
    assert json.loads(result.stdout)["totals"] == {"Ah Fook": -70, "Mei": 50, "Jun": 90, "Lan": -70}
    assert "Ah Fook −70,\nMei +50, Jun +90, Lan −70" in README


def test_readme_claims_block_is_true():
    from meizhou_score import load_record, settle

    out = settle(load_record(str(ROOT / "examples" / "robbed-kong.yaml")))
    assert out["claims"] == {"agree": False, "differences": {"Jun": {"claimed": -260, "computed": -240},
                                                             "Lan": {"claimed": 20, "computed": 0}}}


def test_readme_python_examples():
    from meizhou_score import is_win, waits

    assert is_win("123m456m789m123p55s") is True
    assert waits("1112345678999m") == [f"{n}m" for n in range(1, 10)]


def test_readme_names_the_ci_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/python -m pytest" in README
    assert "python -m pytest" in ci
