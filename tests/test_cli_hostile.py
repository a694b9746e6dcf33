"""Hostile input: exact money at any size the loader accepts, numbers refused at once, honest exit codes.

Each class of the hostile-input issue is pinned here; the expected amounts are
RULES.md's by hand: an ordinary self-draw takes 2 units from each of three (R5).
"""

import json
import os
import subprocess
import sys
import time
from decimal import Decimal, localcontext

import pytest
from click.testing import CliRunner
from conftest import CTRL_C_EXITS, EXAMPLES, ROOT
from records import hand_record, session_record

from meizhou_score.cli.app import cli

SELF_DRAW = (EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8")  # Mei wins; 2 units from each


def settle_text(text, *args):
    return CliRunner().invoke(cli, ["settle", "-", *args], input=text)


def cli_run(*args, input=None, env=None, **kw):
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", *map(str, args)],
        cwd=ROOT,
        input=input,
        capture_output=True,
        env={**os.environ, **(env or {})},
        **kw,
    )


# ---------------------------------------------------------------- 1. exact money


@pytest.mark.parametrize(
    "stake",
    [
        "0.3333333333333333333333333333",
        "1.0000000000000000000000000001",
        "123456789012345678901234567890",
        "0.00000000000000000001",
        "2.5",
    ],
)
def test_balances_are_exact_and_sum_to_zero_at_any_accepted_stake(stake):
    out = settle_text(SELF_DRAW + f"stake: {stake}\n", "--format", "json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout, parse_float=Decimal)
    s = Decimal(stake)
    with localcontext(prec=200):  # our own arithmetic must not round either
        assert data["balances"]["Mei"] == 6 * s and data["balances"]["Jun"] == -2 * s
        assert sum(data["balances"].values()) == 0
        assert all(t["amount"] == 2 * s for t in data["transfers"])
        six = format((6 * s).normalize(), "f")
    table = settle_text(SELF_DRAW + f"stake: {stake}\n").stdout
    assert f"+{six}" in table


def test_session_totals_are_exact():
    stake = Decimal("0.3333333333333333333333333333")
    hands = [hand_record(), hand_record(), hand_record()]
    for h in hands[1:]:
        h.pop("dealer")
    session = session_record(*hands, stake=float(1))  # placeholder, replaced below in YAML form
    text = json.dumps(session).replace('"stake": 1.0', f'"stake": {stake}')
    out = settle_text(text, "--format", "json")
    data = json.loads(out.stdout, parse_float=Decimal)
    # Mei wins three ordinary self-draws: 3 × 6 units
    with localcontext(prec=200):
        assert data["totals"]["Mei"] == 18 * stake and sum(data["totals"].values()) == 0


@pytest.mark.parametrize(
    "stake, fragment",
    [
        ("1.0e-400", "out of any mahjong figure's range"),
        ("0." + "0" * 30 + "1", "at most 30 after the point"),
        ("1" * 31, "below 10^30"),
        ("1.000000000000000000000000000001", "at most 30 digits"),  # 31 significant digits
        ('"0.5"', "remove the quotes"),
    ],
)
def test_stakes_beyond_the_limits_are_refused(stake, fragment):
    out = settle_text(SELF_DRAW + f"stake: {stake}\n")
    assert out.exit_code == 2 and fragment in out.stderr, out.stderr


def test_house_rule_figures_have_a_limit():
    out = settle_text(SELF_DRAW + "rules: {self_draw_share: 1000001}\n")
    assert out.exit_code == 2 and "from 0 to 1,000,000" in out.stderr


# ---------------------------------------------------------------- 2. numbers that take forever


@pytest.mark.parametrize(
    "extra",
    [
        "claimed: {Mei: 1.0e+999999}\n",
        "stake: 1e999999999\n",
        "note: " + "9" * 5000 + "\n",  # under an unknown key
        "stake: " + "9" * 5000 + "\n",
        "claimed: {Mei: " + "1" * 200 + "}\n",
    ],
)
def test_huge_numbers_are_refused_in_milliseconds(extra):
    start = time.process_time()  # this process's CPU: the refusal runs in it
    out = settle_text(SELF_DRAW + extra)
    assert time.process_time() - start < 1
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output


# ---------------------------------------------------------------- 5. exit codes


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen(
        f"{sys.executable} -m meizhou_score settle --jsonl - | head -1",
        shell=True,
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    line = json.dumps(hand_record()) + "\n"
    out, err = proc.communicate((line * 20000).encode())
    assert out.count(b"\n") == 1 and b"Traceback" not in err and b"Error" not in err


def test_a_full_disk_is_an_error_not_success():
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", str(EXAMPLES / "session.yaml")],
            cwd=ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
        )
    assert (
        proc.returncode == 4
        and b"could not be written" in proc.stderr
        and b"Traceback" not in proc.stderr
    )


def test_a_closed_stdout_is_an_error_not_success():
    proc = subprocess.run(
        f"{sys.executable} -m meizhou_score settle examples/session.yaml >&-",
        shell=True,
        cwd=ROOT,
        stderr=subprocess.PIPE,
    )
    assert proc.returncode == 4 and b"closed" in proc.stderr


@pytest.mark.parametrize("value", ["abc", "1e6", "", "-5", "99999999999999999"])
@pytest.mark.parametrize("name", ["MEIZHOU_MAX_RECORD_BYTES", "MEIZHOU_MAX_SESSION_BYTES"])
def test_bad_limit_variables_are_usage_errors(name, value):
    proc = cli_run("settle", EXAMPLES / "draw.yaml", env={name: value})
    assert proc.returncode == 2 and name.encode() in proc.stderr and b"Traceback" not in proc.stderr


def test_an_empty_rules_name_is_an_error_not_the_defaults():
    out = CliRunner().invoke(cli, ["settle", str(EXAMPLES / "draw.yaml"), "--rules", ""])
    assert out.exit_code == 2 and "--rules" in out.stderr


def test_ctrl_c_exits_130_without_a_traceback(tmp_path):
    import signal

    path = tmp_path / "many.jsonl"
    path.write_text((json.dumps(hand_record()) + "\n") * 200_000, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout.read(1)  # settling has begun: the first result is out
    proc.send_signal(signal.SIGINT)
    err = proc.communicate(timeout=30)[1]
    assert proc.returncode in CTRL_C_EXITS and b"Traceback" not in err


def test_ctrl_c_inside_an_import_is_raised_once_the_import_is_done(tmp_path):
    # The commands import lazily; a Ctrl-C that lands inside the import machinery (in a module
    # lock's weak-reference callback, CPython only prints it, traceback and all, and goes on) is
    # put off until the import is done, then raised where the program can clean up and say
    # "Stopped.". Here the module being imported sends it to itself.
    (tmp_path / "stopper.py").write_text(
        "import os, signal\nos.kill(os.getpid(), signal.SIGINT)\n", encoding="utf-8"
    )
    program = (
        "import signal, sys, time\n"
        "from meizhou_score.cli.app import _interrupted\n"
        "signal.signal(signal.SIGINT, _interrupted)\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "try:\n"
        "    import stopper\n"
        "    print('imported')\n"
        "    time.sleep(30)\n"
        "except KeyboardInterrupt:\n"
        "    print('stopped')\n"
        "    sys.exit(130)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, b"imported\nstopped\n", b"")


def test_a_fault_of_the_programs_own_is_exit_3_with_one_line(monkeypatch):
    from meizhou_score.cli import app as cli_module

    def broken(data, rules):
        raise ZeroDivisionError("planted")

    # planted where the command looks it up when it runs: inside the compiled build's modules a call is bound
    # when compiled and cannot be replaced, so the bug is planted at the command's own call
    monkeypatch.setattr("meizhou_score.settling.night.settle_data", broken)
    monkeypatch.setattr(sys, "argv", ["meizhou-score", "settle", str(EXAMPLES / "self-draw.yaml")])
    with pytest.raises(SystemExit) as stop:
        cli_module.main()
    assert stop.value.code == 3


# ---------------------------------------------------------------- 6. any terminal


@pytest.mark.parametrize(
    "args",
    [
        ["settle", "examples/seven-pairs.yaml", "--explain", "--lang", "zh"],
        ["check", "1112345678999m"],
        ["deal", "10", "5"],
        ["--help"],
        ["rules"],
    ],
)
@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "ascii"])
def test_a_terminal_that_cannot_show_chinese_does_not_crash(args, encoding):
    proc = cli_run(*args, env={"PYTHONIOENCODING": encoding})
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "name, fragment",
    [
        ("Mei\u001b[2J", "control characters"),
        ("Mei\nJun", "control characters"),
        ("Me\u200bi", "invisible"),
    ],
)
def test_names_that_could_fool_the_eye_are_refused(name, fragment):
    rec = hand_record()
    rec["players"][1] = name
    rec["winner"] = name
    out = settle_text(json.dumps(rec))
    assert out.exit_code == 2 and fragment in out.stderr


