"""The club's ledger and settle-up, on real SQLite files in a temporary folder.

Expected figures are worked out by hand from RULES.md in the comments.
"""

import json
import random
import sqlite3
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from records import A, B, C, D, hand_record, make_record, session_record

from meizhou_score import settle
from meizhou_score.cli.app import cli
from meizhou_score.settling.settleup import settle_up

# examples/session.yaml, worked in tests/test_cli_examples.py: Ah Fook −140, Mei 0, Jun +160, Lan −20
NIGHT_ONE = {A: -140, B: 0, C: 160, D: -20}
# a second night at stake 5: Jun self-draws pure one suit (ratio 4: 8 units from each, ×5 = 40):
# Jun +120, the others −40; then a draw.
NIGHT_TWO = session_record(
    hand_record(C, concealed="123p 456p 789p 111p 55p", winning="5p"), {"draw": True}, stake=5
)
NIGHT_TWO_TOTALS = {A: -40, B: -40, C: 120, D: -40}


def run(db, *args, input=None):
    return CliRunner().invoke(cli, ["ledger", "--db", str(db), *map(str, args)], input=input)


def write(path, data):
    path.write_text(
        json.dumps(data, default=float), encoding="utf-8"
    )  # JSON is YAML; 0.5 reads back exact
    return path


@pytest.fixture
def db(tmp_path):
    return tmp_path / "club.sqlite3"


def two_nights(db, tmp_path):
    assert run(db, "add", EXAMPLES / "session.yaml", "--date", "2026-11-12").exit_code == 0
    result = run(db, "add", write(tmp_path / "n2.yaml", dict(NIGHT_TWO, date="2026-11-19")))
    assert result.exit_code == 0, result.output
    return result


def test_two_nights_give_the_months_totals(db, tmp_path):
    two_nights(db, tmp_path)
    out = json.loads(run(db, "totals", "--format", "json").stdout)
    expected = {name: NIGHT_ONE[name] + NIGHT_TWO_TOTALS[name] for name in NIGHT_ONE}
    # A −180, M −40, J +280, L −60: biggest winner first
    assert out == [
        {"player": C, "total": 280},
        {"player": B, "total": -40},
        {"player": D, "total": -60},
        {"player": A, "total": -180},
    ]
    assert {row["player"]: row["total"] for row in out} == expected
    # the same as settling each file directly
    direct = settle(json.loads((tmp_path / "n2.yaml").read_text()))["totals"]
    assert direct == NIGHT_TWO_TOTALS
    november = json.loads(run(db, "totals", "--since", "2026-11-13", "--format", "json").stdout)
    assert {row["player"]: row["total"] for row in november} == NIGHT_TWO_TOTALS
    mei = json.loads(run(db, "totals", "--player", "mei", "--format", "json").stdout)
    assert mei == [{"player": B, "total": -40}]


def test_adding_the_same_night_twice_changes_nothing(db, tmp_path):
    two_nights(db, tmp_path)
    again = run(db, "add", EXAMPLES / "session.yaml")
    assert again.exit_code == 0 and "already in the ledger as night 1" in again.output
    assert len(json.loads(run(db, "nights", "--format", "json").stdout)) == 2


def test_settle_up_over_the_month(db, tmp_path):
    two_nights(db, tmp_path)
    out = json.loads(run(db, "settle-up", "--format", "json").stdout)
    # four players owe or are owed and no smaller group sums to 0: 3 payments
    assert len(out) == 3
    paid = {A: 0, B: 0, C: 0, D: 0}
    for p in out:
        paid[p["from"]] -= p["amount"]
        paid[p["to"]] += p["amount"]
    assert paid == {A: -180, B: -40, C: 280, D: -60}


