"""The payment lines a phone shows under a hand are `settle --explain`'s own, in the player's
language: 發 and 包槓 in 繁體, 发 and 包杠 in 简体, Chinese punctuation in Chinese. A real `serve`
answers GET /api/night; the command line settles the same file.

The night, stake 10, house rule 包槓 (exposed_kong_payer: discarder), worked from RULES.md: Ah Fook
deals, Mei self-draws an ordinary hand (ratio 1): each of the three pays 2 × 1 = 2 units = 20 (R5).
Lan holds an exposed kong (點槓) of 6z (發) from Jun's discard: under 包槓 Jun alone pays all three
shares, 3 × 1 unit = 30 (R8).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request

import pytest
from conftest import ROOT
from test_page_table import serve, stop

NIGHT = """players: [Ah Fook, Mei, Jun, Lan]
stake: 10
rules:
  exposed_kong_payer: discarder
hands:
  - dealer: Ah Fook
    winner: Mei
    win_type: self_draw
    hand: {concealed: 234m 567p 345s 678s 11m, winning_tile: 1m}
    kongs:
      - {player: Lan, type: exposed, tile: 6z, from: Jun}
"""

EXPECTED = {
    "en": [
        "Ah Fook pays Mei 20 (2 × 10): self-draw (自摸), ratio 1 × 2 — R5",
        "Jun pays Mei 20 (2 × 10): self-draw (自摸), ratio 1 × 2 — R5",
        "Lan pays Mei 20 (2 × 10): self-draw (自摸), ratio 1 × 2 — R5",
        "Jun pays Lan 30 (3 × 10): exposed kong (點槓) of Lan, 6z 發, 包槓 — R8",
    ],
    "zh-Hant": [
        "Ah Fook 付 Mei 20（2 分 × 10）：自摸，倍數 1 × 2——R5",
        "Jun 付 Mei 20（2 分 × 10）：自摸，倍數 1 × 2——R5",
        "Lan 付 Mei 20（2 分 × 10）：自摸，倍數 1 × 2——R5",
        "Jun 付 Lan 30（3 分 × 10）：點槓，Lan 的 6z 發，包槓——R8",
    ],
    "zh-Hans": [
        "Ah Fook 付 Mei 20（2 分 × 10）：自摸，倍数 1 × 2——R5",
        "Jun 付 Mei 20（2 分 × 10）：自摸，倍数 1 × 2——R5",
        "Lan 付 Mei 20（2 分 × 10）：自摸，倍数 1 × 2——R5",
        "Jun 付 Lan 30（3 分 × 10）：点杠，Lan 的 6z 发，包杠——R8",
    ],
}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    night = tmp_path_factory.mktemp("payments") / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    yield base, night
    stop(proc)


def explained(night, lang: str) -> list[str]:
    """The payment lines of `settle NIGHT --explain --lang LANG`."""
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", str(night), "--explain"]
        + ["--lang", lang],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return [line.strip() for line in done.stdout.splitlines() if re.search(r"(— |——)R\d+$", line)]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_pages_payments_read_as_settle_explain(served, lang):
    base, night = served
    with urllib.request.urlopen(f"{base}/api/night?lang={lang}") as answer:
        payments = json.loads(answer.read())["sheet"][0]["payments"]
    assert payments == EXPECTED[lang]
    assert explained(night, lang) == EXPECTED[lang]
    if lang == "zh-Hans":  # nothing of the Traditional script left
        assert not any(ch in "".join(payments) for ch in "槓發數")