def test_names_are_normalised_one_way_for_every_key():
    # NFD "Mei" with a combining accent in players, NFC in winner and claims: the same player
    rec = hand_record()
    rec["players"][1] = "Me\u0301i "
    rec["winner"] = "M\u00e9i"
    rec["claimed"] = {"M\u00e9i": 6}
    out = settle_text(json.dumps(rec), "--format", "json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout)["balances"]["M\u00e9i"] == 6


@pytest.mark.parametrize("claims", ["{1: 6}", "{yes: 6}", "{null: 6}", "{Mei: 6, 'Mei': 6}"])
def test_claim_keys_must_be_names(claims):
    out = settle_text(SELF_DRAW + f"claimed: {claims}\n")
    assert out.exit_code == 2


# ---------------------------------------------------------------- 3. bulk runs never lose a line

GOOD_LINE = json.dumps(hand_record()).encode()


def bulk(data: bytes, *args):
    proc = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", "-", *args],
        cwd=ROOT,
        input=data,
        capture_output=True,
    )
    return (
        proc.returncode,
        [json.loads(line) for line in proc.stdout.splitlines()],
        proc.stderr.decode(),
    )


@pytest.mark.parametrize(
    "bad, fragment",
    [
        (
            b'{"players": ["A", "B", "C", "D"], "dealer": "A", "stake": 1e999999999, "draw": true}',
            "stake",
        ),
        (b'{"players": ["\\ud800", "B", "C", "D"], "dealer": "B", "draw": true}', "lone surrogate"),
        (b'{"players": ["A\xff", "B", "C", "D"], "dealer": "A", "draw": true}', "not UTF-8"),
        (
            b'{"players": ["A", "B", "C", "D"], "dealer": "A", "draw": true, "claimed": {"A": 0, "A": 5}}',
            "twice",
        ),
        (b'{"players": ["A", "B", "C", "D"], "dealer": "A", "draw": true, "draw": true}', "twice"),
        # a repeat hidden behind an escaped colon elsewhere: still found
        (
            b'{"players": ["A", "B", "C", "D"], "dealer": "A", "draw": true, "claimed": {"A": 0, "A": 5}, '
            b'"x": "\\u003a"}',
            "twice",
        ),
        (b'{"a": ' + b"9" * 5000 + b"}", "not JSON"),
    ],
)
def test_one_bad_line_costs_that_line_only(bad, fragment):
    lines = [GOOD_LINE] * 300 + [bad] + [GOOD_LINE] * 300
    code, out, err = bulk(b"\n".join(lines) + b"\n")
    assert code == 2
    assert [o["line"] for o in out] == list(range(1, 602))  # every line answered, in order
    assert sum(o["valid"] for o in out) == 600
    assert fragment in out[300]["error"] and out[300]["line"] == 301
    assert "600 settled, 0 disputed, 1 refused" in err