def test_a_disputed_or_bad_night_is_refused_whole(db, tmp_path):
    disputed = write(
        tmp_path / "bad.yaml", session_record(hand_record(claimed={B: 5}))
    )  # Mei won 6, not 5
    result = run(db, "add", disputed)
    assert result.exit_code == 2 and "disputed" in result.output
    broken = write(tmp_path / "broken.yaml", session_record(hand_record(), {"draw": "yes"}))
    result = run(db, "add", broken)
    assert result.exit_code == 2 and "hands[1].draw" in result.output
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT COUNT(*) FROM nights").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 0
    assert run(db, "add", disputed, "--accept-disputes").exit_code == 0


def test_show_settles_the_night_again(db, tmp_path):
    two_nights(db, tmp_path)
    shown = run(db, "show", 1, "--format", "json")
    assert json.loads(shown.stdout) == json.loads(
        json.dumps(
            settle(
                __import__("yaml").safe_load(
                    (EXAMPLES / "session.yaml").read_text(encoding="utf-8")
                )
            )
        )
    )
    assert "— R7" in run(db, "show", 1, "--explain").stdout


def test_remove_a_night(db, tmp_path):
    two_nights(db, tmp_path)
    assert run(db, "remove", 2).exit_code == 2  # asks first; nobody to answer here
    assert run(db, "remove", 2, "--yes").exit_code == 0
    out = json.loads(run(db, "totals", "--format", "json").stdout)
    assert {row["player"]: row["total"] for row in out} == NIGHT_ONE
    conn = sqlite3.connect(db)
    assert (
        conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 4
    )  # night 1's four hands only
    assert run(db, "remove", 9, "--yes").exit_code == 2


def test_names_are_people_and_a_rename_keeps_the_history(db, tmp_path):
    two_nights(db, tmp_path)
    # the same people written otherwise: other case, spacing and seat order
    respelt = session_record(hand_record(B), players=["mei", "AH  FOOK", "Lan", "Jun"])
    respelt["hands"][0]["dealer"] = "mei"
    respelt["hands"][0]["winner"] = "AH  FOOK"
    assert (
        run(db, "add", write(tmp_path / "n3.yaml", dict(respelt, date="2026-11-26"))).exit_code == 0
    )
    out = {
        row["player"]: row["total"]
        for row in json.loads(run(db, "totals", "--format", "json").stdout)
    }
    # Ah Fook self-draws (+6), the others −2: A −180 + 6, M −40 − 2, J +280 − 2, L −60 − 2
    assert out == {A: -174, B: -42, C: 278, D: -62}
    assert run(db, "rename", "ah fook", "Ah Fook Chan").exit_code == 0
    out = {
        row["player"]: row["total"]
        for row in json.loads(run(db, "totals", "--format", "json").stdout)
    }
    assert out["Ah Fook Chan"] == -174 and A not in out
    assert "Ah Fook Chan" in run(db, "show", 1).stdout
    assert run(db, "rename", "mei", "Jun").exit_code == 2  # another person already


def test_stats(db, tmp_path):
    two_nights(db, tmp_path)
    rows = {row["player"]: row for row in json.loads(run(db, "stats", "--format", "json").stdout)}
    jun = rows[C]
    # Jun: both nights, 4 + 2 hands; self-draw wins: seven pairs (night 1) and pure one suit (night 2)
    assert (jun["nights"], jun["hands"], jun["wins_self_draw"], jun["wins_robbed_kong"]) == (
        2,
        6,
        2,
        0,
    )
    # 2 self-draws in 6 hands: 1/3, which does not end, to four places
    assert jun["self_draw_rate"] == 0.3333 and jun["biggest_ratio"] == 4
    assert jun["biggest_patterns"] == "pure_one_suit" and jun["net"] == 280
    # Ah Fook's kong was robbed once (night 1, hand 4); Lan robbed it
    assert rows[A]["robbed"] == 1 and rows[D]["wins_robbed_kong"] == 1
    assert rows[A]["net_per_hand"] == -30  # −180 over 6 hands
    csv_text = run(db, "stats", "--format", "csv").stdout
    assert csv_text.splitlines()[0].startswith("player,nights,hands,wins_self_draw")
    assert len(csv_text.splitlines()) == 5


