"""An output that is one of the command's inputs: every command refuses it in the one sentence
of records/outputs.py, exit 2, and the input is left as it was."""

from __future__ import annotations

import shutil
import subprocess
import sys

from conftest import ROOT

EXAMPLES = ROOT / "examples"


def said(night, *args: str, stdout=subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=night.parent,
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        timeout=60,
    )


def refused_in_the_one_sentence(done, name: str) -> None:
    assert done.returncode == 2, done.stderr
    words = " ".join(done.stderr.split())
    sentence = (
        f"{name}: this is an input of the command ({name}); writing it would destroy it, so "
        "nothing was written"
    )
    assert sentence in words, words


def test_settle_jsonl_written_into_its_own_input(tmp_path):
    lines = tmp_path / "day.jsonl"
    lines.write_bytes(b"{}\n")
    with open(lines, "ab") as same:
        done = said(lines, "settle", "--jsonl", "day.jsonl", stdout=same)
    refused_in_the_one_sentence(done, "day.jsonl")
    assert lines.read_bytes() == b"{}\n"


def test_settle_chart_drawn_over_its_night(tmp_path):
    night = tmp_path / "night.yaml"
    shutil.copy(EXAMPLES / "session.yaml", night)
    before = night.read_bytes()
    done = said(night, "settle", "night.yaml", "--chart", "night.yaml")
    refused_in_the_one_sentence(done, "night.yaml")
    assert night.read_bytes() == before


def test_audit_results_written_over_its_input(tmp_path):
    lines = tmp_path / "day.jsonl"
    lines.write_bytes(b"{}\n")
    done = said(lines, "audit", "day.jsonl", "--out", ".")
    refused_in_the_one_sentence(done, "day.jsonl")
    assert lines.read_bytes() == b"{}\n"
