"""`record NIGHT > /dev/full`: the hand is written, the output is not, and record says so.

docs/formats.md (exit codes): 4, the output could not be written; `record` whose hand is written
but whose standard output refuses what it says of it names the hand written and the file, in the
player's language. Run as users run: stdout buffered (PYTHONUNBUFFERED unset).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

MEIZHOU = str(Path(sys.executable).with_name("meizhou-score"))
NIGHT = """players: [Ana, Bo, Cy, Di]
stake: 1
date: 2026-11-20
hands:
  - dealer: Ana
    draw: true
"""
SAID = {
    "en": "hand 2 is written in {path}; the output could not be written: ",
    "zh-Hant": "第 2 局已寫入 {path}；但無法寫出結果：",
    "zh-Hans": "第 2 局已写入 {path}；但无法输出结果：",
}


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("lang", sorted(SAID))
def test_record_to_a_full_output_says_the_hand_is_written(tmp_path: Path, lang: str) -> None:
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [MEIZHOU, "record", str(night), "--draw", "--yes", "--lang", lang],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=60,
        )
    assert done.returncode == 4, done.stderr
    assert SAID[lang].format(path=night) in done.stderr, done.stderr
    assert done.stderr.count("\n") <= 2, done.stderr  # said once (the dealer's line, the error)
    assert night.read_text().count("draw: true") == 2  # the hand is in the file
    assert "Traceback" not in done.stderr