def test_export_every_hand_and_payment(db, tmp_path):
    two_nights(db, tmp_path)
    lines = run(db, "export", "--format", "csv").stdout.splitlines()
    # night 1: 3 + 0 (draw, one row) + 3 + 1 payments; night 2: 3 + 0 (draw, one row)
    assert len(lines) == 1 + 3 + 1 + 3 + 1 + 3 + 1
    assert lines[0].startswith("night,date,hand,dealer")
    hands = [
        json.loads(line) for line in run(db, "export", "--format", "jsonl").stdout.splitlines()
    ]
    assert [h["hand"] for h in hands] == [1, 2, 3, 4, 1, 2]
    assert sum(t["amount"] for h in hands for t in h["transfers"]) == 20 * 3 + 60 * 3 + 60 + 40 * 3


def test_csv_is_rfc_4180_with_true_and_false_and_opens_in_excel_with_chinese_names(db, tmp_path):
    import csv
    import io

    chinese = {"Ah Fook": "阿福", "Mei": "美美", "Jun": "阿俊", "Lan": "阿蘭"}
    text = (ROOT / "examples" / "session.yaml").read_text(encoding="utf-8")
    for english, name in chinese.items():
        text = text.replace(english, name)
    (tmp_path / "night.yaml").write_text(text, encoding="utf-8")
    assert run(db, "add", tmp_path / "night.yaml").exit_code == 0
    plain = (
        CliRunner()
        .invoke(cli, ["ledger", "--db", str(db), "export", "--format", "csv"])
        .stdout_bytes
    )
    assert plain.count(b"\r\n") == plain.count(b"\n") > 1 and not plain.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(plain.decode("utf-8"), newline="")))
    assert {row["valid"] for row in rows} == {"true"} and {row["draw"] for row in rows} == {
        "true",
        "false",
    }
    assert {row["winner"] for row in rows} >= {"美美", "阿俊"}
    for args in (["export", "--format", "csv", "--bom"], ["totals", "--format", "csv", "--bom"]):
        excel = CliRunner().invoke(cli, ["ledger", "--db", str(db), *args]).stdout_bytes
        assert excel.startswith(b"\xef\xbb\xbf")  # Excel reads UTF-8 only after the byte-order mark
        assert "阿蘭" in excel.decode("utf-8-sig") and excel.count(b"\r\n") == excel.count(b"\n")
    totals = list(csv.DictReader(io.StringIO(excel.decode("utf-8-sig"), newline="")))
    # examples/session.yaml's totals (tests/test_cli_examples.py): Ah Fook −140, Mei 0, Jun +160, Lan −20
    assert {row["player"]: int(row["total"]) for row in totals} == {
        "阿福": -140,
        "美美": 0,
        "阿俊": 160,
        "阿蘭": -20,
    }


def test_a_sessions_json_says_whether_every_hand_is_valid(tmp_path):
    night = session_record(
        hand_record(C, concealed="123p 456p 789p 111p 55p", winning="5p"), {"draw": True}
    )
    assert (
        json.loads(
            CliRunner()
            .invoke(cli, ["settle", str(write(tmp_path / "a.yaml", night)), "--format", "json"])
            .stdout
        )["valid"]
        is True
    )
    night["hands"][0]["hand"]["concealed"] = "123p 456p 789p 111p 56p"  # no pair: not a win
    night["hands"][1]["dealer"] = (
        "Ah Fook"  # after a hand that is not a win, the table names the dealer (R10)
    )
    out = CliRunner().invoke(
        cli, ["settle", str(write(tmp_path / "b.yaml", night)), "--format", "json"]
    )
    assert out.exit_code == 1 and json.loads(out.stdout)["valid"] is False


