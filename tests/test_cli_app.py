"""The command line: exit codes and messages (SPEC §4, §6)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from meizhou_score.cli.app import cli


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def _every_command(group=cli, path=()):
    """Every command the program has, ledger's included, as the words that run it."""
    import click

    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield (*path, name)
        if isinstance(command, click.Group):
            yield from _every_command(command, (*path, name))


EVERY_COMMAND = sorted(_every_command())


def test_every_command_is_listed():
    # twelve commands (audit the tenth, reconcile the eleventh, seat the twelfth), and the ledger's fifteen: a command left out of the lazy table would vanish silently
    assert len(EVERY_COMMAND) == 12 + 15
    assert ("ledger", "settle-up") in EVERY_COMMAND and ("record",) in EVERY_COMMAND


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_every_command_has_help_with_an_example(command):
    import click

    result = run(*command, "--help")
    assert result.exit_code == 0
    assert (
        "meizhou-score " + " ".join(command) in result.output
    )  # an example that runs this very command
    group = cli
    for name in command:
        group = group.get_command(click.Context(group), name)
    assert group.help


def test_version():
    assert run("--version").output.startswith("meizhou-score, version ")
    assert run("settle", "--version").exit_code == 0


def test_settle_reads_standard_input():
    text = (EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8")
    result = run("settle", "-", "--format", "json", input=text)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["balances"]["Mei"] == 6


def test_missing_file_is_exit_2():
    result = run("settle", "no-such-hand.yaml")
    assert result.exit_code == 2
    assert "no-such-hand.yaml" in result.stderr and "cannot read" in result.stderr


def test_non_utf8_is_exit_2(tmp_path):
    bad = tmp_path / "hand.yaml"
    bad.write_bytes(b"players: [\xff\xfe]\n")
    result = run("settle", str(bad))
    assert result.exit_code == 2
    assert "not UTF-8" in result.stderr


def test_yaml_syntax_error_gives_line_and_column(tmp_path):
    bad = tmp_path / "hand.yaml"
    bad.write_text("players: [a, b\ndealer: a\n", encoding="utf-8")
    result = run("settle", str(bad))
    assert result.exit_code == 2
    assert "line 2, column" in result.stderr


def test_bad_rules_file_names_the_file_and_key(tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("kong_units: {concealed: -1}\n", encoding="utf-8")
    result = run("settle", str(EXAMPLES / "self-draw.yaml"), "--rules", str(rules))
    assert result.exit_code == 2
    assert "rules.yaml" in result.stderr and "kong_units.concealed" in result.stderr


def test_rules_command_shows_overrides():
    result = run("rules", "--rules", str(EXAMPLES / "house-rules.yaml"), "--format", "json")
    assert result.exit_code == 0
    rules = json.loads(result.stdout)
    assert rules["combine"] == "add" and rules["patterns"]["thirteen_orphans"] == 0
    assert rules["patterns"]["seven_pairs"] == 3  # untouched keys keep RULES.md's defaults
    assert rules["kong_units"] == {"concealed": 3, "added": 1, "exposed": 1}


def test_check_json_matches_spec():
    result = run("check", "11122233388899m", "--format", "json")
    assert json.loads(result.stdout) == {
        "tiles": "11122233388899m",
        "count": 14,
        "win": True,
        "patterns": ["concealed_pungs", "pure_one_suit", "all_pungs"],
        "ratio": 10,
        "decompositions": [
            ["111m", "222m", "333m", "888m", "99m"],
            ["123m", "123m", "123m", "888m", "99m"],
        ],
    }


def test_check_waits():
    out = json.loads(run("check", "123m 456m 789p 234s 5s", "--format", "json").stdout)
    assert out["win"] is False
    assert out["waits"] == [
        {"tile": "2s", "patterns": ["ordinary"], "ratio": 1},
        {"tile": "5s", "patterns": ["ordinary"], "ratio": 1},
    ]


def test_check_with_melds():
    out = json.loads(
        run("check", "123m456p11s", "--pung", "777z", "--kong", "5555m", "--format", "json").stdout
    )
    assert out["win"] is True and out["count"] == 14


def test_check_bad_tiles_is_exit_2():
    result = run("check", "118z")
    assert result.exit_code == 2 and "no such tile '8z'" in result.stderr


def test_deal_follows_the_documents_example():
    # RULES.md §3: dealer throws 10 → the next player (South); South throws 5 → after stack 15
    result = run("deal", "10", "5")
    assert "next player" in result.output and "after stack 15" in result.output
    # 12 + 12 = 24 > 17 stacks: continues 7 stacks into the following wall
    assert "after stack 7" in run("deal", "12", "12").output


def test_schema_is_json():
    schema = json.loads(run("schema").stdout)
    assert set(schema["$defs"]) >= {"record", "session"}


def test_python_dash_m():
    result = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "examples/self-draw.yaml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and "Mei" in result.stdout


def test_help_imports_no_yaml_or_tabulate():
    code = (
        "import sys; from meizhou_score.cli.app import main; sys.argv=['meizhou-score','--help']\n"
        "try: main()\nexcept SystemExit: pass\n"
        "print(sorted(m for m in ('yaml','tabulate','msgspec','sqlite3','meizhou_score.engine.hand','meizhou_score.records.record',"
        "'meizhou_score.render.text','meizhou_score.club.store') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.strip().endswith("[]")


@pytest.mark.parametrize(
    "args",
    [
        ["settle", "examples/self-draw.yaml"],
        ["settle", "examples/session.yaml", "--lang", "zh"],
        ["check", "123m456p789s1122z"],
    ],
)
def test_a_hand_at_the_table_does_not_import_tabulate(args):
    """tabulate and wcwidth take ~60 ms to import, more than settling the hand: the per-hand tables are ours."""
    code = (
        "import sys; from meizhou_score.cli.app import main; sys.argv=['meizhou-score'] + sys.argv[1:]\n"
        "try: main()\nexcept SystemExit: pass\n"
        "print(sorted(m for m in ('tabulate', 'wcwidth') if m in sys.modules), file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True
    )
    assert "---" in result.stdout  # a table was drawn
    assert result.stderr.strip().endswith("[]")


@pytest.mark.parametrize(
    "stake, expected",
    [
        ("0.5", "1"),
        ("2.5", "5"),
        ("0.1", "0.2"),
        ("0.0000001", "2E-7"),
        (
            "1.00000000000000001",
            "2.00000000000000002",
        ),  # 18 digits: beyond a double, written exactly
    ],
)
def test_json_amounts_are_exact(stake, expected):
    from decimal import Decimal

    from meizhou_score.render.jsonout import dumps

    rec = (EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8") + f"stake: {stake}\n"
    out = run("settle", "-", "--format", "json", input=rec)
    amount = json.loads(out.stdout, parse_float=Decimal)["transfers"][0]["amount"]
    assert amount == Decimal(expected)  # 2 units × stake, as a number, not rounded
    assert dumps({"a": Decimal("2.00000000000000002")}, indent=None) == '{"a": 2.00000000000000002}'


def test_size_limits_are_configurable(tmp_path):
    hand = (EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8")
    path = tmp_path / "hand.yaml"
    path.write_text(hand, encoding="utf-8")
    result = run("settle", str(path), "--max-record-bytes", "100")
    assert (
        result.exit_code == 2
        and "larger than 100 bytes, the limit for a hand record" in result.stderr
    )
    session = EXAMPLES / "session.yaml"
    # a session may pass the record limit, but not its own
    assert run("settle", str(session), "--max-record-bytes", "100").exit_code == 0
    result = run("settle", str(session), "--max-session-bytes", "200")
    assert result.exit_code == 2 and "the limit for a session" in result.stderr


def test_jsonl_bad_lines_carry_on(tmp_path):
    import yaml

    good = json.dumps(yaml.safe_load((EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8")))
    path = tmp_path / "hands.jsonl"
    path.write_text(
        good
        + "\n{not json\n\n"
        + good.replace('"Mei", "Jun"', '"Mei", "Mei"')
        + "\n"
        + good
        + "\n",
        encoding="utf-8",
    )
    result = run("settle", "--jsonl", str(path))
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["line"] for line in lines] == [1, 2, 4, 5]
    assert lines[0]["balances"]["Mei"] == 6 and lines[3]["balances"]["Mei"] == 6
    assert "not JSON" in lines[1]["error"] and "already seated" in lines[2]["error"]
    assert result.exit_code == 2  # the worst line


def test_jsonl_exit_1_when_the_worst_is_a_dispute(tmp_path):
    import yaml

    rec = yaml.safe_load((EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8"))
    rec["claimed"] = {"Mei": 5}
    result = run("settle", "--jsonl", "-", input=json.dumps(rec) + "\n")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["claims"]["differences"] == {
        "Mei": {"claimed": 5, "computed": 6}
    }


def test_jsonl_writes_every_line_of_a_long_file_in_order(tmp_path):
    # results are written in batches; none may be lost or reordered at a batch's edge
    import yaml

    rec = yaml.safe_load((EXAMPLES / "self-draw.yaml").read_text(encoding="utf-8"))
    lines = [json.dumps(dict(rec, dealer=name)) for name in rec["players"]] * 150  # 600 hands
    lines.insert(300, "")  # a blank line is skipped but counted
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("settle", "--jsonl", str(path))
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["line"] for o in out] == list(range(1, 301)) + list(range(302, 602))
    assert all(o["balances"]["Mei"] == 6 for o in out)  # R5: 2 units from each of three
    assert result.exit_code == 0


def test_jsonl_to_a_terminal_writes_each_result_at_once():
    import io

    from meizhou_score.bulk.lines import run as run_bulk

    class Terminal(io.BytesIO):
        def isatty(self):
            return True

    rec = json.dumps({"players": ["A", "B", "C", "D"], "dealer": "A", "draw": True})
    out = Terminal()
    seen = []

    def lines():
        for text in [rec + "\n"] * 3:
            yield text
            seen.append(
                out.getvalue().count(b"\n")
            )  # results written when the next line is asked for

    assert run_bulk(lines(), out) == (3, 0, 0, 0)
    assert seen == [1, 2, 3]


def test_settling_one_hand_does_not_load_the_win_tables():
    # start-up: a single settle enumerates its few suits; the 21,743-key table is for bulk win tests
    code = (
        "import sys; from meizhou_score.cli.app import main; import meizhou_score.engine.tables as h\n"
        "sys.argv = ['meizhou-score', 'settle', 'examples/kongs-every-type.yaml']\n"
        "try: main()\nexcept SystemExit: pass\nprint('TABLES', h._TABLES is None and h._SHIPPED is None)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    ).stdout
    assert out.strip().endswith("TABLES True")


def test_lang_follows_a_chinese_locale_and_the_option_overrides_it():
    env = {"LANG": "zh_TW.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    zh = CliRunner().invoke(cli, ["settle", str(EXAMPLES / "self-draw.yaml")], env=env)
    assert "自摸胡牌" in zh.stdout and "下一莊" in zh.stdout
    en = CliRunner().invoke(
        cli, ["settle", str(EXAMPLES / "self-draw.yaml"), "--lang", "en"], env=env
    )
    assert "wins by self-draw" in en.stdout
    plain = CliRunner().invoke(
        cli,
        ["settle", str(EXAMPLES / "self-draw.yaml")],
        env={"LANG": "en_GB.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""},
    )
    assert "wins by self-draw" in plain.stdout


def test_headings_are_underlined_to_their_width_on_screen():
    from meizhou_score.render.columns import width

    out = (
        CliRunner()
        .invoke(cli, ["settle", str(EXAMPLES / "session.yaml"), "--lang", "zh", "--hands"])
        .stdout
    )
    lines = out.splitlines()
    heading = lines[0]
    assert heading == "第 1 局——莊家 Ah Fook"
    assert width(heading) == 21 and lines[1] == "=" * 21  # 第 局 莊 家 take two cells each


def test_no_dealer_line_runs_dashes_together():
    for lang in ("en", "zh"):
        out = (
            CliRunner()
            .invoke(cli, ["settle", str(EXAMPLES / "bad-not-a-win.yaml"), "--lang", lang])
            .stdout
        )
        assert "— —" not in out and "———" not in out


def test_several_files_each_reported_and_the_exit_code_the_worst():
    def run_files(*names, fmt="table"):
        return CliRunner().invoke(
            cli, ["settle", *[str(EXAMPLES / f"{n}.yaml") for n in names], "--format", fmt]
        )

    both = run_files("self-draw", "draw")
    assert both.exit_code == 0
    assert "self-draw.yaml\n" in both.stdout and "draw.yaml\n" in both.stdout
    assert run_files("self-draw", "bad-not-a-win").exit_code == 1  # a dispute
    worst = run_files(
        "bad-not-a-win", "bad-five-copies", "self-draw"
    )  # a bad record beats a dispute
    assert worst.exit_code == 2 and "bad-five-copies.yaml" in worst.stderr
    assert "self-draw.yaml" in worst.stdout  # the files after the bad one are still settled
    listed = json.loads(run_files("self-draw", "draw", fmt="json").stdout)
    assert [Path(o["file"]).name for o in listed] == ["self-draw.yaml", "draw.yaml"]
    assert listed[0]["balances"]["Mei"] == 6  # R5: 2 from each of three


def test_a_closed_pipe_is_not_reported_as_a_dispute():
    proc = subprocess.run(
        f"{sys.executable} -m meizhou_score settle examples/session.yaml | head -1",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        executable="/bin/bash",
    )
    code = subprocess.run(
        f"set -o pipefail; {sys.executable} -m meizhou_score settle examples/session.yaml "
        "--format json | head -1 > /dev/null",
        shell=True,
        cwd=ROOT,
        executable="/bin/bash",
    )
    assert code.returncode in (0, 141) and b"Traceback" not in proc.stderr


def test_the_rules_table_fits_80_columns():
    from meizhou_score.render.columns import width

    out = CliRunner().invoke(cli, ["rules", "--rules", str(EXAMPLES / "house-rules.yaml")]).stdout
    assert max(width(line) for line in out.splitlines()) <= 80
    assert "R8" in out and "dealer_after_draw" in out


def test_check_takes_tiles_with_spaces_as_the_readme_writes_hands():
    joined = CliRunner().invoke(cli, ["check", "123m456m789p234s5s", "--format", "json"])
    spaced = CliRunner().invoke(
        cli, ["check", "123m", "456m", "789p", "234s", "5s", "--format", "json"]
    )
    assert spaced.exit_code == 0 and json.loads(spaced.stdout) == json.loads(joined.stdout)
    assert [w["tile"] for w in json.loads(spaced.stdout)["waits"]] == [
        "2s",
        "5s",
    ]  # 23(4)5s: 2s or 5s


def test_deal_names_the_players_and_speaks_json():
    # §3: Mei deals and throws 10: counting from Mei as 1 (Mei, Jun, Lan, Ah Fook, Mei, …) lands on Jun;
    # Jun throws 5: the dealer draws after stack 15 of Jun's wall
    out = CliRunner().invoke(
        cli,
        [
            "deal",
            "10",
            "5",
            "--players",
            "Ah Fook,Mei,Jun,Lan",
            "--dealer",
            "mei",
            "--format",
            "json",
        ],
    )
    data = json.loads(out.stdout)
    assert (data["breaker"], data["wall"], data["after_stack"]) == ("Jun", "Jun", 15)
    assert data["dealing"][0] == {"player": "Mei", "takes": 4, "holds": 4}
    assert data["dealing"][-4:] == [
        {"player": "Mei", "takes": 2, "holds": 14},
        {"player": "Jun", "takes": 1, "holds": 13},
        {"player": "Lan", "takes": 1, "holds": 13},
        {"player": "Ah Fook", "takes": 1, "holds": 13},
    ]
    assert (
        "Jun's wall"
        in CliRunner()
        .invoke(cli, ["deal", "10", "5", "--players", "Ah Fook,Mei,Jun,Lan", "--dealer", "Mei"])
        .stdout
    )


def test_deal_seats_from_a_throw():
    # §2: Ah Fook throws 7, counting from himself as 1 in play order: Ah Fook, Mei, Jun, Lan, Ah Fook, Mei, Jun
    out = CliRunner().invoke(
        cli, ["deal", "--seats", "7", "--players", "Ah Fook,Mei,Jun,Lan", "--format", "json"]
    )
    assert json.loads(out.stdout)["seats"] == {
        "East": "Jun",
        "South": "Lan",
        "West": "Ah Fook",
        "North": "Mei",
    }
    assert CliRunner().invoke(cli, ["deal", "--seats", "7"]).exit_code == 2  # needs the players
    assert CliRunner().invoke(cli, ["deal", "10"]).exit_code == 2


def test_help_ends_with_the_environment_every_exit_code_and_the_docs():
    said = CliRunner().invoke(cli, ["--help"]).stdout
    tail = said[said.index("Environment:") :]
    for name in (
        "MEIZHOU_LEDGER",
        "MEIZHOU_DEBUG",
        "MEIZHOU_MAX_RECORD_BYTES",
        "MEIZHOU_MAX_SESSION_BYTES",
        "LC_ALL",
        "LANG",
    ):
        assert name in tail, name
    codes = tail[tail.index("Exit codes:") :]
    for code in ("0 ", "1 ", "2 ", "3 ", "4 ", "130 ", "141 "):
        assert code in codes, code
    assert "Documentation:" in tail and "docs/" in tail


def test_several_files_as_json_give_an_object_each_errors_included(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "players: [A, B, C, D]\ndealer: A\nwinner: B\n", encoding="utf-8"
    )  # no win type, no hand
    result = CliRunner().invoke(
        cli,
        [
            "settle",
            str(EXAMPLES / "self-draw.yaml"),
            str(bad),
            str(EXAMPLES / "draw.yaml"),
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert [Path(o["file"]).name for o in out] == ["self-draw.yaml", "bad.yaml", "draw.yaml"]
    assert out[1]["valid"] is False and "win_type" in out[1]["error"] and out[0]["valid"] is True