def test_a_line_over_the_limit_is_refused_unread():
    big = b'{"players": ["' + b"x" * 5_000_000 + b'"]}'
    code, out, err = bulk(
        GOOD_LINE + b"\n" + big + b"\n" + GOOD_LINE + b"\n", "--max-record-bytes", "100000"
    )
    assert code == 2 and [o["line"] for o in out] == [1, 2, 3]
    assert "longer than 100,000 bytes" in out[1]["error"] and out[2]["valid"]


def test_a_bom_on_the_first_line_is_tolerated():
    code, out, err = bulk(b"\xef\xbb\xbf" + GOOD_LINE + b"\n" + GOOD_LINE + b"\n")
    assert code == 0 and all(o["valid"] for o in out)


@pytest.mark.parametrize("option", [["--explain"], ["--lang", "zh"], ["--format", "table"]])
def test_options_bulk_mode_would_ignore_are_refused(option):
    code, out, err = bulk(GOOD_LINE + b"\n", *option)
    assert code == 2 and option[0] in err and out == []


def test_a_bug_on_one_line_is_that_lines_error():
    import io
    from types import MappingProxyType

    from meizhou_score.bulk import lines as bulk_module
    from meizhou_score.records.rules import DEFAULT_RULES

    # The bug is planted in the rules handed to the run (works alike in the pure and the compiled build): a
    # table of kong units that lacks the concealed kong, which no validated rules can be. Only line 2 has one.
    broken = DEFAULT_RULES._replace(kong_units=MappingProxyType({"exposed": 1, "added": 1}))
    kong = [{"player": "Jun", "type": "concealed", "tile": "1z"}]
    lines = [
        json.dumps(hand_record(dealer="Mei")) + "\n",
        json.dumps(hand_record(dealer="Lan", kongs=kong)) + "\n",
        json.dumps(hand_record(dealer="Jun")) + "\n",
    ]
    out = io.BytesIO()
    summary = bulk_module.run(lines, out, broken)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert summary == (2, 0, 0, 1)
    assert "a bug" in results[1]["error"] and results[2]["valid"]