def test_the_database_is_versioned_walled_and_keyed(db, tmp_path):
    two_nights(db, tmp_path)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 6
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    newer = run(db, "nights")
    assert newer.exit_code == 2 and "newer than this program" in newer.output


def test_the_ledger_path_comes_from_the_environment(tmp_path, monkeypatch):
    path = tmp_path / "env.sqlite3"
    result = CliRunner().invoke(
        cli, ["ledger", "add", str(EXAMPLES / "session.yaml")], env={"MEIZHOU_LEDGER": str(path)}
    )
    assert result.exit_code == 0 and path.exists()


def test_settle_up_in_settle():
    result = CliRunner().invoke(
        cli, ["settle", str(EXAMPLES / "session.yaml"), "--settle-up", "--format", "json"]
    )
    out = json.loads(result.stdout)
    # −140 / 0 / +160 / −20: Mei is square; three others, no pair cancels: 2 payments
    assert out["settle_up"] == [
        {"from": A, "to": C, "amount": 140},
        {"from": D, "to": C, "amount": 20},
    ]
    text = CliRunner().invoke(cli, ["settle", str(EXAMPLES / "session.yaml"), "--settle-up"]).stdout
    assert "Ah Fook pays Jun 140" in text and "Lan pays Jun 20" in text


# ---------------------------------------------------------------- settle-up, exactly


def _fewest_by_brute_force(values: list[int]) -> int:
    """n − (the most zero-sum blocks of any partition): every set partition tried."""

    def partitions(items):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for part in partitions(rest):
            for i in range(len(part)):
                yield part[:i] + [[first] + part[i]] + part[i + 1 :]
            yield [[first]] + part

    nonzero = [v for v in values if v]
    best = (
        max(
            sum(all(sum(block) == 0 for block in [b]) for b in p)
            for p in partitions(nonzero)
            if all(sum(b) == 0 for b in p)
        )
        if nonzero
        else 0
    )
    return len(nonzero) - best


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-6, 6), min_size=1, max_size=7), st.sampled_from([1, Decimal("0.5"), 10])
)
def test_settle_up_squares_everyone_with_the_fewest_payments(values, stake):
    values = values + [-sum(values)]
    names = [f"P{i}" for i in range(len(values))]
    balances = {name: v * stake for name, v in zip(names, values, strict=True)}
    result = settle_up(balances)
    paid = dict.fromkeys(names, 0)
    for p in result.payments:
        assert p.amount > 0
        paid[p.payer] -= p.amount
        paid[p.payee] += p.amount
    assert paid == balances  # exact: never a cent lost
    assert result.exact and len(result.payments) == _fewest_by_brute_force(values)


def _fewest_by_subset_table(values: list[int]) -> int:
    """The algorithm settle-up used before (a table over every subset, checked against brute force above)."""
    nonzero = [v for v in values if v]
    size = 1 << len(nonzero)
    sums, best = [0] * size, [0] * size
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[low ^ mask] + nonzero[low.bit_length() - 1]
        best[mask] = max(best[mask ^ (1 << i)] for i in range(len(nonzero)) if mask >> i & 1) + (
            not sums[mask]
        )
    return len(nonzero) - best[size - 1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([1, 3, 5, 7, 9, -2, -4, -6, -8, 10, -10]), min_size=2, max_size=13))
def test_settle_up_matches_the_subset_table_where_many_sets_cancel(values):
    values = values + [-sum(values)]
    result = settle_up({f"P{i}": v for i, v in enumerate(values)})
    assert result.exact and len(result.payments) == _fewest_by_subset_table(values)
    paid = [0] * len(values)
    for p in result.payments:
        paid[int(p.payer[1:])] -= p.amount
        paid[int(p.payee[1:])] += p.amount
    assert paid == values


