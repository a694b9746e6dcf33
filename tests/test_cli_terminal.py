"""What a player sees in a real terminal (tmux): a night recorded by prompts, in the locale's script.

Each test starts its own tmux server (its own socket), types as a person would, and reads the screen
with ``capture-pane``. Without tmux the tests skip, saying how to get it.
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from wcwidth import wcswidth

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="needs tmux: apt-get install -y tmux"
)


PROMPT = "night$ "


class Screen:
    """One tmux window of ``width`` columns running a shell with ``env``."""

    def __init__(self, tmp_path, width: int, env: dict):
        self.socket = str(tmp_path / "tmux.sock")
        clean = {
            k: v
            for k, v in os.environ.items()
            if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "COLUMNS")
        }
        path = f"{Path(sys.executable).parent}:{os.environ['PATH']}"
        self.env = {**clean, **env, "PATH": path}
        self.prompts = 0  # the shell's prompts already used by a command
        self.tmux("new-session", "-d", "-x", str(width), "-y", "60", "-s", "night", "sh")
        self.tmux("set-option", "-t", "night", "history-limit", "5000")
        self.shown = ""
        self.type("PS1='night''$ '")  # a prompt to wait for; typed, it does not read as one

    def tmux(self, *args):
        return subprocess.run(
            ["tmux", "-S", self.socket, *args],
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def command(self, line: str, timeout: float = 30):
        """Type a shell command once the shell asks for one (its prompt shown again): typed while the
        last command is still printing, it would land among that command's lines."""
        end = time.monotonic() + timeout
        while self.screen().count(PROMPT) <= self.prompts:
            if time.monotonic() > end:
                raise AssertionError(f"the shell never asked again; the screen:\n{self.screen()}")
            time.sleep(0.05)
        self.prompts += 1
        self.type(line)

    def type(self, line: str):
        self.tmux("send-keys", "-t", "night", "-l", line)
        self.tmux("send-keys", "-t", "night", "Enter")

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "night")

    def wait_for(self, text: str, timeout: float = 20) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            shown = self.screen()
            if shown.count(text) > self.shown.count(text):
                self.shown = shown
                return shown
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path):
    screens = []

    def open_screen(width=80, **env):
        screens.append(Screen(tmp_path, width, env))
        return screens[-1]

    yield open_screen
    for screen in screens:
        screen.close()


def record_a_hand(screen, prompts):
    """Answer record's questions in order: (what the screen asks, what the player types)."""
    for asked, typed in prompts:
        screen.wait_for(asked)
        screen.type(typed)


def aligned(table_lines: list[str]) -> bool:
    """Every line of a table has the same display width (CJK characters count two columns)."""
    return len({wcswidth(line.rstrip()) for line in table_lines}) == 1


def table_rows(shown: str, first_heading: str, rows: int = 4) -> list[str]:
    """The first table headed ``first_heading`` that settle printed: its heading, rule and ``rows`` rows."""
    lines = shown.split("meizhou-score settle", 1)[1].splitlines()
    start = min(i for i, line in enumerate(lines) if line.split()[:1] == [first_heading])
    return lines[start : start + 2 + rows]


