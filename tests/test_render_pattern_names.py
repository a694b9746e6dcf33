"""A hand is named by the same patterns in every language: none that another pattern found takes
the place of (docs/rules.md's pattern table, its last column: 十三幺 takes the place of 混幺九,
坎坎胡 of 碰碰胡). The ratio is the same either way (combine: highest, the default): 十三幺 10
over 混幺九 5; 坎坎胡 10 over 清一色 4 and 碰碰胡 2. Headlines of `settle --hands`, and the
biggest hand of `ledger stats`.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

NIGHT = """players: [Ah Fook, Mei, Jun, Lan]
stake: 10
date: '2026-12-01'
hands:
  - dealer: Ah Fook
    winner: Mei
    win_type: self_draw
    hand: {concealed: 19m19p19s1234567z 1m, winning_tile: 1m}
"""
PUNGS = """  - dealer: Mei
    winner: Mei
    win_type: self_draw
    hand: {concealed: 111m 222m 333m 444m 55m, winning_tile: 5m}
"""


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "200"},  # a headline on one line
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "lang, orphans, pungs",
    [
        (
            "en",
            "Mei wins by self-draw (自摸) — thirteen orphans 十三幺, ratio 10;",
            "Mei wins by self-draw (自摸) — four concealed pungs 坎坎胡, pure one suit 清一色, ratio 10;",
        ),
        ("zh-Hant", "Mei 自摸胡牌——十三幺，倍數 10；", "Mei 自摸胡牌——坎坎胡、清一色，倍數 10；"),
        ("zh-Hans", "Mei 自摸胡牌——十三幺，倍数 10；", "Mei 自摸胡牌——坎坎胡、清一色，倍数 10；"),
    ],
)
def test_a_hand_is_named_by_the_same_patterns_in_every_language(tmp_path, lang, orphans, pungs):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT + PUNGS, encoding="utf-8")
    heads = [
        line
        for line in run("settle", str(night), "--hands", "--lang", lang).splitlines()
        if line.startswith("Mei ")  # each hand's headline: Mei wins both
    ]
    assert [line[: len(orphans)] for line in heads[:1]] == [orphans], heads
    assert [line[: len(pungs)] for line in heads[1:2]] == [pungs], heads


@pytest.mark.parametrize(
    "lang, biggest, superseded",
    [("en", "thirteen orphans 十三幺 ×10", "混幺九"), ("zh-Hant", "十三幺 10 倍", "混幺九")],
)
def test_ledger_stats_names_the_biggest_hand_as_the_headline_does(
    tmp_path, lang, biggest, superseded
):
    night, db = tmp_path / "night.yaml", tmp_path / "club.sqlite3"
    night.write_text(NIGHT, encoding="utf-8")
    run("ledger", "--db", str(db), "add", str(night))
    stats = run("ledger", "--db", str(db), "stats", "--lang", lang)
    assert biggest in stats, stats  # Mei's one win: 十三幺, ratio 10
    assert superseded not in stats