def test_settle_up_is_exact_for_twenty_players_in_time():
    rng = random.Random(4)
    values = [rng.randrange(1, 300) * rng.choice((1, -1)) for _ in range(19)]
    values.append(-sum(values))
    start = time.perf_counter()
    result = settle_up({f"P{i}": Decimal(v) / 4 for i, v in enumerate(values)})
    assert result.exact and time.perf_counter() - start < 60
    assert sum(p.amount for p in result.payments) > 0


def test_more_than_twenty_players_is_a_bound_that_still_squares():
    values = [(-1) ** i * (i + 1) for i in range(24)]
    values.append(-sum(values))
    result = settle_up({f"P{i}": v for i, v in enumerate(values)})
    assert not result.exact and len(result.payments) <= 24


# ---------------------------------------------------------------- properties and kills


def test_totals_equal_the_sum_of_each_sessions_own_totals_in_any_order(tmp_path):
    rng = random.Random(21)
    sessions = []
    for n in range(12):
        hands = []
        for _ in range(rng.randrange(1, 8)):
            rec = make_record(rng)
            rec.pop("claimed", None)
            rec.pop("rules", None)
            rec.pop("players")
            hands.append(rec)
        sessions.append(
            session_record(
                *hands, stake=rng.choice([1, 5, Decimal("0.5")]), date=f"2026-10-{n + 1:02d}"
            )
        )
    expected = dict.fromkeys([A, B, C, D], Decimal(0))
    for s in sessions:
        for name, value in settle(s)["totals"].items():
            expected[name] += Decimal(str(value))
    db = tmp_path / "club.sqlite3"
    order = list(range(len(sessions)))
    rng.shuffle(order)
    for n in order:
        result = run(db, "add", write(tmp_path / f"s{n}.yaml", sessions[n]), "--accept-disputes")
        assert result.exit_code == 0, result.output
    out = {
        row["player"]: Decimal(str(row["total"]))
        for row in json.loads(run(db, "totals", "--format", "json").stdout)
    }
    assert out == {k: v for k, v in expected.items()}
    assert sum(out.values()) == 0


def test_a_killed_add_leaves_the_ledger_whole(tmp_path):
    rng = random.Random(8)
    hands = []
    for _ in range(1500):
        rec = make_record(rng)
        for key in ("players", "rules", "claimed"):
            rec.pop(key, None)
        hands.append(rec)
    big = write(tmp_path / "big.yaml", session_record(*hands, date="2026-11-01"))
    db = tmp_path / "club.sqlite3"
    assert run(db, "add", EXAMPLES / "session.yaml").exit_code == 0
    outcomes = set()
    wal = Path(f"{db}-wal")
    # killed at moments the add reaches inside its transaction, not after guessed delays (an
    # add of 3,000 hands took ~0.9 s here, its writing under a tenth, which the delays of 0.3 to
    # 2.2 s rarely hit): the first page, a fifth and two thirds of a megabyte in its log (the
    # night's 1,500 hands write ~1.2 MB)
    for reached in (1, 200_000, 700_000):
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "meizhou_score",
                "ledger",
                "--db",
                str(db),
                "add",
                str(big),
                "--accept-disputes",
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                if wal.stat().st_size >= reached:
                    break
            except FileNotFoundError:
                pass
            time.sleep(0.001)
        proc.kill()
        proc.wait()
        conn = sqlite3.connect(db)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        nights = conn.execute("SELECT id FROM nights ORDER BY id").fetchall()
        hands_stored = conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
        conn.close()
        if len(nights) == 1:
            assert hands_stored == 4  # only examples/session.yaml: the killed add left nothing
            outcomes.add("before")
        else:
            assert len(nights) == 2 and hands_stored == 4 + 1500  # or the whole night
            outcomes.add("after")
            run(db, "remove", nights[1][0], "--yes")
    assert outcomes  # every kill left one of the two