# ---------------------------------------------------------------- 4. the size limit cannot be dodged


def _timed_settle(path, *args):
    """(the finished process, the CPU seconds it used): CPU time, not the wall clock, so that a
    machine busy with other work does not make a quick refusal look slow."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = cli_run("settle", path, *args)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc, used


@pytest.fixture(scope="module")
def plain_settle_cpu():
    """The CPU seconds of settling a plain example in this run (start-up included): the peer a
    refusal is measured against, on whatever machine runs the tests."""
    return min(_timed_settle(EXAMPLES / "self-draw.yaml")[1] for _ in range(3))


def test_a_big_record_with_hands_lines_is_still_a_record(tmp_path):
    path = tmp_path / "big.yaml"
    line = "  hands: " + "x" * 70 + "\n"
    path.write_text(
        "players: [A, B, C, D]\ndealer: A\ndraw: true\nnote: |\n"
        + line * (3 * 1024 * 1024 // len(line)),
        encoding="utf-8",
    )
    proc, seconds = _timed_settle(path)
    assert proc.returncode == 2 and b"the limit for a hand record" in proc.stderr and seconds < 5


def test_a_one_line_json_session_over_a_mebibyte_is_a_session(tmp_path):
    hands = [hand_record()] + [
        {k: v for k, v in hand_record().items() if k not in ("players", "dealer")}
    ] * 10000
    path = tmp_path / "night.json"
    path.write_text(json.dumps(session_record(*hands)), encoding="utf-8")
    assert path.stat().st_size > 1024 * 1024
    proc, _ = _timed_settle(path, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    assert (
        json.loads(proc.stdout)["totals"]["Mei"] == 6 * 10001
    )  # 2 units from each of three, 10,001 times


@pytest.mark.parametrize(
    "body",
    [
        "players: [" + "[[]]," * 200_000 + "[]]\n",  # a megabyte of nested empty lists
        "players: [" + "[]," * 300_000 + "[]]\n",
        "players: " + "{a: " * 50 + "1" + "}" * 50 + "\n" + "note: " + "x" * 70_000 + "\n",
    ],
    ids=["nested-empty-lists", "flat-empty-lists", "deep-mappings"],
)
def test_bad_records_under_the_limit_are_refused_in_well_under_a_second(
    tmp_path, body, plain_settle_cpu
):
    path = tmp_path / "bad.yaml"
    path.write_text(body, encoding="utf-8")
    proc, seconds = _timed_settle(path)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    # the whole command, start-up included: about what a plain settle costs, never a blow-up
    assert seconds < 2 * plain_settle_cpu + 0.5, (seconds, plain_settle_cpu)


@pytest.mark.parametrize(
    "body, fragment",
    [
        (
            "players: [A, B, C, D]\ndealer: A\nwinner: B\nwin_type: self_draw\n"
            'hand: {concealed: "' + "123m " * 100_000 + '", winning_tile: 1m}\n',
            "longer than any hand's tiles",
        ),
        ('players: ["' + "A" * 500_000 + '", B, C, D]\ndealer: B\ndraw: true\n', "at most 64"),
    ],
    ids=["a-megabyte-of-tiles", "a-name-of-half-a-megabyte"],
)
def test_long_texts_are_refused_at_once(tmp_path, body, fragment, plain_settle_cpu):
    path = tmp_path / "long.yaml"
    path.write_text(body, encoding="utf-8")
    proc, seconds = _timed_settle(path)
    assert proc.returncode == 2 and fragment.encode() in proc.stderr
    assert seconds < 2 * plain_settle_cpu + 0.5, (seconds, plain_settle_cpu)


# ---------------------------------------------------------------- messages that teach (the player's language)


def test_a_gbk_or_big5_file_is_told_to_be_saved_as_utf8(tmp_path):
    for encoding, _name in (("gbk", "GBK"), ("big5", "Big5")):
        path = tmp_path / f"{encoding}.yaml"
        path.write_bytes("players: [阿福, 美, 俊, 蘭]\ndealer: 阿福\ndraw: true\n".encode(encoding))
        out = CliRunner().invoke(cli, ["settle", str(path)])
        assert out.exit_code == 2 and "save it as UTF-8" in out.stderr


def test_a_tab_in_the_indentation_is_named():
    out = settle_text("players: [A, B, C, D]\ndealer: A\n\tdraw: true\n")
    assert out.exit_code == 2 and "indents with spaces" in out.stderr


def test_a_shape_switched_off_by_a_house_rule_says_so():
    rec = hand_record(
        concealed="19m 19p 19s 1234567z 1z",
        winning="1z",
        rules={"patterns": {"thirteen_orphans": 0}},
    )
    out = settle_text(json.dumps(rec), "--format", "json")
    assert out.exit_code == 1
    assert (
        "`patterns.thirteen_orphans` is 0 in the house rules" in json.loads(out.stdout)["errors"][0]
    )


@pytest.mark.parametrize(
    "change, hint",
    [
        ({"dealer": "ah fook"}, "did you mean 'Ah Fook'?"),
        ({"win_type": "self_drawn"}, "did you mean 'self_draw'?"),
        ({"rules": {"patterns": {"thirteen_orphan": 0}}}, "did you mean 'thirteen_orphans'?"),
    ],
)
def test_a_misspelt_name_or_value_gets_did_you_mean(change, hint):
    out = settle_text(json.dumps(hand_record(**change)))
    assert out.exit_code == 2 and hint in out.stderr
