"""The compiled build (setup.py, ``MEIZHOU_MYPYC=1``): the bulk path compiled by mypyc, the same suite passing.

The pure-Python package is the default and the reference. mypyc compiles only
code that type-checks, and checks the declared types when it runs, so the
modules it compiles must type-check whatever the build: a test here runs
mypy on them in every run. ``.ci/run`` then runs the tests that go through them
(tests/compiled_suite.txt) on a copy compiled in place, with ``MEIZHOU_EXPECT_COMPILED=1``,
and the last test makes sure each run used the build it means to.
"""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT


def _setup_constant(name: str):
    """A constant of setup.py, read without running it (running it would build)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", None) == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"setup.py has no {name}")


COMPILED = _setup_constant("COMPILED")


def test_the_compiled_list_names_the_bulk_path():
    assert len(COMPILED) == len(set(COMPILED)) == 21
    for path in COMPILED:
        assert (ROOT / path).is_file(), path
    names = {path.removesuffix(".py").replace("/", ".") for path in COMPILED}
    # every module a line of bulk mode runs through, from reading it to writing its result
    assert {
        "meizhou_score.bulk.lines",
        "meizhou_score.records.record",
        "meizhou_score.records.parts",
        "meizhou_score.records.conservation",
        "meizhou_score.engine.hand",
        "meizhou_score.engine.value",
        "meizhou_score.settling.payment",
        "meizhou_score.settling.settlement",
        "meizhou_score.render.jsonout",
    } <= names


def test_the_compiled_modules_type_check():
    mypy = shutil.which("mypy", path=os.path.dirname(sys.executable))
    if mypy is None:
        pytest.skip("mypy is not installed: pip install -e '.[test]' installs it")
    assert (
        _setup_constant("MYPY")[0] == "mypy==2.4.1"
    )  # the compiler setup.py pins is the one checked here
    # the checkout's own cache (.mypy_cache), shared with test_gates' mypy over the whole package
    # (the same options): mypy rechecks what changed since and reports every error all the same
    proc = subprocess.run([mypy, *COMPILED], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_each_run_uses_the_build_it_means_to():
    # .ci/run runs the suite on the pure-Python package, then its compiled tests on a copy compiled with
    # MEIZHOU_EXPECT_COMPILED=1. A stray compiled module in the pure run would make it no reference at all.
    compiled = os.environ.get("MEIZHOU_EXPECT_COMPILED") == "1"
    for path in COMPILED:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert module.__file__.endswith(".py") is not compiled, (
            module.__name__,
            module.__file__,
            compiled,
        )
