"""One night, one answer: `settle` and bulk mode show every night the money the rules give it.

Issue 44's cross-view differential, its first part. A few hundred random nights
(tests/night_maker.py: house rules, robbed kongs, every kong type, decimal stakes, players
written two ways, claims right and wrong) are settled by the test itself from the rules
(tests/night_money.py, which never calls the package), and compared player by player, to the
unit, with `settle --format json --settle-up` (every night in one run: each hand, the totals,
the disputes, the fewest payments that square the night) and `settle --jsonl` on one and on two
worker processes. tests/test_night_ledger.py compares serve's API and the ledger's views.
A failure names the night, its file, the view, the player, expected and found.
NIGHT_VIEWS sets how many nights, NIGHT_VIEWS_SEED the seed.
"""

from decimal import localcontext

import pytest
from night_maker import json_line
from night_money import EXACT
from night_views import Table, a_night, agreed, exact, meizhou, squared


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    return Table(tmp_path_factory.mktemp("nights"))


@pytest.fixture(autouse=True)
def _exact():
    """Every sum and difference of money in these tests exact, or an error."""
    with localcontext(EXACT):
        yield


def test_settle_json_shows_every_night_the_rules_money(table):
    out: list[str] = []
    for options, nights in table.groups():
        files = [str(table.files[n]) for n in nights]
        found = exact(meizhou("settle", *files, *options, "--format", "json", "--settle-up"))
        view = " ".join(("settle", *options[:1]))
        for n, shown in zip(nights, found, strict=True):
            assert shown["file"] == str(table.files[n])
            where, money = table.where(n), table.money[n]
            a_night(view, table.nights[n], money, shown, where, out)
            squared(f"{view} --settle-up", money["totals"], shown.get("settle_up", []), where, out)
    agreed(out)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_settle_jsonl_shows_every_night_the_rules_money(table, jobs):
    out: list[str] = []
    for k, (options, nights) in enumerate(table.groups()):
        lines = table.folder / f"nights-{k}.jsonl"
        text = "".join(json_line(table.nights[n]) + "\n" for n in nights)
        lines.write_text(text, encoding="utf-8")
        found = meizhou("settle", "--jsonl", str(lines), "--jobs", jobs, *options).splitlines()
        found = [exact(line) for line in found]
        assert [shown["line"] for shown in found] == list(range(1, len(nights) + 1))
        view = " ".join(("settle --jsonl --jobs", jobs, *options[:1]))
        for n, shown in zip(nights, found, strict=True):
            a_night(view, table.nights[n], table.money[n], shown, table.where(n), out)
    agreed(out)