def test_a_mainland_locale_records_and_settles_in_simplified(terminal, tmp_path):
    screen = terminal(width=80, LANG="zh_CN.UTF-8")
    night = tmp_path / "night.yaml"
    screen.command(
        f"cd {tmp_path} && meizhou-score record night.yaml --players '阿福,美美,阿俊,阿兰' --stake 10"
    )
    record_a_hand(
        screen,
        [
            ("第 1 局谁是庄家？", "1"),
            ("谁胡牌？", "2"),
            ("美美怎样胡牌？", "自摸"),
            ("美美的手牌，含胡的那张", "123m 456m 789p 234s 55s"),
            ("胡的那张牌", "4s"),
            ("第 1 个杠：谁的？", "3"),
            ("种类？", "暗杠"),
            ("哪张牌？", "东"),
            ("第 2 个杠：谁的？", ""),
            ("记下第 1 局？", "是"),
        ],
    )
    screen.wait_for("已把第 1 局记入")
    screen.command("meizhou-score settle night.yaml")
    shown = screen.wait_for("下一庄")
    (tmp_path / "capture-zh-Hans.txt").write_text(shown, encoding="utf-8")
    assert night.exists()
    said = shown.split("meizhou-score record", 1)[1]
    for traditional in (
        "誰",
        "莊",
        "槓",
        "張",
        "記",
        "種類",
    ):  # not one Traditional word of ours on the screen
        assert traditional not in said, traditional
    assert "阿兰" in said  # the names as they were typed
    sheet = table_rows(shown, "局", rows=1)  # the score sheet: a line a hand
    assert sheet[0].split()[:3] == ["局", "庄家", "结果"] and aligned(sheet), sheet
    assert sheet[2].split()[:5] == ["1", "阿福", "美美自摸", "1", "倍"]  # Chinese: no space inside
    rows = table_rows(shown, "座位")
    assert rows[0].split() == ["座位", "玩家", "合计"]
    assert aligned(rows), rows
    # 美美 self-draws a 1-ratio hand: 2 units × 10 from each (R5) = +60; 阿俊's concealed kong: 2 units × 10
    # from each (R8) = +60. 美美 +60 − 20 = +40, 阿俊 +60 − 20 = +40, 阿福 and 阿兰 −20 − 20 = −40
    assert [row.split()[-1] for row in rows[2:]] == ["-40", "+40", "+40", "-40"]
    assert "美美" in rows[3] and "阿俊" in rows[4]


def test_a_taiwanese_locale_still_reads_traditional(terminal, tmp_path):
    screen = terminal(width=80, LANG="zh_TW.UTF-8")
    screen.command(
        f"cd {tmp_path} && meizhou-score record night.yaml --players '阿福,美美,阿俊,阿蘭' --stake 10"
    )
    record_a_hand(screen, [("第 1 局誰是莊家？", "1"), ("誰胡牌？", "d"), ("記下第 1 局？", "是")])
    screen.wait_for("已把第 1 局記入")
    screen.command("meizhou-score settle night.yaml")
    shown = screen.wait_for("下一莊")
    (tmp_path / "capture-zh-Hant.txt").write_text(shown, encoding="utf-8")
    assert "荒莊" in shown and "荒庄" not in shown
    assert aligned(table_rows(shown, "局", rows=1)) and aligned(table_rows(shown, "座位"))


def test_a_night_at_60_columns_in_chinese_reads_cleanly(terminal, tmp_path):
    """A phone's terminal: two hands by prompts and the sheet, no line wider than the screen (-J joins what tmux
    wrapped, so a line cut by the terminal would show here as one longer line)."""
    screen = terminal(width=60, LANG="zh_TW.UTF-8")
    screen.command(
        f"cd {tmp_path} && meizhou-score record night.yaml --players '阿福,美美,阿俊,阿蘭' --stake 10"
    )
    record_a_hand(
        screen,
        [
            ("第 1 局誰是莊家？", "1"),
            ("誰胡牌？", "2"),
            ("美美怎樣胡牌？", "自摸"),
            ("美美的手牌", "123m 456m 789p 234s 55s"),
            ("胡的那張牌", "4s"),
            ("第 1 個槓：誰的？", "3"),
            ("種類？", "暗槓"),
            ("哪張牌？", "東"),
            ("第 2 個槓：誰的？", ""),
            ("記下第 1 局？", "是"),
        ],
    )
    screen.wait_for("已把第 1 局記入")
    screen.command("meizhou-score record night.yaml")
    record_a_hand(
        screen,
        [("誰胡牌？", "4"), ("阿蘭怎樣胡牌？", "<"), ("誰胡牌？", "d"), ("記下第 2 局？", "是")],
    )
    screen.wait_for("已把第 2 局記入")
    screen.command("meizhou-score settle night.yaml --explain")
    shown = screen.wait_for("下一莊")
    (tmp_path / "capture-60-zh-Hant.txt").write_text(shown, encoding="utf-8")
    wide = [
        line
        for line in shown.splitlines()
        if wcswidth(line.rstrip()) > 60 and "meizhou-score" not in line
    ]
    assert wide == []
    assert "回到上一題" in shown
    # 美美's self-draw +60 and 阿俊's concealed kong +60 (R5, R8): 美美 +40, 阿俊 +40, the others −40; then a draw
    assert [row.split()[-1] for row in table_rows(shown, "座位")[2:]] == [
        "-40",
        "+40",
        "+40",
        "-40",
    ]
