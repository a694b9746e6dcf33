"""Lighthouse's accessibility audit of the page (issue 31 §6: 98 or more), run once on a served
night's sheet, mobile form factor, Debian's Chromium.

Lighthouse is the npm package pinned in tests/node_tools.py, installed into .ci/node on first use
where it is missing (as .ci/run does): where it cannot be, this test fails, it does not skip (only
the suite run from an unpacked sdist, MEIZHOU_IN_SDIST=1, goes without it: an sdist carries no
node_modules).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

from test_page_table import NIGHT, serve, stop
from test_web_page import CHROMIUM


def test_lighthouse_accessibility_is_98_or_more(tmp_path, npm_tools):
    lighthouse = npm_tools / "lighthouse" / "cli" / "index.js"
    node = shutil.which("node")
    assert node, "lighthouse needs node (apt-get install nodejs)"
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")  # one hand: the sheet, the totals, the bar
    base, proc = serve(night)
    report = tmp_path / "lighthouse.json"
    try:
        done = subprocess.run(
            [node, str(lighthouse), base + "/"]
            + ["--only-categories=accessibility", "--form-factor=mobile", "--quiet"]
            + ["--output=json", f"--output-path={report}"]
            + ["--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            capture_output=True,
            text=True,
            timeout=240,
        )
    finally:
        stop(proc)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(report.read_text(encoding="utf-8"))
    failing = {
        key: audit["title"]
        for key, audit in found["audits"].items()
        if audit.get("scoreDisplayMode") == "binary" and audit.get("score") == 0
    }
    assert found["categories"]["accessibility"]["score"] >= 0.98, failing
