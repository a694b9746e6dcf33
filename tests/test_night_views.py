"""One night, one answer: `settle` and bulk mode show every night the money the rules give it.

Issue 44's cross-view differential, its first part. A few hundred random nights
(tests/night_maker.py: house rules, robbed kongs, every kong type, decimal stakes, players
written two ways, claims right and wrong) are settled by the test itself from the rules
(tests/night_money.py, which never calls the package), and compared player by player, to the
unit, with `settle --format json --settle-up` (every night in one run: each hand, the totals,
the disputes, the fewest payments that square the night) and bulk mode: `settle --jsonl` on one
and on two worker processes, and `audit`, in its own process and on a local Dask cluster. A
quarter of the nights are given a house-rules file (`--rules`) as well. tests/test_night_ledger.py compares serve's API and the ledger's views.
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


BULK = {
    "settle --jsonl": ("settle", "--jsonl", "{lines}"),
    "settle --jsonl --jobs 2": ("settle", "--jsonl", "{lines}", "--jobs", "2"),
    "audit": ("audit", "{lines}", "--out", "{out}"),
    "audit on a Dask cluster": (
        *("audit", "{lines}", "--out", "{out}", "--workers", "1", "--blocksize", "65536"),
    ),
}


@pytest.mark.parametrize("how", BULK)
def test_bulk_mode_shows_every_night_the_rules_money(table, how, tmp_path):
    # one JSON line a night; audit's results are byte for byte settle --jsonl's, in --out
    out: list[str] = []
    for k, (options, nights) in enumerate(table.groups()):
        lines, results = tmp_path / f"nights-{k}.jsonl", tmp_path / f"audited-{k}"
        text = "".join(json_line(table.nights[n]) + "\n" for n in nights)
        lines.write_text(text, encoding="utf-8")
        args = [arg.format(lines=lines, out=results) for arg in BULK[how]]
        found = meizhou(*args, *options)
        if how.startswith("audit"):
            found = (results / lines.name).read_text(encoding="utf-8")
            summary = exact((results / "summary.json").read_text(encoding="utf-8"))["total"]
            disputed = sum(table.money[n]["disputed"] for n in nights)
            assert (summary["lines"], summary["disputed"]) == (len(nights), disputed), summary
        found = [exact(line) for line in found.splitlines()]
        assert [shown["line"] for shown in found] == list(range(1, len(nights) + 1))
        view = " ".join((how, *options[:1]))
        for n, shown in zip(nights, found, strict=True):
            a_night(view, table.nights[n], table.money[n], shown, table.where(n), out)
    agreed(out)
