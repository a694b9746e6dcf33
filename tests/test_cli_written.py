"""What `record` writes, read by other programs as meant; options refused before any write.

A session `record` starts is read by PyYAML, by js-yaml (editors, the schema's own tools) and by
`jsonschema` against `meizhou-score schema`: its `date:` must come back as the text the schema says.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import npm_modules

from meizhou_score.cli.app import cli

TABLE = ["--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--dealer", "Ah Fook"]


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def night(tmp_path) -> Path:
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, "--draw", "--yes").exit_code == 0
    assert run("record", path, "--draw", "--yes").exit_code == 0
    return path


def test_the_date_record_writes_reads_back_as_text_and_the_schema_accepts_the_file(night):
    import jsonschema

    data = yaml.safe_load(night.read_text(encoding="utf-8"))
    assert isinstance(data["date"], str) and len(data["date"]) == len("2026-11-19")
    schema = json.loads(run("schema").stdout)
    jsonschema.validate(data, schema)  # raises on a date read as a date: the schema says string
    settled = run("settle", night, "--format", "json")
    assert settled.exit_code == 0, settled.output  # the tool still reads its own file


def _js_yaml() -> Path:
    """MEIZHOU_JS_YAML's node_modules, or the suite's npm tools (installed on first use: tests/node_tools.py)."""
    given = os.environ.get("MEIZHOU_JS_YAML")
    return Path(given) if given else npm_modules()


def test_js_yaml_reads_the_date_as_text(night):
    script = (
        'const y = require("js-yaml"); const d = y.load(require("fs").readFileSync('
        'process.argv[1], "utf8")).date; process.stdout.write(typeof d);'
    )
    done = subprocess.run(
        ["node", "-e", script, str(night)],
        capture_output=True,
        text=True,
        env={**os.environ, "NODE_PATH": str(_js_yaml())},
    )
    assert done.returncode == 0 and done.stdout == "string", done.stderr


@pytest.mark.parametrize("number", ["0", "00"])
def test_amend_of_hand_0_is_refused_with_the_range_and_nothing_written(night, number):
    before = night.read_bytes()
    refused = run("record", night, "--amend", number, "--draw", "--yes")
    assert refused.exit_code == 2, refused.output
    assert "--amend" in refused.output and "x>=1" in refused.output
    assert night.read_bytes() == before


def test_amend_of_a_negative_hand_is_refused_and_nothing_written(night):
    before = night.read_bytes()
    for args in (["--amend", "-1"], ["--amend=-1"]):
        refused = run("record", night, *args, "--draw", "--yes")
        assert refused.exit_code == 2 and "Traceback" not in refused.output, refused.output
    assert night.read_bytes() == before
    assert run("record", night, "--amend", "--draw", "--yes").exit_code == 0  # the last: hand 2
    assert run("record", night, "--amend", "1", "--draw", "--yes").exit_code == 0
