"""Plain text tables (columns.py): the layout players read, without importing tabulate per hand.

``table`` promises tabulate's "simple" layout, so that the hand table looked
the same before and after it replaced tabulate on the per-hand path; tabulate
is still installed (``rules`` uses it), so it is the reference here.
"""

from __future__ import annotations

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from meizhou_score.render.columns import LEFT, RIGHT, columns, table, width

# What the tables hold: names in any script (a player's name is NFC, trimmed, without control characters),
# Chinese words, tiles, signed amounts with decimals.
_CHARS = st.one_of(
    st.characters(min_codepoint=0x21, max_codepoint=0x7E),
    st.sampled_from("éüñøß東南西北梅莊家自摸槓"),
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),
    st.characters(min_codepoint=0xFF01, max_codepoint=0xFF5E),
    st.just(" "),
)
_CELL = st.text(_CHARS, max_size=12)


@st.composite
def _tables(draw):
    n = draw(st.integers(1, 5))
    headers = draw(
        st.lists(_CELL.map(str.strip).filter(bool), min_size=n, max_size=n)
    )  # headings are ours
    rows = draw(st.lists(st.lists(_CELL, min_size=n, max_size=n), min_size=1, max_size=5))
    align = draw(st.lists(st.sampled_from((LEFT, RIGHT)), min_size=n, max_size=n))
    return headers, rows, align


@settings(max_examples=300, deadline=None)
@given(_tables())
def test_table_is_tabulates_simple_layout(case):
    headers, rows, align = case
    assert table(rows, headers, align) == tabulate(
        rows, headers=headers, tablefmt="simple", colalign=align, disable_numparse=True
    )


def test_the_hand_table_by_hand():
    """Worked out cell by cell: a column is its widest cell, or its heading + 2; two spaces between."""
    rows = [["East", "Ah Fook (dealer)", "-2"], ["South", "梅", "+6"]]
    assert (
        table(rows, ["Seat", "Player", "Win"], [LEFT, LEFT, RIGHT]).split("\n")
        == [
            "Seat    Player              Win",  # Seat: 6 = 4 + 2 ("South" is 5); Player: 16; Win: 5 = 3 + 2
            "------  ----------------  -----",
            "East    Ah Fook (dealer)     -2",
            "South   梅                   +6",  # 梅 takes two cells: 14 spaces after it
        ]
    )


def test_missing_cells_are_empty_and_numbers_are_text():
    assert table([[None, 7]], ["a", "b"]).split("\n")[2] == "     7"  # no trailing spaces


def test_width_counts_cells_not_characters():
    assert width("Ah Fook") == 7
    assert width("梅州") == 4
    assert width("ＡＢ") == 4  # full-width letters
    assert width("e\u0301") == 1  # e with a combining acute accent


def test_columns_right_aligns_numbers_and_drops_trailing_spaces():
    assert columns([["player", "total"], ["Mei", "+12.5"], ["Ah Fook", "-3"]]).split("\n") == [
        "player   total",
        "-------  -----",
        "Mei      +12.5",
        "Ah Fook     -3",
    ]


# ---------------------------------------------------------------- a phone's terminal: 60 columns

SIXTY = [
    ["settle", "examples/session.yaml"],
    ["settle", "examples/session.yaml", "--hands"],
    ["settle", "examples/kongs-worked-example.yaml", "--explain"],
    ["settle", "examples/robbed-kong.yaml", "--explain"],
    ["settle", "examples/session.yaml", "--settle-up"],
    ["check", "123m456m789p234s5s6s"],
    ["check", "22333445566778m"],
    ["check", "1112345678999m"],
    ["check", "11s", "23s", "--pung", "777z", "--kong", "9p", "--concealed-kong", "1z"],
    ["rules"],
    ["rules", "--explain", "R7"],
    ["rules", "--explain", "R2"],
    ["deal", "5", "9", "--players", "Ah Fook,Mei,Jun,Lan", "--dealer", "Mei"],
]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_at_60_columns_no_line_is_wider(lang, tmp_path):
    from click.testing import CliRunner

    from meizhou_score.cli import cli
    from meizhou_score.render.columns import width

    runner = CliRunner(env={"COLUMNS": "60"})
    db = tmp_path / "club.db"
    assert (
        runner.invoke(
            cli, ["ledger", "--db", str(db), "add", str(ROOT / "examples" / "session.yaml")]
        ).exit_code
        == 0
    )
    commands = [
        [*c[:1], *[str(ROOT / a) if a.startswith("examples/") else a for a in c[1:]]] for c in SIXTY
    ]
    commands += [
        ["ledger", "--db", str(db), report] for report in ("nights", "totals", "stats", "settle-up")
    ]
    for command in commands:
        result = runner.invoke(cli, [*command, "--lang", lang])
        assert result.exit_code in (0, 1), (command, result.output)
        wide = [
            line
            for line in result.output.splitlines()
            if width(line) > 60 and str(ROOT) not in line
        ]
        assert wide == [], (command, wide)


def test_a_rules_cell_in_chinese_breaks_after_a_mark_never_inside_a_word():
    # `rules` in 简体 and 繁體: a setting's meaning wrapped at 30 cells breaks after 、：； or a
    # space, so 「取最高」 and 「打出者包付」 stay whole (they were cut as 取 / 最高, 打 / 出者包付).
    from meizhou_score.render.columns import wrap

    assert wrap("几个牌型怎样合成倍数（可选：取最高、相加、相乘）", 30, phrases=True) == (
        "几个牌型怎样合成倍数（可选：\n取最高、相加、相乘）"
    )
    assert wrap("直槓由誰付（可選：三家各付、打出者包付）", 30, phrases=True) == (
        "直槓由誰付（可選：三家各付、\n打出者包付）"
    )
    assert wrap("抢杠时被抢者每倍付几分；不设时是自摸每家份数的 3 倍", 30, phrases=True) == (
        "抢杠时被抢者每倍付几分；\n不设时是自摸每家份数的 3 倍"
    )
    # a phrase wider than the cell itself is still cut, between characters
    assert wrap("一二三四五六七八", 8, phrases=True) == "一二三四\n五六七八"


def test_the_rules_table_in_simplified_keeps_each_choice_whole():
    import subprocess
    import sys

    shown = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "rules", "--lang", "zh-Hans"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"COLUMNS": "80", "PATH": "/usr/bin:/bin"},
    ).stdout
    lines = [line.split("  ")[0] for line in shown.splitlines()]
    assert "取最高、相加、相乘）" in lines and "点杠者包付）" in lines
