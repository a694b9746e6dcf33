"""The npm tools' one home (tests/node_tools.py): what .ci/run runs and what the README's test
command does on a fresh clone — the cache's tools linked as the checkout's .ci/node, installed
from npm first where the cache has none, and a clear refusal where npm is missing.

Real folders and real node; the install itself from npm is what a fresh clone's first run does
(the npm_tools fixture, every run of the suite that lacks them).
"""

import os
import shutil
import subprocess
import sys

import node_tools
import pytest
from conftest import ROOT


def test_a_checkout_without_the_tools_gets_the_caches_linked(npm_tools, tmp_path):
    cached = npm_tools.resolve().parent  # the cache's folder, installed by the fixture if need be
    checkout = tmp_path / "clone"
    (checkout / ".ci").mkdir(parents=True)
    (checkout / ".ci" / "node").mkdir()  # an incomplete folder, as an interrupted install leaves
    env = {**os.environ, "MEIZHOU_CI_CACHE": str(cached.parent)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "node_tools.py")],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    linked = checkout / ".ci" / "node"
    assert linked.is_symlink() and linked.resolve() == cached
    assert (linked / "node_modules" / "axe-core" / "axe.min.js").is_file()
    version = subprocess.run(
        ["node", "-p", "require('lighthouse/package.json').version"],
        cwd=linked,
        capture_output=True,
        text=True,
    )
    assert version.stdout.strip() == "12.2.3"  # the pinned version


def test_without_npm_it_says_what_to_install(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs node: apt-get install nodejs")
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "node").symlink_to(node)  # node, and no npm
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "node_tools.py")],
        cwd=tmp_path,
        env={**os.environ, "PATH": str(bin_), "MEIZHOU_CI_CACHE": str(tmp_path / "cache")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr == (
        "the npm tools need npm: apt-get install npm, then npm install --prefix .ci/node -E "
        + " ".join(node_tools.PACKAGES)
        + "\n"
    )
    assert not (tmp_path / ".ci").exists()
