"""`record` and `undo`: a hand at the table in seconds, and a session file that grows safely.

Every expected balance is worked out by hand from RULES.md in the comments.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT, read_until, reading

from meizhou_score.cli.app import cli

TABLE = ["--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--dealer", "ah fook"]
MEI_SELF_DRAW = [
    "--winner",
    "mei",
    "--self-draw",
    "--hand",
    "123m 456m 789p 234s 55s",
    "--winning-tile",
    "4s",
]
JUN_WITH_KONGS = [
    "--winner",
    "Jun",
    "--self-draw",
    "--hand",
    "123m 456p 789s 55s",
    "--winning-tile",
    "5s",
    "--kong",
    "jun:concealed:1z",
    "--kong",
    "Mei:added:9m",
]


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def totals(path):
    result = run("settle", path, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["totals"], json.loads(result.stdout)["next_dealer"]


def three_hands(path):
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    assert run("record", path, "--draw").exit_code == 0
    result = run("record", path, *JUN_WITH_KONGS)
    assert result.exit_code == 0, result.output
    return result


def test_three_hands_by_flags_settle_to_the_totals_record_printed(tmp_path):
    path = tmp_path / "night.yaml"
    result = three_hands(path)
    # hand 1: Mei self-draws an ordinary hand: 2 units from each (R5) × 10
    # hand 2: draw, Mei dealt: nobody pays (R9); Jun deals next (R10)
    # hand 3: Jun self-draws (+60, others −20); his concealed kong of East 2 units from each (+60, −20 each);
    #         Mei's added kong 1 from each (+30, −10 each). Jun +60+60−10 = +110, Mei −20−20+30 = −10,
    #         Ah Fook and Lan −20−20−10 = −50. Totals: A −20−50 = −70, M +60−10 = +50, J −20+110 = +90, L −70.
    assert totals(path) == ({"Ah Fook": -70, "Mei": 50, "Jun": 90, "Lan": -70}, "Jun")
    # record ends with the score sheet's last rows: each hand's change, the running total in brackets
    sheet = result.stdout.split("Next dealer: Jun — the dealer won and deals again (R10)")[
        1
    ].splitlines()
    assert sheet[2].split() == [
        "#",
        "Dealer",
        "What",
        "happened",
        "Ah",
        "Fook",
        "Mei",
        "Jun",
        "Lan",
    ]
    assert sheet[4].split() == [
        "1",
        "Ah",
        "Fook",
        "Mei",
        "self-draw",
        "×1",
        "-20",
        "(-20)",
        "+60",
        "(+60)",
        "-20",
        "(-20)",
        "-20",
        "(-20)",
    ]
    assert sheet[5].split() == [
        "2",
        "Mei",
        "draw",
        "0",
        "(-20)",
        "0",
        "(+60)",
        "0",
        "(-20)",
        "0",
        "(-20)",
    ]
    assert sheet[6].split() == [
        "3",
        "Jun",
        "Jun",
        "self-draw",
        "×1",
        "-50",
        "(-70)",
        "-10",
        "(+50)",
        "+110",
        "(+90)",
        "-50",
        "(-70)",
    ]
    assert "Hand 3 — dealer Jun" in result.stdout
    assert "Recorded hand 3" in result.stdout


def test_the_file_records_the_table_and_only_what_the_hand_needs(tmp_path):
    path = tmp_path / "night.yaml"
    three_hands(path)
    text = path.read_text(encoding="utf-8")
    assert "players: [Ah Fook, Mei, Jun, Lan]" in text and "stake: 10" in text
    assert (
        text.count("dealer:") == 1
    )  # only the first hand names its dealer; the rotation gives the rest
    assert "  - draw: true\n" in text


def test_a_missing_field_without_a_terminal_names_its_flag(tmp_path):
    path = tmp_path / "night.yaml"
    result = run("record", path, *TABLE, "--winner", "Mei", "--self-draw")
    assert result.exit_code == 2
    assert "--hand TILES" in result.output
    assert not path.exists()
    result = run("record", path, "--players", "A,B,C,D", "--draw")
    assert result.exit_code == 2 and "--dealer" in result.output


@pytest.mark.parametrize(
    "flags, fragment",
    [
        (
            [
                "--winner",
                "Mei",
                "--self-draw",
                "--hand",
                "123m 456m 789p 234s 5x",
                "--winning-tile",
                "4s",
            ],
            "unexpected 'x' at column",
        ),
        (
            [
                "--winner",
                "Mei",
                "--self-draw",
                "--hand",
                "11111m 234p 567p 89s",
                "--winning-tile",
                "2p",
            ],
            "5 copies of 1m",
        ),
        (["--winner", "Zed", "--self-draw"], "not at the table"),
        (
            [
                "--winner",
                "Mei",
                "--self-draw",
                "--hand",
                "123m 456m 789p 234s 55s",
                "--winning-tile",
                "9m",
            ],
            "9m is not among the concealed tiles",
        ),
        # R7: the robbed tile is the winner's only copy
        (
            [
                "--winner",
                "Mei",
                "--robbed-kong",
                "Jun",
                "--hand",
                "123m 456m 789p 234s 55s",
                "--winning-tile",
                "5s",
            ],
            "holds 5s 2 times",
        ),
        (
            [
                "--winner",
                "Mei",
                "--kong-bloom",
                "--hand",
                "123m 456m 789p 234s 55s",
                "--winning-tile",
                "4s",
            ],
            "owns no kong",
        ),
        (
            [
                "--winner",
                "Mei",
                "--self-draw",
                "--hand",
                "123m 456m 789p 234s 56s",
                "--winning-tile",
                "4s",
            ],
            "not a winning hand",
        ),
        (
            [
                "--winner",
                "Mei",
                "--self-draw",
                "--hand",
                "123m 456p 789s 55s",
                "--winning-tile",
                "5s",
                "--kong",
                "Mei:exposed:1z",
            ],
            "exposed kong names its discarder",
        ),
        (["--draw", "--winner", "Mei"], "--draw takes no"),
    ],
)
def test_a_bad_hand_is_refused_and_nothing_is_written(tmp_path, flags, fragment):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    before = path.read_bytes()
    result = run("record", path, *flags)
    assert result.exit_code == 2, result.output
    assert fragment in result.output
    assert "Traceback" not in result.output
    assert path.read_bytes() == before


def test_a_dispute_is_recorded_only_when_allowed(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    # claims that disagree: Mei won 60, not 50
    bad = run("record", path, *MEI_SELF_DRAW, "--claimed", "Mei=50")
    assert bad.exit_code == 2 and "claimed balances differ" in bad.output
    allowed = run("record", path, *MEI_SELF_DRAW, "--claimed", "Mei=50", "--allow-dispute")
    assert allowed.exit_code == 1  # recorded, and it is a dispute
    assert "claimed: {Mei: 50}" in path.read_text(encoding="utf-8")
    assert run("settle", path).exit_code == 1


def test_appending_keeps_every_earlier_byte_and_undo_restores_them(tmp_path):
    path = tmp_path / "session.yaml"
    original = (EXAMPLES / "session.yaml").read_bytes()  # comments, flow mappings, inline comments
    path.write_bytes(original)
    result = run("record", path, *MEI_SELF_DRAW)
    assert result.exit_code == 0, result.output
    # examples/session.yaml ends with Lan winning a robbed kong from Ah Fook: Ah Fook deals hand 5
    assert "Hand 5 — dealer Ah Fook" in result.stdout
    grown = path.read_bytes()
    assert grown.startswith(original) and len(grown) > len(original)
    undone = run("undo", path, "--yes")
    assert undone.exit_code == 0, undone.output
    assert path.read_bytes() == original


def test_undo_asks_and_refuses_without_an_answer(tmp_path):
    path = tmp_path / "night.yaml"
    three_hands(path)
    before = path.read_bytes()
    result = run("undo", path)  # CliRunner's stdin is not a terminal
    assert result.exit_code == 2 and "--yes" in result.output
    assert path.read_bytes() == before
    assert run("undo", path, "--yes").exit_code == 0
    # after undoing hand 3: A −20, M +60, J −20, L −20; the draw gives Jun the deal
    assert totals(path) == ({"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}, "Jun")


def test_undo_can_empty_a_session_and_record_starts_it_again(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    result = run("undo", path, "--yes")
    assert result.exit_code == 0 and "The night has no hand now" in result.output
    text = path.read_text(encoding="utf-8")
    assert (
        "players: [Ah Fook, Mei, Jun, Lan]" in text and "stake: 10" in text and "hands: []" in text
    )
    settled = run("settle", path)
    assert settled.exit_code == 2 and "no hand recorded yet" in settled.output
    assert run("undo", path, "--yes").exit_code == 2  # nothing left to take back
    # hand 1 again, the table kept: Jun self-draws with Lan dealing, +60 and −20 each (R5)
    again = run(
        "record",
        path,
        "--dealer",
        "lan",
        "--winner",
        "jun",
        "--self-draw",
        "--hand",
        "123m 456m 789p 234s 55s",
        "--winning-tile",
        "4s",
    )
    assert again.exit_code == 0, again.output
    assert totals(path) == ({"Ah Fook": -20, "Mei": -20, "Jun": 60, "Lan": -20}, "Jun")


def test_amend_replaces_the_last_hand(tmp_path):
    path = tmp_path / "night.yaml"
    three_hands(path)
    # hand 3 was really a draw: Jun dealt, so Lan deals next; totals back to hand 1's
    result = run("record", path, "--amend", "--draw")
    assert result.exit_code == 0, result.output
    assert "Replaced hand 3" in result.stdout
    assert totals(path) == ({"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}, "Lan")
    assert path.read_text(encoding="utf-8").count("draw: true") == 2


def test_amend_of_the_first_and_only_hand_keeps_its_dealer(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    result = run(
        "record",
        path,
        "--amend",
        "--winner",
        "Lan",
        "--self-draw",
        "--hand",
        "11m 33m 55p 77p 99s 22s 11z",
        "--winning-tile",
        "1z",
    )
    assert result.exit_code == 0, result.output
    # seven pairs, ratio 3: 6 units from each × 10
    assert totals(path) == ({"Ah Fook": -60, "Mei": -60, "Jun": -60, "Lan": 180}, "Lan")


@pytest.mark.parametrize(
    "name, text, fragment",
    [
        ("hand.yaml", (EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8"), "not a session"),
        (
            "night.yaml",
            "players: [A, B, C, D]\nhands:\n  - dealer: A\n    draw: yes please\n",
            "hands[0].draw",
        ),
        ("night.yaml", "players: [A, B, C, D]\nhands: [{dealer: A, draw: true}]\n", "one line"),
    ],
    ids=["a-hand-record", "a-session-that-does-not-settle", "hands-on-one-line"],
)
def test_record_refuses_a_file_it_cannot_grow_safely(tmp_path, name, text, fragment):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    result = run("record", path, "--draw")
    assert result.exit_code == 2 and fragment in result.output
    assert path.read_bytes() == before  # nothing written


def test_a_later_hand_may_carry_its_own_stake(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    assert run("record", path, *MEI_SELF_DRAW, "--stake", "20").exit_code == 0
    # hand 2 at 20 a unit: Mei +120, others −40; with hand 1: Mei +180, others −60
    assert totals(path) == ({"Ah Fook": -60, "Mei": 180, "Jun": -60, "Lan": -60}, "Mei")


def test_one_hand_without_a_session(tmp_path):
    out = tmp_path / "hand.yaml"
    result = run("record", *TABLE, *MEI_SELF_DRAW, "-o", out)
    assert result.exit_code == 0, result.output
    settled = run("settle", out, "--format", "json")
    assert json.loads(settled.stdout)["balances"] == {
        "Ah Fook": -20,
        "Mei": 60,
        "Jun": -20,
        "Lan": -20,
    }
    again = run("record", *TABLE, *MEI_SELF_DRAW, "-o", out)
    assert again.exit_code == 2 and "exists" in again.output
    printed = run("record", *TABLE, *MEI_SELF_DRAW, "-o", "-")
    assert printed.exit_code == 0
    assert printed.stdout == out.read_text(encoding="utf-8")


def test_prompts_ask_in_table_order_and_ask_again_after_a_wrong_tile(tmp_path):
    path = tmp_path / "night.yaml"
    answers = (
        "\n".join(
            [
                "Ah Fook, Mei, Jun, Lan",  # players
                "10",  # stake
                "1",  # dealer: Ah Fook
                "me",  # winner by prefix
                "1",  # self-draw
                "123m 456p 789s 5x",  # a wrong tile: asked again
                "123m 456p 789s 55s",  # 11 tiles: a kong or pung follows
                "5s",  # winning tile
                "",  # no exposed pungs
                "2",  # kong 1: Mei
                "concealed",  # type
                "E",  # tile: East
                "",  # no more kongs
                "y",  # record it
            ]
        )
        + "\n"
    )
    result = run("record", path, "--ask", input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("concealed tiles, winning tile included") == 2
    assert "unexpected 'x' at column" in result.output
    # Mei self-draws (2 each) with her concealed kong (2 each): +120, others −40
    assert totals(path) == ({"Ah Fook": -40, "Mei": 120, "Jun": -40, "Lan": -40}, "Mei")


def test_prompts_in_chinese(tmp_path):
    """The same night asked in Chinese: the questions, the complaint about a tile, the table, the last line."""
    path = tmp_path / "night.yaml"
    answers = (
        "\n".join(
            [
                "Ah Fook, Mei, Jun, Lan",
                "10",
                "1",
                "me",
                "自摸",
                "123m 456p 789s 5x",
                "123m 456p 789s 55s",
                "5s",
                "",
                "2",
                "暗槓",
                "東",
                "",
                "y",
            ]
        )
        + "\n"
    )
    result = run("record", path, "--ask", "--lang", "zh", input=answers)
    assert result.exit_code == 0, result.output
    for question in (
        "玩家，依東、南、西、北座次（以逗號分隔）",
        "第 1 局誰是莊家？（第一局）",
        "誰胡牌？",
        "Mei 怎樣胡牌？ [1] 自摸 [2] 槓上開花 [3] 搶槓",
        "胡的那張牌",
        "碰出的牌",
        "第 1 個槓：誰的？",
        "種類？ [1] 暗槓 [2] 加槓（摸明槓） [3] 點槓（槓別人打出的牌） [4] 明槓",
        "哪張牌？",
        "記下第 1 局？",
    ):
        assert question in result.output, question
    assert result.output.count("Mei 的手牌，含胡的那張") == 2
    assert (
        "✗ 「123m 456p 789s 5x」第 17 欄的「x」不對；牌寫成數字加花色：1m–9m（萬）、1p–9p（筒）、"
        "1s–9s（條）、1z–7z（字：東南西北白發中）。請再輸入一次。" in result.output
    )
    assert "已把第 1 局記入" in result.output and "Recorded" not in result.output
    assert (
        "誰胡牌？ [1] Ah Fook [2] Mei [3] Jun [4] Lan [d] 荒莊：me" in result.output
    )  # a full-width colon
    # the same figures as in English: Mei +120, the others −40 each (R5, R8)
    assert totals(path) == ({"Ah Fook": -40, "Mei": 120, "Jun": -40, "Lan": -40}, "Mei")


def test_prompts_reask_a_hand_that_does_not_win(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    answers = (
        "\n".join(
            ["jun", "self", "123m 456m 789p 234s 56s", "123m 456m 789p 234s 55s", "4s", "", "y"]
        )
        + "\n"
    )
    result = run("record", path, "--ask", input=answers)
    assert result.exit_code == 0, result.output
    assert "is not a winning hand" in result.output
    assert totals(path)[1] == "Jun"


def test_the_end_of_input_at_a_question_writes_nothing(tmp_path):
    path = tmp_path / "night.yaml"
    result = run("record", path, "--ask", input="A, B, C, D\n1\n")
    assert result.exit_code == 2
    assert "nothing was written" in result.output
    assert not path.exists()


def test_an_interrupted_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "night.yaml"
    three_hands(path)
    before = path.read_bytes()

    def crash(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    result = run("record", path, "--draw")
    assert result.exit_code != 0
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "night.yaml"
    ]  # no temporary file left behind


def _cli(*args):
    return [sys.executable, "-m", "meizhou_score", *map(str, args)]


def test_killed_at_any_moment_the_file_is_the_old_or_the_new(tmp_path):
    path = tmp_path / "night.yaml"
    three_hands(path)
    # a long night, so that writing takes a while
    lines = path.read_text(encoding="utf-8") + "".join("  - draw: true\n" for _ in range(3000))
    path.write_text(lines, encoding="utf-8")
    hand = b"  - draw: true\n"  # what one more record adds
    # The moments to stop it at, each awaited (never a guessed time): two lines of
    # `python -X importtime` (the session file's module imported: the night about to be read; the
    # answer's, the last import before the write), and the write seen begun (its temporary file
    # there, or the night itself changed: a write in place would be caught in the middle). Each
    # moment twice: SIGKILL (nothing can be cleaned up: its temporary file may stay, for the next
    # writer to remove) and Ctrl-C (a quiet 130, or the work done). A Ctrl-C inside the write
    # removes its temporary file, one sent as the file is made included (filewrite holds Ctrl-C
    # back until the file is named where it is removed: before, 2 Ctrl-Cs in 8 sent as soon as the
    # file was seen left it behind).
    moments = [b"meizhou_score.records.sessionfile", b"meizhou_score.cli.shared.answers", "writing"]
    hands = 3 + 3000
    for moment in moments:
        for stop in (signal.SIGKILL, signal.SIGINT):
            was, before = path.read_bytes(), path.stat()
            left = {p.name for p in tmp_path.iterdir()}

            def writing() -> bool:
                now = path.stat()
                if (now.st_size, now.st_mtime_ns) != (before.st_size, before.st_mtime_ns):
                    return True
                return any(
                    p.name.endswith(".tmp") and p.name not in left for p in tmp_path.iterdir()
                )

            proc = subprocess.Popen(
                [sys.executable, "-X", "importtime", *_cli("record", path, "--draw")[1:]],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            try:
                if moment == "writing":
                    end = time.monotonic() + 120
                    while not writing() and proc.poll() is None and time.monotonic() < end:
                        time.sleep(0.0002)
                    assert writing(), f"no write seen begun (exit {proc.poll()})"
                else:
                    read_until(proc, proc.stderr, moment)
                proc.send_signal(stop)
                err = proc.communicate(timeout=60)[1].decode()
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            now = path.read_bytes()
            assert now in (was, was + hand), f"a half-written night ({moment!r}, {stop!r})"
            hands += now != was
            # a write stopped midway leaves at most its own temporary file, for the next writer
            new = sorted(p.name for p in tmp_path.iterdir() if p.name not in left)
            assert len(new) <= 1 and all(n.startswith(".night.yaml.") for n in new), new
            assert all(n.endswith(".tmp") for n in new), new
            assert stop == signal.SIGKILL or not new, f"Ctrl-C left {new} ({moment!r})"
            if stop == signal.SIGINT:  # after the work, it may find the interpreter exiting,
                # where CPython has put Ctrl-C's default back: killed by SIGINT, as quietly
                done = (0, -signal.SIGINT) if now == was + hand else ()
                assert proc.returncode in (130, *done) and "Traceback" not in err, err
            else:
                assert proc.returncode in (0, -signal.SIGKILL), err
    # an uninterrupted record: one more hand, and what a killed one left removed (it is the next
    # writer's to remove, under the file's lock)
    was = path.read_bytes()
    assert run("record", path, "--draw").exit_code == 0
    assert path.read_bytes() == was + hand
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.yaml"]  # no temporary file left
    result = run("settle", path, "--format", "json")
    assert result.exit_code == 0 and len(json.loads(result.stdout)["hands"]) == hands + 1


def test_two_records_at_once_lose_no_hand(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    procs = [
        subprocess.Popen(
            _cli("record", path, "--draw"),
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for _ in range(6)
    ]
    for proc in procs:
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    assert path.read_text(encoding="utf-8").count("- draw: true") == 6
    result = run("settle", path, "--format", "json")
    assert len(json.loads(result.stdout)["hands"]) == 7


def test_a_real_terminal_records_three_hands(tmp_path):
    """The program in a pseudo-terminal, answered as a person would, a wrong tile included."""
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "night.yaml"
    env = {**os.environ, "COLUMNS": "120"}

    def session(args, dialogue):
        child = pexpect.spawn(
            sys.executable,
            ["-m", "meizhou_score", "record", str(path), *args],
            cwd=str(ROOT),
            env=env,
            encoding="utf-8",
            timeout=20,
        )
        for prompt, answer in dialogue:
            child.expect_exact(prompt)
            if answer is not None:  # None: only what the screen must say
                child.sendline(answer)
        child.expect(pexpect.EOF)
        child.close()
        return child.exitstatus, child.before

    code, _ = session(
        ["--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10"],
        [
            ("Who dealt hand 1?", "1"),
            ("Who won?", "mei"),
            ("How did Mei win?", "1"),
            ("concealed tiles", "123m 456m 789p 234s 5x"),  # a tile that is not a tile: asked again
            ("unexpected 'x' at column 22", None),
            (
                "concealed tiles",
                "123m 456m 789p 234s 5z5s",
            ),  # a hand that does not win: asked again
            ("not a winning hand", None),
            ("concealed tiles", "123m 456m 789p 234s 55s"),
            ("Winning tile", "4s"),
            ("Kong 1: whose?", ""),
            ("Record hand 1?", "y"),
        ],
    )
    assert code == 0
    code, _ = session([], [("Who won?", "d"), ("Record hand 2?", "y")])
    assert code == 0
    code, _ = session(
        [],
        [
            ("Who won?", "jun"),
            ("How did Jun win?", "self"),
            ("concealed tiles", "123m 456p 789s 55s"),
            ("Winning tile", "5s"),
            ("Exposed pungs", ""),
            ("Kong 1: whose?", "3"),
            ("Type?", "1"),
            ("Tile?", "1z"),
            ("Kong 2: whose?", "mei"),
            ("Type?", "added"),
            ("Tile?", "9m"),
            ("Kong 3: whose?", ""),
            ("Record hand 3?", "y"),
        ],
    )
    assert code == 0
    # the same three hands as the flags test: −70 / +50 / +90 / −70
    assert totals(path) == ({"Ah Fook": -70, "Mei": 50, "Jun": 90, "Lan": -70}, "Jun")


def test_ctrl_c_at_a_question_stops_with_130_and_writes_nothing(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    before = path.read_bytes()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "meizhou_score", "record", str(path)],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=20,
    )
    child.expect_exact("Who won?")
    reading(child.pid)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in child.before and "nothing was written" in child.before
    assert path.read_bytes() == before


def test_record_and_settle_read_the_session_limit_alike(tmp_path):
    # the limit is read once from the environment and handed to both (record once copied it at import)
    night = tmp_path / "night.yaml"
    night.write_bytes((EXAMPLES / "session.yaml").read_bytes())
    before = night.read_bytes()
    env = {"MEIZHOU_MAX_SESSION_BYTES": "200"}
    settled = CliRunner().invoke(cli, ["settle", str(night)], env=env)
    recorded = CliRunner().invoke(cli, ["record", str(night), "--draw", "--no-ask"], env=env)
    assert settled.exit_code == recorded.exit_code == 2
    assert "limit" in settled.stderr and "limit" in recorded.stderr
    assert night.read_bytes() == before
    assert CliRunner().invoke(cli, ["record", str(night), "--draw", "--no-ask"]).exit_code == 0


# ---------------------------------------------------------------- prompts that forgive


def test_back_returns_to_the_question_before(tmp_path):
    path = tmp_path / "night.yaml"
    assert (
        run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    )  # hand 1: Mei wins, Mei deals hand 2
    answers = (
        "\n".join(
            [
                "mei",  # who won: Mei — a slip
                "<",  # at "how?": back to "who won?"
                "jun",  # Jun it was
                "self",  # self-draw
                "123m 456m 789p 234s 55s",  # the tiles
                "back",  # at the winning tile: back to the tiles
                "123m 456m 789p 234s 55s",
                "4s",
                "",
                "y",
            ]
        )
        + "\n"
    )
    result = run("record", path, "--ask", input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("back to the question before") == 2
    # asked again: "who won?" after the first <, the tiles after the second (the answers before are kept)
    assert result.output.count("Who won?") == 2 and result.output.count("How did Jun win?") == 1
    assert result.output.count("Jun's concealed tiles") == 2
    # hand 2: Jun self-draws an ordinary hand with Mei dealing: Jun +60, the others −20 (R5)
    # totals: Ah Fook −20 −20 = −40, Mei +60 −20 = +40, Jun −20 +60 = +40, Lan −40
    assert totals(path) == ({"Ah Fook": -40, "Mei": 40, "Jun": 40, "Lan": -40}, "Jun")


def test_enter_at_a_kongs_type_or_tile_drops_that_kong(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    answers = (
        "\n".join(
            [
                "jun",
                "self",
                "123m 456m 789p 234s 55s",
                "4s",
                "lan",
                "",  # kong 1: Lan — started by mistake: Enter at the type drops it
                "lan",
                "concealed",
                "",  # and again, dropped at the tile
                "",  # no kong after all
                "y",
            ]
        )
        + "\n"
    )
    result = run("record", path, "--ask", input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("(kong 1 dropped)") == 2
    assert "kongs" not in path.read_text(encoding="utf-8")
    assert totals(path)[0] == {"Ah Fook": -40, "Mei": 40, "Jun": 40, "Lan": -40}


def test_a_robbed_tile_the_hand_holds_twice_asks_for_the_hand_again(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    answers = (
        "\n".join(
            [
                "jun",
                "3",
                "lan",  # Jun robs Lan's kong
                "123m 456m 789p 234s 44s",  # holds 4s twice
                "4s",  # the robbed 4s: the hand must be wrong, not the tile
                "123m 456m 789p 234s 55s",
                "4s",  # the hand again, then its robbed tile
                "",
                "y",
            ]
        )
        + "\n"
    )
    result = run("record", path, "--ask", input=answers)
    assert result.exit_code == 0, result.output
    assert "Enter the tiles again" in result.output
    assert result.output.count("concealed tiles, winning tile included") == 2
    # robbed kong, ordinary: Lan alone pays 6 × 1 × 10 = 60 (R7)
    assert totals(path)[0] == {"Ah Fook": -20, "Mei": 60, "Jun": 40, "Lan": -80}


def test_a_refusal_names_the_hand_as_the_screen_numbers_it(tmp_path):
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    answers = (
        "\n".join(
            [
                "jun",
                "self",
                "123m 456m 789p 55s",
                "5s",  # 11 tiles: a pung or a kong must follow
                "",
                "",  # none does: 11 tiles is a short hand
                "123m 456m 789p 234s 55s",
                "4s",
                "",
                "",
                "y",
            ]
        )
        + "\n"
    )
    result = run("record", path, "--ask", input=answers)
    assert result.exit_code == 0, result.output
    assert "hand 2: hand: expected 14 tiles" in result.output and "hands[1]" not in result.output


def test_in_a_terminal_record_always_shows_the_hand_and_asks(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    before = path.read_bytes()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "meizhou_score", "record", str(path), "--draw"],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=20,
    )
    child.expect_exact("Exhaustive draw")
    child.expect_exact("Record hand 2?")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and path.read_bytes() == before
    child = pexpect.spawn(
        sys.executable,
        ["-m", "meizhou_score", "record", str(path), "--draw", "--yes"],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=20,
    )
    child.expect(pexpect.EOF)
    child.close()
    assert (
        child.exitstatus == 0
        and "Record hand 2?" not in child.before
        and path.read_bytes() != before
    )


def test_amend_any_hand_and_the_hands_after_follow(tmp_path):
    path = tmp_path / "night.yaml"
    three_hands(path)
    # hand 1 was Jun's self-draw, not Mei's: Jun +60, the others −20 (R5); Jun then deals hand 2 (a draw), and
    # Lan hand 3 (R10), which Jun still wins with his kongs: Jun +110, Mei −10, Ah Fook and Lan −50.
    # Totals: Ah Fook −20 −50 = −70, Mei −20 −10 = −30, Jun +60 +110 = +170, Lan −70; Jun won hand 3: Jun deals.
    result = run(
        "record",
        path,
        "--amend",
        "1",
        "--winner",
        "jun",
        "--self-draw",
        "--hand",
        "123m 456m 789p 234s 55s",
        "--winning-tile",
        "4s",
        "--yes",
    )
    assert result.exit_code == 0, result.output
    assert "Hand 1 as it stands" in result.output and "Replaced hand 1" in result.output
    assert totals(path) == ({"Ah Fook": -70, "Mei": -30, "Jun": 170, "Lan": -70}, "Jun")
    hands = json.loads(run("settle", path, "--format", "json").stdout)["hands"]
    assert [h["dealer"] for h in hands] == ["Ah Fook", "Jun", "Lan"]
    assert run("record", path, "--amend", "4", "--draw").exit_code == 2  # there is no hand 4


def test_amend_offers_the_hands_answers_as_defaults(tmp_path):
    path = tmp_path / "night.yaml"
    three_hands(path)
    before = totals(path)
    # hand 3 as it stands: Jun self-draws with two kongs; Enter keeps every answer but the second kong's, dropped
    # who won, how, tiles, winning tile, pungs, kong 1's owner, type and tile: Enter; "-" at kong 2: no more kongs
    answers = "\n".join([""] * 8 + ["-", "y"]) + "\n"
    result = run("record", path, "--amend", "--ask", input=answers)
    assert result.exit_code == 0, result.output
    assert "Who won? [1] Ah Fook  [2] Mei  [3] Jun  [4] Lan  [d] draw (荒莊) [Jun]" in result.output
    assert "[123m 456p 789s 55s]" in result.output and "[1z]" in result.output
    assert (
        "Kong 2: whose? [1] Ah Fook  [2] Mei  [3] Jun  [4] Lan  (Enter keeps it; -: no more kongs) [Mei]"
        in result.output
    )
    # without Mei's added kong (1 unit × 10 from each, R8) hand 3 is Jun +120 (was +110), Mei −40 (was −10),
    # Ah Fook and Lan −40 (were −50): totals Ah Fook −60, Mei +20, Jun +100, Lan −60
    assert before[0] == {"Ah Fook": -70, "Mei": 50, "Jun": 90, "Lan": -70}
    assert totals(path)[0] == {"Ah Fook": -60, "Mei": 20, "Jun": 100, "Lan": -60}


def test_amend_is_not_stopped_by_a_later_hand_already_disputed(tmp_path):
    # record --amend and the phone page judge an amendment alike (settling.judge.Amendment): the amended
    # hand must settle, and so must every later hand the change upsets; a later hand written as a dispute on
    # purpose (--allow-dispute) stays one and does not stop the amendment.
    path = tmp_path / "night.yaml"
    assert run("record", path, *TABLE, *MEI_SELF_DRAW).exit_code == 0
    disputed = run(
        "record", path, *MEI_SELF_DRAW, "--claimed", "Mei=50", "--allow-dispute"
    )  # she settles +60
    assert disputed.exit_code == 1, disputed.output
    assert run("record", path, "--draw").exit_code == 0
    copy = tmp_path / "phone.yaml"
    copy.write_bytes(path.read_bytes())
    result = run(
        "record",
        path,
        "--amend",
        "1",
        "--winner",
        "jun",
        "--self-draw",
        "--hand",
        "123m 456m 789p 234s 55s",
        "--winning-tile",
        "4s",
        "--yes",
    )
    assert result.exit_code == 0, result.output
    # hand 1: Jun self-draws, ratio 1 × 2 from each (R5) × 10: Jun +60, the others −20; Jun deals hand 2, which Mei
    # still wins the same way (+60, the others −20; her claim of 50 still differs); Mei deals hand 3, a draw (R9),
    # after which the seat after hers, Jun, deals (R10). Totals: Ah Fook −40, Mei +40, Jun +40, Lan −40.
    settled = run("settle", path, "--format", "json")
    assert settled.exit_code == 1  # hand 2's claim still differs: the night keeps its dispute
    night = json.loads(settled.stdout)
    assert (
        night["totals"] == {"Ah Fook": -40, "Mei": 40, "Jun": 40, "Lan": -40}
        and night["next_dealer"] == "Jun"
    )
    assert [h["dealer"] for h in night["hands"]] == ["Ah Fook", "Jun", "Mei"]
    assert night["disputes"] == [{"hand": 2, "kind": "claims"}]
    from meizhou_score.night.service import NightFile

    hand = {
        "dealer": "Ah Fook",
        "winner": "Jun",
        "win_type": "self_draw",
        "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
    }
    phone = NightFile(str(copy))
    night = phone.amend(1, hand, phone.read().version).night  # the page's way: accepted alike
    assert {k: int(v) for k, v in night.totals.items()} == {
        "Ah Fook": -40,
        "Mei": 40,
        "Jun": 40,
        "Lan": -40,
    }


@pytest.mark.parametrize(
    "bad, why",
    [
        ("Ah\u202eFook", "control characters or broken Unicode"),
        ("Ah\x1b[31mFook", "control characters or broken Unicode"),
        ("A" * 70, "a name of 70 characters; at most 64"),
    ],
)
def test_a_name_the_file_would_refuse_is_asked_again_at_once(tmp_path, bad, why):
    """Such a name passed the players' question and was refused only at the
    write, after every other answer, asking the tiles again forever; and its escape sequence
    reached the terminal raw."""
    path = tmp_path / "night.yaml"
    answers = "\n".join(
        [
            f"{bad},Mei,Jun,Lan",  # refused here, and asked again
            "Ah Fook,Mei,Jun,Lan",
            "10",
            "1",  # Ah Fook deals
            "Mei",
            "self-draw",
            "123m 456m 789p 234s 55s",
            "4s",
            "",  # no exposed pungs
            "",  # no kongs
            "y",
        ]
    )
    result = run("record", path, "--ask", input=answers + "\n")
    assert result.exit_code == 0, result.output
    echoed, said = result.output.split("\n", 1)  # the first line: the answer as typed (echoed)
    assert why in said and "\x1b" not in said
    # Mei self-draws an ordinary hand (ratio 1) at stake 10: 2 units from each of three (R5)
    assert totals(path) == ({"Ah Fook": -20, "Mei": 60, "Jun": -20, "Lan": -20}, "Mei")


def test_a_read_only_night_is_refused_before_any_question(tmp_path):
    """Record asked every question of a hand, then said the file was read-only
    (the table typed the hand for nothing); undo showed the hand and asked first too."""
    path = tmp_path / "night.yaml"
    made = run(
        "record", path, "--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--dealer", "Ah Fook",
        "--winner", "Mei", "--self-draw", "--hand", "123m 456m 789p 234s 55s",
        "--winning-tile", "4s", "--yes",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    before = path.read_bytes()
    path.chmod(0o444)
    asked = run("record", path, "--ask", input="2\n")
    assert asked.exit_code == 2 and "read-only" in asked.output
    assert "Who won" not in asked.output and "?" not in asked.output  # not one question
    taken = run("undo", path, input="y\n")
    assert taken.exit_code == 2 and "read-only" in taken.output and "?" not in taken.output
    assert path.read_bytes() == before
