"""Every ```console block of the README is run, and its output must match."""

import os
import re
import shlex

import pytest
from click.testing import CliRunner

from meizhou_score.cli import cli

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


@pytest.mark.parametrize("command, output", CASES, ids=[c for c, _ in CASES])
def test_readme_example(command, output):
    args = shlex.split(command)
    assert args[0] == "meizhou-score"
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(cli, args[1:])
    finally:
        os.chdir(old)
    assert result.exit_code in (0, 1)
    if output.strip():
        assert result.stdout == output


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