def test_the_ledger_speaks_chinese(tmp_path):
    """add, nights, totals and settle-up with --lang zh: the lines and the table headings in Chinese; CSV keeps
    its data keys."""
    from click.testing import CliRunner

    from meizhou_score.cli.app import cli

    db = str(tmp_path / "club.sqlite3")

    def run(*args):
        return CliRunner().invoke(cli, ["ledger", "--db", db, *map(str, args)])

    added = run("add", EXAMPLES / "session.yaml", "--date", "2026-11-19", "--lang", "zh")
    assert added.exit_code == 0, added.output
    assert added.stdout.startswith("已從 ") and "加入第 1 場（2026-11-19，" in added.stdout
    assert run("nights", "--lang", "zh").stdout.splitlines()[0].split() == [
        "場",
        "日期",
        "局數",
        "玩家",
        "爭議",
        "文件",
    ]
    assert run("totals", "--lang", "zh").stdout.splitlines()[0].split() == ["玩家", "合計"]
    assert run("settle-up", "--lang", "zh").stdout.splitlines()[0].split() == [
        "付款人",
        "收款人",
        "金額",
    ]
    assert (
        run("totals", "--since", "2030-01-01", "--lang", "zh").stdout.strip()
        == "那段期間沒有任何記錄。"
    )
    assert (
        run("totals", "--format", "csv", "--lang", "zh").stdout.splitlines()[0] == "player,total"
    )  # data keys


def test_one_hand_is_one_hand_and_two_are_hands(db, tmp_path):
    from records import hand_record

    one = write(tmp_path / "one.yaml", {k: v for k, v in hand_record().items()})
    said = run(db, "add", one, "--date", "2026-11-01").stdout
    assert "(2026-11-01, 1 hand) from" in said and "1 hands" not in said
    said = run(db, "add", EXAMPLES / "session.yaml", "--date", "2026-11-02").stdout
    assert "(2026-11-02, 4 hands) from" in said


def test_exact_rates():
    from meizhou_score.club.reports import _per_hand, _ratio

    # 1 self-draw in 8 hands is 0.125 exactly (it once printed 0.12); 2 in 7 does not end: 0.2857
    assert (str(_ratio(1, 8)), str(_ratio(2, 7)), str(_ratio(1, 2)), str(_ratio(0, 3))) == (
        "0.125",
        "0.2857",
        "0.5",
        "0",
    )
    assert (
        str(_per_hand(250, 7)) == "35.71" and str(_per_hand(-5, 8)) == "-0.63"
    )  # money: to the hundredth, half up


def test_stats_read_as_words_and_fit_a_narrow_screen(db):
    assert run(db, "add", EXAMPLES / "session.yaml").exit_code == 0
    wide = run(db, "stats").stdout.splitlines()
    assert wide[0].split()[:4] == ["Player", "Nights", "Hands", "Self-draws"] and "_" not in wide[0]
    # examples/session.yaml: Jun self-draws seven pairs (ratio 3) in hand 3 and nets +160 over 4 hands
    jun = next(line for line in wide if line.startswith("Jun"))
    assert "seven pairs 七小對 ×3" in jun and jun.split()[-2:] == ["+160", "+40"]
    narrow = CliRunner().invoke(
        cli, ["ledger", "--db", str(db), "stats", "--lang", "zh"], env={"COLUMNS": "60"}
    )
    lines = narrow.stdout.splitlines()
    assert (
        "Jun：1 場，4 局；淨輸贏 +160（每局 +40）" in lines and "  最大的一手：七小對 3 倍" in lines
    )
    assert max(len(line) for line in lines) <= 60 and "seven_pairs" not in narrow.stdout
    english = (
        CliRunner().invoke(cli, ["ledger", "--db", str(db), "stats"], env={"COLUMNS": "60"}).stdout
    )
    assert (
        "Jun: 1 night, 4 hands; net +160 (+40 a hand)" in english
        and "  biggest hand: seven pairs 七小對 ×3" in english
    )
